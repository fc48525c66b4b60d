"""Title screen (size, difficulty, play, the daily, scores, settings), attract mode and board
generation."""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
from collections.abc import Callable

import pygame

from game.core.board import MAX_SIDE, MIN_SIDE, Board
from game.core.coach import CoachPacket
from game.core.daily import daily_spec, daily_title
from game.core.spec import DIFFICULTIES, Difficulty, GameSpec, difficulty_length
from game.play.words import work_words
from game.ui.context import SceneContext
from game.ui.intents import (
    BeginGame,
    OpenSettings,
    Quit,
    ShowScores,
    ShowStats,
    StartAttract,
    StartGame,
    ToTitle,
)
from game.ui.menu import Back, MenuController, MenuItem, Nav, Pick
from game.ui.render import MenuView, draw_menu
from game.ui.scenes.base import Scene

ATTRACT_AFTER = 30.0
"""Seconds idle on the title before the self-playing demo starts."""
PRESETS: tuple[tuple[int, int] | None, ...] = ((3, 3), (4, 4), (5, 5), None)
"""Size choices; None is custom width x height."""
SPINNER = "|/-\\"
SPIN_RATE = 8.0
SLOW_AFTER = 10.0
"""Seconds on "generating..." before the scene says the board maker is slow."""


class TitleItem(enum.Enum):
    """The title menu's entries."""

    SIZE = "size"
    WIDTH = "width"
    HEIGHT = "height"
    DIFFICULTY = "difficulty"
    PLAY = "play"
    DAILY = "daily"
    SCORES = "scores"
    STATS = "stats"
    SETTINGS = "settings"
    QUIT = "quit"


VALUE_ROWS = (TitleItem.SIZE, TitleItem.WIDTH, TitleItem.HEIGHT, TitleItem.DIFFICULTY)
"""Rows that hold a choice: Left/Right (or a click) change them; Enter starts the game."""


class TitleScene(Scene):
    """Choose a board and start; idle too long and the game plays itself."""

    def __init__(self, ctx: SceneContext, width: int = 4, height: int = 4,
                 today: Callable[[], dt.date] = dt.date.today) -> None:
        super().__init__(ctx)
        self.today = today
        """The date whose daily puzzle the menu offers (the local calendar's, as ``play
        --daily``)."""
        self.width, self.height = width, height
        self.custom = (width, height) not in PRESETS
        self.difficulty = Difficulty.ANY
        self.idle = 0.0
        self.menu: MenuController[TitleItem] = MenuController()

    def shown_again(self) -> None:
        self.idle = 0.0  # back from a game or the demo: count idle time from now
        items = self.items()
        if items[min(self.menu.selected, len(items) - 1)].key in VALUE_ROWS:
            # a game started by Enter on a choice: back on Play, as after a game started
            # there (a newcomer's Enter after one game started from Size, after another
            # from Play)
            self.menu.selected = next(i for i, item in enumerate(items)
                                      if item.key is TitleItem.PLAY)

    def items(self) -> list[MenuItem[TitleItem]]:
        """Menu entries for the current choices."""
        size = "custom" if self.custom else f"{self.width}x{self.height}"
        rows = [MenuItem(TitleItem.SIZE, f"Size: {size}")]
        if self.custom:
            rows += [MenuItem(TitleItem.WIDTH, f"Width: {self.width}"),
                     MenuItem(TitleItem.HEIGHT, f"Height: {self.height}")]
        chosen = self.chosen_difficulty()
        # one name for a random board, whether the size offers lengths or not
        words = "any (random)" if chosen is Difficulty.ANY else str(chosen)
        rows.append(MenuItem(TitleItem.DIFFICULTY, f"Difficulty: {words}"))
        daily = daily_title(self.today(), f"{self.width}x{self.height}")
        return rows + [MenuItem(TitleItem.PLAY, "Play"), MenuItem(TitleItem.DAILY, daily),
                       MenuItem(TitleItem.SCORES, "High scores"),
                       MenuItem(TitleItem.SETTINGS, "Settings"),
                       MenuItem(TitleItem.STATS, "Stats and replays"),
                       MenuItem(TitleItem.QUIT, "Quit")]

    def chosen_difficulty(self) -> Difficulty:
        """The difficulty the menu shows and Play starts: any on a size that offers no
        lengths (a 5x5 started after a hard 4x4 said "any (random)" but was made as hard,
        so it got no seed and no game ID)."""
        return self.difficulty if self.offers_lengths() else Difficulty.ANY

    def offers_lengths(self) -> bool:
        """Whether the chosen size offers difficulties (lengths to the goal) at all."""
        return difficulty_length(self.width, self.height, Difficulty.EASY) is not None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            self.idle = 0.0
        pick = self.menu.handle(event, self.items(), self.ctx.window, self.ctx.fonts.scale)
        if isinstance(pick, Back):
            self.emit(Quit())
        elif pick is not None:
            self._choose(pick)

    def _choose(self, pick: Pick[TitleItem]) -> None:
        step = pick.nav.step
        item = pick.key
        if pick.nav is Nav.ACTIVATE and item in VALUE_ROWS:
            item = TitleItem.PLAY  # Enter starts the game from any row, as the footer says
        if item is TitleItem.SIZE:
            current = None if self.custom else (self.width, self.height)
            nxt = PRESETS[(PRESETS.index(current) + step) % len(PRESETS)]
            self.custom = nxt is None
            if nxt is not None:
                self.width, self.height = nxt
        elif item is TitleItem.WIDTH:
            self.width = _wrap(self.width + step)
        elif item is TitleItem.HEIGHT:
            self.height = _wrap(self.height + step)
        elif item is TitleItem.DIFFICULTY:
            if not self.offers_lengths():
                return  # nothing to choose here (a newcomer's Left/Right on 5x5 changed the
                # choice the menu hid, and a 3x3 then read "Difficulty: hard")
            i = DIFFICULTIES.index(self.difficulty)
            self.difficulty = DIFFICULTIES[(i + step) % len(DIFFICULTIES)]
        elif not pick.nav.chooses:
            return
        elif item is TitleItem.PLAY:
            self.emit(StartGame(GameSpec(self.width, self.height, self.chosen_difficulty())))
        elif item is TitleItem.DAILY:
            self.emit(StartGame(daily_spec(self.today(), self.width, self.height)))
        elif item is TitleItem.SCORES:
            self.emit(ShowScores(f"{self.width}x{self.height}"))
        elif item is TitleItem.STATS:
            self.emit(ShowStats(f"{self.width}x{self.height}"))
        elif item is TitleItem.SETTINGS:
            self.emit(OpenSettings())
        elif item is TitleItem.QUIT:
            self.emit(Quit())

    def update(self, dt: float) -> None:
        self.idle += dt
        if self.idle >= ATTRACT_AFTER:
            self.idle = 0.0
            self.emit(StartAttract())

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.ctx.theme.bg)
        subtitle = "slide the tiles home - the coach knows the shortest way"
        status = self.ctx.coach.status
        if status.progress is not None:
            subtitle = work_words(status.work, status.progress)
        warning = self.ctx.warning and f"note: {self.ctx.warning}"
        view = MenuView("FIFTEEN", self.menu.labels(self.items()), self.menu.selected,
                        subtitle=warning or subtitle,
                        footer="Up/Down choose  Left/Right change  Enter start  Esc quit")
        draw_menu(surface, view, self.ctx.theme, self.ctx.fonts)
        self.draw_notice(surface)


