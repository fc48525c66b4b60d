"""What one game knows of each board's lines: the coach's answers, joined over the boards played.

Up to 16 cells the coach's answers (exact distances) are all there is. Beyond exact reach the
best line known from a board the game stood on is the best of every line through the boards
known around it: what the coach found for a board the game stood on or passed by, then moves
between neighbouring boards to it (a line from a neighbour one move away is a line from here
one move longer, or one move shorter when it comes back through here), and once won the
game's own line. Those lines are joined over every board the game stood on, so the figures
agree with each other: a board's best line is never more than one move longer than a
neighbour's, every move changes the best line known by exactly one, and a game's moves are the
best line from its start plus two for each move charged.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace

from game.core.board import Board, inverse, neighbours
from game.core.coach import EXACT_CELLS, Hint, goal_hint
from game.core.knowledge import follow, merge, searched_enough

Oracle = Callable[[Board], Hint | None]
"""What the game knows about a board right now (never blocks): the mid-end's own knowledge."""


def no_oracle(board: Board) -> None:
    """An oracle that knows nothing (a game without a coach)."""
    return None


def through(there: Hint, move: str, board: Board) -> Hint | None:
    """The line from ``board`` through its neighbour ``there.board`` (``move`` leads from
    ``there.board`` to ``board``): one move shorter when ``there``'s line comes back through
    ``board``, else the move back and then ``there``'s line. None without a line there."""
    if there.distance == 0:  # the goal: one move from it is one move from the end
        back = inverse(move)
        return Hint(board, 1, frozenset(back), True, True, back)
    if not there.path:
        return None
    return follow(there, move, board, back=True)


def carried(shown: Hint | None, move: str, after: Board) -> Hint | None:
    """The rest of a line shown mid-search (``shown``, provisional) that ``move`` followed to
    ``after``: still a line from there, shown (``to_show``), never judged by; else None."""
    if shown is None or not shown.provisional:
        return None
    rest = follow(shown, move, after)
    return None if rest is None else replace(rest, provisional=True)


def _judges_otherwise(old: Hint | None, new: Hint) -> bool:
    """Whether a board's best line changed in what judges a move (its length, or whether it
    is proven), not only in the first moves it knows."""
    return old is None or (old.distance, old.optimal, old.complete) != (
        new.distance, new.optimal, new.complete)


