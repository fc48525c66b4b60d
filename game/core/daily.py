"""The daily puzzle: one board per date and size, the same on every machine.

The seed is the first 8 bytes (big-endian) of SHA-256 of ``fifteen-daily:YYYY-MM-DD:WxH``,
modulo ``MAX_SEED``; the board is ``random_board(W, H, random.Random(seed))`` (the seeded
generator every game ID uses), so the daily game ID is the ordinary ``WxH-SEED``.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re

from game.core.board import check_size
from game.core.generate import MAX_SEED, GameId

DAILY_SALT = "fifteen-daily"
SEED_BYTES = 8
_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


class DateError(ValueError):
    """A --date that is not a real YYYY-MM-DD date."""


def parse_date(text: str) -> dt.date:
    """A strict ISO date ``YYYY-MM-DD``; raises DateError naming the bad text."""
    if not _DATE.fullmatch(text.strip()):
        raise DateError(f"'{text}' is not a date (expected YYYY-MM-DD, e.g. 2025-01-31)")
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise DateError(f"'{text}' is not a real calendar date") from None


def daily_seed(day: dt.date, width: int, height: int) -> int:
    """The seed of the daily board for ``day`` and this size."""
    check_size(width, height)
    key = f"{DAILY_SALT}:{day.isoformat()}:{width}x{height}".encode("ascii")
    digest = hashlib.sha256(key).digest()
    return int.from_bytes(digest[:SEED_BYTES], "big") % MAX_SEED


def daily_game_id(day: dt.date, width: int, height: int) -> GameId:
    """The daily puzzle's game ID (``WxH-SEED``)."""
    return GameId(width, height, daily_seed(day, width, height))


def share_line(day: dt.date, shape: str, moves: int, optimal: int | None, seconds: float,
               grade: str) -> str:
    """The one-line result a player can paste anywhere."""
    versus = f"{moves} moves (optimal {optimal})" if optimal is not None else f"{moves} moves"
    return f"Fifteen daily {day.isoformat()} {shape}: {versus} in {seconds:.1f}s, grade {grade}"
