"""Speedsolvers' figures: trimmed rolling averages (ao5..ao100), means and personal bests.

An average of N drops the best and the worst ``ceil(5% of N)`` results (at least one each) and
means the rest. An unfinished attempt (DNF, written ``None``) counts as the worst result, so an
average with more DNFs than it drops is itself a DNF (``math.inf``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.core.clock import clock_text
from game.core.spec import GameKind

TRIM_PERCENT = 5
AVERAGE_SIZES = (5, 12, 50, 100)
DNF = math.inf
DNF_WORD = "DNF"
"""A DNF in words, on the stats screen and in ``stats --json``."""

Result = float | None
"""Seconds of a finished attempt, None for a DNF."""


def trim_count(n: int) -> int:
    """How many results an average of ``n`` drops at each end."""
    return max(1, -(-n * TRIM_PERCENT // 100))  # ceil in integers: no float rounding


def average(results: Sequence[Result]) -> float:
    """The trimmed average of these results (DNF as ``math.inf``); needs at least 3."""
    n = len(results)
    if n < 3:
        raise ValueError(f"an average needs at least 3 results, got {n}")
    trim = trim_count(n)
    ordered = sorted(DNF if r is None else r for r in results)
    kept = ordered[trim:n - trim]
    if any(math.isinf(r) for r in kept):
        return DNF
    return sum(kept) / len(kept)


def rolling(results: Sequence[Result], n: int) -> float | None:
    """The average of the last ``n`` results (oldest first), None until there are ``n``."""
    if len(results) < n:
        return None
    return average(results[-n:])


def mean(results: Sequence[Result]) -> float | None:
    """Mean of the finished results (None when none finished)."""
    done = [r for r in results if r is not None]
    return sum(done) / len(done) if done else None


@dataclass(frozen=True, slots=True)
class Attempt:
    """One recorded game as the statistics read it."""

    seconds: float
    moves: int
    solved: bool
    """Finished by the player (a game the coach finished or that was left is a DNF)."""
    efficiency: float | None = None
    session: str = ""

    @property
    def result(self) -> Result:
        """Its time, or None for a DNF."""
        return self.seconds if self.solved else None

    @property
    def tps(self) -> float | None:
        """Tiles per second of a solve."""
        return self.moves / self.seconds if self.solved and self.seconds > 0 else None


@dataclass(frozen=True, slots=True)
class Stats:
    """Everything the stats screen and ``stats --json`` show for one size."""

    games: int
    solves: int
    best_time: float | None
    best_moves: int | None
    best_tps: float | None
    best_efficiency: float | None
    averages: dict[int, float | None]
    """ao-N (N in AVERAGE_SIZES): seconds, ``math.inf`` for a DNF average, None until N games."""
    session_mean: float | None
    """The mean time of the solves of the latest session (one run of the game)."""
    trend: tuple[float, ...]
    """Solve times, oldest first (the chart)."""
    session_games: int = 0
    """Games of the latest session (solved or not)."""
    session_solves: int = 0

    def to_json(self) -> dict[str, object]:
        """Plain keys; a DNF average is written "DNF", as the stats screen says it, and one
        not yet reached null."""
        def clean(value: float | None) -> float | str | None:
            if value is None:
                return None
            return DNF_WORD if math.isinf(value) else round(value, 3)

        return {
            "games": self.games, "solves": self.solves,
            "best": {"time": clean(self.best_time), "moves": self.best_moves,
                     "tps": clean(self.best_tps), "efficiency": clean(self.best_efficiency)},
            **{f"ao{n}": clean(self.averages[n]) for n in AVERAGE_SIZES},
            "session_mean": clean(self.session_mean),
            "session": {"games": self.session_games, "solves": self.session_solves,
                        "mean": clean(self.session_mean)},
        }


def stats_of(attempts: Sequence[Attempt], session: str | None = None) -> Stats:
    """The figures of these attempts (oldest first); ``session`` picks the session mean's games
    (default: the latest attempt's session)."""
    solves = [a for a in attempts if a.solved]
    results = [a.result for a in attempts]
    if session is None and attempts:
        session = attempts[-1].session
    in_session = [a.result for a in attempts if a.session == session]
    tps = [t for t in (a.tps for a in solves) if t is not None]
    effs = [a.efficiency for a in solves if a.efficiency is not None]
    return Stats(
        games=len(attempts), solves=len(solves),
        best_time=min((a.seconds for a in solves), default=None),
        best_moves=min((a.moves for a in solves), default=None),
        best_tps=max(tps, default=None), best_efficiency=max(effs, default=None),
        averages={n: rolling(results, n) for n in AVERAGE_SIZES},
        session_mean=mean(in_session), trend=tuple(a.seconds for a in solves),
        session_games=len(in_session),
        session_solves=sum(1 for r in in_session if r is not None),
    )


SESSION_WORDS = "latest session with random boards (one run of the game)"


def session_words(stats: Stats) -> str:
    """The session mean explained: "latest session with random boards (one run of the
    game): 4 games, 3 solved, mean 0:12.3" ("" before any game)."""
    if not stats.session_games:
        return ""
    games = counted(stats.session_games, "game")
    if not stats.session_solves:
        return f"{SESSION_WORDS}: {games}, none solved"
    return (f"{SESSION_WORDS}: {games}, {stats.session_solves} solved, mean "
            f"{format_seconds(stats.session_mean)}")


KIND_NAMES = {GameKind.RANDOM: "random boards", GameKind.SEEDED: "seeded boards",
              GameKind.CUSTOM: "custom boards", GameKind.DAILY: "dailies",
              GameKind.PRACTICE: "practice"}


@dataclass(frozen=True, slots=True)
class SizeStats:
    """Every kind of game played on one size, each with its own figures (bests and averages
    never mix kinds), and the ghost races run there."""

    shape: str
    kinds: tuple[tuple[GameKind, Stats], ...]
    """The kinds played, in ``GAME_KINDS`` order (random boards first)."""
    races: int = 0
    """Ghost races run (the ghost set off)."""
    races_won: int = 0

    @property
    def games(self) -> int:
        """Games of every kind."""
        return sum(stats.games for _, stats in self.kinds)

    @property
    def solves(self) -> int:
        """Solves of every kind."""
        return sum(stats.solves for _, stats in self.kinds)

    def of(self, kind: GameKind) -> Stats | None:
        """The figures of one kind (None: none played)."""
        return next((stats for k, stats in self.kinds if k is kind), None)

    def to_json(self) -> dict[str, object]:
        """The size, totals, races and each kind's figures."""
        return {"size": self.shape, "games": self.games, "solves": self.solves,
                "races": {"run": self.races, "won": self.races_won},
                "kinds": {str(kind): stats.to_json() for kind, stats in self.kinds}}


def races_words(stats: SizeStats) -> str:
    """"ghost races won 3 of 5" ("" when none was run)."""
    return f"ghost races won {stats.races_won} of {stats.races}" if stats.races else ""


def kind_line(kind: GameKind, stats: Stats, *, bests: bool = True) -> str:
    """One kind's figures on one line: "custom boards: 3 games, 2 solved, best 0:01.2,
    fewest moves 4" (without ``bests`` only the counts, when lines of bests follow)."""
    line = f"{KIND_NAMES[kind]}: {counted(stats.games, 'game')}, {stats.solves} solved"
    if bests and stats.best_time is not None:
        line += f", best {format_seconds(stats.best_time)}, fewest moves {stats.best_moves}"
        if kind is GameKind.DAILY:
            line += " (first tries, as the daily table ranks them)"
    return line


def counted(count: int, noun: str) -> str:
    """"1 game", "3 games"."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def format_seconds(value: float | None) -> str:
    """A time as the clock shows it (``0:12.3``), ``DNF`` or ``-`` (not enough games)."""
    if value is None:
        return "-"
    if math.isinf(value):
        return DNF_WORD
    return clock_text(value)
