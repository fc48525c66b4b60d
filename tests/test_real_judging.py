"""Judging in the real loop with the real worker: what the game shows is what it saves.

Each test runs the app's own frames against a real SolverWorker (the real solver on 4x4, a
scripted big-board solver behind the real worker on 5x5) and a real SQLite history, then
compares the end screen, the pop-ups and the saved record. Waits are bounded only to catch a
hang; nothing here asserts how fast anything is.
"""

from __future__ import annotations

import os
import random
import time
import types
from pathlib import Path

import pygame
import pytest

from game.core.board import Board, inverse, inverse_moves
from game.core.notation import parse_board
from game.core.scoring import MoveClass
from game.core.spec import GameSpec
from game.play.events import Rejudged, Scored
from game.store.history import HISTORY_FILE, History
from game.store.history_scores import HistoryScores
from game.ui.app import App
from game.ui.audio import Sounds
from game.ui.scenes.end import EndScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.title import TitleScene
from game.worker import SolverWorker
from game.worker.jobs import Found
from tests.app_driver import KEYS
from tests.fakes_front import FakeClock, InlineWriter, MemoryStore

DT = 1 / 60
HANG_SECONDS = 120.0
"""Only a hung coach takes this long (tables load or build on a cold machine first)."""
ISSUE_BOARD = parse_board("1 2 3 4/5 0 6 8/9 10 7 11/13 14 15 12")
ISSUE_KEYS = (pygame.K_LEFT, pygame.K_UP, pygame.K_LEFT, pygame.K_UP)
"""The issue's perfect game: four keys, pressed the moment the window opens."""


def make_app(folder: Path, worker: SolverWorker) -> App:
    scores = HistoryScores(History(folder / HISTORY_FILE)).load()
    app = App(worker=worker, clock=FakeClock(), writer=InlineWriter(),
              settings_store=MemoryStore(), sounds=Sounds.silent(), window=(760, 820),
              rng=random.Random(3), scores=scores)
    app.push(TitleScene(app, 4, 4))
    return app


class Popups:
    """Every judgement the play screen popped up (the mid-end's events, as the scene saw them)."""

    def __init__(self, scene: PlayScene) -> None:
        self.scored: list[Scored] = []
        self.rejudged: list[Rejudged] = []
        take = scene.game.take_events

        def seen() -> list:
            events = take()
            self.scored += [e for e in events if isinstance(e, Scored)]
            self.rejudged += [e for e in events if isinstance(e, Rejudged)]
            return events

        scene.game.take_events = seen  # type: ignore[method-assign]

    @property
    def points(self) -> int:
        return sum(e.gained for e in self.scored) + sum(e.gained for e in self.rejudged)


def play_until_end(app: App) -> EndScene:
    """Real frames (real time passes for the worker) until the end screen shows."""
    limit = time.monotonic() + HANG_SECONDS
    while not isinstance(app.scene, EndScene):
        if time.monotonic() > limit:  # a bound on a hang, not a timing
            pytest.fail("the game never reached its end screen (a hung coach?)")
        step(app)
    return app.scene


def step(app: App) -> None:
    """One frame, as the app's loop runs it: dt is the real time since the last one."""
    time.sleep(0.002)
    app.frame(DT)


def start(app: App, board: Board) -> PlayScene:
    app.start_game(GameSpec(board.width, board.height, board=board))
    assert isinstance(app.scene, PlayScene)
    return app.scene


def press(*keys: int) -> None:
    for k in keys:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="",
                                             scancode=0))


def test_a_perfect_game_in_the_first_frames_is_an_s_on_screen_and_in_the_history(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As after the README's set-up: the tables `make` prepared (a coach still building its
    tables on a first run is waited for as well: see test_midend)."""
    monkeypatch.setenv("XDG_CACHE_HOME", os.environ["FIFTEEN_PREPARED_CACHE"])
    worker = SolverWorker(warm_shapes=((4, 4),))
    app = make_app(tmp_path, worker)
    try:
        shown = []
        for _ in range(4):
            start(app, ISSUE_BOARD)
            press(*ISSUE_KEYS)  # before the first frame: the coach has answered nothing
            end = play_until_end(app)
            shown.append(end.view.summary)
        history = History(tmp_path / HISTORY_FILE)
        games = [history.game(g.id) for g in history.games() if g.id is not None]
        assert len(games) == 4
        for summary, game in zip(shown, games, strict=True):
            assert game is not None
            assert summary.grade == "S" and summary.perfect and summary.unknown == 0
            assert (game.grade, game.points, game.optimal_length, game.moves) == \
                ("S", summary.points, 4, 4)
            assert game.judgements == ("o", "o", "o", "o")
        assert len({s.points for s in shown}) <= len(shown)  # time bonus may differ by run
        table = app.scores.table("4x4")
        assert all(entry.grade == "S" for entry in table)
    finally:
        app.close()


# --- beyond exact reach: a scripted big-board solver behind the real worker -----------------
WALK = "DDRRULLDRRUUL"
BOARD = Board.goal(5, 5).apply_all(WALK)
SHORT = inverse_moves(WALK)
"""The player's line: 13 moves."""


