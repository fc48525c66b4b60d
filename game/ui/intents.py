"""What a scene asks the app to do, as typed values; the app carries them out after the call.

Three of the mid-end's events go to the app as they are, for this run's figures: ``Moved``
(tiles slid), ``Shown`` (a board came on screen) and ``Known`` (its complete hint arrived)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.board import Board
from game.core.recording import Recording
from game.core.settings import Settings
from game.core.spec import GameSpec
from game.core.summary import GameSummary
from game.play.events import Known, Moved, Shown
from game.store.history import GameRecord
from game.ui.audio import Sound


@dataclass(frozen=True, slots=True)
class Quit:
    """Leave the loop at the end of this frame."""


@dataclass(frozen=True, slots=True)
class Pop:
    """Back to the scene below (never below the bottom one)."""


@dataclass(frozen=True, slots=True)
class ToTitle:
    """Back to the title screen at the bottom of the stack."""


@dataclass(frozen=True, slots=True)
class StartGame:
    """Start ``spec``: at once for a fixed or random board, via the coach for a difficulty."""

    spec: GameSpec
    on_top: bool = False


@dataclass(frozen=True, slots=True)
class BeginGame:
    """Put a game on ``board`` in place of the scene on top (a generated board arrived)."""

    board: Board
    spec: GameSpec
    note: str | None = None
    """What the player must know about the board (not the difficulty asked), or None."""


@dataclass(frozen=True, slots=True)
class OpenSettings:
    """Show the settings menu over the current scene."""


@dataclass(frozen=True, slots=True)
class ShowScores:
    """Show the high-score tables, starting at ``shape``."""

    shape: str


@dataclass(frozen=True, slots=True)
class ShowEnd:
    """Record the finished game (its judging is final) and replace it with its end screen."""

    summary: GameSummary
    spec: GameSpec
    start: Board
    game_id: str
    record: GameRecord


@dataclass(frozen=True, slots=True)
class NameGame:
    """Put a recorded game (as the app entered it) under the name typed for it, and
    remember the name for the next new top-10 entry."""

    record: GameRecord
    name: str


@dataclass(frozen=True, slots=True)
class RecordGame:
    """Remember a game left before its end screen (abandoned, or quit while judging)."""

    record: GameRecord


@dataclass(frozen=True, slots=True)
class ShowKeys:
    """Show every key of the play screen (the ? overlay)."""


@dataclass(frozen=True, slots=True)
class ShowStats:
    """Show the stats screen, starting at ``shape``."""

    shape: str


@dataclass(frozen=True, slots=True)
class ShowReplay:
    """Play back a game: a recording at hand, or a history row the app loads off the frame."""

    game: Recording | GameRecord
    speed: float = 1.0


@dataclass(frozen=True, slots=True)
class ShowDrill:
    """Push the mistake drill of a recorded game (with what was stored with it)."""

    recording: Recording
    judgements: tuple[str, ...] = ()
    distances: tuple[int | None, ...] = ()


@dataclass(frozen=True, slots=True)
class StartAttract:
    """Push a self-playing game that any key ends."""


@dataclass(frozen=True, slots=True)
class NextDemoBoard:
    """A self-playing game finished: count it and play the next seeded board the same way."""

    spec: GameSpec
    hint_level: int
    attract: bool


@dataclass(frozen=True, slots=True)
class PlaySound:
    """Play an effect (nothing when muted or without audio)."""

    sound: Sound


@dataclass(frozen=True, slots=True)
class ChangeSettings:
    """Use these settings from now on and save them in the background."""

    settings: Settings


Intent = (Quit | Pop | ToTitle | StartGame | BeginGame | OpenSettings | ShowScores | ShowEnd
          | ShowKeys | StartAttract | NextDemoBoard | PlaySound | ChangeSettings | ShowStats
          | ShowReplay | ShowDrill | RecordGame | NameGame | Moved | Shown | Known)
