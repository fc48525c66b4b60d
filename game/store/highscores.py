"""Per-size top-10 high-score tables and personal records, saved safely in the user data folder."""

from __future__ import annotations

import math
import re
import threading
from concurrent.futures import Future
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

from game.core.spec import GameKind
from game.core.summary import GameSummary
from game.store.storage import JsonStore, SaveWriter, data_dir, save_problem

SCORES_FILE = "scores.json"
SCORES_VERSION = 1
TABLE_SIZE = 10
NAME_MAX = 16
DEFAULT_NAME = "player"
BADGE_POINTS = "best points"
BADGE_TIME = "best time"
BADGE_MOVES = "fewest moves"
BADGE_FIRST = "first game"
"""The only badge of a table's first game: it beats nothing, its figures are the bests to
beat (a newcomer's first game read "New best points, time and moves!")."""
UNKNOWN_SHAPE_ORDER = 10**6
_SHAPE = re.compile(r"(\d+)x(\d+)")


def default_data() -> dict:
    """The empty score file: top tables and records, keyed by shape ("4x4")."""
    return {"tables": {}, "records": {}}


def utc_stamp(when: datetime | None = None) -> str:
    """An ISO-8601 UTC time stamp to the second, e.g. ``2026-11-22T05:10:42Z``."""
    when = when or datetime.now(UTC)
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def shape_key(shape: str) -> tuple[int, int, str]:
    """Sort key putting smaller boards first (by cells, then width)."""
    match = _SHAPE.fullmatch(shape)
    if match is None:
        return (UNKNOWN_SHAPE_ORDER, 0, shape)
    w, h = int(match[1]), int(match[2])
    return (w * h, w, shape)


@dataclass(frozen=True, slots=True)
class Entry:
    """One row of a high-score table."""

    name: str
    points: int
    seconds: float
    moves: int
    optimal_length: int | None
    grade: str
    when: str
    game_id: str = ""
    hints: int = 0
    undos: int = 0

    def sort_key(self) -> tuple:
        """Higher points first, then faster, then fewer moves, then earlier."""
        return (-self.points, self.seconds, self.moves, self.when)

    def to_json(self) -> dict:
        """The entry as a JSON object."""
        return {
            "name": self.name, "points": self.points, "seconds": self.seconds,
            "moves": self.moves, "optimal_length": self.optimal_length, "grade": self.grade,
            "when": self.when, "game_id": self.game_id, "hints": self.hints,
            "undos": self.undos,
        }

    @classmethod
    def from_json(cls, obj: object) -> Entry | None:
        """The entry, or None when ``obj`` is not a well-formed entry (it is then dropped)."""
        if not isinstance(obj, dict):
            return None
        try:
            entry = cls(
                name=str(obj["name"])[:NAME_MAX],
                points=_int(obj["points"]),
                seconds=float(obj["seconds"]),
                moves=_int(obj["moves"]),
                optimal_length=(None if obj.get("optimal_length") is None
                                else _int(obj["optimal_length"])),
                grade=str(obj.get("grade", "-")),
                when=str(obj["when"]),
                game_id=str(obj.get("game_id", "")),
                hints=_int(obj.get("hints", 0)),
                undos=_int(obj.get("undos", 0)),
            )
        except (KeyError, TypeError, ValueError):
            return None
        if not math.isfinite(entry.seconds) or entry.seconds < 0 or entry.moves < 0:
            return None
        return entry


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{value!r} is not an integer")
    return value


@dataclass(frozen=True, slots=True)
class AddResult:
    """Where a finished game landed: rank 1..10 (None if outside the top 10) and badges."""

    entry: Entry
    rank: int | None
    badges: tuple[str, ...]
    table: tuple[Entry, ...]



SECONDS_DECIMALS = 3
"""Times are kept to the millisecond everywhere (history, tables, end screen), so every view
rounds the same value to the tenths it shows."""


