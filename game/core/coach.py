"""Values the coach hands the game: hints, made boards and the coach's status (no solver here)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.core.board import Board


@dataclass(frozen=True)
class Hint:
    """What is known about one board: its distance and the moves that begin an optimal solution."""

    board: Board
    distance: int
    """Optimal distance to the goal (the best found length when ``optimal`` is False)."""
    moves: frozenset[str]
    """Moves known to begin an optimal solution (all of them when ``complete``)."""
    optimal: bool
    """Whether ``distance`` is proven optimal."""
    complete: bool
    """True when ``moves`` is the full set of optimal moves."""
    path: str
    """One optimal (or best found) solution from ``board``; may be empty if not known yet."""
    latency: float = 0.0
    """Seconds from ``submit(board)`` to delivery by ``poll()`` (0 for ``known()`` answers)."""


def goal_hint(board: Board) -> Hint:
    """The hint for a solved board: nothing to do."""
    return Hint(board, 0, frozenset(), True, True, "")


@dataclass(frozen=True)
class NewBoard:
    """A board made for ``request_board``; ``length`` is the requested optimal length."""

    board: Board
    length: int | None
    request_id: int


class CoachState(enum.StrEnum):
    """What the coach is doing (the HUD words for it are the values)."""

    WARMING_UP = "warming up"
    THINKING = "thinking"
    READY = "ready"
    UNAVAILABLE = "unavailable"


@dataclass(frozen=True)
class WorkerStatus:
    """What the hint overlay shows: the state and, while thinking, the search's progress."""

    state: CoachState
    bound: int = 0
    nodes: int = 0
    detail: str = ""
    """Why the coach is unavailable, in a few words (e.g. "warm-up timed out; retrying")."""
    progress: float | None = None
    """While tables are built or kernels compiled: the share done (0..1), else None."""
    work: str = ""
    """What that work is, in a few words (e.g. "building the 4x4 tables")."""


CoachResult = Hint | NewBoard
"""What ``poll()`` hands the game loop."""
