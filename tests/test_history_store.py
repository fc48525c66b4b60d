"""The SQLite game history: round trip, import of old scores, corruption, two writers, a kill."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.core.actions import CycleHint, Move, Undo
from game.core.notation import parse_board
from game.core.recording import Mode
from game.play.recorder import game_record
from game.play.session import Session
from game.store.highscores import HighScores
from game.store.history import HISTORY_FILE, SCHEMA_VERSION, GameRecord, History
from game.store.history_scores import HistoryScores
from game.store.storage import BackgroundWriter
from tests.fakes_front import exact_hint

ROOT = Path(__file__).resolve().parents[1]
START = parse_board("1 2 3/4 0 6/7 5 8")  # U then L solves it


def played(moves: str = "UDUL", *, hint: bool = False) -> Session:
    session = Session(START, oracle=exact_hint, game_id="3x3-demo")
    if hint:
        session.apply(CycleHint())
    for i, letter in enumerate(moves):
        session.tick(0.5 * (i > 0))
        session.apply(Undo() if letter == "Z" else Move(letter))
    return session


def record(session: Session, run: str = "run1", mode: Mode = Mode.NORMAL) -> GameRecord:
    return game_record(session, mode=mode, started="2025-01-31T10:00:00Z", run=run)


def test_round_trip_keeps_actions_times_and_judgements(tmp_path: Path) -> None:
    history = History(tmp_path / HISTORY_FILE)
    session = played("UDZUL")
    row_id = history.add(record(session))
    back = history.game(row_id)
    assert back is not None and back.finished and back.solved_by_player
    # the second U is a key into a wall (after the undo the gap is on the bottom row): it
    # changes nothing, so it is not recorded
    assert back.tokens == ("U", "D", "Z*", "L")  # the undo takes back a whole click
    assert back.times_ms == (0, 500, 1000, 2000)
    assert back.judgements == ("o", "w", "", "o")
    assert back == record(session)
    conn = sqlite3.connect(tmp_path / HISTORY_FILE)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_replaying_a_stored_game_reproduces_board_and_judgements(tmp_path: Path,
                                                                 ) -> None:
    history = History(tmp_path / HISTORY_FILE)
    session = played("UDLRZZUL", hint=True)
    history.add(record(session))
    stored = history.last()
    assert stored is not None
    again = Session(stored.board, oracle=exact_hint)
    recording = stored.recording()
    last = 0
    for action, at in zip(recording.actions, recording.times_ms, strict=True):
        again.tick((at - last) / 1000)  # the front end's clock: help seen as long as then
        last = at
        again.apply(action)
    assert again.board == session.board and again.solved
    again.elapsed = session.elapsed  # the timer is the front end's; everything else replays
    assert again.summary() == session.summary()
    assert tuple(again.judgements()) == tuple(session.judgements())


def test_abandoned_game_is_a_dnf(tmp_path: Path) -> None:
    scores = HistoryScores(History(tmp_path / HISTORY_FILE)).load()
    writer = BackgroundWriter()
    try:
        assert scores.add_game(record(played("UD")), writer) is None
        result = scores.add_game(record(played("UL")), writer)
        assert result is not None and result.rank == 1
        writer.flush(5)
    finally:
        writer.close()
    again = HistoryScores(History(tmp_path / HISTORY_FILE)).load()
    stats = again.stats("3x3")
    assert (stats.games, stats.solves, stats.best_moves) == (2, 1, 2)
    assert [e.moves for e in again.table("3x3")] == [2]


def test_old_scores_are_imported_once_and_kept(tmp_path: Path) -> None:
    from game.core.summary import summarize
    from game.store.highscores import SCORES_VERSION, default_data
    from game.store.storage import JsonStore

    store = JsonStore(tmp_path / "scores.json", version=SCORES_VERSION, defaults=default_data,
                      kind="scores")
    old = HighScores(store).load()
    session = Session(START, game_id="x")
    session.apply(Move("U"))
    session.apply(Move("L"))
    old.add(summarize(session.sheet, 3.0, True), game_id="3x3-5")
    before = (tmp_path / "scores.json").read_bytes()
    scores = HistoryScores(History(tmp_path / HISTORY_FILE)).load()
    assert [e.moves for e in scores.table("3x3")] == [2]
    assert (tmp_path / "scores.json").read_bytes() == before
    assert (tmp_path / "scores.json.imported").read_bytes() == before
    assert len(History(tmp_path / HISTORY_FILE).games()) == 1  # a second open imports nothing


@pytest.mark.parametrize("garbage", [b"this is not a database at all" * 100, b""])
def test_corrupt_database_is_kept_aside_once(tmp_path: Path,
                                             garbage: bytes) -> None:
    path = tmp_path / HISTORY_FILE
    History(path).add(record(played("UL")))
    with open(path, "r+b") as handle:  # wreck the header (and everything after it)
        handle.write(garbage or b"\0" * 200)
    history = History(path)
    assert history.games() == []
    warning = history.take_warning()
    assert warning is not None and "kept as" in warning and warning.count("\n") == 0
    assert history.take_warning() is None
    assert list(tmp_path.glob(HISTORY_FILE + ".corrupt-*"))
    history.add(record(played("UL")))
    assert len(History(path).games()) == 1


def test_newer_schema_is_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    history = History(path)
    assert history.games() == []
    assert "newer" in (history.take_warning() or "")


WRITER = """
import sys, time
from game.core.notation import parse_board
from game.store.history import GameRecord, History
from game.core.recording import Mode
path, tag, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
board = parse_board("1 2 3/4 0 6/7 5 8")
history = History(path)
for i in range(count):
    tokens = ("U", "D") * 50 + ("U", "L")
    history.add(GameRecord(game_id=f"{tag}-{i}", width=3, height=3, board=board,
        mode=Mode.NORMAL, started="2025-01-01T00:00:00Z", session=tag, finished=True,
        solved_by_player=True, seconds=1.0, moves=len(tokens), optimal_length=2, points=1,
        grade="D", efficiency=None, tokens=tokens, times_ms=tuple(range(len(tokens))),
        judgements=("",) * len(tokens)))
    print(i, flush=True)
"""


def _writer(path: Path, tag: str, count: int) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", WRITER, str(path), tag, str(count)],
                            stdout=subprocess.PIPE, text=True, env=env)


def test_two_writers_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    History(path).games()  # created once first, as the game does at start-up
    procs = [_writer(path, tag, 25) for tag in ("a", "b")]
    for proc in procs:
        proc.communicate(timeout=60)
        assert proc.returncode == 0
    games = History(path).games()
    assert sorted(g.game_id for g in games) == sorted(
        f"{t}-{i}" for t in "ab" for i in range(25))
    assert all(History(path).game(g.id).tokens[-1] == "L" for g in games)  # type: ignore


def test_a_kill_during_writes_leaves_whole_games(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    History(path).games()
    proc = _writer(path, "k", 100_000)
    assert proc.stdout is not None
    for _ in range(5):
        proc.stdout.readline()
    time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    proc.stdout.close()
    history = History(path)
    games = history.games()
    assert len(games) >= 5 and history.take_warning() is None
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    counts = dict(conn.execute("SELECT game, COUNT(*) FROM moves GROUP BY game").fetchall())
    assert all(counts.get(g.id) == g.action_count == 102 for g in games)
