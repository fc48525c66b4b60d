"""The history opened only to read (`stats`, `replay`): never set up, migrated or set aside."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from game.store.history import (
    BUSY_TIMEOUT_MS,
    DAMAGE_ERRORS,
    SCHEMA_VERSION,
    GameRecord,
    History,
    HistoryError,
)
from game.store.history_schema import TABLES, check_schema


class HistoryReader(History):
    """A ``History`` for commands that only read: the file is opened read-only, so nothing is
    renamed, created or migrated (a file of an older schema is read as it is, its games given
the kind they would be migrated to), and any damage is a HistoryError naming the file (the game
    itself sets a damaged history aside when it next starts). A file with no schema yet is an
    empty history.

    SQLite may still make a WAL database's ``-wal``/``-shm`` side files to read it; they hold
    no data of their own and the next writer cleans them up.
    """

    def __init__(self, path: Path | None = None) -> None:
        super().__init__(path)
        self._blank = False

    def _raw_connect(self) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True,
                                   timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
            conn.row_factory = sqlite3.Row
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        except (OSError, sqlite3.Error) as exc:
            raise self._unreadable(exc) from None
        return conn

    def _unreadable(self, exc: BaseException | str) -> HistoryError:
        return HistoryError(f"{self.path} cannot be read ({exc})")

    def _open(self) -> None:
        """Check the file as the game would before using it, but change nothing."""
        conn = self._raw_connect()
        try:
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise self._unreadable(f"integrity check failed: {check}")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if version in TABLES:  # an older schema is read as it is (the game migrates it)
                check_schema(conn, version)  # what the game would set aside is named here
        except DAMAGE_ERRORS as exc:
            raise self._unreadable(exc) from None
        finally:
            conn.close()
        if version > SCHEMA_VERSION:
            raise self._unreadable(f"it was written by a newer game (schema {version})")
        if version not in TABLES and tables:
            raise self._unreadable(f"schema {version} with tables of its own: not a history "
                                   "this game wrote")
        self._blank = version not in TABLES  # made, never set up: no games yet
        self._ready = True

    @contextlib.contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        try:
            with super()._connect() as conn:
                yield conn
        except DAMAGE_ERRORS as exc:  # a missing table or column, bad text
            raise self._unreadable(exc) from None

    def _opened(self) -> bool:
        """Open the file if not yet; whether it holds the schema (else it has no games)."""
        if not self._ready:
            self._open()
        return not self._blank

    def games(self, shape: str | None = None) -> list[GameRecord]:
        return super().games(shape) if self._opened() else []

    def game(self, row_id: int) -> GameRecord | None:
        return super().game(row_id) if self._opened() else None

    def last(self, *, replayable: bool = True) -> GameRecord | None:
        return super().last(replayable=replayable) if self._opened() else None


__all__ = ["HistoryReader"]
