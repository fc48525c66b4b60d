"""The worker beyond exact reach: moves waiting for their judgement are searched at a fast pace."""

from __future__ import annotations

import threading
import time
import types

import pytest
from test_worker_fakes import take_until, wait_for

from game.core.board import Board, inverse, inverse_moves
from game.worker import Hint, SolverWorker, jobs
from game.worker.jobs import Found
from game.worker.waiting import JUDGING_SLACK

GOAL_MOVES = "DDRRUL"
START = Board.goal(5, 5).apply_all(GOAL_MOVES)
"""A 5x5 board (beyond exact reach) six moves from the goal."""


class GatedSolver:
    """A solver module whose searches of big boards wait for the test to release them and
    say which were cancelled; every line is the way back to START, then START's line."""

    def __init__(self, played: dict[Board, str]) -> None:
        self.played = played
        """Each board the test plays to, with the moves from START that made it."""
        self.started: list[Board] = []
        self.cancelled: list[Board] = []
        self.gates: dict[Board, threading.Event] = {board: threading.Event() for board in played}
        self.module = types.SimpleNamespace(
            CancelToken=self._token, SolveCancelled=type("Cancelled", (Exception,), {}),
            warm_up=lambda *a, **k: None, optimal_moves=self._optimal_moves,
            within_reach=lambda b: False, random_board_with_length=None)

    def _token(self) -> types.SimpleNamespace:
        token = types.SimpleNamespace(cancelled=False)

        def cancel() -> None:
            token.cancelled = True

        token.cancel = cancel
        return token

    def _optimal_moves(self, board: Board, *, cancel=None, deadline=None, progress=None,
                       on_better=None, proof_share=0.0) -> Found:
        self.started.append(board)
        gate = self.gates[board]
        while not gate.wait(0.005):
            if cancel is not None and cancel.cancelled:
                self.cancelled.append(board)
                raise self.module.SolveCancelled()
        return Found(board, inverse_moves(self.played[board]) + inverse_moves(GOAL_MOVES))


def hints_for(results: list, board: Board) -> list[Hint]:
    return [r for r in results if isinstance(r, Hint) and r.board == board]


def off_moves(board: Board, count: int, avoid: str) -> tuple[list[Board], dict[Board, str]]:
    """``count`` boards played from ``board`` away from the goal (never ``avoid`` first, nor
    straight back), with the moves that made each."""
    boards, made, moves = [], {board: ""}, ""
    for _ in range(count):
        move = next(m for m in sorted(board.legal_moves())
                    if m != avoid and (not moves or m != inverse(moves[-1])))
        avoid = ""
        board, moves = board.apply(move), moves + move
        boards.append(board)
        made[board] = moves
    return boards, made


def started_worker(solver: GatedSolver) -> SolverWorker:
    worker = SolverWorker(solver_module=solver.module, prefetch=False, hang_grace=60.0)
    worker.start()
    solver.gates[START].set()
    worker.submit(START)
    assert hints_for(take_until(worker, lambda r: hints_for(r, START)), START)
    return worker


def test_a_search_that_judges_a_move_goes_on_when_the_player_moves_on() -> None:
    """A newcomer moving every 0.35 s on 5x5 saw "judging 1" for 13 s: the search of the board
    an off-line move made was cancelled by the next move, and every one after it."""
    (off, beyond), made = off_moves(START, 2, inverse_moves(GOAL_MOVES)[0])
    solver = GatedSolver(made)
    worker = started_worker(solver)
    try:
        worker.submit(off)  # as the mid-end does: the board on screen, then what judges
        worker.judge([off])
        assert wait_for(lambda: solver.started[-1:] == [off])
        worker.submit(beyond)  # the player moves on before the search has ended
        worker.judge([off])
        take_until(worker, lambda r: False, timeout=0.1)
        assert solver.cancelled == []
        solver.gates[off].set()
        [judged] = hints_for(take_until(worker, lambda r: hints_for(r, off)), off)
        assert not judged.provisional and judged.distance == len(GOAL_MOVES) + 1
        assert wait_for(lambda: solver.started[-1:] == [beyond])  # then the board on screen
    finally:
        for gate in solver.gates.values():
            gate.set()
        worker.shutdown()


