"""The help a game showed: where it was drawn, who paid for it, which moves followed it."""

from __future__ import annotations

from game.core.actions import Action, Move, Slide, Source
from game.core.board import Board
from game.core.coach import EXACT_CELLS, Hint


def follows_hint(board: Board, hint: Hint | None, action: Action) -> bool:
    """Whether ``action``'s first move is the hint shown for ``board`` (beyond exact reach,
    where such a move is never charged)."""
    if board.size <= EXACT_CELLS or hint is None or hint.board != board:
        return False
    if isinstance(action, Move) and action.source is not Source.SOLVE:
        first = action.letter
    elif isinstance(action, Slide):
        first = board.slide_moves(action.index)[:1]
    else:
        return False
    return bool(first) and (first == hint.path[:1] or first in hint.moves)


PAID_ON_SIGHT = 1
"""Hint levels up to this one (the chevrons) are paid for a position as soon as they are
drawn there; higher ones (the numbered steps) only when the player moves with them on
screen, so the H cycle's way from level 1 through 2 to off costs nothing extra."""


class HelpLedger:
    """The help of one game, by action index, so a replay charges what the player saw then.

    Help is paid once per position and level: an undo, redo, restart or move back to a board
    already paid for costs nothing again (the rules say per position; a newcomer paid twice
    after an undo). Beyond exact reach a move that followed the hint shown is never charged,
    whatever the coach learns later.
    """

    def __init__(self) -> None:
        self.drawn: set[int] = set()
        """The actions after which help was drawn for the position on screen (so charged)."""
        self.stepped: set[int] = set()
        """The actions (the player's moves) made with the numbered steps on screen, which
        paid for them."""
        self.followed: set[int] = set()
        """The actions whose (first) move was the hint shown for it then."""
        self._charges: list[tuple[int, Board, int]] = []
        """(action, board, level) of each charge, in order."""
        self._paid: dict[Board, int] = {}
        """The highest level paid for each board (from ``_charges``)."""

    @staticmethod
    def seen(record: set[int], action: int, on_screen: bool | None) -> bool:
        """Whether help was on screen at ``action``: as the game sees it live (``on_screen``,
        then kept in ``record``, ``drawn`` or ``stepped``), or in a replay (None) as kept."""
        if on_screen is None:
            return action in record
        if on_screen:
            record.add(action)
        return on_screen

    def paid(self, board: Board) -> int:
        """The highest help level already paid for ``board`` (0: none)."""
        return self._paid.get(board, 0)

    def pay(self, action: int, board: Board, level: int) -> None:
        """Action ``action`` showed help at ``level`` for ``board`` (charged by the caller)."""
        if level > self.paid(board):
            self._paid[board] = level
            self._charges.append((action, board, level))

    def forget_from(self, first: int) -> None:
        """Drop the charges of action ``first`` on (a replay from there makes them again)."""
        while self._charges and self._charges[-1][0] >= first:
            self._charges.pop()
        self._paid = {}
        for _, board, level in self._charges:
            self._paid[board] = max(level, self._paid.get(board, 0))
