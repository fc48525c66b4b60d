"""The typed seams of the front end: what a scene may use, and the services the app drives."""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Future
from typing import Protocol

import pygame

from game.core.board import Board
from game.core.coach import CoachResult, Hint, WorkerStatus
from game.core.settings import Settings
from game.core.spec import GameSpec
from game.core.summary import GameSummary
from game.session import Session
from game.store.highscores import AddResult, HighScores
from game.ui.fonts import Fonts
from game.ui.layout import Layout
from game.ui.render import TileCache
from game.ui.stats import RunStats
from game.ui.theme import Theme


class Coach(Protocol):
    """The coach as a scene uses it; every call returns at once (see game.worker)."""

    @property
    def status(self) -> WorkerStatus: ...

    def known(self, board: Board) -> Hint | None: ...

    def submit(self, board: Board) -> None: ...

    def judge(self, boards: list[Board]) -> None:
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

    def poll(self) -> list[CoachResult]: ...

    def shutdown(self) -> None: ...


class Clock(Protocol):
    """The frame clock (``pygame.time.Clock`` or a test double)."""

    def tick(self, framerate: float = ...) -> int: ...


class Writer(Protocol):
    """The background writer for saves (``game.store.storage.BackgroundWriter``)."""

    def submit(self, fn: Callable[[], object]) -> Future[object] | None: ...

    def close(self) -> object: ...


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
        """Read only: tables and warnings (entering a game is ``record_game``)."""
        ...

    @property
    def stats(self) -> RunStats: ...

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

    def record_session(self, session: Session, spec: GameSpec) -> AddResult | None:
        """Remember a game, finished or abandoned, in the history (written in the
        background); for a win, where it landed in the high scores."""
        ...

    def record_game(self, summary: GameSummary, game_id: str) -> AddResult | None:
        """Enter a finished game in the high scores now (the file is written in the
        background); the result says where it landed."""
        ...
