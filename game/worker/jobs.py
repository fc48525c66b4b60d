"""Values the worker hands out (NewBoard, WorkerStatus), its jobs and the solver-answer check."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from game.core.board import Board
from game.worker.knowledge import Hint, Knowledge

WARMING_UP = "warming up"
THINKING = "thinking"
READY = "ready"
UNAVAILABLE = "unavailable"


@dataclass(frozen=True)
class NewBoard:
    """A board made for ``request_board``; ``length`` is the requested optimal length."""

    board: Board
    length: int | None
    request_id: int


@dataclass(frozen=True)
class WorkerStatus:
    """What the hint overlay shows: the state and, while thinking, the search's progress."""

    state: str
    bound: int = 0
    nodes: int = 0


class WorkerError(RuntimeError):
    """The solver gave an answer that does not check out (wrong board, bad path)."""


CANCELLED = object()
"""What a solve job returns when it was cancelled."""


class Job:
    """One unit of work for the worker thread, cancellable from the game loop."""

    def __init__(self, kind: str, board: Board | None = None, request: tuple = ()) -> None:
        self.kind = kind  # "warm", "board", "solve" (the board on screen) or "prefetch"
        self.board = board
        self.request = request  # (width, height, length, seed, request_id) for "board"
        self.bound = 0
        self.nodes = 0
        self.started_at: float | None = None
        self.cancel_at: float | None = None
        self.abandoned = False
        self.future: Future | None = None
        self._lock = threading.Lock()
        self._token: Any = None

    def arm(self, make_token: Callable[[], Any]) -> Any:
        """On the worker: create the solver's cancel token, or None if already cancelled."""
        with self._lock:
            if self.cancel_at is not None:
                return None
            self._token = make_token()
            return self._token

    def cancel(self, now: float) -> None:
        """On the game loop: ask the search to stop (idempotent)."""
        with self._lock:
            if self.cancel_at is None:
                self.cancel_at = now
            if self._token is not None:
                self._token.cancel()

    @property
    def searching(self) -> bool:
        """Whether this job is a search (for the board on screen or a prefetch)."""
        return self.kind in SEARCHES

    @property
    def live_search(self) -> bool:
        """A search that has not been asked to stop."""
        return self.searching and self.cancel_at is None


SEARCHES = ("solve", "prefetch")


def run_job(job: Job, solver: Any, knowledge: Knowledge, *,
            warm_shapes: tuple[tuple[int, int], ...] | None, solve_seconds: float | None,
            progress: Callable[[int, int], None]) -> Any:
    """Do ``job`` with ``solver`` on the worker thread; a search's hint is learned here."""
    if job.kind == "warm":
        if warm_shapes is None:
            solver.warm_up()
        else:
            solver.warm_up(warm_shapes)
        return None
    if job.kind == "board":
        width, height, length, seed, _ = job.request
        return solver.random_board_with_length(width, height, length, random.Random(seed))
    token = job.arm(solver.CancelToken)
    if token is None:
        return CANCELLED
    deadline = None if solve_seconds is None else time.monotonic() + solve_seconds
    try:
        result = solver.optimal_moves(job.board, cancel=token, deadline=deadline,
                                      progress=progress)
    except solver.SolveCancelled:
        if token.cancelled:
            return CANCELLED
        raise WorkerError(f"search of {job.board} ran past its deadline") from None
    hint = checked_hint(job.board, result)
    knowledge.learn(hint)
    return hint


def checked_hint(board: Board, result: Any) -> Hint:
    """Turn the solver's OptimalMoves into a Hint after replaying its path; raises WorkerError."""
    if result.board != board:
        raise WorkerError(f"solver answered for board {result.board}, asked for {board}")
    path = result.path
    try:
        end = board.apply_all(path)
    except ValueError as exc:
        raise WorkerError(f"solver path {path!r} is illegal on {board}: {exc}") from exc
    if not end.is_solved():
        raise WorkerError(f"solver path {path!r} does not solve {board}")
    moves = frozenset(result.moves)
    if result.optimal and (
        len(path) != result.distance
        or not moves <= set(board.legal_moves())
        or (path and path[0] not in moves)
    ):
        raise WorkerError(
            f"solver result for {board} is inconsistent: distance {result.distance}, "
            f"moves {sorted(moves)}, path {path!r}"
        )
    return Hint(board, result.distance, moves, result.optimal, result.optimal, path)
