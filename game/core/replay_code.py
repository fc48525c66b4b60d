"""Replay codes: a whole game (size, board, timed actions, mode, judgements) as one line of text.

Format, version 4: ``F4.`` then base64url (no padding) of the bytes

    version (4) | width | height | mode | width*height tiles (one byte each)
    | action count (varint) | per action: token byte, ms since the previous action (varint)
    | per action: judgement count (varint), then one byte per judgement (index in "owlx?OL":
      the capitals are good moves made where help had been seen)
    | distances flag (0 none, 1 one per action) | per action: distance + 1 (varint; 0 unknown)
    | CRC-32 of everything before it (4 bytes, big-endian)

Each code is written in the lowest version that holds its game, which older releases read:
version 3 (``F3.``) without a whole-click undo or redo, version 2 (``F2.``) without a hinted
move either (the judgements in "owlx?"). Version 1 (``F1.``, still read) stops after the
actions: a game without its judgements.
Token bytes: 0-3 the player's U D L R, 4-7 the coach's, 8 undo and 9 redo of one tile
(``recording``'s Z and Y), 10 restart, 11 hint, 12 undo and 13 redo of a whole click (from
version 4), 16 + N a slide from cell N. Parsing is strict: every problem raises
``ReplayCodeError`` naming it.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from game.core.board import Board, BoardError, check_size
from game.core.recording import (
    JUDGEMENT_LETTERS,
    KEPT_LETTER,
    MODES,
    Mode,
    Recording,
    RecordingError,
    judgement_letter,
    token_action,
)
from game.core.scoring import MoveClass

WHOLE_CLICK_VERSION = 4
KEPT_VERSION = 5
PREFIX = f"F{KEPT_VERSION}."
PREFIXES = {"F1.": 1, "F2.": 2, "F3.": 3, "F4.": WHOLE_CLICK_VERSION, PREFIX: KEPT_VERSION}
"""Every prefix read, with the version its bytes must carry."""
PLAIN_LETTERS = "".join(JUDGEMENT_LETTERS.values())
"""Judgement letters in the order their bytes count them (version 2)."""
HINTED_LETTERS = PLAIN_LETTERS + "".join(judgement_letter(c, hinted=True)
                                         for c in MoveClass if c.good)
"""And from version 3, the hinted good moves' capitals."""
KEPT_LETTERS = KEPT_LETTER + KEPT_LETTER.upper()
LETTERS = HINTED_LETTERS + KEPT_LETTERS
"""And from version 5, a kept move's letter and its capital."""
MAX_DISTANCE = 1 << 20
SLIDE_BASE = 16
CRC_BYTES = 4
HEADER_BYTES = 4
_SIMPLE_TOKENS = ("U", "D", "L", "R", "u", "d", "l", "r", "Z", "Y", "X", "H", "Z*", "Y*")
WHOLE_CLICK = frozenset({"Z*", "Y*"})
"""Tokens (a whole click's undo and redo) a code carries only from version 4."""
MAX_CODE_CHARS = 200_000
MAX_GAME_MS = 366 * 24 * 3600 * 1000
"""Longest game time a code may carry (a year): a larger time is damage, not a game, and
would stall a replay's clock for ever."""
_B64URL = re.compile(r"[A-Za-z0-9_-]*")


class ReplayCodeError(ValueError):
    """A replay code that cannot be read; the message says what is wrong with it."""


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


@dataclass(frozen=True, slots=True)
class CodedGame:
    """What a replay code holds: the recording and, from version 2, what the game judged."""

    recording: Recording
    judgements: tuple[str, ...] = ()
    """One string of judgement letters per action (empty: none were carried)."""
    distances: tuple[int | None, ...] = ()
    """The distance to the goal after each action (empty: none were carried)."""


