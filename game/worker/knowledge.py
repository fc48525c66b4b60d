"""What the worker already knows: a bounded cache of hints and the rules that derive new ones.

The puzzle graph is bipartite (every move flips the blank's colour on a chequerboard and the
parity of the tile permutation), so one move changes the distance to the goal by exactly one.
From a proven hint for board B (distance d, the complete set of optimal first moves) every
neighbour is known at once: moving by an optimal move reaches distance d - 1, any other move
reaches d + 1, and from there undoing the move is optimal. Along B's stored solution path the
next optimal move is known too, so "follow the path" needs no new search.

"No new search is needed" means precisely: the distance and at least one optimal move are
known immediately (``complete=False``); the full set of optimal moves is then refined in the
background when the game submits the board (``complete=True`` when it arrives).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import replace

from game.core.board import Board, inverse
from game.core.coach import Hint, goal_hint

DEFAULT_CAPACITY = 4096
"""Boards kept in the cache (least recently used ones are forgotten first)."""


def _proven(hint: Hint | None) -> bool:
    return hint is not None and hint.optimal and hint.complete


def merge(old: Hint | None, new: Hint) -> Hint:
    """Combine two hints for the same board; a complete proven hint is never weakened."""
    if old is None or _proven(new):
        return new
    if _proven(old):
        return old
    if old.optimal != new.optimal:
        return old if old.optimal else new
    if old.distance != new.distance:
        return new if new.distance < old.distance else old  # the shorter best-found path
    return replace(new, moves=old.moves | new.moves, path=new.path or old.path)


class Knowledge:
    """A thread-safe LRU map Board -> Hint plus derivation from the neighbours' hints."""

    def __init__(self, capacity: int = DEFAULT_CAPACITY) -> None:
        if capacity < 1:
            raise ValueError(f"capacity {capacity} must be at least 1")
        self._capacity = capacity
        self._hints: OrderedDict[Board, Hint] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._hints)

    def add(self, hint: Hint) -> None:
        """Store ``hint`` (merged with what is known about its board)."""
        with self._lock:
            self._add_locked(hint)

    def learn(self, hint: Hint) -> None:
        """Store a search result; for a proven one also every board along its path."""
        with self._lock:
            if hint.optimal and len(hint.path) == hint.distance:
                board = hint.board
                steps = []
                for i, move in enumerate(hint.path[:-1]):
                    board = board.apply(move)
                    rest = hint.path[i + 1 :]
                    steps.append(Hint(board, len(rest), frozenset({rest[0]}), True, False, rest))
                # Farthest first, so the start of the path and the board itself stay freshest.
                for step in reversed(steps[: self._capacity - 1]):
                    self._add_locked(step)
            self._add_locked(hint)

    def get(self, board: Board) -> Hint | None:
        """The stored hint for exactly this board, without derivation."""
        with self._lock:
            return self._hints.get(board)

    def known(self, board: Board) -> Hint | None:
        """Everything known or derivable now about ``board`` (None if nothing)."""
        if board.is_solved():
            return goal_hint(board)
        with self._lock:
            exact = self._hints.get(board)
            if _proven(exact):
                self._hints.move_to_end(board)
                return exact
            derived = self._derive(board, exact)
            if derived is None:
                return exact
            if derived != exact:
                self._add_locked(derived)
            return self._hints.get(board, derived)

    def unknown_neighbour(self, board: Board, skip: set[Board]) -> Board | None:
        """A neighbour of a completely known ``board`` without a complete hint (for prefetch).

        None until ``board`` itself is completely known; the optimal moves' boards come first,
        as the player is most likely to make one of them. Boards in ``skip`` are passed over.
        """
        hint = self.known(board)
        if hint is None or not _proven(hint):
            return None
        with self._lock:
            for move in sorted(board.legal_moves(), key=lambda m: m not in hint.moves):
                child = board.apply(move)
                if child in skip or child.is_solved():
                    continue
                if not _proven(self._hints.get(child)):
                    return child
        return None

    def _add_locked(self, hint: Hint) -> None:
        hints = self._hints
        if hint.latency:
            hint = replace(hint, latency=0.0)
        stored = merge(hints.get(hint.board), hint)
        hints[hint.board] = stored
        hints.move_to_end(hint.board)
        while len(hints) > self._capacity:
            hints.popitem(last=False)

    def _neighbour(self, board: Board) -> Hint | None:
        return goal_hint(board) if board.is_solved() else self._hints.get(board)

    def _derive(self, board: Board, exact: Hint | None) -> Hint | None:
        """Combine ``exact`` with what the neighbours' hints imply (one step, no recursion)."""
        if exact is not None and not exact.optimal:
            exact = None  # only an optimal answer is known exactly
        dist = exact.distance if exact is not None else None
        moves: set[str] = set(exact.moves) if exact is not None else set()
        path = exact.path if exact is not None else ""
        around: dict[str, int] = {}
        legal = board.legal_moves()
        for move in legal:
            near = self._neighbour(board.apply(move))
            if near is None or not near.optimal:
                continue
            around[move] = near.distance
            back = inverse(move)  # the move from the neighbour back to this board
            if back in near.moves:  # this board lies on an optimal path from the neighbour
                cand = near.distance - 1
                cand_path = near.path[1:] if near.path[:1] == back else ""
            elif near.complete:  # leaving the neighbour this way was wasteful: come back
                cand = near.distance + 1
                cand_path = move + near.path if len(near.path) == near.distance else ""
            else:
                continue
            if dist is None:
                dist = cand
            elif cand != dist:
                continue  # inconsistent knowledge: keep what came first
            if not path and len(cand_path) == dist:
                path = cand_path
        if dist is None:
            return None
        moves.update(m for m, d in around.items() if d == dist - 1)
        if path:
            moves.add(path[0])
        complete = (
            (exact is not None and exact.complete)
            or len(around) == len(legal)
            or (dist == 1 and bool(moves))  # the goal is unique: one move reaches it
        )
        return Hint(board, dist, frozenset(moves), True, complete, path)
