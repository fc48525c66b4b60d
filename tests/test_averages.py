"""Rolling averages against hand-computed cases, DNFs included, and the stats figures."""

from __future__ import annotations

import math

import pytest

from game.core.averages import (
    Attempt,
    SizeStats,
    average,
    format_seconds,
    kind_line,
    races_words,
    rolling,
    session_words,
    stats_of,
    trim_count,
)
from game.core.spec import GameKind


@pytest.mark.parametrize(("n", "trim"), [(3, 1), (5, 1), (12, 1), (20, 1), (21, 2), (50, 3),
                                         (100, 5), (101, 6)])
def test_trim_count_is_5_percent_rounded_up_at_least_one(n: int, trim: int) -> None:
    assert trim_count(n) == trim


def test_ao5_drops_best_and_worst() -> None:
    # 10, 12, 11, 30, 9: drop 9 and 30, mean of 10, 11, 12
    assert average([10, 12, 11, 30, 9]) == pytest.approx(11.0)


def test_ao5_one_dnf_is_the_dropped_worst() -> None:
    assert average([10, None, 11, 12, 9]) == pytest.approx(11.0)


def test_ao5_two_dnfs_is_dnf() -> None:
    assert math.isinf(average([10, None, 11, None, 9]))


def test_ao12_by_hand() -> None:
    times = [20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 5, None]
    # drop 5 and the DNF; mean of 20..29 = 24.5
    assert average(times) == pytest.approx(24.5)


def test_ao50_drops_three_each_side() -> None:
    times = [float(t) for t in range(1, 51)]
    assert average(times) == pytest.approx(sum(range(4, 48)) / 44)
    with_dnfs = [None, None, None, *times[3:]]
    # 4..50 and three DNFs: drop 4, 5, 6 and the DNFs, mean of 7..50
    assert average(with_dnfs) == pytest.approx(sum(range(7, 51)) / 44)
    assert math.isinf(average([None] * 4 + times[4:]))


def test_ao100_drops_five_each_side() -> None:
    times = [float(t) for t in range(100)]
    assert average(times) == pytest.approx(sum(range(5, 95)) / 90)


def test_rolling_uses_the_last_n_and_waits_for_enough() -> None:
    assert rolling([1, 2, 3, 4], 5) is None
    assert rolling([100, 1, 2, 3, 4, 5], 5) == pytest.approx(3.0)


def test_stats_of_bests_session_mean_and_json() -> None:
    attempts = [
        Attempt(10.0, 20, True, 0.9, "a"),
        Attempt(5.0, 30, False, None, "a"),  # abandoned: a DNF, not a best
        Attempt(8.0, 24, True, 1.0, "b"),
        Attempt(12.0, 18, True, 0.8, "b"),
        Attempt(9.0, 27, True, 0.95, "b"),
    ]
    stats = stats_of(attempts)
    assert (stats.games, stats.solves) == (5, 4)
    assert stats.best_time == 8.0 and stats.best_moves == 18
    assert stats.best_tps == pytest.approx(3.0) and stats.best_efficiency == 1.0
    assert stats.averages[5] == pytest.approx((9 + 10 + 12) / 3)
    assert stats.session_mean == pytest.approx((8 + 12 + 9) / 3)
    doc = stats.to_json()
    assert set(doc) == {"games", "solves", "best", "ao5", "ao12", "ao50", "ao100",
                        "session_mean", "session"}
    assert doc["ao12"] is None and doc["best"]["moves"] == 18
    assert doc["session"] == {"games": 3, "solves": 3, "mean": round((8 + 12 + 9) / 3, 3)}
    assert session_words(stats) == ("latest session with random boards (one run of the game): "
                                    "3 games, 3 solved, mean 0:09.7")
    assert session_words(stats_of([Attempt(5.0, 30, False)])).endswith("1 game, none solved")
    assert session_words(stats_of([])) == ""


def test_size_stats_keep_kinds_apart_and_count_races() -> None:
    random = stats_of([Attempt(10.0, 40, True)])
    custom = stats_of([Attempt(0.5, 4, True), Attempt(0.6, 4, True)])
    size = SizeStats("4x4", ((GameKind.RANDOM, random), (GameKind.CUSTOM, custom)), 3, 2)
    assert (size.games, size.solves) == (3, 3) and size.of(GameKind.DAILY) is None
    doc = size.to_json()
    assert doc["races"] == {"run": 3, "won": 2}
    assert doc["kinds"]["random"]["best"]["time"] == 10.0  # never the custom board's 0.5
    assert races_words(size) == "ghost races won 2 of 3"
    assert kind_line(GameKind.CUSTOM, custom) == ("custom boards: 2 games, 2 solved, best "
                                                  "0:00.5, fewest moves 4")


def test_empty_stats() -> None:
    doc = stats_of([]).to_json()
    assert doc["games"] == 0 and doc["best"]["time"] is None and doc["ao5"] is None


def test_a_dnf_average_reads_dnf_in_json_as_on_the_screen() -> None:
    attempts = [Attempt(None, 5, False, None, "a")] * 3 + [Attempt(10.0, 20, True, 1.0, "a")] * 2
    stats = stats_of(attempts)
    assert format_seconds(stats.averages[5]) == "DNF"
    assert stats.to_json()["ao5"] == "DNF" and stats.to_json()["ao12"] is None