def _wrap(side: int) -> int:
    if side > MAX_SIDE:
        return MIN_SIDE
    if side < MIN_SIDE:
        return MAX_SIDE
    return side


class GeneratingScene(Scene):
    """Waits for the coach's board of the asked optimal length; the frame never blocks.

    A board maker that is slow says so after ``SLOW_AFTER`` seconds; one that failed (the
    coach dealt a random board instead) says so and offers that board, which starts only when
    the player takes it, and the game says it is not the difficulty asked.
    """

    def __init__(self, ctx: SceneContext, spec: GameSpec, request_id: int) -> None:
        super().__init__(ctx)
        self.spec = spec
        self.request_id = request_id
        self.elapsed = 0.0
        self.dealt: Board | None = None
        """A board of no promised length, dealt because the board maker failed."""

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_ESCAPE:
            self.emit(ToTitle())
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.dealt is not None:
            spec = dataclasses.replace(self.spec, difficulty=Difficulty.ANY)
            note = (f"a random {self.spec.width}x{self.spec.height} board, not "
                    f"{self.spec.difficulty}: the board maker failed")
            self.emit(BeginGame(self.dealt, spec, note=note))

    def receive(self, packet: CoachPacket) -> None:
        for made in packet.boards:
            if made.request_id != self.request_id:
                continue
            asked = difficulty_length(self.spec.width, self.spec.height, self.spec.difficulty)
            if made.length is None and asked is not None:
                self.dealt = made.board  # not what was asked: the player decides
            else:
                self.emit(BeginGame(made.board, self.spec))

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.ctx.theme.bg)
        asked = f"{self.spec.width}x{self.spec.height} {self.spec.difficulty}"
        status = self.ctx.coach.status
        if self.dealt is not None:
            why = status.detail or "it could not make one"
            view = MenuView("FIFTEEN", ("Play a random board instead",), 0,
                            subtitle=f"no {asked} board: {why}",
                            footer="Enter play the random board  Esc back to the title")
        else:
            spin = SPINNER[int(self.elapsed * SPIN_RATE) % len(SPINNER)]
            subtitle = asked
            if status.progress is not None:
                subtitle = f"{subtitle} - {work_words(status.work, status.progress)}"
            elif self.elapsed >= SLOW_AFTER:
                subtitle = (f"{subtitle} - still working after {int(self.elapsed)} s"
                            f"{': ' + status.detail if status.detail else ''}")
            view = MenuView("FIFTEEN", (f"generating... {spin}",), 0, subtitle=subtitle,
                            footer="Esc back to the title")
        draw_menu(surface, view, self.ctx.theme, self.ctx.fonts)
        self.draw_notice(surface)