def encode(recording: Recording, judgements: Sequence[str] = (),
           distances: Sequence[int | None] = ()) -> str:
    """The replay code of a recording with the judgements (one string of letters per action)
    and distances (one per action) stored with it; either is left out unless there is one per
    action."""
    count = len(recording.actions)
    if len(judgements) != count:
        judgements = ("",) * count
    for text in judgements:
        if any(letter not in LETTERS for letter in text):
            raise ReplayCodeError(f"judgements '{text}' are not judgement letters ({LETTERS})")
    board = recording.board
    hinted = any(letter not in PLAIN_LETTERS for text in judgements for letter in text)
    kept = any(letter in KEPT_LETTERS for text in judgements for letter in text)
    # the lowest version holding the game: older releases read it
    version = KEPT_VERSION if kept else WHOLE_CLICK_VERSION \
        if WHOLE_CLICK & set(recording.tokens) else 3 if hinted else 2
    body = bytearray([version, board.width, board.height, MODES.index(recording.mode)])
    body += bytes(board.tiles)
    body += _varint(len(recording.actions))
    last = 0
    for token, at in zip(recording.tokens, recording.times_ms, strict=True):
        body.append(SLIDE_BASE + int(token[1:]) if token.startswith("@")
                    else _SIMPLE_TOKENS.index(token))
        body += _varint(at - last)
        last = at
    for text in judgements:
        body += _varint(len(text)) + bytes(LETTERS.index(letter) for letter in text)
    with_distances = len(distances) == count and any(d is not None for d in distances)
    body.append(int(with_distances))
    if with_distances:
        for distance in distances:
            body += _varint(0 if distance is None else min(distance, MAX_DISTANCE) + 1)
    body += zlib.crc32(body).to_bytes(CRC_BYTES, "big")
    return f"F{version}." + base64.urlsafe_b64encode(bytes(body)).decode("ascii").rstrip("=")


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def byte(self, what: str) -> int:
        if self.pos >= len(self.data):
            raise ReplayCodeError(f"the code is truncated (it stops in the {what})")
        self.pos += 1
        return self.data[self.pos - 1]

    def varint(self, what: str) -> int:
        value = shift = 0
        while True:
            byte = self.byte(what)
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
            shift += 7
            if shift > 63:
                raise ReplayCodeError(f"the {what} is not a valid number")


def decode(code: str) -> Recording:
    """The recording in ``code``; raises ReplayCodeError naming what is wrong."""
    return decode_game(code).recording


def decode_game(code: str) -> CodedGame:
    """The game in ``code`` with the judgements it carries; raises ReplayCodeError naming
    what is wrong."""
    text = code.strip()
    shown = text if len(text) <= 24 else text[:21] + "..."
    prefix = next((p for p in PREFIXES if text.startswith(p)), None)
    if prefix is None:
        raise ReplayCodeError(f"'{shown}' is not a replay code (expected it to start with "
                              f"'{PREFIX}', or '{next(iter(PREFIXES))}' for an older one)")
    if len(text) > MAX_CODE_CHARS:
        raise ReplayCodeError(f"the replay code is too long ({len(text)} characters)")
    payload = text[len(prefix):]
    try:
        if not _B64URL.fullmatch(payload):
            raise ValueError("characters outside base64url")
        data = base64.b64decode(payload + "=" * (-len(payload) % 4), altchars=b"-_",
                                validate=True)
    except (binascii.Error, ValueError):
        raise ReplayCodeError(f"replay code '{shown}' is not valid base64url text") from None
    if len(data) < HEADER_BYTES + CRC_BYTES:
        raise ReplayCodeError(f"replay code '{shown}' is truncated ({len(data)} bytes)")
    body, crc = data[:-CRC_BYTES], int.from_bytes(data[-CRC_BYTES:], "big")
    if data[0] != PREFIXES[prefix]:
        raise ReplayCodeError(f"replay code '{shown}' carries version {data[0]} (its prefix "
                              f"'{prefix}' expects {PREFIXES[prefix]})")
    if zlib.crc32(body) != crc:
        raise ReplayCodeError(f"replay code '{shown}' fails its checksum (damaged or truncated)")
    return _parse(body)


