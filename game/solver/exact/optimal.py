"""Exact answers up to 16 cells: a full table's walk or IDA* on pattern databases, checked."""

from __future__ import annotations

import time
from collections.abc import Mapping

from game.core.board import Board
from game.solver.exact import tables
from game.solver.exact.heuristic import get_heuristic, has_heuristic
from game.solver.exact.ida import Progress
from game.solver.exact.split import SplitSearch
from game.solver.exact.strong import DEFAULT, prepare_strong
from game.solver.exact.strong_search import search_for
from game.solver.results import (
    CancelToken,
    OptimalMoves,
    Solution,
    check_solves,
    flag_of,
    require_solvable,
)


def covers(width: int, height: int) -> bool:
    """Whether this shape is solved exactly here (a full table or pattern databases)."""
    return tables.has_table(width, height) or has_heuristic(width, height)


def solve_exact(board: Board, *, cancel: CancelToken | None = None,
                deadline: float | None = None, progress: Progress | None = None) -> Solution:
    """A checked optimal solution of a board whose shape ``covers`` holds."""
    start = time.monotonic()
    require_solvable(board, cancel)
    nodes = 0
    if tables.has_table(board.width, board.height):
        moves = tables.table_path(board)
    else:
        search = search_for(board, get_heuristic(board.width, board.height), flag_of(cancel),
                            deadline, progress)
        moves = search.solve()
        nodes = search.nodes
    check_solves(board, moves)
    return Solution(moves, len(moves), True, nodes, time.monotonic() - start)


def optimal_moves_exact(board: Board, *, cancel: CancelToken | None = None,
                        deadline: float | None = None, progress: Progress | None = None,
                        distance: int | None = None,
                        settled: Mapping[str, int] | None = None,
                        line: str = "", threads: int | None = None) -> OptimalMoves:
    """The distance and ALL first moves of optimal solutions, for a shape ``covers`` holds.

    ``distance``: the board's distance when an earlier exact search proved it (the game's
    coach knows it from a neighbour's answer), ``settled`` the proven distances of some of
    its children by move and ``line`` an optimal path when one is known (replayed here):
    the search then runs one iteration at that distance, over the children they leave open
    (``known_first_moves``). The distances are trusted; when they do not hold together the
    board is searched from scratch. Iterations that grow big are split over ``threads``
    threads (``split``; its ``THREADS`` unless given).
    """
    require_solvable(board, cancel)
    if tables.has_table(board.width, board.height):
        path = tables.table_path(board)
        moves = tables.table_optimal_moves(board)
        check_solves(board, path)
        return OptimalMoves(board, len(path), moves, True, path)
    if (board.width, board.height) == (DEFAULT.width, DEFAULT.height):
        prepare_strong()  # loads (or, in the game, builds) the strong tables behind the game
    heur = get_heuristic(board.width, board.height)
    flag = flag_of(cancel)

    def split() -> SplitSearch:
        return SplitSearch(board, lambda at: search_for(at, heur, flag, deadline, progress),
                           flag, progress, threads)

    if distance is not None:
        known = split().known(distance, settled or {}, line)
        if known is not None:
            return OptimalMoves(board, distance, known[1], True, known[0])
    path, moves = split().solve_all()  # a fresh search: the last one may stand mid-path
    return OptimalMoves(board, len(path), moves, True, path)


def exact_distance(board: Board) -> int | None:
    """The exact distance by table lookup (<= 9 cells); None without a table or if unsolvable."""
    if not tables.has_table(board.width, board.height):
        return None
    return tables.table_distance(board)
