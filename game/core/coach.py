"""Values the coach hands the game: hints, made boards and the coach's status (no solver here)."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from game.core.board import Board

EXACT_CELLS = 16
"""Boards up to this many cells get exact distances from the coach; larger ones get its best
lines (and exact answers only near the goal)."""


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
    """Seconds from ``submit(board)`` to delivery in a packet (0 for hints about other boards
    and for knowledge read from a cache)."""
    provisional: bool = False
    """Beyond exact reach: a line found mid-search, whose search has not finished yet (a
    quick first line is often long: a move is charged against a board's line only once a
    search of it has run to its end)."""
    effort: float = 0.0
    """Beyond exact reach: the seconds the coach has searched this board, in all (or the
    board a line along which this is came from): what a judgement waits for."""
    thought: float = 0.0
    """Of ``effort``, the seconds of searches of the board while it was on screen or ahead of
    it (not those that judged a move): a move off this line is charged only once the board
    the move made has been searched about as long in all (``game.play.verdict``)."""

    @property
    def proven(self) -> bool:
        """Whether the distance is proven optimal and ``moves`` is the full set of optimal moves:
        nothing more is left to learn about this board."""
        return self.optimal and self.complete


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
    board: Board | None = None
    """While thinking: the board searched (the one on screen, or a longer search of it for a
    shorter line beyond exact reach)."""


@dataclass(frozen=True)
class CoachPacket:
    """Everything the coach has for the game since the last take (one per frame)."""

    hints: tuple[Hint, ...] = ()
    """Every hint learned since the last take, in order, whatever board it is for."""
    boards: tuple[NewBoard, ...] = ()
    """Boards made for ``request_board`` since the last take."""
    status: WorkerStatus = WorkerStatus(CoachState.WARMING_UP)
    """The coach's status when the packet was taken."""

    @property
    def empty(self) -> bool:
        """Whether the packet carries no hint and no board (its status is still news)."""
        return not self.hints and not self.boards


class CoachLink(Protocol):
    """What the mid-end asks of the coach; its answers come back in packets."""

    def submit(self, board: Board) -> None:
        """``board`` is on screen: search it (cancelling a search for any other board)."""
        ...

    def judge(self, boards: list[Board], seconds: Mapping[Board, float] | None = None) -> None:
        """Solve these boards when idle, so moves made before the coach answered are judged;
        beyond exact reach, a board in ``seconds`` judges once searched that long in all."""
        ...