def _parse(body: bytes) -> CodedGame:
    reader = _Reader(body)
    reader.byte("version")
    width, height = reader.byte("width"), reader.byte("height")
    mode_index = reader.byte("mode")
    if mode_index >= len(MODES):
        raise ReplayCodeError(f"mode {mode_index} is unknown (expected 0-{len(MODES) - 1})")
    try:
        check_size(width, height)
        tiles = tuple(reader.byte("board") for _ in range(width * height))
        board = Board(width, height, tiles)
    except BoardError as exc:
        raise ReplayCodeError(f"the board in the code is invalid: {exc}") from None
    if not board.is_solvable():
        raise ReplayCodeError(f"the board {board.text()} in the code is not solvable")
    count = reader.varint("action count")
    if count > len(body):
        raise ReplayCodeError(f"the code claims {count} actions but is too short for them")
    actions, times, at = [], [], 0
    for number in range(1, count + 1):
        raw = reader.byte(f"action {number}")
        known = raw < len(_SIMPLE_TOKENS)
        if known and (body[0] >= WHOLE_CLICK_VERSION or _SIMPLE_TOKENS[raw] not in WHOLE_CLICK):
            token = _SIMPLE_TOKENS[raw]
        elif SLIDE_BASE <= raw < SLIDE_BASE + board.size:
            token = f"@{raw - SLIDE_BASE}"
        else:
            raise ReplayCodeError(f"action {number} has an unknown code {raw}")
        at += reader.varint(f"time of action {number}")
        if at > MAX_GAME_MS:
            raise ReplayCodeError(f"action {number} is at {at} ms of game time (at most "
                                  f"{MAX_GAME_MS} ms, a year)")
        actions.append(token_action(token))
        times.append(at)
    judgements: tuple[str, ...] = ()
    distances: tuple[int | None, ...] = ()
    if body[0] >= 2:
        letters = LETTERS if body[0] >= KEPT_VERSION else HINTED_LETTERS if body[0] >= 3 \
            else PLAIN_LETTERS
        judgements = _judgements(reader, count, letters)
        distances = _distances(reader, count)
    if reader.pos != len(body):
        raise ReplayCodeError(f"the code has {len(body) - reader.pos} unexpected bytes at the end")
    try:
        recording = Recording(board, tuple(actions), tuple(times), Mode(MODES[mode_index]))
    except RecordingError as exc:
        raise ReplayCodeError(f"the code's game is invalid: {exc}") from None
    return CodedGame(recording, judgements, distances)


def _judgements(reader: _Reader, count: int, letters_read: str) -> tuple[str, ...]:
    out = []
    for number in range(1, count + 1):
        size = reader.varint(f"judgement count of action {number}")
        if size > len(reader.data):
            raise ReplayCodeError(f"action {number} claims {size} judgements but the code is "
                                  "too short for them")
        letters = []
        for _ in range(size):
            raw = reader.byte(f"judgements of action {number}")
            if raw >= len(letters_read):
                raise ReplayCodeError(f"action {number} has an unknown judgement {raw} "
                                      f"(expected 0-{len(letters_read) - 1})")
            letters.append(letters_read[raw])
        out.append("".join(letters))
    return tuple(out) if any(out) else ()


def _distances(reader: _Reader, count: int) -> tuple[int | None, ...]:
    flag = reader.byte("distances flag")
    if flag not in (0, 1):
        raise ReplayCodeError(f"the distances flag is {flag} (expected 0 or 1)")
    if not flag:
        return ()
    out: list[int | None] = []
    for number in range(1, count + 1):
        value = reader.varint(f"distance after action {number}")
        if value > MAX_DISTANCE + 1:
            raise ReplayCodeError(f"the distance after action {number} is {value - 1} "
                                  f"(at most {MAX_DISTANCE})")
        out.append(None if value == 0 else value - 1)
    return tuple(out)


__all__ = ["PREFIX", "CodedGame", "Mode", "ReplayCodeError", "decode", "decode_game", "encode"]
