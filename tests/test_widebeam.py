"""The 5x5 beam search: its lines against exhaustive search, its cap, its views and cancel."""

from __future__ import annotations

import random
import time

import numpy as np
import pytest
from helpers import BALL_DEPTH

from game.core.board import Board
from game.core.generate import random_board
from game.solver import SolveCancelled
from game.solver.big.anytime import widen
from game.solver.big.widebeam import WideBeam

pytestmark = pytest.mark.usefixtures("private_cache")


def _run(beam: WideBeam) -> WideBeam:
    while not beam.done:
        beam.advance()
    return beam


def _flag() -> np.ndarray:
    return np.zeros(1, dtype=np.int64)


def test_the_root_is_ranked_by_the_heuristic(small_heur) -> None:
    rng = random.Random(1)
    for _ in range(20):
        board = random_board(5, 5, rng)
        assert WideBeam(board, small_heur, _flag(), 8, 300).h0 == small_heur(board)


def test_beam_lines_are_never_shorter_than_the_exact_distance(small_heur, ball) -> None:
    rng = random.Random(2)
    sample = rng.sample(sorted(t for t, d in ball.items() if d >= BALL_DEPTH - 2), 40)
    for tiles in sample:
        board, distance = Board(5, 5, tiles), ball[tiles]
        for transpose in (False, True):
            beam = _run(WideBeam(board, small_heur, _flag(), 64, 300, transpose))
            assert beam.line is not None
            assert board.apply_all(beam.line).is_solved()
            assert len(beam.line) >= distance


def test_the_cap_admits_only_shorter_lines(small_heur, ball) -> None:
    rng = random.Random(3)
    sample = rng.sample(sorted(t for t, d in ball.items() if d == BALL_DEPTH), 25)
    for tiles in sample:
        board = Board(5, 5, tiles)
        # no line shorter than the exact distance exists: a capped beam runs dry
        dry = _run(WideBeam(board, small_heur, _flag(), 256, BALL_DEPTH))
        assert dry.line is None
        # one move more is allowed: a wide beam near the goal finds an optimal line
        beam = _run(WideBeam(board, small_heur, _flag(), 256, BALL_DEPTH + 1))
        assert beam.line is not None and len(beam.line) == BALL_DEPTH
        assert board.apply_all(beam.line).is_solved()


def test_a_beam_solves_far_boards_even_on_weak_tables(small_heur) -> None:
    rng = random.Random(4)
    for _ in range(5):
        board = random_board(5, 5, rng)
        beam = _run(WideBeam(board, small_heur, _flag(), 256, 400))
        assert beam.line is not None and board.apply_all(beam.line).is_solved()
        assert len(beam.line) < 400


def test_the_goal_needs_no_moves(small_heur) -> None:
    beam = WideBeam(Board.goal(5, 5), small_heur, _flag(), 8, 10)
    assert beam.done and beam.line == ""


def test_a_set_cancel_flag_stops_the_beam(small_heur) -> None:
    flag = _flag()
    beam = WideBeam(random_board(5, 5, random.Random(5)), small_heur, flag, 1024, 400)
    beam.advance(1000)
    flag[0] = 1
    with pytest.raises(SolveCancelled):
        beam.advance()


def test_widen_only_ever_shortens_and_reports_each_line(small_heur) -> None:
    board = random_board(5, 5, random.Random(6))
    first = _run(WideBeam(board, small_heur, _flag(), 32, 600)).line
    assert first is not None
    heard: list[str] = []
    best = widen(board, small_heur, first, time.monotonic() + 0.5, _flag(), heard.append)
    assert board.apply_all(best).is_solved()
    assert len(best) <= len(first)
    assert [len(line) for line in heard] == sorted({len(line) for line in heard}, reverse=True)
    assert all(len(line) < len(first) and board.apply_all(line).is_solved() for line in heard)
    if heard:
        assert best == heard[-1]
