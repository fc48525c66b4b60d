"""SolverWorker with injected fake solvers: newest board wins, warm-up, progress, knowledge."""

from __future__ import annotations

import random
import time

import pytest
from test_worker_fakes import (
    FAKE_BOUND,
    FAKE_NODES,
    boards_at,
    distance,
    optimal_set,
    take_until,
    wait_for,
)

from game.core.board import Board, inverse
from game.core.generate import random_board
from game.worker import CoachPacket, Hint, NewBoard, SolverWorker, WorkerStatus

HANG_GRACE = 0.2
"""A short grace so the hang tests finish quickly; cancel-path tests pass a long one."""
NO_ABANDON = 60.0


@pytest.fixture
def make_worker(solver):
    workers: list[SolverWorker] = []

    def make(**kwargs) -> SolverWorker:
        kwargs.setdefault("hang_grace", HANG_GRACE)
        kwargs.setdefault("prefetch", False)  # exact search counts; prefetch is tested apart
        worker = SolverWorker(solver_module=solver, **kwargs)
        workers.append(worker)
        return worker

    yield make
    solver.open_everything()  # let gated fakes end so shutdown has nothing to wait for
    for worker in workers:
        worker.shutdown()


def hints_for(results: list, board: Board) -> list[Hint]:
    return [r for r in results if isinstance(r, Hint) and r.board == board]


def until_hint(worker: SolverWorker, board: Board) -> list:
    """take() until a hint for ``board`` has arrived; everything taken on the way."""
    return take_until(worker, lambda r: hints_for(r, board))


def new_boards(results: list) -> list[NewBoard]:
    return [r for r in results if isinstance(r, NewBoard)]


def test_hint_is_exact_and_carries_its_board(solver, make_worker):
    board = boards_at(12)[3]
    worker = make_worker()
    worker.start()
    worker.submit(board)
    [hint] = hints_for(until_hint(worker, board), board)
    assert hint.board == board
    assert hint.distance == distance(board)
    assert hint.moves == optimal_set(board)
    assert hint.optimal and hint.complete
    assert len(hint.path) == hint.distance and board.apply_all(hint.path).is_solved()
    assert hint.latency >= 0
    assert wait_for(lambda: worker.status == WorkerStatus("ready"))


def test_warm_up_first_then_only_the_newest_board_is_searched(solver, make_worker):
    solver.warm_gate.clear()
    worker = make_worker()
    assert worker.status.state == "warming up"
    worker.start()
    assert wait_for(lambda: solver.warm_calls == 1)
    a, b = boards_at(8)[:2]
    worker.submit(a)
    worker.submit(b)
    assert worker.take() == CoachPacket(status=WorkerStatus("warming up"))
    assert worker.status == WorkerStatus("warming up")
    assert solver.started == []
    solver.warm_gate.set()
    results = until_hint(worker, b)
    assert len(hints_for(results, b)) == 1 and not hints_for(results, a)
    assert solver.started == [b]
    assert solver.warm_calls == 1


def test_submit_before_start_starts_the_worker(solver, make_worker):
    board = boards_at(5)[0]
    worker = make_worker()
    worker.submit(board)
    assert hints_for(until_hint(worker, board), board)
    assert solver.warm_calls == 1


def test_thinking_status_reports_bound_and_nodes(solver, make_worker):
    board = boards_at(10)[0]
    gate = solver.gate(board)
    worker = make_worker()
    worker.start()
    worker.submit(board)
    thinking = WorkerStatus("thinking", FAKE_BOUND, FAKE_NODES, board=board)
    assert wait_for(lambda: worker.status == thinking)
    gate.set()
    assert hints_for(until_hint(worker, board), board)
    assert worker.status == WorkerStatus("ready")  # the answer comes with its status


def test_a_hint_for_a_board_no_longer_on_screen_is_delivered(solver, make_worker):
    a, b = boards_at(9)[:2]
    gate_b = solver.gate(b)
    worker = make_worker()
    worker.start()
    worker.submit(a)
    assert wait_for(lambda: a in solver.finished and worker.status.state == "ready")
    worker.submit(b)  # a's hint is finished but not yet taken: the game still wants it
    packet = worker.take()
    [old] = hints_for(list(packet.hints), a)
    assert old.proven and old.distance == distance(a) and old.latency == 0.0
    gate_b.set()
    [new] = hints_for(until_hint(worker, b), b)
    assert new.proven and new.latency >= 0
    assert worker.knowledge.known(a).complete  # and the worker keeps it too


