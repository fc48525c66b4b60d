"""The play footer's news: one message at a time, shown for NEWS_SECONDS; moves judged again
gathered for a moment and told once; why an undo, redo or restart changed the points."""

from __future__ import annotations

from game.core.scoring import RESTART_COST, MoveClass
from game.play.events import Rejudged
from game.play.steps import ChangeKind
from game.play.words import rejudged_words, restart_words, undo_words

NEWS_SECONDS = 2.5
NEWS_UNIT_SECONDS = 0.3
"""Coach answers judging moves again within this long of the first are told as one: a burst
(a newcomer's quick keys judged in two packets) reads as one pop-up and one footer line."""


class News:
    """What the footer says for a moment (moves judged again, a shorter line found...)."""

    def __init__(self) -> None:
        self.text = ""
        self.left = 0.0
        """Seconds it still shows."""
        self._of_a_move = False
        """The news on show is about the last move only (why it was scored as hinted)."""
        self._unit: dict[int, tuple[MoveClass, MoveClass, int]] = {}
        """Moves judged again since the unit began: (judgement as last shown, as now, points
        changed), told together once it is NEWS_UNIT_SECONDS old."""
        self._unit_left = 0.0
        self._found = ""
        """"You found a line N shorter" when the moves it judged again are still to tell."""

    @property
    def shown(self) -> str:
        """The news on show, "" when none."""
        return self.text if self.left > 0 else ""

    def tell(self, text: str, *, of_a_move: bool = False) -> None:
        """Show ``text`` now, in place of any news on show; ``of_a_move``: it is about the
        last move only, and goes when the next one is made."""
        self.text, self.left = text, NEWS_SECONDS
        self._of_a_move = of_a_move

    def moved(self) -> None:
        """A move was made: news about the one before it is stale (a newcomer read "+10 ·
        hint seen here, streak held at 0" under a STREAK of 1 after an unhinted move)."""
        if self._of_a_move:
            self.left = 0.0

    @property
    def gathering(self) -> bool:
        """Whether moves judged again wait to be told."""
        return bool(self._unit)

    def gather(self, changes: tuple[tuple[int, MoveClass, MoveClass, int], ...]) -> bool:
        """Moves judged again (index on the line, judgement as last shown, as now, points
        change), to tell with the others of this moment; whether the unit changed."""
        if not changes:
            return False
        if not self._unit:
            self._unit_left = NEWS_UNIT_SECONDS
        for index, old, new, points in changes:
            first, _, gained = self._unit.get(index, (old, new, 0))
            self._unit[index] = (first, new, gained + points)
        return True

    def found(self, text: str, rejudged: bool) -> None:
        """Tell a shorter line found; the moves it judged again (``rejudged``) follow it."""
        self.tell(text)
        self._found = text if rejudged else ""

    def due(self, dt: float, now: bool = False) -> Rejudged | None:
        """Time passes for the unit: once it is NEWS_UNIT_SECONDS old (or ``now``), tell its
        moves, once: the footer names them, and the news returned (the pop-up) gives what
        they did to the points with the same figures (a newcomer saw "-10 judged" beside
        "(-50 in all)" while POINTS fell by 50: several answers in a moment had made several
        pop-ups, and the footer joined earlier news)."""
        if not self._unit:
            return None
        self._unit_left -= dt
        if self._unit_left > 0 and not now:
            return None
        changes = tuple((i, *change) for i, change in sorted(self._unit.items())
                        if change[2] != 0)
        self._unit = {}
        news = Rejudged.of(changes)
        if news is not None:
            words = rejudged_words(list(changes))
            prefix = self._found if self._found and self.shown == self._found else ""
            self.tell(f"{prefix} {words}" if prefix else words)
        self._found = ""
        return news

    def points(self, kind: ChangeKind, gained: int, restarted: int, cost: int) -> None:
        """Say why an undo, a redo or a restart changed the points (``gained``, before
        POINTS' floor; ``restarted``: the change in restarts; ``cost``: the undo's): its own
        cost, and the points of the moves it took away or brought back."""
        if restarted > 0:  # a restart, or a redo of one: the cost, then the moves gone
            text = restart_words(-RESTART_COST, -RESTART_COST - gained,
                                 redone=kind is ChangeKind.REDO)
        elif restarted < 0:  # an undo of a restart: its cost back, and the moves
            text = restart_words(cost, gained - cost - RESTART_COST, undone=True)
        elif kind is ChangeKind.UNDO:
            text = undo_words(cost, cost - gained)
        elif gained:
            text = undo_words(0, gained, redo=True)
        else:
            return
        self.tell(text, of_a_move=True)

    def update(self, dt: float) -> None:
        """Time passes."""
        self.left = max(0.0, self.left - dt)
