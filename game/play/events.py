"""What the mid-end tells the front end happened during a frame, as values (no pygame)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.core.board import Board
from game.core.scoring import MoveClass
from game.core.summary import GameSummary
from game.play.words import judged_verb
from game.store.history import GameRecord


class Happening(enum.Enum):
    """Something the front end may make a sound or a shake for."""

    BUMP = "bump"
    """A move that cannot be made (the player's own: hover never bumps)."""
    STREAK = "streak"
    WIN = "win"


@dataclass(frozen=True, slots=True)
class Happened:
    """A moment worth a sound (and, for a bump, a shake)."""

    what: Happening


@dataclass(frozen=True, slots=True)
class Moved:
    """Tiles slid (one action; a group slide moves several)."""

    tiles: int


@dataclass(frozen=True, slots=True)
class Scored:
    """A judged move: what it did to the points (before POINTS' floor at zero), on its tile."""

    cls: MoveClass
    gained: int
    multiplier: int
    assisted: bool
    cell: tuple[int, int]
    """(row, column) of the tile that moved."""
    shorter: int = 0
    """Beyond exact reach: how much shorter than the best known line the move's line is."""
    hint_cost: int = 0
    """Of ``gained``, what the hints the move paid for cost (<= 0): the help shown where it
    arrived, and the numbered steps it was made with."""
    parts: tuple[int | None, ...] = ()
    """A group slide judged both ways: each single-tile move's points, in order (its sum
    alone, "+0", hid a wasteful move); None for a move not judged yet, shown "?" (a newcomer
    read "+10 -10 +0" as a move worth nothing)."""
    held: int = 1
    """The streak's multiplier a move before, still unjudged, holds: the move earned 1x, and
    the rest comes when that move is judged optimal (the pop-up "+10 x3 held", as STREAK)."""

    @property
    def words(self) -> str:
        """The pop-up: what the move earned, then any hint cost apart ("+10 -10 hint", never
        "+0 hint": an optimal move where a hint was shown earns +10, as the footer says it,
        and the help is a cost of its own), or the multiplier that counted ("+20 x2"); a
        slide judged both ways gives each move's points ("-10 +10")."""
        earned = self.gained - self.hint_cost
        if self.parts:
            each = " ".join("?" if points is None else f"{points:+d}" for points in self.parts)
            return f"{each} {self.hint_cost:+d} hint" if self.hint_cost else each
        if self.hint_cost:
            return f"{earned:+d} {self.hint_cost:+d} hint"
        if self.assisted:  # "+10 hint" read as a charge with hints off
            return f"{earned:+d} hint seen"
        if self.held > 1:
            return f"{earned:+d} x{self.held} held"
        return f"{earned:+d} x{self.multiplier}" if self.multiplier > 1 else f"{earned:+d}"


@dataclass(frozen=True, slots=True)
class HintPaid:
    """Help drawn for the position on screen was charged apart from any move: H showed it, or
    the coach's answer brought the help asked for before it had answered (a newcomer saw
    POINTS fall by 5 with no word when the hint came)."""

    cost: int
    """What it cost (< 0)."""
    cell: tuple[int, int]
    """(row, column) of the blank, which the help points into."""

    @property
    def words(self) -> str:
        """The pop-up: "-5 hint"."""
        return f"{self.cost:+d} hint"


@dataclass(frozen=True, slots=True)
class Rejudged:
    """Moves shown earlier were judged again with what the coach (or the finished game's own
    line) taught since: ``gained`` is what that did to the points."""

    moves: int
    gained: int
    refunds: int = 0
    """Of ``gained``, the points given back (moves judged better)..."""
    charges: int = 0
    """...and those taken (judged worse, <= 0): news both ways is never one figure."""
    changes: tuple[tuple[int, MoveClass, MoveClass, int], ...] = ()
    """(index on the line, old and new judgement, points change) of each move it changed."""
    fresh: int = 0
    """Of ``gained``, what this answer changed: the rest was told a moment before, in the
    news this one replaces (``News.gather``)."""

    @classmethod
    def of(cls, changes: tuple[tuple[int, MoveClass, MoveClass, int], ...]) -> Rejudged | None:
        """The news of ``changes`` (index on the line, old and new judgement, points change);
        None when there are none."""
        if not changes:
            return None
        refunds = sum(points for *_, points in changes if points > 0)
        charges = sum(points for *_, points in changes if points < 0)
        return cls(len(changes), refunds + charges, refunds, charges, changes)

    @classmethod
    def between(cls, before: list[tuple[MoveClass, int]],
                after: list[tuple[MoveClass, int]]) -> Rejudged | None:
        """The news from each move's (judgement, points) before and after judging again:
        only moves whose points changed (None when none did: a judgement that moved no
        points, such as unknown to on the line at 0, is no news)."""
        return cls.of(tuple((i, old[0], new[0], new[1] - old[1])
                            for i, (old, new) in enumerate(zip(before, after, strict=False))
                            if old[1] != new[1]))

    @property
    def verb(self) -> str:
        """"judged" or "judged again" (``words.judged_verb``) for the moves whose judgement
        it changed."""
        return judged_verb([old for _, old, new, _ in self.changes if old is not new])


@dataclass(frozen=True, slots=True)
class Won:
    """The board was solved (``seed`` makes the confetti the same for the same board)."""

    seed: int


@dataclass(frozen=True, slots=True)
class Finished:
    """The game is over and judged as far as it can be: its figures and its record."""

    summary: GameSummary
    record: GameRecord
    start: Board
    game_id: str


@dataclass(frozen=True, slots=True)
class DemoDone:
    """A self-playing game finished and paused: the next board may come."""


@dataclass(frozen=True, slots=True)
class Shown:
    """A new board is on screen (``known``: its complete hint is already known)."""

    board: Board
    known: bool


@dataclass(frozen=True, slots=True)
class Known:
    """The complete hint for the board on screen arrived (the hint latency ends)."""

    board: Board


PlayEvent = (Happened | Moved | Scored | HintPaid | Rejudged | Won | Finished | DemoDone | Shown
             | Known)