def detour_at(board: Board, avoid: str) -> str:
    return next(m for m in board.legal_moves() if m not in avoid)


class ScriptedCoach:
    """A big-board solver: for the start it finds only a line 4 longer than the player's;
    anywhere on the player's line it finds the rest of it; off it, back and the rest."""

    def __init__(self, line: str) -> None:
        self.line = line
        self.module = types.SimpleNamespace(
            CancelToken=lambda: types.SimpleNamespace(cancelled=False, cancel=lambda: None),
            SolveCancelled=type("Cancelled", (Exception,), {}),
            warm_up=lambda *a, **k: None, optimal_moves=self.optimal_moves,
            within_reach=lambda b: False, random_board_with_length=None)
        self.on_line = {}
        board = BOARD
        for i, move in enumerate(line):
            self.on_line[board] = line[i:]
            board = board.apply(move)

    def optimal_moves(self, board: Board, *, cancel=None, deadline=None, progress=None,
                      on_better=None, proof_share=0.0) -> Found:
        if board == BOARD:
            away = detour_at(board, self.line[0])
            return Found(board, away + away + inverse(away) + inverse(away) + self.line)
        if board in self.on_line:
            return Found(board, self.on_line[board])
        for move in board.legal_moves():  # one step off the line: back, then the line
            back = board.apply(move)
            if back in self.on_line:
                return Found(board, move + self.on_line[back])
        raise AssertionError(f"the scripted coach was not ready for {board}")


def big_game(tmp_path: Path, keys: str) -> tuple[EndScene, Popups, object]:
    coach = ScriptedCoach(SHORT)
    worker = SolverWorker(solver_module=coach.module, prefetch=False)
    app = make_app(tmp_path, worker)
    try:
        scene = start(app, BOARD)
        popups = Popups(scene)
        for move in keys:  # a thinking player: each move once the coach has looked
            press(KEYS[move])
            for _ in range(30):
                step(app)
        end = play_until_end(app)
        return end, popups, History(tmp_path / HISTORY_FILE).last()
    finally:
        app.close()


@pytest.mark.parametrize("first_frames", [False, True], ids=["thinking", "hurried"])
def test_a_line_shorter_than_the_coachs_is_never_charged(tmp_path: Path,
                                                         first_frames: bool) -> None:
    if first_frames:
        coach = ScriptedCoach(SHORT)
        app = make_app(tmp_path, SolverWorker(solver_module=coach.module, prefetch=False))
        try:
            scene = start(app, BOARD)
            popups = Popups(scene)
            press(*(KEYS[m] for m in SHORT))  # all before the coach has said anything
            end = play_until_end(app)
            game = History(tmp_path / HISTORY_FILE).last()
        finally:
            app.close()
    else:
        end, popups, game = big_game(tmp_path, SHORT)
    summary = end.view.summary
    assert summary.wasteful == 0 and summary.unknown == 0 and summary.moves == len(SHORT)
    assert summary.optimal_length == len(SHORT) and summary.efficiency == 1.0
    assert all(e.cls.good for e in popups.scored)
    assert game is not None and game.points == summary.points and game.grade == summary.grade
    letters = "".join(game.judgements)  # on the line, or optimal where exact near the goal
    assert len(letters) == len(SHORT) and set(letters) <= {"l", "o"}


def test_a_two_move_detour_is_charged_at_most_two_moves_and_the_popups_are_the_record(
        tmp_path: Path) -> None:
    here = BOARD.apply_all(SHORT[:3])
    away = detour_at(here, SHORT[3] + inverse(SHORT[2]))
    keys = SHORT[:3] + away + inverse(away) + SHORT[3:]
    end, popups, game = big_game(tmp_path, keys)
    summary = end.view.summary
    assert 1 <= summary.wasteful <= 2 and summary.unknown == 0
    assert summary.moves == len(SHORT) + 2
    assert popups.points == summary.move_points  # every point shown is every point kept
    assert game is not None and game.points == summary.points
    letters = "".join(game.judgements)
    assert letters.count("x") == summary.wasteful and "?" not in letters
    charged = [e for e in popups.scored if e.cls is MoveClass.OFF_LINE]
    assert len(charged) - sum(1 for e in popups.rejudged if e.gained > 0) <= 2
