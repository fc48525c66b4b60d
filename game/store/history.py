"""Every game remembered: an SQLite history (WAL, schema version, migrations, foreign keys).

One row per finished or abandoned game (board, game ID, size, mode, kind, start time,
figures, the result of a ghost race) and one row per action with its time offset in
milliseconds, the judgement of its moves (``o`` optimal, ``w`` wasteful, ``?`` unknown, one
letter per single-tile move, in capitals where help had been seen) and the distance to
the goal after it (schema in ``history_schema``; an older file is migrated in one
transaction). Each call
opens its own connection, so the writer thread and other game instances can use the file at
once (WAL, a busy timeout, ``BEGIN IMMEDIATE`` for writes). A file that is not a usable
database (damage SQLite reports, a failed schema or foreign-key check, unreadable text) is
renamed ``<name>.corrupt-<time>`` unchanged, a fresh one is made, and ``take_warning`` says so
once; a busy, locked, full or read-only one is never damage: it is a HistoryError to wait out
and retry. The first creation imports ``scores.json`` and keeps a copy of it aside.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from game.core.board import Board, BoardError
from game.core.generate import parse_game_id
from game.core.ghost import GhostKind
from game.core.notation import parse_board
from game.core.race import RaceResult
from game.core.recording import Mode, Recording, RecordingError, token_action
from game.core.spec import GameKind
from game.store.highscores import SCORES_FILE, SCORES_VERSION, Entry, default_data, read_table
from game.store.history_schema import (
    GAME_COLUMNS_V1,
    GAME_COLUMNS_V2,
    SCHEMA_V1,
    TABLES,
    check_schema,
    kind_of,
    run_script,
    v1_to_v2,
)
from game.store.sqlite_trouble import DAMAGE_ERRORS, passing
from game.store.storage import CORRUPT_TAG, TIMESTAMP_FORMAT, JsonStore, data_dir

HISTORY_FILE = "history.sqlite3"
SCHEMA_VERSION = 2
BUSY_TIMEOUT_MS = 10_000
IMPORTED_TAG = ".imported"
SIDE_FILES = ("-wal", "-shm", "-journal")

log = logging.getLogger(__name__)
T = TypeVar("T")


Migration = Callable[[sqlite3.Connection, Path], None]


class HistoryError(Exception):
    """The history cannot be used (e.g. its folder is read-only); the message says why."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game of the history (``actions``/``times_ms``/``judgements`` empty when only the
    summary was read, and for games imported from the old score file)."""

    game_id: str
    width: int
    height: int
    board: Board | None
    mode: Mode
    started: str
    session: str
    finished: bool
    solved_by_player: bool
    seconds: float
    moves: int
    optimal_length: int | None
    points: int
    grade: str
    efficiency: float | None
    hints: int = 0
    undos: int = 0
    name: str = "player"
    daily: str | None = None
    imported: bool = False
    action_count: int = 0
    tokens: tuple[str, ...] = ()
    times_ms: tuple[int, ...] = ()
    judgements: tuple[str, ...] = ()
    kind: GameKind = GameKind.RANDOM
    """Which games it is measured against (see ``GameSpec.kind``)."""
    race: RaceResult | None = None
    """The ghost race it was (None: no ghost was raced)."""
    distances: tuple[int | None, ...] = ()
    """Per action: the distance to the goal after it, as the game knew it when it recorded
    (exact on small boards, the best known line beyond; None unknown); empty when not read
    or when none is known."""
    id: int | None = field(default=None, compare=False)

    @property
    def shape(self) -> str:
        """``WxH``."""
        return f"{self.width}x{self.height}"

    def recording(self) -> Recording:
        """The game as a replayable recording; raises RecordingError if it has no board."""
        if self.board is None:
            raise RecordingError(f"game {self.id} has no stored board (imported score)")
        actions = tuple(token_action(t) for t in self.tokens)
        return Recording(self.board, actions, self.times_ms, self.mode)


def _import_scores(conn: sqlite3.Connection, folder: Path) -> None:
    """Bring the top tables of ``scores.json`` in as imported games, and keep a copy aside."""
    path = folder / SCORES_FILE
    if not path.exists():
        return
    data = JsonStore(path, version=SCORES_VERSION, defaults=default_data, kind="scores").load()
    found = data.get("tables")
    tables = found if isinstance(found, dict) else {}
    count = 0
    for shape in tables:
        for entry in read_table(data, shape):
            _insert(conn, _imported(entry, shape))
            count += 1
    aside = path.with_name(path.name + IMPORTED_TAG)
    with contextlib.suppress(OSError):
        if not aside.exists():
            shutil.copy2(path, aside)
    conn.execute("INSERT OR REPLACE INTO meta VALUES ('imported_scores', ?)",
                 (f"{count} entries from {SCORES_FILE}",))


def _imported(entry: Entry, shape: str) -> GameRecord:
    width, height = (int(side) for side in shape.split("x"))
    board = None
    with contextlib.suppress(BoardError, ValueError):
        board = parse_game_id(entry.game_id).board() if entry.game_id else None
    efficiency = (entry.optimal_length / entry.moves
                  if entry.optimal_length and entry.moves else None)
    return GameRecord(
        game_id=entry.game_id, width=width, height=height, board=board, mode=Mode.NORMAL,
        started=entry.when, session="imported", finished=True, solved_by_player=True,
        seconds=entry.seconds, moves=entry.moves, optimal_length=entry.optimal_length,
        points=entry.points, grade=entry.grade, efficiency=efficiency, hints=entry.hints,
        undos=entry.undos, name=entry.name, imported=True,
        kind=kind_of(entry.game_id, None))


def _v0_to_v1(conn: sqlite3.Connection, folder: Path) -> None:
    run_script(conn, SCHEMA_V1)


MIGRATIONS: dict[int, Migration] = {0: _v0_to_v1, 1: v1_to_v2}
"""``MIGRATIONS[v]`` takes a database from schema version v to v + 1 (all of them in one
transaction). A new file imports ``scores.json`` once the schema is complete."""

_COLUMNS = (*GAME_COLUMNS_V1, *GAME_COLUMNS_V2)


def _read_all(conn: sqlite3.Connection) -> None:
    """Decode every stored value (bad UTF-8 raises); before a file is first changed."""
    for table in TABLES[SCHEMA_VERSION]:  # the same tables in every version
        for _ in conn.execute(f"SELECT * FROM {table}"):
            pass


def _race_values(race: RaceResult | None) -> tuple[object, ...]:
    if race is None:
        return (None,) * 6
    won = None if race.won is None else int(race.won)
    return (str(race.kind), race.game, race.tps, race.seconds, race.moves, won)


def _insert(conn: sqlite3.Connection, game: GameRecord) -> int:
    values = (game.game_id, game.width, game.height,
              game.board.text() if game.board is not None else None, str(game.mode),
              game.daily, game.started, game.session, int(game.finished),
              int(game.solved_by_player), game.seconds, game.moves, game.optimal_length,
              game.points, game.grade, game.efficiency, game.hints, game.undos, game.name,
              int(game.imported), len(game.tokens), str(game.kind), *_race_values(game.race))
    marks = ", ".join("?" * len(_COLUMNS))
    cursor = conn.execute(f"INSERT INTO games ({', '.join(_COLUMNS)}) VALUES ({marks})", values)
    row_id = cursor.lastrowid
    assert row_id is not None
    judgements = game.judgements or ("",) * len(game.tokens)
    distances = game.distances or (None,) * len(game.tokens)
    conn.executemany(
        "INSERT INTO moves (game, seq, token, t_ms, judgement, distance) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [(row_id, seq, token, at, judged, distance) for seq, (token, at, judged, distance)
         in enumerate(zip(game.tokens, game.times_ms, judgements, distances, strict=True))])
    return row_id


def _race(row: sqlite3.Row, keys: list[str]) -> RaceResult | None:
    """The race of a row (None: no race, or a row from before races were kept)."""
    if "race_kind" not in keys or row["race_kind"] not in tuple(GhostKind):
        return None
    won = row["race_won"]
    return RaceResult(GhostKind(row["race_kind"]), game=row["race_game"], tps=row["race_tps"],
                      seconds=row["race_seconds"], moves=row["race_moves"],
                      won=None if won is None else bool(won))


def _distances(moves: list[sqlite3.Row]) -> tuple[int | None, ...]:
    """One per action, or none at all when not one is known (an old row, an unjudged game)."""
    out = tuple(m["distance"] if "distance" in m.keys() else None for m in moves)
    return out if any(d is not None for d in out) else ()


def _record(row: sqlite3.Row, moves: list[sqlite3.Row] | None = None) -> GameRecord:
    """A game from its row (and its actions' rows); a version 1 row (read, never migrated,
    by ``stats``) gets the kind it would be migrated to, no race and no distances."""
    board = None
    with contextlib.suppress(BoardError, ValueError):
        board = parse_board(row["board"]) if row["board"] else None
    moves = moves or []
    keys = row.keys()
    kind = GameKind(row["kind"]) if "kind" in keys and row["kind"] in tuple(GameKind) \
        else kind_of(row["game_id"], row["daily"])
    return GameRecord(
        game_id=row["game_id"], width=row["width"], height=row["height"], board=board,
        mode=Mode(row["mode"]) if row["mode"] in tuple(Mode) else Mode.NORMAL,
        started=row["started"], session=row["session"], finished=bool(row["finished"]),
        solved_by_player=bool(row["solved_by_player"]), seconds=row["seconds"],
        moves=row["moves"], optimal_length=row["optimal_length"], points=row["points"],
        grade=row["grade"], efficiency=row["efficiency"], hints=row["hints"],
        undos=row["undos"], name=row["name"], daily=row["daily"],
        imported=bool(row["imported"]), action_count=row["actions"],
        tokens=tuple(m["token"] for m in moves), times_ms=tuple(m["t_ms"] for m in moves),
        judgements=tuple(m["judgement"] for m in moves),
        kind=kind, race=_race(row, keys),
        distances=_distances(moves),
        id=row["id"])


class History:
    """The history file; every method opens and closes its own connection."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else data_dir() / HISTORY_FILE
        self.warning: str | None = None
        self._ready = False

    # --- opening ----------------------------------------------------------
    def take_warning(self) -> str | None:
        """A one-line note about a history that had to be set aside, returned only once."""
        warning, self.warning = self.warning, None
        return warning

    def _busy(self, exc: BaseException) -> HistoryError:
        return HistoryError(f"{self.path.name} cannot be used now ({exc})")

    def _use(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` on a connection; damage found on the way (bad text, a missing column)
        sets the file aside and ``work`` runs once more on the fresh file. Trouble that
        passes is a HistoryError (nothing is set aside)."""
        for attempt in (1, 2):
            try:
                with self._connect() as conn:
                    return work(conn)
            except DAMAGE_ERRORS as exc:
                if passing(exc):
                    raise self._busy(exc) from None
                if attempt == 2:
                    raise HistoryError(f"{self.path.name} is unusable ({exc})") from None
                self._set_aside(str(exc))
                self._ready = False
        raise AssertionError("unreachable")

    @contextlib.contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        if self._ready and not self.path.exists():  # the folder vanished: start afresh
            self._ready = False
        if not self._ready:
            self._open()
        conn = self._raw_connect()
        try:
            yield conn
        finally:
            conn.close()

    def _raw_connect(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000,
                                   isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise HistoryError(f"cannot open {self.path}: {exc}") from None
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA foreign_keys = ON")
        return conn

    def _open(self) -> None:
        """Check the file and bring its schema up to date; set a bad file aside."""
        try:
            self._prepare()
        except DAMAGE_ERRORS as exc:
            if passing(exc):
                raise self._busy(exc) from None
            self._set_aside(str(exc))
            try:
                self._prepare()
            except DAMAGE_ERRORS as again:
                raise (self._busy(again) if passing(again) else
                       HistoryError(f"{self.path.name} is unusable ({again})")) from None
        self._ready = True

    def _prepare(self) -> None:
        conn = self._raw_connect()
        try:
            # Every check reads only, before the switch to WAL writes the header: a file set
            # aside is the file as it was.
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {check}")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise sqlite3.DatabaseError(f"it was written by a newer game (schema {version})")
            if version == 0 and conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise sqlite3.DatabaseError("it is an SQLite file this game did not write")
            if version in TABLES:
                check_schema(conn, version)  # before a migration too: it needs v1 whole
                if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                    _read_all(conn)  # about to be switched: find bad text while unchanged
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("BEGIN IMMEDIATE")
            try:
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                for step in range(version, SCHEMA_VERSION):
                    MIGRATIONS[step](conn, self.path.parent)
                if version == 0:  # a new file: the old score tables come in, with kinds
                    _import_scores(conn, self.path.parent)
                if version != SCHEMA_VERSION:
                    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        finally:
            conn.close()

    def _set_aside(self, reason: str) -> None:
        stamp = datetime.now(UTC).strftime(TIMESTAMP_FORMAT)
        aside = self.path.with_name(f"{self.path.name}{CORRUPT_TAG}{stamp}")
        n = 1
        while aside.exists():
            aside = self.path.with_name(f"{self.path.name}{CORRUPT_TAG}{stamp}-{n}")
            n += 1
        try:
            os.rename(self.path, aside)
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise HistoryError(f"{self.path.name} is unusable ({reason}) and could not be "
                               f"moved aside ({exc.strerror or exc})") from None
        for suffix in SIDE_FILES:
            side = self.path.with_name(self.path.name + suffix)
            with contextlib.suppress(OSError):
                os.rename(side, aside.with_name(aside.name + suffix))
        self.warning = (f"{self.path.name} was unusable ({reason}); kept as {aside.name}, "
                        "a fresh history was started")
        log.warning(self.warning)

    # --- writing ----------------------------------------------------------
    def add(self, game: GameRecord) -> int:
        """Store one game and its actions in one transaction; returns its row id."""
        def write(conn: sqlite3.Connection) -> int:
            conn.execute("BEGIN IMMEDIATE")
            try:
                row_id = _insert(conn, game)
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            return row_id

        return self._use(write)

    def rename(self, row_id: int, name: str) -> bool:
        """Put the game of row ``row_id`` under the player name ``name`` (typed after the
        game was stored); whether that game was there."""
        def write(conn: sqlite3.Connection) -> bool:
            conn.execute("BEGIN IMMEDIATE")
            try:
                changed = conn.execute("UPDATE games SET name = ? WHERE id = ?",
                                       (name, row_id)).rowcount
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            return changed == 1

        return self._use(write)

    # --- reading ----------------------------------------------------------
    def games(self, shape: str | None = None) -> list[GameRecord]:
        """Every game's summary (no actions), oldest first, of one shape or all."""
        query = "SELECT * FROM games"
        args: tuple[int, ...] = ()
        if shape is not None:
            width, height = (int(side) for side in shape.split("x"))
            query, args = query + " WHERE width = ? AND height = ?", (width, height)
        return self._use(lambda conn: [_record(row)
                                       for row in conn.execute(query + " ORDER BY id", args)])

    def game(self, row_id: int) -> GameRecord | None:
        """One game with its actions, or None."""
        def read(conn: sqlite3.Connection) -> GameRecord | None:
            row = conn.execute("SELECT * FROM games WHERE id = ?", (row_id,)).fetchone()
            if row is None:
                return None
            moves = conn.execute("SELECT * FROM moves WHERE game = ? ORDER BY seq",
                                 (row_id,)).fetchall()
            return _record(row, moves)

        return self._use(read)

    def last(self, *, replayable: bool = True) -> GameRecord | None:
        """The latest game (with a stored board when ``replayable``), with its actions."""
        where = " WHERE board IS NOT NULL AND imported = 0" if replayable else ""
        row = self._use(lambda conn: conn.execute(
            f"SELECT id FROM games{where} ORDER BY id DESC LIMIT 1").fetchone())
        return None if row is None else self.game(row["id"])

