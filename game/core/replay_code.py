"""Replay codes: a whole game (size, board, timed actions, mode) as one short line of text.

Format, version 1: ``F1.`` then base64url (no padding) of the bytes

    version (1) | width | height | mode | width*height tiles (one byte each)
    | action count (varint) | per action: token byte, ms since the previous action (varint)
    | CRC-32 of everything before it (4 bytes, big-endian)

Token bytes: 0-3 the player's U D L R, 4-7 the coach's, 8 undo, 9 redo, 10 restart, 11 hint,
16 + N a slide from cell N. Parsing is strict: every problem raises ``ReplayCodeError`` naming it.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib

from game.core.board import Board, BoardError, check_size
from game.core.recording import MODES, Mode, Recording, RecordingError, token_action

PREFIX = "F1."
VERSION = 1
SLIDE_BASE = 16
CRC_BYTES = 4
HEADER_BYTES = 4
_SIMPLE_TOKENS = ("U", "D", "L", "R", "u", "d", "l", "r", "Z", "Y", "X", "H")
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


def encode(recording: Recording) -> str:
    """The replay code of a recording."""
    board = recording.board
    body = bytearray([VERSION, board.width, board.height, MODES.index(recording.mode)])
    body += bytes(board.tiles)
    body += _varint(len(recording.actions))
    last = 0
    for token, at in zip(recording.tokens, recording.times_ms, strict=True):
        body.append(SLIDE_BASE + int(token[1:]) if token.startswith("@")
                    else _SIMPLE_TOKENS.index(token))
        body += _varint(at - last)
        last = at
    body += zlib.crc32(body).to_bytes(CRC_BYTES, "big")
    return PREFIX + base64.urlsafe_b64encode(bytes(body)).decode("ascii").rstrip("=")


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
    text = code.strip()
    shown = text if len(text) <= 24 else text[:21] + "..."
    if not text.startswith(PREFIX):
        raise ReplayCodeError(f"'{shown}' is not a replay code (expected it to start with "
                              f"'{PREFIX}')")
    if len(text) > MAX_CODE_CHARS:
        raise ReplayCodeError(f"the replay code is too long ({len(text)} characters)")
    payload = text[len(PREFIX):]
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
    if data[0] != VERSION:
        raise ReplayCodeError(f"replay code version {data[0]} is not supported (expected "
                              f"{VERSION})")
    if zlib.crc32(body) != crc:
        raise ReplayCodeError(f"replay code '{shown}' fails its checksum (damaged or truncated)")
    return _parse(body)


def _parse(body: bytes) -> Recording:
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
        if raw < len(_SIMPLE_TOKENS):
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
    if reader.pos != len(body):
        raise ReplayCodeError(f"the code has {len(body) - reader.pos} unexpected bytes at the end")
    try:
        return Recording(board, tuple(actions), tuple(times), Mode(MODES[mode_index]))
    except RecordingError as exc:
        raise ReplayCodeError(f"the code's game is invalid: {exc}") from None


__all__ = ["PREFIX", "Mode", "ReplayCodeError", "decode", "encode"]
