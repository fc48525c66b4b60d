"""History schema v2: the v1 migration, kinds kept apart in the tables, races and distances."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from game.core.ghost import GhostKind
from game.core.notation import parse_board
from game.core.race import RaceResult, race_lines
from game.core.recording import Mode
from game.core.spec import GameKind
from game.core.summary import CoachPart
from game.store import history_schema
from game.store.history import HISTORY_FILE, MIGRATIONS, SCHEMA_VERSION, GameRecord, History
from game.store.history_reader import HistoryReader
from game.store.history_schema import GAME_COLUMNS_V1, SCHEMA_V1
from game.store.history_scores import (
    HistoryScores,
    TableKind,
    best_game,
    kind_words,
    races_won,
    table_key,
)
from tests.test_history_trouble import InlineWriter

START = parse_board("1 2 3/4 0 6/7 5 8")
OTHER = parse_board("1 2 3/4 5 6/0 7 8")


def game(game_id: str = "3x3-5", *, kind: GameKind = GameKind.RANDOM, seconds: float = 5.0,
         moves: int = 20, board=START, daily: str | None = None, solved: bool = True,
         points: int = 100, race: RaceResult | None = None) -> GameRecord:
    return GameRecord(
        game_id=game_id, width=board.width, height=board.height, board=board, mode=Mode.NORMAL,
        started="2025-01-31T10:00:00Z", session="run", finished=solved,
        solved_by_player=solved, seconds=seconds, moves=moves, optimal_length=2,
        points=points, grade="A", efficiency=0.5, daily=daily, kind=kind, race=race,
        tokens=("U", "L"), times_ms=(0, 500), judgements=("o", "o"), action_count=2)


def v1_file(path: Path) -> None:
    """A history as schema 1 wrote it: its tables, WAL, user_version 1, and four games (a
    seeded one, one on a board given as text, a daily and an imported score)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("BEGIN IMMEDIATE")
    for statement in SCHEMA_V1.split(";"):
        if statement.strip():
            conn.execute(statement)
    rows = [("4x4-77", None, 0, 2), (START.text(), None, 0, 2), ("3x3-9", "2025-01-31", 0, 2),
            ("3x3-4", None, 1, 0)]
    for game_id, daily, imported, actions in rows:
        values = (game_id, 3, 3, START.text(), "normal", daily, "2025-01-31T10:00:00Z", "run",
                  1, 1, 4.5, 2, 2, 100, "S", 1.0, 0, 0, "player", imported, actions)
        cursor = conn.execute(
            f"INSERT INTO games ({', '.join(GAME_COLUMNS_V1)}) "
            f"VALUES ({', '.join('?' * len(GAME_COLUMNS_V1))})", values)
        for seq, token in enumerate(("U", "L")[:actions]):
            conn.execute("INSERT INTO moves VALUES (?, ?, ?, ?, ?)",
                         (cursor.lastrowid, seq, token, seq * 500, "o"))
    conn.execute("PRAGMA user_version = 1")
    conn.execute("COMMIT")
    conn.close()


