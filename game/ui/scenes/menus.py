"""The settings menu: every option cycles in place and is saved in the background."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.settings import Settings, anim_label
from game.ui.render import MenuView, draw_menu
from game.ui.scenes.base import MenuState, Scene

if TYPE_CHECKING:
    from game.ui.app import App

SETTING_ROWS = (
    ("anim_seconds", "Animation"),
    ("hover", "Hover mode"),
    ("invert_keys", "Invert keys"),
    ("sound", "Sound"),
    ("picture", "Picture mode"),
    ("show_numbers", "Numbers on tiles"),
    ("theme", "Theme"),
)


def setting_text(settings: Settings, name: str, label: str) -> str:
    """One menu row, e.g. ``Hover mode: off``."""
    value = getattr(settings, name)
    if name == "anim_seconds":
        shown = anim_label(value)
    elif isinstance(value, bool):
        shown = "on" if value else "off"
    else:
        shown = str(value)
    return f"{label}: {shown}"


class SettingsScene(Scene):
    """Options over whatever screen opened it; Esc goes back."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.menu = MenuState(len(SETTING_ROWS) + 1)

    def items(self) -> tuple[str, ...]:
        """Menu rows for the current settings."""
        rows = tuple(setting_text(self.app.settings, n, label) for n, label in SETTING_ROWS)
        return (*rows, "Back")

    def handle(self, event: pygame.event.Event) -> None:
        direction = ""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return
            direction = self.menu.key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            direction = "enter" if self.menu.click(event.pos) else ""
        if direction not in ("left", "right", "enter"):
            return
        if self.menu.selected == len(SETTING_ROWS):
            if direction == "enter":
                self.app.pop()
            return
        name = SETTING_ROWS[self.menu.selected][0]
        self.app.set_settings(self.app.settings.cycled(name))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.theme.bg)
        view = MenuView("Settings", self.items(), self.menu.selected,
                        footer="Enter/Left/Right change  Esc back")
        self.menu.rects = draw_menu(surface, view, self.app.theme, self.app.fonts)
