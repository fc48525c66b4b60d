"""What one game knows of each board's lines: the coach's answers, lines derived on the way.

Up to 16 cells the coach's answers (exact distances) are all there is. Beyond exact reach a
board's best known line is the best of: what the coach found for it, the lines the game derived
by following the coach's lines move by move, the game's own finished line, and a move to a
neighbour followed by the neighbour's line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from game.core.board import Board, inverse, neighbours
from game.core.coach import EXACT_CELLS, Hint
from game.core.knowledge import follow, merge

Oracle = Callable[[Board], Hint | None]
"""What the game knows about a board right now (never blocks): the mid-end's own knowledge."""


def no_oracle(board: Board) -> None:
    """An oracle that knows nothing (a game without a coach)."""
    return None


class Lines:
    """One game's knowledge of lines, read through ``lookup`` (pure: no coach calls)."""

    def __init__(self, oracle: Oracle = no_oracle) -> None:
        self.oracle = oracle
        self.derived: dict[Board, Hint] = {}
        """Lines this game derived by following the coach's lines (beyond exact reach)."""
        self.own: dict[Board, Hint] = {}
        """Beyond exact reach, once won: the game's own line, from every position on it."""
        self.changed: set[Board] = set()
        """Boards whose derived line changed since ``settled`` was last called: moves judged
        before may read them (a player wandering back finds a shortcut the coach's line
        missed), so the next replay starts near them too."""
        self._memo: dict[Board, Hint | None] | None = None
        """During a replay: the coach's answers, asked once per board (what the coach knows
        does not change during a replay)."""
        self._lookups: dict[Board, Hint | None] | None = None
        """During a replay: ``lookup``'s answers, until a line derived on the way changes
        them."""

    @contextmanager
    def replay(self) -> Iterator[None]:
        """While the game's actions are played again: remember answers per board."""
        self._memo, self._lookups = {}, {}
        try:
            yield
        finally:
            self._memo, self._lookups = None, None

    def lookup(self, board: Board) -> Hint | None:
        """The best of what the coach knows now and what this game was told about ``board``.

        Beyond exact reach also the lines through a neighbour: a move there, then the best
        line known from it (after an undo, the 215-move line found one move on makes a line
        of 216 from here, however long the line first found here was)."""
        lookups = self._lookups
        if lookups is not None and board in lookups:
            return lookups[board]
        hint = self.here(board)
        if board.size > EXACT_CELLS and (hint is None or not hint.proven):
            hint = self._through_neighbours(board, hint)
        if lookups is not None:
            lookups[board] = hint
        return hint

    def here(self, board: Board) -> Hint | None:
        """What is known of exactly ``board``: the coach's answer, the lines this game derived
        for it and its own finished line."""
        return merge(merge(self.derived.get(board), self.searched(board)), self.own.get(board))

    def searched(self, board: Board) -> Hint | None:
        """What the coach said about ``board`` (None: it has not looked at it yet)."""
        memo = self._memo
        if memo is not None and board in memo:
            return memo[board]
        known = self.oracle(board)
        if known is not None and known.board != board:
            known = None
        if memo is not None:
            memo[board] = known
        return known

    def derive(self, hint: Hint) -> None:
        """Keep a line derived on the way (the best of it and what was derived before)."""
        board = hint.board
        old = self.derived.get(board)
        new = merge(old, hint) or hint
        if new == old:
            return
        self.derived[board] = new
        self.changed.add(board)
        lookups = self._lookups
        if lookups is not None:  # the board's and its neighbours' answers are out of date
            lookups.pop(board, None)
            for _, near in neighbours(board):
                lookups.pop(near, None)

    def informs(self, board: Board, start: Board) -> bool:
        """Whether what is known of ``board`` judges a move: beyond exact reach, a search of
        it (or the game's own line through it); within, a proven answer (or the start
        board's optimal distance)."""
        if board.size > EXACT_CELLS:  # a move waits for the search of the board it made
            return self.searched(board) is not None or board in self.own
        hint = self.lookup(board)
        if hint is None:
            return False
        return hint.proven or (board == start and hint.optimal)

    def settled(self) -> set[Board]:
        """The boards whose derived lines changed since the last call (and forget them)."""
        changed, self.changed = self.changed, set()
        return changed

    def learn_own(self, start: Board, moves: str) -> None:
        """A won game's own line is a known line from every position on it: the moves that
        were left from there."""
        board = start
        for i in range(len(moves)):
            rest = moves[i:]
            known = self.own.get(board)
            if known is None or len(rest) < known.distance:
                self.own[board] = Hint(board, len(rest), frozenset(rest[0]), False, False, rest)
            board = board.apply(moves[i])

    def _through_neighbours(self, board: Board, hint: Hint | None) -> Hint | None:
        """``hint`` merged with the lines through ``board``'s neighbours."""
        for move, near in neighbours(board):
            there = self.here(near)
            if there is None or not there.path:
                continue
            back = inverse(move)
            returns = there.path[0] == back  # the line from there comes back through here
            length = len(there.path) + (-1 if returns else 1)
            first = there.path[1:2] if returns else move
            if hint is None or length < hint.distance or (
                    length == hint.distance and there.optimal >= hint.optimal
                    and first not in hint.moves):  # an equal line adds its first move only
                hint = merge(hint, follow(there, back, board, back=True))
        return hint
