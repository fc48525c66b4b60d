"""Per-connection arena results, kept as a leaderboard for the server's lifetime."""

from __future__ import annotations

import threading
from dataclasses import asdict, dataclass

MAX_ENTRIES = 10_000
"""Finished connections kept; beyond this the lowest scores are dropped."""


@dataclass
class BotResults:
    """One connection's running totals."""

    name: str
    games: int = 0
    solved: int = 0
    optimal_moves: int = 0
    wasteful_moves: int = 0
    unjudged_moves: int = 0
    unsolvable_dealt: int = 0
    caught: int = 0
    wrong_claims: int = 0
    skipped: int = 0
    points: int = 0
    connected: bool = True

    def to_dict(self) -> dict[str, object]:
        """The results as plain JSON-ready values."""
        return asdict(self)


class Leaderboard:
    """Every connection's results by connection number; safe to read from another thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._entries: dict[int, BotResults] = {}

    def add(self, conn_id: int, results: BotResults) -> None:
        """Start tracking a connection (its results object is updated in place)."""
        with self._lock:
            self._entries[conn_id] = results
            if len(self._entries) > MAX_ENTRIES:
                gone = [k for k, r in self._entries.items() if not r.connected]
                if gone:
                    low = min(gone, key=lambda k: self._entries[k].points)
                    del self._entries[low]

    def ranked(self, limit: int | None = None) -> list[BotResults]:
        """Results by points, then solved games, then fewer wasteful moves."""
        with self._lock:
            entries = list(self._entries.values())
        entries.sort(key=lambda r: (-r.points, -r.solved, r.wasteful_moves, r.name))
        return entries if limit is None else entries[:limit]

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def table(self, limit: int = 20) -> str:
        """A plain-text table for the console."""
        rows = [f"{'#':>3} {'bot':<24} {'pts':>7} {'games':>5} {'solved':>6} {'opt':>6} "
                f"{'waste':>5} {'caught':>6} {'wrong':>5}"]
        for rank, r in enumerate(self.ranked(limit), 1):
            rows.append(f"{rank:>3} {r.name[:24]:<24} {r.points:>7} {r.games:>5} {r.solved:>6} "
                        f"{r.optimal_moves:>6} {r.wasteful_moves:>5} {r.caught:>6} "
                        f"{r.wrong_claims:>5}")
        return "\n".join(rows)
