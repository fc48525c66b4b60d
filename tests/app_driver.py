"""Drive the real app headless: build it with fakes, post synthetic events, step frames."""

from __future__ import annotations

import hashlib
import math
import random

import pygame
import pytest

from game.core.board import Board
from game.core.notation import parse_board
from game.core.spec import GameSpec
from game.play.help import HELP_SEEN_SECONDS
from game.store.highscores import SCORES_VERSION, HighScores, default_data
from game.store.storage import JsonStore
from game.ui.app import App
from game.ui.audio import Sounds
from game.ui.scenes.play import PlayScene
from game.ui.scenes.title import TitleScene
from tests.fakes_front import FakeClock, FakeWorker, InlineWriter, MemoryStore

DT = 1 / 60
SEEN_FRAMES = math.ceil(HELP_SEEN_SECONDS / DT) + 1
"""Frames for help drawn to be seen (and paid for): ``HELP_SEEN_SECONDS``."""
START = parse_board("1 2 3/4 0 6/7 5 8")  # two moves from the goal: U then L
KEYS = {"U": pygame.K_UP, "D": pygame.K_DOWN, "L": pygame.K_LEFT, "R": pygame.K_RIGHT}


@pytest.fixture
def make_app(tmp_path):
    """A factory of apps on the title screen (3x3) with fakes; closes them afterwards."""
    apps = []
    scores = HighScores(JsonStore(tmp_path / "scores.json", version=SCORES_VERSION,
                                  defaults=default_data, kind="scores"))

    def make(worker: FakeWorker | None = None, store: MemoryStore | None = None) -> App:
        app = App(worker=worker or FakeWorker(), clock=FakeClock(), writer=InlineWriter(),
                  settings_store=store or MemoryStore(), sounds=Sounds.silent(),
                  window=(640, 720), rng=random.Random(7), scores=scores)
        app.push(TitleScene(app, 3, 3))
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()


def key(k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                         scancode=0))


def click(pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))


def frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.frame(DT)


def play(app: App, board: Board = START) -> PlayScene:
    app.start_game(GameSpec(board.width, board.height, board=board))
    frames(app)
    assert isinstance(app.scene, PlayScene)
    return app.scene


def centre(app: App, board: Board, index: int) -> tuple[int, int]:
    x, y, size, _ = app.layout_for(board).cell_rect(index)
    return x + size // 2, y + size // 2


def screen_hash(app: App) -> str:
    return hashlib.sha1(pygame.image.tobytes(app.screen, "RGB")).hexdigest()
