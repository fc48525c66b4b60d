"""High scores as a query over the game history: top 10s and records, kinds kept apart.

Random games fill a size's top 10 and bests; a seeded or custom board has a top 10 of its
own (the first, random, game on it included); dailies rank their first attempts in the size's
daily table; practice games are never ranked (``table_key``). Stats are per kind too.

``HistoryScores`` keeps the interface of ``HighScores`` (so the scores and end screens are
unchanged) but reads its tables from an in-memory copy of the history's game summaries,
loaded once; a new game joins that copy at once and is written to SQLite on the writer thread.
A game the history cannot take now (read-only, full, locked, its folder gone) stays in memory,
in ``unsaved``, with ``save_problem`` saying why, until a later write or ``retry`` stores it.
"""

from __future__ import annotations

import dataclasses
import enum
import sqlite3
import threading
from concurrent.futures import Future
from dataclasses import dataclass
from datetime import datetime

from game.core.averages import Attempt, SizeStats, Stats, stats_of
from game.core.board import Board
from game.core.recording import Mode
from game.core.spec import GAME_KINDS, KIND_NOUNS, GameKind
from game.core.summary import COACH_PART_WORDS, CoachPart, GameSummary
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


class TableKind(enum.StrEnum):
    """Which top 10 a game can enter."""

    SIZE = "size"
    """The size's headline table: random boards the game picked."""
    DAILY = "daily"
    """The size's dailies (first attempts)."""
    BOARD = "board"
    """One board's own table (a seeded or custom board played again)."""


@dataclass(frozen=True, slots=True)
class TableKey:
    """One top 10: of a size (random games or dailies), or of one board."""

    kind: TableKind
    shape: str
    board: str = ""
    """The board's text (BOARD tables)."""

    @property
    def title(self) -> str:
        """``the 4x4 top 10``, ``the 4x4 daily top 10``, ``this board's top 10``."""
        if self.kind is TableKind.BOARD:
            return "this board's top 10"
        return f"the {self.shape} daily top 10" if self.kind is TableKind.DAILY \
            else f"the {self.shape} top 10"


    @property
    def scope(self) -> str:
        """Where a best in this table is a best: ``on this board``, ``of the 4x4 dailies``
        ("" for the size's own)."""
        if self.kind is TableKind.BOARD:
            return "on this board"
        return f"of the {self.shape} dailies" if self.kind is TableKind.DAILY else ""


def size_key(shape: str) -> TableKey:
    """The size's headline table."""
    return TableKey(TableKind.SIZE, shape)


def board_text(game: GameRecord) -> str:
    """The start board's text (the game ID of an imported row without a board)."""
    return game.board.text() if game.board is not None else game.game_id


def table_key(game: GameRecord) -> TableKey | None:
    """The top 10 ``game`` belongs to (None: a practice game, never ranked). Random games
    fill the size's table; a seeded or custom board (known before it is played) has its
    own; dailies theirs."""
    kind = game.kind
    if kind is GameKind.PRACTICE:
        return None
    if kind is GameKind.DAILY:
        return TableKey(TableKind.DAILY, game.shape)
    if kind is GameKind.RANDOM:
        return size_key(game.shape)
    return TableKey(TableKind.BOARD, game.shape, board_text(game))


def counts_in(game: GameRecord, key: TableKey) -> bool:
    """Whether ``game`` (solved or not) is one of ``key``'s games: a board's table also
    holds the first, random, game on that board."""
    if key.kind is TableKind.BOARD:
        return game.kind in BOARD_KINDS and game.shape == key.shape \
            and board_text(game) == key.board
    return table_key(game) == key


BOARD_KINDS = (GameKind.RANDOM, GameKind.SEEDED, GameKind.CUSTOM)


def attempt_of(game: GameRecord) -> Attempt:
    """A game as the averages read it (solved by the player, or a DNF)."""
    return Attempt(game.seconds, game.moves, game.solved_by_player, game.efficiency,
                   game.session)


