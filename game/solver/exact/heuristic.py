"""Pattern-database heuristics: tables for one shape, their lookup, and the mirror lookup."""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from game.core.board import Board
from game.solver import cache
from game.solver.encoding import neighbour_table, rank_pattern
from game.solver.errors import BuildCancelled, InvalidRequest
from game.solver.exact.pdb import MAX_BUILD_CELLS, MAX_REGION_CELLS, build_pdb, partition
from game.solver.exact.pdb_wide import build_wide
from game.solver.results import BuildProgress

MIN_PDB_CELLS = 10
MAX_PDB_CELLS = 16
"""Boards of 10..16 cells are solved optimally with IDA* and pattern databases."""
BIG_PDB_SHAPES = ((5, 5), (6, 6), (7, 7))
"""Bigger shapes with pattern databases too (bounded-suboptimal search, exact endgames on
5x5; 6x6 and 7x7 have placement-only tables, ``game.solver.exact.pdb_wide``)."""
BUILD_THREADS = 2
BACKGROUND_BUILD_THREADS = 1
"""A build started behind a running game (``heuristic_if_ready``) leaves a core to the frames."""
PROGRESS_SECONDS = 0.1
"""How often a build reports its progress."""


class Placing(Protocol):
    """What ``group_positions`` reads of a heuristic: which group and slot each tile has, and
    the transposition of tiles and cells."""

    @property
    def cells(self) -> int: ...
    @property
    def sizes(self) -> np.ndarray: ...
    @property
    def tile_group(self) -> np.ndarray: ...
    @property
    def tile_slot(self) -> np.ndarray: ...
    @property
    def mirror_tile(self) -> np.ndarray: ...
    @property
    def mirror_cell(self) -> np.ndarray: ...


def group_positions(tables: Placing, groups: int, tiles: tuple[int, ...],
                    mirrored: bool = False) -> np.ndarray:
    """``pos[g, slot]``: the cell of each of ``groups`` groups' tiles on the board ``tiles``
    (on the transposed board if asked), as ``tables`` number them."""
    where = [0] * tables.cells
    for cell, t in enumerate(tiles):
        where[t] = cell
    pos = np.zeros((groups, int(tables.sizes.max())), dtype=np.int8)
    for t in range(1, tables.cells):
        cell = where[t]
        if mirrored:
            t, cell = int(tables.mirror_tile[t]), int(tables.mirror_cell[cell])
        pos[tables.tile_group[t], tables.tile_slot[t]] = cell
    return pos


@dataclass(frozen=True)
class PatternHeuristic:
    """Additive disjoint PDBs for one shape, flattened into arrays the kernel can read.

    ``tile_group[t]``/``tile_slot[t]``: which group tile t is in and where; ``pdbs`` holds all
    groups' tables one after another from ``offsets[g]``. On square boards the same tables are
    also looked up on the transposed board (``mirror_tile``/``mirror_cell``) and the larger
    sum is used: both are admissible and consistent, so their maximum is too.
    ``group_tiles[g, slot]`` is the tile in that slot; ``mirror_src[g, slot]`` the tile whose
    transposed image it is (the beam reads placements from a board's inverse).
    """

    width: int
    height: int
    groups: tuple[tuple[int, ...], ...]
    pdbs: np.ndarray
    offsets: np.ndarray
    sizes: np.ndarray
    tile_group: np.ndarray
    tile_slot: np.ndarray
    mirror_tile: np.ndarray
    mirror_cell: np.ndarray
    use_mirror: bool
    nbr: np.ndarray
    group_tiles: np.ndarray
    mirror_src: np.ndarray
    build_seconds: float = 0.0
    load_seconds: float = 0.0

    @property
    def cells(self) -> int:
        """Number of cells on the board."""
        return self.width * self.height

    def group_positions(self, tiles: tuple[int, ...], mirrored: bool = False) -> np.ndarray:
        """``pos[g, slot]``: the cell of each pattern tile (on the transposed board if asked)."""
        return group_positions(self, len(self.groups), tiles, mirrored)

    def group_values(self, pos: np.ndarray) -> np.ndarray:
        """The table value of each group for the placements in ``pos``."""
        values = np.zeros(len(self.groups), dtype=np.int64)
        for g, group in enumerate(self.groups):
            rank = rank_pattern([int(p) for p in pos[g, : len(group)]], self.cells)
            values[g] = self.pdbs[self.offsets[g] + rank]
        return values

    def __call__(self, board: Board) -> int:
        """The heuristic value of ``board`` (plain Python, one lookup per group)."""
        h = int(self.group_values(self.group_positions(board.tiles)).sum())
        if self.use_mirror:
            h = max(h, int(self.group_values(self.group_positions(board.tiles, True)).sum()))
        return h


