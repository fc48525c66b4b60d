"""The help a game draws for the board on screen, when it counts as seen, and what it charges:
the session's help rules (``Session`` mixes them in; the ledger and the clock are in ``help``)."""

from __future__ import annotations

from game.core.actions import Action
from game.core.board import Board
from game.core.coach import EXACT_CELLS, Hint
from game.core.history import EntryKind, History
from game.core.scoring import HINT_COST_PER_LEVEL, ScoreSheet
from game.play.help import STEPS_LEVEL, HelpClock, HelpLedger, Sight, Step, first_move
from game.play.lines import Lines
from game.play.steps import Position

PATH_PREVIEW = 6
"""How many upcoming optimal moves level 2 draws."""


class HelpOnScreen:
    """The help rules of a ``Session``, which provides the state they read and write."""

    history: History[Position]
    lines: Lines
    hint: Hint | None
    hint_level: int
    sheet: ScoreSheet
    solved: bool
    help: HelpLedger
    _clock: HelpClock
    _replaying: bool
    _current: int

    @property
    def board(self) -> Board:
        """The board on screen."""
        return self.history.state.board

    def path_preview(self) -> str:
        """The next few optimal moves for the hint path (level 2), or ''."""
        if self.hint is None or self.hint_level < 2:
            return ""
        return self.hint.path[:PATH_PREVIEW]

    def _refresh_hint(self, charge: bool = True, carried: Hint | None = None) -> None:
        """The hint for the board on screen (``carried``: a line shown mid-search that the
        last move followed, the rest of it: ``Lines.to_show``)."""
        self.hint = self.lines.to_show(self.board, carried)
        if charge:
            self._charge_hint()

    def _charge_hint(self) -> None:
        """Charge the help drawn for the position on screen (``HelpLedger.on_sight``), once
        seen (``HelpClock``: ``tick`` charges it then)."""
        if not self._replaying:
            self._clock.note(self._drawn_now(), self._steps_ahead)
        self.sheet = self.help.on_sight(self.sheet, self._sight_now())

    def _drawn_now(self) -> tuple[Board, int] | None:
        """The help drawn for the position on screen (its board and level), None if none:
        a hint that knows no move yet draws nothing (a newcomer paid -5 for a position whose
        distance was known one move from a proven one, none of its moves, nothing drawn)."""
        hint = self.hint
        if self.hint_level and hint is not None and hint.board == self.board \
                and (hint.moves or hint.path):
            return self.board, self.hint_level
        return None

    def _steps_ahead(self) -> list[Step]:
        """The numbered steps on screen, each with the board it is shown from: the one on
        screen and those they lead through (not the last they reach)."""
        board, steps = self.board, []
        for move in self.path_preview():
            steps.append((board, move))
            board = board.apply(move)
        return steps

    def steps_due(self) -> int:
        """With hints off: what following the numbered steps seen before, which showed the
        next step from the board on screen, will pay for them (0 when nothing is due). A
        newcomer hid the steps and found the moves after charged with nothing on screen to
        say so."""
        board = self.board
        if self.hint_level or self.solved or board not in self._clock.foreseen \
                or self.history.current.kind is EntryKind.SOLVE:
            return 0
        return HINT_COST_PER_LEVEL * self.sheet.levels_due(STEPS_LEVEL, self.help.paid(board))

    def _follows_help(self, action: Action) -> bool:
        """Beyond exact reach, whether ``action``'s first move is the help seen for the board
        on screen: the hint on screen, or the next of the numbered steps seen, on screen or
        hidden since. Such a move is never charged, whatever the coach learns later (a
        newcomer typed the steps read a second before; the coach's line changed meanwhile,
        and two of the steps were charged, then drilled as mistakes)."""
        board, hint = self.board, self.hint
        first = first_move(board, action)
        if self.solved or board.size <= EXACT_CELLS or not first:
            return False
        shown = self.hint_level > 0 and self._help_seen() and hint is not None \
            and hint.board == board and (first == hint.path[:1] or first in hint.moves)
        return shown or self._clock.shows(board, first)

    def due_step(self) -> str:
        """The next step the steps seen show from the board on screen ("" for none): the move
        ``steps_due`` prices, when something is due."""
        return self._clock.foreseen.get(self.board, "")

    def _help_seen(self) -> bool:
        return self._clock.seen(self._drawn_now())

    def _sight_now(self) -> Sight:
        on_screen = None if self._replaying else self._help_seen()
        return Sight(self.board, self.hint_level, self._current, on_screen,
                     self.history.current.kind is EntryKind.SOLVE)
