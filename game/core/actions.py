"""Everything the player can do, as values: input becomes an action, the session applies it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Move:
    """Slide one tile into the gap (notation letter U/D/L/R; see game.core.board)."""

    letter: str
    source: str = "key"


@dataclass(frozen=True, slots=True)
class Slide:
    """Slide the group from cell ``index`` into the gap (a click or hover)."""

    index: int
    source: str = "mouse"


@dataclass(frozen=True, slots=True)
class Undo:
    """Step back one history entry."""


@dataclass(frozen=True, slots=True)
class Redo:
    """Step forward one history entry."""


@dataclass(frozen=True, slots=True)
class Restart:
    """Back to the starting board, as an undoable entry."""


@dataclass(frozen=True, slots=True)
class CycleHint:
    """Hint overlay: off -> arrows -> arrows and path -> off."""


@dataclass(frozen=True, slots=True)
class Command:
    """A front-end command that does not touch the board: pause, mute, solve, new, ..."""

    name: str


BoardAction = Move | Slide | Undo | Redo | Restart | CycleHint
Action = BoardAction | Command
