"""The hint rules in game.core.knowledge: which of two hints wins (``merge``) and what a line
says about the next board (``follow``), plus the values they work on."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.board import Board, inverse, inverse_moves
from game.core.coach import CoachPacket, CoachState, Hint, WorkerStatus
from game.core.knowledge import follow, merge

SCRAMBLE = "DDRRUL"
BOARD = Board.goal(3, 3).apply_all(SCRAMBLE)
LINE = inverse_moves(SCRAMBLE)
"""A solution of BOARD (the scramble undone); taken as optimal in these tests."""
D = len(LINE)


def hint(distance: int = D, moves: str = LINE[0], *, optimal: bool = True,
         complete: bool = False, path: str = LINE, latency: float = 0.0) -> Hint:
    return Hint(BOARD, distance, frozenset(moves), optimal, complete, path, latency)


PROVEN = hint(complete=True)
PARTIAL = hint()
BEST = hint(D + 2, "U", optimal=False, path="")


# --- merge ----------------------------------------------------------------------------------
def test_none_loses() -> None:
    assert merge(None, PARTIAL) == PARTIAL
    assert merge(PARTIAL, None) == PARTIAL
    assert merge(None, None) is None


@pytest.mark.parametrize("weaker", [PARTIAL, BEST, hint(D - 2, optimal=False, path="")])
def test_a_proven_hint_is_never_weakened(weaker: Hint) -> None:
    assert merge(PROVEN, weaker) == PROVEN


@pytest.mark.parametrize("old", [PARTIAL, BEST, PROVEN])
def test_a_new_proven_hint_replaces_anything(old: Hint) -> None:
    other_path = replace(PROVEN, moves=frozenset("LU"), path="", latency=0.3)
    assert merge(old, other_path) == other_path


def test_a_proven_distance_beats_a_best_found_one_either_way() -> None:
    shorter_guess = hint(D - 1, "U", optimal=False, path="")  # a best-found line is no proof
    assert merge(PARTIAL, shorter_guess) == PARTIAL
    assert merge(shorter_guess, PARTIAL) == PARTIAL


@pytest.mark.parametrize("optimal", [False, True])
def test_between_two_of_a_kind_the_shorter_distance_wins(optimal: bool) -> None:
    short = hint(D, optimal=optimal)
    long = hint(D + 2, "U", optimal=optimal, path="")
    assert merge(short, long) == short
    assert merge(long, short) == short


@pytest.mark.parametrize("optimal", [False, True])
def test_a_tie_joins_the_moves_and_takes_the_new_path_and_latency(optimal: bool) -> None:
    old = hint(moves="R", optimal=optimal, path="R" * D, latency=0.5)
    new = hint(moves="U", optimal=optimal, path=LINE, latency=0.2)
    merged = merge(old, new)
    assert merged == replace(new, moves=frozenset("RU"))
    assert (merged.path, merged.latency, merged.complete) == (LINE, 0.2, False)


def test_a_tie_keeps_the_old_path_when_the_new_has_none() -> None:
    old = hint(moves="R", optimal=False, path=LINE)
    new = hint(moves="U", optimal=False, path="")
    assert merge(old, new).path == LINE
    assert merge(new, old).path == LINE


def test_a_tie_is_complete_if_either_is() -> None:
    complete = hint(optimal=False, complete=True)
    partial = hint(moves="U", optimal=False, path="")
    assert merge(complete, partial).complete and merge(partial, complete).complete
    assert merge(complete, partial).moves == {LINE[0], "U"}


# --- follow ---------------------------------------------------------------------------------
@pytest.mark.parametrize("optimal", [False, True])
def test_following_the_line_leaves_the_rest_of_it(optimal: bool) -> None:
    after = BOARD.apply(LINE[0])
    followed = follow(hint(optimal=optimal, complete=optimal), LINE[0], after)
    assert followed == Hint(after, D - 1, frozenset(LINE[1]), optimal, False, LINE[1:])
    assert after.apply_all(followed.path).is_solved()


def test_the_line_says_nothing_once_it_is_used_up() -> None:
    last = Board.goal(3, 3).apply("D")
    assert follow(Hint(last, 1, frozenset("U"), True, True, "U"), "U", Board.goal(3, 3)) is None


def test_a_move_off_the_line_is_followed_only_with_back() -> None:
    off = next(m for m in BOARD.legal_moves() if m != LINE[0])
    after = BOARD.apply(off)
    assert follow(PROVEN, off, after) is None
    back = follow(PROVEN, off, after, back=True)
    assert back == Hint(after, D + 1, frozenset(inverse(off)), False, False, inverse(off) + LINE)
    assert after.apply_all(back.path).is_solved()


def test_no_line_no_follow() -> None:
    after = BOARD.apply(LINE[0])
    assert follow(None, LINE[0], after, back=True) is None
    assert follow(BEST, LINE[0], after, back=True) is None  # a distance without a path


# --- the values -----------------------------------------------------------------------------
def test_proven_means_optimal_and_complete() -> None:
    assert PROVEN.proven
    assert not PARTIAL.proven
    assert not hint(optimal=False, complete=True).proven


def test_an_empty_packet_says_warming_up() -> None:
    packet = CoachPacket()
    assert packet.empty and packet.status == WorkerStatus(CoachState.WARMING_UP)
    assert not CoachPacket(hints=(PARTIAL,)).empty
