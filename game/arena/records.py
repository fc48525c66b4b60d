"""The arena's game history: every bot game in its own SQLite file, written off the event loop."""

from __future__ import annotations

import logging
import queue
import sqlite3
import threading
import uuid
from pathlib import Path

from game.store.history import GameRecord, History, HistoryError
from game.store.storage import data_dir

log = logging.getLogger(__name__)

ARENA_HISTORY_FILE = "arena.sqlite3"
"""Beside the player's history, never in it: bots' games stay out of the player's stats."""


class ArenaRecords:
    """Writes arena games to the arena history on one daemon thread; ``add`` never blocks."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else data_dir() / ARENA_HISTORY_FILE
        self.run = uuid.uuid4().hex
        """This server run (the history's session)."""
        self.written = 0
        self.failed: str | None = None
        """Why writing stopped working (logged once), or None."""
        self._queue: queue.Queue[GameRecord | None] = queue.Queue()
        self._thread = threading.Thread(target=self._write, name="arena-history", daemon=True)
        self._thread.start()

    def add(self, game: GameRecord) -> None:
        """Queue one game for the history."""
        self._queue.put(game)

    def close(self, timeout: float = 5.0) -> None:
        """Write what is queued, then stop."""
        self._queue.put(None)
        self._thread.join(timeout)

    def _write(self) -> None:
        history: History | None = None
        while (game := self._queue.get()) is not None:
            try:
                if history is None:
                    history = History(self.path)
                history.add(game)
                self.written += 1
            except (OSError, sqlite3.Error, HistoryError, ValueError) as exc:
                if self.failed is None:
                    self.failed = str(exc)
                    log.warning("arena games can't be saved to %s: %s", self.path, exc)
