"""Pattern-database heuristics: each shape's tables built, cached and shared (``pattern``)."""

from __future__ import annotations

import math
import threading
import time

import numpy as np

from game.solver import cache
from game.solver.errors import BuildCancelled, InvalidRequest
from game.solver.exact.pattern import PatternHeuristic, assemble
from game.solver.exact.pdb import (
    MAX_BUILD_CELLS,
    MAX_REGION_CELLS,
    TWENTY_FOUR_STRONG,
    build_pdb,
    partition,
)
from game.solver.exact.pdb_pack import goal_distances, pack, packed_size
from game.solver.exact.pdb_wide import build_wide
from game.solver.results import BuildProgress

MIN_PDB_CELLS = 10
MAX_PDB_CELLS = 16
"""Boards of 10..16 cells are solved optimally with IDA* and pattern databases."""
BIG_PDB_SHAPES = ((5, 5), (6, 6), (7, 7))
"""Bigger shapes with pattern databases too (bounded-suboptimal search, exact endgames on
5x5; 6x6 and 7x7 have placement-only tables, ``game.solver.exact.pdb_wide``)."""
STRONG_SHAPES = {(5, 5): TWENTY_FOUR_STRONG}
"""Shapes with stronger tables too, built on purpose after the first ones (minutes), packed,
and used in their place once in memory: 5x5's 6-6-6-6."""
Key = tuple[int, int, bool]
"""A set of tables: the shape, and whether they are its stronger ones."""
BUILD_THREADS = 2
BACKGROUND_BUILD_THREADS = 1
"""A build started behind a running game (``heuristic_if_ready``) leaves a core to the frames."""
PROGRESS_SECONDS = 0.1
"""How often a build reports its progress."""


