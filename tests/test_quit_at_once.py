"""Quitting takes the window away first; the slow parts of shutting down come after, and
every save still completes."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pygame

from game.store.history import HISTORY_FILE, History
from game.store.history_scores import HistoryScores
from game.ui.app import App
from game.ui.audio import Sounds
from game.ui.scenes.title import TitleScene
from tests.app_driver import KEYS, frames, key, play
from tests.fakes_front import FakeClock, FakeWorker, MemoryStore


def window_open() -> bool:
    return bool(pygame.display.get_init()) and pygame.display.get_surface() is not None


class SlowWorker(FakeWorker):
    """A coach whose shutdown waits (a search being cancelled): notes whether the window was
    still there when it began."""

    def __init__(self) -> None:
        super().__init__()
        self.window_at_shutdown: bool | None = None

    def shutdown(self) -> None:
        self.window_at_shutdown = window_open()
        super().shutdown()


class LateWriter:
    """A writer that runs nothing until ``close`` (saves still queued when the game quits)."""

    def __init__(self) -> None:
        self.jobs: list[Callable[[], object]] = []
        self.window_at_close: bool | None = None
        self.done = 0

    def submit(self, fn: Callable[[], object]) -> None:
        self.jobs.append(fn)

    def close(self, timeout: float = 2.0) -> bool:
        self.window_at_close = window_open()
        while self.jobs:
            self.jobs.pop(0)()
            self.done += 1
        return True


def test_the_window_goes_before_the_worker_and_the_writer_wind_down(tmp_path) -> None:
    worker, writer, settings = SlowWorker(), LateWriter(), MemoryStore()
    scores = HistoryScores(History(tmp_path / HISTORY_FILE)).load()
    app = App(worker=worker, clock=FakeClock(), writer=writer, settings_store=settings,
              sounds=Sounds.silent(), window=(640, 720), rng=random.Random(7), scores=scores)
    app.push(TitleScene(app, 3, 3))
    scene = play(app)
    key(KEYS["U"])  # a move: the game left open is recorded at quit
    frames(app, 20)
    app.set_settings(replace(app.settings, hover=True))  # a settings save still queued
    assert scene.game.session.moves == 1 and window_open()
    app.quit()
    app.close()
    assert worker.window_at_shutdown is False and writer.window_at_close is False
    assert worker.closed and writer.done >= 2 and not writer.jobs
    assert settings.data["hover"] is True  # nothing lost: the queued saves ran
    (game,) = History(tmp_path / HISTORY_FILE).games()  # the abandoned game, written
    assert game.moves == 1 and not game.finished and app.scores.unsaved == 0
