"""The self-playing drivers: the demo and attract mode's (optimal moves with the odd deliberate
slip) and the coach playing the rest of a game (Space)."""

from __future__ import annotations

import random

from game.core.actions import Move, Source
from game.play.session import Session

DEMO_MOVES_PER_SECOND = 8.0
WASTE_CHANCE = 0.08
"""Share of moves played wrong on purpose so the worker must re-plan."""
DEMO_HINT_LEVEL = 2
"""The `demo` command shows the coach's full hints (chevrons and step badges), so its frame
figures include the heaviest drawing a game has; attract mode plays without them (points
and streak climb there; with hints on, their cost takes each move's points back)."""
SOLVED_PAUSE = 0.6
"""Seconds the solved board stays on screen before the next one."""
SOLVE_STEP_SECONDS = 0.12
"""The coach's pace when it plays the rest of a game (at least one slide per move)."""


class AutoPlayer:
    """Chooses the next move from the hint at a steady pace; never reads the clock itself."""

    def __init__(self, rng: random.Random, moves_per_second: float = DEMO_MOVES_PER_SECOND,
                 waste_chance: float = WASTE_CHANCE, hint_level: int = 0) -> None:
        self.rng = rng
        self.hint_level = hint_level
        self.interval = 1.0 / moves_per_second
        self.waste_chance = waste_chance
        self._wait = self.interval
        self._last_waste = False

    def next_move(self, session: Session, dt: float) -> Move | None:
        """The move to play this frame, or None while waiting for pace or knowledge."""
        self._wait -= dt
        if self._wait > 0 or session.solved:
            return None
        hint = session.hint
        if hint is None or hint.board != session.board or not hint.path:
            return None
        board = session.board
        self._wait = self.interval
        if hint.complete and hint.optimal and not self._last_waste \
                and self.rng.random() < self.waste_chance and hint.distance > 2:
            wasteful = [m for m in board.legal_moves() if m not in hint.moves]
            if wasteful:
                self._last_waste = True
                return Move(self.rng.choice(wasteful), source=Source.DEMO)
        self._last_waste = False
        if hint.complete and hint.moves:
            return Move(self.rng.choice(sorted(hint.moves)), source=Source.DEMO)
        return Move(hint.path[0], source=Source.DEMO)


class CoachPlay:
    """The coach playing the rest of a game along the best line known, one move a step: a
    shorter line found while it plays (beyond exact reach) takes over from the one it
    started on."""

    def __init__(self) -> None:
        self.active = False
        self.path = ""
        """The moves it has still to play (empty: waiting for the coach's line)."""
        self._wait = 0.0

    def start(self) -> None:
        """Space: the coach takes over."""
        self.active, self.path, self._wait = True, "", 0.0

    def stop(self) -> bool:
        """The player takes the game back; True if the coach was playing."""
        was, self.active = self.active, False
        return was

    @property
    def waiting(self) -> bool:
        """Playing, with no line to play yet."""
        return self.active and not self.path

    def next_move(self, session: Session, dt: float, sliding: bool,
                  slide_seconds: float) -> Move | None:
        """The move to play this frame, or None while waiting for pace, for the slide on
        screen (``sliding``) or for a line."""
        hint = session.hint
        if hint is not None and hint.board == session.board and hint.path \
                and (not self.path or len(hint.path) < len(self.path)):
            self.path = hint.path
        if not self.path:
            return None
        self._wait -= dt
        if self._wait > 0 or sliding:
            return None
        move, self.path = self.path[0], self.path[1:]
        if not session.board.can_move(move):
            self.path = ""
            return None
        self._wait = max(SOLVE_STEP_SECONDS, slide_seconds)
        return Move(move, source=Source.SOLVE)
