"""Write constraints.txt: the installed version of every package the project depends on.

Run by `make lock` once the suite has passed on the versions installed (`make` then installs
with ``pip install -c constraints.txt``). The tree starts at pyproject.toml's dependencies and
every optional extra, and follows each installed package's own requirements whose markers hold
here; the project itself is left out. A package added to pyproject.toml is picked up on the
next `make lock` (or its ``name==version`` line can be added by hand, in sorted order).
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Iterable, Sequence
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
HEADER = """\
# The versions the whole suite last passed with (written by `make lock`; do not edit by hand
# except to add a package in sorted order). `make` installs with: pip install -c constraints.txt
"""


def _wanted(requirement: Requirement, extras: Iterable[str]) -> bool:
    """Whether ``requirement`` applies on this machine for any of ``extras`` (or none)."""
    if requirement.marker is None:
        return True
    return any(requirement.marker.evaluate({"extra": extra}) for extra in ("", *extras))


def pinned(roots: Iterable[str], project: str) -> dict[str, str]:
    """Canonical name to installed version for ``roots`` and everything they pull in."""
    found: dict[str, str] = {}
    queue = [(Requirement(text), ()) for text in roots]
    seen: set[tuple[str, frozenset[str]]] = set()
    while queue:
        requirement, extras = queue.pop()
        if not _wanted(requirement, extras):
            continue
        name = canonicalize_name(requirement.name)
        key = (name, frozenset(requirement.extras))
        if name == project or key in seen:
            continue
        seen.add(key)
        try:
            dist = distribution(name)
        except PackageNotFoundError:
            raise SystemExit(f"lock: {requirement.name} is required but not installed "
                             "(run `make` first)") from None
        found[name] = dist.version
        for text in dist.requires or ():
            queue.append((Requirement(text), tuple(requirement.extras)))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python scripts/lock.py", description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "constraints.txt",
                        help="where to write (default: constraints.txt beside pyproject.toml)")
    args = parser.parse_args(argv)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    roots = [*project.get("dependencies", ()),
             *(r for extra in project.get("optional-dependencies", {}).values() for r in extra)]
    versions = pinned(roots, canonicalize_name(project["name"]))
    lines = [f"{name}=={version}" for name, version in sorted(versions.items())]
    args.out.write_text(HEADER + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"lock: {len(lines)} packages pinned in {args.out.name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