class Lines:
    """One game's knowledge of lines, read through ``lookup`` (pure: no coach calls)."""

    def __init__(self, oracle: Oracle = no_oracle) -> None:
        self.oracle = oracle
        self.own: dict[Board, Hint] = {}
        """Beyond exact reach, once won: the game's own line, from every position on it."""
        self.changed: set[Board] = set()
        """Boards the game stood on whose best line changed since ``settled`` was last
        called: the moves judged from them are judged again."""
        self._area: set[Board] = set()
        """Beyond exact reach: the boards the game stood on (undone moves' included)."""
        self._read: dict[Board, Hint | None] = {}
        """What was known of exactly each board of the area and of its neighbours, as last
        read (``here``)."""
        self._best: dict[Board, Hint] = {}
        """Each board of the area: the best line through the boards known around it."""
        self._memo: dict[Board, Hint | None] | None = None
        """During a replay: the coach's answers, asked once per board (what the coach knows
        does not change during a replay)."""

    @contextmanager
    def replay(self) -> Iterator[None]:
        """While the game's actions are played again: remember the coach's answers."""
        self._memo = {}
        try:
            yield
        finally:
            self._memo = None

    def lookup(self, board: Board) -> Hint | None:
        """The best line known from ``board`` now.

        Beyond exact reach, on a board the game stood on, the best line through the boards
        known around it (``visit``); elsewhere what is known of it and the lines through its
        neighbours."""
        if board.size <= EXACT_CELLS:
            return self.here(board)
        if board in self._area:
            return self._best.get(board)
        return self._around(board, self.here(board), self.here)

    def here(self, board: Board) -> Hint | None:
        """What is known of exactly ``board``: the coach's answer and its own finished line."""
        if board.is_solved():
            return self.searched(board) or goal_hint(board)
        return merge(self.searched(board), self.own.get(board))

    def searched(self, board: Board) -> Hint | None:
        """What the coach said about ``board`` once a search of it has ended (None: it has
        not yet). Lines found mid-search are left out: a quick first line shortened a moment
        later, so moves judged by it were charged and refunded, or credited and taken back,
        within two seconds (a newcomer's 5x5 game); the boards around one on screen still
        have lines from the boards it came from."""
        memo = self._memo
        if memo is not None and board in memo:
            return memo[board]
        known = self.oracle(board)
        if known is not None and (known.board != board or known.provisional):
            known = None
        if memo is not None:
            memo[board] = known
        return known

    def to_show(self, board: Board, shown: Hint | None = None) -> Hint | None:
        """The hint to show for ``board``: the best line known (and ``shown``), or, when the
        coach's search of it has found a shorter one on the way (or ``shown`` is one such,
        carried along by the moves that followed it: ``carried``), that line: shown at once
        (a new 5x5 board's first hint waited a second for the search's end), and never
        judged by (``searched``)."""
        best = merge(shown if shown is None or not shown.provisional else None,
                     self.lookup(board))
        for line in (self.oracle(board), shown):  # lines found mid-search, shown if shorter
            if line is not None and line.board == board and line.provisional and (
                    best is None or (not best.optimal and line.distance < best.distance)):
                best = line
        return best

    # --- the area --------------------------------------------------------
    def visit(self, board: Board) -> None:
        """The game stands on ``board``: from now on its best line joins those around it."""
        if board.size <= EXACT_CELLS or board in self._area:
            return
        self._area.add(board)
        read = self._read
        for near in (board, *(near for _, near in neighbours(board))):
            if near not in read:
                read[near] = self.here(near)
        best = self._around(board, read[board], read.__getitem__)
        if best is not None:
            self._best[board] = best
            self._spread([board])

    def _around(self, board: Board, hint: Hint | None,
                there_of: Callable[[Board], Hint | None]) -> Hint | None:
        """``hint`` joined with the lines through ``board``'s neighbours: the best line of
        those the game stood on, what ``there_of`` knows of the others."""
        for move, near in neighbours(board):
            there = self._best.get(near) if near in self._area else there_of(near)
            if there is not None:
                hint = merge(hint, through(there, inverse(move), board))
        return hint

    def learned(self, boards: Iterable[Board] | None = None) -> None:
        """The coach told more (about ``boards``, or about anything when None): read again
        what is known of them and of their neighbours, and join it."""
        read = self._read
        if boards is None:
            again = set(read)
        else:
            again = set()
            for board in boards:  # the coach's knowledge derives a board from its neighbours
                again.add(board)
                again.update(near for _, near in neighbours(board))
            again &= read.keys()
        self._reread(again)

    def informs(self, board: Board, start: Board, effort: float = 0.0) -> bool:
        """Whether what is known of ``board`` judges a move: beyond exact reach, a search of
        it for ``effort`` seconds in all at least (or the game's own line through it);
        within, a proven answer (or the start board's optimal distance)."""
        if board.size > EXACT_CELLS:  # a move waits for the search of the board it made
            return searched_enough(self.searched(board), effort) or board in self.own
        hint = self.lookup(board)
        if hint is None:
            return False
        return hint.proven or (board == start and hint.optimal)

    def settled(self) -> set[Board]:
        """The boards whose best lines changed since the last call (and forget them)."""
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
        self._reread(set(self.own) & self._read.keys())

    def _reread(self, boards: set[Board]) -> None:
        """Read ``boards`` again and join what is new."""
        read, area, best = self._read, self._area, self._best
        news = []
        for board in boards:
            hint = self.here(board)
            if hint == read[board]:
                continue
            read[board] = hint
            if board not in area:
                news.append(board)
                continue
            old = best.get(board)
            joined = merge(old, hint)
            if joined is not None and joined != old:
                best[board] = joined
                if _judges_otherwise(old, joined):
                    self.changed.add(board)
                news.append(board)
        self._spread(news)

    def _spread(self, boards: list[Board]) -> None:
        """Join the lines from ``boards`` into the area around them, as far as they go."""
        area, best, read = self._area, self._best, self._read
        queue = deque(boards)
        while queue:
            board = queue.popleft()
            there = best.get(board) if board in area else read.get(board)
            if there is None:
                continue
            for move, near in neighbours(board):
                if near not in area:
                    continue
                old = best.get(near)
                new = merge(old, through(there, move, near))
                if new is None or new == old:
                    continue
                best[near] = new
                if _judges_otherwise(old, new):
                    self.changed.add(near)
                    queue.append(near)
