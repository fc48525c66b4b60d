"""The typed seams of the front end: what a scene may use, and the services the app drives."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from typing import Protocol

import pygame

from game.core.board import Board
from game.core.coach import CoachPacket, WorkerStatus
from game.core.settings import Settings
from game.store.highscores import HighScores
from game.ui.fonts import Fonts
from game.ui.layout import Layout
from game.ui.render import TileCache
from game.ui.theme import Theme


class Coach(Protocol):
    """The coach as a scene uses it; every call returns at once (see game.worker)."""

    @property
    def status(self) -> WorkerStatus: ...

    def submit(self, board: Board) -> None: ...

    def judge(self, boards: list[Board], seconds: Mapping[Board, float] | None = None) -> None:
        """Solve these boards when idle, so earlier moves can be judged (see game.worker)."""
        ...

    def request_board(self, width: int, height: int, length: int | None, seed: int) -> int: ...


class FrameGateLike(Protocol):
    """Held while the loop works on a frame (``game.worker.gate.FrameGate``)."""

    def hold(self) -> None: ...

    def release(self) -> None: ...


class Worker(Coach, Protocol):
    """The coach as the app drives it (``game.worker.SolverWorker`` or a test double)."""

    @property
    def gate(self) -> FrameGateLike: ...

    def start(self) -> None: ...

    def take(self) -> CoachPacket:
        """Everything the coach has for the game since the last call (once a frame)."""
        ...

    def shutdown(self) -> None: ...


class Clock(Protocol):
    """The frame clock (``pygame.time.Clock`` or a test double)."""

    def tick(self, framerate: float = ...) -> int: ...


class Writer(Protocol):
    """The background writer for saves (``game.store.storage.BackgroundWriter``)."""

    def submit(self, fn: Callable[[], object]) -> Future[object] | None: ...

    def close(self, timeout: float = ...) -> object: ...


class SceneContext(Protocol):
    """Exactly what scenes may use; changes go back to the app as intents."""

    @property
    def settings(self) -> Settings: ...

    @property
    def theme(self) -> Theme: ...

    @property
    def fonts(self) -> Fonts: ...

    @property
    def tiles(self) -> TileCache: ...

    @property
    def coach(self) -> Coach: ...

    @property
    def scores(self) -> HighScores:
        """Read only: the tables (games are entered by the app, through intents)."""
        ...

    @property
    def rng(self) -> random.Random: ...

    @property
    def warning(self) -> str | None: ...

    @property
    def notice(self) -> str | None:
        """A one-line message every scene shows across the top while it lasts, or None."""
        ...

    @property
    def window(self) -> tuple[int, int]:
        """The window's size in pixels."""
        ...

    def layout_for(self, board: Board) -> Layout: ...

    def picture_tiles(self, board: Board) -> dict[int, pygame.Surface] | None: ...
