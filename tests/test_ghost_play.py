"""Racing a ghost in the app: the coach's line and your best, Mode.GHOST, `play --ghost`."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.cli.main import _play_options, build_parser, main
from game.core.ghost import GhostChoice, GhostKind
from game.core.recording import Mode
from game.core.spec import GameKind, GameSpec
from game.solver.exact.optimal import solve_exact
from game.store.history import HISTORY_FILE, GameRecord, History
from game.ui.app import App
from game.ui.scenes.end import EndScene
from game.ui.scenes.play import PlayScene
from tests.app_driver import KEYS, frames, key
from tests.history_driver import START, make_app
from tests.history_driver import data_home as data_home  # noqa: F401  (fixture)


def race(app: App, choice: GhostChoice) -> PlayScene:
    app.start_game(GameSpec(3, 3, board=START, ghost=choice))
    frames(app, 2)
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.game.race is not None
    return scene


def solve(app: App, moves: str = "UL", wait: int = 10) -> None:
    for letter in moves:
        key(KEYS[letter])
        frames(app, wait)


def test_coach_ghost_races_draws_and_is_recorded_as_ghost(data_home: Path) -> None:
    app = make_app(data_home)
    try:
        scene = race(app, GhostChoice(GhostKind.COACH, 2))
        ghost = scene.game.race.ghost
        assert ghost is not None and ghost.duration == pytest.approx(2 / 2)
        assert scene.hud_view().ghost.words == "2 to go"
        solve(app, "U", wait=42)  # 0.7 s in: the ghost has made one move, the player one
        line = scene.hud_view().ghost
        assert line.words == "1 to go" and line.clock == "0:00.7"
        assert scene.game.race.board_at(scene.game.session.elapsed) == START.apply("U")
        frames(app, 20)  # past 1 s: the ghost is home first
        assert scene.hud_view().ghost.words == "done"
        solve(app, "L", wait=1)
        assert "the ghost was" in scene.hud_view().banner
        frames(app, 80)
        assert isinstance(app.scene, EndScene)
    finally:
        app.close()
    (game,) = History(data_home / HISTORY_FILE).games()
    assert game.mode is Mode.GHOST and game.finished


def test_end_screen_g_races_the_best_game_on_the_board(data_home: Path) -> None:
    app = make_app(data_home)
    try:
        app.start_game(GameSpec(3, 3, board=START))
        frames(app, 2)
        solve(app)
        frames(app, 80)
        assert isinstance(app.scene, EndScene)
        key(pygame.K_ESCAPE)  # a new top-10 entry asks for a name first: skipped
        key(pygame.K_g)
        frames(app, 2)
        scene = app.scene
        assert isinstance(scene, PlayScene) and scene.game.race is not None
        ghost = scene.game.race.ghost
        assert ghost is not None and scene.game.race.choice.kind is GhostKind.BEST
        assert ghost.board_at(999).is_solved() and ghost.total_moves == 2
        solve(app, wait=1)  # faster than the first game's 10 frames a move
        banner = scene.hud_view().banner
        assert "ghost beaten by" in banner
        frames(app, 80)
        assert isinstance(app.scene, EndScene)  # the same gap, as the clocks show it
        gap = banner.split("ghost beaten by ")[1].split(" s")[0]
        assert f"You beat the ghost by {gap} s" in app.scene.view.race[0]
    finally:
        app.close()


def test_a_gap_is_told_as_the_clocks_show_it() -> None:
    """A newcomer's play screen said "ghost beaten by 68.7 s", the end screen 68.6 s, for
    0:02.5 against 1:11.1 (2.472 s and 71.145 s)."""
    from game.core.race import gap_text

    assert gap_text(2.472, 71.145) == "1:08.6" and gap_text(3.01, 3.04) == "under 0.1 s"


def test_best_ghost_is_read_from_the_history_off_the_frame(data_home: Path) -> None:
    app = make_app(data_home)
    try:
        app.start_game(GameSpec(3, 3, board=START))
        frames(app, 2)
        solve(app)
        frames(app, 80)
    finally:
        app.close()
    again = make_app(data_home)  # a new run: the game's actions are only on disk
    try:
        scene = race(again, GhostChoice(GhostKind.BEST))
        assert scene.game.race.ghost is not None and scene.game.race.ghost.total_moves == 2
        # and a board never played falls back to the coach's line
        again.start_game(GameSpec(3, 3, board=START.apply("U").apply("D").apply("L"),
                                  ghost=GhostChoice(GhostKind.BEST, 8)))
        frames(again, 2)
        assert again.scene.game.race.choice == GhostChoice(GhostKind.COACH, 8)
    finally:
        again.close()


def test_play_ghost_best_finds_your_best_and_its_board(data_home: Path) -> None:
    app = make_app(data_home)
    try:  # two custom games on START (the second faster), then a slower random one
        for wait, kind in ((12, None), (6, None), (9, GameKind.RANDOM)):
            app.start_game(GameSpec(3, 3, board=START, chosen=kind))
            frames(app, 2)
            solve(app, wait=wait)
            frames(app, 80)
    finally:
        app.close()
    games = History(data_home / HISTORY_FILE).games()
    assert [g.kind for g in games] == [GameKind.CUSTOM, GameKind.CUSTOM, GameKind.RANDOM]
    best = min(games, key=lambda g: g.seconds)
    # on the board: the best game on it, whatever its kind
    options = _play_options(build_parser().parse_args(
        ["play", "--ghost", "best", "--board", START.text()]))
    assert options.board == START and options.ghost is not None
    assert options.ghost.recording is not None and options.ghost.game == best.id
    assert options.ghost.recording.times_ms[-1] == round(best.seconds * 1000)
    # no board: the size's best random game, never a custom board's (faster as it was)
    options = _play_options(build_parser().parse_args(["play", "--ghost", "--size", "3x3"]))
    assert options.board == START and options.ghost is not None
    assert options.ghost.game == games[2].id and best.id != games[2].id
    options = _play_options(build_parser().parse_args(["play", "--ghost", "coach",
                                                       "--tps", "2.5"]))
    assert options.ghost == GhostChoice(GhostKind.COACH, 2.5)


def test_ghost_best_plays_a_seeded_best_by_its_seed(data_home: Path) -> None:
    board = GameSpec(3, 3, seed=77).seeded_board()
    moves = solve_exact(board).moves
    History(data_home / HISTORY_FILE).add(GameRecord(
        game_id="3x3-77", width=3, height=3, board=board, mode=Mode.NORMAL, started="t",
        session="s", finished=True, solved_by_player=True, seconds=9.0, moves=len(moves),
        optimal_length=len(moves), points=100, grade="S", efficiency=1.0,
        tokens=tuple(moves), times_ms=tuple(range(0, 100 * len(moves), 100))))
    options = _play_options(build_parser().parse_args(["play", "--ghost", "--size", "3x3"]))
    assert options.seed == 77 and options.board is None  # its game ID: played as SEEDED
    assert options.ghost is not None and options.ghost.recording is not None
    assert options.ghost.recording.board == board


@pytest.mark.parametrize(("argv", "words"), [
    (["play", "--ghost", "ghosty"], "'ghosty' is not a ghost"),
    (["play", "--ghost", "coach", "--tps", "0"], "'0'"),
    (["play", "--ghost", "coach", "--tps", "fast"], "'fast'"),
    (["play", "--ghost", "coach", "--tps", "nan"], "'nan'"),
    (["play", "--ghost", "best", "--tps", "4"], "--tps 4"),
    (["play", "--tps", "3"], "--tps 3"),
    (["play", "--ghost"], "no finished game on a random 4x4 board"),
    (["play", "--ghost", "best", "--size", "3x3", "--seed", "5"], "no finished game on"),
    (["play", "--daily", "--ghost", "coach"], "--daily"),
])
def test_play_ghost_bad_input_exit_2_one_line(data_home: Path, capsys, argv: list[str],
                                              words: str) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
    assert not data_home.exists()


def test_a_late_coach_line_sets_off_when_it_arrives(data_home: Path) -> None:
    app = make_app(data_home)  # the coach answers through its packet, a frame later
    try:
        app.start_game(GameSpec(3, 3, board=START, ghost=GhostChoice(GhostKind.COACH, 4)))
        scene = app.scene
        assert isinstance(scene, PlayScene) and scene.game.race is not None
        scene.game.session.started, scene.game.session.elapsed = True, 5.0  # the player is 5 s in
        assert scene.hud_view().ghost.words == "waiting"
        frames(app, 3)
        race_ = scene.game.race
        assert race_.ghost is not None and race_.offset == pytest.approx(5.0, abs=0.1)
        assert race_.line(race_.offset).words == "2 to go"
        assert race_.line(race_.offset + 0.5).words == "done"
    finally:
        app.close()
