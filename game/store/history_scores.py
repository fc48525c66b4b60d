"""High scores as a query over the game history: the top 10 and records per size.

``HistoryScores`` keeps the interface of ``HighScores`` (so the scores and end screens are
unchanged) but reads its tables from an in-memory copy of the history's game summaries,
loaded once; a new game joins that copy at once and is written to SQLite on the writer thread.
A game the history cannot take now (read-only, full, locked, its folder gone) stays in memory,
in ``unsaved``, with ``save_problem`` saying why, until a later write or ``retry`` stores it.
A name typed after the game was entered (``rename``) goes the same way: into the copy at once,
then to SQLite on the writer thread (an UPDATE, or the unwritten game is written with it).
"""

from __future__ import annotations

import sqlite3
import threading
from concurrent.futures import Future
from dataclasses import replace
from datetime import datetime

from game.core.averages import Attempt, Stats, stats_of
from game.core.board import Board
from game.core.summary import GameSummary
from game.store.highscores import (
    DEFAULT_NAME,
    TABLE_SIZE,
    AddResult,
    Entry,
    HighScores,
    ScoredGame,
    entry_of,
    insert,
    shape_key,
)
from game.store.history import GameRecord, History, HistoryError
from game.store.storage import SaveWriter


def attempt_of(game: GameRecord) -> Attempt:
    """A game as the averages read it (solved by the player, or a DNF)."""
    return Attempt(game.seconds, game.moves, game.solved_by_player, game.efficiency,
                   game.session)


def ranked(games: list[GameRecord]) -> list[GameRecord]:
    """The games that count for high scores: solved by the player, and of a daily puzzle
    only the first attempt."""
    seen: set[tuple[str, str]] = set()
    out = []
    for game in games:
        if game.daily is not None:
            key = (game.daily, game.shape)
            if key in seen:
                continue
            seen.add(key)
        if game.solved_by_player:
            out.append(game)
    return out


def scores_data(games: list[GameRecord], shape: str) -> dict:
    """The score-file shape (``tables``/``records``) of the games of ``shape``."""
    solved = [g for g in ranked(games) if g.shape == shape]
    entries = sorted((entry_of(g) for g in solved), key=Entry.sort_key)
    records = {}
    if entries:
        records = {"points": max(e.points for e in entries),
                   "seconds": min(e.seconds for e in entries),
                   "moves": min(e.moves for e in entries)}
    return {"tables": {shape: [e.to_json() for e in entries[:TABLE_SIZE]]},
            "records": {shape: records} if records else {}}


def best_game(games: list[GameRecord], *, board: Board | None = None,
              shape: str | None = None) -> GameRecord | None:
    """The fastest game the player solved that can be replayed (stored board and actions):
    on ``board`` and/or of ``shape``; ties go to fewer moves, then the earlier game."""
    fits = [g for g in games if g.finished and g.solved_by_player and g.board is not None
            and not g.imported and (board is None or g.board == board)
            and (shape is None or g.shape == shape)]
    return min(fits, key=lambda g: (g.seconds, g.moves), default=None)