class ScoredGame(Protocol):
    """What a recorded game offers the score tables (a history ``GameRecord``)."""

    @property
    def shape(self) -> str: ...
    @property
    def solved_by_player(self) -> bool: ...
    @property
    def name(self) -> str: ...
    @property
    def points(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def moves(self) -> int: ...
    @property
    def optimal_length(self) -> int | None: ...
    @property
    def grade(self) -> str: ...
    @property
    def started(self) -> str: ...
    @property
    def game_id(self) -> str: ...
    @property
    def hints(self) -> int: ...
    @property
    def undos(self) -> int: ...
    @property
    def kind(self) -> GameKind: ...


def entry_of(game: ScoredGame) -> Entry:
    """The high-score row of a game the player solved."""
    return Entry(name=game.name, points=game.points, seconds=round(game.seconds, SECONDS_DECIMALS),
                 moves=game.moves, optimal_length=game.optimal_length, grade=game.grade,
                 when=game.started, game_id=game.game_id, hints=game.hints, undos=game.undos)


def entry_for(summary: GameSummary, *, name: str = DEFAULT_NAME, when: datetime | None = None,
              game_id: str = "") -> Entry:
    """The table row for a finished game."""
    return Entry(
        name=(name.strip() or DEFAULT_NAME)[:NAME_MAX],
        points=summary.points,
        seconds=round(summary.seconds, SECONDS_DECIMALS),
        moves=summary.moves,
        optimal_length=summary.optimal_length,
        grade=summary.grade,
        when=utc_stamp(when),
        game_id=game_id,
        hints=summary.hints_used,
        undos=summary.undos,
    )


def read_table(data: dict, shape: str) -> list[Entry]:
    """The well-formed entries stored for ``shape``, best first."""
    tables = data.get("tables")
    rows = tables.get(shape) if isinstance(tables, dict) else None
    if not isinstance(rows, list):
        return []
    entries = [e for e in (Entry.from_json(r) for r in rows) if e is not None]
    return sorted(entries, key=Entry.sort_key)[:TABLE_SIZE]


def _records(data: dict, shape: str) -> dict:
    """Best points, time and moves ever for ``shape`` (from the table if never stored)."""
    records = data.get("records")
    stored = records.get(shape) if isinstance(records, dict) else None
    out: dict = {}
    for entry in read_table(data, shape):
        out["points"] = max(out.get("points", entry.points), entry.points)
        out["seconds"] = min(out.get("seconds", entry.seconds), entry.seconds)
        out["moves"] = min(out.get("moves", entry.moves), entry.moves)
    if isinstance(stored, dict):
        for key, better in (("points", max), ("seconds", min), ("moves", min)):
            value = stored.get(key)
            if isinstance(value, int | float) and not isinstance(value, bool):
                out[key] = better(out[key], value) if key in out else value
    return out


def insert(data: dict, shape: str, entry: Entry) -> tuple[dict, AddResult]:
    """Pure: ``data`` with ``entry`` added to the ``shape`` table, and where it landed."""
    old = _records(data, shape)
    badges = [badge for badge, beats in (
        (BADGE_POINTS, "points" not in old or entry.points > old["points"]),
        (BADGE_TIME, "seconds" not in old or entry.seconds < old["seconds"]),
        (BADGE_MOVES, "moves" not in old or entry.moves < old["moves"])) if beats] \
        if old else [BADGE_FIRST]
    rows = sorted([*read_table(data, shape), entry], key=Entry.sort_key)
    table = tuple(rows[:TABLE_SIZE])
    rank = next((i + 1 for i, row in enumerate(table) if row is entry), None)
    records = {
        "points": max(old.get("points", entry.points), entry.points),
        "seconds": min(old.get("seconds", entry.seconds), entry.seconds),
        "moves": min(old.get("moves", entry.moves), entry.moves),
    }
    new = dict(data)
    new["tables"] = {**_dict(data.get("tables")), shape: [row.to_json() for row in table]}
    new["records"] = {**_dict(data.get("records")), shape: records}
    return new, AddResult(entry=entry, rank=rank, badges=tuple(badges), table=table)


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def damage(data: dict) -> str | None:
    """Why stored score data is damaged (a table or row that cannot be read), or None.

    The store then keeps the whole file aside instead of quietly dropping a player's rows.
    """
    for key in ("tables", "records"):
        for shape, value in _dict(data.get(key)).items():
            if not isinstance(value, list if key == "tables" else dict):
                return f"its {shape} {key[:-1]} is a JSON {type(value).__name__}"
    for shape, rows in _dict(data.get("tables")).items():
        for number, row in enumerate(rows, start=1):
            if Entry.from_json(row) is None:
                return f"row {number} of its {shape} table cannot be read"
    return None


class HighScores:
    """The score file: a cached copy for instant reads, locked updates for writes.

    A game that could not be saved (read-only folder, full disk, a file where the folder
    should be) stays in memory, in the tables the player sees and in ``unsaved``;
    ``save_problem`` says why, and ``retry`` (or the next recorded game) writes every unsaved
    entry at once when the disk allows it again.
    """

    def __init__(self, store: JsonStore | None = None) -> None:
        self.store = store or JsonStore(
            data_dir() / SCORES_FILE, version=SCORES_VERSION, defaults=default_data,
            kind="scores", validate=damage,
        )
        self._data: dict = default_data()
        self._lock = threading.Lock()
        self._unsaved: list[tuple[str, Entry]] = []
        self._problem: str | None = None

    def load(self) -> HighScores:
        """Read the file (never raises; see ``take_warning``); returns self."""
        self._data = self.store.load()
        return self

    def take_warning(self) -> str | None:
        """A one-line warning about a bad score file, returned only once."""
        return self.store.take_warning()

    def table(self, shape: str) -> list[Entry]:
        """The top-10 entries for ``shape`` ("4x4"), best first."""
        return read_table(self._data, shape)

    def daily_table(self, shape: str) -> list[Entry]:
        """The size's daily top 10 (first tries): kept only in the history (``HistoryScores``)."""
        return []

    def shapes(self) -> list[str]:
        """Every shape with at least one entry, smaller boards first."""
        tables = _dict(self._data.get("tables"))
        return sorted((s for s in tables if read_table(self._data, s)), key=shape_key)

    def add(self, summary: GameSummary, *, name: str = DEFAULT_NAME,
            when: datetime | None = None, game_id: str = "") -> AddResult | None:
        """Enter a finished game now (file I/O under the lock); None for auto-solved games."""
        if not summary.solved_by_player:
            return None
        entry = entry_for(summary, name=name, when=when, game_id=game_id)
        box: list[AddResult] = []

        def apply(data: dict) -> dict:
            new, result = insert(data, summary.shape, entry)
            box[:] = [result]
            return new

        self._data = self.store.update(apply)
        return box[0]

    def record(self, summary: GameSummary, writer: SaveWriter, *,
               name: str = DEFAULT_NAME, when: datetime | None = None, game_id: str = "",
               ) -> tuple[AddResult | None, Future | None]:
        """Enter a game without file I/O on this thread: the result comes from the cached
        tables at once; the locked update (which merges other instances' entries) runs on
        ``writer``. Returns (result, future of the saved AddResult)."""
        if not summary.solved_by_player:
            return None, None
        entry = entry_for(summary, name=name, when=when, game_id=game_id)
        self._data, result = insert(self._data, summary.shape, entry)
        with self._lock:
            self._unsaved.append((summary.shape, entry))
        return result, writer.submit(lambda: self._save_unsaved(entry))

    def add_game(self, game: ScoredGame, writer: SaveWriter) -> AddResult | None:
        """Remember a recorded game: the score file keeps the player's wins only (written on
        ``writer``); returns where it landed (None for anything else: a practice game is
        never ranked)."""
        if not game.solved_by_player or game.kind is GameKind.PRACTICE:
            return None
        entry = entry_of(game)
        self._data, result = insert(self._data, game.shape, entry)
        with self._lock:
            self._unsaved.append((game.shape, entry))
        writer.submit(lambda: self._save_unsaved(entry))
        return result

    @property
    def save_problem(self) -> str | None:
        """Why the last save failed (None once a save worked, or if none failed)."""
        return self._problem

    @property
    def unsaved(self) -> int:
        """How many finished games are held in memory only, waiting to be saved."""
        with self._lock:
            return len(self._unsaved)

    def retry(self, writer: SaveWriter) -> Future | None:
        """Try again to save the games held in memory (None when there are none)."""
        if not self.unsaved:
            return None
        return writer.submit(lambda: self._save_unsaved(None))

    def _save_unsaved(self, wanted: Entry | None) -> AddResult | None:
        """On the writer: enter every unsaved game under the file lock in one update.

        Raises the OSError when the disk refuses (the entries stay unsaved, the reason is
        kept in ``save_problem``); returns where ``wanted`` landed in the saved table.
        """
        with self._lock:
            batch = list(self._unsaved)
        if not batch:
            return None
        box: list[AddResult] = []

        def apply(data: dict) -> dict:
            for shape, entry in batch:
                data, saved = insert(data, shape, entry)
                if entry is wanted:
                    box[:] = [saved]
            return data

        try:
            self._data = self.store.update(apply)
        except OSError as exc:
            self._problem = save_problem(exc, self.store.path)
            raise
        done = {id(entry) for _, entry in batch}
        with self._lock:
            self._unsaved = [item for item in self._unsaved if id(item[1]) not in done]
        self._problem = None
        return box[0] if box else None

