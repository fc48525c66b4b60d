"""Disk cache for pattern databases: versioned header, checksum, atomic replace, never trusted."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

import numpy as np
import platformdirs

APP_NAME = "fifteen"
CACHE_VERSION = 1
"""Bump when the table layout or build changes; older files are then rebuilt."""
MAGIC = b"FIFTEEN-PDB\n"
MAX_HEADER = 4096
SET_ASIDE = ".corrupt"


def cache_dir() -> Path:
    """The user cache directory for solver tables (not created here)."""
    return Path(platformdirs.user_cache_dir(APP_NAME)) / "solver"


def cache_path(name: str) -> Path:
    """Where the table set ``name`` lives."""
    return cache_dir() / f"{name}-v{CACHE_VERSION}.bin"


def save_tables(name: str, meta: dict, tables: list[np.ndarray]) -> Path:
    """Write the uint8 tables with a header; temp file in the same folder, fsync, os.replace."""
    path = cache_path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    for table in tables:
        digest.update(np.ascontiguousarray(table, dtype=np.uint8).data)
    header = {
        "version": CACHE_VERSION,
        "meta": meta,
        "sizes": [int(t.size) for t in tables],
        "sha256": digest.hexdigest(),
    }
    blob = json.dumps(header, sort_keys=True).encode() + b"\n"
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(MAGIC)
            handle.write(blob)
            for table in tables:
                handle.write(np.ascontiguousarray(table, dtype=np.uint8).data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def set_aside(name: str) -> None:
    """Move the table set's file, if any, aside (``.corrupt``, replacing an older one): it
    failed its checks, so it is never read again, but stays for a look until the next build."""
    path = cache_path(name)
    if path.exists():
        try:
            os.replace(path, path.with_name(path.name + SET_ASIDE))
        except OSError:
            path.unlink(missing_ok=True)


def load_tables(name: str, meta: dict) -> list[np.ndarray] | None:
    """The cached tables, or None when missing, unreadable, of another version or corrupt."""
    path = cache_path(name)
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if not data.startswith(MAGIC):
        return None
    end = data.find(b"\n", len(MAGIC), len(MAGIC) + MAX_HEADER)
    if end < 0:
        return None
    try:
        header = json.loads(data[len(MAGIC) : end])
        sizes = [int(s) for s in header["sizes"]]
        expected = str(header["sha256"])
        if header["version"] != CACHE_VERSION or header["meta"] != meta:
            return None
    except (ValueError, KeyError, TypeError):
        return None
    payload = memoryview(data)[end + 1 :]
    if len(payload) != sum(sizes) or hashlib.sha256(payload).hexdigest() != expected:
        return None
    tables = []
    offset = 0
    for size in sizes:
        tables.append(np.frombuffer(payload, dtype=np.uint8, count=size, offset=offset))
        offset += size
    return tables
