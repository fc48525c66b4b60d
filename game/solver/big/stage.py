"""Peeling by beam search: a square board's first row and column placed by a wide beam.

The reduction of ``game.solver.big.large`` peels a row or a column greedily, tile by tile,
and wastes about half its moves doing so. Here a stage places the whole outer L (the first
row and the first column) at once: a beam over the whole board (``WideBeam``) ranked by
pattern databases of the L's tiles alone (three tiles a group, counting the blank's region;
built on first use in well under a second, 1-6 MB, and cached on disk like the others),
children of equal value ranked by the blank's steps to the nearest L tile off its cell. The
other tiles are free (all-zero one-tile tables), so the beam's goal, a value of 0, is exactly
"the L is in place"; what is left is the square corner one smaller. The last L tiles often
need a few moves uphill, which a beam does not take: a stalled beam's L is finished by a
short IDA*, else by the reduction (and so is the L of a beam the clock cuts short).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import numpy as np

from game.core.board import Board
from game.solver import cache
from game.solver.big.large import FIRST_DETOUR, _corner, _peel, _without_loops
from game.solver.big.widebeam import CHASE_SCALE, WideBeam
from game.solver.encoding import pattern_space
from game.solver.errors import SolveCancelled, SolveTimeout
from game.solver.exact import kernels
from game.solver.exact.heuristic import build_tables
from game.solver.exact.ida import IdaSearch
from game.solver.exact.pattern import PatternHeuristic, assemble

GROUP = 3
"""L tiles per pattern database (perm(100, 3) = 970k entries on 10x10: built in a blink)."""
STAGE_CAP = 500
"""A stage's line is looked for up to this many moves (far above any found)."""
STALL_LAYERS = 40
"""A beam whose least value has not fallen for this many layers is stuck (see ``peel_l``)."""
FINISH_SECONDS = 0.05
"""A stalled beam's L is finished by IDA* within this, else by the reduction."""
TELL_L_APART = True
"""Whether a stage's beam tells boards apart by the L's tiles and the blank alone (see
``WideBeam``): else a stalled layer fills with boards that differ only in free tiles."""
LARGEST_STAGE = 7
"""Bigger boards are reduced to a 7x7 corner first (their L tables would need 64+ cells)."""
STAGE_PACE = 300_000
"""Beam width times cells a stage is given per second of its share (a beam cut short by the
clock hands on to the reduction: measured on DeepCubeA's boards at 1 s, 150_000 gave
157.8 / 345.6 moves on 6x6 / 7x7, 300_000 155.2 / 339.6, 600_000 156.1 / 359.0)."""
MIN_STAGE_WIDTH = 256
MAX_STAGE_WIDTH = 1 << 14
"""Stage beams stay within these widths (wider ones seldom find a shorter L)."""

_stages: dict[int, PatternHeuristic] = {}
_lock = threading.Lock()


def l_tiles(side: int) -> tuple[int, ...]:
    """The tiles of the first row, then the rest of the first column, of a side x side board."""
    return tuple(range(1, side + 1)) + tuple(r * side + 1 for r in range(1, side))


def stage_heuristic(side: int) -> PatternHeuristic:
    """The L's tables for a side x side board (6 or 7): kept in memory once loaded from the
    disk cache or, the first time, built (a damaged file is set aside and rebuilt)."""
    with _lock:
        found = _stages.get(side)
        if found is not None:
            return found
        cells = side * side
        row, column = l_tiles(side)[:side], l_tiles(side)[side:]
        real = _groups(side)
        name, meta = f"stage-{side}x{side}", {"side": side, "groups": [list(g) for g in real]}
        start = time.monotonic()
        tables = cache.load_tables(name, meta)
        if tables is None or [t.size for t in tables] != [
                pattern_space(cells, len(g)) for g in real]:
            cache.set_aside(name)
            tables = build_tables(side, side, real, blank_aware=True)
            try:
                cache.save_tables(name, meta, tables)
            except OSError:
                pass  # a read-only cache only costs a rebuild next time
        free = tuple((t,) for t in range(1, cells) if t not in set(row + column))
        zero = [np.zeros(cells, dtype=np.uint8) for _ in free]
        found = assemble(side, side, real + free, tables + zero, time.monotonic() - start, 0.0)
        _stages[side] = found
        return found


def stage_tables_name(side: int) -> str | None:
    """The L's tables of a side x side board in words once in memory (``stage 6x6 3-3-3-2``:
    the tiles per pattern of the outer row and column), else None."""
    if side not in _stages:
        return None
    return f"stage {side}x{side} " + "-".join(str(len(g)) for g in _groups(side))


def _groups(side: int) -> tuple[tuple[int, ...], ...]:
    """The L's pattern groups: the corner's three tiles, then the row's and the column's."""
    row, column = l_tiles(side)[:side], l_tiles(side)[side:]
    return ((1, 2, side + 1), *_chunks(row[2:]), *_chunks(column[1:]))


def _chunks(tiles: tuple[int, ...]) -> list[tuple[int, ...]]:
    """``tiles`` in groups of GROUP counted from the end (the line's last two tiles, which
    need the classic detour, are always in one group)."""
    out = []
    end = len(tiles)
    while end > 0:
        out.append(tiles[max(0, end - GROUP) : end])
        end -= GROUP
    return out[::-1]


