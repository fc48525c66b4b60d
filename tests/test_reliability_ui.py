"""The front end under trouble: a history that cannot be written is told and counted on quit,
a failed board maker says so and offers what it dealt, and the window fits the display."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pygame
import pytest

from game.cli.play import tell_unsaved
from game.core.coach import NewBoard
from game.core.generate import random_board
from game.store import history as history_module
from game.store.history import HISTORY_FILE, History
from game.store.history_scores import HistoryScores
from game.ui import services
from game.ui.app import App
from game.ui.audio import Sounds
from game.ui.scenes.play import PlayScene
from game.ui.scenes.title import GeneratingScene, TitleScene
from tests.app_driver import frames, key, play
from tests.app_driver import make_app as make_app  # noqa: F401  (fixture)
from tests.fakes_front import FakeClock, FakeWorker, MemoryStore
from tests.test_history_trouble import InlineWriter


class FailingBoardMaker(FakeWorker):
    """A coach whose board maker fails: every board comes back random, no length promised."""

    def request_board(self, width: int, height: int, length: int | None, seed: int) -> int:
        rid = next(self._ids)
        self.outbox.append(NewBoard(random_board(width, height, random.Random(seed)), None, rid))
        return rid


def test_a_failed_board_maker_says_so_and_offers_the_random_board(make_app) -> None:
    app = make_app(FailingBoardMaker())
    key(pygame.K_DOWN)
    key(pygame.K_RIGHT)  # difficulty: easy
    key(pygame.K_RETURN)
    frames(app, 3)
    scene = app.scene
    assert isinstance(scene, GeneratingScene) and scene.dealt is not None  # not started
    frames(app, 3)
    assert app.scene is scene
    key(pygame.K_RETURN)  # the player takes it
    frames(app)
    assert isinstance(app.scene, PlayScene)
    assert app.notice is not None and "not easy" in app.notice


def test_a_board_of_no_asked_length_starts_at_once(make_app) -> None:
    app = make_app(FailingBoardMaker())
    key(pygame.K_RETURN)  # difficulty any: nothing was promised
    frames(app, 3)
    assert isinstance(app.scene, PlayScene)


def test_a_huge_window_is_capped_to_the_display(make_app) -> None:
    app = make_app()
    desk = pygame.display.get_desktop_sizes()[0]
    app.resize((100_000, 1))
    w, h = app.window
    assert w <= desk[0] and h <= max(desk[1], 480)
    assert services.fit_window((100_000, 100_000)) == (int(desk[0] * 0.95), int(desk[1] * 0.9))


def test_with_no_display_size_the_window_is_still_capped(monkeypatch) -> None:
    def no_sizes() -> list:
        raise pygame.error("no display")

    monkeypatch.setattr(pygame.display, "get_desktop_sizes", no_sizes)
    w, h = services.fit_window((100_000, 1))
    assert w <= services.MAX_WINDOW[0] and h >= 1


def test_a_locked_history_is_told_on_screen_retried_and_counted_on_quit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.setattr(history_module, "BUSY_TIMEOUT_MS", 50)
    path = tmp_path / HISTORY_FILE
    History(path).games()
    scores = HistoryScores(History(path)).load()
    app = App(worker=FakeWorker(), clock=FakeClock(), writer=InlineWriter(),
              settings_store=MemoryStore(), sounds=Sounds.silent(), window=(640, 720),
              rng=random.Random(3), scores=scores)
    app.push(TitleScene(app, 3, 3))
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        play(app)
        key(pygame.K_UP)
        key(pygame.K_LEFT)
        frames(app, 90)
        assert scores.unsaved == 1
        assert app.notice is not None and app.notice.startswith("1 game not saved yet")
        assert "locked" in app.notice
    finally:
        app.close()
        tell_unsaved(app)
        other.execute("ROLLBACK")
        other.close()
    assert "1 game was not saved to the history" in capsys.readouterr().err
    assert not list(tmp_path.glob("*.corrupt-*"))
