"""Boards of 5x5 and larger with the tables of a square corner (5x5, 6x6 or 7x7): peel the
board down to that corner, then beams and search on it (on the whole board when it is that size)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import numpy as np

from game.core.board import Board
from game.solver.big.anytime import improve, widen
from game.solver.big.grid import manhattan_tiles
from game.solver.big.large import (
    DETOURS,
    FINISH_MARGIN,
    FIRST_DETOUR,
    _corner,
    _peel,
    _reaches_goal,
    _reduce,
    _without_loops,
)
from game.solver.big.stage import LARGEST_STAGE, beam_peel
from game.solver.big.window import shorten
from game.solver.errors import SolveCancelled, Unsolvable
from game.solver.exact.pattern import PatternHeuristic

SIDE = 5
PEEL_SHARE = 0.25
"""Share of the time spent on randomised peelings of the outer lines (bigger boards)."""
MAX_PEELS = 200
CORNER_SHARE = 0.5
"""On boards beyond 5x5, the share of the time after peeling given to the corner's search;
the rest shortens the whole line stretch by stretch (the outer lines waste the most)."""
STAGE_SHARE = 0.5
"""On 6x6 and 7x7 boards, the share of the time for peeling by beams (``stage``); the
reduction's randomised peelings then only run when the beams found nothing. Bigger boards
keep the randomised peelings (measured: 8x8 and 9x9 got 3-4% longer lines in 1 s with the
beams after a reduction to 7x7)."""
USE_STAGE_BEAMS = True
"""Whether square boards are peeled by beams (off: the reduction alone, as before issue 25)."""
CHECK_SECONDS_PER_CELL = 0.0004
"""Time kept back per cell for the final loop cutting and replays of long lines (40 ms on 10x10)."""
WINDOWS = (24, 32, 40)
"""Stretch lengths for the whole-line shortening, longer ones while time remains."""
MORE_PEELINGS = True
"""Whether 6x6 and 7x7 boards, their first peeling's line done before the deadline, are
peeled again (by the mirror image's beams, then narrower ones as the time left shrinks),
each peeling's line finished, and the shortest kept."""
PEEL_VIEWS = 1
"""Peelings the first attempt makes (the board, then its mirror image), the best by score
(length plus CORNER_FACTOR times the corner's bound) finished."""
MAX_PEELINGS = 8
NARROWER = 0.7
"""Peelings after the first two (the board and its mirror image) get beams this much
narrower, pair after pair: at the widest width allowed they would repeat the first two."""
MIN_PEELING_SECONDS = 0.05
"""Another peeling starts only with this much time left (a beam, a corner and windows)."""
CORNER_FACTOR = 2.4
"""A peeling's score: its length plus this times the corner's lower bound (about what the
5x5 engine needs per unit of bound)."""


def engine_applies(board: Board, side: int = SIDE) -> bool:
    """Whether the board is at least ``side`` x ``side`` (then a corner of that size is left
    for the engine on that size's tables)."""
    return board.width >= side and board.height >= side


def solve_with_engine(board: Board, heur: PatternHeuristic, *, deadline: float,
                      flag: np.ndarray, cancelled: Callable[[], bool] = lambda: False,
                      on_better: Callable[[str], None] | None = None,
                      proven: list[bool] | None = None) -> str:
    """The shortest line found by ``deadline`` for a board at least as big as ``heur``'s
    square shape (5x5, 6x6 or 7x7).

    The outer rows and columns are solved by the reduction (the best of several randomised
    peelings on big boards, scored by length plus CORNER_FACTOR times the corner's pattern-
    database bound); the 5x5 corner left goes to widening beams, then to the anytime
    weighted search. A first line comes in milliseconds, so one is returned even past the
    deadline. ``proven`` gets True
    appended when the line is proven optimal (a 5x5 board whose search ran to the end).
    Boards bigger than 5x5 also get their whole line shortened stretch by stretch.
    Raises SolveCancelled on cancel and Unsolvable for an unsolvable board.
    """
    if cancelled() or flag[0]:
        raise SolveCancelled(f"search of {board} was cancelled")
    if not board.is_solvable():
        raise Unsolvable(f"board {board.text()} cannot reach the goal")
    if board.is_solved():
        if proven is not None:
            proven.append(True)
        return ""
    w, h = board.width, board.height
    side = heur.width
    tiles = list(board.tiles)
    deadline -= FINISH_MARGIN + CHECK_SECONDS_PER_CELL * w * h
    red, r0, c0 = _peel(tiles, w, h, cancelled, None, FIRST_DETOUR, side * side, side)
    prefix = _without_loops(tiles, w, "".join(red.moves))
    corner = _corner(red.cells, w, h, r0, c0)

    def bound(cells: list[int]) -> int:
        return max(heur(Board(side, side, tuple(cells))), manhattan_tiles(cells, side))

    staged = bool(prefix) and w == h <= LARGEST_STAGE and USE_STAGE_BEAMS
    told = [1 << 30]  # longer than any line: the first is always told

    def tell(line: str) -> None:  # only lines shorter than every one told before
        if on_better is not None and len(line) < told[0]:
            told[0] = len(line)
            on_better(line)

    best, optimal, seen = "", False, set()
    for attempt in range(MAX_PEELINGS if staged and MORE_PEELINGS else 1):
        start = time.monotonic()
        if attempt and deadline - start < MIN_PEELING_SECONDS:
            break
        head, rest, beamed = prefix, corner, False
        if staged:
            views = PEEL_VIEWS if attempt == 0 else 1
            score = len(prefix) + CORNER_FACTOR * bound(corner)
            for view in range(views):
                stage_until = start + STAGE_SHARE * (deadline - start) * (view + 1) / views
                found = beam_peel(tiles, w, side, stage_until, flag, cancelled,
                                  transpose=(attempt + view) % 2 == 1,
                                  narrower=NARROWER ** ((attempt + views - 1) // 2))
                moves = _without_loops(tiles, w, found[0])
                value = len(moves) + CORNER_FACTOR * bound(found[1])
                if attempt or value < score:
                    head, rest, beamed, score = moves, found[1], True, value
        if head and not beamed:
            head, rest = _best_reduction(tiles, w, h, side, head, rest, bound, deadline,
                                         cancelled, hash(board.tiles))
        if head in seen:
            continue  # the same peeling again (a narrower beam, the other view): no new line
        seen.add(head)
        line, optimal = _finish(board, heur, head, rest, deadline, flag, cancelled, tell)
        if not best or len(line) < len(best):
            best = line
    if not _reaches_goal(tiles, w, best):
        raise RuntimeError(f"internal error: the line found for {board.text()} is wrong")
    if proven is not None and optimal and not prefix:
        proven.append(True)
    return best


def _best_reduction(tiles: list[int], w: int, h: int, side: int, prefix: str,
                    corner: list[int], bound: Callable[[list[int]], int], deadline: float,
                    cancelled: Callable[[], bool], seed: int) -> tuple[str, list[int]]:
    """The best of randomised peelings by the reduction (PEEL_SHARE of the time left),
    scored by length plus CORNER_FACTOR times the corner's bound, against ``prefix``."""
    rng = random.Random(seed)
    peel_until = time.monotonic() + PEEL_SHARE * (deadline - time.monotonic())
    score = len(prefix) + CORNER_FACTOR * bound(corner)
    for _ in range(MAX_PEELS):
        if time.monotonic() >= peel_until:
            break
        red, r0, c0 = _peel(tiles, w, h, cancelled, rng, rng.choice(DETOURS), 0, side)
        moves = _without_loops(tiles, w, "".join(red.moves))
        cells = _corner(red.cells, w, h, r0, c0)
        value = len(moves) + CORNER_FACTOR * bound(cells)
        if value < score:
            prefix, corner, score = moves, cells, value
    return prefix, corner


def _finish(board: Board, heur: PatternHeuristic, prefix: str, corner: list[int],
            deadline: float, flag: np.ndarray, cancelled: Callable[[], bool],
            tell: Callable[[str], None]) -> tuple[str, bool]:
    """The line of a peeling (``prefix``, leaving ``corner``): the corner solved by widening
    beams then anytime search, the whole line shortened stretch by stretch; with whether
    the corner's line is proven optimal. ``tell`` hears each line as it is found."""
    tiles, w, side = list(board.tiles), board.width, heur.width
    first = _reduce(corner, side, side, cancelled)
    best = _without_loops(tiles, w, prefix + first)
    tell(best)

    def report(rest: str) -> None:
        tell(_without_loops(tiles, w, prefix + rest))

    corner_until = deadline
    if prefix or side > SIDE:
        corner_until = time.monotonic() + CORNER_SHARE * (deadline - time.monotonic())
    corner_board = Board(side, side, tuple(corner))
    rest = widen(corner_board, heur, first, corner_until, flag, report, cancelled)
    rest, optimal = improve(corner_board, heur, rest, corner_until, flag, report, cancelled)
    moves = _without_loops(tiles, w, prefix + rest)
    if len(moves) < len(best):
        best = moves
    for window in WINDOWS if prefix or side > SIDE else ():
        moves = shorten(board, best, deadline, flag, window)
        if len(moves) < len(best):
            best = moves
            tell(best)
        if time.monotonic() >= deadline:
            break
    return best, optimal


def refine_whole(board: Board, heur: PatternHeuristic, best: str, deadline: float,
                 flag: np.ndarray, on_better: Callable[[str], None] | None = None,
                 cancelled: Callable[[], bool] = lambda: False) -> str:
    """``best`` (a line for ``board``) improved by widening beams over the whole board on its
    own tables (6x6, 7x7), each looking only for shorter lines, then shortened stretch by
    stretch; every line replayed."""
    w = board.width
    deadline -= FINISH_MARGIN + CHECK_SECONDS_PER_CELL * board.size
    tiles = list(board.tiles)
    rest = widen(board, heur, best, deadline, flag, on_better, cancelled)
    rest = _without_loops(tiles, w, rest)
    for window in WINDOWS:
        if time.monotonic() >= deadline:
            break
        moves = shorten(board, rest, deadline, flag, window)
        if len(moves) < len(rest):
            rest = moves
            if on_better is not None:
                on_better(rest)
    rest = _from_midway(board, heur, rest, deadline, flag, on_better, cancelled)
    if not _reaches_goal(tiles, w, rest):
        raise RuntimeError(f"internal error: the line found for {board.text()} is wrong")
    return rest


def refine_midway(board: Board, heur: PatternHeuristic, best: str, deadline: float,
                  flag: np.ndarray, on_better: Callable[[str], None] | None = None,
                  cancelled: Callable[[], bool] = lambda: False) -> str:
    """``best`` (a line for ``board``) improved by beams from boards along it on the board's
    own tables (``_from_midway``), till ``deadline``; the line replayed."""
    deadline -= FINISH_MARGIN + CHECK_SECONDS_PER_CELL * board.size
    rest = _from_midway(board, heur, best, deadline, flag, on_better, cancelled)
    if not _reaches_goal(list(board.tiles), board.width, rest):
        raise RuntimeError(f"internal error: the line found for {board.text()} is wrong")
    return rest


MIDWAY = (0.5, 0.25, 0.75, 0.375, 0.625, 0.125, 0.875)
"""Where on the best line the remaining time starts fresh beams (shares of its length)."""


def _from_midway(board: Board, heur: PatternHeuristic, best: str, deadline: float,
                 flag: np.ndarray, on_better: Callable[[str], None] | None,
                 cancelled: Callable[[], bool]) -> str:
    """``best`` with its tail replaced where widening beams from a board on it find a
    shorter way home: a beam from nearer home ranks its boards better, so the time left
    after the whole board's beams (which stop at their widest) goes there, round after
    round while it lasts."""
    tiles, w = list(board.tiles), board.width
    while time.monotonic() < deadline:
        before = len(best)
        for share in MIDWAY:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            at = int(len(best) * share)
            start = board.apply_all(best[:at])
            until = time.monotonic() + left / 2
            tail = widen(start, heur, best[at:], until, flag, None, cancelled)
            line = _without_loops(tiles, w, best[:at] + tail)
            if len(line) < len(best):
                best = line
                if on_better is not None:
                    on_better(best)
        if len(best) == before:
            break
    return best
