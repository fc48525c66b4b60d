"""Values the worker hands out (NewBoard, WorkerStatus), its jobs and the solver-answer check."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from game.board import Board
from game.worker.knowledge import Hint

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
        self.kind = kind  # "warm", "solve" or "board"
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
    def live_solve(self) -> bool:
        """A search that has not been asked to stop."""
        return self.kind == "solve" and self.cancel_at is None


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
