"""A hostile disk loses no game (read-only, full, locked, vanished), and only damage is damage:
a busy or full history is waited for, a damaged one is set aside byte for byte, and starts."""

from __future__ import annotations

import os
import random
import sqlite3
from pathlib import Path

import pytest

from game.store import history as history_module
from game.store.history import HISTORY_FILE, History, HistoryError, passing
from game.store.history_reader import HistoryReader
from game.store.history_scores import HistoryScores
from game.store.storage import BackgroundWriter
from tests.test_history_store import played, record


class InlineWriter:
    """Runs each job at once and keeps its error (as the background writer's Future would)."""

    def __init__(self) -> None:
        self.errors: list[BaseException] = []

    def submit(self, fn):  # noqa: ANN001, ANN201 - the SaveWriter protocol
        try:
            fn()
        except Exception as exc:
            self.errors.append(exc)

    def close(self, timeout: float = 2.0) -> bool:
        return True


def saved_count(path: Path) -> int:
    return len(HistoryReader(path).games())


def asides(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob(HISTORY_FILE + ".corrupt-*")
                  if not p.name.endswith(("-wal", "-shm", "-journal")))


def test_read_only_folder_holds_the_game_and_writes_it_when_writable(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / HISTORY_FILE
    History(path).add(record(played("UL")))
    real_connect = History._raw_connect
    if os.geteuid() == 0:  # root writes through modes: SQLite's own read-only open instead
        def read_only(self: History) -> sqlite3.Connection:
            conn = sqlite3.connect(f"{self.path.as_uri()}?mode=ro", uri=True,
                                   isolation_level=None)
            conn.row_factory = sqlite3.Row
            return conn

        monkeypatch.setattr(History, "_raw_connect", read_only)
    os.chmod(folder, 0o555)
    os.chmod(path, 0o444)
    try:
        scores = HistoryScores(History(path)).load()
        writer = InlineWriter()
        scores.add_game(record(played("UL")), writer)
        scores.add_game(record(played("UDUL")), writer)
        assert scores.unsaved == 2 and scores.save_problem
        assert len(scores.games) == 3  # the player sees them all the same
        assert not asides(folder)
    finally:
        os.chmod(folder, 0o755)
        os.chmod(path, 0o644)
        monkeypatch.setattr(History, "_raw_connect", real_connect)
    scores.retry(writer)
    assert scores.unsaved == 0 and scores.save_problem is None
    assert saved_count(path) == 3


def test_full_disk_is_retried_not_set_aside(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / HISTORY_FILE
    History(path).add(record(played("UL")))
    before = path.read_bytes()
    real_insert = history_module._insert

    def full(conn, game):  # noqa: ANN001, ANN202
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(history_module, "_insert", full)
    scores = HistoryScores(History(path)).load()
    writer = InlineWriter()
    scores.add_game(record(played("UL")), writer)
    assert scores.unsaved == 1 and "full" in (scores.save_problem or "")
    assert not asides(tmp_path) and path.read_bytes() == before
    monkeypatch.setattr(history_module, "_insert", real_insert)
    scores.retry(writer)
    assert scores.unsaved == 0 and saved_count(path) == 2


def test_locked_history_is_waited_for_never_set_aside(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history_module, "BUSY_TIMEOUT_MS", 50)  # no real 10 s wait here
    path = tmp_path / HISTORY_FILE
    History(path).add(record(played("UL")))
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        fresh = HistoryScores(History(path)).load()  # opening a locked history
        assert fresh.take_warning() and not asides(tmp_path)
        scores = HistoryScores(History(path))
        writer = InlineWriter()
        scores.add_game(record(played("UL")), writer)
        assert scores.unsaved == 1 and "locked" in (scores.save_problem or "")
        assert not asides(tmp_path)
    finally:
        other.execute("ROLLBACK")
        other.close()
    scores.retry(writer)
    assert scores.unsaved == 0 and saved_count(path) == 2 and not asides(tmp_path)


def test_vanished_folder_is_made_again_and_the_game_written(tmp_path: Path) -> None:
    folder = tmp_path / "gone"
    path = folder / HISTORY_FILE
    scores = HistoryScores(History(path)).load()
    writer = InlineWriter()
    scores.add_game(record(played("UL")), writer)
    for name in os.listdir(folder):
        os.unlink(folder / name)
    folder.rmdir()
    scores.add_game(record(played("UDUL")), writer)
    assert scores.unsaved == 0 and not writer.errors
    assert saved_count(path) == 1 and not asides(folder)


def test_unmakeable_folder_holds_games_and_the_background_writer_retries(
        tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be")
    scores = HistoryScores(History(blocker / "sub" / HISTORY_FILE)).load()
    writer = BackgroundWriter()
    try:
        scores.add_game(record(played("UL")), writer)
        assert writer.flush(10.0)
        assert scores.unsaved == 1 and scores.save_problem
        blocker.unlink()
        future = scores.retry(writer)
        assert future is not None and future.result(10.0) == 1
        assert scores.unsaved == 0
    finally:
        writer.close()


def test_passing_trouble_is_told_from_damage() -> None:
    assert passing(sqlite3.OperationalError("database is locked"))
    assert passing(sqlite3.OperationalError("database or disk is full"))
    assert passing(OSError(28, "No space left on device"))
    assert not passing(sqlite3.DatabaseError("file is not a database"))
    assert not passing(sqlite3.OperationalError("no such column: grade"))


# --- damage ---------------------------------------------------------------

def _history(path: Path) -> None:
    history = History(path)
    for moves in ("UL", "UDUL", "UL"):
        history.add(record(played(moves)))
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the whole history in the one file
    conn.close()


def _sql(path: Path, *statements: str) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = DELETE")  # no -wal: the file on disk is all of it
    for statement in statements:
        conn.execute(statement)
    conn.close()


DAMAGE = {
    "bad utf-8": ("PRAGMA writable_schema = 0",
                  "UPDATE games SET grade = CAST(X'C328FF' AS TEXT) WHERE id = 2"),
    "renamed column": ("ALTER TABLE games RENAME COLUMN grade TO grudge",),
    "dropped table": ("DROP TABLE moves",),
    "dropped games": ("PRAGMA foreign_keys = OFF", "DROP TABLE games"),
    "foreign key mismatch": ("PRAGMA foreign_keys = OFF",
                             "CREATE TABLE g2 AS SELECT * FROM games", "DROP TABLE games",
                             "ALTER TABLE g2 RENAME TO games"),
    "orphan moves": ("PRAGMA foreign_keys = OFF", "DELETE FROM games WHERE id = 1"),
    "newer schema": ("PRAGMA user_version = 7",),
}


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_each_kind_of_damage_is_set_aside_byte_for_byte_and_the_game_starts(
        tmp_path: Path, kind: str) -> None:
    path = tmp_path / HISTORY_FILE
    _history(path)
    _sql(path, *DAMAGE[kind])
    damaged = path.read_bytes()
    with pytest.raises(HistoryError):  # `stats` and `replay`: one line, nothing changed
        HistoryReader(path).games()
    assert path.read_bytes() == damaged and not asides(tmp_path)
    scores = HistoryScores(History(path)).load()
    warning = scores.take_warning()
    assert warning is not None and "kept as" in warning and "\n" not in warning
    [aside] = asides(tmp_path)
    assert aside.read_bytes() == damaged
    writer = InlineWriter()
    scores.add_game(record(played("UL")), writer)  # the fresh history takes new games
    assert scores.unsaved == 0 and not writer.errors and saved_count(path) == 1


def test_a_foreign_sqlite_file_is_set_aside_unchanged(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    _sql(path, "CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)",
         "INSERT INTO photos (name) VALUES ('cat')")
    foreign = path.read_bytes()
    scores = HistoryScores(History(path)).load()
    assert scores.games == [] and "did not write" in (scores.take_warning() or "")
    [aside] = asides(tmp_path)
    assert aside.read_bytes() == foreign


def _fuzz_one(folder: Path, good: bytes, rng: random.Random) -> None:
    path = folder / HISTORY_FILE
    data = bytearray(good)
    for _ in range(rng.randint(1, 8)):
        at = rng.randrange(len(data))
        span = rng.choice((1, 1, 4, 64))
        data[at:at + span] = bytes(rng.randrange(256) for _ in range(len(data[at:at + span])))
    path.write_bytes(bytes(data))
    damaged = path.read_bytes()
    try:
        HistoryReader(path).games()
    except HistoryError:
        pass
    assert path.read_bytes() == damaged and not asides(folder)  # reading changes nothing
    scores = HistoryScores(History(path)).load()  # never raises
    for aside in asides(folder):
        assert aside.read_bytes() == damaged
    writer = InlineWriter()
    scores.add_game(record(played("UL")), writer)
    assert scores.unsaved == 0, (scores.save_problem, writer.errors)


@pytest.mark.slow
def test_random_corruption_of_a_real_history_never_crashes_or_loses_new_games(
        tmp_path: Path) -> None:
    source = tmp_path / "good" / HISTORY_FILE
    source.parent.mkdir()
    _history(source)
    _sql(source, "PRAGMA journal_mode = DELETE")
    good = source.read_bytes()
    rng = random.Random(26)
    for n in range(1000):
        folder = tmp_path / f"run{n}"
        folder.mkdir()
        _fuzz_one(folder, good, rng)
