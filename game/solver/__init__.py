"""Optimal sliding-tile solver: exact tables, IDA* with pattern databases, large boards.

Up to 16 cells: ``solve``/``optimal_moves`` are exact. 5x5 and larger: ``best_line`` (the
shortest line found by a deadline), ``lower_bound``, ``within_reach`` and ``exact_endgame``
(5x5), with ``prepare_big_tables``/``warm_up_big`` at set-up; see ``game.solver.big.api``.
The strong 4x4 tables (7-8) are loaded or built on purpose: ``prepare_strong``,
``start_strong_build`` (see ``game.solver.exact.strong``); 4x4 searches use them once loaded.

Layout: ``exact/`` is the optimal solver for boards of up to 16 cells (tables, pattern
databases, IDA*, kernels); ``big/`` the engine for 5x5 and larger, which may use ``exact/``
but never the reverse. At the top: the pieces both share (encoding, jit, cache, results,
errors) and ``search``, the driver that sends each board to one or the other. Every error the
solver raises on purpose derives from ``SolverError``.
"""

from game.solver.big.anytime import set_threads as set_search_threads
from game.solver.big.api import (
    ENDGAME_REACH,
    allow_own_builds,
    best_line,
    exact_endgame,
    lower_bound,
    within_reach,
)
from game.solver.big.api import prepare as prepare_big_tables
from game.solver.big.api import tables_ready as big_tables_ready
from game.solver.big.api import warm_up as warm_up_big
from game.solver.errors import (
    InvalidRequest,
    SolveCancelled,
    SolverError,
    SolveTimeout,
    Unsolvable,
)
from game.solver.exact.difficulty import random_board_with_length
from game.solver.exact.heuristic import blocking_build_progress, build_progress
from game.solver.exact.optimal import exact_distance
from game.solver.exact.strong import (
    allow_strong_build,
    cancel_strong_build,
    prepare_strong,
    start_strong_build,
    strong_tables_name,
)
from game.solver.results import (
    BuildProgress,
    CancelToken,
    OptimalMoves,
    Solution,
    give_way,
    set_give_way,
)
from game.solver.search import optimal_moves, solve, warm_up

__all__ = [
    "ENDGAME_REACH",
    "BuildProgress",
    "CancelToken",
    "InvalidRequest",
    "OptimalMoves",
    "Solution",
    "SolveCancelled",
    "SolveTimeout",
    "SolverError",
    "Unsolvable",
    "allow_own_builds",
    "allow_strong_build",
    "best_line",
    "big_tables_ready",
    "blocking_build_progress",
    "build_progress",
    "cancel_strong_build",
    "exact_distance",
    "give_way",
    "exact_endgame",
    "lower_bound",
    "optimal_moves",
    "prepare_strong",
    "prepare_big_tables",
    "random_board_with_length",
    "set_search_threads",
    "set_give_way",
    "solve",
    "start_strong_build",
    "strong_tables_name",
    "warm_up",
    "warm_up_big",
    "within_reach",
]
