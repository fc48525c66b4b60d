"""A ghost to race: a timed line of boards played back by elapsed seconds (no pygame).

A ghost comes from a recorded game (the actions replayed on the board, undo, redo and restart
included) or from a solution played at a steady number of tiles per second (the coach's
line). It never changes: the play screen asks it where it is at the player's game time.
"""

from __future__ import annotations

import bisect
import enum
from dataclasses import dataclass

from game.core.actions import CycleHint, Move, Redo, Restart, Slide, Undo
from game.core.board import Board
from game.core.history import Entry, History
from game.core.recording import Recording

DEFAULT_TPS = 4.0
"""The coach ghost's pace when none is chosen (tiles per second)."""
MAX_TPS = 50.0
MS_PER_SECOND = 1000


class GhostKind(enum.StrEnum):
    """Where a ghost comes from."""

    BEST = "best"
    """The best previous finished game on the board (or the size's personal best)."""
    COACH = "coach"
    """The coach's solution at a chosen number of tiles per second."""


GHOST_KINDS = tuple(GhostKind)


class GhostError(ValueError):
    """A ghost that cannot be made; the message names the bad value."""


def _made_by(entry: Entry[tuple[Board, int, int | None]]) -> int | None:
    """The action that made a position (``History``'s grouping: a click's tiles)."""
    return entry.state[2]


def check_tps(tps: float) -> float:
    """``tps`` when it is a usable pace; raises GhostError naming it otherwise."""
    if not 0 < tps <= MAX_TPS:  # also false for NaN
        raise GhostError(f"tiles per second {tps:g} must be above 0 and at most {MAX_TPS:g}")
    return float(tps)


@dataclass(frozen=True, slots=True)
class GhostChoice:
    """What to race: a kind, the coach's pace, and the recording once it is known."""

    kind: GhostKind = GhostKind.COACH
    tps: float = DEFAULT_TPS
    recording: Recording | None = None
    """The game to race (BEST); None until it is found (or for the coach)."""
    game: int | None = None
    """The history row of the game to race (BEST), when it is known (kept with the result)."""

    def __post_init__(self) -> None:
        check_tps(self.tps)


@dataclass(frozen=True, slots=True)
class Ghost:
    """Boards in time order: ``boards[i]`` from ``times[i]`` seconds, ``made[i]`` tile moves
    played by then (undo and redo move a tile too; a restart moves none); ``line_moves`` the
    moves of the line it ends on."""

    start: Board
    times: tuple[float, ...]
    boards: tuple[Board, ...]
    made: tuple[int, ...]
    label: str = "ghost"
    line_moves: int | None = None
    """Moves on the line its run ends on (undone and restarted ones excluded: the count its
    game's top 10 shows); None: every tile move counts (a line played straight through)."""

    def __post_init__(self) -> None:
        if not len(self.times) == len(self.boards) == len(self.made):
            raise GhostError(f"{len(self.times)} times for {len(self.boards)} boards")

    # --- making ---------------------------------------------------------
    @classmethod
    def from_moves(cls, start: Board, moves: str, tps: float, label: str = "") -> Ghost:
        """``moves`` played one tile every 1/``tps`` seconds, the first at 1/``tps``."""
        tps = check_tps(tps)
        times, boards, board = [], [], start
        for i, move in enumerate(moves):
            if not board.can_move(move):
                raise GhostError(f"move {i + 1} '{move}' of '{moves}' cannot be played")
            board = board.apply(move)
            times.append((i + 1) / tps)
            boards.append(board)
        return cls(start, tuple(times), tuple(boards), tuple(range(1, len(moves) + 1)),
                   label or f"coach {tps:g} tps")

    @classmethod
    def from_recording(cls, recording: Recording, label: str = "") -> Ghost:
        """The boards of a recorded game at the times its actions were made."""
        start = recording.board
        # each position with the moves of the line that reached it and the action that made
        # it (a restart starts again; a whole-click undo takes back every tile of a click)
        line: History[tuple[Board, int, int | None]] = History((start, 0, None))
        times: list[float] = []
        boards: list[Board] = []
        made: list[int] = []
        count = 0
        for index, (action, at) in enumerate(zip(recording.actions, recording.times_ms,
                                                 strict=True)):
            board, depth, _ = line.state
            if board.is_solved():
                break  # the game was over; nothing after the win moved a tile
            moved = 0
            if isinstance(action, Move) and board.can_move(action.letter):
                line.push((board.apply(action.letter), depth + 1, index))
                moved = 1
            elif isinstance(action, Slide):
                for letter in board.slide_moves(action.index):
                    here, deep, _ = line.state
                    line.push((here.apply(letter), deep + 1, index))
                    moved += 1
            elif isinstance(action, Undo | Redo):
                steps = line.position
                group = _made_by if action.whole else None
                if isinstance(action, Undo):
                    line.undo(group)
                else:
                    line.redo(group)
                moved = abs(line.position - steps)
            elif isinstance(action, Restart) and board != start:
                line.push((start, 0, None))
            elif isinstance(action, CycleHint):
                continue
            if line.state[0] == board:
                continue
            count += moved
            times.append(at / MS_PER_SECOND)
            boards.append(line.state[0])
            made.append(count)
        return cls(start, tuple(times), tuple(boards), tuple(made), label or "ghost",
                   line.state[1])

    # --- reading --------------------------------------------------------
    @property
    def total_moves(self) -> int:
        """Tile moves in the whole run."""
        return self.made[-1] if self.made else 0

    @property
    def final_moves(self) -> int:
        """Moves on its final line, to set beside a player's (``total_moves`` counts every
        tile it moved, undos included: the HUD's moves to go)."""
        return self.total_moves if self.line_moves is None else self.line_moves

    @property
    def duration(self) -> float:
        """Seconds until its last move."""
        return self.times[-1] if self.times else 0.0

    @property
    def solves(self) -> bool:
        """Whether the run ends on the goal."""
        return (self.boards[-1] if self.boards else self.start).is_solved()

    def steps_at(self, seconds: float) -> int:
        """How many of its steps have happened at ``seconds``."""
        return bisect.bisect_right(self.times, seconds)

    def board_at(self, seconds: float) -> Board:
        """Its board at ``seconds`` of game time."""
        steps = self.steps_at(seconds)
        return self.boards[steps - 1] if steps else self.start

    def made_at(self, seconds: float) -> int:
        """Tile moves it has played by ``seconds``."""
        steps = self.steps_at(seconds)
        return self.made[steps - 1] if steps else 0

    def to_go_at(self, seconds: float) -> int:
        """Tile moves it still has to play after ``seconds``."""
        return self.total_moves - self.made_at(seconds)

    def finished_at(self, seconds: float) -> bool:
        """Whether it has reached the goal by ``seconds``."""
        return self.solves and seconds >= self.duration

    def progress_at(self, seconds: float) -> float:
        """Share of its run played by ``seconds`` (0 to 1)."""
        total = self.total_moves
        return 1.0 if total == 0 else self.made_at(seconds) / total

    def clock_at(self, seconds: float) -> float:
        """Its own clock: the game time, stopped when it finished."""
        return min(max(0.0, seconds), self.duration) if self.solves else max(0.0, seconds)
