"""Beyond exact reach the coach keeps shortening the line of the board on screen, and says so."""

from __future__ import annotations

import threading
import time
import types

from test_worker_fakes import wait_for

from game.core.board import Board, inverse, inverse_moves
from game.core.coach import CoachState, Hint, WorkerStatus
from game.play.words import coach_lines
from game.worker import SolverWorker
from game.worker.jobs import FIRST_SECONDS, REFINE_PROOF_SHARE, Found
from game.worker.waiting import REFINE_SECONDS

WALK = "DDRRULLDRRUU"


def lines_for(board: Board, short: str, detours: int) -> list[str]:
    """Valid lines for ``board``: ``short`` with 2 moves there and back per detour first."""
    away = next(m for m in board.legal_moves() if m != short[0])
    return [(away + inverse(away)) * n + short for n in range(detours, -1, -1)]


class Sharpening:
    """A fake big-board solver: each search finds the next, shorter line (the last repeats);
    it records each search's budget and can be held mid-search."""

    def __init__(self, lines: dict[Board, list[str]], hold_from: int | None = None) -> None:
        """``lines``: each board's lines, one per search of it (the last repeats);
        ``hold_from``: the searches from this one on (1 is the first) wait for ``hold``."""
        self.lines = lines
        self.hold_from = hold_from
        self.budgets: list[float | None] = []
        self.shares: list[float] = []
        self.boards: list[Board] = []
        self.hold = threading.Event()
        self.building: tuple[float, str] | None = None
        self.module = types.SimpleNamespace(
            build_progress=lambda: self.building,
            CancelToken=lambda: types.SimpleNamespace(cancelled=False, cancel=lambda: None),
            SolveCancelled=type("Cancelled", (Exception,), {}), warm_up=lambda *a, **k: None,
            optimal_moves=self.optimal_moves, within_reach=lambda b: False,
            random_board_with_length=None)

    def optimal_moves(self, board: Board, *, cancel=None, deadline=None, progress=None,
                      on_better=None, proof_share=0.0) -> Found:
        self.budgets.append(None if deadline is None else deadline - time.monotonic())
        self.shares.append(proof_share)
        self.boards.append(board)
        if self.hold_from is not None and len(self.boards) >= self.hold_from:
            self.hold.wait(5)
        lines = self.lines[board]
        return Found(board, lines[min(self.boards.count(board), len(lines)) - 1])


def test_the_line_on_screen_shortens_round_after_round_until_it_stops_improving() -> None:
    board = Board.goal(5, 5).apply_all(WALK)
    lines = lines_for(board, inverse_moves(WALK), 2)  # 16, 14, 12 moves
    solver = Sharpening({board: [*lines, lines[-1]]})
    worker = SolverWorker(solver_module=solver.module, prefetch=False)
    try:
        worker.submit(board)
        assert wait_for(lambda: len(solver.budgets) == 4
                        and worker.status.state is CoachState.READY)
        assert worker.knowledge.known(board).distance == len(lines[-1])
        first, *rounds = solver.budgets
        # the game's first answer: half a second on 5x5 (each move judged at a brisk pace)
        assert first is not None and abs(first - FIRST_SECONDS[(5, 5)]) < 0.05
        assert [round(b) for b in rounds] == [round(s) for s in REFINE_SECONDS[:3]]
        # the longer searches first try an exact proof where the solver finds one worth it
        assert solver.shares == [0.0] + [REFINE_PROOF_SHARE] * 3
        time.sleep(0.2)
        assert len(solver.budgets) == 4  # no shorter line in the last round: it stopped
    finally:
        worker.shutdown()