def test_search_that_ignores_cancel_but_finishes_late_keeps_its_own_board(solver, make_worker):
    a, b = boards_at(9)[2:4]
    solver.stubborn.add(a)
    gate_a = solver.gate(a)
    worker = make_worker(hang_grace=NO_ABANDON)
    worker.start()
    worker.submit(a)
    assert wait_for(lambda: a in solver.started)
    worker.submit(b)
    gate_a.set()
    results = until_hint(worker, b)
    assert all(h.latency == 0.0 for h in hints_for(results, a))  # not the board on screen
    assert hints_for(results, b)[0].distance == distance(b)
    assert solver.started == [a, b]


def test_new_board_cancels_the_running_search(solver, make_worker):
    a, b = boards_at(11)[:2]
    solver.gate(a)  # never opened: only the cancel token can end this search
    worker = make_worker(hang_grace=NO_ABANDON)
    worker.start()
    worker.submit(a)
    assert wait_for(lambda: a in solver.started)
    assert worker.status.state == "thinking"
    worker.submit(b)
    results = until_hint(worker, b)
    assert solver.cancelled == [a]
    assert hints_for(results, b)[0].distance == distance(b)
    assert worker.counters["restarts"] == 0


def test_resubmitting_the_board_being_searched_does_not_restart_it(solver, make_worker):
    board = boards_at(10)[1]
    gate = solver.gate(board)
    worker = make_worker()
    worker.start()
    worker.submit(board)
    assert wait_for(lambda: board in solver.started)
    for _ in range(10):
        worker.submit(board)
    gate.set()
    assert len(hints_for(until_hint(worker, board), board)) == 1
    assert solver.started == [board] and solver.cancelled == []


def test_cached_board_is_answered_without_a_search(solver, make_worker):
    a, b = boards_at(7)[:2]
    worker = make_worker()
    worker.start()
    for board in (a, b):
        worker.submit(board)
        assert hints_for(until_hint(worker, board), board)
    worker.submit(a)
    [hint] = hints_for(until_hint(worker, a), a)
    assert hint.complete and hint.moves == optimal_set(a)
    assert solver.started == [a, b]
    assert worker.counters["cache_hits"] == 1
    goal = Board.goal(2, 3)
    worker.submit(goal)
    [done] = until_hint(worker, goal)
    assert (done.board, done.distance, done.moves, done.complete) == (goal, 0, frozenset(), True)
    assert goal not in solver.started


def _branching_board() -> Board:
    """A board with two optimal moves and at least one wasteful one."""
    for board in boards_at(16):
        moves = optimal_set(board)
        if len(moves) >= 2 and len(moves) < len(board.legal_moves()):
            return board
    raise AssertionError("no suitable 2x3 board")


def test_follow_the_path_and_replan_after_a_wasteful_move(solver, make_worker):
    start = _branching_board()
    worker = make_worker()
    worker.start()
    worker.submit(start)
    [first] = hints_for(until_hint(worker, start), start)
    d = first.distance
    # Every board along the stored path is known at once, with no new search.
    here = start
    for step, move in enumerate(first.path, 1):
        here = here.apply(move)
        known = worker.knowledge.known(here)
        assert known.optimal and known.distance == d - step == distance(here)
        assert known.path == first.path[step:]
        assert known.moves <= optimal_set(here)
        if known.distance:
            assert known.path[0] in known.moves
    assert solver.started == [start]
    # Another optimal move: the distance is known, not (yet) the moves.
    other = next(m for m in sorted(first.moves) if m != first.path[0])
    alt = worker.knowledge.known(start.apply(other))
    assert alt.distance == d - 1 and not alt.complete
    assert alt.moves <= optimal_set(start.apply(other))
    # A wasteful move: undoing it is known to be optimal at once ...
    waste = next(m for m in start.legal_moves() if m not in first.moves)
    child = start.apply(waste)
    known = worker.knowledge.known(child)
    assert known.distance == d + 1 == distance(child)
    assert inverse(waste) in known.moves and not known.complete
    assert len(known.path) == d + 1 and child.apply_all(known.path).is_solved()
    # ... and the full set is computed in the background.
    worker.submit(child)
    [full] = hints_for(until_hint(worker, child), child)
    assert full.complete
    assert full.moves == optimal_set(child) and inverse(waste) in full.moves


