"""The history's SQLite schema by version, the v1 -> v2 migration and the schema check.

Version 1 kept games and their actions. Version 2 adds a game's kind (random, seeded,
custom, daily, practice: bests and top 10s keep kinds apart), the result of a ghost race
(what was raced, the ghost's time and moves, who won) and each action's distance to the goal
as the game knew it. Rows written before version 2 get their kind from what they recorded (a
daily is a daily, a ``WxH-SEED`` game random, a board given as text custom), no race result
and unknown distances.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from game.core.generate import parse_game_id
from game.core.spec import GameKind

SCHEMA_V1 = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    board TEXT,
    mode TEXT NOT NULL,
    daily TEXT,
    started TEXT NOT NULL,
    session TEXT NOT NULL,
    finished INTEGER NOT NULL,
    solved_by_player INTEGER NOT NULL,
    seconds REAL NOT NULL,
    moves INTEGER NOT NULL,
    optimal_length INTEGER,
    points INTEGER NOT NULL,
    grade TEXT NOT NULL,
    efficiency REAL,
    hints INTEGER NOT NULL,
    undos INTEGER NOT NULL,
    name TEXT NOT NULL,
    imported INTEGER NOT NULL DEFAULT 0,
    actions INTEGER NOT NULL
);
CREATE INDEX games_by_shape ON games (width, height, id);
CREATE INDEX games_by_daily ON games (daily, width, height, id);
CREATE TABLE moves (
    game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    token TEXT NOT NULL,
    t_ms INTEGER NOT NULL,
    judgement TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""

SCHEMA_V2 = """
ALTER TABLE games ADD COLUMN kind TEXT NOT NULL DEFAULT 'random';
ALTER TABLE games ADD COLUMN race_kind TEXT;
ALTER TABLE games ADD COLUMN race_game INTEGER;
ALTER TABLE games ADD COLUMN race_tps REAL;
ALTER TABLE games ADD COLUMN race_seconds REAL;
ALTER TABLE games ADD COLUMN race_moves INTEGER;
ALTER TABLE games ADD COLUMN race_won INTEGER;
ALTER TABLE moves ADD COLUMN distance INTEGER;
CREATE INDEX games_by_kind ON games (kind, width, height, id);
"""
"""Columns added by version 2: ``race_kind`` is NULL for a game that raced no ghost,
``race_won`` 1 (the player), 0 (the ghost) or NULL (the ghost never ran)."""

GAME_COLUMNS_V1 = (
    "game_id", "width", "height", "board", "mode", "daily", "started", "session", "finished",
    "solved_by_player", "seconds", "moves", "optimal_length", "points", "grade", "efficiency",
    "hints", "undos", "name", "imported", "actions")
GAME_COLUMNS_V2 = ("kind", "race_kind", "race_game", "race_tps", "race_seconds", "race_moves",
                   "race_won")
MOVE_COLUMNS_V1 = ("game", "seq", "token", "t_ms", "judgement")

TABLES: dict[int, dict[str, tuple[str, ...]]] = {
    1: {"games": ("id", *GAME_COLUMNS_V1), "moves": MOVE_COLUMNS_V1, "meta": ("key", "value")},
    2: {"games": ("id", *GAME_COLUMNS_V1, *GAME_COLUMNS_V2),
        "moves": (*MOVE_COLUMNS_V1, "distance"), "meta": ("key", "value")},
}
"""Every table and column a history of each schema version has."""


def run_script(conn: sqlite3.Connection, script: str) -> None:
    """Each statement of ``script`` in the open transaction (``executescript`` would commit
    it first, and a migration must be all or nothing)."""
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)


def kind_of(game_id: str, daily: str | None) -> GameKind:
    """The kind of a game recorded before kinds were: a daily is a daily, a ``WxH-SEED``
    (or no) ID a random game, a board given as text custom."""
    if daily is not None:
        return GameKind.DAILY
    if not game_id:
        return GameKind.RANDOM  # an old score-table row without an ID: a normal game
    try:
        seeded = parse_game_id(game_id).seed is not None
    except ValueError:
        seeded = False
    return GameKind.RANDOM if seeded else GameKind.CUSTOM


def v1_to_v2(conn: sqlite3.Connection, folder: Path) -> None:
    """Add the kind, race and distance columns; every old game gets its kind."""
    run_script(conn, SCHEMA_V2)
    rows = conn.execute("SELECT id, game_id, daily FROM games").fetchall()
    conn.executemany("UPDATE games SET kind = ? WHERE id = ?",
                     [(str(kind_of(row[1], row[2])), row[0]) for row in rows])


def check_schema(conn: sqlite3.Connection, version: int) -> None:
    """Raise DatabaseError unless every table and column of schema ``version`` is there and
    the moves all belong to games (a foreign key the file cannot honour is damage too)."""
    for table, columns in TABLES[version].items():
        have = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if not have:
            raise sqlite3.DatabaseError(f"its {table} table is missing")
        lacking = [c for c in columns if c not in have]
        if lacking:
            raise sqlite3.DatabaseError(f"its {table} table lacks {', '.join(lacking)}")
    if conn.execute("PRAGMA foreign_key_check").fetchone() is not None:
        raise sqlite3.DatabaseError("it holds moves of games that are not there")