def test_one_longer_search_that_finds_nothing_is_not_the_end_two_in_a_row_are() -> None:
    board = Board.goal(5, 5).apply_all(WALK)
    lines = lines_for(board, inverse_moves(WALK), 1)  # 14, 12 moves
    late = Sharpening({board: [lines[0], lines[0], lines[1], lines[1]]})
    worker = SolverWorker(solver_module=late.module, prefetch=False)
    try:
        worker.submit(board)
        assert wait_for(lambda: len(late.budgets) == 4 and worker.status.state is CoachState.READY)
        assert worker.knowledge.known(board).distance == len(lines[1])
    finally:
        worker.shutdown()
    never = Sharpening({board: [lines[0]]})
    worker = SolverWorker(solver_module=never.module, prefetch=False)
    try:
        worker.submit(board)
        assert wait_for(lambda: len(never.budgets) == 3 and worker.status.state is CoachState.READY)
        time.sleep(0.2)
        assert len(never.budgets) == 3  # two rounds found nothing shorter: it stopped
    finally:
        worker.shutdown()


def test_no_longer_search_while_tables_are_built_and_one_as_soon_as_they_are() -> None:
    board = Board.goal(5, 5).apply_all(WALK)
    lines = lines_for(board, inverse_moves(WALK), 2)
    solver = Sharpening({board: lines})
    solver.building = (0.4, "building the 5x5 tables")
    worker = SolverWorker(solver_module=solver.module, prefetch=False)
    try:
        worker.submit(board)
        assert wait_for(lambda: len(solver.budgets) == 1)  # the first answer comes at once
        time.sleep(0.3)
        worker.take()
        assert len(solver.budgets) == 1  # nothing better to find until the tables are ready
        # but the coach has not settled the board: the COACH column keeps saying "shortening"
        # (it said "best found" and "searching" by turns while the 5x5 tables were built)
        status = worker.status
        assert status.state is CoachState.THINKING and status.board == board
        hint = worker.knowledge.known(board)
        assert coach_lines(status, hint, board, True)[1] == "shortening"
        solver.building = None
        assert wait_for(lambda: worker.take() is not None and len(solver.budgets) >= 3)
        assert worker.knowledge.known(board).distance < len(lines[0])
    finally:
        worker.shutdown()


def test_a_longer_search_says_whose_board_it_is_and_a_new_board_ends_it() -> None:
    board = Board.goal(5, 5).apply_all(WALK)
    other = Board.goal(5, 5).apply_all(WALK[:-2])
    lines = lines_for(board, inverse_moves(WALK), 3)
    solver = Sharpening({board: lines, other: [inverse_moves(WALK[:-2])]}, hold_from=3)
    worker = SolverWorker(solver_module=solver.module, prefetch=False)
    try:
        worker.submit(board)
        assert wait_for(lambda: len(solver.budgets) == 3)  # the second longer search, held
        status = worker.status
        assert status.state is CoachState.THINKING and status.board == board
        hint = worker.knowledge.known(board)
        assert coach_lines(status, hint, board, True) == (f"best {hint.distance}", "shortening")
        worker.submit(other)  # the player moved: the longer searches follow the new board
        solver.hold.set()
        assert wait_for(lambda: other in solver.boards)
        assert wait_for(lambda: worker.status.state is CoachState.READY, timeout=20)
        after = solver.boards[solver.boards.index(other):]
        assert set(after) == {other}
    finally:
        solver.hold.set()
        worker.shutdown()


def test_the_coach_column_says_proven_searching_or_best_found() -> None:
    board = Board.goal(5, 5).apply_all(WALK)
    best = Hint(board, 14, frozenset("U"), False, False, "")
    proven = Hint(board, 12, frozenset("U"), True, False, "")
    idle = WorkerStatus(CoachState.READY)
    assert coach_lines(idle, best, board, True) == ("best 14", "best found")
    assert coach_lines(idle, proven, board, True) == ("12 to go", "proven optimal")
    assert coach_lines(idle, best, board, False) == ("", "H: hints")
    goal = Board.goal(4, 4)
    step = next(m for m in "UDLR" if goal.can_move(m))
    small = goal.apply(step)
    exact = Hint(small, 1, frozenset(inverse(step)), True, True, inverse(step))
    assert coach_lines(idle, exact, small, True) == ("1 to go", "")


