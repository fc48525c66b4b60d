"""The history end to end: games played in the app are stored, counted, replayed; the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.cli.main import main
from game.core.clock import clock_text
from game.core.replay_code import decode_game, encode
from game.core.spec import GameKind, GameSpec
from game.store.history import HISTORY_FILE, History
from game.ui.app import App
from game.ui.intents import ShowReplay, ShowStats
from game.ui.scenes.end import EndScene
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.stats import StatsScene
from tests.app_driver import KEYS, frames, key
from tests.history_driver import START, make_app
from tests.history_driver import data_home as data_home  # noqa: F401  (fixture)


def play_moves(app: App, moves: str) -> None:
    app.start_game(GameSpec(3, 3, board=START))
    frames(app, 2)
    for letter in moves:
        key(KEYS[letter])
        frames(app, 10)


def test_games_are_recorded_counted_and_replayed(data_home: Path, capsys) -> None:
    app = make_app(data_home)
    try:
        play_moves(app, "UD")  # abandoned by a new game
        play_moves(app, "UL")  # solved
        frames(app, 80)
        assert isinstance(app.scene, EndScene)
        app.to_title()
        app.carry_out(ShowStats("3x3"))
        stats_scene = app.scene
        assert isinstance(stats_scene, StatsScene)
        stats = stats_scene.stats()
        assert stats is not None and (stats.games, stats.solves) == (2, 1)
        assert [kind for kind, _ in stats.kinds] == [GameKind.CUSTOM]  # --board games
        frames(app, 2)
        key(pygame.K_r)
        frames(app, 2)
        assert isinstance(app.scene, ReplayScene)
        replay = app.scene
        assert replay.model is not None and replay.model.frames[-1].board.is_solved()
        frames(app, 200)  # the coach judges the moves meanwhile
        assert "optimal" in replay.model.frames[-1].note
        assert replay.index == len(replay.model.frames) - 1
    finally:
        app.close()
    games = History(data_home / HISTORY_FILE).games()
    assert [(g.finished, g.moves) for g in games] == [(False, 2), (True, 2)]
    assert main(["stats", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    (size,) = doc["sizes"]
    assert size["size"] == "3x3" and size["games"] == 2 and size["solves"] == 1
    custom = size["kinds"]["custom"]
    assert custom["best"]["moves"] == 2 and custom["ao5"] is None
    assert main(["replay", "--last", "--text"]) == 0
    text = capsys.readouterr().out
    assert "move 2 L: optimal (0 to go)" in text and "no detour" in text
    last = History(data_home / HISTORY_FILE).last()
    assert last is not None  # and the totals the end screen showed, as saved
    assert text.splitlines()[-1] == (f"totals: 2 moves in {clock_text(last.seconds)} · "
                                     f"{last.points} points · grade {last.grade} · "
                                     "optimal length 2 · "
                                     f"efficiency 100% · hints 0 · undos 0 · restarts 0")
    assert main(["replay", "--last", "--code"]) == 0
    code = capsys.readouterr().out.strip()
    last = History(data_home / HISTORY_FILE).last()
    assert last is not None
    coded = decode_game(code)  # the code carries what the game judged, too
    assert coded.recording == last.recording() and coded.judgements == last.judgements
    assert code == encode(last.recording(), last.judgements, last.distances)
    # the code of a saved game prints what --last prints: its kind, name and saved totals
    assert main(["replay", code, "--text"]) == 0
    assert capsys.readouterr().out == text


def test_replay_code_opens_in_another_data_folder(data_home: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys) -> None:
    History(data_home / HISTORY_FILE)  # nothing needed here: the code carries the game
    from game.core.actions import Move
    from game.core.recording import Recording

    rec = Recording(START, (Move("U"), Move("R"), Move("L"), Move("L")), (0, 400, 800, 1200))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "elsewhere"))
    assert main(["replay", encode(rec), "--text"]) == 0
    out = capsys.readouterr().out
    assert "move 2 R: wasteful" in out and "detour: move 2 cost 2 extra moves" in out
    assert "missed at move 2" in out
    assert out.splitlines()[-1].startswith("no totals: this code matches no game in this")
    assert not (tmp_path / "elsewhere").exists()  # reading a code writes nothing
    old = Recording(START, (Move("U"), Move("U"), Move("L")), (0, 300, 600))
    assert not START.apply("U").can_move("U")  # the second U is a key into a wall
    assert main(["replay", encode(old), "--text"]) == 0  # an older save kept a key into a wall
    out = capsys.readouterr().out
    assert "no move" not in out and "move 2 L: optimal (0 to go)" in out


def test_replay_scene_controls(data_home: Path) -> None:
    from game.core.actions import Move
    from game.core.recording import Recording

    rec = Recording(START, (Move("U"), Move("R"), Move("L"), Move("L")), (0, 400, 800, 1200))
    app = make_app(data_home)
    try:
        app.carry_out(ShowReplay(rec, 4.0))
        scene = app.scene
        assert isinstance(scene, ReplayScene)
        key(pygame.K_SPACE)
        frames(app, 1)
        assert scene.paused
        key(pygame.K_RIGHT)
        key(pygame.K_RIGHT)
        frames(app, 1)
        assert scene.index == 2 and scene.t_ms == 400
        key(pygame.K_LEFT)
        frames(app, 1)
        assert scene.index == 1 and scene.model.frames[1].note.startswith("move 1 U")
        key(pygame.K_DOWN)
        frames(app, 1)
        assert scene.speed == 2.0
        x, y, w, _ = scene.bar_rect()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w, y), button=1))
        frames(app, 1)
        assert scene.index == 4
    finally:
        app.close()


@pytest.mark.parametrize(("argv", "words"), [
    (["stats"], "no games recorded yet"),
    (["stats", "--size", "12x3"], "too large"),
    (["stats", "--size", "abc"], "not a board size"),
    (["replay"], "needs a CODE or --last"),
    (["replay", "--last"], "nothing to replay"),
    (["replay", "F1.AAAAAAAAAAAAAA"], "replay code"),
    (["replay", "hello"], "not a replay code"),
    (["daily", "--date", "2025-02-30"], "real calendar date"),
    (["daily", "--date", "31.01.2025"], "expected YYYY-MM-DD"),
    (["play", "--daily", "--seed", "4"], "--daily"),
])
def test_bad_input_exit_2_one_line_nothing_written(data_home: Path, capsys, argv: list[str],
                                                    words: str) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
    assert not data_home.exists()


def test_stats_for_a_size_never_played(data_home: Path, capsys) -> None:
    app = make_app(data_home)
    try:
        play_moves(app, "UL")
        frames(app, 80)
    finally:
        app.close()
    assert main(["stats", "--size", "4x4"]) == 2
    assert "no 4x4 games" in capsys.readouterr().err


def test_daily_is_stable(capsys) -> None:
    assert main(["daily", "--date", "2025-01-31", "--size", "4x4"]) == 0
    first = capsys.readouterr().out
    assert main(["daily", "--date", "2025-01-31"]) == 0
    assert capsys.readouterr().out == first
    assert first.startswith("daily 2025-01-31 4x4: game 4x4-361434228591\n12  0  9  5\n")


def test_a_game_the_coach_started_and_the_player_finished(data_home: Path, capsys) -> None:
    """Space first, then the player takes over and solves it (newcomer playtest: the game said
    the coach finished it and put the turns backwards): the end screen, the saved game, the
    replay and stats tell the same story: solved with the coach's help, not ranked, not a
    solve, no bonuses, the coach's moves first."""
    from game.core.notation import parse_board
    from game.ui.end_words import end_screen_text

    board = parse_board("0 1 3/4 2 6/7 5 8")  # L U U L
    app = make_app(data_home)
    try:
        app.start_game(GameSpec(3, 3, board=board))
        frames(app, 2)
        key(pygame.K_SPACE)
        for _ in range(300):
            frames(app, 1)
            if app.scene.game.session.sheet.coach_moves == 2:  # type: ignore[attr-defined]
                break
        key(pygame.K_ESCAPE)  # any key takes the game back
        frames(app, 30)
        assert app.scene.game.session.sheet.coach_moves == 2  # type: ignore[attr-defined]
        for letter in "UL":
            key(KEYS[letter])
            frames(app, 10)
        frames(app, 120)
        end = app.scene
        assert isinstance(end, EndScene)
        shown = end_screen_text(end.view)
        assert shown.title == "Solved with the coach's help"
        assert "The coach: 2 moves, then you: 2 moves, 2 optimal, 20 points" in shown.notes
        assert "with the coach's help, not ranked" in shown.subtitle
        assert shown.rank_line == "The coach played: not ranked, not a solve in stats"
        assert dict(shown.stats)["Solve bonus"] == "+0" and dict(shown.stats)["Points"] == "20"
    finally:
        app.close()
    last = History(data_home / HISTORY_FILE).last()
    assert last is not None and last.finished and not last.solved_by_player
    assert (last.points, last.grade, last.moves) == (20, "-", 2)
    assert main(["replay", "--last", "--text"]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0].startswith("3x3 custom board · with the coach's help: ")
    assert main(["stats", "--json"]) == 0
    (size,) = json.loads(capsys.readouterr().out)["sizes"]
    assert (size["games"], size["solves"]) == (1, 0)


