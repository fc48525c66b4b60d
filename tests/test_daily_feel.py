"""The daily feels like one: its name on the HUD and the pause menu, first try or repeat at
the end, a spoiler-free share line, and C copying it (or saying why it cannot)."""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path

import pygame
import pytest

from game.core.daily import (
    SPARK_LEVELS,
    SPARK_UNKNOWN,
    SPARK_WIDTH,
    Attempt,
    FirstTry,
    daily_title,
    day_words,
    repeat_note,
    share_line,
    sparkline,
)
from game.core.ghost import GhostChoice, GhostKind
from game.core.spec import Difficulty, GameKind, GameSpec
from game.core.summary import CoachPart
from game.store.history import HISTORY_FILE, History
from game.ui import clipboard
from game.ui.end_words import HELP_SHARE, RANK_OUTSIDE, end_screen_text
from game.ui.scenes.end import EndScene
from game.ui.scenes.pause import PauseMenu, pause_subtitle
from game.ui.scenes.play import PlayScene
from tests.app_driver import KEYS, START, frames, key
from tests.history_driver import data_home as data_home  # noqa: F401  (fixture)
from tests.history_driver import make_app

DAY = dt.date(2026, 11, 24)
DAILY = GameSpec(3, 3, board=START, daily=DAY.isoformat())


# --- words -------------------------------------------------------------------------------
def test_the_daily_is_named_with_its_date() -> None:
    assert day_words(DAY) == "Tue 24 Nov 2026"
    assert day_words(dt.date(2025, 1, 5), year=False) == "Sun 5 Jan"
    assert daily_title(DAY, "4x4") == "Daily 4x4 \u00b7 Tue 24 Nov 2026"


def test_pause_menu_names_the_daily_and_other_games_as_before() -> None:
    assert pause_subtitle(GameSpec(4, 4, seed=9, daily="2026-11-24"), "4x4-9") == \
        "Daily 4x4 \u00b7 Tue 24 Nov 2026"
    assert pause_subtitle(GameSpec(4, 4, seed=9), "4x4-9") == "4x4 · game 4x4-9"
    assert pause_subtitle(GameSpec(3, 3, board=START), START.text()) == "3x3 · custom board"
    seeded = GameSpec(5, 5, seed=9).seeded_board()  # the size's best game raced again
    race = GameSpec(5, 5, seed=9, board=seeded, ghost=GhostChoice(GhostKind.BEST),
                    chosen=GameKind.SEEDED)
    assert pause_subtitle(race, race.game_id(seeded)) == "5x5 · game 5x5-9 · ghost race"
    drill = GameSpec(3, 3, board=START, chosen=GameKind.PRACTICE)
    assert pause_subtitle(drill, START.text()) == "3x3 · practice game"
    hard = GameSpec(3, 3, difficulty=Difficulty.HARD)  # as the end screen names it
    assert pause_subtitle(hard, "") == "3x3 · random board (hard)"


def test_sparkline_draws_the_distance_to_the_goal() -> None:
    assert sparkline([7, 6, 5, 6, 4, 3, 2, 1, 0]) == "\u2588\u2587\u2586\u2587\u2585\u2584" \
        "\u2583\u2582\u2581"
    assert sparkline([]) == "" and sparkline([None, None]) == ""
    assert sparkline([4, None, 2, None, 0]) == (SPARK_LEVELS[-1] + SPARK_UNKNOWN
                                                + SPARK_LEVELS[4] + SPARK_UNKNOWN
                                                + SPARK_LEVELS[0])
    assert sparkline([0]) == SPARK_LEVELS[0]