def test_the_boards_to_judge_and_the_board_on_screen_take_turns() -> None:
    """Moves waiting for their judgement are searched between the boards on screen, not only
    once the player stops; the board on screen still comes after one of them."""
    (first, second, screen, later), made = off_moves(START, 4, inverse_moves(GOAL_MOVES)[0])
    solver = GatedSolver(made)
    worker = started_worker(solver)
    try:
        worker.submit(screen)
        assert wait_for(lambda: solver.started[-1:] == [screen])
        worker.judge([first, second])
        worker.submit(later)  # the search of ``screen``, which judges nothing, is cancelled
        for board in (first, later, second):
            assert wait_for(lambda b=board: solver.started[-1:] == [b]), solver.started
            take_until(worker, lambda r: False, timeout=0.05)
            solver.gates[board].set()
        assert solver.cancelled == [screen]
        names = {first: "first", second: "second", screen: "screen", later: "later"}
        assert [names[b] for b in solver.started if b != START] == \
            ["screen", "first", "later", "second"]
    finally:
        for gate in solver.gates.values():
            gate.set()
        worker.shutdown()


class SearchClock:
    """The searches' clock in ``game.worker.jobs``: still, but for searches that run to their
    deadline (``AnytimeSolver``), which move it there: the seconds a search had are exact."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


class AnytimeSolver(GatedSolver):
    """A gated solver whose searches, once released, run to their deadline on ``clock`` as
    the anytime big-board search does (a longer search of the board on screen, with its proof
    share, runs until cancelled), and which records each search's budget."""

    def __init__(self, played: dict[Board, str], clock: SearchClock) -> None:
        super().__init__(played)
        self.clock = clock
        self.budgets: list[tuple[Board, float | None]] = []

    def _optimal_moves(self, board: Board, *, cancel=None, deadline=None, proof_share=0.0,
                       **kwargs) -> Found:
        self.budgets.append((board, None if deadline is None else deadline - self.clock.now))
        if proof_share:  # the longer search of the board on screen: until the player moves
            while not (cancel is not None and cancel.cancelled):
                time.sleep(0.005)
            self.cancelled.append(board)
            raise self.module.SolveCancelled()
        found = super()._optimal_moves(board, cancel=cancel, deadline=deadline, **kwargs)
        if deadline is not None:
            self.clock.now = max(self.clock.now, deadline)
        return found


def test_a_move_waiting_for_a_longer_search_gets_the_rest_of_the_time_and_it_goes_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A move off a line the coach searched for seconds is charged only once the board it
    made has been searched about as long (the game asks with ``seconds``): that board is
    searched again for the rest of the time, in turn with the boards on screen, and its
    search goes on when the player moves on (started again it would begin from nothing);
    the answer says how long the board was searched in all, and that judging is no thought
    about its line. The searches' clock is the test's: nothing here depends on how busy the
    machine is."""
    clock = SearchClock()
    monkeypatch.setattr(jobs, "time", types.SimpleNamespace(monotonic=clock.monotonic))
    (off, beyond, later), made = off_moves(START, 3, inverse_moves(GOAL_MOVES)[0])
    solver = AnytimeSolver(made, clock)
    worker = SolverWorker(solver_module=solver.module, prefetch=False, hang_grace=60.0,
                          solve_seconds=0.2)
    worker.start()
    try:
        for board in (START, off, beyond, later):
            solver.gates[board].set()
        worker.submit(off)
        [first] = hints_for(take_until(worker, lambda r: hints_for(r, off)), off)
        assert first.effort == first.thought == pytest.approx(0.2)  # one search of 0.2 s
        solver.gates[off].clear()  # the judging search waits for the test
        worker.submit(beyond)
        worker.judge([off], {off: 1.0})
        rest = 1.0 - 0.2 + JUDGING_SLACK
        assert wait_for(lambda: solver.budgets[-1] == (off, pytest.approx(rest)))  # the rest
        worker.submit(later)  # the player moves on: the judging goes on
        take_until(worker, lambda r: False, timeout=0.1)
        solver.gates[off].set()
        [judged] = hints_for(take_until(worker, lambda r: hints_for(r, off)), off)
        assert sum(1 for b in solver.budgets if b == (off, pytest.approx(rest))) == 1  # once
        assert solver.cancelled.count(off) <= 1  # (at most its longer search, as it left)
        assert judged.effort == pytest.approx(0.2 + rest) and not judged.provisional
        assert judged.thought == pytest.approx(0.2)  # judging is no thought about the line
        assert wait_for(lambda: later in solver.started)
    finally:
        for gate in solver.gates.values():
            gate.set()
        worker.shutdown()
