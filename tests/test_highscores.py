"""High-score tables: ranking, top 10, badges, persistence across runs, concurrent games."""

from __future__ import annotations

import json
import multiprocessing
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from game.core.scoring import MoveClass, ScoreSheet
from game.core.summary import GameSummary, summarize
from game.store.highscores import (
    BADGE_FIRST,
    BADGE_MOVES,
    BADGE_POINTS,
    BADGE_TIME,
    SCORES_FILE,
    TABLE_SIZE,
    Entry,
    HighScores,
    damage,
    default_data,
    insert,
    shape_key,
)
from game.store.storage import BackgroundWriter, data_dir

T0 = datetime(2026, 11, 22, 5, 0, 0, tzinfo=UTC)
GAMES_PER_PROCESS = 5
PROCESSES = 4


@pytest.fixture(autouse=True)
def private_data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg"


def game(points: int, seconds: float = 60.0, moves: int = 30, shape: str = "4x4",
         by_player: bool = True) -> GameSummary:
    """A real summary with the headline figures overridden."""
    sheet = ScoreSheet.start(3).after_move(MoveClass.OPTIMAL)
    base = summarize(sheet, seconds, solved_by_player=by_player)
    return replace(base, points=points, seconds=seconds, moves=moves, shape=shape)


def test_default_store_lives_in_xdg_data_home(private_data_home: Path) -> None:
    scores = HighScores().load()
    assert scores.store.path == private_data_home / "fifteen" / SCORES_FILE
    assert scores.store.path.parent == data_dir()


def test_first_game_ranks_first_with_the_first_game_badge_alone() -> None:
    # it beats nothing: a newcomer's first game read "New best points, time and moves!"
    result = HighScores().load().add(game(500), name="ann", when=T0, game_id="4x4-12")
    assert result is not None
    assert result.rank == 1
    assert result.badges == (BADGE_FIRST,)
    assert result.entry.name == "ann" and result.entry.game_id == "4x4-12"
    assert result.entry.when == "2026-11-22T05:00:00Z"


def test_ranking_and_badges() -> None:
    scores = HighScores().load()
    scores.add(game(500, seconds=60, moves=30), when=T0)
    worse = scores.add(game(300, seconds=50, moves=40), when=T0 + timedelta(1))
    assert worse is not None and worse.rank == 2 and worse.badges == (BADGE_TIME,)
    best = scores.add(game(900, seconds=70, moves=28), when=T0 + timedelta(2))
    assert best is not None and best.rank == 1 and best.badges == (BADGE_POINTS, BADGE_MOVES)
    tie = scores.add(game(500, seconds=60, moves=30), when=T0 + timedelta(3))
    assert tie is not None and tie.rank == 3 and tie.badges == ()  # ties go after older rows
    assert [e.points for e in scores.table("4x4")] == [900, 500, 500, 300]


def test_table_keeps_top_ten_but_records_survive() -> None:
    scores = HighScores().load()
    for i in range(TABLE_SIZE):
        scores.add(game(1000 + i, seconds=100, moves=50), when=T0)
    low = scores.add(game(10, seconds=5, moves=20), when=T0)
    assert low is not None and low.rank is None
    assert low.badges == (BADGE_TIME, BADGE_MOVES)
    assert len(scores.table("4x4")) == TABLE_SIZE
    # The fast game is not in the table but its record still counts.
    again = scores.add(game(20, seconds=6, moves=25), when=T0)
    assert again is not None and again.badges == ()


def test_sizes_are_separate_and_listed_small_first() -> None:
    scores = HighScores().load()
    scores.add(game(100, shape="5x5"), when=T0)
    scores.add(game(100, shape="3x3"), when=T0)
    first = scores.add(game(50, shape="4x4"), when=T0)
    assert first is not None and first.rank == 1 and first.badges == (BADGE_FIRST,)
    assert scores.shapes() == ["3x3", "4x4", "5x5"]
    assert scores.table("6x6") == []
    assert sorted(["10x2", "4x4", "3x3", "2x2"], key=shape_key) == ["2x2", "3x3", "4x4", "10x2"]


