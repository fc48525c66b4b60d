"""Solvability by parity, checked against exhaustive search, with reasons and repairs."""

from __future__ import annotations

import itertools
import random

import pytest
from helpers import bfs_distances
from hypothesis import given
from hypothesis import strategies as st

from game.core.board import Board
from game.core.notation import parse_board
from game.core.parity import inversions, repairing_swap, solvability


@pytest.mark.parametrize(("width", "height"), [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2)])
def test_parity_matches_exhaustive_search_on_every_board(width: int, height: int) -> None:
    reachable = bfs_distances(width, height)
    n = width * height
    count = 0
    for cells in itertools.permutations(range(n)):
        board = Board(width, height, cells)
        assert board.is_solvable() == (cells in reachable), board
        count += 1
    assert len(reachable) * 2 == count  # exactly half of all arrangements


def test_parity_matches_exhaustive_search_on_3x3() -> None:
    reachable = bfs_distances(3, 3)
    assert len(reachable) == 181_440
    assert max(reachable.values()) == 31
    rng = random.Random(3)
    cells = list(range(9))
    for _ in range(20_000):
        rng.shuffle(cells)
        board = Board(3, 3, tuple(cells))
        assert board.is_solvable() == (board.tiles in reachable)


@given(st.integers(2, 10), st.integers(2, 10), st.integers(0, 2**32))
def test_any_swap_of_two_tiles_flips_solvability(width: int, height: int, seed: int) -> None:
    cells = list(range(width * height))
    random.Random(seed).shuffle(cells)
    board = Board(width, height, tuple(cells))
    a, b = repairing_swap(board)
    i, j = cells.index(a), cells.index(b)
    cells[i], cells[j] = cells[j], cells[i]
    assert Board(width, height, tuple(cells)).is_solvable() != board.is_solvable()


def test_unsolvable_report_names_parity_and_swap() -> None:
    verdict = solvability(parse_board("1 2 3/4 5 6/8 7 0"))
    assert not verdict.solvable
    assert verdict.swap == (7, 8)
    assert "inversion count 1 is odd" in verdict.reason
    assert verdict.message().endswith("swap tiles 7 and 8 to make it solvable")


def test_even_width_report_counts_the_blank_row() -> None:
    board = parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0")
    verdict = solvability(board)
    assert not verdict.solvable
    assert verdict.swap == (14, 15)
    assert "inversion count 1 plus blank row 1 from the bottom is 2" in verdict.reason
    solvable = solvability(Board.goal(4, 4))
    assert solvable.solvable and solvable.swap is None


def test_inversions() -> None:
    assert inversions(Board.goal(4, 4)) == 0
    assert inversions(parse_board("8 7 6/5 4 3/2 1 0")) == 28
