"""The one-line notice band across the top of the window (e.g. "scores can't be saved: ...")."""

from __future__ import annotations

import pygame

from game.ui.fonts import Fonts
from game.ui.theme import Theme

BAND_FRACTION = 0.045
"""Band height relative to the window height."""
MIN_BAND_PX = 18
BAND_ALPHA = 225
TEXT_FRACTION = 0.62
"""Text size relative to the band height."""


def draw_notice(surface: pygame.Surface, text: str | None, theme: Theme, fonts: Fonts) -> None:
    """Paint ``text`` on a dark band across the top of ``surface``; nothing when None."""
    if not text:
        return
    w, h = surface.get_size()
    band_h = max(MIN_BAND_PX, int(h * BAND_FRACTION))
    band = pygame.Surface((w, band_h), pygame.SRCALPHA)
    band.fill((*theme.bg[:3], BAND_ALPHA))
    surface.blit(band, (0, 0))
    size = max(10, int(band_h * TEXT_FRACTION))
    fonts.blit_center(surface, text, size, theme.bad, (w // 2, band_h // 2), bold=True,
                      max_width=max(1, w - 8))
