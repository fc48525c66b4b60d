"""Fonts by pixel size and rendered text, both cached so a frame never re-renders glyphs.

Every size asked for is multiplied by ``Fonts.scale`` (the large-text setting). Text checks
(``tests/test_type_scale.py``) turn on ``RENDERED`` to learn which blitted surfaces are text.

The face is DejaVu Sans Bold (``assets/fonts``, Bitstream Vera licence): pygame's built-in
font spaced letters unevenly at UI sizes ("S pace", "G race your ghost"). The type scale
was tuned on the built-in font, which pygame draws at 0.6875 of the size asked for;
``FACE_SCALE`` gives DejaVu's wider letters the same line height.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from pathlib import Path

import pygame

MAX_TEXT_CACHE = 512
"""Rendered strings kept before the cache is cleared (sizes change on resize)."""
MIN_FIT_PX = 16
"""Text shrunk to fit its place never gets smaller than this (line box about 11 px), large
text included: where large text would not fit, it shrinks as far as normal text does (the
5x5 footer ran off both edges of a 640x600 window with large text on)."""
FIT_STEP = 0.9
"""Text too wide for its place is redrawn this much smaller until it fits."""
LARGE_TEXT_SCALE = 1.25
FACE = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "DejaVuSans-Bold.ttf"
FACE_SCALE = 0.6


class TextLog:
    """Which surfaces are rendered text, and their text (test instrumentation; off in play)."""

    def __init__(self) -> None:
        self._surfaces: weakref.WeakKeyDictionary[pygame.Surface, str] = (
            weakref.WeakKeyDictionary())

    def add(self, surface: pygame.Surface, text: str) -> None:
        """Remember that ``surface`` shows ``text``."""
        self._surfaces[surface] = text

    def text_of(self, surface: pygame.Surface) -> str | None:
        """The text ``surface`` shows, or None if it is not rendered text."""
        return self._surfaces.get(surface)


RENDERED: TextLog | None = None
"""Set to a TextLog to record every rendered text surface (tests only)."""


class Font(pygame.font.Font):
    """pygame's font, noting its rendered surfaces when ``RENDERED`` is on."""

    def render(self, text: str | bytes | None, antialias: bool,
               color: pygame.typing.ColorLike,
               bgcolor: pygame.typing.ColorLike | None = None,
               wraplength: int = 0) -> pygame.Surface:
        surface = super().render(text, antialias, color, bgcolor, wraplength)
        if RENDERED is not None and isinstance(text, str) and text:
            RENDERED.add(surface, text)
        return surface


def blit_faded(target: pygame.Surface, image: pygame.Surface,
               dest: pygame.Rect | tuple[int, int], alpha: int) -> None:
    """Blit ``image`` at ``alpha`` and give it back its own alpha afterwards.

    Text and plates are shared through caches: a tile face may draw the very surface a hint
    badge faded a moment before. ``set_alpha(None)`` would turn blending off for good, and a
    per-pixel-alpha image then copies its transparent box over whatever it is drawn on (the
    mistake drill's tiles 2-6 came out as dark blocks), so the old value is put back instead.
    """
    previous = image.get_alpha()
    image.set_alpha(alpha)
    try:
        target.blit(image, dest)
    finally:
        image.set_alpha(previous)


