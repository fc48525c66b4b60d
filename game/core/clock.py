"""Game times in words, rounded one way everywhere: the HUD, the end screen, tables, stats."""

from __future__ import annotations

TENTHS = 10
SECONDS_PER_MINUTE = 60
SECONDS_PER_HOUR = 3600


def clock_text(seconds: float) -> str:
    """``m:ss.t`` (``h:mm:ss`` from an hour on), rounded to tenths before it is split, so
    59.96 s reads 1:00.0, never 0:60.0."""
    seconds = max(0.0, seconds)
    if seconds >= SECONDS_PER_HOUR:
        whole = int(round(seconds))
        return f"{whole // SECONDS_PER_HOUR}:{whole % SECONDS_PER_HOUR // SECONDS_PER_MINUTE:02d}" \
            f":{whole % SECONDS_PER_MINUTE:02d}"
    tenths = int(round(seconds * TENTHS))
    minutes, rest = divmod(tenths, SECONDS_PER_MINUTE * TENTHS)
    return f"{minutes}:{rest // TENTHS:02d}.{rest % TENTHS}"
