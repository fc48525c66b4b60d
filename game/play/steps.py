"""What one action did to a game (``Change``), its history's entries and where a replay starts."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.core.actions import BoardAction, Move, Slide
from game.core.board import Board
from game.core.coach import Hint
from game.core.history import Entry, EntryKind
from game.core.scoring import Line, MoveClass, ScoreSheet


class ChangeKind(enum.Enum):
    """What kind of action changed the board."""

    MOVE = "move"
    UNDO = "undo"
    REDO = "redo"
    RESTART = "restart"


@dataclass(frozen=True, slots=True)
class Change:
    """What an action did to the board, for the animation and the cues."""

    before: Board
    after: Board
    kind: ChangeKind
    cues: tuple[MoveClass, ...] = ()
    """One judgement per single-tile move (a group slide makes several)."""
    moves: str = ""
    """A move's single-tile moves, in order (one letter each, as ``cues``)."""
    shorter: int = 0
    """Beyond exact reach: how much shorter than the best known line the last move's is."""
    stepped: int = 1
    """History entries an undo or redo stepped over: the tiles of the click it took back or
    brought back."""

    def tile_moved(self, index: int) -> int:
        """The tile single-tile move ``index`` slid (without ``moves``: the last tile to
        change cells; 0 when none did)."""
        board = self.before
        if index < len(self.moves):
            for move in self.moves[:index]:
                board = board.apply(move)
            return board.apply(self.moves[index]).tiles[board.blank]
        moved = [t for i, t in enumerate(self.after.tiles) if t and board.tiles[i] != t]
        return moved[-1] if moved else 0


@dataclass(frozen=True, slots=True)
class Position:
    """One history entry: the board, the record of the moves that led to it and the
    restarts on its line of play (an undo or redo brings the count back with the moves)."""

    board: Board
    line: Line | None = None
    restarts: int = 0


def made_by(entry: Entry[Position]) -> int | None:
    """The action that made a move's entry (a click's tiles share it): whole-click undo and
    redo step over them together; None for the start and a restart."""
    line = entry.state.line
    if entry.kind in (EntryKind.MOVE, EntryKind.SOLVE) and line is not None and line.made >= 0:
        return line.made
    return None


@dataclass(frozen=True, slots=True)
class Mark:
    """The game as it stood before one action: a replay of the later actions starts here."""

    history: tuple[tuple[Entry[Position], ...], int]
    sheet: ScoreSheet
    solved: bool
    hint_level: int
    hint: Hint | None
    auto_solved: bool
    last_cue: MoveClass | None
    needed: tuple[Board, ...]


def moves_anything(action: BoardAction, board: Board, solved: bool) -> bool:
    """False for a move or slide that cannot be made on ``board`` now (into a wall, or once
    the game is won); every other action counts."""
    if isinstance(action, Move):
        return not solved and board.can_move(action.letter)
    if isinstance(action, Slide):
        return not solved and bool(board.slide_moves(action.index))
    return True
