"""Manhattan-tight proofs for big boards, checked against exhaustive search on small ones."""

from __future__ import annotations

import random

import pytest

from game.core.board import Board
from game.core.generate import random_board
from game.solver import optimal_moves, solve
from game.solver.big.grid import manhattan
from game.solver.big.tight import Undecided, tight_optimal_moves, tight_path


def test_tight_proofs_match_exhaustive_search_on_3x3(bfs33: dict) -> None:
    rng = random.Random(12)
    states = rng.sample(sorted(bfs33), 3000)
    tight_seen = 0
    for tiles in states:
        board = Board(3, 3, tiles)
        d = bfs33[tiles]
        path = tight_path(board)
        assert (path is not None) == (d == manhattan(board)), board
        if path is None:
            continue
        tight_seen += 1
        assert len(path) == d and board.apply_all(path).is_solved()
        proven = tight_optimal_moves(board)
        assert proven is not None
        exact = {m for m in board.legal_moves() if bfs33[board.apply(m).tiles] == d - 1}
        assert proven[1] == exact, board
    assert tight_seen >= 20  # the sample really exercised the proofs


def test_big_boards_near_the_goal_are_proven_optimal() -> None:
    rng = random.Random(3)
    proven = 0
    for width, height in [(5, 5), (6, 7), (10, 10)]:
        for _ in range(10):
            board = Board.goal(width, height)
            for _ in range(8):
                board = board.apply(rng.choice(board.legal_moves()))
            solution = solve(board)
            assert board.apply_all(solution.moves).is_solved()
            if solution.optimal:
                proven += 1
                assert solution.length == manhattan(board)
                known = optimal_moves(board)
                assert known.optimal and known.distance == solution.length
                assert all(manhattan(board.apply(m)) == known.distance - 1 for m in known.moves)
    assert proven >= 10


def test_far_boards_stay_undecided_and_fall_back_to_best_found() -> None:
    board = random_board(10, 10, random.Random(8))
    with pytest.raises(Undecided):
        tight_path(board)
    assert tight_optimal_moves(board) is None
    known = optimal_moves(board)
    assert not known.optimal and board.apply_all(known.path).is_solved()
