"""The hint rules in one place: which hint wins, what a line says next, and a map of hints.

The puzzle graph is bipartite (every move flips the blank's colour on a chequerboard and the
parity of the tile permutation), so one move changes the distance to the goal by exactly one.
From a proven hint for board B (distance d, the complete set of optimal first moves) every
neighbour is known at once: moving by an optimal move reaches distance d - 1, any other move
reaches d + 1, and from there undoing the move is optimal. Along B's stored solution path the
next optimal move is known too, so "follow the path" needs no new search.

"No new search is needed" means precisely: the distance and at least one optimal move are
known immediately (``complete=False``); the full set of optimal moves comes later from a
search (``complete=True``).

Pure and single-threaded: the worker wraps ``Knowledge`` in a lock, the game keeps its own.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace

from game.core.board import Board, inverse, neighbours
from game.core.coach import Hint, goal_hint

DEFAULT_CAPACITY = 4096
"""Boards kept in a map (least recently used ones are forgotten first)."""


def proven(hint: Hint | None) -> bool:
    """Whether ``hint`` is there and proven (optimal and complete)."""
    return hint is not None and hint.proven


def merge(old: Hint | None, new: Hint | None) -> Hint | None:
    """The one rule for two hints about the same board: what is known after both.

    None loses. A proven hint is never weakened, and a new proven hint replaces anything. A
    proven distance (``optimal``) beats a best-found one. Between two of the same kind the
    shorter distance wins; on equal distances they combine: the union of their moves, the new
    path (the old one if the new has none), complete if either is, the new one's latency.
    Two best-found lines are ``provisional`` only while both are; the search behind a line
    (``effort``, ``thought``) is the one kept's, the longer one's when both are as long.
    """
    if new is None:
        return old
    if old is None or new.proven:
        return new
    if old.proven:
        return old
    if old.optimal != new.optimal:
        return old if old.optimal else new
    # a board some search of which has finished stays so (a shorter line found mid-search
    # by a later one, or a longer final line after a shorter one)
    provisional = old.provisional and new.provisional
    if old.distance != new.distance:
        kept = new if new.distance < old.distance else old
        return kept if kept.provisional == provisional else replace(kept,
                                                                    provisional=provisional)
    return replace(new, moves=old.moves | new.moves, path=new.path or old.path,
                   complete=old.complete or new.complete, provisional=provisional,
                   effort=max(old.effort, new.effort), thought=max(old.thought, new.thought))


def searched_enough(hint: Hint | None, seconds: float = 0.0) -> bool:
    """Whether ``hint`` is the answer of a search of its board that ran to its end and
    judges a move waiting for ``seconds`` of search in all: a proven distance, or beyond
    exact reach a line searched that long (``Hint.effort``)."""
    return hint is not None and not hint.provisional and (hint.optimal
                                                         or hint.effort >= seconds)


def follow(hint: Hint | None, move: str, after: Board, *, back: bool = False) -> Hint | None:
    """What ``hint``'s line says about ``after``, the board after ``move``, or None.

    Along the line, the rest of it is still a solution, one move shorter (and as optimal as
    the line was). With ``back``, a move off the line still has one: the move back, then the
    line (one longer, and no longer proven). Never complete: only one move is known. The
    search behind it (``effort``, ``thought``) is the line's along it, none back (a way back
    is no line the coach thought out from there)."""
    if hint is None or not hint.path:
        return None
    if hint.path[0] == move:
        rest = hint.path[1:]
        if not rest:
            return None
        optimal, effort, thought = hint.optimal, hint.effort, hint.thought
    elif back:
        rest = inverse(move) + hint.path
        optimal, effort, thought = False, 0.0, 0.0
    else:
        return None
    return Hint(after, len(rest), frozenset(rest[0]), optimal, False, rest, effort=effort,
                thought=thought)


def path_hints(hint: Hint) -> list[Hint]:
    """The hints a proven distance's path gives the boards along it, nearest first.

    Each board after a step of an optimal path is ``len(rest)`` from the goal and the rest of
    the path begins an optimal solution (one move known, not complete). Empty when ``hint`` is
    not optimal or its path is not a full optimal solution.
    """
    if not hint.optimal or len(hint.path) != hint.distance:
        return []
    board = hint.board
    steps = []
    for i, move in enumerate(hint.path[:-1]):
        board = board.apply(move)
        rest = hint.path[i + 1 :]
        steps.append(Hint(board, len(rest), frozenset({rest[0]}), True, False, rest))
    return steps


class Knowledge:
    """A bounded LRU map Board -> Hint plus derivation from the neighbours' hints (no lock)."""

    def __init__(self, capacity: int = DEFAULT_CAPACITY) -> None:
        if capacity < 1:
            raise ValueError(f"capacity {capacity} must be at least 1")
        self.capacity = capacity
        self._hints: OrderedDict[Board, Hint] = OrderedDict()

    def __len__(self) -> int:
        return len(self._hints)

    def add(self, hint: Hint) -> Hint:
        """Store ``hint`` merged with what is known about its board; returns what is stored.

        A stored hint has no latency: that belongs to one delivery, not to the knowledge.
        """
        hints = self._hints
        if hint.latency:
            hint = replace(hint, latency=0.0)
        stored = merge(hints.get(hint.board), hint)
        assert stored is not None
        hints[hint.board] = stored
        hints.move_to_end(hint.board)
        while len(hints) > self.capacity:
            hints.popitem(last=False)
        return stored

    def learn(self, hint: Hint) -> list[Hint]:
        """Store a search result; for a proven distance also every board along its path.

        Returns what was stored, in the order stored: the path's boards farthest first (so the
        start of the path and the board itself stay freshest), ``hint``'s board last.
        """
        steps = path_hints(hint)[: self.capacity - 1]
        return [self.add(step) for step in reversed(steps)] + [self.add(hint)]

    def get(self, board: Board) -> Hint | None:
        """The stored hint for exactly this board, without derivation."""
        return self._hints.get(board)

    def known(self, board: Board) -> Hint | None:
        """Everything known or derivable now about ``board`` (None if nothing).

        A derived hint is stored, so the next look-up is a plain read."""
        if board.is_solved():
            return goal_hint(board)
        exact = self._hints.get(board)
        if proven(exact):
            self._hints.move_to_end(board)
            return exact
        derived = self._derive(board, exact)
        if derived is None:
            return exact
        if derived != exact:
            return self.add(derived)
        return exact

    def unknown_neighbour(self, board: Board, skip: set[Board]) -> Board | None:
        """A neighbour of a completely known ``board`` without a complete hint (for prefetch).

        None until ``board`` itself is completely known; the optimal moves' boards come first,
        as the player is most likely to make one of them. Boards in ``skip`` are passed over.
        """
        hint = self.known(board)
        if hint is None or not hint.proven:
            return None
        for move in sorted(board.legal_moves(), key=lambda m: m not in hint.moves):
            child = board.apply(move)
            if child in skip or child.is_solved():
                continue
            if not proven(self._hints.get(child)):
                return child
        return None

    def _neighbour(self, board: Board) -> Hint | None:
        hint = self._hints.get(board)
        return goal_hint(board) if hint is None and board.is_solved() else hint

    def _derive(self, board: Board, exact: Hint | None) -> Hint | None:
        """Combine ``exact`` with what the neighbours' hints imply (one step, no recursion)."""
        base = exact if exact is not None and exact.optimal else None  # a best-found: ignored
        dist = base.distance if base is not None else None
        moves: set[str] = set(base.moves) if base is not None else set()
        path = base.path if base is not None else ""
        around: dict[str, int] = {}
        legal = neighbours(board)
        for move, after in legal:
            near = self._neighbour(after)
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
            (base is not None and base.complete)
            or len(around) == len(legal)
            or (dist == 1 and bool(moves))  # the goal is unique: one move reaches it
        )
        return Hint(board, dist, frozenset(moves), True, complete, path)