def test_a_long_search_shows_that_it_goes_on() -> None:
    board = Board.goal(5, 5).apply_all(WALK)
    best = Hint(board, 14, frozenset("U"), False, False, "")
    thinking = WorkerStatus(CoachState.THINKING, board=board)
    assert coach_lines(thinking, best, board, True, 0.4) == ("best 14", "shortening")
    assert coach_lines(thinking, best, board, True, 12.7) == ("best 14", "shortening 12 s")
    # hints off: what it is doing, never what it knows (a newcomer saw the ring spin 40 s
    # with no word); a search under a second says nothing (it would flicker)
    assert coach_lines(thinking, best, board, False, 0.4) == ("", "H: hints")
    assert coach_lines(thinking, best, board, False, 12.7) == ("shortening 12 s", "H: hints")
    # with no line yet, it is searching (a newcomer read "searching 45 s" by a line of 90,
    # nearly always there on 5x5, as a warning: it is shortening that line)
    assert coach_lines(thinking, None, board, False, 12.7) == ("searching 12 s", "H: hints")
    other = WorkerStatus(CoachState.THINKING, board=board.apply(board.legal_moves()[0]))
    assert coach_lines(other, best, board, False, 12.7) == ("", "H: hints")
    warming = WorkerStatus(CoachState.WARMING_UP)
    assert coach_lines(warming, None, board, False) == ("warming up", "H: hints")


def test_only_a_5x5_board_beyond_exact_reach_gets_the_short_first_search() -> None:
    """On 5x5 the first search of a board takes half a second, so a player moving every
    0.6-0.8 s has each move judged (with the solver's own second none of 36 was, in 30 s);
    a board within exact reach and a 6x6 board keep the solver's own budget."""
    five = Board.goal(5, 5).apply_all(WALK)
    six = Board.goal(6, 6).apply_all(WALK)
    budgets: dict[Board, float | None] = {}
    for board, reach in ((five, False), (five, True), (six, False)):
        solver = Sharpening({board: lines_for(board, inverse_moves(WALK), 0)})
        solver.module.within_reach = lambda b, reach=reach: reach
        worker = SolverWorker(solver_module=solver.module, prefetch=False)
        try:
            worker.submit(board)
            assert wait_for(lambda solver=solver: len(solver.budgets) >= 1)
            budgets[board] = solver.budgets[0]
        finally:
            worker.shutdown()
        if board is five and not reach:
            first = budgets[five]
            assert first is not None and abs(first - FIRST_SECONDS[(5, 5)]) < 0.05
            budgets.pop(five)
    assert budgets == {five: None, six: None}


def test_a_first_search_that_finds_no_line_in_its_half_second_takes_the_solvers_time() -> None:
    """A newcomer saw "solver error" (a red cross in the COACH column) on 5x5 while the coach
    warmed up: the half-second first search had found no line yet and ran past its deadline.
    It is searched again with the solver's own budget, with no fault."""
    board = Board.goal(5, 5).apply_all(WALK)
    solver = Sharpening({board: lines_for(board, inverse_moves(WALK), 0)})
    search = solver.optimal_moves

    def slow_first(board: Board, **kwargs) -> Found:
        if not solver.budgets:  # the first search: no line before its deadline
            solver.budgets.append(kwargs.get("deadline"))
            raise solver.module.SolveCancelled("past its deadline")
        return search(board, **kwargs)

    solver.module.optimal_moves = slow_first
    worker = SolverWorker(solver_module=solver.module, prefetch=False)
    try:
        worker.submit(board)
        assert wait_for(lambda: len(solver.budgets) >= 2 and worker.knowledge.known(board))
        assert solver.budgets[0] is not None and solver.budgets[1] is None
        assert worker.counters["faults"] == 0
        assert worker.status.state is not CoachState.UNAVAILABLE
    finally:
        worker.shutdown()
