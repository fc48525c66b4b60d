"""Optimal sliding-tile solver: exact tables, IDA* with pattern databases, large boards."""

from game.solver.difficulty import random_board_with_length
from game.solver.results import (
    CancelToken,
    OptimalMoves,
    Solution,
    SolveCancelled,
    SolveTimeout,
    Unsolvable,
)
from game.solver.search import exact_distance, optimal_moves, solve, warm_up

__all__ = [
    "CancelToken",
    "OptimalMoves",
    "Solution",
    "SolveCancelled",
    "SolveTimeout",
    "Unsolvable",
    "exact_distance",
    "optimal_moves",
    "random_board_with_length",
    "solve",
    "warm_up",
]