class Fonts:
    """pygame's default font at any size; ``text()`` caches rendered surfaces."""

    def __init__(self, scale: float = 1.0) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._fonts: dict[int, Font] = {}
        self._text: dict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = {}
        self._lines: dict[tuple[str, int, int], tuple[str, ...]] = {}
        self.scale = scale

    def set_large(self, large: bool) -> None:
        """The large-text setting: every size a quarter larger."""
        scale = LARGE_TEXT_SCALE if large else 1.0
        if scale != self.scale:
            self.scale = scale
            self._text.clear()
            self._lines.clear()

    def __call__(self, size: int) -> Font:
        """The default font at ``size`` pixels times the scale (the signature shared draw
        functions take)."""
        size = max(6, int(size * self.scale))
        font = self._fonts.get(size)
        if font is None:
            font = Font(FACE, max(6, round(size * FACE_SCALE))) if FACE.exists() \
                else Font(None, size)
            self._fonts[size] = font
        return font

    @property
    def min_fit(self) -> int:
        """The smallest size text shrunk to fit is asked at: MIN_FIT_PX once scaled."""
        return max(1, round(MIN_FIT_PX / self.scale))

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
        elif RENDERED is not None:
            RENDERED.add(surf, text)
        return surf

    def two_lines(self, text: str, size: int, width: int) -> tuple[str, ...]:
        """``text`` as one line if it fits ``width`` at ``size``, else as two balanced lines
        that do: split at a "; " when one fits, else at the space that balances them best;
        one line when no split fits (it is then shrunk to fit where drawn). Remembered: the
        callers ask every frame."""
        key = (text, int(size), width)
        found = self._lines.get(key)
        if found is not None:
            return found
        face = self(size)
        found = (text,)
        if face.size(text)[0] > width:
            cuts = [(i, i + 2) for i in range(len(text)) if text.startswith("; ", i)]
            spaces = [(i, i + 1) for i in range(len(text)) if text[i] == " "]
            for choices in (cuts, spaces):
                fitting = [(max(face.size(text[:a].rstrip(";"))[0], face.size(text[b:])[0]),
                            a, b) for a, b in choices]
                best = min((f for f in fitting if f[0] <= width), default=None)
                if best is not None:
                    found = (text[: best[1]].rstrip(";").rstrip(), text[best[2]:].lstrip())
                    break
        if len(self._lines) >= MAX_TEXT_CACHE:
            self._lines.clear()
        self._lines[key] = found
        return found

    def blit_center(self, surface: pygame.Surface, text: str, size: int,
                    color: tuple[int, ...], center: tuple[int, int], bold: bool = False,
                    max_width: int | None = None) -> pygame.Rect:
        """Draw ``text`` centred on ``center``, shrunk to ``max_width`` pixels if given."""
        surf = self.text(text, size, color, bold)
        floor = self.min_fit
        while max_width is not None and surf.get_width() > max_width and size > floor:
            size = max(floor, int(size * FIT_STEP))
            surf = self.text(text, size, color, bold)
        return surface.blit(surf, surf.get_rect(center=center))

    def fit_all(self, texts: Sequence[str], size: int, max_width: int,
                bold: bool = False) -> int:
        """The largest size up to ``size`` at which every one of ``texts`` is at most
        ``max_width`` pixels wide (not below the fit floor): rows drawn at one size, where
        each shrunk on its own came out uneven."""
        def widest(px: int) -> int:
            face = self(px)
            face.set_bold(bold)
            try:
                return max((face.size(t)[0] for t in texts), default=0)
            finally:
                face.set_bold(False)

        while size > self.min_fit and widest(size) > max_width:
            size = max(self.min_fit, int(size * FIT_STEP))
        return size

    def blit_chars(self, surface: pygame.Surface, text: str, size: int,
                   color: tuple[int, ...], center: tuple[int, int], bold: bool = False,
                   max_width: int | None = None) -> pygame.Rect:
        """Like ``blit_center`` for text that changes every frame (a clock, a score): drawn
        from cached single characters, so no glyphs are rendered while it ticks."""
        while True:
            chars = [self.text(c, size, color, bold) for c in text]
            width = sum(c.get_width() for c in chars)
            if max_width is None or width <= max_width or size <= self.min_fit:
                break
            size = max(self.min_fit, int(size * FIT_STEP))
        height = max((c.get_height() for c in chars), default=0)
        x = center[0] - width // 2
        top = center[1] - height // 2
        for image in chars:
            surface.blit(image, (x, top))
            x += image.get_width()
        return pygame.Rect(center[0] - width // 2, top, width, height)
