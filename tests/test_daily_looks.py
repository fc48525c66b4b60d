"""The daily's HUD title, pause menu, end screen (share line, copy note, repeat) and the name
prompt at every window size: text inside the window, never overlapping, readable (the
checks of test_type_scale)."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest

from game.core.board import Board
from game.core.daily import Attempt, FirstTry, repeat_note, share_line
from game.core.generate import random_board
from game.core.spec import GameSpec
from game.ui.app import App
from game.ui.clipboard import NOT_COPIED
from game.ui.end_words import EndScreenView
from game.ui.name_entry import NameEntry
from game.ui.scenes.base import Scene
from game.ui.scenes.end import EndScene
from game.ui.scenes.pause import PauseMenu
from game.ui.scenes.play import PlayScene
from tests.app_driver import make_app as make_app  # noqa: F401  (fixture)
from tests.fakes_front import FakeWorker
from tests.test_type_scale import (
    Build,
    check_text_fits,
    drawn_at_each_size,
    entries,
    summary_for,
)
from tests.test_type_scale import record_text as record_text  # noqa: F401  (autouse)

DAY = dt.date(2026, 11, 24)
SPEC = GameSpec(4, 4, seed=7, daily=DAY.isoformat())


def play(pause: bool) -> Build:
    def build(app: App) -> Scene:
        scene = PlayScene(app, random_board(4, 4, __import__("random").Random(3)), SPEC)
        if pause:
            scene.menu = PauseMenu()
        return scene
    return build


def end(attempt: Attempt, copied: bool, naming: str | None = None) -> Build:
    """A daily's end screen: the longest share line (every bar), after C where the platform
    has no clipboard, and a repeat's words, or the name prompt open over it."""
    def build(app: App) -> Scene:
        board = Board.goal(4, 4)
        summary = summary_for(board)
        scene = EndScene(app, summary, SPEC, board)
        share = share_line(DAY, "4x4", 188, 52, 1234.5, "D", attempt=attempt,
                           distances=[52 - i % 53 for i in range(200)])
        note = repeat_note(FirstTry(12345, 10)) if attempt is Attempt.REPEAT else ""
        scene.view = EndScreenView(summary, tuple(entries(10)), rank=None if note else 9,
                                   game_id="4x4-123456789", share=share, rank_note=note,
                                   share_note=NOT_COPIED.format(
                                       why="the dummy video driver has none") if copied else "")
        if naming is not None:
            scene.naming = NameEntry(naming, 10, "4x4")
        return scene
    return build


def race(app: App) -> Scene:
    """G on a daily's end screen: a ghost race on the daily, its column under the title."""
    from game.core.ghost import GhostChoice, GhostKind

    board = random_board(4, 4, __import__("random").Random(3))
    scene = PlayScene(app, board, replace(SPEC, board=board,
                                          ghost=GhostChoice(GhostKind.COACH, 8)))
    scene.game.session.elapsed = 3.5
    return scene


SCENES: dict[str, Build] = {
    "play-daily": play(False),
    "play-daily-race": race,
    "pause-daily": play(True),
    "end-first": end(Attempt.FIRST, False),
    "end-repeat-copied": end(Attempt.REPEAT, True),
    "end-naming": end(Attempt.FIRST, False, ""),
    "end-naming-remembered": end(Attempt.FIRST, False, "WWWWWWWWWW"),
}


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("name", sorted(SCENES))
def test_daily_text_fits_the_window_and_never_overlaps(make_app, name: str,  # noqa: F811
                                                       large: bool) -> None:
    for size, surface in drawn_at_each_size(make_app(FakeWorker()), SCENES[name], large):
        texts = [d.text for d in surface.texts]
        if name.startswith("play") or name.startswith("pause"):
            assert "Daily 4x4 \u00b7 Tue 24 Nov 2026" in texts, f"{name} at {size}: {texts}"
        check_text_fits(surface, name, size)