def build_tables(width: int, height: int, groups: tuple[tuple[int, ...], ...],
                 at_once: int = BUILD_THREADS, progress: BuildProgress | None = None,
                 blank_aware: bool | None = None, packed: bool = False) -> list[np.ndarray]:
    """Build every group's table, ``at_once`` at a time (the compiled build releases the GIL).

    Plain daemon threads rather than a ThreadPoolExecutor: the interpreter joins executor
    threads at exit, so quitting the game during a first-run build would wait for it.
    ``progress`` hears the share of all entries filled every PROGRESS_SECONDS. The tables
    count the blank's reach (``build_pdb``) up to MAX_BUILD_CELLS cells, or up to
    MAX_REGION_CELLS when ``blank_aware`` asks; placement-only ones beyond (``build_wide``). Raises
    BuildCancelled when ``cancel_builds`` stops it (the finished groups are dropped).
    ``packed`` asks for them packed (``pdb_pack``: cancellable too).
    """
    tables: list[np.ndarray | None] = [None] * len(groups)
    errors: list[BaseException] = []
    cells = width * height
    spaces = [math.perm(cells, len(g)) for g in groups]
    total = sum(spaces)
    filled = np.zeros((len(groups), 1), dtype=np.int64)
    words = f"building the {width}x{height} " + ("stronger tables" if packed else "tables")
    key = (width, height, packed)
    cancel = _start_flag()

    def build(index: int) -> None:
        try:
            if cells <= (MAX_REGION_CELLS if blank_aware else MAX_BUILD_CELLS):
                table = build_pdb(width, height, groups[index], filled[index], cancel)
            else:
                table = build_wide(width, height, groups[index], filled[index], cancel)
            if table is not None and packed:
                dist = goal_distances(width, height, groups)[index, : len(groups[index])]
                table = pack(table, dist, cancel)
            if table is None:
                raise BuildCancelled(f"the build of the {width}x{height} tables was cancelled")
            tables[index] = table
        except BaseException as exc:  # handed to the caller below
            errors.append(exc)

    try:
        for start in range(0, len(groups), at_once):
            threads = [
                threading.Thread(target=build, args=(i,), daemon=True, name="fifteen-pdb-build")
                for i in range(start, min(start + at_once, len(groups)))
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                while thread.is_alive():
                    thread.join(PROGRESS_SECONDS)
                    share = min(1.0, float(filled.sum()) / total)
                    report_building(key, share, words,
                                    background=packed or cells > MAX_BUILD_CELLS)
                    if progress is not None:
                        progress(share, words)
            if errors:
                raise errors[0]
    finally:
        end_building(key)
        _end_flag(cancel)
    return [t for t in tables if t is not None]


_in_flight: list[np.ndarray] = []
"""The cancel flags of the builds in flight, one each (``build_tables``)."""
_for_good = np.zeros(1, dtype=np.int64)
"""Set by ``cancel_builds(for_good=True)``: every later build is cancelled as it starts."""
_flags_lock = threading.Lock()


def cancel_builds(for_good: bool = False) -> None:
    """Stop the table builds in flight within milliseconds: they raise BuildCancelled and
    write nothing (a later build starts afresh unless ``for_good``: a process on its way
    out)."""
    with _flags_lock:
        _for_good[0] |= int(for_good)
        for flag in _in_flight:
            flag[0] = 1


def _start_flag() -> np.ndarray:
    with _flags_lock:
        flag = _for_good.copy()
        _in_flight.append(flag)
    return flag


def _end_flag(flag: np.ndarray) -> None:
    with _flags_lock:
        _in_flight[:] = [f for f in _in_flight if f is not flag]


_building: dict[object, tuple[float, str, bool]] = {}
"""Table builds in flight: a key (the shape, or the strong tables' own) -> the share of
entries filled, the build in words, and whether it runs in the background (searches do not
wait for it) (read by other threads)."""


def report_building(key: object, share: float, words: str, background: bool = False) -> None:
    """Record how far a table build has got (``build_progress`` shows the least advanced)."""
    _building[key] = (share, words, background)


def end_building(key: object) -> None:
    """Forget a build that has ended (built, failed or cancelled)."""
    _building.pop(key, None)


def build_progress() -> tuple[float, str] | None:
    """How far the table builds in flight have got (the least advanced one), or None."""
    builds = list(_building.values())
    if not builds:
        return None
    share, words, _ = min(builds, key=lambda item: item[0])
    return share, words


def blocking_build_progress() -> tuple[float, str] | None:
    """``build_progress`` of the builds a search may be waiting for (not the background
    build of the strong tables, which searches never wait for), or None."""
    builds = [b for b in list(_building.values()) if not b[2]]
    if not builds:
        return None
    share, words, _ = min(builds, key=lambda item: item[0])
    return share, words


def make_heuristic(width: int, height: int,
                   groups: tuple[tuple[int, ...], ...] | None = None) -> PatternHeuristic:
    """Build a heuristic in memory, no cache (any shape; used by tests on small shapes)."""
    groups = groups or partition(width, height)
    start = time.monotonic()
    tables = build_tables(width, height, groups)
    return assemble(width, height, groups, tables, time.monotonic() - start, 0.0)


_heuristics: dict[Key, PatternHeuristic] = {}
_lock = threading.Lock()


def has_heuristic(width: int, height: int) -> bool:
    """Whether this shape is solved optimally with pattern databases."""
    return MIN_PDB_CELLS <= width * height <= MAX_PDB_CELLS


def has_big_heuristic(width: int, height: int) -> bool:
    """Whether this shape beyond 16 cells has pattern databases (5x5)."""
    return (width, height) in BIG_PDB_SHAPES


def get_heuristic(width: int, height: int, at_once: int = BUILD_THREADS,
                  progress: BuildProgress | None = None,
                  strong: bool = False) -> PatternHeuristic:
    """The shape's heuristic: from memory, else the disk cache, else built and cached.

    Blocks while it loads or builds (seconds on 4x4, about 10 s on 5x5 the first time);
    callers with a deadline use ``heuristic_if_ready`` instead. ``progress`` hears how far a
    build has got (nothing when the tables are loaded).
    """
    if not (has_heuristic(width, height) or has_big_heuristic(width, height)):
        raise InvalidRequest(
            f"no pattern databases for {width}x{height}: only boards of "
            f"{MIN_PDB_CELLS}-{MAX_PDB_CELLS} cells and {BIG_PDB_SHAPES} use them"
        )
    if strong and (width, height) not in STRONG_SHAPES:
        raise InvalidRequest(f"no stronger tables for {width}x{height}: only {STRONG_SHAPES}")
    key = (width, height, strong)
    with _shape_lock(key):  # one shape's build never holds up another shape's load
        found = _heuristics.get(key)
        if found is not None:
            return found
        groups, name, meta = _identity(width, height, strong)
        start = time.monotonic()
        tables = _load(width, height, strong)
        load = time.monotonic() - start
        build = 0.0
        if tables is None:
            load = 0.0
            start = time.monotonic()
            tables = build_tables(width, height, groups, at_once, progress, packed=strong)
            build = time.monotonic() - start
            try:
                cache.save_tables(name, meta, tables)
            except OSError:
                pass  # a read-only cache only costs a rebuild next time
        found = assemble(width, height, groups, tables, build, load, packed=strong)
        _heuristics[key] = found
        return found


_shape_locks: dict[Key, threading.Lock] = {}


def _shape_lock(key: Key) -> threading.Lock:
    """The lock one shape's load or build holds (a 6x6 build takes minutes; the 4x4 coach
    must not wait for it)."""
    with _lock:
        return _shape_locks.setdefault(key, threading.Lock())


def _identity(width: int, height: int,
              strong: bool = False) -> tuple[tuple[tuple[int, ...], ...], str, dict]:
    """The shape's groups, cache name and the metadata its cached file must carry."""
    groups = STRONG_SHAPES[(width, height)] if strong else partition(width, height)
    meta = {"width": width, "height": height, "groups": [list(g) for g in groups]}
    if width * height > MAX_BUILD_CELLS:
        meta["moves"] = "placement only"
    if strong:
        meta["packed"] = "halved excess over Manhattan, two entries a byte"
    return groups, f"pdb-{width}x{height}" + ("-strong" if strong else ""), meta


def _load(width: int, height: int, strong: bool = False) -> list[np.ndarray] | None:
    """The shape's tables from the disk cache, or None (missing, stale, corrupt, wrong size)."""
    groups, name, meta = _identity(width, height, strong)
    tables = cache.load_tables(name, meta)
    if tables is not None and [t.size for t in tables] != [
        packed_size(width, height, len(g)) if strong else math.perm(width * height, len(g))
        for g in groups
    ]:
        tables = None  # a self-consistent file of the wrong shape is not trusted either
    if tables is None:
        cache.set_aside(name)  # a damaged or stale file is kept for a look, then rebuilt
    return tables


def cached_heuristic(width: int, height: int, strong: bool = False) -> PatternHeuristic | None:
    """The shape's heuristic from memory or the disk cache; never builds (None then)."""
    key = (width, height, strong)
    if strong and (width, height) not in STRONG_SHAPES:
        return None
    with _shape_lock(key):
        found = _heuristics.get(key)
        if found is None:
            start = time.monotonic()
            tables = _load(width, height, strong)
            if tables is None:
                return None
            found = assemble(width, height, _identity(width, height, strong)[0], tables, 0.0,
                              time.monotonic() - start, packed=strong)
            _heuristics[key] = found
        return found


def loaded_heuristic(width: int, height: int, strong: bool = False) -> PatternHeuristic | None:
    """The shape's heuristic if it is already in memory (never loads or builds)."""
    return _heuristics.get((width, height, strong))


def best_loaded(width: int, height: int) -> PatternHeuristic | None:
    """The strongest of the shape's heuristics in memory (the stronger tables once they are
    there), or None."""
    return loaded_heuristic(width, height, True) or loaded_heuristic(width, height)


_preparing: dict[Key, threading.Thread] = {}


def heuristic_if_ready(width: int, height: int, wait: float = 0.0,
                       strong: bool = False) -> PatternHeuristic | None:
    """The shape's heuristic if it is in memory (or arrives within ``wait`` seconds), else None.

    Never blocks longer than ``wait``: the first call starts loading (or building) the tables
    on a daemon thread, so a caller with a deadline answers without them meanwhile.
    """
    key = (width, height, strong)
    found = _heuristics.get(key)
    if found is not None:
        return found
    with _prepare_lock:
        thread = _preparing.get(key)
        if thread is None or (not thread.is_alive() and key not in _heuristics):
            thread = threading.Thread(target=_prepare, args=key, daemon=True,
                                      name="fifteen-pdb-prepare")
            _preparing[key] = thread
            thread.start()
    if wait > 0:
        thread.join(wait)
    return _heuristics.get(key)


def _prepare(width: int, height: int, strong: bool) -> None:
    try:
        get_heuristic(width, height, BACKGROUND_BUILD_THREADS, strong=strong)
    except (OSError, MemoryError, BuildCancelled, ValueError):
        pass  # the caller keeps answering without tables; the next call tries again


_prepare_lock = threading.Lock()


def forget_heuristic(width: int, height: int, strong: bool = False) -> None:
    """Drop one set of tables from memory (searches holding them keep them till they end)."""
    with _lock:
        _heuristics.pop((width, height, strong), None)


def forget_heuristics() -> None:
    """Drop the in-memory tables (tests use it to exercise loading from disk)."""
    with _lock:
        _heuristics.clear()