def peel_l(tiles: list[int], side: int, width: int, deadline: float, flag: np.ndarray,
           cancelled: Callable[[], bool], transpose: bool = False) -> str:
    """A line placing the L of the side x side board ``tiles``.

    One beam of ``width`` boards runs until it places the L or stalls (its least value has
    not fallen for STALL_LAYERS layers: the last L tiles often need a few moves uphill, which
    a beam never takes while equal boards abound) or the deadline comes; then the L is
    finished from the beam's nearest board (cut back to where its value last fell) by IDA*
    on the same tables within FINISH_SECONDS (never past the deadline), else by the
    reduction (milliseconds: a beam cut short by the clock still hands on its progress).
    ``transpose`` runs the beam on the mirror image (the L maps onto itself): another line.
    Raises SolveCancelled on cancel.
    """
    heur = stage_heuristic(side)
    board = Board(side, side, tuple(tiles))
    beam = WideBeam(board, heur, flag, width, STAGE_CAP, transpose, chase=l_tiles(side),
                    told_apart=l_tiles(side) if TELL_L_APART else ())
    low, since = beam.cut, 0
    while not beam.done:
        if cancelled():
            raise SolveCancelled(f"search of {board} was cancelled")
        if time.monotonic() >= deadline:
            break
        beam.advance()
        if beam.cut // CHASE_SCALE < low // CHASE_SCALE:
            low, since = beam.cut, beam.depth
        elif beam.depth - since > STALL_LAYERS:
            break
    if beam.line is not None:
        return beam.line
    head = _first_lowest(board, heur, beam.nearest())
    search = IdaSearch(board.apply_all(head), heur, flag,
                       min(deadline, time.monotonic() + FINISH_SECONDS), None)
    bound = search.h0  # no parity step: the goal is any board with the L in place
    try:
        if time.monotonic() >= deadline:
            raise SolveTimeout("no time left for the L's search")
        while bound and not search.iteration(bound):
            bound = int(search.ctl[kernels.NEXT_BOUND])
        return head + (search.path if bound else "")
    except SolveTimeout:
        pass  # a long way yet: the reduction finishes
    after = apply_line(tiles, side, head)
    red, _, _ = _peel(after, side, side, cancelled, None, FIRST_DETOUR, 0, side - 1)
    return _without_loops(tiles, side, head + "".join(red.moves))


def _first_lowest(board: Board, heur: PatternHeuristic, line: str) -> str:
    """The shortest start of ``line`` that reaches its least value (a stalled beam's line
    ends in moves that wander among equal boards)."""
    best, cut = heur(board), 0
    for k, move in enumerate(line, 1):
        board = board.apply(move)
        value = heur(board)
        if value < best:
            best, cut = value, k
    return line[:cut]


def apply_line(tiles: list[int], side: int, line: str) -> list[int]:
    """The side x side board ``tiles`` after ``line``."""
    return list(Board(side, side, tuple(tiles)).apply_all(line).tiles)


def peel_to(tiles: list[int], side: int, target: int, width: int, deadline: float,
            flag: np.ndarray, cancelled: Callable[[], bool],
            transpose: bool = False) -> tuple[str, list[int]]:
    """Peel the L's of a square board by beams until its corner is ``target`` wide: the
    moves and the corner's tiles (numbered as a board of its own). Stages reached past the
    deadline are finished by the reduction (see ``peel_l``)."""
    moves = []
    while side > target:
        line = peel_l(tiles, side, width, deadline, flag, cancelled, transpose)
        moves.append(line)
        tiles = _corner(apply_line(tiles, side, line), side, side, 1, 1)
        side -= 1
    return "".join(moves), tiles


def beam_peel(tiles: list[int], side: int, target: int, deadline: float, flag: np.ndarray,
              cancelled: Callable[[], bool], transpose: bool = False,
              narrower: float = 1.0) -> tuple[str, list[int]]:
    """Peel a square board of ``side`` down to a ``target`` corner: by the reduction down
    to LARGEST_STAGE (the L tables count the blank's region, 63 cells at most), then by
    beams as wide as the time to ``deadline`` allows, times ``narrower`` (another width
    gives another line; see ``peel_to``, which also says what ``transpose`` does)."""
    moves = ""
    if side > LARGEST_STAGE:
        red, r0, c0 = _peel(tiles, side, side, cancelled, None, FIRST_DETOUR, 0, LARGEST_STAGE)
        moves = _without_loops(tiles, side, "".join(red.moves))
        tiles = _corner(red.cells, side, side, r0, c0)
        side = LARGEST_STAGE
    stages = side - target
    if stages <= 0:
        return moves, tiles
    seconds = max(0.0, deadline - time.monotonic()) / stages
    width = min(MAX_STAGE_WIDTH, max(MIN_STAGE_WIDTH, seconds * STAGE_PACE / side ** 2))
    width = int(max(MIN_STAGE_WIDTH, width * narrower))
    found = peel_to(tiles, side, target, width, deadline, flag, cancelled, transpose)
    return moves + found[0], found[1]
