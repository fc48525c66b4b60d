"""A steady frame clock: sleeps to just before each frame's deadline, then waits the rest.

``pygame.time.Clock.tick`` sleeps with millisecond granularity and oversleeps under load, so
60 Hz frames come 16, 17, sometimes 20 ms apart; ``tick_busy_loop`` is exact but burns a
whole core, which the coach's search needs. This clock keeps a schedule of deadlines one
period apart: it sleeps (GIL released, so the coach runs) until SPIN_MARGIN before the next
one, then polls the clock for the last stretch (a few percent of a core). A frame that ran
late starts a new schedule instead of hurrying to catch up.
"""

from __future__ import annotations

import time
from collections.abc import Callable

SPIN_MARGIN = 0.0015
"""Seconds before the deadline at which sleeping stops and polling begins (the oversleep
of time.sleep on a loaded Linux machine is well under this)."""
PAUSE = 0.0
"""The polling loop's sleep: 0 yields the GIL and the core between reads of the clock."""


class FrameClock:
    """``tick(fps)`` returns the milliseconds since the previous tick, like pygame's Clock."""

    def __init__(self, now: Callable[[], float] = time.perf_counter,
                 sleep: Callable[[float], None] = time.sleep,
                 before_deadline: Callable[[], None] | None = None) -> None:
        """``before_deadline`` is called when the sleep ends and the polling begins (the app
        holds the coach's frame gate from there, so the wake-up does not wait for the GIL)."""
        self._now = now
        self._sleep = sleep
        self._before_deadline = before_deadline
        self._last: float | None = None
        self._deadline: float | None = None
        self.exact = True
        """Whether to poll the last SPIN_MARGIN to the deadline; False sleeps through it
        (the app's choice while the screen is still: nothing moves that a late frame would
        show, and the polling is a tenth of a core)."""

    def tick(self, framerate: float = 0) -> int:
        """Wait for the next frame's deadline (none with ``framerate`` 0); ms since last tick."""
        now = self._now()
        if framerate > 0 and self._deadline is not None:
            period = 1.0 / framerate
            deadline = self._deadline + period
            if deadline < now:  # late: a fresh schedule from this frame on
                deadline = now
            margin = SPIN_MARGIN if self.exact else 0.0
            if deadline - now > margin:
                self._sleep(deadline - now - margin)
            if self._before_deadline is not None:
                self._before_deadline()
            while self.exact and self._now() < deadline:
                self._sleep(PAUSE)
            now = self._now()
            self._deadline = deadline
        else:
            self._deadline = now
        elapsed = 0.0 if self._last is None else now - self._last
        self._last = now
        return round(1000 * elapsed)
