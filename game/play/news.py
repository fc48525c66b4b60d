"""The play footer's news: one message at a time, shown for NEWS_SECONDS."""

from __future__ import annotations

from game.core.scoring import MoveClass
from game.play.words import rejudged_words

NEWS_SECONDS = 2.5


class News:
    """What the footer says for a moment (moves judged again, a shorter line found...)."""

    def __init__(self) -> None:
        self.text = ""
        self.left = 0.0
        """Seconds it still shows."""
        self._of_a_move = False
        """The news on show is about the last move only (why it was scored as hinted)."""

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

    def rejudged(self, changes: tuple[tuple[int, MoveClass, MoveClass, int], ...],
                 prefix: str = "") -> None:
        """Tell moves judged again (index on the line, judgement as last shown, as now,
        points change), after ``prefix`` if any (the shorter line a move found)."""
        words = rejudged_words(list(changes))
        self.tell(f"{prefix} {words}" if prefix else words)

    def update(self, dt: float) -> None:
        """Time passes."""
        self.left = max(0.0, self.left - dt)
