"""The pause menu over a game: its entries, their handling and drawing (Esc resumes)."""

from __future__ import annotations

import enum

import pygame

from game.core.daily import daily_title, parse_date
from game.core.spec import KIND_NOUNS, Difficulty, GameKind, GameSpec
from game.ui.context import SceneContext
from game.ui.menu import Back, MenuController, MenuItem
from game.ui.render import MenuView, draw_menu


class PauseItem(enum.Enum):
    """The pause menu's entries."""

    RESUME = "Resume"
    RESTART = "Restart"
    NEW = "New game"
    SETTINGS = "Settings"
    TITLE = "Title"
    QUIT = "Quit"


PAUSE_ITEMS = tuple(MenuItem(item, item.value) for item in PauseItem)


class PauseMenu:
    """The menu's selection; ``handle`` says what was chosen (RESUME for Esc)."""

    def __init__(self) -> None:
        self.controller: MenuController[PauseItem] = MenuController()

    @property
    def selected(self) -> int:
        """Index of the highlighted entry."""
        return self.controller.selected

    @selected.setter
    def selected(self, index: int) -> None:
        self.controller.selected = index

    def handle(self, event: pygame.event.Event, window: tuple[int, int],
               scale: float = 1.0) -> PauseItem | None:
        """The entry chosen by this event, if any (``scale``: the text's, as drawn)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button != 1:
            return None
        pick = self.controller.handle(event, PAUSE_ITEMS, window, scale)
        if isinstance(pick, Back):
            return PauseItem.RESUME
        if pick is None or not pick.nav.chooses:
            return None
        return pick.key

    def draw(self, surface: pygame.Surface, ctx: SceneContext, spec: GameSpec,
             game_id: str) -> None:
        """The menu over the dimmed game."""
        view = MenuView("Paused", self.controller.labels(PAUSE_ITEMS), self.selected,
                        subtitle=pause_subtitle(spec, game_id),
                        footer="Esc resume  Enter choose")
        draw_menu(surface, view, ctx.theme, ctx.fonts, dim=True)


def game_title(spec: GameSpec) -> str:
    """A daily's name and date, as the HUD and this menu show it; "Practice 4x4 · not
    ranked" for a drill's practice game (a newcomer saw no sign of it till the end); ""
    for other games."""
    shape = f"{spec.width}x{spec.height}"
    if spec.kind is GameKind.PRACTICE:
        return f"Practice {shape} · not ranked"
    if spec.daily is None:
        return ""
    return daily_title(parse_date(spec.daily), shape)


def pause_subtitle(spec: GameSpec, game_id: str) -> str:
    """What game is paused: the daily's name and date, or the size and which board, by its
    ID when it has one (a seeded board raced again is no board "of yours": the newcomer's
    pause menu said "your board"), and whether a ghost is raced."""
    if spec.daily is not None:
        return game_title(spec)
    shape = f"{spec.width}x{spec.height}"
    if spec.kind is GameKind.PRACTICE:
        what = KIND_NOUNS[GameKind.PRACTICE]
    elif game_id.startswith(f"{shape}-"):
        what = f"game {game_id}"
    elif spec.board is not None:
        what = KIND_NOUNS[GameKind.CUSTOM]
    elif spec.difficulty is not Difficulty.ANY:  # named as the end screen and replays name
        what = f"{KIND_NOUNS[GameKind.RANDOM]} ({spec.difficulty})"  # it ("hard board" read
        # as another kind of game than the "random board" the end screen said)
    else:
        what = f"game {game_id}"
    race = " · ghost race" if spec.ghost is not None else ""
    return f"{shape} · {what}{race}"
