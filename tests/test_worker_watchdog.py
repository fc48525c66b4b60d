"""The worker's watchdog: stuck warm-ups and searches are abandoned, said in words, recovered."""

from __future__ import annotations

import logging
import time

import pytest
from test_worker_fakes import boards_at, distance, take_until, wait_for

from game.worker import Hint, NewBoard, Phase, SolverWorker, WorkerStatus

HANG_GRACE = 0.2
WARM_LIMIT = 0.3
SEARCH_LIMIT = 0.3


@pytest.fixture
def worker(solver):
    made = SolverWorker(solver_module=solver, hang_grace=HANG_GRACE, prefetch=False,
                        warm_seconds=WARM_LIMIT, search_seconds=SEARCH_LIMIT)
    yield made
    made.shutdown()


def hints_for(results: list, board) -> list[Hint]:
    return [r for r in results if isinstance(r, Hint) and r.board == board]


def unavailable_because(worker: SolverWorker, words: str) -> bool:
    worker.take()
    return worker.status.state == "unavailable" and words in worker.status.detail


def test_hung_warm_up_is_abandoned_and_recovers_when_it_ends(solver, worker):
    solver.warm_gate.clear()
    assert worker.phase is Phase.NOT_STARTED
    worker.start()
    assert worker.status.state == "warming up" and worker.phase is Phase.WARMING
    assert wait_for(lambda: unavailable_because(worker, "warm-up timed out"))
    assert worker.counters["restarts"] == 1
    # A board request is never left on "generating" behind the stuck warm-up.
    request = worker.request_board(2, 3, 12, seed=5)
    made = take_until(worker, lambda r: any(isinstance(x, NewBoard) for x in r))
    assert [x.request_id for x in made if isinstance(x, NewBoard)] == [request]
    solver.warm_gate.set()  # the stuck warm-up ends after all: the coach is back
    assert wait_for(lambda: worker.take().empty and worker.status == WorkerStatus("ready"))
    assert worker.phase is Phase.READY


def test_hung_warm_up_is_retried_on_a_fresh_thread_for_the_next_board(solver, worker):
    solver.warm_gate.clear()
    worker.start()
    assert wait_for(lambda: unavailable_because(worker, "warm-up timed out"))
    assert solver.warm_calls == 1 and worker.phase is Phase.WARM_STUCK
    board = boards_at(9)[0]
    worker.submit(board)  # a new board: one more try
    assert wait_for(lambda: solver.warm_calls == 2)
    assert "retrying" in worker.status.detail or worker.status.state == "warming up"
    solver.warm_gate.set()
    results = take_until(worker, lambda r: hints_for(r, board))
    assert hints_for(results, board)[0].distance == distance(board)
    assert wait_for(lambda: worker.take().empty and worker.status == WorkerStatus("ready"))


def test_search_past_its_time_is_cancelled_and_said_in_words(solver, worker):
    slow, fresh = boards_at(12)[:2]
    solver.gate(slow)  # honours its cancel token
    worker.start()
    worker.submit(slow)
    assert wait_for(lambda: unavailable_because(worker, "search timed out"))
    assert slow in solver.cancelled and worker.counters["restarts"] == 0
    worker.submit(fresh)
    results = take_until(worker, lambda r: hints_for(r, fresh))
    assert hints_for(results, fresh)[0].distance == distance(fresh)
    assert worker.status == WorkerStatus("ready")


def test_search_ignoring_its_time_is_abandoned_not_retried(solver, worker):
    stuck, fresh = boards_at(12)[2:4]
    solver.hang.add(stuck)
    worker.start()
    worker.submit(stuck)
    assert wait_for(lambda: unavailable_because(worker, "search timed out")
                    and worker.counters["restarts"] == 1)
    time.sleep(3 * SEARCH_LIMIT)
    worker.take()
    assert solver.started.count(stuck) == 1  # the same stuck board is not tried again
    worker.submit(fresh)  # the next new board gets a fresh thread
    results = take_until(worker, lambda r: hints_for(r, fresh))
    assert hints_for(results, fresh)[0].distance == distance(fresh)
    assert worker.status == WorkerStatus("ready")


def test_a_failing_solver_is_logged_once_with_a_count(solver, caplog):
    """(What take() costs a frame is a figure: `python -m game.cli.bench frames`.)"""
    worker = SolverWorker(solver_module=solver, hang_grace=HANG_GRACE, prefetch=False)
    boards = boards_at(10)[:20]
    solver.crash.update(boards)
    try:
        worker.start()
        with caplog.at_level(logging.INFO, logger="game.worker"):
            for board in boards:
                worker.submit(board)
                deadline = time.monotonic() + 5.0
                while board not in solver.started and time.monotonic() < deadline:
                    worker.take()
                    time.sleep(0.001)
            assert wait_for(lambda: worker.faults.total == len(boards))
            worker.take()
    finally:
        worker.shutdown()
    lines = [r for r in caplog.records if r.name.startswith("game.worker")]
    assert worker.faults.total == len(boards) and len(worker.faults.counts) == 1
    assert 1 <= len(lines) <= 3, [r.getMessage() for r in lines]  # first, at 10, summary
    assert not any(r.exc_info for r in lines)  # no traceback floods
    assert f"{len(boards)} times" in lines[-1].getMessage()
    assert worker.status.state == "unavailable"


def test_a_search_slowed_by_a_table_build_is_never_abandoned_and_one_that_hangs_after_is():
    from game.core.board import Board
    from game.worker.jobs import Job, JobKind
    from game.worker.watchdog import Verdict, Watchdog

    dog = Watchdog(warm_seconds=5.0, search_seconds=10.0, hang_grace=2.0, solve_seconds=None)
    job = Job(JobKind.SOLVE, board=Board.goal(5, 5))
    job.submitted_at = job.started_at = 0.0
    assert dog.verdict(job, 11.0, building=True) == (Verdict.NONE, "")  # slow, not hung
    assert dog.verdict(job, 500.0, building=True) == (Verdict.NONE, "")
    verdict, _ = dog.verdict(job, 501.0)  # the build is over and it is still past its time
    assert verdict is Verdict.CANCEL
    job.cancel(501.0)
    assert dog.verdict(job, 520.0, building=True)[0] is Verdict.NONE  # building again
    assert dog.verdict(job, 521.0)[0] is Verdict.NONE  # the grace counts from the build's end
    verdict, why = dog.verdict(job, 522.5)
    assert verdict is Verdict.ABANDON and "cancel token" in why
    warm = Job(JobKind.WARM)
    warm.submitted_at = 0.0
    assert dog.verdict(warm, 60.0, building=True)[0] is Verdict.NONE
    assert dog.verdict(warm, 61.0)[0] is Verdict.ABANDON
