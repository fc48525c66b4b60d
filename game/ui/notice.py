"""Save trouble told to the player: when to show a notice, retries, and the notice band."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game.store.highscores import HighScores
from game.store.storage import save_problem
from game.ui.fonts import Fonts
from game.ui.layout import Type, type_px
from game.ui.theme import Theme

NOTICE_SECONDS = 8.0
"""How long a new notice (such as scores that cannot be saved) stays across the window."""
SAVE_RETRY_SECONDS = 20.0
"""While games are held in memory only, saving them is tried again this often."""

BAND_LINES = 1.8
"""The band's height in lines of its text."""


def draw_notice(surface: pygame.Surface, text: str | None, theme: Theme, fonts: Fonts) -> None:
    """Paint ``text`` on a dark band across the top of ``surface``; nothing when None."""
    if not text:
        return
    w, h = surface.get_size()
    size = type_px((w, h), Type.CAPTION)
    band_h = int(fonts(size).get_height() * BAND_LINES)
    band = pygame.Surface((w, band_h))  # opaque: the HUD under it does not show through
    band.fill(theme.panel)
    surface.blit(band, (0, 0))
    pygame.draw.line(surface, theme.bad, (0, band_h - 1), (w, band_h - 1), 2)
    fonts.blit_center(surface, text, size, theme.bad, (w // 2, band_h // 2), bold=True,
                      max_width=max(1, w - 8))


class SaveWatch:
    """Watches saves for the app: one notice per new reason, and retries of unsaved games."""

    def __init__(self, scores: HighScores, retry: Callable[[], object]) -> None:
        self._scores = scores
        self._retry = retry
        self._retry_in = SAVE_RETRY_SECONDS
        self._text: str | None = None
        self._left = 0.0
        self._told: set[str] = set()
        self._told_now: str | None = None
        self.settings_problem: str | None = None
        """Why the settings could not be saved last time (None when they were)."""

    @property
    def notice(self) -> str | None:
        """The notice to show now, or None."""
        return self._text if self._left > 0 else None

    def tell(self, text: str) -> None:
        """Show ``text`` as the notice from the next update on (e.g. a board not as asked)."""
        self._told.discard(text)
        self._told_now = text

    def settings_saved(self, error: OSError | None, path: Path) -> None:
        """Record how a settings save went (``error`` None: it worked)."""
        self.settings_problem = None if error is None else save_problem(error, path)

    def update(self, dt: float) -> None:
        """Advance by ``dt``: show a notice for a new reason; retry unsaved games now and then."""
        problems = []
        unsaved = self._scores.unsaved
        if self._scores.save_problem and unsaved:  # the count in the text: told per new game
            problems.append(f"{unsaved} game{'s' if unsaved != 1 else ''} not saved yet "
                            f"(kept, retrying): {self._scores.save_problem}")
            self._retry_in -= dt
            if self._retry_in <= 0:
                self._retry_in = SAVE_RETRY_SECONDS
                self._retry()
        if self.settings_problem:
            problems.append(f"settings can't be saved: {self.settings_problem}")
        if self._told_now:
            problems.insert(0, self._told_now)
            self._told_now = None
        for text in problems:
            if text not in self._told:
                self._told.add(text)
                self._text, self._left = text, NOTICE_SECONDS
                break
        self._left = max(0.0, self._left - dt)
