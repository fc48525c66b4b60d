"""What every scene offers the app: handle events, update by dt, draw from state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """A screen on the app's stack; the app reads the clock and passes dt."""

    def __init__(self, app: App) -> None:
        self.app = app

    def handle(self, event: pygame.event.Event) -> None:
        """React to one event (interpret into actions; the scene applies them in update)."""

    def receive(self, result: Any) -> bool:
        """A worker result (Hint or NewBoard); True when this scene used it."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the frame from state; must not change it."""


class MenuState:
    """Selection over a list of entries with up/down/enter keys and mouse."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.selected = 0
        self.rects: list[pygame.Rect] = []

    def key(self, key: int) -> str:
        """'up'/'down'/'left'/'right'/'enter'/'' for a key press (moves the selection)."""
        if key in (pygame.K_UP, pygame.K_w):
            self.selected = (self.selected - 1) % self.count
            return "up"
        if key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
            self.selected = (self.selected + 1) % self.count
            return "down"
        if key in (pygame.K_LEFT, pygame.K_a):
            return "left"
        if key in (pygame.K_RIGHT, pygame.K_d):
            return "right"
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return "enter"
        return ""

    def click(self, pos: tuple[int, int]) -> bool:
        """Select the entry under ``pos``; True if one was hit."""
        for i, rect in enumerate(self.rects):
            if rect.collidepoint(pos):
                self.selected = i
                return True
        return False
