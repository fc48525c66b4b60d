"""What the history playtest found: empty tables named, the ghost waiting for the first move,
daily bests from first tries, replays naming the kind, counts in words."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.core.actions import CycleHint, Move
from game.core.averages import counted, kind_line
from game.core.ghost import GhostChoice, GhostKind
from game.core.recording import Mode, Recording
from game.core.spec import GameKind
from game.core.summary import CoachPart
from game.play.ghost_race import GhostRace
from game.play.replay import build_replay
from game.play.words import game_label
from game.store.history import HISTORY_FILE, History
from game.store.history_scores import HistoryScores
from game.ui.end_words import EndScreenView, end_screen_text
from tests.test_end_screen import scripted_summary
from tests.test_history_kinds import START, game
from tests.test_history_trouble import InlineWriter


def test_an_empty_table_says_which_and_a_practice_game_shows_none() -> None:
    view = EndScreenView.build(scripted_summary(), None, [])
    assert end_screen_text(view).table == (
        f"No {view.summary.shape} random-board scores yet: solve one yourself",)
    daily = replace(view, table_title="the 3x3 daily top 10")
    assert end_screen_text(daily).table == ("No scores yet in the 3x3 daily top 10",)
    practice = replace(view, ranked=False)
    text = end_screen_text(practice)
    assert text.table == () and text.rank_line == "Practice games are never ranked"


def test_the_ghost_waits_at_the_start_until_the_first_move() -> None:
    recording = Recording(START, (Move("U"), Move("L")), (0, 500), Mode.NORMAL)
    race = GhostRace(GhostChoice(GhostKind.BEST, recording=recording), START)
    assert race.ghost is not None and race.ghost.total_moves == 2
    waiting = race.line(None)
    assert waiting.words == "2 to go" and waiting.clock == "0:00.0" and waiting.progress == 0
    assert race.board_at(None) == START
    assert race.line(0.0).words == "1 to go"  # both set off with the first move, at 0 s
    assert race.board_at(0.0) == START.apply("U")


def test_a_dailys_bests_are_its_first_tries_and_its_counts_every_try(tmp_path: Path) -> None:
    scores = HistoryScores(History(tmp_path / HISTORY_FILE))
    writer = InlineWriter()
    first = game("3x3-9", kind=GameKind.DAILY, daily="2025-01-31", seconds=9.0, moves=30)
    again = game("3x3-9", kind=GameKind.DAILY, daily="2025-01-31", seconds=2.0, moves=20)
    for played in (first, again):
        scores.add_game(played, writer)
    stats = scores.stats("3x3", GameKind.DAILY)
    assert (stats.games, stats.solves) == (2, 2)
    assert (stats.best_time, stats.best_moves) == (9.0, 30)
    assert kind_line(GameKind.DAILY, stats).endswith("(first tries, as the daily table ranks "
                                                     "them)")


def test_replays_name_the_kind_and_how_it_was_played() -> None:
    assert game_label(Mode.NORMAL, GameKind.PRACTICE) == "practice game"
    assert game_label(Mode.GHOST, GameKind.SEEDED) == "seeded board · ghost race"
    assert game_label(Mode.DAILY, GameKind.DAILY) == "daily"
    assert game_label(Mode.AUTO, GameKind.RANDOM, CoachPart.FINISHED) == \
        "random board · finished by the coach"
    assert game_label(Mode.AUTO, GameKind.RANDOM, CoachPart.HELPED) == \
        "random board · with the coach's help"
    assert game_label(Mode.NORMAL, None) == "normal game"  # a replay code knows no kind
    # a daily's date stays beside its kind, never after how it was played
    assert game_label(Mode.AUTO, GameKind.DAILY, CoachPart.FINISHED, "2026-11-24") == \
        "daily 2026-11-24 · finished by the coach"
    assert game_label(Mode.DAILY, GameKind.DAILY, daily="2026-11-24") == "daily 2026-11-24"


def test_counts_agree_with_their_number() -> None:
    from game.cli.history_cmds import totals_line

    assert (counted(1, "game"), counted(0, "game"), counted(3, "solve")) == \
        ("1 game", "0 games", "3 solves")
    one = totals_line(game(moves=1, points=1, seconds=1.0))
    assert one.startswith("totals: 1 move in 0:01.0 · 1 point · ")  # newcomer: "1 moves"
    # a game left unsolved says so (a newcomer's replay of one read as a finished game)
    left = totals_line(replace(game(moves=3, points=20, seconds=4.0), finished=False))
    assert left.startswith("totals: left unsolved after 3 moves in 0:04.0 · 20 points · ")


def test_a_text_replay_says_which_hint_level_was_shown() -> None:
    actions = (CycleHint(), CycleHint(), CycleHint())
    recording = Recording(START, actions, (0, 100, 200), Mode.NORMAL)
    model = build_replay(recording, lambda board: None)
    assert [f.note for f in model.frames[1:]] == ["hints: level 1", "hints: level 2",
                                                  "hints off"]
