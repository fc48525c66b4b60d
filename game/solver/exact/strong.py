"""The strong 4x4 tables (7-8 additive, 4-bit packed, reflected): heuristic, load and build.

For the worker and the commands (thread-safe; nothing is built or loaded at import):

- ``prepare_strong(wait)``: the tables in memory, else start loading them (a mapped file, a
  fraction of a second) or, when ``AUTO_BUILD`` is on, building them (minutes, 3 GB while
  it runs) in a child process at the lowest priority (``strong_child``), watched from a
  daemon thread; True once loaded. The game plays on 6-6-3 till.
- ``start_strong_build(progress)``: load or build now with every build thread (a command
  that waits: join the thread returned); ``build_progress()`` (``heuristic``) shows it too.
- ``load_strong()``: from the disk cache only (never builds); ``strong_tables_name()``;
  ``cancel_strong_build()``: stop a build (nothing is written); ``loaded_strong()``.
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass

import numpy as np

from game.core.board import Board
from game.solver.encoding import neighbour_table, rank_pattern
from game.solver.errors import BuildCancelled
from game.solver.exact import strong_cache
from game.solver.exact.heuristic import (
    end_building,
    get_heuristic,
    has_heuristic,
    make_heuristic,
    report_building,
)
from game.solver.exact.pattern import PatternHeuristic, _mirror_maps, group_positions
from game.solver.exact.pdb_pack import manhattan_cells, packed_size
from game.solver.exact.strong_build import build_excess
from game.solver.exact.strong_child import build_in_child, stop_children
from game.solver.exact.strong_floor import Floor, load_floor, make_floor
from game.solver.results import BuildProgress

STRONG_GROUPS = ((1, 2, 3, 4, 5, 6, 7, 8), (9, 10, 11, 12, 13, 14, 15))
"""Felner, Korf and Hanan's 7-8 split turned to this game's goal: the top two rows, and the
bottom two rows next to the blank's corner."""
BUILD_THREADS = 4
"""Worker threads of a build a command waits for (``prepare --strong``). They take a level's
chunks (one per cell of the group's first tile) biggest first, so two already keep both cores
busy to the level's end; four were a little faster still (the 7-tile table in 28 s, not
29.5 s), covering a worker that waits for the GIL between chunks."""
BACKGROUND_THREADS = 4
"""Threads of the build child behind a running game: at nice 19 it only takes the CPU the
game leaves idle, so it may use every core."""
PROGRESS_SECONDS = 0.25
RETRY_SECONDS = 60.0
"""``prepare_strong`` tries again at most this often after a load or build that failed (a
4x4 hint asks for the tables each time; the cache may have none, or memory may be short)."""
AUTO_BUILD = False
"""Whether ``prepare_strong`` may start a build when the cache has no tables. Off by default:
commands never build behind one's back; the game's worker turns it on."""
BUILD_ALLOWED = True
"""False: ``prepare_strong`` never builds, whatever the worker asked (the test suite: its
games must never start a 3 GB build)."""


@dataclass(frozen=True)
class StrongSpec:
    """Which tables: the board's shape and the tile groups (tests use small ones)."""

    width: int = 4
    height: int = 4
    groups: tuple[tuple[int, ...], ...] = STRONG_GROUPS

    @property
    def name(self) -> str:
        """The cache file's name."""
        sizes = "-".join(str(len(g)) for g in self.groups)
        return f"strong-{self.width}x{self.height}-{sizes}"

    @property
    def meta(self) -> dict:
        """What a cached file must say it holds."""
        return {"width": self.width, "height": self.height,
                "groups": [list(g) for g in self.groups], "kind": "excess4"}

    @property
    def sizes(self) -> list[int]:
        """Bytes of each group's packed table."""
        return [packed_size(self.width, self.height, len(g)) for g in self.groups]

    @property
    def label(self) -> str:
        """In words, e.g. ``4x4 7-8 reflected`` (smallest group first)."""
        sizes = "-".join(str(n) for n in sorted(len(g) for g in self.groups))
        return f"{self.width}x{self.height} {sizes} reflected"


DEFAULT = StrongSpec()


