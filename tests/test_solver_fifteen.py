"""IDA* with pattern databases on 4x4 and 4x3: known-optimal boards, all optimal moves,
cancellation, progress, deadlines and boards of a chosen length."""

from __future__ import annotations

import random
import threading
import time

import numpy as np
import pytest
from helpers import per_child_passes
from known_boards import read_boards

from game.core.board import Board
from game.core.notation import parse_board
from game.solver import (
    CancelToken,
    SolveCancelled,
    SolveTimeout,
    optimal_moves,
    random_board_with_length,
    solve,
)
from game.solver.exact.heuristic import get_heuristic
from game.solver.exact.ida import IdaSearch

HARD_4X4 = "0 14 15 2/10 3 1 5/12 7 13 11/4 8 6 9"  # 64 moves, millions of nodes


@pytest.fixture(scope="module", autouse=True)
def fifteen_tables(tmp_path_factory: pytest.TempPathFactory):
    """Build (or load) the 4x4 tables once, in a private cache folder."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        yield get_heuristic(4, 4)




def test_all_4x3_boards_at_listed_lengths() -> None:
    for board, length, _ in read_boards("optimal_4x3.tsv"):
        solution = solve(board)
        assert solution.optimal and solution.length == length, board
        assert board.apply_all(solution.moves).is_solved()


def test_every_known_4x4_board_at_its_listed_length() -> None:
    """All 50 boards (about 2 s in all once the tables exist, the longest 64 moves)."""
    boards = read_boards("optimal_4x4.tsv")
    assert len(boards) == 50
    for board, length, _ in boards:
        solution = solve(board)
        assert solution.optimal and solution.length == length, board
        assert solution.nodes > 0


@pytest.mark.parametrize("name", ["optimal_4x3.tsv", "optimal_4x4.tsv"])
def test_heuristic_admissible_along_known_optimal_paths(name: str) -> None:
    for board, length, moves in read_boards(name):
        heur = get_heuristic(board.width, board.height)
        for i in range(0, length + 1, 3):
            assert heur(board.apply_all(moves[:i])) <= length - i
        assert heur(board.apply_all(moves)) == 0


def _check_optimal_moves(board: Board) -> None:
    result = optimal_moves(board)
    d = result.distance
    assert result.optimal and len(result.path) == d
    assert board.apply_all(result.path).is_solved() and result.path[0] in result.moves
    for m in board.legal_moves():
        child = solve(board.apply(m)).length
        assert child in (d - 1, d + 1)
        assert (m in result.moves) == (child == d - 1), (board, m)


def test_optimal_moves_are_all_the_optimal_first_moves() -> None:
    rng = random.Random(3)
    boards = [row[0] for row in read_boards("optimal_4x3.tsv")[:4]]
    boards += [random_board_with_length(4, 4, 26, rng) for _ in range(2)]
    boards += [Board.goal(4, 4).apply_all("DDRRULDLUR")]
    for board in boards:
        _check_optimal_moves(board)
    goal_neighbour = Board.goal(4, 4).apply("D")
    assert optimal_moves(goal_neighbour).moves == frozenset("U")


def test_optimal_moves_on_4x4_equal_the_per_child_passes() -> None:
    heur = get_heuristic(4, 4)
    flag = np.zeros(1, dtype=np.int64)
    rng = random.Random(24)
    boards = [random_board_with_length(4, 4, length, rng) for length in (30, 34, 38, 42, 46)]
    boards += [row[0] for row in read_boards("optimal_4x4.tsv")[:10]]
    sizes = set()
    for board in boards:
        d, want, _ = per_child_passes(board, lambda b: IdaSearch(b, heur, flag, None, None))
        result = optimal_moves(board)
        assert result.distance == d and result.moves == want, board
        sizes.add(len(want))
    assert {1, 2} <= sizes


def test_progress_reports_growing_bounds_and_nodes() -> None:
    calls: list[tuple[int, int]] = []
    board = sorted(read_boards("optimal_4x4.tsv"), key=lambda row: row[1])[10][0]
    solution = solve(board, progress=lambda bound, nodes: calls.append((bound, nodes)))
    assert calls
    bounds = [b for b, _ in calls]
    nodes = [n for _, n in calls]
    assert bounds == sorted(bounds) and nodes == sorted(nodes)
    assert bounds[-1] == solution.length


def test_cancel_from_another_thread_stops_a_hard_search() -> None:
    token = CancelToken()
    started = threading.Event()
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(solve(parse_board(HARD_4X4), cancel=token,
                                 progress=lambda b, n: started.set()))
        except SolveCancelled as exc:
            outcome.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    assert started.wait(60)
    token.cancel()
    thread.join(30)
    assert not thread.is_alive()
    assert token.cancelled
    assert len(outcome) == 1 and isinstance(outcome[0], SolveCancelled)


def test_deadline_stops_a_hard_search() -> None:
    with pytest.raises(SolveTimeout):
        solve(parse_board(HARD_4X4), deadline=time.monotonic())
    cancelled = CancelToken()
    cancelled.cancel()
    with pytest.raises(SolveCancelled):
        optimal_moves(parse_board(HARD_4X4), cancel=cancelled)


@pytest.mark.parametrize("length", [1, 2, 21, 34, 50])
def test_random_4x4_board_with_length(length: int) -> None:
    board = random_board_with_length(4, 4, length, random.Random(length))
    assert solve(board).length == length


def test_random_board_with_length_rejects_impossible_lengths() -> None:
    with pytest.raises(ValueError):
        random_board_with_length(4, 4, 81, random.Random(1))
    with pytest.raises(ValueError):
        random_board_with_length(4, 4, -3, random.Random(1))
    with pytest.raises(ValueError):
        random_board_with_length(6, 6, 30, random.Random(1))


def test_boards_beyond_16_cells_get_checked_best_found_solutions() -> None:
    pytest.importorskip("game.solver.big.large")
    from game.core.generate import random_board

    board = random_board(5, 5, random.Random(5))
    solution = solve(board, deadline=time.monotonic() + 0.5)
    assert not solution.optimal and board.apply_all(solution.moves).is_solved()
    result = optimal_moves(board, deadline=time.monotonic() + 0.5)
    assert not result.optimal and result.moves == frozenset(result.path[:1])
    assert result.distance == len(result.path)


def test_optimal_moves_progress_counts_every_search() -> None:
    calls: list[tuple[int, int]] = []
    board = sorted(read_boards("optimal_4x4.tsv"), key=lambda row: row[1])[3][0]
    result = optimal_moves(board, progress=lambda bound, nodes: calls.append((bound, nodes)))
    nodes = [n for _, n in calls]
    assert nodes == sorted(nodes) and max(b for b, _ in calls) == result.distance
