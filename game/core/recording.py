"""A game as data: start board, the player's actions with their times, and the mode played.

The history store and replay codes share this value. Actions travel as short tokens:
``U D L R`` the player's moves, ``u d l r`` the coach's (auto-solve), ``@N`` a click or hover
slide from cell N, ``Z*`` undo and ``Y*`` redo (a whole click: every tile a slide moved),
``X`` restart, ``H`` one step of the hint overlay. ``Z`` and ``Y`` undo and redo one tile:
games recorded before whole-click undo (2026-11) replay with them as they were played.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.core.actions import BoardAction, CycleHint, Move, Redo, Restart, Slide, Source, Undo
from game.core.board import Board
from game.core.scoring import MoveClass


class Mode(enum.StrEnum):
    """How a game was played (a game the coach played moves in, finishing it or not, is
    recorded as AUTO whatever it began as)."""

    NORMAL = "normal"
    DAILY = "daily"
    GHOST = "ghost"
    AUTO = "auto"
    ARENA = "arena"
    """A bot's game on the arena server (kept in the arena's own history file)."""


MODES = tuple(Mode)
JUDGEMENT_LETTERS = {MoveClass.OPTIMAL: "o", MoveClass.WASTEFUL: "w", MoveClass.LINE: "l",
                     MoveClass.OFF_LINE: "x", MoveClass.UNKNOWN: "?"}
"""How a move's judgement is stored in a history (one letter per single-tile move)."""


KEPT_LETTER = "k"
"""A move on the coach's line when judged and off the best line known since, which kept its
points (``game.play.verdict.Kept``): read as on the line (older releases: unjudged)."""


def judgement_letter(cls: MoveClass, hinted: bool = False, kept: bool = False) -> str:
    """A move's stored judgement: its class's letter (KEPT_LETTER for a ``kept`` one), in
    capitals for a good move made where help had been seen (scored as hinted: 1x, the streak
    held; older saves never say)."""
    letter = KEPT_LETTER if kept and cls is MoveClass.LINE else JUDGEMENT_LETTERS[cls]
    return letter.upper() if hinted and cls.good else letter


def kept_letter(letter: str) -> bool:
    """Whether a stored judgement letter is a kept move's (KEPT_LETTER)."""
    return letter.lower() == KEPT_LETTER


def read_judgement(letter: str) -> tuple[MoveClass | None, bool]:
    """A stored judgement letter's class (None: unjudged, or a letter no release wrote) and
    whether the move was scored as hinted."""
    if kept_letter(letter):
        return MoveClass.LINE, letter.isupper()
    for cls, known in JUDGEMENT_LETTERS.items():
        if letter.lower() == known and cls is not MoveClass.UNKNOWN:
            return cls, letter.isupper()
    return None, False


_SIMPLE: dict[str, BoardAction] = {
    "Z": Undo(whole=False), "Y": Redo(whole=False), "X": Restart(), "H": CycleHint(),
    "Z*": Undo(), "Y*": Redo(),
}


class RecordingError(ValueError):
    """A recorded action or game that cannot be read; the message names the bad value."""


def action_token(action: BoardAction) -> str:
    """The token for one action (see the module docstring)."""
    if isinstance(action, Move):
        return action.letter.lower() if action.source is Source.SOLVE else action.letter
    if isinstance(action, Slide):
        return f"@{action.index}"
    for token, simple in _SIMPLE.items():
        if action == simple:
            return token
    raise RecordingError(f"action {action!r} cannot be recorded")


def token_action(token: str) -> BoardAction:
    """The action a token stands for; raises RecordingError naming a bad token."""
    if token in ("U", "D", "L", "R"):
        return Move(token, Source.KEY)
    if token in ("u", "d", "l", "r"):
        return Move(token.upper(), Source.SOLVE)
    if token in _SIMPLE:
        return _SIMPLE[token]
    if token.startswith("@") and token[1:].isdigit() and len(token) <= 4:
        return Slide(int(token[1:]), Source.MOUSE)
    raise RecordingError(f"'{token}' is not a recorded action (expected U D L R, u d l r, "
                         "@N, Z*, Y*, Z, Y, X or H)")


@dataclass(frozen=True, slots=True)
class Recording:
    """One game as played: enough to replay it exactly (boards and judgements)."""

    board: Board
    actions: tuple[BoardAction, ...]
    times_ms: tuple[int, ...]
    """When each action happened, in milliseconds of game time since the first move."""
    mode: Mode = Mode.NORMAL

    def __post_init__(self) -> None:
        if len(self.actions) != len(self.times_ms):
            raise RecordingError(f"{len(self.actions)} actions but {len(self.times_ms)} times")
        if any(t < 0 for t in self.times_ms):
            raise RecordingError("a time offset is negative")
        if any(b < a for a, b in zip(self.times_ms, self.times_ms[1:], strict=False)):
            raise RecordingError("the time offsets go backwards")
        for action in self.actions:
            if isinstance(action, Slide) and not 0 <= action.index < self.board.size:
                raise RecordingError(f"slide from cell {action.index} is off the "
                                     f"{self.board.shape} board")

    @property
    def tokens(self) -> tuple[str, ...]:
        """The actions as tokens."""
        return tuple(action_token(a) for a in self.actions)


def to_ms(seconds: float) -> int:
    """Seconds of game time as whole milliseconds."""
    return max(0, round(seconds * 1000))
