"""Per-connection message limits: flood detection on arrival and gentle pacing of processing."""

from __future__ import annotations

from collections import deque

FLOOD_MESSAGES = 1000
"""More than this many messages arriving within FLOOD_WINDOW seconds is a flood."""
FLOOD_WINDOW = 1.0
PACE_RATE = 900.0
"""Messages a second one connection is served at most; a bot that waits for each reply
therefore never reaches the flood limit, while one that sends without reading does."""
PACE_BURST = 50.0
SEARCH_RATE = 10.0
"""Searches for the coach (a new board, a move off the known lines) one connection gets a
second; over it, its next message waits, so a bot spamming {"New": true} slows only itself."""
SEARCH_BURST = 20.0


class FloodGate:
    """Counts arrivals in a sliding window; ``arrive`` is False once the limit is passed."""

    def __init__(self, limit: int = FLOOD_MESSAGES, window: float = FLOOD_WINDOW) -> None:
        self.limit = limit
        self.window = window
        self._times: deque[float] = deque(maxlen=limit)

    def arrive(self, now: float) -> bool:
        """Record one message at ``now`` (seconds); False if it is one too many."""
        times = self._times
        over = len(times) == self.limit and now - times[0] < self.window
        times.append(now)
        return not over


class Pacer:
    """A token bucket: ``delay`` says how long to wait before serving the next message."""

    def __init__(self, rate: float = PACE_RATE, burst: float = PACE_BURST) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = burst
        self._at: float | None = None

    def delay(self, now: float) -> float:
        """Take one token at ``now``; the seconds to wait first (0 when within the rate)."""
        if self._at is not None:
            self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        self._tokens -= 1.0
        return 0.0 if self._tokens >= 0 else -self._tokens / self.rate
