"""SolverWorker.take(): one packet a frame with every hint learned, whatever its board, the
boards made for requests and the status."""

from __future__ import annotations

import pytest
from test_worker_fakes import FAKE_BOUND, FAKE_NODES, boards_at, distance, take_until, wait_for

from game.core.board import Board
from game.worker import CoachPacket, Hint, NewBoard, SolverWorker, WorkerStatus

START = 100.0


@pytest.fixture
def clock() -> list[float]:
    """The worker's clock, moved by hand (latency is measured on it)."""
    return [START]


@pytest.fixture
def worker(solver, clock):
    made = SolverWorker(solver_module=solver, prefetch=False, clock=lambda: clock[0])
    yield made
    solver.open_everything()
    made.shutdown()


def hints_for(results: list, board: Board) -> list[Hint]:
    return [r for r in results if isinstance(r, Hint) and r.board == board]


def test_a_proven_answer_brings_every_board_along_its_path(solver, worker):
    start = boards_at(12)[0]
    worker.submit(start)
    results = take_until(worker, lambda r: hints_for(r, start))
    [answer] = hints_for(results, start)
    assert results[-1] == answer  # the path's boards first, farthest first, the board itself last
    here = start
    for step, move in enumerate(answer.path[:-1], 1):
        here = here.apply(move)
        [along] = hints_for(results, here)
        assert along.optimal and along.distance == distance(here) == answer.distance - step
        assert along.path == answer.path[step:] and not along.complete
        assert along.latency == 0.0  # only the board on screen is timed
    assert solver.started == [start]


def test_the_board_on_screen_gets_its_latency_other_boards_none(solver, worker, clock):
    screen, other = boards_at(10)[:2]
    gate = solver.gate(screen)
    worker.start()
    worker.submit(screen)
    assert wait_for(lambda: screen in solver.started)
    clock[0] = START + 2.5
    gate.set()
    [answer] = hints_for(take_until(worker, lambda r: hints_for(r, screen)), screen)
    assert answer.latency == 2.5
    worker.judge([other])  # a board played through earlier: learned, and delivered too
    [judged] = hints_for(take_until(worker, lambda r: hints_for(r, other)), other)
    assert judged.proven and judged.distance == distance(other) and judged.latency == 0.0
    assert worker.knowledge.get(other) == judged


def test_made_boards_come_in_their_own_field(solver, worker):
    worker.start()
    first = worker.request_board(2, 3, 9, seed=5)
    right_away = worker.request_board(3, 3, None, seed=2)
    results = take_until(worker, lambda r: len([x for x in r if isinstance(x, NewBoard)]) == 2)
    made = {x.request_id: x for x in results if isinstance(x, NewBoard)}
    assert made[first].length == 9 and distance(made[first].board) == 9
    assert made[right_away].length is None and made[right_away].board.shape == "3x3"


def test_every_packet_carries_the_status_of_its_frame(solver, worker):
    board = boards_at(10)[3]
    solver.warm_gate.clear()
    assert worker.take() == CoachPacket(status=WorkerStatus("warming up"))
    worker.start()
    solver.warm_gate.set()
    gate = solver.gate(board)
    worker.submit(board)
    thinking = WorkerStatus("thinking", FAKE_BOUND, FAKE_NODES, board=board)
    assert wait_for(lambda: worker.take().status == thinking)
    gate.set()
    taken: list[CoachPacket] = []

    def answered() -> bool:
        taken.append(worker.take())
        return bool(hints_for(list(taken[-1].hints), board))

    assert wait_for(answered)
    assert taken[-1].status == WorkerStatus("ready")  # the answer comes with the status it makes


def test_a_quiet_frame_gets_the_same_empty_packet(solver, worker):
    board = boards_at(6)[0]
    worker.submit(board)
    take_until(worker, lambda r: hints_for(r, board))
    assert wait_for(lambda: worker.take().status == WorkerStatus("ready"))
    quiet = worker.take()
    assert quiet.empty and worker.take() is quiet  # nothing allocated, no lock taken
    worker.shutdown()
    assert worker.take() == CoachPacket(status=WorkerStatus("unavailable"))


def test_the_front_ends_fake_worker_hands_out_packets_too() -> None:
    from tests.fakes_front import FakeWorker

    fake = FakeWorker()
    board = Board.goal(3, 3).apply_all("DR")
    fake.submit(board)
    request = fake.request_board(3, 3, None, seed=1)
    packet = fake.take()
    assert [h.board for h in packet.hints] == [board] and packet.hints[0].proven
    assert [b.request_id for b in packet.boards] == [request]
    assert packet.status == WorkerStatus("ready")
    assert fake.take().empty
