"""What the mid-end tells the front end happened during a frame, as values (no pygame)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.core.board import Board
from game.core.scoring import MoveClass
from game.core.summary import GameSummary
from game.store.history import GameRecord


class Happening(enum.Enum):
    """Something the front end may make a sound or a shake for."""

    BUMP = "bump"
    """A move that cannot be made (the player's own: hover never bumps)."""
    STREAK = "streak"
    WIN = "win"


@dataclass(frozen=True, slots=True)
class Happened:
    """A moment worth a sound (and, for a bump, a shake)."""

    what: Happening


@dataclass(frozen=True, slots=True)
class Moved:
    """Tiles slid (one action; a group slide moves several)."""

    tiles: int


@dataclass(frozen=True, slots=True)
class Scored:
    """A judged move: what it did to the points (before POINTS' floor at zero), on its tile."""

    cls: MoveClass
    gained: int
    multiplier: int
    assisted: bool
    cell: tuple[int, int]
    """(row, column) of the tile that moved."""
    shorter: int = 0
    """Beyond exact reach: how much shorter than the best known line the move's line is."""


@dataclass(frozen=True, slots=True)
class Rejudged:
    """Moves shown earlier were judged again with what the coach (or the finished game's own
    line) taught since: ``gained`` is what that did to the points."""

    moves: int
    gained: int
    refunds: int = 0
    """Of ``gained``, the points given back (moves judged better)..."""
    charges: int = 0
    """...and those taken (judged worse, <= 0): news both ways is never one figure."""


@dataclass(frozen=True, slots=True)
class Won:
    """The board was solved (``seed`` makes the confetti the same for the same board)."""

    seed: int


@dataclass(frozen=True, slots=True)
class Finished:
    """The game is over and judged as far as it can be: its figures and its record."""

    summary: GameSummary
    record: GameRecord
    start: Board
    game_id: str


@dataclass(frozen=True, slots=True)
class DemoDone:
    """A self-playing game finished and paused: the next board may come."""


@dataclass(frozen=True, slots=True)
class Shown:
    """A new board is on screen (``known``: its complete hint is already known)."""

    board: Board
    known: bool


@dataclass(frozen=True, slots=True)
class Known:
    """The complete hint for the board on screen arrived (the hint latency ends)."""

    board: Board


PlayEvent = Happened | Moved | Scored | Rejudged | Won | Finished | DemoDone | Shown | Known