def test_a_game_whose_moves_were_restarted_away_is_kept_when_left(data_home: Path,
                                                                   capsys) -> None:
    """A newcomer's 5x5 game, played, restarted and left with N, was missing from the
    history, though the README keeps every game left after one move."""
    app = make_app(data_home)
    try:
        play_moves(app, "UDU")
        key(pygame.K_r)  # restart: nothing left on the line
        frames(app, 10)
        app.start_game(GameSpec(3, 3, board=START))  # and leave it
        frames(app, 2)
    finally:
        app.close()
    (game,) = History(data_home / HISTORY_FILE).games()
    assert (game.finished, game.moves) == (False, 0)
    assert main(["replay", "--last", "--text"]) == 0
    text = capsys.readouterr().out
    assert "restart" in text and "restarts 1" in text.splitlines()[-1]


def test_the_trend_charts_top_is_a_round_number() -> None:
    from game.ui.scenes.stats import round_top

    # a fifth over the slowest solve, rounded up: "500", not "408"
    assert [round_top(v) for v in (408.0, 400.0, 14.76, 0.72, 99.0, 100.0, 101.0, 2.4)] == \
        [500.0, 400.0, 15.0, 0.8, 100.0, 100.0, 150.0, 2.5]
    assert f"{round_top(0.72):g}" == "0.8" and f"{round_top(408):g}" == "500"


def test_the_trend_charts_title_counts_the_solves_it_shows() -> None:
    from game.ui.scenes.stats import trend_title

    # a newcomer's first game read "last 1"
    assert trend_title(1, 1) == "random boards' solve time, your first solve (s)"
    assert trend_title(7, 7) == "random boards' solve times, all 7 (s)"
    assert trend_title(100, 130) == "random boards' solve times, last 100 (s)"
