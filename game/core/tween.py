"""Eased slide animation between two boards: pure, advanced by dt seconds, finishable at once."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

from game.core.board import Board

DEFAULT_SECONDS = 0.1
"""Default slide duration; 0 means instant."""


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle stop: feels like a tile pushed into place."""
    t = min(1.0, max(0.0, t))
    return 1.0 - (1.0 - t) ** 3


@dataclass
class SlideTween:
    """Tiles moving from their cells on ``before`` to their cells on ``after``.

    ``starts`` maps each moving tile to its (row, col) on ``before``; positions in between
    are eased. ``finish()`` jumps to the end (input during an animation does this).
    """

    before: Board
    after: Board
    duration: float = DEFAULT_SECONDS
    elapsed: float = 0.0
    starts: dict[int, tuple[int, int]] = field(default_factory=dict)
    ends: dict[int, tuple[int, int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        w = self.before.width
        if not self.starts:
            end_index = {t: i for i, t in enumerate(self.after.tiles)}
            for i, tile in enumerate(self.before.tiles):
                j = end_index[tile]
                if tile and i != j:
                    self.starts[tile] = divmod(i, w)
                    self.ends[tile] = divmod(j, w)

    @property
    def steps(self) -> bool:
        """Every moving tile goes to a neighbouring cell (a move or a slide, done or undone):
        tiles sent across the board at once (a restart, its undo) would run through one
        another, so those jump instead (a newcomer saw 11, 8 and 17 piled in one cell)."""
        return all(abs(r - self.ends[t][0]) + abs(c - self.ends[t][1]) == 1
                   for t, (r, c) in self.starts.items())

    @property
    def done(self) -> bool:
        """Whether the animation has reached its end."""
        return self.duration <= 0 or self.elapsed >= self.duration or not self.starts

    @property
    def progress(self) -> float:
        """Eased progress 0..1."""
        if self.done:
            return 1.0
        return ease_out_cubic(self.elapsed / self.duration)

    def advance(self, dt: float) -> None:
        """Move the animation on by ``dt`` seconds."""
        self.elapsed = min(self.duration, self.elapsed + max(0.0, dt))

    def finish(self) -> None:
        """Jump to the end."""
        self.elapsed = self.duration

    def positions(self) -> dict[int, tuple[float, float]]:
        """Current (row, col) of every tile in motion, as floats."""
        p = self.progress
        out: dict[int, tuple[float, float]] = {}
        for tile, (r0, c0) in self.starts.items():
            r1, c1 = self.ends[tile]
            out[tile] = (r0 + (r1 - r0) * p, c0 + (c1 - c0) * p)
        return out

K = TypeVar("K")


@dataclass
class Flash(Generic[K]):
    """A timed cue of some ``kind`` (a move's judgement, the win) that fades out."""

    kind: K
    duration: float
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        """Whether the cue has faded completely."""
        return self.elapsed >= self.duration

    @property
    def strength(self) -> float:
        """1 at the start, falling linearly to 0."""
        if self.duration <= 0:
            return 0.0
        return max(0.0, 1.0 - self.elapsed / self.duration)

    def advance(self, dt: float) -> None:
        """Move the cue on by ``dt`` seconds."""
        self.elapsed = min(self.duration, self.elapsed + max(0.0, dt))
