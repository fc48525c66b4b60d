"""The self-playing driver for demo and attract mode: optimal moves with the odd deliberate slip."""

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
