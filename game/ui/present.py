"""Showing a drawn frame: the copy to the display is skipped while the pixels stay the same."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

STILL_REFRESH_SECONDS = 0.5
"""A frame equal to the one on screen is still shown this often (a safety net for a display
that lost the window's contents without telling us)."""


class Presenter:
    """``present(screen)`` flips only when the frame differs from the last one shown.

    The flip (the copy of the whole window to the display) is the dearest part of an idle
    frame: 4 ms of 60 fps frames at 760x720 under X11, a quarter of a core, for a screen
    that does not change while the player thinks. The frame is still drawn every time, so
    a change shows in the very frame it happens in: the check is on the pixels drawn (a copy
    of the window's bytes compared with the last one shown: 0.25 ms at 1280x800, exact; a
    CRC-32 took 1 ms), not on a guess of what might have changed.
    """

    def __init__(self, flip: Callable[[], None] = pygame.display.flip,
                 now: Callable[[], float] = time.perf_counter) -> None:
        self._flip = flip
        self._now = now
        self._shown: bytes | None = None
        self._shown_at = 0.0
        self.flips = 0
        """Frames shown so far (the rest were skipped as equal)."""

    def invalidate(self) -> None:
        """Show the next frame whatever it holds (an event arrived: the window may have
        been exposed, resized or refocused)."""
        self._shown = None

    def present(self, screen: pygame.Surface) -> bool:
        """Flip ``screen`` unless it equals the frame on show; True when it was flipped."""
        pixels = screen.get_buffer().raw  # a copy: the surface is unlocked at once
        now = self._now()
        if pixels == self._shown and now - self._shown_at < STILL_REFRESH_SECONDS:
            return False
        self._flip()
        self._shown = pixels
        self._shown_at = now
        self.flips += 1
        return True