def test_a_search_is_told_the_distance_and_the_children_already_proven(solver, make_worker):
    start = _branching_board()
    worker = make_worker()
    worker.start()
    worker.submit(start)
    [first] = hints_for(until_hint(worker, start), start)
    assert solver.knew[start] == (None, {}, "")  # nothing known yet: a search from scratch
    waste = next(m for m in start.legal_moves() if m not in first.moves)
    child = start.apply(waste)
    worker.submit(child)
    hints_for(until_hint(worker, child), child)
    # the distance comes from the answer next door, the move back is settled by it, and
    # going back then on along its path is a known optimal line
    assert solver.knew[child] == (first.distance + 1, {inverse(waste): first.distance},
                                  inverse(waste) + first.path)


def test_request_board_of_a_given_length(solver, make_worker):
    worker = make_worker()
    worker.start()
    first = worker.request_board(2, 3, 9, seed=5)
    second = worker.request_board(2, 3, 9, seed=5)
    results = take_until(worker, lambda r: len(new_boards(r)) == 2)
    one, two = new_boards(results)
    assert (one.request_id, two.request_id) == (first, second)
    assert one.length == 9 and distance(one.board) == 9
    assert one.board == two.board  # same seed, same board


def test_request_board_without_length_is_uniform_and_immediate(solver, make_worker):
    solver.warm_gate.clear()  # even during warm-up
    worker = make_worker()
    worker.start()
    request = worker.request_board(3, 3, None, seed=7)
    packet = worker.take()
    assert packet.boards == (NewBoard(random_board(3, 3, random.Random(7)), None, request),)
    assert packet.hints == () and packet.status.state == "warming up"
    with pytest.raises(ValueError, match="too large"):
        worker.request_board(11, 3, None, seed=1)


def test_request_board_interrupts_a_search_and_resumes_it(solver, make_worker):
    board = boards_at(10)[2]
    gate = solver.gate(board)
    worker = make_worker(hang_grace=NO_ABANDON)
    worker.start()
    worker.submit(board)
    assert wait_for(lambda: board in solver.started)
    request = worker.request_board(2, 3, 6, seed=1)
    [made] = new_boards(take_until(worker, new_boards))
    assert made.request_id == request and distance(made.board) == 6
    assert solver.cancelled == [board]
    gate.set()
    assert hints_for(until_hint(worker, board), board)
    assert solver.started == [board, board]


def _children(board: Board) -> list[Board]:
    return [board.apply(m) for m in board.legal_moves() if not board.apply(m).is_solved()]


def test_prefetch_solves_the_neighbours_while_idle(solver, make_worker):
    board = _branching_board()
    worker = make_worker(prefetch=True)
    worker.start()
    worker.submit(board)
    results = until_hint(worker, board)
    children = _children(board)
    known = worker.knowledge.get
    assert wait_for(lambda: all(known(c) is not None and known(c).complete for c in children))
    assert worker.status == WorkerStatus("ready")  # prefetching is not "thinking"
    assert set(solver.started[1 : 1 + len(optimal_set(board))]) == {
        board.apply(m) for m in optimal_set(board)
    }  # the likely moves first
    child = board.apply(sorted(optimal_set(board))[-1])
    worker.submit(child)
    results += until_hint(worker, child)  # the prefetched answers came too, then the cache hit
    assert all(h.proven and h.moves == optimal_set(child) for h in hints_for(results, child))
    assert all(hints_for(results, c) for c in children)
    assert solver.started.count(child) == 1


def test_submitting_the_board_being_prefetched_takes_over_its_search(solver, make_worker):
    board = _branching_board()
    gates = {c: solver.gate(c) for c in _children(board)}
    worker = make_worker(prefetch=True, hang_grace=NO_ABANDON)
    worker.start()
    worker.submit(board)
    assert hints_for(until_hint(worker, board), board)
    assert wait_for(lambda: len(solver.started) == 2)
    child = solver.started[1]
    worker.submit(child)
    assert worker.status.state == "thinking"
    gates[child].set()
    [hint] = hints_for(until_hint(worker, child), child)
    assert hint.moves == optimal_set(child) and hint.latency >= 0
    assert solver.started.count(child) == 1 and solver.cancelled == []


def test_a_new_board_cancels_a_prefetch(solver, make_worker):
    board = _branching_board()
    for child in _children(board):
        solver.gate(child)
    far = boards_at(20)[0]
    worker = make_worker(prefetch=True, hang_grace=NO_ABANDON)
    worker.start()
    worker.submit(board)
    assert hints_for(until_hint(worker, board), board)
    assert wait_for(lambda: len(solver.started) == 2)
    worker.submit(far)
    results = until_hint(worker, far)
    assert hints_for(results, far)[0].distance == distance(far)
    assert solver.cancelled == [solver.started[1]]


