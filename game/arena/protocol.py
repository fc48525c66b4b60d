"""The arena's wire protocol: client messages parsed strictly into typed values, server replies.

Client to server, one JSON object per text frame, exactly one key:

* ``{"Move": "up" | "down" | "left" | "right"}``: the word names where the BLANK goes
  (it swaps with its neighbour on that side). Fifteen's letters name where the TILE goes,
  so "up" is the letter ``D`` (the tile above the blank slides down).
* ``{"Unsolvable": true}``: claim the board cannot be solved (extension).
* ``{"New": true}``: skip to a new board (extension).

Server to client: ``{"Board": [...], "Status": ..., "Score": n}`` plus the optional extra keys
``Size``, ``Moves``, ``Optimal``, ``Game``, ``Claim`` and ``Error``.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from typing import Any

from game.core.board import Board

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
WATCH_PATH = "/watch"
"""Spectators connect here; every other path is a bot."""
MAX_MESSAGE_BYTES = 64 * 1024
"""Frames larger than this are refused by the websocket layer (close code 1009)."""


class ProtocolError(ValueError):
    """A client message that cannot be read; the message says what was wrong and expected."""


class Direction(enum.Enum):
    """Where the blank moves, in the protocol's words."""

    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"

    @property
    def letter(self) -> str:
        """Fifteen's move letter (direction the TILE moves) for this blank move."""
        return _LETTERS[self]

    @classmethod
    def from_letter(cls, letter: str) -> Direction:
        """The protocol word for one of Fifteen's tile-move letters ``U D L R``."""
        try:
            return _FROM_LETTER[letter]
        except KeyError:
            raise ValueError(f"'{letter}' is not a move letter (expected U, D, L or R)") from None


_LETTERS = {Direction.UP: "D", Direction.DOWN: "U", Direction.LEFT: "R", Direction.RIGHT: "L"}
_FROM_LETTER = {letter: word for word, letter in _LETTERS.items()}


class Status(enum.Enum):
    """The ``Status`` of the current game as the server reports it."""

    PLAYING = "playing"
    """A board is dealt and not solved (solvable or not: the bot has to find out)."""
    COMPLETE = "complete"
    """The board is solved; moves are refused until the bot sends ``{"New": true}``."""


class Claim(enum.Enum):
    """The server's verdict on an ``{"Unsolvable": true}`` claim (``Claim`` key)."""

    CAUGHT = "caught"
    WRONG = "wrong"


@dataclass(frozen=True, slots=True)
class MoveRequest:
    """Move the blank one cell."""

    direction: Direction


@dataclass(frozen=True, slots=True)
class UnsolvableClaim:
    """The bot says the board cannot be solved."""


@dataclass(frozen=True, slots=True)
class NewBoard:
    """The bot asks for a new board."""


ClientMessage = MoveRequest | UnsolvableClaim | NewBoard
_KEYS = ("Move", "Unsolvable", "New")


def _short(value: object, limit: int = 40) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def parse_client(text: str) -> ClientMessage:
    """Read one client text frame; raises ProtocolError naming the bad part."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:  # bad JSON, absurd nesting, 5,000-digit numbers
        detail = (exc.msg if isinstance(exc, json.JSONDecodeError) else
                  "nested too deeply" if isinstance(exc, RecursionError) else "a number too long")
        raise ProtocolError(f"malformed JSON ({detail}); expected an object such as "
                            '{"Move": "up"}') from None
    if not isinstance(data, dict):
        raise ProtocolError(f"expected a JSON object such as {{\"Move\": \"up\"}}, "
                            f"got {_short(data)}")
    unknown = [key for key in data if key not in _KEYS]
    if unknown:
        raise ProtocolError(f"unknown key {_short(unknown[0])} (expected one of "
                            f"{', '.join(_KEYS)})")
    if len(data) != 1:
        keys = ", ".join(data) if data else "none"
        raise ProtocolError(f"expected exactly one of {', '.join(_KEYS)}, got keys: {keys}")
    key, value = next(iter(data.items()))
    if key == "Move":
        if not isinstance(value, str):
            raise ProtocolError(f"Move must be a string (up, down, left or right), "
                                f"got {_short(value)}")
        try:
            return MoveRequest(Direction(value))
        except ValueError:
            raise ProtocolError(f"Move {_short(value)} is not a direction "
                                "(expected up, down, left or right)") from None
    if value is not True:
        raise ProtocolError(f"{key} must be true, got {_short(value)}")
    return UnsolvableClaim() if key == "Unsolvable" else NewBoard()


def encode_client(message: ClientMessage) -> str:
    """The JSON text of a client message (bots use this)."""
    if isinstance(message, MoveRequest):
        return json.dumps({"Move": message.direction.value})
    if isinstance(message, UnsolvableClaim):
        return json.dumps({"Unsolvable": True})
    return json.dumps({"New": True})


@dataclass(frozen=True, slots=True)
class GameState:
    """What the server tells a bot about its game (one ``Board`` message)."""

    board: Board
    status: Status
    score: int
    moves: int
    game: int
    optimal: int | None = None
    claim: Claim | None = None
    error: str | None = None

    def to_json(self) -> str:
        """The server message as JSON text."""
        data: dict[str, Any] = {
            "Board": list(self.board.tiles),
            "Status": self.status.value,
            "Score": self.score,
            "Size": [self.board.width, self.board.height],
            "Moves": self.moves,
            "Game": self.game,
        }
        if self.optimal is not None:
            data["Optimal"] = self.optimal
        if self.claim is not None:
            data["Claim"] = self.claim.value
        if self.error is not None:
            data["Error"] = self.error
        return json.dumps(data)


def error_json(error: str) -> str:
    """A bare error message (when there is no game to describe)."""
    return json.dumps({"Error": error})


def parse_server(text: str | bytes) -> dict[str, Any]:
    """A server message (a text or binary frame) as a dict (bots and spectators); raises
    ProtocolError if not an object."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ProtocolError(f"server sent malformed JSON ({exc.msg})") from None
    if not isinstance(data, dict):
        raise ProtocolError(f"server sent {_short(data)}, expected an object")
    return data


def board_from_message(data: dict[str, Any]) -> Board:
    """The board in a server message (``Size`` if given, else a square)."""
    tiles = data.get("Board")
    if not isinstance(tiles, list) or not all(isinstance(t, int) for t in tiles):
        raise ProtocolError(f"server message has no Board list: {_short(data)}")
    size = data.get("Size")
    if isinstance(size, list) and len(size) == 2:
        width, height = int(size[0]), int(size[1])
    else:
        side = round(len(tiles) ** 0.5)
        width, height = side, side
    try:
        return Board(width, height, tuple(tiles))
    except ValueError as exc:
        raise ProtocolError(f"server sent a bad board: {exc}") from None
