"""The layers hold: every import under game/ (function-local too) points down, never in a circle."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "game"

LAYERS: tuple[tuple[str, int], ...] = (
    ("game.core", 0),
    ("game.solver", 1),
    ("game.worker", 2),
    ("game.store", 2),
    ("game.arena", 2),
    ("game.play", 3),
    ("game.ui", 4),
    ("game.cli", 5),
    ("game.__main__", 6),
)
"""Bottom up: a module may import its own layer or lower ones (longest prefix wins)."""
SOLVER_PARTS: tuple[tuple[str, int], ...] = (
    ("game.solver", 0),
    ("game.solver.exact", 1),
    ("game.solver.big", 2),
    ("game.solver.search", 3),
)
"""Inside the solver, bottom up: the shared modules at its top level (encoding, jit, cache,
results, errors), the exact solver, the big-board engine, the driver; the package's own
``__init__`` (the public API) sits above them all."""
FRONT_END_ONLY = {"pygame": "game.ui"}
SOLVER_ONLY = {"numpy": "game.solver", "numba": "game.solver"}
APP_MODULE = "game.ui.app"
APP_USERS = ("game.cli",)
"""Nothing imports the app but the command line that starts it."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def imports_of(name: str) -> Iterator[tuple[str, int]]:
    """(imported module, line) for every import statement in the module, at any depth."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    package = name if is_package(name) else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base]) if base else ".".join(anchor)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                yield (sub if sub in MODULES else base), node.lineno


def layer(name: str) -> int:
    best = max((p for p, _ in LAYERS if name == p or name.startswith(p + ".")), key=len,
               default=None)
    assert best is not None, f"{name} is in no layer: add it to LAYERS"
    return dict(LAYERS)[best]


def in_package(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def project_edges() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {name: set() for name in MODULES}
    for name in MODULES:
        for target, _ in imports_of(name):
            if target in MODULES and target != name:
                edges[name].add(target)
    return edges


def test_every_module_has_a_layer() -> None:
    for name in MODULES:
        if name != "game":
            layer(name)


def test_no_upward_imports() -> None:
    bad = []
    for name in MODULES:
        if name == "game":
            continue
        for target, line in imports_of(name):
            if target in MODULES and target != "game" and layer(target) > layer(name):
                bad.append(f"{MODULES[name].relative_to(ROOT)}:{line} imports {target}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("rules", [FRONT_END_ONLY, SOLVER_ONLY], ids=["pygame", "numpy-numba"])
def test_third_party_only_in_its_layer(rules: dict[str, str]) -> None:
    bad = []
    for name in MODULES:
        for target, line in imports_of(name):
            top = target.split(".")[0]
            if top in rules and not in_package(name, rules[top]):
                bad.append(f"{MODULES[name].relative_to(ROOT)}:{line} imports {target}")
    assert not bad, "\n".join(bad)


def solver_part(name: str) -> int:
    if name == "game.solver":
        return len(SOLVER_PARTS)
    return max((rank for prefix, rank in SOLVER_PARTS if in_package(name, prefix)),
               key=lambda rank: len(SOLVER_PARTS[rank][0]))


def test_solver_parts_import_only_downward() -> None:
    """exact/ never imports big/ or the driver; big/ may use exact/ and the shared modules."""
    assert solver_part("game.solver.exact.ida") < solver_part("game.solver.big.api")
    bad = []
    for name in MODULES:
        if not in_package(name, "game.solver"):
            continue
        for target, line in imports_of(name):
            if (target in MODULES and in_package(target, "game.solver")
                    and solver_part(target) > solver_part(name)):
                bad.append(f"{MODULES[name].relative_to(ROOT)}:{line} imports {target}")
    assert not bad, "\n".join(bad)


def test_only_the_command_line_imports_the_app() -> None:
    users = [name for name, targets in project_edges().items() if APP_MODULE in targets]
    assert users, "the app module was not found (was it moved?)"
    assert all(any(in_package(u, p) for p in APP_USERS) for u in users), users


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules, or None."""
    colour: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        colour[node] = 1
        stack.append(node)
        for nxt in sorted(edges[node]):
            if colour.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in colour and (found := visit(nxt)):
                return found
        stack.pop()
        colour[node] = 2
        return None

    for start in sorted(edges):
        if start not in colour and (found := visit(start)):
            return found
    return None


def test_no_import_cycles() -> None:
    cycle = find_cycle(project_edges())
    assert cycle is None, " -> ".join(cycle or [])


def test_cycle_finder_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_local_imports_are_read() -> None:
    # The import reader walks the whole tree: an import inside a function is found too.
    assert "game.cli.play" in {t for t, _ in imports_of("game.cli.main")}  # in main()
    assert "game.solver" in {t for t, _ in imports_of("game.worker.runner")}


def test_no_collaborator_is_typed_any() -> None:
    """No parameter or attribute under game/ is annotated plain ``Any`` (JSON data, typed
    ``dict[str, Any]``, and ``*args``/``**kwargs`` of standard interfaces are not
    collaborators)."""
    bad = []
    for path in MODULES.values():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            annotations: list[ast.expr | None] = []
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                args = node.args
                annotations += [a.annotation for a in args.posonlyargs + args.args
                                + args.kwonlyargs]
                annotations.append(node.returns)
            elif isinstance(node, ast.AnnAssign):
                annotations.append(node.annotation)
            for ann in annotations:
                if isinstance(ann, ast.Name) and ann.id == "Any":
                    bad.append(f"{path.relative_to(ROOT)}:{ann.lineno}")
                elif isinstance(ann, ast.Constant) and ann.value == "Any":
                    bad.append(f"{path.relative_to(ROOT)}:{ann.lineno}")
    assert not bad, "\n".join(bad)