def test_judge_solves_listed_boards_when_idle_and_delivers_the_answers(solver, make_worker):
    worker = make_worker()
    worker.start()
    a, b = boards_at(10)[:2]
    worker.judge([a, b])
    results = take_until(worker, lambda r: hints_for(r, a) and hints_for(r, b))
    [for_a], [for_b] = hints_for(results, a), hints_for(results, b)
    assert for_a.proven and for_a.distance == distance(a) and for_b.moves == optimal_set(b)
    assert for_a.latency == for_b.latency == 0.0  # neither was on screen
    assert worker.knowledge.known(a) == for_a


def test_the_board_on_screen_goes_before_judging(solver, make_worker):
    solver.warm_gate.clear()
    worker = make_worker()
    worker.start()
    old, screen = boards_at(12)[:2]
    worker.judge([old])
    worker.submit(screen)
    solver.warm_gate.set()
    results = take_until(worker, lambda r: hints_for(r, screen) and hints_for(r, old))
    assert solver.started[0] == screen
    assert hints_for(results, old)[0].complete


def scripted_solver(optimal_moves):
    """A solver module whose searches are ``optimal_moves`` (big boards: no table, no
    exact reach)."""
    import types

    return types.SimpleNamespace(
        CancelToken=lambda: types.SimpleNamespace(cancelled=False, cancel=lambda: None),
        SolveCancelled=type("Cancelled", (Exception,), {}), warm_up=lambda *a: None,
        optimal_moves=optimal_moves,
        within_reach=lambda b: False, random_board_with_length=None)


def test_big_board_hint_sharpens_while_the_search_runs() -> None:
    """On boards beyond 16 cells each shorter line found mid-search goes out at once."""
    import threading

    from game.core.board import inverse_moves
    from game.worker.jobs import Found

    board = Board.goal(5, 5).apply_all("DDRRUL")
    short_line = inverse_moves("DDRRUL")
    detour = next(m for m in board.legal_moves() if m != short_line[0])
    long_line = detour + inverse(detour) + short_line
    release = threading.Event()

    def optimal_moves(b, *, cancel=None, deadline=None, progress=None, on_better=None,
                      proof_share=0.0):
        on_better(long_line)
        release.wait(5)
        on_better(short_line)
        return Found(b, short_line)

    worker = SolverWorker(solver_module=scripted_solver(optimal_moves), prefetch=False)
    try:
        worker.start()
        worker.submit(board)
        first = until_hint(worker, board)
        assert [h.distance for h in hints_for(first, board)] == [len(long_line)]
        assert all(h.provisional for h in hints_for(first, board))  # mid-search
        release.set()
        later = until_hint(worker, board)
        assert min(h.distance for h in hints_for(later, board)) == len(short_line)
        assert worker.knowledge.known(board).distance == len(short_line)
        for _ in range(200):  # the search's end: its line is no longer provisional
            if not worker.knowledge.known(board).provisional:
                break
            time.sleep(0.01)
        assert not worker.knowledge.known(board).provisional
    finally:
        release.set()
        worker.shutdown()


def test_a_big_board_judged_in_the_background_gets_its_final_line_only() -> None:
    """A board searched to judge a move sends no line mid-search: the game judges by lines
    of searches that have ended, and nobody looks at that board's hint."""

    from game.core.board import inverse_moves
    from game.worker.jobs import Found

    board = Board.goal(5, 5).apply_all("DDRRUL")
    line = inverse_moves("DDRRUL")
    screen = Board.goal(5, 5).apply_all("DDRU")  # the board on screen
    lines = {board: line, screen: inverse_moves("DDRU")}
    given: dict[Board, bool] = {}

    def optimal_moves(b, *, cancel=None, deadline=None, progress=None, on_better=None,
                      proof_share=0.0):
        given[b] = on_better is not None
        return Found(b, lines[b])

    worker = SolverWorker(solver_module=scripted_solver(optimal_moves), prefetch=False)
    try:
        worker.start()
        worker.submit(screen)
        worker.judge([board])
        hints = hints_for(until_hint(worker, board), board)
        assert given == {screen: True, board: False} and not any(h.provisional for h in hints)
    finally:
        worker.shutdown()
