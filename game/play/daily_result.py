"""A finished daily game: whether it was the first try or a repeat, and what the end screen
and the share line say about it (no pygame)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.daily import Attempt, FirstTry, parse_date, repeat_note, share_line
from game.core.summary import GameSummary
from game.store.highscores import HighScores
from game.store.history import GameRecord
from game.store.history_scores import HistoryScores


@dataclass(frozen=True, slots=True)
class DailyResult:
    """What the end screen of a daily game says beyond the usual figures."""

    attempt: Attempt
    note: str
    """Said instead of the top-10 line on a repeat ("" on the first try)."""
    share: str
    """The one-line result to paste anywhere (see ``game.core.daily.share_line``)."""


def earlier_try(scores: HighScores, daily: str, shape: str,
                record: GameRecord | None) -> GameRecord | None:
    """The first attempt at this daily and size when this game (already entered, as
    ``record``) is not it; None on the first try or without a history to ask."""
    if not isinstance(scores, HistoryScores):
        return None
    attempts = scores.daily_attempts(daily, shape)
    if not attempts:
        return None
    if record is not None:  # the very record the app entered: compared by identity
        return attempts[0] if attempts[0] is not record else None
    return attempts[0] if len(attempts) > 1 else None  # this game is the last one entered


def daily_result(scores: HighScores, daily: str, summary: GameSummary,
                 record: GameRecord | None = None) -> DailyResult:
    """The daily game ``summary`` of the date ``daily`` (YYYY-MM-DD), entered in ``scores``
    as ``record``: a repeat when an earlier attempt at the same daily and size is there."""
    day = parse_date(daily)
    first = earlier_try(scores, daily, summary.shape, record)
    attempt = Attempt.FIRST if first is None else Attempt.REPEAT
    note = ""
    if first is not None:
        assert isinstance(scores, HistoryScores)  # earlier_try finds one only there
        note = repeat_note(FirstTry(
            first.points if first.solved_by_player else None, scores.rank_of(first),
            first.finished))
    optimal = summary.optimal_length if summary.exact else None  # a coach's line is no optimum
    share = share_line(day, summary.shape, summary.moves, optimal, summary.seconds,
                       summary.grade, attempt=attempt, distances=summary.distances,
                       coach=summary.coach_part, coach_moves=summary.coach_moves)
    return DailyResult(attempt, note, share)
