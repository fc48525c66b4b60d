"""SolverWorker faults: crashing and hanging solvers, recovery, shutdown, a clean process exit."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
from test_worker_fakes import (
    WAIT_TIMEOUT,
    boards_at,
    distance,
    take_until,
    wait_for,
)

from game.worker import CoachPacket, Hint, NewBoard, Phase, SolverWorker, WorkerStatus, service
from game.worker.service import MAX_ABANDONED_THREADS

HANG_GRACE = 0.2
TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


@pytest.fixture
def worker(solver):
    made = SolverWorker(solver_module=solver, hang_grace=HANG_GRACE, prefetch=False)
    yield made
    made.shutdown()


def hints_for(results: list, board) -> list[Hint]:
    return [r for r in results if isinstance(r, Hint) and r.board == board]


def watch_states(worker: SolverWorker, predicate, seen: set[str]):
    """take_until that also records every status state seen on the way."""

    def check(results: list) -> bool:
        seen.add(worker.status.state)
        return predicate(results)

    return take_until(worker, check)


def test_crash_makes_hints_unavailable_and_the_next_request_works(solver, worker):
    bad, good = boards_at(10)[:2]
    solver.crash.add(bad)
    worker.start()
    worker.submit(bad)
    seen: set[str] = set()
    results = watch_states(worker, lambda r: worker.status.state == "unavailable", seen)
    assert results == []
    assert isinstance(worker.last_error, RuntimeError)
    worker.submit(good)
    results = watch_states(worker, lambda r: hints_for(r, good), seen)
    assert hints_for(results, good)[0].distance == distance(good)
    assert wait_for(lambda: worker.status == WorkerStatus("ready"))
    assert worker.counters["faults"] == 1


def test_warm_up_failure_is_survived(solver, worker):
    solver.warm_error = MemoryError("fake: out of memory while building tables")
    worker.start()
    assert wait_for(lambda: worker.status.state == "unavailable")
    assert worker.phase is Phase.READY and worker.status.detail == "warm-up failed"
    board = boards_at(6)[0]
    worker.submit(board)
    assert hints_for(take_until(worker, lambda r: hints_for(r, board)), board)
    assert worker.status == WorkerStatus("ready")


def test_failed_board_request_still_delivers_a_board(solver, worker):
    solver.board_error = RuntimeError("fake: no table")
    worker.start()
    request = worker.request_board(2, 3, 9, seed=3)
    [made] = take_until(worker, bool)
    assert isinstance(made, NewBoard) and made.request_id == request
    assert made.length is None and made.board.is_solvable() and not made.board.is_solved()
    assert worker.status.state == "unavailable"


def test_impossible_board_length_gets_a_uniform_board_without_a_fault(solver, worker):
    solver.board_error = ValueError("fake: no 2x3 board is 40 moves from the goal")
    worker.start()
    request = worker.request_board(2, 3, 40, seed=3)
    [made] = take_until(worker, bool)
    assert made.request_id == request and made.length is None
    assert wait_for(lambda: worker.status == WorkerStatus("ready"))


def test_search_past_its_deadline_is_reported_unavailable(solver):
    board = boards_at(13)[0]
    solver.slow.add(board)
    worker = SolverWorker(solver_module=solver, solve_seconds=1.0, prefetch=False)
    try:
        worker.submit(board)
        assert wait_for(lambda: worker.take().empty and worker.status.state == "unavailable")
        assert "deadline" in str(worker.last_error)
    finally:
        worker.shutdown()


def test_wrong_answer_from_the_solver_is_a_fault(solver, worker):
    board = boards_at(8)[0]
    honest = solver.answer

    def liar(b):
        right = honest(b)
        return type(right)(b, right.distance, right.moves, True, right.path[:-1])

    solver.answer = liar
    worker.start()
    worker.submit(board)
    assert wait_for(lambda: worker.take().empty and worker.status.state == "unavailable")
    assert "does not solve" in str(worker.last_error)


def test_search_ignoring_cancel_is_abandoned_and_a_fresh_thread_answers(solver, worker):
    stuck, fresh = boards_at(12)[:2]
    solver.hang.add(stuck)
    worker.start()
    worker.submit(stuck)
    assert wait_for(lambda: stuck in solver.started)
    worker.submit(fresh)
    results = take_until(worker, lambda r: hints_for(r, fresh))
    assert hints_for(results, fresh)[0].distance == distance(fresh)
    # The fault is on record (the status said "unavailable" in between, but for so short a
    # while that a busy machine's sampling can miss it: not asserted).
    assert "abandoned" in str(worker.last_error) and worker.counters["faults"] >= 1
    assert worker.counters["restarts"] == 1
    assert wait_for(lambda: worker.status == WorkerStatus("ready"))
    solvers = [t for t in threading.enumerate() if t.name.startswith("fifteen-solver")]
    assert len(solvers) >= 2 and all(t.daemon for t in solvers)


def test_hung_threads_never_leave_the_coach_unavailable_for_a_new_board(solver, worker):
    *stuck, last = boards_at(13)[: MAX_ABANDONED_THREADS + 1]
    solver.hang.update(stuck)
    worker.start()
    for board in stuck:
        worker.submit(board)
        assert wait_for(lambda b=board: worker.take().empty and b in solver.started)
    worker.submit(last)  # the last hung search is cancelled and abandoned; `last` gets a thread
    results = take_until(worker, lambda r: hints_for(r, last))
    assert hints_for(results, last)[0].distance == distance(last)
    assert worker.counters["restarts"] == len(stuck)
    assert worker.status == WorkerStatus("ready")  # while the stuck threads still hang


def test_at_the_hard_cap_nothing_starts_until_a_stuck_search_ends(solver, worker, monkeypatch):
    monkeypatch.setattr(service, "MAX_HUNG_THREADS", 2)
    *stuck, last = boards_at(13)[:3]
    solver.hang.update(stuck)
    worker.start()
    for board in stuck:
        worker.submit(board)
        assert wait_for(lambda b=board: worker.take().empty and b in solver.started)
    worker.submit(last)
    assert wait_for(lambda: worker.take().empty and worker.counters["restarts"] == len(stuck))
    assert not wait_for(lambda: last in solver.started, timeout=0.3)
    assert worker.status.state == "unavailable" and "stuck" in worker.status.detail
    solver.release.set()  # the hung searches end on their own
    results = take_until(worker, lambda r: hints_for(r, last))
    assert hints_for(results, last)[0].distance == distance(last)
    assert worker.status == WorkerStatus("ready")


def test_shutdown_with_a_hung_search_returns_and_leaves_no_non_daemon_thread(solver):
    before = set(threading.enumerate())
    worker = SolverWorker(solver_module=solver, hang_grace=HANG_GRACE, prefetch=False)
    board = boards_at(12)[5]
    solver.hang.add(board)
    worker.start()
    worker.submit(board)
    assert wait_for(lambda: board in solver.started)
    closer = threading.Thread(target=worker.shutdown, daemon=True)
    closer.start()
    closer.join(WAIT_TIMEOUT)
    assert not closer.is_alive(), "shutdown() did not return"
    assert worker.status == WorkerStatus("unavailable") and worker.phase is Phase.CLOSED
    left = [t for t in threading.enumerate() if t not in before and t.is_alive()]
    assert all(t.daemon for t in left), left
    assert worker.take() == CoachPacket(status=WorkerStatus("unavailable"))
    worker.submit(boards_at(3)[0])  # ignored after shutdown, must not raise
    assert worker.take().empty


EXIT_SCRIPT = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, {tests!r})
    from test_worker_fakes import FakeSolver, boards_at, wait_for
    from game.worker import SolverWorker

    solver = FakeSolver()
    board = boards_at(12)[0]
    solver.hang.add(board)  # ignores its cancel token for a minute
    worker = SolverWorker(solver_module=solver)
    worker.start()
    worker.submit(board)
    assert wait_for(lambda: board in solver.started)
    worker.shutdown()
    print("clean exit", flush=True)
    """
)


def test_process_exits_promptly_while_a_search_hangs():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-c", EXIT_SCRIPT.format(tests=str(TESTS))],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=3 * WAIT_TIMEOUT,  # the hung fake would hold a joined thread for 60 s
    )
    assert proc.returncode == 0, proc.stderr
    assert "clean exit" in proc.stdout
