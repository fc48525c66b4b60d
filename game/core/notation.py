"""Board text and move strings: strict parsing with one-line errors, and printing."""

from __future__ import annotations

import re

from game.core.board import MAX_SIDE, MIN_SIDE, MOVES, Board, BoardError, check_size

BLANKS = frozenset({"0", "_", "."})
_BLANK_HINT = "use 0, _ or ."
_TILE_SPLIT = re.compile(r"[,\s]+", re.ASCII)
_FIELD_SPLIT = re.compile(r"[ \t]*,[ \t]*|[ \t]+")
_MOVE_TOKEN = re.compile(r"([UDLR])([0-9]*)")
_SIZE = re.compile(r"[ ]*([0-9]+)[ ]*(?:[xX\u00d7][ ]*([0-9]+))?[ ]*")
MAX_SIDE_DIGITS = 4
"""A side written with more digits than this is too large without reading it as a number."""
SHOWN_CHARS = 40
"""How much of a bad value an error message quotes."""
SHOWN_PATH_CHARS = 160
"""How much of a file path an error message quotes (paths are legitimately long)."""
MAX_RUN = 1000
"""Longest run accepted in run-length move input such as ``R3``."""


def shown(value: str, limit: int = SHOWN_CHARS) -> str:
    """``value`` quoted for a one-line message: control characters escaped, long ones cut."""
    text = value if len(value) <= limit else value[:limit]
    if text.isprintable():
        quoted = f"'{text}'"
    else:
        quoted = "'" + text.encode("unicode_escape").decode("ascii").replace("'", "\\'") + "'"
    if len(value) > limit:
        quoted = f"{quoted[:-1]}...' ({len(value)} characters)"
    return quoted


def shown_path(path: str) -> str:
    """A file path quoted for a one-line message (see ``shown``)."""
    return shown(path, SHOWN_PATH_CHARS)


def shown_number(token: str) -> str:
    """A number as typed when it is short ASCII digits, else quoted like ``shown``."""
    return token if is_number(token) and len(token) <= SHOWN_CHARS else shown(token)


def is_number(token: str) -> bool:
    """Whether ``token`` is a whole number in ASCII digits (no other scripts, no signs)."""
    return token.isascii() and token.isdigit()


def _split_rows(text: str) -> list[list[str]]:
    """Rows of raw tokens; blank lines are dropped, rows split on newlines or '/'.

    Tiles are separated by spaces, tabs or one comma; an empty field (``1,,2`` or a
    trailing comma) is an error, not a separator.
    """
    rows = []
    for line in re.split(r"[/\n]", text.replace("\r", "\n")):
        line = line.strip(" \t")
        if not line:
            continue
        tokens = _FIELD_SPLIT.split(line)
        if "" in tokens:
            raise BoardError(f"row {shown(line)} has an empty field (tiles are separated by "
                             "spaces or single commas)")
        rows.append(tokens)
    return rows


def _header(rows: list[list[str]]) -> tuple[int, int] | None:
    """The ``W H`` or ``N`` header when the first row is one and the rest fits it."""
    if len(rows) < 2 or len(rows[0]) > 2 or not all(_small_number(t) for t in rows[0]):
        return None
    first = [int(t) for t in rows[0]]
    if len(first) == 1:
        return first[0], first[0]
    width, height = first
    # Two numbers could also be the first row of a 2-wide board. It is a header when the
    # rest has exactly that shape, or when the next row is not 2 wide (rows of a board are
    # all alike); parse_board falls back to the plain reading if the header one fails.
    body = rows[1:]
    if len(rows[1]) != 2 and min(width, height) >= MIN_SIDE:
        return width, height
    fits = len(body) == height and all(len(r) == width for r in body)
    in_range = MIN_SIDE <= min(width, height) and max(width, height) <= MAX_SIDE
    return (width, height) if fits and in_range else None


def _small_number(token: str) -> bool:
    return is_number(token) and len(token) <= MAX_SIDE_DIGITS


def _tile(token: str, width: int, height: int) -> int:
    if token in BLANKS:
        return 0
    if not is_number(token):
        raise BoardError(f"{shown(token)} is not a tile number")
    top = width * height - 1
    if len(token.lstrip("0")) > len(str(top)) or int(token) > top:
        raise BoardError(
            f"tile {shown_number(token)} is out of range for a {width}x{height} board (1-{top})"
        )
    return int(token)


