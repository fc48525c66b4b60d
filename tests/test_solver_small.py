"""Solver on boards with full distance tables: exact lengths, all optimal moves, difficulty."""

from __future__ import annotations

import random

import pytest
from helpers import bfs_distances, neighbours
from known_boards import read_boards

from game.core.board import Board
from game.core.generate import random_board
from game.core.notation import parse_board
from game.solver import (
    OptimalMoves,
    Unsolvable,
    exact_distance,
    optimal_moves,
    random_board_with_length,
    solve,
)
from game.solver.encoding import (
    rank_perm_nb,
    rank_permutation,
    unrank_perm_nb,
    unrank_permutation,
)

SMALL_SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]


pytestmark = pytest.mark.usefixtures("private_cache")




def test_permutation_rank_round_trip_python_and_compiled() -> None:
    import numpy as np

    rng = random.Random(5)
    out = np.empty(9, dtype=np.int8)
    for _ in range(200):
        cells = list(range(9))
        rng.shuffle(cells)
        rank = rank_permutation(cells)
        assert rank == rank_perm_nb(np.array(cells, dtype=np.int8))
        assert unrank_permutation(rank, 9) == tuple(cells)
        unrank_perm_nb(rank, 9, out)
        assert tuple(int(c) for c in out) == tuple(cells)


@pytest.mark.parametrize("shape", SMALL_SHAPES)
def test_table_distances_equal_exhaustive_search(shape: tuple[int, int]) -> None:
    width, height = shape
    truth = bfs_distances(width, height)
    rng = random.Random(width * 10 + height)
    states = list(truth)
    for tiles in rng.sample(states, min(300, len(states))):
        board = Board(width, height, tiles)
        assert exact_distance(board) == truth[tiles]
        solution = solve(board)
        assert solution.length == truth[tiles] and solution.optimal
        assert board.apply_all(solution.moves).is_solved()


def test_whole_3x3_table_matches_bfs(bfs33: dict[tuple[int, ...], int]) -> None:
    from game.solver.exact.tables import distance_table

    table = distance_table(3, 3)
    assert int((table >= 0).sum()) == len(bfs33) == 181_440
    assert int(table.max()) == 31 and int((table == 31).sum()) == 2
    for tiles, d in list(bfs33.items())[::97]:
        assert int(table[rank_permutation(tiles)]) == d


def test_optimal_moves_equal_exhaustive_children_on_3x3(
    bfs33: dict[tuple[int, ...], int],
) -> None:
    rng = random.Random(33)
    for tiles in rng.sample(list(bfs33), 400):
        board = Board(3, 3, tiles)
        d = bfs33[tiles]
        expected = {
            m for m in board.legal_moves() if bfs33[board.apply(m).tiles] == d - 1
        }
        result = optimal_moves(board)
        assert isinstance(result, OptimalMoves)
        assert result.optimal and result.distance == d
        assert result.moves == frozenset(expected)
        assert len(result.path) == d and result.path[:1] in (expected or {""})
        assert board.apply_all(result.path).is_solved()


def test_every_move_changes_distance_by_one(bfs33: dict[tuple[int, ...], int]) -> None:
    for tiles, d in list(bfs33.items())[::211]:
        assert {abs(bfs33[n] - d) for n in neighbours(tiles, 3, 3)} == {1}


def test_known_3x3_boards_at_listed_lengths() -> None:
    for board, length, moves in read_boards("optimal_3x3.tsv"):
        assert board.apply_all(moves).is_solved()
        solution = solve(board)
        assert solution.length == length, board
        assert exact_distance(board) == length


def test_solved_and_unsolvable_boards() -> None:
    goal = Board.goal(3, 3)
    assert solve(goal).moves == "" and solve(goal).length == 0
    assert optimal_moves(goal).moves == frozenset() and optimal_moves(goal).distance == 0
    bad = Board(3, 3, (2, 1, 3, 4, 5, 6, 7, 8, 0))
    with pytest.raises(Unsolvable):
        solve(bad)
    with pytest.raises(Unsolvable):
        optimal_moves(bad)
    assert exact_distance(bad) is None
    assert exact_distance(Board.goal(4, 4)) is None


@pytest.mark.parametrize("length", [0, 1, 2, 15, 30, 31])
def test_random_board_with_length_3x3(length: int) -> None:
    rng = random.Random(length)
    seen = set()
    for _ in range(3):
        board = random_board_with_length(3, 3, length, rng)
        assert exact_distance(board) == length
        seen.add(board)
    if 2 < length < 31:
        assert len(seen) > 1  # drawn at random, not one fixed board


def test_random_board_with_length_is_seeded_and_rejects_impossible() -> None:
    a = random_board_with_length(3, 3, 20, random.Random(1))
    b = random_board_with_length(3, 3, 20, random.Random(1))
    assert a == b
    with pytest.raises(ValueError, match="32"):
        random_board_with_length(3, 3, 32, random.Random(1))
    with pytest.raises(ValueError):
        random_board_with_length(3, 3, -1, random.Random(1))
    with pytest.raises(ValueError):
        random_board_with_length(2, 2, 7, random.Random(1))


def test_a_cancelled_token_stops_even_instant_queries() -> None:
    from game.solver import CancelToken, SolveCancelled

    token = CancelToken()
    assert not token.cancelled
    token.cancel()
    board = parse_board("2 4 6/0 7 1/8 5 3")
    with pytest.raises(SolveCancelled):
        solve(board, cancel=token)
    with pytest.raises(SolveCancelled):
        optimal_moves(board, cancel=token)


def test_random_boards_match_solutions() -> None:
    rng = random.Random(8)
    for _ in range(50):
        board = random_board(3, 3, rng)
        solution = solve(board)
        assert board.apply_all(solution.moves).is_solved()
        assert solution.length == exact_distance(board)


def test_the_3x3_table_comes_back_from_the_disk_cache_unchanged(
        tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    from game.solver import cache
    from game.solver.exact import tables

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    built = tables._cached_or_built(3, 3)  # searched, then saved
    assert cache.cache_path("table-3x3").exists()
    loaded = tables._cached_or_built(3, 3)
    assert loaded.dtype == built.dtype and (loaded == built).all()
    assert int(loaded.max()) == 31 and int((loaded == tables.UNSEEN).sum()) == 181_440
    cache.cache_path("table-3x3").write_bytes(b"garbage")  # corrupt: searched again
    assert (tables._cached_or_built(3, 3) == built).all()
