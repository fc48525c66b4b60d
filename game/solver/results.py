"""The solver's values (solutions, optimal moves, the cancel token) and its answers' checks."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from game.core.board import Board
from game.solver.errors import SolveCancelled, Unsolvable

BuildProgress = Callable[[float, str], None]
"""Told how far a table build or warm-up has got: a fraction in [0, 1] and a few words."""


@dataclass(frozen=True)
class Solution:
    """A checked solution: ``moves`` reaches the goal; ``optimal`` says whether it is proven."""

    moves: str
    length: int
    optimal: bool
    nodes: int
    seconds: float


@dataclass(frozen=True)
class OptimalMoves:
    """The distance of ``board`` and every move that begins an optimal solution."""

    board: Board
    distance: int
    moves: frozenset[str]
    optimal: bool
    path: str


_thread = threading.local()


def set_give_way(hook: Callable[[], None] | None) -> None:
    """Install, for the calling thread only, what ``give_way`` calls (None: nothing).

    The game's worker installs its frame gate, so the search's interpreted stretches wait
    while the render loop works on a frame instead of contending with it for the GIL.
    """
    _thread.hook = hook


def current_give_way() -> Callable[[], None] | None:
    """What ``give_way`` calls on this thread (handed on to threads a search starts)."""
    return getattr(_thread, "hook", None)


def give_way() -> None:
    """A point between compiled calls where the searching thread may pause (see above)."""
    hook = getattr(_thread, "hook", None)
    if hook is not None:
        hook()


def polled(flag: np.ndarray) -> Callable[[], bool]:
    """``cancelled()`` for the interpreted searches, which poll it now and then: gives way
    first (see ``give_way``), then reads the cancel flag."""
    def cancelled() -> bool:
        give_way()
        return bool(flag[0])

    return cancelled


class CancelToken:
    """A flag another thread sets to stop a search; the compiled search reads it directly."""

    def __init__(self) -> None:
        self.flag = np.zeros(1, dtype=np.int64)
        self._event = threading.Event()

    def cancel(self) -> None:
        """Ask the search to stop (it does within a few milliseconds)."""
        self.flag[0] = 1
        self._event.set()

    @property
    def cancelled(self) -> bool:
        """Whether cancel() was called."""
        return self._event.is_set()


def flag_of(cancel: CancelToken | None) -> np.ndarray:
    """The flag the compiled search reads: the token's, or a fresh one nobody sets."""
    return cancel.flag if cancel is not None else np.zeros(1, dtype=np.int64)


def require_solvable(board: Board, cancel: CancelToken | None) -> None:
    """Raise before a search begins: SolveCancelled if already cancelled, Unsolvable if the
    board cannot reach the goal."""
    if cancel is not None and cancel.cancelled:
        raise SolveCancelled(f"search of {board} was cancelled before it began")
    if not board.is_solvable():
        raise Unsolvable(f"board {board} is not solvable")


def check_solves(board: Board, moves: str) -> None:
    """Replay ``moves`` on the model; never hand out a solution that does not solve."""
    end = board.apply_all(moves)
    if not end.is_solved():
        raise RuntimeError(f"solver bug: {moves!r} does not solve {board} (ends at {end})")
