"""The game's window: its surface, resizes within the desktop, and F11's full screen and back."""

from __future__ import annotations

import logging

import pygame

from game.ui import services

log = logging.getLogger(__name__)


class Window:
    """The display surface the scenes draw on, resizable, with a full-screen mode."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.screen = pygame.display.set_mode(services.fit_window(size), pygame.RESIZABLE)
        self._windowed: tuple[tuple[int, int], tuple[int, int]] | None = None
        """Full screen (F11): the window's size and place to go back to."""
        pygame.display.set_caption("Fifteen")

    def resize(self, size: tuple[int, int]) -> None:
        """Follow a window resize (the layout is recomputed from the new size)."""
        if self._windowed is not None:  # full screen takes the display's size
            self.screen = pygame.display.get_surface() or self.screen
            return
        size = services.fit_window(size, whole=True)  # what the display can show
        if size != self.screen.get_size():
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        """F11: full screen at the desktop's size and back to the window's size before;
        ignored where the video driver cannot do it. A new display mode, not SDL's toggle:
        without a window manager that re-created the window at its old size with a warning
        on the console (a newcomer's F11 under X)."""
        try:
            if self._windowed is None:
                windowed = (self.screen.get_size(), display_position())
                if len(pygame.display.get_desktop_sizes()) == 1:
                    # without a window manager the full screen stayed where the window was,
                    # its right and bottom off the screen (a newcomer's F11 under X); with
                    # several screens it is left on its own
                    pygame.display.set_window_position((0, 0))
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                self._windowed = windowed
            else:
                (size, place), self._windowed = self._windowed, None
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
                pygame.display.set_window_position(place)
        except pygame.error as exc:
            log.info("fullscreen unavailable: %s", exc)
            self.screen = pygame.display.get_surface() or self.screen


def display_position() -> tuple[int, int]:
    """Where the window is on the desktop ((0, 0) where the driver cannot tell)."""
    try:
        return pygame.display.get_window_position()
    except pygame.error:
        return (0, 0)
