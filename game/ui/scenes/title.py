"""Title screen (size, difficulty, play, scores, settings), attract mode and board generation."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from game.core.board import MAX_SIDE, MIN_SIDE
from game.core.generate import random_board
from game.ui.autoplay import AutoPlayer
from game.ui.render import MenuView, draw_menu
from game.ui.scenes.base import MenuState, Scene
from game.core.spec import DIFFICULTIES, GameSpec, difficulty_length

if TYPE_CHECKING:
    from game.ui.app import App

ATTRACT_AFTER = 30.0
"""Seconds idle on the title before the self-playing demo starts."""
ATTRACT_SHAPES = ((3, 3), (4, 4))
PRESETS: tuple[tuple[int, int] | None, ...] = ((3, 3), (4, 4), (5, 5), None)
"""Size choices; None is custom width x height."""
SPINNER = "|/-\\"
SPIN_RATE = 8.0


class TitleScene(Scene):
    """Choose a board and start; idle too long and the game plays itself."""

    def __init__(self, app: App, width: int = 4, height: int = 4) -> None:
        super().__init__(app)
        self.width, self.height = width, height
        self.custom = (width, height) not in PRESETS
        self.difficulty = "any"
        self.idle = 0.0
        self.menu = MenuState(len(self.items()))

    def reset_idle(self) -> None:
        """Count idle time from now (back from a game or the demo)."""
        self.idle = 0.0

    def items(self) -> list[str]:
        """Menu entries for the current choices."""
        size = "custom" if self.custom else f"{self.width}x{self.height}"
        rows = [f"Size: {size}"]
        if self.custom:
            rows += [f"Width: {self.width}", f"Height: {self.height}"]
        if difficulty_length(self.width, self.height, "easy") is None:
            rows.append("Difficulty: any (random)")
        else:
            rows.append(f"Difficulty: {self.difficulty}")
        return rows + ["Play", "High scores", "Settings", "Quit"]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            self.idle = 0.0
        direction = ""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.quit()
                return
            direction = self.menu.key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            if self.menu.click(event.pos):
                direction = "enter" if event.button == 1 else "left"
        if direction in ("left", "right", "enter"):
            self._choose(self.items()[self.menu.selected], direction)
            self.menu.count = len(self.items())

    def _choose(self, item: str, direction: str) -> None:
        step = -1 if direction == "left" else 1
        name = item.split(":")[0]
        if name == "Size":
            current = None if self.custom else (self.width, self.height)
            nxt = PRESETS[(PRESETS.index(current) + step) % len(PRESETS)]
            self.custom = nxt is None
            if nxt is not None:
                self.width, self.height = nxt
        elif name == "Width":
            self.width = _wrap(self.width + step)
        elif name == "Height":
            self.height = _wrap(self.height + step)
        elif name == "Difficulty":
            i = DIFFICULTIES.index(self.difficulty)
            self.difficulty = DIFFICULTIES[(i + step) % len(DIFFICULTIES)]
        elif direction != "enter":
            return
        elif name == "Play":
            self.app.start_game(GameSpec(self.width, self.height, self.difficulty))
        elif name == "High scores":
            from game.ui.scenes.end import ScoresScene

            self.app.push(ScoresScene(self.app, f"{self.width}x{self.height}"))
        elif name == "Settings":
            self.app.open_settings()
        elif name == "Quit":
            self.app.quit()

    def update(self, dt: float) -> None:
        self.idle += dt
        if self.idle >= ATTRACT_AFTER:
            self.idle = 0.0
            self.start_attract()

    def start_attract(self) -> None:
        """Push a self-playing game that any key ends."""
        from game.core.generate import MAX_SEED
        from game.ui.scenes.play import PlayScene

        rng = self.app.rng
        width, height = rng.choice(ATTRACT_SHAPES)
        spec = GameSpec(width, height, "any", rng.randrange(MAX_SEED))
        board = random_board(width, height, random.Random(spec.seed))
        self.app.push(PlayScene(self.app, board, spec,
                                autoplayer=AutoPlayer(random.Random(spec.seed)), attract=True))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.theme.bg)
        subtitle = "slide the tiles home - the coach knows the shortest way"
        warning = self.app.warning and f"note: {self.app.warning}"
        view = MenuView("FIFTEEN", tuple(self.items()), self.menu.selected,
                        subtitle=warning or subtitle,
                        footer="Up/Down choose  Left/Right change  Enter start  Esc quit")
        self.menu.rects = draw_menu(surface, view, self.app.theme, self.app.fonts)


def _wrap(side: int) -> int:
    if side > MAX_SIDE:
        return MIN_SIDE
    if side < MIN_SIDE:
        return MAX_SIDE
    return side


class GeneratingScene(Scene):
    """Waits for the worker's board of the asked optimal length; the frame never blocks."""

    def __init__(self, app: App, spec: GameSpec, request_id: int) -> None:
        super().__init__(app)
        self.spec = spec
        self.request_id = request_id
        self.elapsed = 0.0

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.to_title()

    def receive(self, result: Any) -> bool:
        if getattr(result, "request_id", None) != self.request_id:
            return False
        from game.ui.scenes.play import PlayScene

        self.app.replace(PlayScene(self.app, result.board, self.spec))
        return True

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.theme.bg)
        spin = SPINNER[int(self.elapsed * SPIN_RATE) % len(SPINNER)]
        view = MenuView("FIFTEEN", (f"generating... {spin}",), 0,
                        subtitle=f"{self.spec.width}x{self.spec.height} {self.spec.difficulty}",
                        footer="Esc back to the title")
        draw_menu(surface, view, self.app.theme, self.app.fonts)
