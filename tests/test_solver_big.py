"""The 5x5 coach: exact endgames against exhaustive search, admissibility, lines, cancel."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator

import numpy as np
import pytest
from helpers import BALL_DEPTH

from game.core.board import Board
from game.core.generate import random_board
from game.solver import CancelToken, SolveCancelled, SolveTimeout, optimal_moves, solve
from game.solver.big import api as big
from game.solver.big.anytime import WEIGHT_SCALE, WeightedIda, improve
from game.solver.big.grid import manhattan
from game.solver.big.large import _peel
from game.solver.big.window import shorten
from game.solver.encoding import transposed
from game.solver.exact.heuristic import _heuristics

pytestmark = pytest.mark.usefixtures("private_cache")

@pytest.fixture
def tables(small_heur) -> Iterator[None]:
    """The coach sees the small heuristic as the loaded 5x5 tables for one test."""
    _heuristics[(5, 5, False)] = small_heur
    yield
    _heuristics.pop((5, 5, False), None)


def test_small_heuristic_is_admissible_on_the_ball(small_heur, ball) -> None:
    assert small_heur.use_mirror
    for tiles, d in ball.items():
        h = small_heur(Board(5, 5, tiles))
        assert h <= d
        assert (h == 0) == (d == 0)


def test_lower_bound_is_admissible_with_and_without_tables(tables, ball) -> None:
    sample = list(ball.items())[::5]
    for tiles, d in sample:
        assert big.lower_bound(Board(5, 5, tiles)) <= d
    _heuristics.pop((5, 5, False))
    for tiles, d in sample[:200]:
        assert big.lower_bound(Board(5, 5, tiles)) == manhattan(Board(5, 5, tiles)) <= d


def test_exact_endgame_matches_exhaustive_search(tables, ball) -> None:
    rng = random.Random(5)
    far = [t for t, d in ball.items() if d >= BALL_DEPTH - 3]
    for tiles in rng.sample(far, 40) + [Board.goal(5, 5).apply("D").tiles]:
        board = Board(5, 5, tiles)
        result = big.exact_endgame(board)
        assert result.optimal
        assert result.distance == ball[tiles]
        expected = {m for m in board.legal_moves()
                    if ball.get(board.apply(m).tiles, BALL_DEPTH + 1) == ball[tiles] - 1}
        assert result.moves == frozenset(expected)
        assert board.apply_all(result.path).is_solved()
        assert len(result.path) == result.distance


def test_exact_endgame_on_the_goal_and_errors(tables) -> None:
    assert big.exact_endgame(Board.goal(5, 5)).distance == 0
    with pytest.raises(ValueError, match="5x5"):
        big.exact_endgame(Board.goal(4, 4))
    token = CancelToken()
    token.cancel()
    with pytest.raises(SolveCancelled):
        big.exact_endgame(Board.goal(5, 5).apply("D"), cancel=token)


def test_exact_endgame_respects_its_deadline(tables) -> None:
    board = random_board(5, 5, random.Random(1))
    with pytest.raises(SolveTimeout):
        big.exact_endgame(board, deadline=time.monotonic() + 0.05)


def test_within_reach_needs_tables_and_a_small_bound(tables) -> None:
    near = Board.goal(5, 5).apply_all("DDRRUL")
    assert big.within_reach(near)
    assert not big.within_reach(random_board(5, 5, random.Random(3)))
    assert not big.within_reach(Board.goal(4, 4).apply("D"))
    _heuristics.pop((5, 5, False))
    assert not big.within_reach(near)


def test_optimal_moves_on_5x5_uses_the_exact_endgame(tables, ball) -> None:
    tiles = next(t for t, d in ball.items() if d == BALL_DEPTH)
    result = optimal_moves(Board(5, 5, tiles))
    assert result.optimal
    assert result.distance == BALL_DEPTH


def test_with_time_to_spare_a_proof_reaches_beyond_exact_reach(tables, small_heur, ball,
                                                               monkeypatch) -> None:
    """The coach's longer searches first try a proof (a newcomer's HUD said "best found" on
    a board `solve` proved 53 moves from the goal): with the stronger tables in memory, a
    share of the time proves the distance and every optimal move, or leaves a line."""
    monkeypatch.setattr(big, "ENDGAME_REACH", 0)  # nothing within exact reach
    far = [t for t, d in ball.items()
           if d == BALL_DEPTH and manhattan(Board(5, 5, t)) < d]  # not proven by its bound
    board = Board(5, 5, far[0])
    assert not big.within_reach(board) and not big.provable(board)  # no stronger tables
    plain = optimal_moves(board, deadline=time.monotonic() + 1, proof_share=0.5)
    assert not plain.optimal and board.apply_all(plain.path).is_solved()
    _heuristics[(5, 5, True)] = small_heur  # standing in for the 6-6-6-6 ones
    try:
        assert big.provable(board)
        assert not optimal_moves(board, deadline=time.monotonic() + 1).optimal  # no share
        proof = optimal_moves(board, deadline=time.monotonic() + 5, proof_share=0.5)
        assert proof.optimal and proof.distance == BALL_DEPTH == len(proof.path)
        expected = {m for m in board.legal_moves()
                    if ball.get(board.apply(m).tiles, BALL_DEPTH + 1) == BALL_DEPTH - 1}
        assert proof.moves == frozenset(expected)
        # a proof out of its share leaves the rest of the time to a line
        monkeypatch.setattr(big, "PROOF_REACH", 1000)
        hard = random_board(5, 5, random.Random(1))
        assert big.provable(hard)
        line = optimal_moves(hard, deadline=time.monotonic() + 1, proof_share=0.05)
        assert not line.optimal and hard.apply_all(line.path).is_solved()
        monkeypatch.setattr(big, "PROOF_REACH", big.lower_bound(hard) - 1)
        assert not big.provable(hard)
    finally:
        _heuristics.pop((5, 5, True), None)


def test_weighted_search_is_bounded_suboptimal_and_unweighted_optimal(tables, ball) -> None:
    from game.solver.exact.heuristic import loaded_heuristic

    heur = loaded_heuristic(5, 5)
    flag = np.zeros(1, dtype=np.int64)
    rng = random.Random(8)
    for tiles in rng.sample([t for t, d in ball.items() if d >= 6], 25):
        board = Board(5, 5, tiles)
        for weight, transpose in ((WEIGHT_SCALE, False), (WEIGHT_SCALE, True), (150, False)):
            search = WeightedIda(board, heur, flag, weight, 200, transpose)
            while not search.done:
                search.advance()
            assert search.line is not None
            assert board.apply_all(search.line).is_solved()
            assert len(search.line) <= ball[tiles] * weight / WEIGHT_SCALE + 2
            if weight == WEIGHT_SCALE:
                assert len(search.line) == ball[tiles]
        capped = WeightedIda(board, heur, flag, WEIGHT_SCALE, ball[tiles])
        while not capped.done:
            capped.advance()
        assert capped.line is None and capped.exhausted  # nothing shorter than the optimum


def test_transposed_board_keeps_its_distance(ball) -> None:
    for tiles, d in list(ball.items())[::97]:
        flipped = transposed(Board(5, 5, tiles))
        assert ball[flipped.tiles] == d
        assert transposed(flipped).tiles == tiles


def test_improve_proves_short_lines_optimal(tables, ball) -> None:
    from game.solver.exact.heuristic import loaded_heuristic

    tiles = next(t for t, d in ball.items() if d == BALL_DEPTH)
    board = Board(5, 5, tiles)
    slow = solve(board, deadline=time.monotonic() - 1).moves  # any valid line
    line, proven = improve(board, loaded_heuristic(5, 5), slow, time.monotonic() + 5,
                           np.zeros(1, dtype=np.int64))
    assert proven
    assert len(line) == BALL_DEPTH


def test_shorten_removes_detours_and_keeps_lines_valid(ball) -> None:
    rng = random.Random(6)
    flag = np.zeros(1, dtype=np.int64)
    for tiles in rng.sample([t for t, d in ball.items() if d == BALL_DEPTH], 5):
        board = Board(5, 5, tiles)
        line = big.best_line(board, deadline=time.monotonic() + 0.1).moves
        # walk a few random moves away and back by another route: a detour of the line
        cut = rng.randrange(len(line) + 1)
        middle = board.apply_all(line[:cut])
        away = ""
        for _ in range(6):
            move = rng.choice(middle.apply_all(away).legal_moves())
            away += move
        back = big.best_line(middle.apply_all(away), deadline=time.monotonic() + 0.1).moves
        rest = line[cut:]
        padded = line[:cut] + away + back
        padded += big.best_line(board.apply_all(padded), deadline=time.monotonic() + 0.1).moves
        short = shorten(board, padded, time.monotonic() + 5, flag)
        assert board.apply_all(short).is_solved()
        assert len(short) <= len(padded)
        assert len(short) < len(padded) or len(padded) == len(line)
        del rest


@pytest.mark.parametrize("shape", [(5, 5), (6, 6), (7, 5), (5, 9), (10, 10)])
def test_best_line_with_the_engine_is_valid(tables, shape) -> None:
    """(How well it keeps its deadline is a figure: `bench_big line` and `large`.)"""
    width, height = shape
    board = random_board(width, height, random.Random(width * height))
    seen: list[str] = []
    found = big.best_line(board, deadline=time.monotonic() + 0.3, on_better=seen.append)
    assert board.apply_all(found.moves).is_solved()
    assert found.length >= big.lower_bound(board)
    assert seen and all(board.apply_all(s).is_solved() for s in seen)
    assert found.length <= min(len(s) for s in seen)


def test_best_line_without_tables_still_answers() -> None:
    board = random_board(5, 5, random.Random(4))
    found = big.best_line(board, deadline=time.monotonic() + 0.1)
    assert board.apply_all(found.moves).is_solved()


@pytest.mark.parametrize("shape", [(7, 7), (10, 10), (6, 9), (9, 5)])
def test_peeling_to_a_square_corner(shape: tuple[int, int]) -> None:
    width, height = shape
    board = random_board(width, height, random.Random(2))
    for rng in (None, random.Random(1)):
        red, r0, c0 = _peel(list(board.tiles), width, height, lambda: False, rng, 2, 0, 5)
        assert (height - r0, width - c0) == (5, 5)
        assert board.apply_all("".join(red.moves)).tiles == tuple(red.cells)


HANG_BOUND = 60.0
"""Seconds after which a search that should have stopped is called hung (it takes
milliseconds: `python -m game.cli.bench_big cancel` prints the latency)."""


def assert_cancel_stops_it(board: Board) -> None:
    """A running best_line search, with a deadline far away, stops by SolveCancelled once its
    token is cancelled."""
    token = CancelToken()
    stopped: list[BaseException] = []

    def run() -> None:
        try:
            big.best_line(board, cancel=token, deadline=time.monotonic() + 10 * HANG_BOUND)
        except SolveCancelled as exc:
            stopped.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    time.sleep(0.3)  # let it get going (were it slower to start, cancel still stops it)
    token.cancel()
    thread.join(HANG_BOUND)
    assert not thread.is_alive(), "the search did not stop"
    assert stopped, "the search ended without being cancelled"


def test_cancel_stops_a_running_5x5_search(tables) -> None:
    assert_cancel_stops_it(random_board(5, 5, random.Random(9)))


def test_unsolvable_boards_are_refused(tables) -> None:
    from game.solver import Unsolvable

    goal = list(Board.goal(5, 5).tiles)
    goal[0], goal[1] = goal[1], goal[0]
    with pytest.raises(Unsolvable):
        big.best_line(Board(5, 5, tuple(goal)))
    with pytest.raises(Unsolvable):
        big.exact_endgame(Board(5, 5, tuple(goal)))


@pytest.mark.slow
def test_real_5x5_tables_are_admissible_on_known_optima(ball) -> None:
    from game.cli.korf import korf24

    assert big.prepare(None)
    for tiles, d in list(ball.items())[::3]:
        assert big.lower_bound(Board(5, 5, tiles)) <= d
    for board, optimum in korf24():
        assert big.lower_bound(board) <= optimum


def test_known_optimum_boards_turn_round_to_our_goal() -> None:
    from game.cli.korf import from_korf, korf24

    assert from_korf(list(range(25)), side=5).is_solved()
    known = korf24()
    assert len(known) == 50 and sum(optimum for _, optimum in known) == 5039  # mean 100.78
    for board, optimum in known:
        assert board.is_solvable()
        assert manhattan(board) <= optimum
        assert (manhattan(board) - optimum) % 2 == 0


def test_prepare_without_waiting_never_blocks(monkeypatch) -> None:
    import game.solver.exact.heuristic as heuristic

    started: list[tuple[int, int]] = []
    finished: list[bool] = []
    gate = threading.Event()

    def slow_prepare(width: int, height: int, strong: bool) -> None:
        started.append((width, height, strong))
        gate.wait(HANG_BOUND)
        finished.append(True)

    monkeypatch.setattr(heuristic, "_prepare", slow_prepare)
    monkeypatch.setattr(heuristic, "_preparing", {})
    assert not big.prepare(0.0)
    assert not big.tables_ready()
    assert not finished  # it answered while the build was still held back
    gate.set()
    deadline = time.monotonic() + HANG_BOUND
    while not started and time.monotonic() < deadline:
        time.sleep(0.01)
    assert started == [(5, 5, False)]


@pytest.fixture
def two_threads() -> Iterator[None]:
    """The one-shot commands' setting: a stage's two views on two threads."""
    from game.solver.big.anytime import set_threads

    set_threads(2)
    yield
    set_threads(1)


def test_two_threaded_improve_still_proves_short_lines_optimal(tables, ball,
                                                               two_threads) -> None:
    from game.solver.exact.heuristic import loaded_heuristic

    tiles = [t for t, d in ball.items() if d == BALL_DEPTH][:5]
    for cells in tiles:
        board = Board(5, 5, cells)
        slow = solve(board, deadline=time.monotonic() - 1).moves
        line, proven = improve(board, loaded_heuristic(5, 5), slow, time.monotonic() + 5,
                               np.zeros(1, dtype=np.int64))
        assert proven and len(line) == BALL_DEPTH
        assert board.apply_all(line).is_solved()


def test_two_threaded_best_line_is_valid_and_cancels(tables, two_threads) -> None:
    board = random_board(5, 5, random.Random(4))
    found = big.best_line(board, deadline=time.monotonic() + 0.5)
    assert board.apply_all(found.moves).is_solved()
    assert_cancel_stops_it(board)
    assert not any(t.name == "fifteen-search-view" for t in threading.enumerate())