@dataclass(frozen=True)
class StrongHeuristic:
    """Additive tables of (pdb - manhattan) / 2, four bits an entry, read on both the board
    and its transpose: h = manhattan + 2 * max(direct excess, transposed excess), and never
    below ``base`` (the shape's own pattern databases, 6-6-3 on 4x4, which a few positions
    in a hundred find higher).

    ``packed`` holds every group's table from ``offsets[g]`` (bytes); the other arrays are
    ``PatternHeuristic``'s; ``dist[c, t]`` is tile t's Manhattan distance from cell c.
    """

    spec: StrongSpec
    base: PatternHeuristic
    packed: np.ndarray
    offsets: np.ndarray
    sizes: np.ndarray
    tile_group: np.ndarray
    tile_slot: np.ndarray
    mirror_tile: np.ndarray
    mirror_cell: np.ndarray
    nbr: np.ndarray
    dist: np.ndarray
    rank_mul: np.ndarray
    """``rank_mul[t]``: what one step of tile t's digit is worth in its group's rank."""
    floor: Floor
    load_seconds: float = 0.0

    @property
    def cells(self) -> int:
        """Number of cells on the board."""
        return self.spec.width * self.spec.height

    def group_positions(self, tiles: tuple[int, ...], mirrored: bool = False) -> np.ndarray:
        """``pos[g, slot]``: the cell of each pattern tile (on the transposed board if asked)."""
        return group_positions(self, len(self.spec.groups), tiles, mirrored)

    def ranks(self, pos: np.ndarray) -> np.ndarray:
        """Each group's dense rank (``rank_pattern``) for the placements in ``pos``."""
        return np.array([rank_pattern([int(p) for p in pos[g, : len(group)]], self.cells)
                         for g, group in enumerate(self.spec.groups)], dtype=np.int64)

    def excesses(self, pos: np.ndarray) -> np.ndarray:
        """Each group's stored excess for the placements in ``pos``."""
        return self.stored(self.ranks(pos))

    def stored(self, ranks: np.ndarray) -> np.ndarray:
        """Each group's stored excess at its rank in ``ranks``."""
        values = np.zeros(len(self.spec.groups), dtype=np.int64)
        for g, rank in enumerate(ranks):
            byte = int(self.packed[int(self.offsets[g]) + (int(rank) >> 1)])
            values[g] = (byte >> ((int(rank) & 1) * 4)) & 0x0F
        return values

    def manhattan(self, tiles: tuple[int, ...]) -> int:
        """The summed Manhattan distance of the tiles."""
        return sum(int(self.dist[cell, t]) for cell, t in enumerate(tiles) if t)

    def __call__(self, board: Board) -> int:
        """The heuristic value of ``board`` (plain Python)."""
        direct = int(self.excesses(self.group_positions(board.tiles)).sum())
        mirrored = int(self.excesses(self.group_positions(board.tiles, True)).sum())
        return max(self.manhattan(board.tiles) + 2 * max(direct, mirrored), self.base(board))


def base_heuristic(spec: StrongSpec) -> PatternHeuristic:
    """The shape's own pattern databases (cached on 10-16 cells, else built in memory)."""
    if has_heuristic(spec.width, spec.height):
        return get_heuristic(spec.width, spec.height)
    return make_heuristic(spec.width, spec.height)


def assemble(spec: StrongSpec, packed: np.ndarray, load: float = 0.0,
             base: PatternHeuristic | None = None, floor: Floor | None = None
             ) -> StrongHeuristic:
    """The heuristic over one array holding every group's packed table, in order."""
    n = spec.width * spec.height
    sizes = np.array([len(g) for g in spec.groups], dtype=np.int64)
    offsets = np.zeros(len(spec.groups), dtype=np.int64)
    offsets[1:] = np.cumsum(spec.sizes)[:-1]
    tile_group = np.full(n, -1, dtype=np.int64)
    tile_slot = np.full(n, -1, dtype=np.int64)
    for g, group in enumerate(spec.groups):
        for s, t in enumerate(group):
            tile_group[t], tile_slot[t] = g, s
    mirror_tile, mirror_cell = _mirror_maps(spec.width, spec.height)
    cell_dist = manhattan_cells(spec.width, spec.height)
    dist = np.zeros((n, n), dtype=np.int64)
    dist[:, 1:] = cell_dist[:, : n - 1]
    base = base_heuristic(spec) if base is None else base
    floor = make_floor(base) if floor is None else floor
    return StrongHeuristic(spec, base, packed, offsets, sizes, tile_group, tile_slot,
                           mirror_tile.astype(np.int64), mirror_cell.astype(np.int64),
                           neighbour_table(spec.width, spec.height).astype(np.int64), dist,
                           rank_muls(spec.groups, n), floor, load)


