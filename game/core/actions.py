"""Everything the player can do, as values: input becomes an action, the session applies it."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Source(enum.Enum):
    """Where a move came from (the coach's own moves are never credited to the player)."""

    KEY = "key"
    MOUSE = "mouse"
    HOVER = "hover"
    SOLVE = "solve"
    """The coach playing its solution (Space)."""
    DEMO = "demo"
    """The self-playing demo and attract mode."""


class CommandKind(enum.Enum):
    """Front-end commands that do not touch the board."""

    PAUSE = "pause"
    NEW = "new"
    SOLVE = "solve"
    KEYS = "keys"
    """Show every key (the ? overlay)."""


@dataclass(frozen=True, slots=True)
class Move:
    """Slide one tile into the gap (notation letter U/D/L/R; see game.core.board)."""

    letter: str
    source: Source = Source.KEY


@dataclass(frozen=True, slots=True)
class Slide:
    """Slide the group from cell ``index`` into the gap (a click or hover)."""

    index: int
    source: Source = Source.MOUSE


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last click or key: every tile a group slide moved (``whole``), or one
    history entry, one tile (``whole=False``: how games recorded before 2026-11 replay)."""

    whole: bool = True


@dataclass(frozen=True, slots=True)
class Redo:
    """Bring back what the last undo took back: a whole click (``whole``), or one entry."""

    whole: bool = True


@dataclass(frozen=True, slots=True)
class Restart:
    """Back to the starting board, as an undoable entry."""


@dataclass(frozen=True, slots=True)
class CycleHint:
    """Hint overlay: off -> arrows -> arrows and path -> off."""


@dataclass(frozen=True, slots=True)
class Command:
    """A front-end command that does not touch the board: pause, new game, solve."""

    kind: CommandKind


BoardAction = Move | Slide | Undo | Redo | Restart | CycleHint
Action = BoardAction | Command