def columns(path: Path, table: str) -> set[str]:
    conn = sqlite3.connect(path)
    try:
        return {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
    finally:
        conn.close()


def version(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("PRAGMA user_version").fetchone()[0]
    finally:
        conn.close()


# --- the schema -------------------------------------------------------------------------
def test_a_v1_history_is_migrated_in_place_with_kinds(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    v1_file(path)
    history = History(path)
    games = history.games()
    assert history.take_warning() is None and not list(tmp_path.glob("*corrupt*"))
    assert version(path) == SCHEMA_VERSION == 2
    assert [g.kind for g in games] == [GameKind.RANDOM, GameKind.CUSTOM, GameKind.DAILY,
                                       GameKind.RANDOM]
    assert all(g.race is None for g in games)
    first = history.game(games[0].id)  # type: ignore[arg-type]
    assert first is not None and first.tokens == ("U", "L") and first.distances == ()
    assert {"kind", "race_kind", "race_won"} <= columns(path, "games")
    assert "distance" in columns(path, "moves")
    new = history.add(game("3x3-8", race=RaceResult(GhostKind.COACH, tps=4.0)))
    assert history.game(new).race == RaceResult(GhostKind.COACH, tps=4.0)  # type: ignore


def test_stats_read_a_v1_history_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    v1_file(path)
    games = HistoryReader(path).games()
    assert [g.kind for g in games][:3] == [GameKind.RANDOM, GameKind.CUSTOM, GameKind.DAILY]
    assert version(path) == 1 and "kind" not in columns(path, "games")  # never migrated


def test_a_failed_migration_leaves_the_v1_file_as_it_was(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / HISTORY_FILE
    v1_file(path)

    def half_done(conn: sqlite3.Connection, folder: Path) -> None:
        history_schema.run_script(conn, history_schema.SCHEMA_V2)
        raise RuntimeError("power cut")

    monkeypatch.setitem(MIGRATIONS, 1, half_done)
    with pytest.raises(RuntimeError, match="power cut"):
        History(path).games()
    assert version(path) == 1 and "kind" not in columns(path, "games")
    monkeypatch.undo()
    assert len(History(path).games()) == 4  # and the next start migrates it


def test_a_newer_history_is_still_set_aside(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    History(path).add(game())
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 3")
    conn.close()
    history = History(path)
    assert history.games() == []
    assert "newer game (schema 3)" in (history.take_warning() or "")


def test_kind_race_and_distances_round_trip(tmp_path: Path) -> None:
    history = History(tmp_path / HISTORY_FILE)
    race = RaceResult(GhostKind.BEST, game=7, seconds=3.25, moves=2, won=False)
    kept = replace(game(kind=GameKind.SEEDED, race=race), distances=(1, None))
    back = history.game(history.add(kept))
    assert back == kept and back is not None and back.distances == (1, None)
    assert back.race == race and back.kind is GameKind.SEEDED


# --- kinds apart ------------------------------------------------------------------------
def scores_of(*games: GameRecord) -> HistoryScores:
    scores = HistoryScores(History(Path("/nonexistent/never-opened")))
    scores.games = list(games)
    return scores


def test_a_custom_board_never_sets_the_size_bests_or_fills_its_top_10(tmp_path: Path) -> None:
    scores = HistoryScores(History(tmp_path / HISTORY_FILE)).load()
    writer = InlineWriter()
    scores.add_game(game("3x3-1", seconds=30.0, moves=40, board=OTHER), writer)
    custom = game(START.text(), kind=GameKind.CUSTOM, seconds=0.46, moves=4, points=900)
    result = scores.add_game(custom, writer)
    assert result is not None and result.rank == 1  # first in its own table
    assert [e.seconds for e in scores.table("3x3")] == [30.0]
    assert scores.stats("3x3").best_time == 30.0 and scores.stats("3x3").best_moves == 40
    key = table_key(custom)
    assert key is not None and key.kind is TableKind.BOARD
    assert key.title == "this board's top 10"
    assert [e.seconds for e in scores.table_of(key)] == [0.46]
    assert scores.stats("3x3", GameKind.CUSTOM).best_time == 0.46


def test_a_board_played_again_has_its_own_table_with_its_first_game() -> None:
    first = game("3x3-5", seconds=9.0)
    again = game("3x3-5", kind=GameKind.SEEDED, seconds=7.0)
    elsewhere = game("3x3-6", kind=GameKind.SEEDED, seconds=1.0, board=OTHER)
    scores = scores_of(first, again, elsewhere)
    key = table_key(again)
    assert key is not None and [e.seconds for e in scores.table_of(key)] == [7.0, 9.0]
    assert [e.seconds for e in scores.table("3x3")] == [9.0]  # replays never in the size's


def test_dailies_rank_their_first_attempt_and_practice_never() -> None:
    first = game("3x3-9", kind=GameKind.DAILY, daily="2025-01-31", seconds=20.0)
    repeat = game("3x3-9", kind=GameKind.DAILY, daily="2025-01-31", seconds=2.0)
    drill = game(START.text(), kind=GameKind.PRACTICE, seconds=0.1, moves=1)
    scores = scores_of(first, repeat, drill)
    key = table_key(first)
    assert key is not None and key.kind is TableKind.DAILY
    assert [e.seconds for e in scores.table_of(key)] == [20.0]
    assert table_key(drill) is None and scores.table("3x3") == []
    assert kind_words(drill) == "practice game · never ranked"
    assert kind_words(first) == "daily 2025-01-31 · first attempts ranked"


def test_best_ghost_is_of_the_same_kind() -> None:
    custom = game(START.text(), kind=GameKind.CUSTOM, seconds=0.5)
    random = game("3x3-5", seconds=8.0)
    practice = game(START.text(), kind=GameKind.PRACTICE, seconds=0.1)
    games = [custom, random, practice]
    assert best_game(games, shape="3x3") is random  # no board: never a custom board's game
    # on the board: the fastest game on it, practice included (the drill's position)
    assert best_game(games, board=START) is practice
    assert best_game([custom, random], board=START) is custom
    assert best_game([custom], shape="3x3") is None
    assert best_game([practice], board=START) is practice
    assert best_game([practice], shape="3x3") is None


def test_races_won_counts_races_whose_ghost_ran() -> None:
    won = game(race=RaceResult(GhostKind.COACH, tps=4, seconds=9.0, moves=30, won=True))
    lost = game(race=RaceResult(GhostKind.BEST, game=1, seconds=2.0, moves=20, won=False))
    none = game(race=RaceResult(GhostKind.BEST))
    assert races_won([won, lost, none, game()]) == (1, 2)
    size = scores_of(won, lost, none).size_stats("3x3")
    assert (size.races, size.races_won) == (2, 1)
    # left before the ghost's finish: no race run; left after it: lost
    race = RaceResult(GhostKind.COACH, tps=4, seconds=9.0, moves=30, won=False)
    assert races_won([game(solved=False, seconds=6.0, race=race)]) == (0, 0)
    assert races_won([game(solved=False, seconds=12.0, race=race)]) == (0, 1)


def test_a_race_won_by_minutes_says_the_gap_as_the_clocks_do() -> None:
    """A newcomer's race read "by 894.1 s (you 0:08.4, the ghost 15:02.5)"."""
    from game.core.race import gap_text

    assert gap_text(8.4, 902.5) == "14:54.1" and gap_text(12.1, 15.4) == "3.3 s"


def test_race_lines_say_who_won_and_by_how_much() -> None:
    race = RaceResult(GhostKind.BEST, game=12, seconds=15.4, moves=44, won=True)
    head, detail = race_lines(race, 12.1, 40, True)
    assert head == ("You beat the ghost by 3.3 s (you 0:12.1, the ghost 0:15.4); you used 4 moves "
                    "fewer")
    assert detail == "you 40 moves · the game you raced 44 moves"  # the times are in head
    coach = RaceResult(GhostKind.COACH, tps=4.0, seconds=5.0, moves=20, won=False)
    head, detail = race_lines(coach, 8.0, 21, True)
    assert head == "The ghost won by 3.0 s (you 0:08.0, the ghost 0:05.0); you used 1 move more"
    assert "the coach at 4 tiles/s 20 moves" in detail
    lost = RaceResult(GhostKind.BEST, seconds=5.1, moves=22, won=False)  # the second playtest
    assert race_lines(lost, 8.0, 20, True)[0] == ("The ghost won by 2.9 s (you 0:08.0, the ghost "
                                                  "0:05.1); you used 2 moves fewer")
    assert race_lines(lost, 8.0, 20, False)[0] == ("The ghost won in 0:05.1: the board was not "
                                                   "solved by you")
    assert race_lines(RaceResult(GhostKind.BEST), 8.0, 21, True)[0].startswith("No race")
    # the fourth playtest: the gap is the one between the times as shown, not 14.1 s
    raced = RaceResult(GhostKind.BEST, seconds=26.847, moves=40, won=True)
    assert race_lines(raced, 12.788, 40, True)[0].startswith(
        "You beat the ghost by 14.0 s (you 0:12.8, the ghost 0:26.8)")
    close = RaceResult(GhostKind.BEST, seconds=12.79, moves=40, won=True)
    assert race_lines(close, 12.76, 40, True)[0].startswith(
        "You beat the ghost by under 0.1 s (you 0:12.8, the ghost 0:12.8)")


def test_a_game_the_coach_finished_names_no_table() -> None:
    import dataclasses

    auto = dataclasses.replace(game(), mode=Mode.AUTO, solved_by_player=False)
    assert kind_words(auto) == "random board · with the coach's help, not ranked"
    assert kind_words(auto, CoachPart.FINISHED) == ("random board · finished by the coach, "
                                                    "not ranked")
    assert kind_words(auto, CoachPart.HELPED) == "random board · with the coach's help, not ranked"
    assert kind_words(game()) == "random board · the size's top 10"


def test_replay_text_names_a_dailys_first_try_and_its_repeat(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """The seventh playtest: a repeated daily's `replay --text` header did not say so, where
    its end screen had said "(repeat)"."""
    from dataclasses import replace as with_

    from game.cli.main import main

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    history = History(tmp_path / "fifteen" / HISTORY_FILE)
    first = with_(game("daily-3x3-2026-11-24", kind=GameKind.DAILY, daily="2026-11-24"),
                  mode=Mode.DAILY)
    history.add(first)
    assert main(["replay", "--last", "--text"]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith(
        "3x3 daily 2026-11-24 (first try): ")
    history.add(with_(first, started="2025-01-31T10:05:00Z"))
    assert main(["replay", "--last", "--text"]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith("3x3 daily 2026-11-24 (repeat): ")
