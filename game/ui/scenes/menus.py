"""The settings menu: every option cycles in place and is saved in the background."""

from __future__ import annotations

import enum

import pygame

from game.core.settings import Settings, anim_label
from game.ui.context import SceneContext
from game.ui.intents import ChangeSettings, Pop
from game.ui.menu import Back, MenuController, MenuItem
from game.ui.render import MenuView, draw_menu
from game.ui.scenes.base import Scene


class Option(enum.Enum):
    """A settings row; the value is the Settings field it cycles."""

    ANIM = "anim_seconds"
    HOVER = "hover"
    INVERT = "invert_keys"
    SOUND = "sound"
    PICTURE = "picture"
    NUMBERS = "show_numbers"
    THEME = "theme"
    REDUCED_MOTION = "reduced_motion"
    LARGE_TEXT = "large_text"
    BACK = "back"


LABELS = {
    Option.ANIM: "Animation", Option.HOVER: "Hover mode", Option.INVERT: "Invert keys",
    Option.SOUND: "Sound", Option.PICTURE: "Picture mode", Option.NUMBERS: "Numbers on tiles",
    Option.THEME: "Theme", Option.REDUCED_MOTION: "Reduced motion",
    Option.LARGE_TEXT: "Large text", Option.BACK: "Back",
}


def setting_text(settings: Settings, option: Option) -> str:
    """One menu row, e.g. ``Hover mode: off``."""
    if option is Option.BACK:
        return LABELS[option]
    value = getattr(settings, option.value)
    if option is Option.ANIM:
        shown = anim_label(value)
    elif isinstance(value, bool):
        shown = "on" if value else "off"
    else:
        shown = str(value)
    return f"{LABELS[option]}: {shown}"


class SettingsScene(Scene):
    """Options over whatever screen opened it; Esc goes back."""

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.menu: MenuController[Option] = MenuController()

    def items(self) -> list[MenuItem[Option]]:
        """Menu rows for the current settings."""
        return [MenuItem(option, setting_text(self.ctx.settings, option)) for option in Option]

    def handle(self, event: pygame.event.Event) -> None:
        pick = self.menu.handle(event, self.items(), self.ctx.window, self.ctx.fonts.scale)
        if isinstance(pick, Back):
            self.emit(Pop())
        elif pick is None:
            return
        elif pick.key is Option.BACK:
            if pick.nav.chooses:
                self.emit(Pop())
        else:
            # Left steps back, as on the title
            self.emit(ChangeSettings(self.ctx.settings.cycled(pick.key.value, pick.nav.step)))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.ctx.theme.bg)
        view = MenuView("Settings", self.menu.labels(self.items()), self.menu.selected,
                        footer="Enter/Left/Right change  Esc back")
        draw_menu(surface, view, self.ctx.theme, self.ctx.fonts)
        self.draw_notice(surface)
