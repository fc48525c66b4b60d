"""The help a game showed: where it was drawn, who paid for it, which moves followed it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.core.actions import Action, Move, Slide, Source
from game.core.board import Board
from game.core.scoring import ScoreSheet


def first_move(board: Board, action: Action) -> str:
    """The first move of the player's ``action`` from ``board`` ("" for none, or the coach's)."""
    if isinstance(action, Move) and action.source is not Source.SOLVE:
        return action.letter
    if isinstance(action, Slide):
        return board.slide_moves(action.index)[:1]
    return ""


HELP_SEEN_SECONDS = 0.2
"""Help counts as seen (paid for, the moves from its position scored as hinted, a move along
it never charged) once it has been on screen this long: sooner than anyone reads a chevron
and presses a key. A newcomer pressed H and two arrows 50 ms apart while the coach was still
thinking; its answer came between them, and the second move was charged 5 and called
"on the coach's line (hint seen)" for a hint drawn for a few milliseconds."""

STEPS_LEVEL = 2
"""The hint level of the numbered steps."""
PAID_ON_SIGHT = 1
"""Hint levels up to this one (the chevrons) are paid for a position as soon as they are
seen there; higher ones (the numbered steps) when the player moves from a position with them
on screen or, once seen, by a move that follows them from any position they showed the next
step from (``on_foreseen``), so the H cycle's quick way from level 1 through 2 to off costs
nothing extra."""


@dataclass(frozen=True, slots=True)
class Sight:
    """What help a game shows at one moment, as the ledger charges it."""

    board: Board
    """The board on screen."""
    level: int
    """The hint level chosen (0: hints off)."""
    action: int
    """The index of the action being applied (or last applied)."""
    on_screen: bool | None
    """Whether help is drawn for ``board``; None in a replay, which reads what was on screen
    then from the ledger, not what is known now."""
    coach_brought: bool
    """The coach's own move brought ``board`` (it is playing, or was stopped there)."""


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
        self.foreseen: set[int] = set()
        """The actions (the player's moves) made from a board the numbered steps seen before
        showed the next step from, on screen there or hidden since: they paid for them."""
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

    def on_sight(self, sheet: ScoreSheet, sight: Sight) -> ScoreSheet:
        """``sheet`` after the levels paid on sight (the chevrons) for the position on screen,
        if help is drawn there: a hint the coach has not given yet costs nothing until it
        shows (the newcomer paid 5 for pressing H on a fresh 5x5 while the coach was still
        thinking). Never on a board the coach's move brought (the help is paid when the
        player moves from it), nor once solved."""
        level = min(sight.level, PAID_ON_SIGHT)
        if level and not sight.coach_brought and not sight.board.is_solved() \
                and self.seen(self.drawn, sight.action, sight.on_screen):
            return self._pay(sheet, sight, level)
        return sheet

    def on_move(self, sheet: ScoreSheet, sight: Sight) -> ScoreSheet:
        """``sheet`` as the player moves from the position on screen: the levels shown there
        that were not paid on sight are paid now, as they were used. Those are the ones above
        PAID_ON_SIGHT, so H, pressed past the numbered steps to hide hints, costs nothing
        more (a newcomer paid 5 for level 2 on the way to off); and every level on a board
        the coach's own move brought, which was not charged while the coach played (a
        newcomer stopped the coach and followed its hints for free, streak growing)."""
        unpaid = 0 if sight.coach_brought else PAID_ON_SIGHT
        if sight.level > unpaid and not sight.board.is_solved() \
                and self.seen(self.stepped, sight.action, sight.on_screen):
            return self._pay(sheet, sight, sight.level)
        return sheet

    def on_foreseen(self, sheet: ScoreSheet, sight: Sight, foreseen: bool | None) -> ScoreSheet:
        """``sheet`` as the player makes the next step the numbered steps seen before showed
        from a board, the one they were read on or one they led to (``foreseen``; None in a
        replay, which reads it from ``foreseen``), whatever is on screen now: the steps were
        read, so they are paid there and the move is hinted (a newcomer read six steps, hid
        them with H, which is free, and played them from memory: five moves scored as made
        without help, STREAK 5 x2; the next found the board they were read on paid nothing
        for them). A move that leaves them pays nothing for them (a newcomer played their own
        move there and paid "? -10 hint")."""
        if not sight.coach_brought and not sight.board.is_solved() \
                and self.seen(self.foreseen, sight.action, foreseen):
            return self._pay(sheet, sight, STEPS_LEVEL)
        return sheet

    def recall(self, sheet: ScoreSheet, board: Board) -> ScoreSheet:
        """``sheet`` before a move from ``board``: help paid for it on an earlier visit was
        seen there, so the move is a hinted one (1x, the streak held), with hints off now
        too, as within one visit (help is per position; a newcomer came back to a paid
        position and grew the streak). Nothing is charged again."""
        paid = self.paid(board)
        return sheet.after_hint(paid, paid) if paid > sheet.hint_level_here else sheet

    def _pay(self, sheet: ScoreSheet, sight: Sight, level: int) -> ScoreSheet:
        sheet = sheet.after_hint(level, self.paid(sight.board))
        self.pay(sight.action, sight.board, level)
        return sheet


