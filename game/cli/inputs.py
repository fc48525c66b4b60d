"""Files and stdin named on the command line: regular files only, read with a size cap."""

from __future__ import annotations

import os
import stat
import sys

from game.core.notation import shown_path

MAX_BOARD_BYTES = 64 * 1024
"""A board file's cap: a 10x10 board with a header is about 300 bytes."""
MAX_BATCH_BYTES = 16 * 1024 * 1024
"""A batch's cap: about 400,000 boards of the 15-puzzle, one a line."""
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
"""Opening a FIFO for reading waits for a writer unless non-blocking (it is then refused)."""


class InputError(ValueError):
    """A file or stdin that cannot be read as asked; the message is the one-line complaint."""


def _kind(mode: int) -> str | None:
    """What a file that is not a regular file is, in words (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _not_regular(name: str, kind: str, stdin_too: bool) -> InputError:
    hint = " (use - to read stdin)" if stdin_too and kind != "a folder" else ""
    what = kind if kind.startswith("not ") else f"it is {kind}"
    return InputError(f"cannot read {name}: {what}, not a regular file{hint}")


def check_regular(path: str, what: str) -> None:
    """Raise InputError unless ``path`` is a regular file (a FIFO or a device could make the
    reader wait forever or never reach an end)."""
    name = f"{what} {shown_path(path)}"
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise InputError(f"cannot read {name}: {_reason(exc)}") from None
    kind = _kind(mode)
    if kind is not None:
        raise _not_regular(name, kind, stdin_too=False)


def _decode(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"cannot read {name}: it is not UTF-8 text (byte 0x{data[exc.start]:02x}"
                         f" at offset {exc.start})") from None


def read_file(path: str, what: str, limit: int, stdin_too: bool = True) -> str:
    """The UTF-8 text of the regular file ``path``, of at most ``limit`` bytes.

    ``what`` names the file in messages (``board file``). Raises InputError: one line naming
    the file and what is wrong (missing, a folder, a FIFO or device, too large, not UTF-8).
    """
    name = f"{what} {shown_path(path)}"
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK)
    except OSError as exc:
        raise InputError(f"cannot read {name}: {_reason(exc)}") from None
    try:
        info = os.fstat(fd)
        kind = _kind(info.st_mode)
        if kind is not None:
            raise _not_regular(name, kind, stdin_too)
        if info.st_size > limit:
            raise InputError(f"{name} is too large ({info.st_size} bytes, at most {limit})")
        chunks, size = [], 0
        while size <= limit:  # a file that grows while read is held to the cap too
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise InputError(f"cannot read {name}: {_reason(exc)}") from None
    finally:
        os.close(fd)
    if size > limit:
        raise InputError(f"{name} is too large (more than {limit} bytes)")
    return _decode(b"".join(chunks), name)


def read_stdin(what: str, limit: int) -> str:
    """The UTF-8 text on stdin, of at most ``limit`` bytes; ``what`` names it in messages
    (``the board``). Raises InputError when stdin is closed, unreadable, too long or not
    UTF-8."""
    stream = sys.stdin
    name = f"{what} on stdin"
    if stream is None or getattr(stream, "closed", False):
        raise InputError(f"cannot read {name}: stdin is closed")
    try:
        raw = getattr(stream, "buffer", None)
        data = raw.read(limit + 1) if raw is not None else \
            stream.read(limit + 1).encode("utf-8", "surrogateescape")
    except (OSError, ValueError) as exc:
        reason = _reason(exc) if isinstance(exc, OSError) else str(exc)
        raise InputError(f"cannot read {name}: {reason}") from None
    if len(data) > limit:
        raise InputError(f"{name} is too long (more than {limit} bytes)")
    return _decode(data, name)


__all__ = ["MAX_BATCH_BYTES", "MAX_BOARD_BYTES", "InputError", "check_regular", "read_file",
           "read_stdin"]
