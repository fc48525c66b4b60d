"""Fonts by pixel size and rendered text, both cached so a frame never re-renders glyphs."""

from __future__ import annotations

import pygame

MAX_TEXT_CACHE = 512
"""Rendered strings kept before the cache is cleared (sizes change on resize)."""
MIN_FIT_PX = 9
FIT_STEP = 0.9
"""Text too wide for its place is redrawn this much smaller until it fits."""


class Fonts:
    """pygame's default font at any size; ``text()`` caches rendered surfaces."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._fonts: dict[int, pygame.font.Font] = {}
        self._text: dict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = {}

    def __call__(self, size: int) -> pygame.font.Font:
        """The default font at ``size`` pixels (the signature shared draw functions take)."""
        size = max(6, int(size))
        font = self._fonts.get(size)
        if font is None:
            font = pygame.font.Font(None, size)
            self._fonts[size] = font
        return font

    def text(self, text: str, size: int, color: tuple[int, ...],
             bold: bool = False) -> pygame.Surface:
        """An anti-aliased rendering of ``text``, reused while nothing changes."""
        key = (text, int(size), tuple(color), bold)
        surf = self._text.get(key)
        if surf is None:
            if len(self._text) >= MAX_TEXT_CACHE:
                self._text.clear()
            font = self(size)
            font.set_bold(bold)
            surf = font.render(text, True, color)
            font.set_bold(False)
            self._text[key] = surf
        return surf

    def blit_center(self, surface: pygame.Surface, text: str, size: int,
                    color: tuple[int, ...], center: tuple[int, int], bold: bool = False,
                    max_width: int | None = None) -> None:
        """Draw ``text`` centred on ``center``, shrunk to ``max_width`` pixels if given."""
        surf = self.text(text, size, color, bold)
        while max_width is not None and surf.get_width() > max_width and size > MIN_FIT_PX:
            size = max(MIN_FIT_PX, int(size * FIT_STEP))
            surf = self.text(text, size, color, bold)
        surface.blit(surf, surf.get_rect(center=center))
