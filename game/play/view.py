"""What the play screen draws for one frame, as a value the mid-end hands the scene."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.board import Board
from game.core.coach import CoachState
from game.core.scoring import MoveClass
from game.play.ghost_race import GhostLine


@dataclass(frozen=True)
class PlayView:
    """What the play screen draws for one frame (a value: drawing never changes the game)."""

    board: Board
    moving: dict[int, tuple[float, float]] = field(default_factory=dict)
    hint_level: int = 0
    hint_moves: frozenset[str] = frozenset()
    path: str = ""
    cue: MoveClass | None = None
    cue_strength: float = 0.0
    cue_tile: int = 0
    win_flash: float = 0.0
    busy: bool = False
    """A slide, the coach's playing, a demo or the win: no hover highlight now."""
    moves: int = 0
    seconds: float = 0.0
    points: int = 0
    moves_note: str = ""
    """Under MOVES once the coach has played: its moves, counted apart ("+12 coach")."""
    points_note: str = ""
    """While POINTS is held at zero: what the moves and costs add up to below it."""
    streak: int = 0
    multiplier: int = 1
    """The streak's multiplier (x2 from 5 in a row), held or not."""
    held: bool = False
    """The multiplier is held: a move since the streak began awaits its judgement, and an
    optimal move earns 1x until it is judged."""
    coach_words: str = ""
    coach_note: str = ""
    """Under the coach's words: proven, searching, best found, or (hints off) the H legend."""
    coach_quiet: bool = False
    """Hints off: the coach's words say only what it is doing (drawn beside its dot)."""
    coach_state: CoachState = CoachState.READY
    coach_progress: float | None = None
    footer: str = ""
    """The coach's detail, its build progress or the hint words ("" leaves room for help)."""
    banner: str = ""
    ghost: GhostLine | None = None
    ghost_board: Board | None = None
    solved: bool = False
    solving: bool = False
