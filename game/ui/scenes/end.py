"""End-of-game screen (figures, chart, top 10; N new, R replay, Esc title) and the scores view."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui.scenes.base import Scene

if TYPE_CHECKING:
    from game.app import App, GameSpec
    from game.session import Session

SCORE_SHAPES = ("3x3", "4x4", "5x5")


class EndScene(Scene):
    """Shows the finished game's summary; the score is entered once, saved in the background."""

    def __init__(self, app: App, session: Session, spec: GameSpec) -> None:
        super().__init__(app)
        self.session = session
        self.spec = spec
        self.summary = session.summary()
        self.result = app.record_score(self.summary, session.game_id or "")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        from dataclasses import replace

        if event.key == pygame.K_n:
            self.app.start_game(self.spec.fresh())
        elif event.key == pygame.K_r:
            self.app.start_game(replace(self.spec, board=self.session.start))
        elif event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.app.to_title()

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.end_screen import draw_end_screen

        view = self.app.end_view(self.summary, self.result, self.session)
        draw_end_screen(surface, view, self.app.theme, self.app.fonts)


class ScoresScene(Scene):
    """The per-size high-score tables; Left/Right change the size, Esc goes back."""

    def __init__(self, app: App, shape: str) -> None:
        super().__init__(app)
        shapes = list(SCORE_SHAPES)
        for extra in app.score_shapes():
            if extra not in shapes:
                shapes.append(extra)
        if shape not in shapes:
            shapes.append(shape)
        self.shapes = shapes
        self.index = shapes.index(shape)

    @property
    def shape(self) -> str:
        """The board size on show."""
        return self.shapes[self.index]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_BACKSPACE):
            self.app.pop()
        elif event.key in (pygame.K_LEFT, pygame.K_a):
            self.index = (self.index - 1) % len(self.shapes)
        elif event.key in (pygame.K_RIGHT, pygame.K_d):
            self.index = (self.index + 1) % len(self.shapes)

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.scores_view import draw_high_scores

        view: Any = self.app.scores_view(self.shape)
        draw_high_scores(surface, view, self.app.theme, self.app.fonts)
