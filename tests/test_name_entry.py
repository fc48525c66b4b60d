"""A name the arcade way: typed for a new top-10 entry, remembered, skippable, stored."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.core.names import NAME_LIMIT, clean_name, name_char_ok, shown_name
from game.core.recording import Mode
from game.core.settings import Settings
from game.core.spec import GameSpec
from game.store.history import HISTORY_FILE, GameRecord, History
from game.store.history_scores import HistoryScores
from game.ui.name_entry import NameChoice, NameDone, NameEntry
from game.ui.scenes.end import EndScene
from game.ui.scenes.play import PlayScene
from tests.app_driver import KEYS, START, frames, key
from tests.fakes_front import InlineWriter
from tests.history_driver import data_home as data_home  # noqa: F401  (fixture)
from tests.history_driver import make_app


def typed(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def pressed(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def type_text(text: str) -> None:
    for char in text:
        pygame.event.post(typed(char))


# --- the rules and the widget -------------------------------------------------------------
@pytest.mark.parametrize(("raw", "name"), [
    ("AB", "AB"), ("  Zoë  42 ", "Zoë 42"), ("a!b@c", "abc"), ("x" * 20, "x" * NAME_LIMIT),
    ("\n\t", ""), ("Robert Tables; DROP", "Robert Tab"),
])
def test_a_name_is_letters_digits_and_single_spaces(raw: str, name: str) -> None:
    assert clean_name(raw) == name


def test_which_characters_may_be_typed() -> None:
    assert all(name_char_ok(c) for c in "aZ09 é")
    assert not any(name_char_ok(c) for c in "!-_.\t\n²") and not name_char_ok("ab")
    assert shown_name("") == "player" and shown_name(" ") == "player"
    assert shown_name("AMY") == "AMY"


def test_typing_erasing_and_keeping() -> None:
    entry = NameEntry("", 3, "the 4x4 top 10")
    assert entry.lines() == ["New #3 in the 4x4 top 10!",
                             "Your name: up to 10 letters, digits or spaces", "",
                             "Enter keep   Backspace erase   Esc skip (kept as player)"]
    for event in (typed("A"), typed(" "), typed(" "), typed("b!"), typed("1"),
                  pressed(pygame.K_n), pressed(pygame.K_BACKSPACE)):
        assert entry.handle(event) is None  # N is swallowed, it starts no game
    assert entry.text == "A b"
    for event in (typed("cdefghijklmnop"),):
        entry.handle(event)
    assert entry.text == "A bcdefghi" and len(entry.text) == NAME_LIMIT
    assert entry.handle(pressed(pygame.K_RETURN)) == NameDone(NameChoice.KEPT, "A bcdefghi")


def test_esc_skips_and_an_empty_name_is_a_skip() -> None:
    entry = NameEntry("AMY", 1, "the 3x3 top 10")
    assert entry.handle(typed("Z")) is None
    assert entry.handle(pressed(pygame.K_ESCAPE)) == NameDone(NameChoice.SKIPPED)
    empty = NameEntry("", 1, "the 3x3 top 10")
    empty.handle(typed(" "))
    assert empty.handle(pressed(pygame.K_KP_ENTER)) == NameDone(NameChoice.SKIPPED)


def test_the_remembered_name_is_filled_in_selected() -> None:
    kept = NameEntry("AMY", 2, "the 4x4 top 10")
    assert kept.text == "AMY" and kept.selected
    assert kept.lines()[-1].endswith("(kept as AMY)")
    assert kept.handle(pressed(pygame.K_RETURN)) == NameDone(NameChoice.KEPT, "AMY")
    replaced = NameEntry("AMY", 2, "the 4x4 top 10")
    replaced.handle(typed("B"))
    assert replaced.text == "B" and not replaced.selected
    cleared = NameEntry("AMY", 2, "the 4x4 top 10")
    cleared.handle(pressed(pygame.K_BACKSPACE))
    assert cleared.text == ""


def test_the_prompt_draws_at_the_smallest_and_default_windows() -> None:
    from game.ui.fonts import Fonts
    from game.ui.theme import get_theme

    pygame.display.init()
    for size in ((640, 600), (760, 820)):
        for entry in (NameEntry("", 1, "the 4x4 top 10"), NameEntry("AMY", 1, "the 4x4 top 10")):
            surface = pygame.Surface(size)
            entry.draw(surface, get_theme("classic"), Fonts())


def test_settings_remember_the_name() -> None:
    settings = replace(Settings(), player_name="AMY")
    assert Settings.from_dict(settings.to_dict()).player_name == "AMY"
    assert Settings.from_dict({"player_name": "<script>alert(1)</script>"}).player_name == \
        "scriptaler"
    assert Settings.from_dict({"player_name": 7}).player_name == ""
    assert Settings().player_name == ""


# --- the store -----------------------------------------------------------------------------
def game(name: str = "player", points: int = 500) -> GameRecord:
    return GameRecord(game_id="3x3-1", width=3, height=3, board=START, mode=Mode.NORMAL,
                      started="2026-11-24T01:00:00Z", session="s", finished=True,
                      solved_by_player=True, seconds=3.0, moves=2, optimal_length=2,
                      points=points, grade="S", efficiency=1.0, name=name, tokens=("U", "L"),
                      times_ms=(100, 200), judgements=("o", "o"))


def test_history_renames_a_stored_game(tmp_path: Path) -> None:
    history = History(tmp_path / HISTORY_FILE)
    row = history.add(game())
    assert history.rename(row, "AMY") is True
    assert history.rename(row + 1, "BOB") is False
    (stored,) = history.games()
    assert stored.name == "AMY" and stored.points == 500


def test_scores_rename_a_written_game_at_once_and_on_disk(tmp_path: Path) -> None:
    history = History(tmp_path / HISTORY_FILE)
    scores = HistoryScores(history).load()
    writer = InlineWriter()
    record = game()
    scores.add_game(record, writer)
    renamed = scores.rename(record, "AMY", writer)
    assert renamed.name == "AMY" and scores.games == [renamed]
    assert [e.name for e in scores.table("3x3")] == ["AMY"]
    again = scores.rename(renamed, "ZED", writer)  # a second rename finds the same row
    assert [g.name for g in history.games()] == ["ZED"] and scores.games == [again]
    assert scores.unsaved == 0


def test_a_game_not_written_yet_is_written_under_its_new_name(tmp_path: Path) -> None:
    class Later:
        def __init__(self) -> None:
            self.jobs: list = []

        def submit(self, fn):
            self.jobs.append(fn)

    history = History(tmp_path / HISTORY_FILE)
    scores = HistoryScores(history).load()
    writer = Later()
    record = game()
    scores.add_game(record, writer)
    scores.rename(record, "AMY", writer)
    assert scores.unsaved == 2 and history.games() == []
    writer.jobs[0]()
    assert [g.name for g in history.games()] == ["AMY"] and scores.unsaved == 0


def test_a_loaded_game_is_renamed_by_its_row(tmp_path: Path) -> None:
    history = History(tmp_path / HISTORY_FILE)
    history.add(game("OLD", 300))
    history.add(game("KEEP", 200))
    scores = HistoryScores(history).load()
    scores.rename(scores.games[0], "NEW", InlineWriter())
    assert [g.name for g in history.games()] == ["NEW", "KEEP"]


# --- in the game -------------------------------------------------------------------------
def win(app, board_moves: str = "UL") -> EndScene:
    app.start_game(GameSpec(3, 3, board=START))
    frames(app, 2)
    assert isinstance(app.scene, PlayScene)
    for letter in board_moves:
        key(KEYS[letter])
        frames(app, 10)
    frames(app, 80)
    assert isinstance(app.scene, EndScene)
    return app.scene


def test_a_new_entry_asks_a_name_that_renames_the_game_and_is_remembered(
        data_home: Path) -> None:
    app = make_app(data_home)
    try:
        end = win(app)
        assert end.naming is not None and end.text_input
        sound = app.settings.sound
        type_text("Amy")
        key(pygame.K_m)  # typed, not mute (the key, then its text, as SDL sends them)
        type_text("m")
        key(pygame.K_n)  # typed, not a new game
        type_text("n")
        key(pygame.K_BACKSPACE)
        key(pygame.K_BACKSPACE)
        frames(app)
        assert app.scene is end and app.settings.sound == sound
        assert end.naming.text == "Amy"
        key(pygame.K_RETURN)
        frames(app)
        assert end.naming is None and app.settings.player_name == "Amy"
        assert [e.name for e in end.view.entries] == ["Amy"]
        assert [g.name for g in app.scores.games] == ["Amy"]
        key(pygame.K_r)  # the keys are the end screen's again
        frames(app, 2)
        assert isinstance(app.scene, PlayScene)
        app.to_title()
        second = win(app)  # recorded under the remembered name, offered again
        assert second.naming is not None and second.naming.text == "Amy"
        assert second.naming.selected
    finally:
        app.close()
    names = [g.name for g in History(data_home / HISTORY_FILE).games()]
    assert names == ["Amy", "Amy"]  # the first renamed, the second saved under it


def test_replay_text_names_the_player(data_home: Path, capsys) -> None:
    from game.cli.main import main

    History(data_home / HISTORY_FILE).add(game("AMY"))
    assert main(["replay", "--last", "--text"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == f"3x3 random board: {START.text()}  by AMY"


def test_esc_skips_and_keeps_the_name_it_was_saved_under(data_home: Path) -> None:
    app = make_app(data_home)
    try:
        end = win(app)
        type_text("ZED")
        key(pygame.K_ESCAPE)
        frames(app)
        assert end.naming is None and app.scene is end  # Esc did not leave the end screen
        assert app.settings.player_name == ""
        assert [e.name for e in end.view.entries] == ["player"]
        key(pygame.K_ESCAPE)
        frames(app)
        assert app.scene is not end
    finally:
        app.close()
    assert [g.name for g in History(data_home / HISTORY_FILE).games()] == ["player"]


def test_no_prompt_outside_the_top_10(data_home: Path) -> None:
    app = make_app(data_home)
    try:
        for _ in range(10):  # ten better games: the detour's game cannot enter
            end = win(app)
            key(pygame.K_ESCAPE)
            key(pygame.K_ESCAPE)
            frames(app)
        end = win(app, "ULRDUL")
        assert end.view.rank is None and end.naming is None and not end.text_input
    finally:
        app.close()


def test_the_prompt_opens_once_the_points_have_counted_up_or_at_the_first_key(
        data_home: Path) -> None:
    """A newcomer's "New #1" prompt opened while the total still counted up behind it: the
    dimmed screen showed a passing figure. It opens over the total; a key typed sooner ends
    the count at once and is typed into it, never lost."""
    from game.ui.end_words import COUNT_UP_SECONDS

    app = make_app(data_home)
    try:
        end = win(app)
        drawn: list[int] = []
        assert end.naming is not None
        end.naming.draw = lambda *_: drawn.append(1)  # type: ignore[method-assign]
        end.elapsed = 0.0
        end.draw(app.screen)
        assert not end.prompting and not drawn and end.text_input
        end.elapsed = COUNT_UP_SECONDS
        end.draw(app.screen)
        assert end.prompting and drawn == [1]
        end.elapsed = 0.1  # again: a key before the total is up
        type_text("Z")
        frames(app)
        assert end.prompting and end.naming.text.endswith("Z")
    finally:
        app.close()
