"""The worker's knowledge: the core ``Knowledge`` map behind a lock (the rules themselves live
in ``game.core.knowledge``)."""

from __future__ import annotations

import threading

from game.core.board import Board
from game.core.coach import Hint
from game.core.knowledge import DEFAULT_CAPACITY, Knowledge, proven


class SharedKnowledge:
    """A thread-safe ``Knowledge``: the worker thread learns, the game loop's calls read."""

    def __init__(self, capacity: int = DEFAULT_CAPACITY) -> None:
        self._knowledge = Knowledge(capacity)
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._knowledge)

    def add(self, hint: Hint) -> Hint:
        """Store ``hint`` merged with what is known about its board; returns what is stored."""
        with self._lock:
            return self._knowledge.add(hint)

    def learn(self, hint: Hint) -> list[Hint]:
        """Store a search result and, for a proven one, its path's boards; returns all stored."""
        with self._lock:
            return self._knowledge.learn(hint)

    def get(self, board: Board) -> Hint | None:
        """The stored hint for exactly this board, without derivation."""
        with self._lock:
            return self._knowledge.get(board)

    def known(self, board: Board) -> Hint | None:
        """Everything known or derivable now about ``board`` (None if nothing)."""
        with self._lock:
            return self._knowledge.known(board)

    def proven(self, board: Board) -> bool:
        """Whether ``board`` is completely known (nothing left to search)."""
        return proven(self.known(board))

    def unknown_neighbour(self, board: Board, skip: set[Board]) -> Board | None:
        """A neighbour of a completely known ``board`` without a complete hint (for prefetch)."""
        with self._lock:
            return self._knowledge.unknown_neighbour(board, skip)
