"""What every scene offers the app: handle events, update by dt, draw from state, emit intents."""

from __future__ import annotations

import pygame

from game.core.coach import CoachPacket
from game.ui.context import SceneContext
from game.ui.intents import Intent
from game.ui.notice import draw_notice


class Scene:
    """A screen on the app's stack; it reads its context and asks for changes with intents."""

    demo_input = False
    """A self-playing demo: any key leaves it (the app's own keys, such as M, stay out)."""

    def __init__(self, ctx: SceneContext) -> None:
        self.ctx = ctx
        self._intents: list[Intent] = []

    @property
    def text_input(self) -> bool:
        """Keys are typed as text now (a name): the app's own letter keys, such as M, stay
        out."""
        return False

    def emit(self, intent: Intent) -> None:
        """Ask the app for something; it is carried out right after the current call."""
        self._intents.append(intent)

    def take_intents(self) -> list[Intent]:
        """The intents emitted since the last call (the app carries them out in order)."""
        intents, self._intents = self._intents, []
        return intents

    def shown_again(self) -> None:
        """The scene is back on top of the stack (the ones above it were closed)."""

    def closed(self) -> None:
        """The scene left the stack for good (a game not won is recorded as abandoned)."""

    def handle(self, event: pygame.event.Event) -> None:
        """React to one event (interpret into actions; the scene applies them in update)."""

    def receive(self, packet: CoachPacket) -> None:
        """The coach's packet of this frame (answers, made boards, status); every scene on
        the stack sees it, each takes what it wants."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the frame from state; must not change it."""

    def draw_notice(self, surface: pygame.Surface) -> None:
        """Paint the app's notice (e.g. scores that cannot be saved) over the frame, if any."""
        draw_notice(surface, self.ctx.notice, self.ctx.theme, self.ctx.fonts)
