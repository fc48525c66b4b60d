"""The play footer's news: one message at a time, shown for NEWS_SECONDS, bursts joined."""

from __future__ import annotations

from game.core.scoring import MoveClass
from game.play.words import rejudged_words

NEWS_SECONDS = 2.5

Told = dict[int, tuple[MoveClass, MoveClass, int]]
"""Index on the line -> (judgement before, judgement now, points change)."""


class News:
    """What the footer says for a moment (moves judged again, a shorter line found...)."""

    def __init__(self) -> None:
        self.text = ""
        self.left = 0.0
        """Seconds it still shows."""
        self._told: Told = {}
        """The moves the judged-again news on show names."""
        self._of_a_move = False
        """The news on show is about the last move only (why it was scored as hinted)."""

    @property
    def shown(self) -> str:
        """The news on show, "" when none."""
        return self.text if self.left > 0 else ""

    @property
    def rejudging(self) -> bool:
        """Whether news of moves judged again is on show."""
        return self.left > 0 and bool(self._told)

    def tell(self, text: str, told: Told | None = None, *, of_a_move: bool = False) -> None:
        """Show ``text`` now, in place of any news on show; ``of_a_move``: it is about the
        last move only, and goes when the next one is made."""
        self.text, self.left = text, NEWS_SECONDS
        self._told = told or {}
        self._of_a_move = of_a_move

    def before(self, text: str) -> None:
        """Show ``text`` with the news of moves judged again on show after it, if any."""
        if self.rejudging:
            self.tell(f"{text} {self.text}", self._told)
        else:
            self.tell(text)

    def moved(self) -> None:
        """A move was made: news about the one before it is stale (a newcomer read "+10 ·
        hint seen here, streak held at 0" under a STREAK of 1 after an unhinted move)."""
        if self._of_a_move:
            self.left = 0.0

    def rejudged(self, changes: tuple[tuple[int, MoveClass, MoveClass, int], ...],
                 line_size: int) -> None:
        """Tell moves judged again, joined to those the news on show names, so a burst of
        answers reads as one message (a newcomer's five quick keys were judged in two
        packets, and the second news replaced the first before it could be read).
        ``line_size``: the moves on the line now (an undo since starts afresh)."""
        prior = dict(self._told) if self.left > 0 and all(
            i < line_size for i in self._told) else {}
        told = dict(prior)
        for index, old, new, points in changes:
            first, was, gained = told.get(index, (old, new, 0))
            if index in prior and was is not new:
                first = was  # told as that in this burst: now it is judged again
            told[index] = (first, new, gained + points)
        told = {i: change for i, change in told.items() if change[2] != 0}
        # joined to news on show, its figures are the burst's: the pop-up gives this one's
        self.tell(rejudged_words([(i, *told[i]) for i in sorted(told)], in_all=bool(prior)),
                  told)

    def update(self, dt: float) -> None:
        """Time passes."""
        self.left = max(0.0, self.left - dt)