def test_a_long_game_is_sampled_keeping_its_start_and_end() -> None:
    distances = [60 - i // 2 for i in range(120)] + [0]
    line = sparkline(distances)
    assert len(line) == SPARK_WIDTH
    assert line[0] == SPARK_LEVELS[-1] and line[-1] == SPARK_LEVELS[0]
    assert list(line) == sorted(line, reverse=True)  # the game only came closer


def test_share_line_says_first_try_or_repeat_and_spoils_nothing() -> None:
    first = share_line(DAY, "4x4", 52, 48, 61.23, "A", distances=(3, 2, 1, 0))
    assert first == ("Fifteen daily 2026-11-24 4x4 (first try): 52 moves (optimal 48) in "
                     "1:01.2, grade A \u2588\u2586\u2583\u2581")
    again = share_line(DAY, "5x5", 130, None, 200.0, "B", attempt=Attempt.REPEAT)
    assert again == "Fifteen daily 2026-11-24 5x5 (repeat): 130 moves in 3:20.0, grade B"


def test_share_line_says_the_coach_played_and_counts_every_move_it_draws() -> None:
    descent = tuple(range(17, -1, -1))  # the sparkline draws all 17 moves of the line
    line = share_line(DAY, "3x3", 2, 17, 2.8, "-", attempt=Attempt.REPEAT, distances=descent,
                      coach=CoachPart.FINISHED, coach_moves=15)
    assert line.startswith("Fifteen daily 2026-11-24 3x3 (repeat), finished by the coach: "
                           "17 moves (optimal 17), 15 of them the coach's, in 0:02.8, "
                           "not graded ")
    helped = share_line(DAY, "3x3", 20, 17, 9.0, "-", coach=CoachPart.HELPED)
    assert helped == ("Fifteen daily 2026-11-24 3x3 (first try), with the coach's help: "
                      "20 moves (optimal 17) in 0:09.0, not graded")


@pytest.mark.parametrize(("first", "words"), [
    (FirstTry(480, 3), "your first try scored 480, #3"),
    (FirstTry(120, None), "your first try scored 120"),
    (FirstTry(None, None, finished=True), "the coach played in your first try"),
    (FirstTry(None, None, finished=False), "your first try was left unfinished"),
])
def test_a_repeat_says_it_is_not_ranked_and_how_the_first_try_did(first: FirstTry,
                                                                  words: str) -> None:
    assert repeat_note(first) == \
        f"Repeat: not ranked \u2014 {words}"


# --- in the game -------------------------------------------------------------------------
def win(app) -> EndScene:
    app.start_game(DAILY)
    frames(app, 2)
    assert isinstance(app.scene, PlayScene)
    for letter in "UL":
        key(KEYS[letter])
        frames(app, 10)
    frames(app, 80)
    assert isinstance(app.scene, EndScene)
    return app.scene


def test_hud_and_pause_menu_name_the_daily(data_home: Path) -> None:
    app = make_app(data_home)
    try:
        app.start_game(DAILY)
        frames(app, 2)
        scene = app.scene
        assert isinstance(scene, PlayScene)
        assert scene.hud_view().title == "Daily 3x3 \u00b7 Tue 24 Nov 2026"
        key(pygame.K_ESCAPE)
        frames(app)
        assert isinstance(scene.menu, PauseMenu)
        app.start_game(GameSpec(3, 3, board=START))
        frames(app, 2)
        assert isinstance(app.scene, PlayScene) and app.scene.hud_view().title == ""
        # a drill's practice game says so from its start (a newcomer saw no sign of it)
        app.start_game(GameSpec(3, 3, board=START, chosen=GameKind.PRACTICE))
        frames(app, 2)
        assert isinstance(app.scene, PlayScene)
        assert app.scene.hud_view().title == "Practice 3x3 · not ranked"
    finally:
        app.close()


def test_first_try_is_ranked_a_repeat_says_so(data_home: Path) -> None:
    app = make_app(data_home)
    try:
        first = win(app)
        text = end_screen_text(first.view)
        assert first.view.rank == 1 and text.rank_line == "#1 in the 3x3 daily top 10"
        assert first.naming is not None  # the prompt names the table the daily entered
        assert first.naming.lines()[0] == "New #1 in the 3x3 daily top 10!"
        assert text.share.startswith("Fifteen daily 2026-11-24 3x3 (first try): 2 moves")
        assert text.help == HELP_SHARE.format(race="race your ghost", drill="")  # a perfect game
        points = first.summary.points
        key(pygame.K_ESCAPE)  # no name: the prompt for the new entry is skipped
        key(pygame.K_r)  # the same daily again
        frames(app, 2)
        again = win(app)
        text = end_screen_text(again.view)
        assert again.view.rank is None and again.naming is None
        assert text.rank_line == ("Repeat: not ranked \u2014 your first try scored "
                                  f"{points}, #1")
        assert text.rank_line != RANK_OUTSIDE.format(table="the 3x3 daily top 10")
        assert text.share.startswith("Fifteen daily 2026-11-24 3x3 (repeat): 2 moves")
    finally:
        app.close()
    games = History(data_home / HISTORY_FILE).games()
    assert [g.daily for g in games] == ["2026-11-24"] * 2


def test_a_daily_the_coach_finished_shares_as_such(data_home: Path) -> None:
    app = make_app(data_home)
    try:
        app.start_game(DAILY)
        frames(app, 2)
        key(KEYS["U"])
        frames(app, 10)
        key(pygame.K_SPACE)  # the coach plays the last move
        for _ in range(40):
            frames(app, 10)
            if isinstance(app.scene, EndScene):
                break
        end = app.scene
        assert isinstance(end, EndScene) and end.summary.coach_moves == 1
        assert end.view.share.startswith("Fifteen daily 2026-11-24 3x3 (first try), finished "
                                         "by the coach: 2 moves (optimal 2), 1 of them the "
                                         "coach's, in ")
        assert "not graded" in end.view.share and "grade -" not in end.view.share
    finally:
        app.close()


def test_an_abandoned_first_try_makes_the_next_one_a_repeat(data_home: Path) -> None:
    app = make_app(data_home)
    try:
        app.start_game(DAILY)
        frames(app, 2)
        key(KEYS["U"])
        frames(app, 10)
        app.to_title()  # left unfinished: recorded, and it was the first try
        end = win(app)
        assert end.view.rank_note.endswith("your first try was left unfinished")
        assert "(repeat)" in end.view.share
    finally:
        app.close()


def test_c_prints_the_share_line_and_says_there_is_no_clipboard(data_home: Path,
                                                                capsys) -> None:
    app = make_app(data_home)
    try:
        end = win(app)
        key(pygame.K_ESCAPE)
        capsys.readouterr()
        key(pygame.K_c)
        frames(app)
        assert capsys.readouterr().out == end.view.share + "\n"
        assert end.view.share_note == ("No clipboard here (the dummy video driver has none): "
                                       "the line is printed in the terminal")
        assert end_screen_text(end.view).share_note == end.view.share_note
        assert not end.view.share_copied
        assert app.scene is end  # C changes nothing else
    finally:
        app.close()


def test_c_copies_where_there_is_a_clipboard(data_home: Path, capsys,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clipboard, "clipboard_problem", lambda: None)  # SDL keeps it in-game
    app = make_app(data_home)
    try:
        end = win(app)
        key(pygame.K_ESCAPE)
        key(pygame.K_c)
        frames(app)
        assert end.view.share_note == clipboard.COPIED and end.view.share_copied
        assert pygame.scrap.get_text() == end.view.share
        assert end.view.share in capsys.readouterr().out
    finally:
        app.close()


def test_a_clipboard_that_refuses_is_told(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(text: str) -> None:
        raise pygame.error("no selection owner")

    monkeypatch.setattr(clipboard, "clipboard_problem", lambda: None)
    monkeypatch.setattr(pygame.scrap, "put_text", refuse)
    out = io.StringIO()
    result = clipboard.copy_line("hello", out)
    assert not result.copied and out.getvalue() == "hello\n"
    assert result.message == ("No clipboard here (the clipboard refused it: no selection "
                              "owner): the line is printed in the terminal")


def test_no_display_is_no_clipboard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame.display, "get_init", lambda: False)
    assert clipboard.clipboard_problem() == "no display"


def test_a_terminal_without_the_bars_gets_question_marks() -> None:
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii")
    clipboard.print_line("grade A \u2588\u2581", out)
    assert raw.getvalue() == b"grade A ??\n"
    out.close()
    clipboard.print_line("after close", out)  # a closed stream is no error


def test_beyond_exact_reach_the_share_line_claims_no_optimum() -> None:
    from dataclasses import replace

    from game.core.board import Board
    from game.play.daily_result import daily_result
    from game.store.highscores import HighScores
    from tests.test_type_scale import summary_for

    summary = summary_for(Board.goal(4, 4))
    exact = daily_result(HighScores(), "2026-11-24", summary)
    assert exact.attempt is Attempt.FIRST and exact.note == ""
    assert f"(optimal {summary.optimal_length})" in exact.share
    guessed = daily_result(HighScores(), "2026-11-24", replace(summary, exact=False))
    assert "optimal" not in guessed.share
    assert guessed.share.endswith(sparkline(summary.distances))


def test_the_high_scores_show_the_dailies_top_10_on_up_or_down(data_home: Path) -> None:
    """A newcomer read "New #1 in the 3x3 daily top 10!" and found no such table."""
    from game.ui.scenes.end import ScoresScene
    from game.ui.scores_view import DAILY_TITLE, SCORES_TITLE, scores_view_lines

    app = make_app(data_home)
    try:
        first = win(app)
        points = first.summary.points
        key(pygame.K_ESCAPE)  # no name
        frames(app, 2)
        app.push(ScoresScene(app, "3x3"))
        frames(app, 2)
        scores = app.scene
        assert isinstance(scores, ScoresScene) and not scores.view.daily
        assert scores.view.entries == ()  # the daily is not a random board's game
        key(pygame.K_DOWN)
        frames(app)
        lines = scores_view_lines(scores.view)
        assert scores.view.daily and lines[0] == DAILY_TITLE
        assert [e.points for e in scores.view.entries] == [points]
        key(pygame.K_RIGHT)  # another size: still its dailies
        frames(app)
        assert scores.view.daily and scores.shape != "3x3" and scores.view.entries == ()
        assert "daily top 10" in " ".join(scores_view_lines(scores.view))
        key(pygame.K_UP)
        frames(app)
        assert not scores.view.daily and scores_view_lines(scores.view)[0] == SCORES_TITLE
    finally:
        app.close()
