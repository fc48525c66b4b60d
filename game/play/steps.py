"""What one action did to a game (``Change``), its history's entries, undo, redo and restart on
them, and where a replay starts."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.core.actions import BoardAction, Move, Redo, Restart, Slide, Undo
from game.core.board import Board
from game.core.coach import Hint
from game.core.history import Entry, EntryKind, History
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
    needed: tuple[tuple[Board, float], ...]
    """The boards whose answers would judge a move, with the search each needs in all."""


def moves_anything(action: BoardAction, board: Board, solved: bool) -> bool:
    """False for a move or slide that cannot be made on ``board`` now (into a wall, or once
    the game is won); every other action counts."""
    if isinstance(action, Move):
        return not solved and board.can_move(action.letter)
    if isinstance(action, Slide):
        return not solved and bool(board.slide_moves(action.index))
    return True


def takes_back_anything(action: BoardAction, history: History[Position], solved: bool) -> bool:
    """False for an undo, redo or restart with nothing to take back, bring back or clear
    (a U at move 0 was recorded, and the replay listed an undo no total counted); a restart
    clears the moves on the line of play, also when they came back to the start board (a
    newcomer's R there did nothing, and the U after it took back a good move)."""
    if isinstance(action, Undo | Redo | Restart) and solved:
        return False
    if isinstance(action, Undo):
        return history.can_undo()
    if isinstance(action, Redo):
        return history.can_redo()
    return not isinstance(action, Restart) or history.state.line is not None


def take_back(action: Undo | Redo | Restart, history: History[Position], sheet: ScoreSheet,
              start: Board) -> tuple[ScoreSheet, ChangeKind, int] | None:
    """An undo, redo or restart made on ``history`` (in place): the score sheet after it, the
    kind of change and the history entries it stepped over; None when it changed nothing.
    A whole-click undo or redo steps over the click's entries (``made_by``); a restart is an
    entry of its own (undoable)."""
    entry = history.position
    if isinstance(action, Undo):
        undone = history.undo(made_by if action.whole else None)
        if undone is None:
            return None
        here = history.state
        sheet = sheet.after_undo(here.line, coach=undone.kind is EntryKind.SOLVE,
                                 restarts=here.restarts)
        return sheet, ChangeKind.UNDO, entry - history.position
    if isinstance(action, Redo):
        if history.redo(made_by if action.whole else None) is None:
            return None
        here = history.state
        return (sheet.after_redo(here.line, restarts=here.restarts), ChangeKind.REDO,
                history.position - entry)
    if history.state.line is None:
        return None  # no move on the line of play: nothing to clear
    sheet = sheet.after_restart()
    history.push(Position(start, sheet.line, sheet.restarts), EntryKind.RESTART)
    return sheet, ChangeKind.RESTART, 1
