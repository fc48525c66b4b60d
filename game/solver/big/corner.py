"""Boards of 5x5 and larger with the 5x5 engine: peel to a 5x5 corner, then beams and search."""

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
CHECK_SECONDS_PER_CELL = 0.0004
"""Time kept back per cell for the final loop cutting and replays of long lines (40 ms on 10x10)."""
WINDOWS = (24, 32, 40)
"""Stretch lengths for the whole-line shortening, longer ones while time remains."""
CORNER_FACTOR = 2.4
"""A peeling's score: its length plus this times the corner's lower bound (about what the
5x5 engine needs per unit of bound)."""


def engine_applies(board: Board) -> bool:
    """Whether the board is at least 5x5 (then a 5x5 corner is left for the engine)."""
    return board.width >= SIDE and board.height >= SIDE


def solve_with_engine(board: Board, heur: PatternHeuristic, *, deadline: float,
                      flag: np.ndarray, cancelled: Callable[[], bool] = lambda: False,
                      on_better: Callable[[str], None] | None = None,
                      proven: list[bool] | None = None) -> str:
    """The shortest line found by ``deadline`` for a board of at least 5x5.

    The outer rows and columns are solved by the reduction (the best of several randomised
    peelings on big boards, scored by length plus CORNER_FACTOR times the corner's pattern-
    database bound); the 5x5 corner left goes to widening beams, then to the anytime
    weighted search. A first line comes in milliseconds, so one is returned even past the
    deadline. ``proven`` gets True
    appended when the line is proven optimal (a 5x5 board whose search ran to the end).
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
    tiles = list(board.tiles)
    deadline -= FINISH_MARGIN + CHECK_SECONDS_PER_CELL * w * h
    red, r0, c0 = _peel(tiles, w, h, cancelled, None, FIRST_DETOUR, SIDE * SIDE, SIDE)
    prefix = _without_loops(tiles, w, "".join(red.moves))
    corner = _corner(red.cells, w, h, r0, c0)

    def bound(cells: list[int]) -> int:
        return max(heur(Board(SIDE, SIDE, tuple(cells))), manhattan_tiles(cells, SIDE))

    if prefix:
        rng = random.Random(hash(board.tiles))
        peel_until = time.monotonic() + PEEL_SHARE * (deadline - time.monotonic())
        score = len(prefix) + CORNER_FACTOR * bound(corner)
        for _ in range(MAX_PEELS):
            if time.monotonic() >= peel_until:
                break
            red, r0, c0 = _peel(tiles, w, h, cancelled, rng, rng.choice(DETOURS), 0, SIDE)
            moves = _without_loops(tiles, w, "".join(red.moves))
            cells = _corner(red.cells, w, h, r0, c0)
            value = len(moves) + CORNER_FACTOR * bound(cells)
            if value < score:
                prefix, corner, score = moves, cells, value
    first = _reduce(corner, SIDE, SIDE, cancelled)
    best = _without_loops(tiles, w, prefix + first)
    if on_better is not None:
        on_better(best)

    def report(rest: str) -> None:
        if on_better is not None:
            on_better(_without_loops(tiles, w, prefix + rest))

    corner_until = deadline
    if prefix:
        corner_until = time.monotonic() + CORNER_SHARE * (deadline - time.monotonic())
    corner_board = Board(SIDE, SIDE, tuple(corner))
    rest = widen(corner_board, heur, first, corner_until, flag, report, cancelled)
    rest, optimal = improve(corner_board, heur, rest, corner_until, flag, report, cancelled)
    moves = _without_loops(tiles, w, prefix + rest)
    if len(moves) < len(best):
        best = moves
    for window in WINDOWS if prefix else ():
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
