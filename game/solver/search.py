"""The search driver: the exact solver up to 16 cells, the big-board engine beyond; warm-up."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping

from game.core.board import Board
from game.solver import jit
from game.solver.errors import SolveTimeout
from game.solver.exact import tables
from game.solver.exact.heuristic import (
    cached_heuristic,
    get_heuristic,
    has_big_heuristic,
    has_heuristic,
)
from game.solver.exact.ida import Progress
from game.solver.exact.kernels import ida_run
from game.solver.exact.optimal import covers, optimal_moves_exact, solve_exact
from game.solver.exact.pdb import partition
from game.solver.exact.strong import DEFAULT as STRONG
from game.solver.exact.strong import load_strong
from game.solver.exact.strong_kernels import strong_run
from game.solver.exact.strong_search import warm_strong
from game.solver.results import (
    BuildProgress,
    CancelToken,
    OptimalMoves,
    Solution,
    SolveCancelled,
    check_solves,
    flag_of,
    polled,
    require_solvable,
)

LARGE_RETRY_SECONDS = 10.0
"""A slow machine's second chance to find a first big-board line (no caller deadline)."""
LARGE_DEFAULT_SECONDS = 1.0
"""Time budget for boards beyond 16 cells when the caller gives no deadline."""


def _tight(board: Board, cancel: CancelToken | None) -> tuple[str, frozenset[str]] | None:
    """A proven optimal path and move set for a big board at its Manhattan bound, or None."""
    from game.solver.big.tight import tight_optimal_moves

    return tight_optimal_moves(board, cancelled=polled(flag_of(cancel)))


def _solve_large(board: Board, cancel: CancelToken | None, deadline: float | None,
                 on_better: Callable[[str], None] | None = None) -> tuple[str, bool]:
    """(line, proven optimal) from the big-board coach (``game.solver.big.api.best_line``)."""
    from game.solver.big.api import best_line

    if deadline is not None:
        found = best_line(board, cancel=cancel, deadline=deadline, on_better=on_better)
        return found.moves, found.optimal
    try:  # no deadline of the caller's: a second, then as long as a first line takes
        found = best_line(board, cancel=cancel, on_better=on_better,
                          deadline=time.monotonic() + LARGE_DEFAULT_SECONDS)
    except SolveCancelled:
        if cancel is not None and cancel.cancelled:
            raise
        found = best_line(board, cancel=cancel, on_better=on_better,
                          deadline=time.monotonic() + LARGE_RETRY_SECONDS)
    return found.moves, found.optimal


def solve(board: Board, *, cancel: CancelToken | None = None, deadline: float | None = None,
          progress: Progress | None = None) -> Solution:
    """A checked solution: optimal up to 16 cells, best found within the deadline beyond."""
    if covers(board.width, board.height):
        return solve_exact(board, cancel=cancel, deadline=deadline, progress=progress)
    start = time.monotonic()
    require_solvable(board, cancel)
    optimal = True
    proven = _tight(board, cancel)
    if proven is not None:
        moves = proven[0]
    else:
        moves, optimal = _solve_large(board, cancel, deadline)
    check_solves(board, moves)
    return Solution(moves, len(moves), optimal, 0, time.monotonic() - start)


def solve_best_found(board: Board, *, cancel: CancelToken | None = None,
                     deadline: float | None = None) -> Solution:
    """A checked, not necessarily optimal solution from the large-board solver (any size)."""
    start = time.monotonic()
    require_solvable(board, cancel)
    moves, optimal = _solve_large(board, cancel, deadline)
    check_solves(board, moves)
    return Solution(moves, len(moves), optimal, 0, time.monotonic() - start)


