"""SolverWorker with the real game.solver on 3x3 boards (exact table, instant answers)."""

from __future__ import annotations

import pytest
from test_worker_fakes import take_until, wait_for

from game.core.notation import parse_board
from game.worker import Hint, NewBoard, SolverWorker, WorkerStatus

solver = pytest.importorskip("game.solver", reason="the real solver (issue 3) is not in yet")

REAL_TIMEOUT = 120.0
"""Warm-up may build tables and compile kernels on a cold CI machine."""
KNOWN = ("2 4 6/0 7 1/8 5 3", 21)
"""A row of optimal_3x3.tsv in ../shared/boards (the length is checked against BFS below)."""


@pytest.fixture
def worker(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    made = SolverWorker(warm_shapes=((3, 3),))
    made.start()
    yield made
    made.shutdown()


def test_real_solver_behind_the_worker(worker, bfs33):
    board = parse_board(KNOWN[0])
    assert bfs33[board.tiles] == KNOWN[1]
    worker.submit(board)
    results = take_until(worker, lambda r: any(x.board == board for x in r),
                         timeout=REAL_TIMEOUT)
    # the search's answer (a prefetch may also pass this board on a neighbour's path)
    hint = next(r for r in results if isinstance(r, Hint) and r.board == board and r.proven)
    assert hint.board == board and hint.distance == KNOWN[1]
    assert hint.optimal and hint.complete
    assert hint.moves == solver.optimal_moves(board).moves
    assert board.apply_all(hint.path).is_solved()
    step = board.apply(hint.path[0])
    assert worker.knowledge.known(step).distance == KNOWN[1] - 1
    along = [r for r in results if isinstance(r, Hint) and r.board == step]  # the path's too
    assert along[0].distance == KNOWN[1] - 1 and along[0].path == hint.path[1:]
    assert wait_for(lambda: worker.status == WorkerStatus("ready")), worker.status

    request = worker.request_board(3, 3, 20, seed=11)
    made = [r for r in take_until(worker, lambda r: any(isinstance(x, NewBoard) for x in r),
                                  timeout=REAL_TIMEOUT) if isinstance(r, NewBoard)]
    assert made[0].request_id == request and solver.exact_distance(made[0].board) == 20