class HistoryScores(HighScores):
    """High scores and stats from the history; never touches the disk on the caller's thread
    after ``load``."""

    def __init__(self, history: History | None = None) -> None:
        super().__init__()
        self.history = history if history is not None else History()
        self.games: list[GameRecord] = []
        self._note: str | None = None
        self._pending: list[GameRecord] = []
        self._pending_lock = threading.Lock()
        self._renames: list[tuple[GameRecord, GameRecord]] = []
        """Names typed for recorded games, (as recorded, renamed), not in SQLite yet."""
        self._rows: dict[int, tuple[GameRecord, int]] = {}
        """The row ids of the games written by this object, by ``id()`` of the record
        written (the record is kept with it, so that ``id()`` is never reused)."""

    def load(self) -> HistoryScores:
        """Read every game's summary (never raises; see ``take_warning``)."""
        try:
            self.games = self.history.games()
        except (HistoryError, OSError) as exc:
            self.games, self._note = [], f"game history unavailable: {exc}"
        self._note = self.history.take_warning() or self._note
        return self

    def take_warning(self) -> str | None:
        note, self._note = self._note, None
        return note

    def table(self, shape: str) -> list[Entry]:
        rows = scores_data(self.games, shape)["tables"][shape]
        return [e for e in (Entry.from_json(r) for r in rows) if e is not None]

    def shapes(self) -> list[str]:
        return sorted({g.shape for g in ranked(self.games)}, key=shape_key)

    def stats(self, shape: str) -> Stats:
        """Games, solves, bests and averages for one size."""
        return stats_of([attempt_of(g) for g in self.games if g.shape == shape])

    def daily_attempts(self, daily: str, shape: str) -> list[GameRecord]:
        """Every game of the daily puzzle of ``daily`` (YYYY-MM-DD) at ``shape``, oldest
        first: the first is the ranked one, the others are repeats."""
        return [g for g in self.games if g.daily == daily and g.shape == shape]

    def rank_of(self, game: GameRecord) -> int | None:
        """Where ``game`` stands in its size's top 10 now (1..10), or None."""
        if not any(g is game for g in ranked(self.games)):
            return None
        entry = entry_of(game)
        return next((i for i, e in enumerate(self.table(game.shape), start=1) if e == entry),
                    None)

    def played_shapes(self) -> list[str]:
        """Every shape with at least one recorded game, smaller first."""
        return sorted({g.shape for g in self.games}, key=shape_key)

    def add_game(self, game: ScoredGame, writer: SaveWriter) -> AddResult | None:
        """Remember ``game`` now; it is written on ``writer``. Returns its high-score result
        (None unless the player solved it)."""
        if not isinstance(game, GameRecord):  # the history keeps whole games, replays and all
            raise TypeError(f"the history keeps GameRecords, not {type(game).__name__}")
        result = None
        if any(g is game for g in ranked([*self.games, game])[-1:]):  # not an equal game
            _, result = insert(scores_data(self.games, game.shape), game.shape,
                               entry_of(game))
        self.games.append(game)
        with self._pending_lock:
            self._pending.append(game)
        writer.submit(self._write_pending)
        return result

    def rename(self, game: GameRecord, name: str, writer: SaveWriter) -> GameRecord:
        """Put ``game`` (the record ``add_game`` took, or one loaded) under the player name
        ``name``: in the tables at once, in the history on ``writer``. Returns the renamed
        record (the one to give a later rename)."""
        renamed = replace(game, name=name)
        self.games = [renamed if g is game else g for g in self.games]
        with self._pending_lock:
            self._renames.append((game, renamed))
        writer.submit(self._write_pending)
        return renamed

    @property
    def unsaved(self) -> int:
        """How many recorded games (or names typed for them) are held in memory only,
        waiting to be written."""
        with self._pending_lock:
            return len(self._pending) + len(self._renames)

    def retry(self, writer: SaveWriter) -> Future | None:
        """Try again to write the games held in memory (None when there are none)."""
        return writer.submit(self._write_pending) if self.unsaved else None

    def _write_pending(self) -> int:
        """On the writer: write every game still held, oldest first; returns how many.

        Raises what stopped it (the games not written stay held, ``save_problem`` says why).
        """
        with self._pending_lock:
            for change in list(self._renames):  # a game not written yet: written renamed
                old, new = change
                if any(g is old for g in self._pending):
                    self._pending = [new if g is old else g for g in self._pending]
                    self._renames = [r for r in self._renames if r is not change]
            batch = list(self._pending)
            renames = list(self._renames)
        written = 0
        try:
            for game in batch:
                row = self.history.add(game)  # one transaction each: written whole or not
                self._rows[id(game)] = (game, row)
                written += 1
                with self._pending_lock:
                    self._pending = [g for g in self._pending if g is not game]
            for change in renames:
                old, new = change
                row_id = self._row_of(old)
                if row_id is not None:
                    self.history.rename(row_id, new.name)
                    self._rows[id(new)] = (new, row_id)
                with self._pending_lock:
                    self._renames = [r for r in self._renames if r is not change]
        except (HistoryError, OSError, sqlite3.Error) as exc:
            self._problem = str(exc)
            raise
        finally:
            self._note = self.history.take_warning() or self._note
        self._problem = None
        return written

    def _row_of(self, game: GameRecord) -> int | None:
        """The history row of ``game``: written by this object, or loaded with its id."""
        kept = self._rows.get(id(game))
        return kept[1] if kept is not None and kept[0] is game else game.id

    def add(self, summary: GameSummary, *, name: str = DEFAULT_NAME,
            when: datetime | None = None, game_id: str = "") -> AddResult | None:
        raise NotImplementedError("history scores are entered with add_game")

    def record(self, summary: GameSummary, writer: SaveWriter, *,
               name: str = DEFAULT_NAME, when: datetime | None = None, game_id: str = "",
               ) -> tuple[AddResult | None, Future | None]:
        raise NotImplementedError("history scores are entered with add_game")