def rank_muls(groups: tuple[tuple[int, ...], ...], cells: int) -> np.ndarray:
    """``rank_mul[t]``: the weight of tile t's digit in its group's mixed-radix rank (the
    product of the later digits' radices)."""
    mul = np.zeros(cells, dtype=np.int64)
    for group in groups:
        for slot, t in enumerate(group):
            mul[t] = math.prod(cells - j for j in range(slot + 1, len(group)))
    return mul


_loaded: dict[StrongSpec, StrongHeuristic] = {}
_lock = threading.Lock()
_build_lock = threading.Lock()
_cancel = np.zeros(1, dtype=np.int64)


def loaded_strong(spec: StrongSpec = DEFAULT) -> StrongHeuristic | None:
    """The tables if they are in memory (never loads or builds)."""
    return _loaded.get(spec)


def load_strong(spec: StrongSpec = DEFAULT) -> StrongHeuristic | None:
    """The tables from memory or the disk cache (mapped, verified once); None if not there."""
    found = _loaded.get(spec)
    if found is not None:
        return found
    with _lock:
        return _load_locked(spec)


def _load_locked(spec: StrongSpec) -> StrongHeuristic | None:
    found = _loaded.get(spec)
    if found is None:
        start = time.monotonic()
        tables = strong_cache.load(spec.name, spec.meta, [sum(spec.sizes)])
        if tables is None:
            return None
        base = base_heuristic(spec)
        floor = load_floor(f"{spec.name}-floor", base)
        found = assemble(spec, tables[0], time.monotonic() - start, base, floor)
        _loaded[spec] = found
    return found


def build_strong(spec: StrongSpec = DEFAULT, threads: int = BUILD_THREADS,
                 progress: BuildProgress | None = None) -> StrongHeuristic:
    """Load the tables, or build them (on ``threads`` threads), cache them and load them.

    Raises BuildCancelled when ``cancel_strong_build`` stops it: the cache is then untouched
    (the file is written only once every group is built, through a temp file).
    """
    with _build_lock:  # not the load lock: loading never waits for a build
        found = load_strong(spec)
        if found is not None:
            return found
        strong_cache.remove_leftovers(spec.name)
        _cancel[0] = 0
        tables = _build_groups(spec, threads, progress)
        packed = np.concatenate(tables)
        del tables
        try:
            strong_cache.save(spec.name, spec.meta, [packed])
        except OSError:
            with _lock:  # a read-only cache costs a rebuild next time
                found = _loaded.setdefault(spec, assemble(spec, packed))
            return found
        del packed
        found = load_strong(spec)  # mapped from the file: shared, paged in on demand
        if found is None:
            raise OSError(f"the strong tables just written to {spec.name} do not load")
        return found


def _build_groups(spec: StrongSpec, threads: int,
                  progress: BuildProgress | None) -> list[np.ndarray]:
    cells = spec.width * spec.height
    spaces = [math.perm(cells, len(g)) for g in spec.groups]
    total = sum(spaces)
    filled = np.zeros((len(spec.groups), 2), dtype=np.int64)  # placements written, level
    tables: list[np.ndarray | None] = [None] * len(spec.groups)
    errors: list[BaseException] = []
    words = f"building the strong {spec.width}x{spec.height} tables"
    key = ("strong", spec)

    def build(index: int) -> None:
        try:
            tables[index] = build_excess(spec.width, spec.height, spec.groups[index],
                                         filled[index], _cancel, threads)
        except BaseException as exc:  # handed to the caller below
            errors.append(exc)

    # one group after another, each on every thread (the threads share a level's chunks,
    # so the two cores stay busy)
    try:
        for index in sorted(range(len(spec.groups)), key=lambda i: -spaces[i]):
            thread = threading.Thread(target=build, args=(index,), daemon=True,
                                      name="fifteen-strong-build")
            thread.start()
            while thread.is_alive():
                thread.join(PROGRESS_SECONDS)
                share = min(1.0, float(filled[:, 0].sum()) / total)
                # the first levels hold few placements but each scans the whole table: the
                # words move while the share stays near 0
                now = f"{words} ({len(spec.groups[index])} tiles, level {filled[index, 1]})"
                report_building(key, share, now, background=True)
                if progress is not None:
                    progress(share, now)
            if errors:
                raise errors[0]
            if tables[index] is None:
                break  # cancelled
    finally:
        end_building(key)
    if any(t is None for t in tables):
        raise BuildCancelled(f"the build of {spec.name} was cancelled")
    return [t for t in tables if t is not None]


