"""Random boards: solvable, never solved, reproducible, uniform; scrambles and game IDs."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from helpers import bfs_distances

from game.core.board import BoardError
from game.core.generate import new_game_id, parse_game_id, random_board, scramble


def chi_square_exceeds(observed: Counter, expected: float, cells: int, z: float = 4.0) -> bool:
    """Whether the chi-square statistic is beyond the z-sigma upper tail.

    Uses the Wilson-Hilferty normal approximation for the chi-square distribution.
    """
    stat = sum((observed.get(k, 0) - expected) ** 2 / expected for k in range(cells))
    dof = cells - 1
    cube = (stat / dof) ** (1 / 3)
    zscore = (cube - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))
    return zscore > z


def test_random_boards_are_solvable_and_unsolved() -> None:
    rng = random.Random(1)
    for width in range(2, 11):
        for height in range(2, 11):
            board = random_board(width, height, rng)
            assert board.is_solvable() and not board.is_solved()
            assert (board.width, board.height) == (width, height)


def test_seed_reproduces_board() -> None:
    first = random_board(4, 4, random.Random(123456))
    assert random_board(4, 4, random.Random(123456)) == first
    assert random_board(4, 4, random.Random(123457)) != first


def test_uniform_over_every_2x3_state() -> None:
    states = [s for s in bfs_distances(2, 3) if s != (1, 2, 3, 4, 5, 0)]
    index = {s: i for i, s in enumerate(states)}
    rng = random.Random(2024)
    per_state = 40
    counts = Counter(index[random_board(2, 3, rng).tiles] for _ in range(per_state * len(states)))
    assert len(counts) == len(states)  # every solvable non-goal state appears
    assert not chi_square_exceeds(counts, per_state, len(states))


def test_uniform_over_3x3_cells() -> None:
    """Tile-in-cell frequencies over 3x3 (9 x 9 classes) match the uniform expectation."""
    rng = random.Random(99)
    samples = 36_000
    counts: Counter = Counter()
    for _ in range(samples):
        board = random_board(3, 3, rng)
        for cell, tile in enumerate(board.tiles):
            counts[cell * 9 + tile] += 1
    # Each cell holds each of the 9 values with probability 1/9 for uniform solvable boards.
    assert not chi_square_exceeds(counts, samples / 9, 81)
    # And the whole-state histogram is flat: no state appears far more than chance allows.
    states = Counter(random_board(3, 3, rng).tiles for _ in range(20_000))
    assert max(states.values()) <= 4


def test_scramble_puts_most_tiles_out_of_place() -> None:
    rng = random.Random(5)
    for width, height in [(2, 2), (3, 3), (4, 4), (10, 10), (2, 5)]:
        for _ in range(20):
            board = scramble(width, height, rng)
            assert board.is_solvable()
            assert board.misplaced() >= math.ceil(0.8 * (width * height - 1))


def test_game_ids() -> None:
    gid = parse_game_id("4x4-123456")
    assert (gid.width, gid.height, gid.seed) == (4, 4, 123456)
    assert str(gid) == "4x4-123456"
    assert gid.board() == random_board(4, 4, random.Random(123456))
    text = parse_game_id("1 2 3/4 5 6/7 0 8")
    assert str(text) == "1 2 3/4 5 6/7 0 8" and text.board().blank == 7
    fresh = new_game_id(3, 5, random.Random(1))
    assert parse_game_id(str(fresh)).board() == fresh.board()
    for bad in ["12x4-7", "4x4-", "nonsense"]:
        with pytest.raises(BoardError):
            parse_game_id(bad)