def test_auto_solved_games_do_not_enter() -> None:
    scores = HighScores().load()
    assert scores.add(game(999, by_player=False)) is None
    assert scores.table("4x4") == []
    assert not scores.store.path.exists()


def test_scores_survive_a_restart() -> None:
    HighScores().load().add(game(700), name="bob", when=T0)
    table = HighScores().load().table("4x4")
    assert [(e.name, e.points) for e in table] == [("bob", 700)]


def test_record_answers_at_once_and_saves_in_background() -> None:
    scores = HighScores().load()
    writer = BackgroundWriter()
    try:
        result, future = scores.record(game(400), writer, name="cy", when=T0)
        assert result is not None and result.rank == 1
        assert scores.table("4x4")[0].name == "cy"  # visible before the write finished
        assert future is not None
        saved = future.result(timeout=5)
        assert saved.rank == 1
        assert scores.record(game(1, by_player=False), writer) == (None, None)
    finally:
        assert writer.close(timeout=5)
    assert HighScores().load().table("4x4")[0].name == "cy"


def test_malformed_entries_set_the_file_aside_instead_of_being_dropped() -> None:
    scores = HighScores()
    good = Entry("ok", 10, 3.0, 4, 4, "S", "2026-01-01T00:00:00Z").to_json()
    data = default_data()
    data["tables"]["3x3"] = [good, {**good, "points": "many"}]
    scores.store.save(data)
    original = scores.store.path.read_bytes()
    scores.load()  # not fatal: the game goes on with empty tables
    assert scores.table("3x3") == []
    warning = scores.take_warning()
    assert warning is not None and "row 2 of its 3x3 table cannot be read" in warning
    (aside,) = scores.store.path.parent.glob("scores.json.corrupt-*")
    assert aside.read_bytes() == original  # the player's rows are kept, never overwritten
    scores.add(game(10), when=T0)
    assert aside.read_bytes() == original


def test_damage_names_the_bad_part() -> None:
    good = Entry("ok", 10, 3.0, 4, 4, "S", "2026-01-01T00:00:00Z").to_json()
    assert damage({"tables": {"3x3": [good]}, "records": {}}) is None
    assert "4x4 table is a JSON str" in (damage({"tables": {"4x4": "x"}, "records": {}}) or "")
    assert "4x4 record is a JSON list" in (damage({"tables": {}, "records": {"4x4": []}}) or "")
    assert "row 1 of its 3x3" in (damage({"tables": {"3x3": ["junk"]}, "records": {}}) or "")


def test_corrupt_score_file_warns_once_and_keeps_the_bytes() -> None:
    path = data_dir() / SCORES_FILE
    path.write_bytes(b'{"schema": "fifteen.scores", "version": 1, "data": {"tab')
    scores = HighScores().load()
    warning = scores.take_warning()
    assert warning is not None and "scores.json" in warning
    assert scores.take_warning() is None
    (aside,) = path.parent.glob("scores.json.corrupt-*")
    assert aside.read_bytes().endswith(b'"tab')
    scores.add(game(10), when=T0)
    assert len(HighScores().load().table("4x4")) == 1


def test_insert_is_pure() -> None:
    data = default_data()
    snapshot = json.dumps(data)
    entry = Entry("a", 5, 1.0, 2, 2, "S", "2026-01-01T00:00:00Z")
    new, result = insert(data, "2x2", entry)
    assert json.dumps(data) == snapshot
    assert result.rank == 1 and new["tables"]["2x2"][0]["name"] == "a"


def _finish_games(worker: int) -> None:
    scores = HighScores().load()
    for i in range(GAMES_PER_PROCESS):
        scores.add(game(worker * 10 + i), name=f"p{worker}", when=T0)


def test_two_instances_finishing_together_lose_no_entry() -> None:
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_finish_games, args=(w,)) for w in range(PROCESSES)]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(30)
        assert proc.exitcode == 0
    table = HighScores().load().table("4x4")
    expected = sorted((w * 10 + i for w in range(PROCESSES) for i in range(GAMES_PER_PROCESS)),
                      reverse=True)[:TABLE_SIZE]
    assert [e.points for e in table] == expected
