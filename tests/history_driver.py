"""Drive the app with a real game history in a private data folder (shared by history tests)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.core.notation import parse_board
from game.store.history import HISTORY_FILE, History
from game.store.history_scores import HistoryScores
from game.ui.app import App
from game.ui.audio import Sounds
from game.ui.scenes.title import TitleScene
from tests.fakes_front import FakeClock, FakeWorker, InlineWriter, MemoryStore

START = parse_board("1 2 3/4 0 6/7 5 8")  # U then L solves it


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private XDG data folder; returns the game's own folder in it."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return tmp_path / "fifteen"


def make_app(folder: Path) -> App:
    """An app on the 3x3 title screen whose high scores are the history in ``folder``."""
    scores = HistoryScores(History(folder / HISTORY_FILE)).load()
    app = App(worker=FakeWorker(), clock=FakeClock(), writer=InlineWriter(),
              settings_store=MemoryStore(), sounds=Sounds.silent(), window=(760, 820),
              rng=random.Random(3), scores=scores)
    app.push(TitleScene(app, 3, 3))
    return app
