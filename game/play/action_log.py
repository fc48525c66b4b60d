"""What each action of a game did, kept in step with the actions: the game before it, its
moves' judgements and hinted flags, the best line known after it and the boards it stood on."""

from __future__ import annotations

from game.core.actions import BoardAction, Move, Slide
from game.core.board import Board
from game.core.scoring import MoveClass
from game.play.steps import Mark


class ActionLog:
    """Per action of a session, as last judged: what the record keeps and where a replay of
    the later actions starts. A replay from action ``first`` forgets the rest and logs them
    again."""

    def __init__(self) -> None:
        self.marks: list[Mark] = []
        """The game before each action (a replay restarts at the first one news can change)."""
        self.cues: list[tuple[MoveClass, ...]] = []
        """The judgements of each action's moves (``()`` for undo, hints...)."""
        self.hinted: list[tuple[bool, ...]] = []
        """Whether each of an action's moves was scored as hinted (help seen there)."""
        self.distances: list[int | None] = []
        """After each action, the best line known from the board it left (0 once solved,
        None unknown), beside ``cues``: a move on the line never shows a longer way to go."""
        self.visits: list[tuple[Board, ...]] = []
        """The boards each action stood on: before it and after each of its moves."""

    def begin(self, mark: Mark) -> None:
        """An action starts from the game at ``mark``."""
        self.marks.append(mark)

    def logged(self, index: int) -> bool:
        """Whether action ``index`` is logged already (a win's replay inside it logs every
        action, itself included)."""
        return len(self.cues) > index

    def end(self, cues: tuple[MoveClass, ...], hinted: tuple[bool, ...],
            distance: int | None, visits: tuple[Board, ...]) -> None:
        """The action begun last did this."""
        self.cues.append(cues)
        self.hinted.append(hinted)
        self.distances.append(distance)
        self.visits.append(visits)

    def forget_from(self, first: int) -> None:
        """Drop action ``first`` and the later ones (a replay from there logs them again)."""
        del self.marks[first:], self.cues[first:], self.hinted[first:]
        del self.distances[first:], self.visits[first:]

    def first_near(self, near: set[Board], end: int) -> int | None:
        """The first of the first ``end`` actions that stood on a board of ``near``."""
        return next((i for i, visited in enumerate(self.visits[:end])
                     if not near.isdisjoint(visited)), None)


def stood_on(before: Board, action: BoardAction, moved: bool, after: Board) -> tuple[Board, ...]:
    """The boards ``action`` stood on, from ``before`` to ``after``: each single-tile move's
    when it ``moved`` tiles (a slide of three makes three), else the two ends."""
    visited = [before]
    if moved and isinstance(action, (Move, Slide)):
        for move in before.slide_moves(action.index) if isinstance(action, Slide) \
                else action.letter:
            visited.append(visited[-1].apply(move))
    return (*visited, after)
