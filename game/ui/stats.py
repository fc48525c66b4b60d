"""Frame-time, hint-latency and worker-status figures for the demo command (no pygame)."""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core.board import Board

MS = 1000.0


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile (``share`` 0..1) of ``values``; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, int(round(share * len(ordered) + 0.5)) - 1))
    return ordered[rank]


@dataclass
class RunStats:
    """What one run measured; seconds in, milliseconds out."""

    frame_seconds: list[float] = field(default_factory=list)
    work_seconds: list[float] = field(default_factory=list)
    gc_seconds: list[float] = field(default_factory=list)
    """Per frame: garbage collection run after the frame's work, in its idle time."""
    hint_latency: list[float] = field(default_factory=list)
    status_counts: Counter = field(default_factory=Counter)
    warm: list[bool] = field(default_factory=list)
    """Per frame: whether the coach had finished warming up (ready, thinking, ...)."""
    moves: int = 0
    boards_solved: int = 0
    clock: Callable[[], float] = time.perf_counter
    """What latency is measured with (the app's clock; only the app reads the time)."""
    _waiting: Board | None = None
    _since: float = 0.0

    def frame(self, interval: float, work: float, status: str, idle_gc: float = 0.0) -> None:
        """One frame: time since the previous one, time spent on it, worker status seen,
        and the garbage collection run after it."""
        self.frame_seconds.append(interval)
        self.work_seconds.append(work)
        self.gc_seconds.append(idle_gc)
        self.status_counts[status] += 1
        self.warm.append(status != "warming up")

    def board_changed(self, board: Board) -> None:
        """A new board is on screen; latency runs until its optimal moves are known."""
        self._waiting, self._since = board, self.clock()

    def hint_known(self, board: Board) -> None:
        """Complete optimal moves are known for ``board``."""
        if self._waiting is not None and board == self._waiting:
            self.hint_latency.append(max(0.0, self.clock() - self._since))
            self._waiting = None

    def summary(self, size: str, seconds: float) -> dict[str, Any]:
        """The JSON-ready figures."""
        frames = [s * MS for s in self.frame_seconds]
        work = [s * MS for s in self.work_seconds]
        lat = [s * MS for s in self.hint_latency]
        warm_frames = [f for f, w in zip(frames, self.warm, strict=True) if w]
        warm_work = [f for f, w in zip(work, self.warm, strict=True) if w]
        return {
            "after_warm_up": {
                "frames": len(warm_frames),
                "frame_ms": {k: round(percentile(warm_frames, q), 3) for k, q in
                             (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))},
                "work_ms": {k: round(percentile(warm_work, q), 3) for k, q in
                            (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))},
            },
            "frames": len(frames),
            "frame_ms": {k: round(percentile(frames, q), 3) for k, q in
                         (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))}
            | {"max": round(max(frames, default=0.0), 3)},
            "work_ms": {k: round(percentile(work, q), 3) for k, q in
                        (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))}
            | {"max": round(max(work, default=0.0), 3)},
            "idle_gc": {"passes": sum(1 for g in self.gc_seconds if g > 0),
                        "max_ms": round(max(self.gc_seconds, default=0.0) * MS, 3)},
            "hint_latency_ms": {k: round(percentile(lat, q), 3) for k, q in
                                (("p50", 0.5), ("p95", 0.95))}
            | {"max": round(max(lat, default=0.0), 3), "count": len(lat)},
            "status_counts": dict(self.status_counts),
            "size": size,
            "seconds": seconds,
            "moves": self.moves,
            "boards_solved": self.boards_solved,
        }


def format_summary(data: dict[str, Any]) -> str:
    """A few readable lines for the terminal."""
    f, w, h = data["frame_ms"], data["work_ms"], data["hint_latency_ms"]
    a = data["after_warm_up"]
    af, aw = a["frame_ms"], a["work_ms"]
    return "\n".join([
        f"demo {data['size']} for {data['seconds']:.1f} s: {data['frames']} frames, "
        f"{data['moves']} moves, {data['boards_solved']} boards solved",
        f"frame interval ms  p50 {f['p50']:.2f}  p95 {f['p95']:.2f}  p99 {f['p99']:.2f}  "
        f"max {f['max']:.2f}",
        f"frame work ms      p50 {w['p50']:.2f}  p95 {w['p95']:.2f}  p99 {w['p99']:.2f}  "
        f"max {w['max']:.2f}",
        f"after warm-up ({a['frames']} frames): interval ms p50 {af['p50']:.2f}  p95 "
        f"{af['p95']:.2f}  p99 {af['p99']:.2f}; work ms p50 {aw['p50']:.2f}  p95 "
        f"{aw['p95']:.2f}  p99 {aw['p99']:.2f}",
        f"garbage collection in idle time: {data['idle_gc']['passes']} passes, longest "
        f"{data['idle_gc']['max_ms']:.2f} ms",
        f"hint latency ms    p50 {h['p50']:.2f}  p95 {h['p95']:.2f}  max {h['max']:.2f}  "
        f"({h['count']} boards)",
        "worker status per frame: " + ", ".join(f"{k} {v}" for k, v in
                                               sorted(data["status_counts"].items())),
    ])


def write_json(path: str, data: dict[str, Any]) -> None:
    """Write the figures as JSON."""
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=2)
        handle.write("\n")