def optimal_moves(board: Board, *, cancel: CancelToken | None = None,
                  deadline: float | None = None, progress: Progress | None = None,
                  on_better: Callable[[str], None] | None = None,
                  distance: int | None = None,
                  settled: Mapping[str, int] | None = None,
                  line: str = "", proof_share: float = 0.0) -> OptimalMoves:
    """The distance and ALL first moves of optimal solutions.

    Up to 16 cells, ``distance``, ``settled`` and ``line`` (the board's proven distance, some
    of its children's, by move, and a known optimal path) spare the search what they
    already prove (``optimal_moves_exact``); beyond, they are not used.

    Beyond 16 cells: exact when the Manhattan bound is met or, on 5x5, within exact reach
    (``game.solver.big.api``); otherwise one best-found path with ``optimal`` False, and each
    shorter line found on the way goes to ``on_better``. With ``proof_share`` and a
    ``deadline``, that share of the time is first spent on an exact proof where one is worth
    a try (``provable``: the coach's longer searches while the player thinks); a proof that
    runs out of it leaves the rest to the best-found path.
    """
    if covers(board.width, board.height):
        return optimal_moves_exact(board, cancel=cancel, deadline=deadline, progress=progress,
                                   distance=distance, settled=settled, line=line)
    require_solvable(board, cancel)
    proven = _tight(board, cancel)
    if proven is not None:
        check_solves(board, proven[0])
        return OptimalMoves(board, len(proven[0]), proven[1], True, proven[0])
    from game.solver.big.api import exact_endgame, provable, within_reach

    if within_reach(board):
        return exact_endgame(board, cancel=cancel, deadline=deadline)
    if proof_share > 0 and deadline is not None and provable(board):
        now = time.monotonic()
        try:
            return exact_endgame(board, cancel=cancel,
                                 deadline=now + proof_share * max(0.0, deadline - now))
        except SolveTimeout:
            pass  # no proof in its share: the rest of the time finds a shorter line
    path, _ = _solve_large(board, cancel, deadline, on_better)
    check_solves(board, path)
    return OptimalMoves(board, len(path), frozenset(path[:1]), False, path)


def load_cached(width: int, height: int) -> bool:
    """Load what is already prepared for this shape (tables from the disk cache, compiled
    kernels from numba's cache), building and compiling nothing; True when it is all ready.

    The ``solve`` command counts this as start-up, then holds the search to its deadline.
    """
    goal = Board.goal(width, height)
    if tables.has_table(width, height):
        if not jit.compiled(tables._bfs, tables._walk_down):
            return False
    elif has_heuristic(width, height) or has_big_heuristic(width, height):
        if cached_heuristic(width, height) is None or not jit.compiled(ida_run):
            return False
        if (width, height) == (STRONG.width, STRONG.height) and load_strong() is not None:
            if not jit.compiled(strong_run):
                return False
        if has_big_heuristic(width, height):  # 5x5: its kernels run once instead
            if not jit.using_prepared():  # the JIT kernels load from numba's cache
                from game.solver.big.api import warm_up as warm_up_big

                warm_up_big()
            return True
    else:
        return False
    solve(goal.apply_all("DR"))
    return True


BUILD_SHARE = 0.85
"""Share of a pattern-database shape's warm-up bar given to building its tables (the rest:
compiling, or loading from numba's cache, and running its search once)."""
TABLE_WEIGHT = 0.2
"""A full-table shape's weight on the warm-up bar; a pattern-database shape weighs one plus
its millions of table entries (the 4x4 build is most of a first run)."""


def _weight(width: int, height: int) -> float:
    if not has_heuristic(width, height):
        return TABLE_WEIGHT
    cells = width * height
    return 1.0 + sum(math.perm(cells, len(g)) for g in partition(width, height)) / 1e6


def warm_up(shapes: tuple[tuple[int, int], ...] = ((3, 3), (4, 4)),
            progress: BuildProgress | None = None) -> None:
    """Load or build the tables of these shapes and compile the search kernels.

    ``progress`` hears the share done over all shapes and what is happening, in words.
    """
    report = progress if progress is not None else (lambda share, words: None)
    weights = [_weight(w, h) for w, h in shapes]
    total = sum(weights) or 1.0
    base = 0.0
    for (width, height), weight in zip(shapes, weights, strict=True):
        part = weight / total
        goal = Board.goal(width, height)
        if has_heuristic(width, height):
            def tables_done(share: float, words: str, base: float = base,
                            part: float = part) -> None:
                report(base + part * BUILD_SHARE * share, words)

            report(base, f"loading the {width}x{height} tables")
            get_heuristic(width, height, progress=tables_done)
            report(base + part * BUILD_SHARE, f"compiling the {width}x{height} search")
        else:
            report(base, f"preparing the {width}x{height} coach")
        solve(goal.apply_all("DR"))
        base += part
    warm_strong()  # the strong 4x4 kernel too, with or without its tables (AOT builds need it)
    report(1.0, "ready")
