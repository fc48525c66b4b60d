"""What the command line asks of the front end (validated values) and its launch error."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.board import Board
from game.core.ghost import GhostChoice


class LaunchError(ValueError):
    """Bad input found while starting the front end (e.g. an unreadable picture file)."""


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """What `play` was asked for, already validated."""

    width: int = 4
    height: int = 4
    seed: int | None = None
    board: Board | None = None
    image: str | None = None
    size_given: bool = False
    daily: str | None = None
    """The date of the daily puzzle to play (``play --daily``)."""
    ghost: GhostChoice | None = None
    """The ghost to race (``play --ghost``), its recording already read for ``best``."""


@dataclass(frozen=True, slots=True)
class DemoOptions:
    """What `demo` was asked for, already validated."""

    width: int = 4
    height: int = 4
    seed: int = 1
    seconds: float = 10.0
    stats: str | None = None
