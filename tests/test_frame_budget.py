"""Issue 12's frame budget: the frame gate, the solver's give-way points, idle-time GC."""

from __future__ import annotations

import gc
import random
import threading
import time

import pytest

from game.core.board import Board
from game.core.generate import random_board
from game.solver import give_way, set_give_way
from game.solver.search import optimal_moves
from game.ui.frameclock import FrameClock
from game.ui.idlegc import IdleCollector
from game.worker.gate import FrameGate
from game.worker.jobs import Job, JobKind, run_job
from game.worker.knowledge import SharedKnowledge

HANG_BOUND = 60.0
"""Seconds after which a wait that should have ended is called hung (the gate's own waits are
milliseconds: `python -m game.cli.bench gate` prints them)."""


def _waiter(gate: FrameGate, hold_first: bool = False) -> threading.Event:
    """``gate.wait()`` on a new thread (which first holds the gate itself when asked); the
    event is set once the wait has returned."""
    done = threading.Event()

    def run() -> None:
        if hold_first:
            gate.hold()
        gate.wait()
        done.set()

    threading.Thread(target=run, daemon=True).start()
    return done


def test_the_gate_holds_the_worker_until_the_frame_is_done() -> None:
    gate = FrameGate(max_wait=10 * HANG_BOUND)  # only the release can let it go in time
    gate.hold()
    assert gate.held
    done = _waiter(gate)
    assert not done.wait(0.2)  # held: the worker waits
    gate.release()
    assert done.wait(HANG_BOUND)  # released: it goes on
    assert not gate.held
    assert _waiter(gate).wait(HANG_BOUND)  # open: no wait for max_wait


def test_the_gate_never_starves_the_worker_or_blocks_its_holder() -> None:
    gate = FrameGate(max_wait=0.05)
    gate.hold()
    assert _waiter(gate).wait(HANG_BOUND)  # a frame that overruns: the worker goes on
    gate.release()
    patient = FrameGate(max_wait=10 * HANG_BOUND)
    # the holder's own thread never waits on itself (or this would wait for max_wait)
    assert _waiter(patient, hold_first=True).wait(HANG_BOUND)
    assert patient.held


def test_give_way_calls_the_hook_of_the_calling_thread_only() -> None:
    calls: list[str] = []
    set_give_way(lambda: calls.append("main"))
    try:
        give_way()
        other = threading.Thread(target=give_way)  # no hook installed there
        other.start()
        other.join(HANG_BOUND)
        assert calls == ["main"]
    finally:
        set_give_way(None)
    give_way()
    assert calls == ["main"]


def test_a_search_gives_way_between_its_compiled_calls() -> None:
    calls = [0]

    def count() -> None:
        calls[0] += 1

    board = random_board(4, 4, random.Random(3))
    set_give_way(count)
    try:
        found = optimal_moves(board)
    finally:
        set_give_way(None)
    assert calls[0] >= 1 + len(board.legal_moves())  # the search and each child's pass
    assert board.apply_all(found.path).is_solved()


def test_run_job_gives_way_before_learning_the_answer() -> None:
    import game.solver as solver

    board = Board.goal(3, 3).apply_all("DR")
    knowledge = SharedKnowledge()
    order: list[str] = []
    learn = knowledge.learn

    def learning(hint: object) -> list:
        order.append("learn")
        return learn(hint)  # type: ignore[arg-type]

    knowledge.learn = learning  # type: ignore[method-assign]
    job = Job(JobKind.SOLVE, board)
    run_job(job, solver, knowledge, warm_shapes=None, solve_seconds=None,
            progress=lambda b, n: None, give_way=lambda: order.append("give way"))
    assert order == ["give way", "learn"]
    assert knowledge.known(board) is not None
    assert job.learned and job.learned[-1].board == board  # filed with the job's outcome


def test_the_frame_clock_calls_before_deadline_once_a_frame_ahead_of_it() -> None:
    now = [0.0]
    seen: list[float] = []

    def sleep(seconds: float) -> None:
        now[0] += max(seconds, 0.0001)

    clock = FrameClock(now=lambda: now[0], sleep=sleep, before_deadline=lambda: seen.append(now[0]))
    clock.tick(60)
    assert seen == []  # the first tick has no deadline to wait for
    now[0] += 0.004
    clock.tick(60)
    assert len(seen) == 1 and 1 / 60 - 0.002 <= seen[0] < 1 / 60


def test_idle_collector_runs_the_oldest_due_generation() -> None:
    ran: list[int] = []
    counts = [(10, 0, 0)]
    collector = IdleCollector(collect=lambda g: ran.append(g) or 0, counts=lambda: counts[0],
                              thresholds=lambda: (700, 10, 10))
    assert collector.collect_due() == 0.0 and ran == []
    counts[0] = (701, 3, 0)
    collector.collect_due()
    counts[0] = (701, 11, 2)
    collector.collect_due()
    counts[0] = (800, 11, 11)
    collector.collect_due()
    assert ran == [0, 1, 2]
    assert collector.passes == [1, 1, 1]


def test_idle_collector_turns_automatic_collection_off_only_inside() -> None:
    assert gc.isenabled()
    with IdleCollector():
        assert not gc.isenabled()
        assert gc.get_freeze_count() > 0
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0


def test_idle_collector_restores_a_disabled_collector_as_it_was() -> None:
    gc.disable()
    try:
        with IdleCollector():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize("shape", [(3, 3), (4, 4)])
def test_the_real_worker_answers_with_the_gate_in_use(shape: tuple[int, int]) -> None:
    from game.worker import SolverWorker

    worker = SolverWorker(warm_shapes=(shape,), prefetch=False)
    worker.start()
    board = random_board(*shape, random.Random(7))
    worker.submit(board)
    deadline = time.monotonic() + 60
    hint = None
    try:
        while hint is None and time.monotonic() < deadline:
            worker.gate.hold()  # frames: held 2 ms of every 6
            time.sleep(0.002)
            worker.gate.release()
            time.sleep(0.004)
            hint = next((h for h in worker.take().hints if h.board == board), None)
    finally:
        worker.shutdown()
    assert hint is not None and hint.optimal
    assert board.apply_all(hint.path).is_solved()