def first_attempts(games: list[GameRecord]) -> list[GameRecord]:
    """The games without a daily's repeats (the first attempt at each day's daily of a size
    is kept; games oldest first)."""
    seen: set[tuple[str, str]] = set()
    out = []
    for game in games:
        if game.daily is not None:
            day = (game.daily, game.shape)
            if day in seen:
                continue
            seen.add(day)
        out.append(game)
    return out


def ranked(games: list[GameRecord], key: TableKey | None = None) -> list[GameRecord]:
    """The games that count for high scores (in ``key``'s table, or in any): solved by the
    player, never a practice game, and of a daily puzzle only the first attempt."""
    return [game for game in first_attempts(games)
            if game.solved_by_player and table_key(game) is not None
            and (key is None or counts_in(game, key))]


def scores_data(games: list[GameRecord], key: TableKey) -> dict:
    """The score-file shape (``tables``/``records``, under the key's shape) of ``key``'s
    games."""
    shape = key.shape
    entries = sorted((entry_of(g) for g in ranked(games, key)), key=Entry.sort_key)
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
    on ``board``, of any kind, practice included (the drill's position: a newcomer who had
    just solved it in 8.3 s was set to race the coach, then an older 33.4 s game), or
    without a board the fastest random game of ``shape`` (never a custom board's, never a
    practice game's); ties go to fewer moves, then the earlier game."""
    fits = [g for g in games if g.finished and g.solved_by_player and g.board is not None
            and not g.imported
            and (g.board == board if board is not None else g.kind is GameKind.RANDOM)
            and (shape is None or g.shape == shape)]
    return min(fits, key=lambda g: (g.seconds, g.moves), default=None)


def races_won(games: list[GameRecord]) -> tuple[int, int]:
    """(races won, races run) of these games. Not counted: a race whose ghost never ran, and
    one the player left before the ghost had finished (no one crossed the line; a newcomer
    read "ghost races won 0 of 1" after leaving a race as a loss never run). Left after the
    ghost's finish, it was lost."""
    run = [g.race for g in games if g.race is not None and g.race.won is not None
           and (g.finished or (g.race.seconds is not None and g.race.seconds <= g.seconds))]
    return sum(1 for race in run if race.won), len(run)


def kind_words(game: GameRecord, coach: CoachPart = CoachPart.NONE) -> str:
    """What kind of game it was, for the end screen ("custom board · its own top 10"); a
    game the coach played in (``coach``: its part, as the summary tells it) enters no table,
    and says so."""
    kind = game.kind
    if game.mode is Mode.AUTO or coach is not CoachPart.NONE:
        words = COACH_PART_WORDS[coach if coach is not CoachPart.NONE else CoachPart.HELPED]
        return f"{KIND_NOUNS[kind]} · {words}, not ranked"
    if kind is GameKind.DAILY:
        return f"daily {game.daily} · first attempts ranked" if game.daily \
            else "daily · first attempts ranked"
    return KIND_WORDS[kind]


KIND_WORDS = {
    GameKind.RANDOM: f"{KIND_NOUNS[GameKind.RANDOM]} · the size's top 10",
    GameKind.SEEDED: f"{KIND_NOUNS[GameKind.SEEDED]} · its own top 10",
    GameKind.CUSTOM: f"{KIND_NOUNS[GameKind.CUSTOM]} · its own top 10",
    GameKind.DAILY: f"{KIND_NOUNS[GameKind.DAILY]} · first attempts ranked",
    GameKind.PRACTICE: f"{KIND_NOUNS[GameKind.PRACTICE]} · never ranked",
}


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
        """The size's headline top 10 (random games)."""
        return self.table_of(size_key(shape))

    def table_of(self, key: TableKey) -> list[Entry]:
        """One top 10, best first."""
        rows = scores_data(self.games, key)["tables"][key.shape]
        return [e for e in (Entry.from_json(r) for r in rows) if e is not None]

    def daily_table(self, shape: str) -> list[Entry]:
        """The size's daily top 10: first tries at any day's daily."""
        return self.table_of(TableKey(TableKind.DAILY, shape))

    def shapes(self) -> list[str]:
        return sorted({g.shape for g in ranked(self.games)
                       if table_key(g) == size_key(g.shape)}, key=shape_key)

    def stats(self, shape: str, kind: GameKind = GameKind.RANDOM) -> Stats:
        """Games, solves, bests and averages of one kind of game on one size (random games
        unless told). A daily's bests are its first attempts' (the ones its table ranks);
        its counts include the repeats."""
        games = [g for g in self.games if g.shape == shape and g.kind is kind]
        every = stats_of([attempt_of(g) for g in games])
        if kind is not GameKind.DAILY:
            return every
        first = stats_of([attempt_of(g) for g in first_attempts(games)])
        return dataclasses.replace(every, best_time=first.best_time, best_moves=first.best_moves,
                                   best_tps=first.best_tps,
                                   best_efficiency=first.best_efficiency)

    def size_stats(self, shape: str) -> SizeStats:
        """Every kind played on one size, apart, and the ghost races run there."""
        games = [g for g in self.games if g.shape == shape]
        won, run = races_won(games)
        played = {g.kind for g in games}
        kinds = tuple((kind, self.stats(shape, kind)) for kind in GAME_KINDS if kind in played)
        return SizeStats(shape, kinds, run, won)

    def daily_attempts(self, daily: str, shape: str) -> list[GameRecord]:
        """Every game of the daily puzzle of ``daily`` (YYYY-MM-DD) at ``shape``, oldest
        first: the first is the ranked one, the others are repeats."""
        return [g for g in self.games if g.daily == daily and g.shape == shape]

    def rank_of(self, game: GameRecord) -> int | None:
        """Where ``game`` stands in the top 10 it counts in now (1..10), or None."""
        key = table_key(game)
        if key is None or not any(g is game for g in ranked(self.games, key)):
            return None
        entry = entry_of(game)
        return next((i for i, e in enumerate(self.table_of(key), start=1) if e == entry), None)

    def played_shapes(self) -> list[str]:
        """Every shape with at least one recorded game, smaller first."""
        return sorted({g.shape for g in self.games}, key=shape_key)

    def add_game(self, game: ScoredGame, writer: SaveWriter) -> AddResult | None:
        """Remember ``game`` now; it is written on ``writer``. Returns its high-score result
        (None unless the player solved it)."""
        if not isinstance(game, GameRecord):  # the history keeps whole games, replays and all
            raise TypeError(f"the history keeps GameRecords, not {type(game).__name__}")
        result = None
        key = table_key(game)
        if key is not None and any(g is game for g in ranked([*self.games, game], key)[-1:]):
            _, result = insert(scores_data(self.games, key), key.shape, entry_of(game))
        self.games.append(game)
        with self._pending_lock:
            self._pending.append(game)
        writer.submit(self._write_pending)
        return result

    def rename(self, game: GameRecord, name: str, writer: SaveWriter) -> GameRecord:
        """Put ``game`` (the record ``add_game`` took, or one loaded) under the player name
        ``name``: in the tables at once, in the history on ``writer``. Returns the renamed
        record (the one to give a later rename)."""
        renamed = dataclasses.replace(game, name=name)
        self.games = [renamed if g is game else g for g in self.games]
        with self._pending_lock:
            self._renames.append((game, renamed))
        writer.submit(self._write_pending)
        return renamed

    def row_of(self, game: GameRecord) -> int | None:
        """The history row of ``game``: written by this object, or loaded with its id."""
        kept = self._rows.get(id(game))
        return kept[1] if kept is not None and kept[0] is game else game.id

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
                row_id = self.row_of(old)
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

    def add(self, summary: GameSummary, *, name: str = DEFAULT_NAME,
            when: datetime | None = None, game_id: str = "") -> AddResult | None:
        raise NotImplementedError("history scores are entered with add_game")

    def record(self, summary: GameSummary, writer: SaveWriter, *,
               name: str = DEFAULT_NAME, when: datetime | None = None, game_id: str = "",
               ) -> tuple[AddResult | None, Future | None]:
        raise NotImplementedError("history scores are entered with add_game")