def parse_board(text: str) -> Board:
    """Parse board text: rows by newline or '/', tiles by spaces or commas.

    The blank is ``0``, ``_`` or ``.``; an optional first line ``W H`` or ``N`` gives the
    size. Raises BoardError with a one-line message naming the bad value.
    """
    rows = _split_rows(text)
    if not rows:
        raise BoardError("empty board")
    header = _header(rows)
    if header is None:
        return _parse_body(rows, None)
    try:
        return _parse_body(rows[1:], header)
    except BoardError:
        if len(rows[0]) == 1:
            raise
        # "W H" could also be the first row of a 2-wide board; at most one reading is a
        # valid board (the other would repeat a tile), so fall back before complaining.
        try:
            return _parse_body(rows, None)
        except BoardError:
            pass
        raise


def _parse_body(rows: list[list[str]], size: tuple[int, int] | None) -> Board:
    """Tiles from rows of tokens, with the size from a header or from the rows themselves."""
    if size is not None:
        width, height = size
        check_size(width, height)
        if len(rows) != height:
            raise BoardError(f"board has {len(rows)} rows, expected {height}")
    else:
        width, height = len(rows[0]), len(rows)
        if width > MAX_SIDE or height > MAX_SIDE or width < MIN_SIDE or height < MIN_SIDE:
            # Name a wrong row rather than the size when only one row is off.
            _check_rows(rows, width)
            check_size(width, height)
    _check_rows(rows, width)
    tokens = [tok for row in rows for tok in row]
    blank = any(tok in BLANKS for tok in tokens)
    tiles = []
    for tok in tokens:
        if not blank and is_number(tok) and tok.lstrip("0") == str(width * height):
            continue  # the cell count written where the blank goes: "no blank" says it
        try:
            tiles.append(_tile(tok, width, height))
        except BoardError as exc:
            if blank:
                raise
            raise BoardError(f"{exc}; there is no blank either ({_BLANK_HINT})") from None
    if not blank:
        raise BoardError(f"no blank ({_BLANK_HINT})")
    seen: set[int] = set()
    for value in tiles:
        if value in seen:
            raise BoardError("more than one blank" if value == 0 else f"duplicate tile {value}")
        seen.add(value)
    return Board(width, height, tuple(tiles))


def _check_rows(rows: list[list[str]], width: int) -> None:
    for number, row in enumerate(rows, start=1):
        if len(row) != width:
            raise BoardError(f"row {number} has {len(row)} tiles, expected {width}")


def format_board(board: Board, header: bool = False) -> str:
    """Multi-line board text, optionally with a ``W H`` header line."""
    body = board.text("\n")
    return f"{board.width} {board.height}\n{body}" if header else body


def parse_moves(text: str) -> str:
    """Expand a move string such as ``RRD`` or ``R3DL2`` into single letters.

    Spaces and commas are ignored; letters may be lower case. Raises BoardError.
    """
    compact = _TILE_SPLIT.sub("", text).upper()
    out = []
    pos = 0
    while pos < len(compact):
        match = _MOVE_TOKEN.match(compact, pos)
        if match is None:
            raise BoardError(
                f"{shown(compact[pos])} is not a move (expected U, D, L or R, optionally "
                f"followed by a count) in {shown(text)}"
            )
        letter, count = match.groups()
        run = int(count) if count and len(count) <= MAX_SIDE_DIGITS else (0 if count else 1)
        if not 1 <= run <= MAX_RUN:
            raise BoardError(
                f"run length {shown_number(count)} in {shown(text)} must be 1-{MAX_RUN}")
        out.append(letter * run)
        pos = match.end()
    return "".join(out)


def compress_moves(moves: str) -> str:
    """Run-length form of a move string: ``RRRUL`` becomes ``R3UL``."""
    out = []
    for match in re.finditer(r"([UDLR])\1*", moves):
        run = len(match.group(0))
        out.append(match.group(1) + (str(run) if run > 1 else ""))
    return "".join(out)


def parse_size(text: str) -> tuple[int, int]:
    """Read a size such as ``4x4``, ``3x5`` or ``4``; raises BoardError."""
    match = _SIZE.fullmatch(text)
    if match is None:
        raise BoardError(f"{shown(text)} is not a board size (expected WxH or N, e.g. 4x4)")
    sides = [g for g in match.groups() if g is not None]
    if any(len(side.lstrip("0")) > MAX_SIDE_DIGITS for side in sides):
        raise BoardError(f"board size {shown(text.strip())} is too large "
                         f"(at most {MAX_SIDE}x{MAX_SIDE})")
    width = int(sides[0])
    height = int(sides[1]) if len(sides) > 1 else width
    check_size(width, height)
    return width, height


__all__ = [
    "BLANKS",
    "MOVES",
    "compress_moves",
    "format_board",
    "parse_board",
    "parse_moves",
    "parse_size",
    "shown",
    "shown_number",
    "shown_path",
]