def allow_strong_build(allowed: bool = True) -> None:
    """Let ``prepare_strong`` build the tables when the cache has none (the game's worker)."""
    global AUTO_BUILD
    AUTO_BUILD = allowed


def cancel_strong_build() -> None:
    """Stop a build in flight within milliseconds (it raises BuildCancelled, writes nothing),
    and end a build child (``strong_child``: it leaves at most a temp file)."""
    _cancel[0] = 1
    stop_children()


_threads: dict[StrongSpec, threading.Thread] = {}
_threads_lock = threading.Lock()


_ended: dict[StrongSpec, float] = {}
"""When the last load or build of each spec ended (``prepare_strong`` waits before a retry)."""


def _run(spec: StrongSpec, threads: int, progress: BuildProgress | None, build: bool,
         child: bool = False) -> None:
    try:
        if build and child and load_strong(spec) is None:
            _build_in_child(spec, threads)
            load_strong(spec)
        elif build:
            build_strong(spec, threads, progress)
        else:
            load_strong(spec)
    except (OSError, MemoryError, BuildCancelled):
        pass  # the game goes on with 6-6-3; a later call tries again
    finally:
        _ended[spec] = time.monotonic()


def _build_in_child(spec: StrongSpec, threads: int) -> None:
    """Build in a child process (``strong_child``), its progress shown as a background
    build's (the COACH column's bar, which blocks no search)."""
    key = ("strong", spec)
    words = f"building the strong {spec.width}x{spec.height} tables"
    report_building(key, 0.0, words, background=True)
    try:
        build_in_child(spec.width, spec.height, spec.groups, threads,
                       lambda share, now: report_building(key, share, now or words,
                                                          background=True))
    finally:
        end_building(key)


def _start(spec: StrongSpec, threads: int, progress: BuildProgress | None, build: bool,
           retry: float = 0.0, child: bool = False) -> threading.Thread:
    """The thread loading or building ``spec``: the one in flight, else a new one (unless
    the last one ended without the tables less than ``retry`` seconds ago)."""
    with _threads_lock:
        thread = _threads.get(spec)
        now = time.monotonic()
        if thread is None or (not thread.is_alive() and spec not in _loaded
                              and now - _ended.get(spec, -retry) >= retry):
            thread = threading.Thread(target=_run, args=(spec, threads, progress, build, child),
                                      daemon=True, name="fifteen-strong-prepare")
            _threads[spec] = thread
            thread.start()
        return thread


def prepare_strong(wait: float = 0.0, spec: StrongSpec = DEFAULT) -> bool:
    """True when the tables are in memory; else start loading them (or, when AUTO_BUILD is
    on, building them in a child process) from a daemon thread, and wait up to ``wait``
    seconds."""
    if spec in _loaded:
        return True
    thread = _start(spec, BACKGROUND_THREADS, None, AUTO_BUILD and BUILD_ALLOWED,
                    RETRY_SECONDS, child=True)
    if wait > 0:
        thread.join(wait)
    return spec in _loaded


def start_strong_build(progress: BuildProgress | None = None,
                       spec: StrongSpec = DEFAULT,
                       threads: int = BUILD_THREADS) -> threading.Thread:
    """Load or build the tables now on a daemon thread; join the thread returned."""
    return _start(spec, threads, progress, True)


def strong_tables_name(spec: StrongSpec = DEFAULT) -> str | None:
    """The tables in memory in words (``4x4 7-8 reflected``), or None."""
    return spec.label if spec in _loaded else None


def forget_strong() -> None:
    """Drop the tables from memory (tests, and loading again after a rebuild)."""
    with _lock:
        _loaded.clear()
