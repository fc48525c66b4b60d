"""Exact distances for arena boards: the solver runs in worker threads, never on the event loop."""

from __future__ import annotations

import asyncio
import concurrent.futures
from dataclasses import dataclass

from game.core.board import Board
from game.solver import solve, warm_up
from game.solver.exact.heuristic import has_heuristic
from game.solver.exact.tables import has_table

SOLVER_THREADS = 2
"""The search kernels release the GIL, so two threads use both cores of a small machine."""
AHEAD_THREADS = 1
"""Boards dealt ahead are searched apart, so they never queue in front of a bot that waits."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    """A board's exact distance to the goal and one optimal path that proves it."""

    distance: int
    path: str

    def after(self, letter: str) -> Knowledge | None:
        """Known for free after ``letter``: the rest of the path if it was its first move."""
        if self.path[:1] == letter:
            return Knowledge(self.distance - 1, self.path[1:])
        return None


def exact_shape(width: int, height: int) -> bool:
    """Whether the solver proves optimal lengths on this shape quickly (tables or PDBs)."""
    return has_table(width, height) or has_heuristic(width, height)


def _solve_exact(board: Board) -> Knowledge:
    solution = solve(board)
    if not solution.optimal:
        raise RuntimeError(f"solver returned an unproven solution for {board}")
    return Knowledge(solution.length, solution.moves)


class Oracle:
    """Answers "how far is this board from the goal" exactly, off the event loop."""

    def __init__(self, threads: int = SOLVER_THREADS) -> None:
        self._pool = concurrent.futures.ThreadPoolExecutor(
            max_workers=threads, thread_name_prefix="arena-solver")
        self._ahead = concurrent.futures.ThreadPoolExecutor(
            max_workers=AHEAD_THREADS, thread_name_prefix="arena-ahead")
        self.searches = 0

    async def warm_up(self, width: int, height: int) -> None:
        """Load or build the shape's tables before the first bot needs them."""
        if exact_shape(width, height):
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(self._pool, warm_up, ((width, height),))

    async def knowledge(self, board: Board, ahead: bool = False) -> Knowledge | None:
        """Exact distance and an optimal path; None if unsolvable or not exactly solvable.

        ``ahead``: nobody is waiting for the answer yet (a board dealt in advance).
        """
        if not exact_shape(board.width, board.height) or not board.is_solvable():
            return None
        if board.is_solved():
            return Knowledge(0, "")
        self.searches += 1
        loop = asyncio.get_running_loop()
        pool = self._ahead if ahead else self._pool
        return await loop.run_in_executor(pool, _solve_exact, board)

    def close(self) -> None:
        """Stop the worker threads (a running search finishes first)."""
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._ahead.shutdown(wait=False, cancel_futures=True)
