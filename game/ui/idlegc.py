"""Garbage collection in a frame's idle time: the collector never pauses a draw mid-frame.

CPython collects when allocations pass a threshold, wherever that happens: measured in the
demo, a young-generation pass (1-3 ms) landed inside about 1.5% of frames, which made the
frame work's p99. While the loop runs, automatic collection is off and ``collect_due``
runs, after each frame's work, the pass CPython would have run (same thresholds, oldest
due generation first), in the time the frame clock would otherwise sleep. What is alive
when the loop starts (modules, fonts, tables) is frozen out of the scans first.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from types import TracebackType


class IdleCollector:
    """``with IdleCollector():`` around the loop; ``collect_due()`` once per frame."""

    def __init__(self, collect: Callable[[int], int] = gc.collect,
                 counts: Callable[[], tuple[int, int, int]] = gc.get_count,
                 thresholds: Callable[[], tuple[int, int, int]] = gc.get_threshold,
                 now: Callable[[], float] = time.perf_counter) -> None:
        self._collect = collect
        self._counts = counts
        self._thresholds = thresholds
        self._now = now
        self._was_enabled = False
        self.passes = [0, 0, 0]
        """Collections run, per generation."""

    def __enter__(self) -> IdleCollector:
        self._was_enabled = gc.isenabled()
        gc.collect()
        gc.freeze()
        gc.disable()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        gc.unfreeze()
        if self._was_enabled:
            gc.enable()

    def collect_due(self) -> float:
        """Run the generation that is due, if any; the seconds it took."""
        counts, limits = self._counts(), self._thresholds()
        for generation in (2, 1, 0):
            if limits[generation] and counts[generation] > limits[generation]:
                start = self._now()
                self._collect(generation)
                self.passes[generation] += 1
                return self._now() - start
        return 0.0
