"""The daily puzzle: one board per date and size, the same on every machine.

The seed is the first 8 bytes (big-endian) of SHA-256 of ``fifteen-daily:YYYY-MM-DD:WxH``,
modulo ``MAX_SEED``; the board is ``random_board(W, H, random.Random(seed))`` (the seeded
generator every game ID uses), so the daily game ID is the ordinary ``WxH-SEED``.
"""

from __future__ import annotations

import datetime as dt
import enum
import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from game.core.board import check_size
from game.core.clock import clock_text
from game.core.generate import MAX_SEED, GameId
from game.core.spec import GameSpec
from game.core.summary import COACH_PART_WORDS, CoachPart

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


def daily_spec(day: dt.date, width: int, height: int) -> GameSpec:
    """The game of the daily puzzle for ``day`` and this size (``play --daily``, the title)."""
    return GameSpec(width, height, seed=daily_seed(day, width, height), daily=day.isoformat())


def daily_game_id(day: dt.date, width: int, height: int) -> GameId:
    """The daily puzzle's game ID (``WxH-SEED``)."""
    return GameId(width, height, daily_seed(day, width, height))


WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
"""English names, not the locale's: the daily's words read the same on every machine."""
SPARK_LEVELS = "▁▂▃▄▅▆▇█"
"""The sparkline's bars, lowest (at the goal) to highest (the farthest from it)."""
SPARK_UNKNOWN = "·"
"""A point of the sparkline whose distance to the goal is not known (big boards)."""
SPARK_WIDTH = 24
"""At most this many bars: a longer game is sampled evenly (its start and end kept)."""


class Attempt(enum.Enum):
    """Which attempt at a daily puzzle a game was: only the first one is ranked."""

    FIRST = "first try"
    REPEAT = "repeat"


def day_words(day: dt.date, *, year: bool = True) -> str:
    """``Tue 24 Nov 2026`` (``Tue 24 Nov`` without the year)."""
    words = f"{WEEKDAYS[day.weekday()]} {day.day} {MONTHS[day.month - 1]}"
    return f"{words} {day.year}" if year else words


def daily_title(day: dt.date, shape: str) -> str:
    """The daily's name during play: ``Daily 4x4 · Tue 24 Nov 2026``."""
    return f"Daily {shape} · {day_words(day)}"


def sparkline(distances: Sequence[int | None], width: int = SPARK_WIDTH) -> str:
    """The distance to the goal after each move as bars (the start first): the shape of a
    game without its moves, so it spoils nothing. Unknown distances are dots; "" when no
    distance is known at all."""
    known = [d for d in distances if d is not None]
    if not known or width < 1:
        return ""
    points = list(distances)
    if len(points) > width:  # evenly spaced samples, the first and the last kept
        last = len(points) - 1
        points = [points[round(i * last / (width - 1))] for i in range(width)] \
            if width > 1 else [points[0]]
    top = max(known) or 1
    steps = len(SPARK_LEVELS) - 1
    return "".join(SPARK_UNKNOWN if d is None else SPARK_LEVELS[round(d / top * steps)]
                   for d in points)


def share_line(day: dt.date, shape: str, moves: int, optimal: int | None, seconds: float,
               grade: str, *, attempt: Attempt = Attempt.FIRST,
               distances: Sequence[int | None] = (), coach: CoachPart = CoachPart.NONE,
               coach_moves: int = 0) -> str:
    """The one-line result a player can paste anywhere: which attempt it was, the figures
    and a sparkline of the distance to the goal (left out when no distance is known). The
    end screen and the terminal print this same line.

    ``moves``: the player's own moves; ``coach``/``coach_moves``: the coach's part and its
    moves on the final line (``GameSummary``). A game the coach played in says so and counts
    every move of its line, the coach's among them, as the sparkline draws them: "2 moves"
    beside a 17-move descent read like solving it in 2."""
    total = moves + coach_moves
    versus = f"{total} moves (optimal {optimal})" if optimal is not None else f"{total} moves"
    head = f"Fifteen daily {day.isoformat()} {shape} ({attempt.value})"
    if coach is CoachPart.NONE:
        rated = f"grade {grade}"
    else:
        head += f", {COACH_PART_WORDS[coach]}"
        if coach_moves:
            versus += f", {coach_moves} of them the coach's,"
        rated = "not graded"
    line = (f"{head}: {versus} in "
            f"{clock_text(seconds)}, {rated}")  # the end screen's time, rounded as there
    bars = sparkline(distances)
    return f"{line} {bars}" if bars else line


@dataclass(frozen=True, slots=True)
class FirstTry:
    """The ranked first attempt at a daily, as a repeat's end screen tells it."""

    points: int | None
    """Its points when the player solved it (None: left unfinished or the coach played in it)."""
    rank: int | None = None
    """Where it stands in its top 10 now (None: outside it)."""
    finished: bool = True


def repeat_note(first: FirstTry) -> str:
    """Said instead of the top-10 line on a repeat: it is not ranked, and how the first try
    did (``Repeat: not ranked — your first try scored 480, #3``; the share line and the
    pause menu name the day)."""
    head = "Repeat: not ranked — "
    if first.points is not None:
        place = f", #{first.rank}" if first.rank is not None else ""
        return f"{head}your first try scored {first.points}{place}"
    if first.finished:
        return f"{head}the coach played in your first try"
    return f"{head}your first try was left unfinished"