Drawn = tuple[Board, int]
"""The help on screen: the board it is drawn for and the hint level."""
Step = tuple[Board, str]
"""A numbered step: the board it is shown from and its move."""


class HelpClock:
    """How long the help on screen has been there: seen once HELP_SEEN_SECONDS have passed,
    or at once on a board the numbered steps seen before led to (the plan was read: a
    newcomer looked at the six steps once and played them 0.12 s apart, and five of them
    scored as made without help, STREAK 6 x2)."""

    def __init__(self) -> None:
        self.drawn: Drawn | None = None
        """The help on screen as last noted, if any."""
        self.age = 0.0
        """How long ``drawn`` has been on screen."""
        self.foreseen: dict[Board, str] = {}
        """The boards the numbered steps last seen show the next step from (the one they were
        seen on and those they lead through), each with that step."""

    def note(self, drawn: Drawn | None, ahead: Callable[[], Sequence[Step]]) -> None:
        """The help on screen now: new help starts its time, but is seen at once on a board
        ``foreseen`` (whose own steps, ``ahead``, are then foreseen too)."""
        if drawn == self.drawn:
            return
        self.drawn = drawn
        early = drawn is not None and drawn[1] >= STEPS_LEVEL and drawn[0] in self.foreseen
        self.age = HELP_SEEN_SECONDS if early else 0.0
        if early:
            self.foresee(ahead())

    def foresee(self, steps: Sequence[Step]) -> None:
        """The numbered steps on screen were seen: the boards they lead through, each with the
        step they show from it."""
        if steps:
            self.foreseen = dict(steps)

    def shows(self, board: Board, move: str) -> bool:
        """Whether the numbered steps seen show ``move`` as the next step from ``board``."""
        return self.foreseen.get(board) == move

    def followed_to(self, board: Board) -> None:
        """A move of the player's reached ``board``: off the numbered steps seen (a position
        they did not show the next step from), they are no longer paid (a newcomer's own moves
        came back, seven moves later, to a position steps hidden long before had shown, and
        paid for them)."""
        if board not in self.foreseen:
            self.foreseen = {}

    def seen(self, drawn: Drawn | None) -> bool:
        """Whether ``drawn`` (the help on screen now) has been seen."""
        return drawn is not None and drawn == self.drawn and self.age >= HELP_SEEN_SECONDS

    def tick(self, dt: float) -> bool:
        """``dt`` seconds more of the help on screen; True when it has just become seen."""
        if self.drawn is None:
            return False
        before, self.age = self.age, self.age + max(0.0, dt)
        return before < HELP_SEEN_SECONDS <= self.age
