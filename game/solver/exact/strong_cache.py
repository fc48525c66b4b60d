"""Disk I/O of the big tables: page-aligned file, mapped read-only, verified once and stamped."""

from __future__ import annotations

import hashlib
import json
import mmap
import os
import tempfile
from pathlib import Path

import numpy as np

from game.solver import cache

FORMAT = 1
"""Bump when the file layout or the tables' meaning changes; older files are then rebuilt."""
MAGIC = b"FIFTEEN-STRONG\n"
PAGE = 4096
"""The header is padded to a page, so the tables are mapped at an aligned offset."""
CHUNK = 1 << 22
SET_ASIDE = ".corrupt"
STAMP = ".verified"
TEMP_SUFFIX = ".tmp"


def table_path(name: str) -> Path:
    """Where the table set ``name`` lives (in the solver's cache folder)."""
    return cache.cache_dir() / f"{name}-s{FORMAT}.bin"


def _stamp_path(path: Path) -> Path:
    return path.with_name(path.name + STAMP)


def _identity(path: Path) -> dict:
    """What the stamp remembers of a verified file: replaced, truncated or rewritten files
    differ in one of these, and are verified again in full."""
    info = path.stat()
    return {"size": info.st_size, "mtime_ns": info.st_mtime_ns, "inode": info.st_ino}


def remove_leftovers(name: str) -> None:
    """Delete temp files a build or copy killed half-way left behind (none is ever read)."""
    path = table_path(name)
    for old in path.parent.glob(f"{path.name}.*{TEMP_SUFFIX}"):
        old.unlink(missing_ok=True)


def save(name: str, meta: dict, tables: list[np.ndarray]) -> Path:
    """Write the tables: temp file in the same folder, fsync, then one atomic ``os.replace``;
    the stamp is written after, so a file is never trusted unverified."""
    path = table_path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    for table in tables:
        digest.update(np.ascontiguousarray(table, dtype=np.uint8).data)
    sha = digest.hexdigest()
    header = {"format": FORMAT, "meta": meta, "sizes": [int(t.size) for t in tables],
              "sha256": sha}
    blob = MAGIC + json.dumps(header, sort_keys=True).encode() + b"\n"
    blob += b"\0" * (-len(blob) % PAGE)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(blob)
            for table in tables:
                handle.write(np.ascontiguousarray(table, dtype=np.uint8).data)
            handle.flush()
            os.fsync(handle.fileno())
        _stamp_path(path).unlink(missing_ok=True)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _write_stamp(path, sha)
    return path


def _write_stamp(path: Path, sha: str) -> None:
    stamp = _stamp_path(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=stamp.name + ".", suffix=TEMP_SUFFIX, dir=path.parent)
        with os.fdopen(fd, "w") as handle:
            json.dump({**_identity(path), "sha256": sha}, handle)
        os.replace(tmp, stamp)
    except OSError:
        pass  # without a stamp the next load verifies the file in full again


def _header(mapped: mmap.mmap) -> tuple[dict, int] | None:
    if mapped[: len(MAGIC)] != MAGIC:
        return None
    end = mapped.find(b"\n", len(MAGIC), PAGE)
    if end < 0:
        return None
    try:
        header = json.loads(mapped[len(MAGIC) : end])
    except ValueError:
        return None
    return (header, PAGE * ((end + PAGE) // PAGE)) if isinstance(header, dict) else None


def _verified(path: Path, mapped: mmap.mmap, start: int, sha: str) -> bool:
    """Whether the payload's checksum is right: read in full unless the stamp vouches for
    this very file (same size, time and inode as when it was last verified)."""
    try:
        stamp = json.loads(_stamp_path(path).read_text())
        if stamp == {**_identity(path), "sha256": sha}:
            return True
    except (OSError, ValueError):
        pass
    digest = hashlib.sha256()
    for offset in range(start, len(mapped), CHUNK):
        digest.update(mapped[offset : min(offset + CHUNK, len(mapped))])
    if digest.hexdigest() != sha:
        return False
    _write_stamp(path, sha)
    return True


def set_aside(path: Path) -> None:
    """Keep a bad file beside the cache for a look (replacing an older one), never read it."""
    try:
        os.replace(path, path.with_name(path.name + SET_ASIDE))
    except OSError:
        path.unlink(missing_ok=True)
    _stamp_path(path).unlink(missing_ok=True)


def load(name: str, meta: dict, sizes: list[int]) -> list[np.ndarray] | None:
    """The tables mapped read-only from the cache, or None when missing or stale (left for
    the build to replace) or damaged (set aside first)."""
    path = table_path(name)
    try:
        with open(path, "rb") as handle:
            mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):  # missing, unreadable, or empty
        if path.exists():
            set_aside(path)
        return None
    found = _header(mapped)
    if found is None:
        mapped.close()
        set_aside(path)
        return None
    header, start = found
    if header.get("format") != FORMAT or header.get("meta") != meta:
        mapped.close()
        return None  # another layout's file: rebuilt, and replaced, when next wanted
    if (header.get("sizes") != sizes or len(mapped) != start + sum(sizes)
            or not _verified(path, mapped, start, str(header.get("sha256")))):
        mapped.close()
        set_aside(path)
        return None
    tables = []
    offset = start
    for size in sizes:
        tables.append(np.frombuffer(mapped, dtype=np.uint8, count=size, offset=offset))
        offset += size
    return tables
