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
from game.solver.exact.heuristic import PatternHeuristic

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

    beamed = False
    if prefix and w == h <= LARGEST_STAGE and USE_STAGE_BEAMS:
        stage_until = time.monotonic() + STAGE_SHARE * (deadline - time.monotonic())
        found = beam_peel(tiles, w, side, stage_until, flag, cancelled)
        if found is not None:
            moves = _without_loops(tiles, w, found[0])
            if len(moves) + CORNER_FACTOR * bound(found[1]) < len(prefix) + CORNER_FACTOR * bound(
                    corner):
                prefix, corner, beamed = moves, found[1], True
    if prefix and not beamed:
        rng = random.Random(hash(board.tiles))
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
    first = _reduce(corner, side, side, cancelled)
    best = _without_loops(tiles, w, prefix + first)
    if on_better is not None:
        on_better(best)

    def report(rest: str) -> None:
        if on_better is not None:
            on_better(_without_loops(tiles, w, prefix + rest))

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
            if on_better is not None:
                on_better(best)
        if time.monotonic() >= deadline:
            break
    if not _reaches_goal(tiles, w, best):
        raise RuntimeError(f"internal error: the line found for {board.text()} is wrong")
    if proven is not None and optimal and not prefix:
        proven.append(True)
    return best


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
    if not _reaches_goal(tiles, w, rest):
        raise RuntimeError(f"internal error: the line found for {board.text()} is wrong")
    return rest