def _mirror_maps(width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
    n = width * height
    cell = np.arange(n, dtype=np.int8)
    if width == height:
        cell = np.array([(c % width) * width + c // width for c in range(n)], dtype=np.int8)
    tile = np.zeros(n, dtype=np.int8)
    for t in range(1, n):
        tile[t] = cell[t - 1] + 1
    return tile, cell


def assemble(width: int, height: int, groups: tuple[tuple[int, ...], ...],
              tables: list[np.ndarray], build: float, load: float) -> PatternHeuristic:
    n = width * height
    sizes = np.array([len(g) for g in groups], dtype=np.int64)
    offsets = np.zeros(len(groups), dtype=np.int64)
    offsets[1:] = np.cumsum([t.size for t in tables])[:-1]
    tile_group = np.full(n, -1, dtype=np.int64)
    tile_slot = np.full(n, -1, dtype=np.int64)
    for g, group in enumerate(groups):
        for s, t in enumerate(group):
            tile_group[t], tile_slot[t] = g, s
    mirror_tile, mirror_cell = _mirror_maps(width, height)
    group_tiles = np.zeros((len(groups), int(sizes.max())), dtype=np.int64)
    mirror_src = np.zeros_like(group_tiles)
    source = {int(mirror_tile[t]): t for t in range(1, n)}
    for g, group in enumerate(groups):
        for s, t in enumerate(group):
            group_tiles[g, s], mirror_src[g, s] = t, source[t]
    pdbs = _joined(tables)
    pdbs.setflags(write=False)
    return PatternHeuristic(
        width, height, groups, pdbs, offsets, sizes, tile_group, tile_slot,
        mirror_tile.astype(np.int64), mirror_cell.astype(np.int64), width == height,
        neighbour_table(width, height).astype(np.int64), group_tiles, mirror_src, build, load,
    )


def _joined(tables: list[np.ndarray]) -> np.ndarray:
    """The tables as one array, without a second copy of them all at once: tables read from
    the cache lie side by side in one buffer and are used where they are; built ones are
    moved in one by one, each dropped from ``tables`` once copied (the 6x6 tables are 317
    MB: a concatenation held 634 MB for a moment, in a game that must stay under 1 GB)."""
    owner = _owner(tables[0])
    start = _address(tables[0])
    total = sum(t.size for t in tables)
    at = start
    for table in tables:
        if owner is None or _owner(table) is not owner or _address(table) != at:
            break
        at += table.size
    if owner is not None and at - start == total:
        whole = np.frombuffer(owner, dtype=np.uint8)
        offset = start - _address(whole)
        return whole[offset:offset + total]
    joined = np.empty(total, dtype=np.uint8)
    at = 0
    for i, table in enumerate(tables):
        joined[at:at + table.size] = table
        at += table.size
        tables[i] = joined[:0]  # copied: the caller's list lets it go
    return joined


def _owner(table: np.ndarray) -> bytes | None:
    """The bytes a table read from the cache is a view of (None for a table of its own)."""
    base = table.base
    if isinstance(base, memoryview) and isinstance(base.obj, bytes):
        return base.obj
    return None


def _address(table: np.ndarray) -> int:
    return int(table.__array_interface__["data"][0])


def build_tables(width: int, height: int, groups: tuple[tuple[int, ...], ...],
                 at_once: int = BUILD_THREADS, progress: BuildProgress | None = None,
                 blank_aware: bool | None = None) -> list[np.ndarray]:
    """Build every group's table, ``at_once`` at a time (the compiled build releases the GIL).

    Plain daemon threads rather than a ThreadPoolExecutor: the interpreter joins executor
    threads at exit, so quitting the game during a first-run build would wait for it.
    ``progress`` hears the share of all entries filled every PROGRESS_SECONDS. The tables
    count the blank's reach (``build_pdb``) up to MAX_BUILD_CELLS cells, or up to
    MAX_REGION_CELLS when ``blank_aware`` asks; placement-only ones beyond (``build_wide``). Raises
    BuildCancelled when ``cancel_builds`` stops it (the finished groups are dropped).
    """
    tables: list[np.ndarray | None] = [None] * len(groups)
    errors: list[BaseException] = []
    cells = width * height
    spaces = [math.perm(cells, len(g)) for g in groups]
    total = sum(spaces)
    filled = np.zeros((len(groups), 1), dtype=np.int64)
    words = f"building the {width}x{height} tables"

    def build(index: int) -> None:
        try:
            if cells <= (MAX_REGION_CELLS if blank_aware else MAX_BUILD_CELLS):
                tables[index] = build_pdb(width, height, groups[index], filled[index])
                return
            table = build_wide(width, height, groups[index], filled[index], _cancel)
            if table is None:
                raise BuildCancelled(f"the build of the {width}x{height} tables was cancelled")
            tables[index] = table
        except BaseException as exc:  # handed to the caller below
            errors.append(exc)

    for start in range(0, len(groups), at_once):
        threads = [
            threading.Thread(target=build, args=(i,), daemon=True, name="fifteen-pdb-build")
            for i in range(start, min(start + at_once, len(groups)))
        ]
        for thread in threads:
            thread.start()
        try:
            for thread in threads:
                while thread.is_alive():
                    thread.join(PROGRESS_SECONDS)
                    share = min(1.0, float(filled.sum()) / total)
                    report_building((width, height), share, words,
                                    background=cells > MAX_BUILD_CELLS)
                    if progress is not None:
                        progress(share, words)
        finally:
            end_building((width, height))
        if errors:
            raise errors[0]
    return [t for t in tables if t is not None]


_cancel = np.zeros(1, dtype=np.int64)
"""Set by ``cancel_builds``: the placement-only builds in flight stop (see ``build_tables``)."""


def cancel_builds() -> None:
    """Stop the 6x6 and 7x7 table builds in flight within milliseconds: they raise
    BuildCancelled and write nothing (the next build starts afresh)."""
    _cancel[0] = 1


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


_heuristics: dict[tuple[int, int], PatternHeuristic] = {}
_lock = threading.Lock()


def has_heuristic(width: int, height: int) -> bool:
    """Whether this shape is solved optimally with pattern databases."""
    return MIN_PDB_CELLS <= width * height <= MAX_PDB_CELLS


def has_big_heuristic(width: int, height: int) -> bool:
    """Whether this shape beyond 16 cells has pattern databases (5x5)."""
    return (width, height) in BIG_PDB_SHAPES


def get_heuristic(width: int, height: int, at_once: int = BUILD_THREADS,
                  progress: BuildProgress | None = None) -> PatternHeuristic:
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
    key = (width, height)
    with _shape_lock(key):  # one shape's build never holds up another shape's load
        found = _heuristics.get(key)
        if found is not None:
            return found
        groups, name, meta = _identity(width, height)
        start = time.monotonic()
        tables = _load(width, height)
        load = time.monotonic() - start
        build = 0.0
        if tables is None:
            load = 0.0
            start = time.monotonic()
            _cancel[0] = 0
            tables = build_tables(width, height, groups, at_once, progress)
            build = time.monotonic() - start
            try:
                cache.save_tables(name, meta, tables)
            except OSError:
                pass  # a read-only cache only costs a rebuild next time
        found = assemble(width, height, groups, tables, build, load)
        _heuristics[key] = found
        return found


_shape_locks: dict[tuple[int, int], threading.Lock] = {}


def _shape_lock(key: tuple[int, int]) -> threading.Lock:
    """The lock one shape's load or build holds (a 6x6 build takes minutes; the 4x4 coach
    must not wait for it)."""
    with _lock:
        return _shape_locks.setdefault(key, threading.Lock())


def _identity(width: int, height: int) -> tuple[tuple[tuple[int, ...], ...], str, dict]:
    """The shape's groups, cache name and the metadata its cached file must carry."""
    groups = partition(width, height)
    meta = {"width": width, "height": height, "groups": [list(g) for g in groups]}
    if width * height > MAX_BUILD_CELLS:
        meta["moves"] = "placement only"
    return groups, f"pdb-{width}x{height}", meta


def _load(width: int, height: int) -> list[np.ndarray] | None:
    """The shape's tables from the disk cache, or None (missing, stale, corrupt, wrong size)."""
    groups, name, meta = _identity(width, height)
    tables = cache.load_tables(name, meta)
    cells = width * height
    if tables is not None and [t.size for t in tables] != [
        math.perm(cells, len(g)) for g in groups
    ]:
        tables = None  # a self-consistent file of the wrong shape is not trusted either
    if tables is None:
        cache.set_aside(name)  # a damaged or stale file is kept for a look, then rebuilt
    return tables


def cached_heuristic(width: int, height: int) -> PatternHeuristic | None:
    """The shape's heuristic from memory or the disk cache; never builds (None then)."""
    key = (width, height)
    with _shape_lock(key):
        found = _heuristics.get(key)
        if found is None:
            start = time.monotonic()
            tables = _load(width, height)
            if tables is None:
                return None
            found = assemble(width, height, _identity(width, height)[0], tables, 0.0,
                              time.monotonic() - start)
            _heuristics[key] = found
        return found


def loaded_heuristic(width: int, height: int) -> PatternHeuristic | None:
    """The shape's heuristic if it is already in memory (never loads or builds)."""
    return _heuristics.get((width, height))


_preparing: dict[tuple[int, int], threading.Thread] = {}


def heuristic_if_ready(width: int, height: int,
                       wait: float = 0.0) -> PatternHeuristic | None:
    """The shape's heuristic if it is in memory (or arrives within ``wait`` seconds), else None.

    Never blocks longer than ``wait``: the first call starts loading (or building) the tables
    on a daemon thread, so a caller with a deadline answers without them meanwhile.
    """
    key = (width, height)
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


def _prepare(width: int, height: int) -> None:
    try:
        get_heuristic(width, height, BACKGROUND_BUILD_THREADS)
    except (OSError, MemoryError, BuildCancelled):
        pass  # the caller keeps answering without tables; the next call tries again


_prepare_lock = threading.Lock()


def forget_heuristics() -> None:
    """Drop the in-memory tables (tests use it to exercise loading from disk)."""
    with _lock:
        _heuristics.clear()
