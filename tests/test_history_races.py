"""Races count and kinds are told: the race kept and shown, R/G keep the board's kind, the
distances recorded, and `stats` over every size."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from game.cli.main import main
from game.core.ghost import GhostChoice, GhostKind
from game.core.spec import GameKind, GameSpec
from game.store.history import HISTORY_FILE, History
from game.ui.end_words import end_screen_text
from game.ui.scenes.end import EndScene
from game.ui.scenes.play import PlayScene
from tests.app_driver import frames, key
from tests.history_driver import START, make_app
from tests.history_driver import data_home as data_home  # noqa: F401  (fixture)
from tests.test_ghost_play import race, solve


def test_a_lost_coach_race_is_kept_and_the_end_screen_says_by_how_much(
        data_home: Path) -> None:
    app = make_app(data_home)
    try:
        race(app, GhostChoice(GhostKind.COACH, 4))
        solve(app, wait=60)  # the second move 1 s after the first: the coach is home at 0.5 s
        frames(app, 80)
        assert isinstance(app.scene, EndScene)
        text = end_screen_text(app.scene.view)
        assert text.notes[1] == ("The ghost won by 0.5 s (you 0:01.0, the ghost 0:00.5), in as "
                                 "many moves")
        assert "the coach at 4 tiles/s 2 moves" in text.notes[2]
        assert "custom board · its own top 10" in text.subtitle
        assert text.rank_line == "#1 in this board's top 10"
        assert text.badges == ("First game on this board: the bests to beat!",)
    finally:
        app.close()
    (game,) = History(data_home / HISTORY_FILE).games()
    assert game.race is not None and game.race.won is False and game.race.kind is GhostKind.COACH
    assert (game.race.tps, game.race.seconds, game.race.moves) == (4.0, 0.5, 2)
    assert game.kind is GameKind.CUSTOM


def test_a_won_best_race_names_the_game_raced_and_counts_in_stats(data_home: Path,
                                                                  capsys) -> None:
    app = make_app(data_home)
    try:
        app.start_game(GameSpec(3, 3, board=START))
        frames(app, 2)
        solve(app, wait=20)
        frames(app, 80)
        assert isinstance(app.scene, EndScene)
        assert "G race your ghost" in end_screen_text(app.scene.view).help
        key(pygame.K_ESCAPE)  # no name for the new top-10 entry
        key(pygame.K_g)  # race it at once: its row id is known to the race
        frames(app, 2)
        assert isinstance(app.scene, PlayScene)
        solve(app, wait=5)
        frames(app, 80)
        assert isinstance(app.scene, EndScene)
        head = end_screen_text(app.scene.view).notes[1]
        assert head.startswith("You beat the ghost by ") and head.endswith("in as many moves")
    finally:
        app.close()
    first, raced = History(data_home / HISTORY_FILE).games()
    assert raced.race is not None and raced.race.won and raced.race.game == first.id
    assert main(["stats"]) == 0
    assert "ghost races won 1 of 1" in capsys.readouterr().out
    assert main(["replay", "--last", "--text"]) == 0  # the replay tells the race as well
    text = capsys.readouterr().out
    assert text.startswith("3x3 custom board · ghost race: ")
    last = text.splitlines()[-1]  # both times once, then which ghost it was
    assert last.startswith("You beat the ghost by ") and last.count("0:") == 2
    assert last.endswith(f"· the ghost: the game you raced, {first.moves} moves"), last


def test_after_a_game_the_coach_solved_g_offers_to_race_the_coach(data_home: Path) -> None:
    app = make_app(data_home)
    try:
        app.start_game(GameSpec(3, 3, board=START))
        frames(app, 30)  # the coach knows the board
        key(pygame.K_SPACE)
        frames(app, 200)
        assert isinstance(app.scene, EndScene)
        text = end_screen_text(app.scene.view)
        assert text.rank_line.startswith("The coach played")
        assert "G race the coach" in text.help and "ghost" not in text.help
        key(pygame.K_g)
        frames(app, 2)
        assert isinstance(app.scene, PlayScene)
        assert app.scene.spec.ghost is not None
        assert app.scene.spec.ghost.kind is GhostKind.COACH  # what the key said
    finally:
        app.close()


def test_r_and_g_play_the_board_again_as_seeded_or_custom(data_home: Path) -> None:
    app = make_app(data_home)
    try:
        app.start_game(GameSpec(3, 3, seed=5, chosen=GameKind.RANDOM))
        frames(app, 2)
        scene = app.scene
        assert isinstance(scene, PlayScene)
        end = EndScene(app, scene.game.session.summary(), scene.spec, scene.game.board,
                       scene.game.game_id)
        app.push(end)
        key(pygame.K_r)
        frames(app, 2)
        again = app.scene
        assert isinstance(again, PlayScene) and again.spec.kind is GameKind.SEEDED
        assert again.game.game_id == "3x3-5"  # a seeded board keeps its game ID
        custom = GameSpec(3, 3, board=START).again(START)
        assert custom.kind is GameKind.CUSTOM
        daily = GameSpec(3, 3, seed=9, daily="2025-01-31")
        assert daily.again(daily.seeded_board()).kind is GameKind.DAILY
    finally:
        app.close()


def test_each_action_records_its_distance(data_home: Path) -> None:
    app = make_app(data_home)
    try:
        app.start_game(GameSpec(3, 3, board=START))
        frames(app, 2)
        solve(app, "UDUL", wait=10)
        frames(app, 80)
    finally:
        app.close()
    (row,) = History(data_home / HISTORY_FILE).games()
    game = History(data_home / HISTORY_FILE).game(row.id)  # type: ignore[arg-type]
    assert game is not None and game.distances == (1, 2, 1, 0)


def test_stats_without_size_shows_every_size(data_home: Path, capsys) -> None:
    app = make_app(data_home)
    try:
        for spec in (GameSpec(3, 3, board=START), GameSpec(2, 3, seed=1, chosen=GameKind.RANDOM)):
            app.start_game(spec)
            frames(app, 2)
            solve(app, "U" if spec.board is not None else "", wait=10)
            app.to_title()  # the 3x3 game is left after a move; the 2x3 one never begun
            frames(app, 2)
        spec = GameSpec(2, 3, seed=1, chosen=GameKind.RANDOM)
        app.start_game(spec)
        frames(app, 2)
        solve(app, next(m for m in "UDLR" if spec.seeded_board().can_move(m)), wait=10)
        app.to_title()
        frames(app, 2)
    finally:
        app.close()
    assert main(["stats"]) == 0
    text = capsys.readouterr().out
    assert text.index("2x3: ") < text.index("3x3: ")
    assert "random boards: 1 game, 0 solved (the size's bests and top 10)" in text
    assert "custom boards: 1 game, 0 solved" in text
    assert "latest session with random boards (one run of the game): 1 game, none solved" in text
    assert "session mean" not in text
    assert main(["stats", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [s["size"] for s in doc["sizes"]] == ["2x3", "3x3"]
    assert list(doc["sizes"][1]["kinds"]) == ["custom"]
    assert main(["stats", "--size", "3x3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["size"] == "3x3"
