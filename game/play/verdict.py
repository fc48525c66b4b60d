"""One move judged with what a game knows of its lines: the move's class, what would judge it
better, and which moves keep a good judgement (the mid-end's session calls this per move)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.core.board import Board
from game.core.coach import EXACT_CELLS, Hint
from game.core.knowledge import merge
from game.core.scoring import MoveClass, judge_line, judge_move
from game.play.lines import Lines
from game.play.steps import Position


@dataclass(frozen=True, slots=True)
class Verdict:
    """One move judged (``judge``)."""

    cls: MoveClass
    after: Board
    """The board the move made."""
    distance_after: int | None
    """The best line known from the board the move made (None: none known)."""
    before: Hint | None
    """The best line known from the board the move left, the hint shown there included."""
    wanted: tuple[Board, ...] = ()
    """For a move not judged yet: the boards whose answers would judge it (the board before
    it, exactly; beyond exact reach a search of the board it made, and of the one before it
    when no line from there is known either)."""
    effort: float = 0.0
    """Beyond exact reach, for a move not judged yet: the seconds the board it made should
    have been searched, in all, before the move is charged (``effort_wanted``)."""


EFFORT_CAP = 4.5
"""Beyond exact reach, the most search of the board a move made (seconds, in all) that a
charge waits for: the coach's first search of a board and its first longer one."""
EFFORT_SHARE = 0.8
"""Of the search behind the line a move left, the share the board it made must have had (the
searches' own clocks differ by a little)."""


def effort_wanted(before: Hint | None) -> float:
    """Beyond exact reach: how long (seconds, in all) the board a move made must have been
    searched before the move is charged for leaving ``before``'s line: as long as the coach
    thought about that line, up to EFFORT_CAP. A line the coach found in four seconds of
    thought while the player looked at it, against a half-second search of the board the
    player's move made, charged moves that a longer search of that board refunded a moment
    later: half the charges on 5x5 went back so. Only thought counts (``Hint.thought``), not
    the searches that judged moves, nor the way back through a move: with them, every move
    of a player's own line after a pause waited seconds for the last one's judgement (six
    brisk moves 28 s, one every 4 s)."""
    if before is None or before.optimal:
        return 0.0
    return EFFORT_SHARE * min(before.thought, EFFORT_CAP)


class Kept:
    """Beyond exact reach in a game played live, the moves judged on the coach's line once,
    which stay on it whatever the coach learns later: a judgement the player was shown never
    turns into a charge (newcomers read "move 2 judged again: off the coach's line (-20)"
    seconds after their +10, on every 5x5 game, as the game going back on its word). A better
    line can still refund a charged move. Off for an analysis, which judges after the fact."""

    def __init__(self, live: bool) -> None:
        self.live = live
        self._moves: set[tuple[int, int]] = set()
        """(action, place of the move in it) of each move judged on the coach's line."""
        self._released: set[tuple[int, int]] = set()
        """Moves of a loop the player walked (``release_loop``): never kept again."""

    def holds(self, action: int, offset: int) -> bool:
        """Whether move ``offset`` of action ``action`` was judged on the coach's line before."""
        return (action, offset) in self._moves

    def note(self, action: int, offset: int, cls: MoveClass) -> None:
        """Move ``offset`` of action ``action`` was judged ``cls`` (kept if on the line)."""
        if self.live and cls is MoveClass.LINE and (action, offset) not in self._released:
            self._moves.add((action, offset))

    def release_loop(self, line_of_play: Callable[[], Sequence[Position]]) -> int | None:
        """The line of play (its positions from the start or the last restart, read only in a
        live game) came back to a board it stood on: the moves of that loop went nowhere, so
        none of them is kept any longer (a newcomer's Up then Down were both kept on the
        coach's line: +20 and a streak for no move at all). Returns the first action with a
        move no longer kept (to judge again), None if none."""
        if not self.live:
            return None
        played = line_of_play()
        if len(played) < 2:
            return None
        boards = [position.board for position in played]
        first = boards.index(boards[-1])
        if first == len(boards) - 1:
            return None
        keys: list[tuple[int, int]] = []
        made: dict[int, int] = {}
        for position in played[1:]:
            action = position.line.made if position.line is not None else -1
            offset = made.get(action, 0)
            made[action] = offset + 1
            keys.append((action, offset))
        loop = keys[first:]
        held = [action for action, offset in loop if (action, offset) in self._moves]
        self._released.update(loop)
        self._moves.difference_update(loop)
        return min(held) if held else None


def judge(lines: Lines, board: Board, move: str, shown: Hint | None, start: Board,
          followed: bool) -> Verdict:
    """``move`` from ``board`` judged by ``lines`` (the board it makes is visited); ``shown``:
    the hint on screen for ``board``; ``followed``: the move is the hint shown when it was
    made (the first move of an action that followed it), or was judged on the coach's line
    before (``Kept``), which beyond exact reach is never charged, whatever the coach learns
    later."""
    before = merge(shown, lines.lookup(board))
    after = board.apply(move)
    lines.visit(after)
    after_hint = lines.lookup(after)
    cls, distance_after = judge_move(move, before, after_hint)
    exact = board.size <= EXACT_CELLS
    effort = 0.0 if exact else effort_wanted(before)
    if cls is MoveClass.UNKNOWN and before is not None and (not before.optimal or not exact):
        cls, distance_after = judge_line(move, before, after_hint,
                                         searched=lines.informs(after, start, effort))
    if (cls.bad or (cls is MoveClass.UNKNOWN and not exact)) and followed:
        cls = MoveClass.LINE
    wanted: tuple[Board, ...] = ()
    if cls is MoveClass.UNKNOWN:
        wanted = ((board,) if exact or before is None else ()) + (() if exact else (after,))
    return Verdict(cls, after, distance_after, before, wanted, effort)
