"""The large-board solver: every answer replayed on the Board model, cancellation, bounds."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.board import Board
from game.core.generate import random_board
from game.solver import SolveCancelled, SolverError, Unsolvable
from game.solver.big.beam import beam_search
from game.solver.big.grid import manhattan
from game.solver.big.large import (
    _corner,
    _peel,
    _Reducer,
    _without_loops,
    solve_large,
)

SIDES = range(2, 11)
SHORT = 0.15
"""Seconds of improvement for the tests that exercise the anytime loop."""


def past_deadline() -> float:
    """A deadline long gone: only the first (reduction) answer is produced."""
    return time.monotonic() - 1.0


def assert_solves(board: Board, moves: str) -> None:
    assert set(moves) <= set("UDLR")
    assert board.apply_all(moves).is_solved()
    assert len(moves) >= manhattan(board)


@pytest.mark.parametrize("width", SIDES)
@pytest.mark.parametrize("height", SIDES)
def test_every_shape_is_solved_even_with_no_time(width: int, height: int) -> None:
    rng = random.Random(width * 100 + height)
    for _ in range(2):
        board = random_board(width, height, rng)
        assert_solves(board, solve_large(board, deadline=past_deadline()))


@pytest.mark.parametrize(
    "shape", [(2, 2), (3, 3), (2, 10), (10, 2), (3, 7), (5, 5), (7, 4), (6, 6), (10, 10)]
)
def test_time_to_improve_gives_valid_and_no_longer_answers(shape: tuple[int, int]) -> None:
    width, height = shape
    for seed in range(2):
        board = random_board(width, height, random.Random(seed))
        first = solve_large(board, deadline=past_deadline())
        better = solve_large(board, deadline=time.monotonic() + SHORT)
        assert_solves(board, better)
        assert len(better) <= len(first)


def test_improvement_beats_the_reduction_on_5x5() -> None:
    total_first = total_better = 0
    for seed in range(3):
        board = random_board(5, 5, random.Random(seed))
        total_first += len(solve_large(board, deadline=past_deadline()))
        better = solve_large(board, deadline=time.monotonic() + 0.5)
        assert_solves(board, better)
        total_better += len(better)
    assert total_better < total_first


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 10), st.integers(2, 10), st.integers(0, 10**9))
def test_random_boards_of_random_shapes(width: int, height: int, seed: int) -> None:
    board = random_board(width, height, random.Random(seed))
    assert_solves(board, solve_large(board, deadline=past_deadline()))


@pytest.mark.parametrize("shape", [(2, 2), (4, 4), (5, 5), (2, 9), (10, 10)])
def test_solved_board_needs_no_moves(shape: tuple[int, int]) -> None:
    board = Board.goal(*shape)
    assert solve_large(board, deadline=time.monotonic() + 1.0) == ""
    assert manhattan(board) == 0


def test_cancelled_from_the_start_raises() -> None:
    board = random_board(10, 10, random.Random(1))
    with pytest.raises(SolveCancelled):
        solve_large(board, deadline=time.monotonic() + 60.0, cancelled=lambda: True)


@pytest.mark.parametrize("shape", [(5, 5), (10, 10)])
@pytest.mark.parametrize("after", [1, 3, 50])
def test_cancel_during_the_search_raises(shape: tuple[int, int], after: int) -> None:
    """The flag is looked at during reduction and beam search; a far deadline never ends it."""
    board = random_board(*shape, random.Random(after))
    calls = [0]

    def cancelled() -> bool:
        calls[0] += 1
        return calls[0] > after

    with pytest.raises(SolveCancelled):
        solve_large(board, deadline=time.monotonic() + 600.0, cancelled=cancelled)


def test_unsolvable_board_is_refused() -> None:
    board = Board(3, 3, (2, 1, 3, 4, 5, 6, 7, 8, 0))
    with pytest.raises(Unsolvable, match="cannot reach the goal"):
        solve_large(board, deadline=past_deadline())
    assert issubclass(Unsolvable, ValueError) and issubclass(Unsolvable, SolverError)


def test_manhattan_counts_row_and_column_steps() -> None:
    assert manhattan(Board(3, 3, (1, 2, 3, 4, 5, 6, 7, 0, 8))) == 1
    assert manhattan(Board(3, 3, (8, 2, 3, 4, 5, 6, 7, 1, 0))) == 3 + 3
    assert manhattan(Board(2, 3, (0, 1, 2, 3, 4, 5))) == 1 + 2 + 1 + 2 + 1


def test_loops_are_cut() -> None:
    board = random_board(4, 4, random.Random(5))
    moves = solve_large(board, deadline=past_deadline())
    first = board.legal_moves()[0]
    back = {"U": "D", "D": "U", "L": "R", "R": "L"}[first]
    padded = first + back + moves
    cut = _without_loops(list(board.tiles), board.width, padded)
    assert cut == _without_loops(list(board.tiles), board.width, moves)
    assert board.apply_all(cut).is_solved()
    square = Board.goal(3, 3)
    assert _without_loops(list(square.tiles), 3, "DRUL" * 3) == ""


def test_peeled_corner_is_a_board_of_its_own() -> None:
    board = random_board(8, 7, random.Random(3))
    red, r0, c0 = _peel(list(board.tiles), 8, 7, lambda: False, None, 2, 20)
    assert (7 - r0) * (8 - c0) <= 20
    after = board.apply_all("".join(red.moves))
    for r in range(7):
        for c in range(8):
            if r < r0 or c < c0:
                assert after.tiles[r * 8 + c] == r * 8 + c + 1
    corner = Board(8 - c0, 7 - r0, tuple(_corner(list(after.tiles), 8, 7, r0, c0)))
    rest = solve_large(corner, deadline=past_deadline())
    assert after.apply_all(rest).is_solved()


def test_beam_answers_solve_and_respect_the_limit() -> None:
    board = random_board(4, 4, random.Random(9))
    moves = beam_search(list(board.tiles), 4, 4, 256, 10**6, time.monotonic() + 60.0, lambda: False)
    assert moves is not None
    assert_solves(board, moves)
    assert beam_search(list(board.tiles), 4, 4, 256, manhattan(board), time.monotonic() + 60.0,
                 lambda: False) is None


def test_exact_search_moves_tiles_around_locked_cells() -> None:
    """The breadth-first fallback of tile routing, exercised directly."""
    board = random_board(4, 4, random.Random(11))
    red = _Reducer(list(board.tiles), 4, 4, lambda: False)
    red.locked[5] = 1
    keep = red.cells[5]
    red.search([1, 2], [0, 1])
    assert red.cells[0] == 1 and red.cells[1] == 2 and red.cells[5] == keep
    after = board.apply_all("".join(red.moves))
    assert list(after.tiles) == red.cells
