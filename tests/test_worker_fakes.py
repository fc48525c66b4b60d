"""Injectable fake solvers for the worker tests: exact answers from BFS on 2x3, scripted faults."""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from helpers import bfs_distances

from game.core.board import Board

WAIT_TIMEOUT = 10.0
"""Generous limit for anything a test waits for (slow 2-core CI)."""
POLL_SLEEP = 0.002
GATE_CHECK = 0.005
"""How often a gated fake search looks at its cancel token."""
HANG_LIMIT = 60.0
"""A 'hanging' fake gives up after this long even if nobody releases it."""
FAKE_BOUND, FAKE_NODES = 7, 1234


@functools.cache
def distances(width: int = 2, height: int = 3) -> dict[tuple[int, ...], int]:
    """Exact distance of every solvable board of that shape."""
    return bfs_distances(width, height)


def boards_at(distance: int, width: int = 2, height: int = 3) -> list[Board]:
    """Every board at exactly ``distance`` moves from the goal, in a fixed order."""
    table = distances(width, height)
    return [Board(width, height, t) for t in sorted(t for t, d in table.items() if d == distance)]


def optimal_set(board: Board) -> frozenset[str]:
    """All moves that begin an optimal solution (from the BFS table)."""
    table = distances(board.width, board.height)
    d = table[board.tiles]
    return frozenset(m for m in board.legal_moves() if table[board.apply(m).tiles] == d - 1)


def distance(board: Board) -> int:
    """Exact distance to the goal (from the BFS table)."""
    return distances(board.width, board.height)[board.tiles]


@dataclass(frozen=True)
class FakeOptimalMoves:
    """Same fields as game.solver.OptimalMoves."""

    board: Board
    distance: int
    moves: frozenset[str]
    optimal: bool
    path: str


class FakeSolveCancelled(Exception):
    """Raised by a fake search that noticed its cancel token."""


class FakeSolveTimeout(FakeSolveCancelled):
    """Raised by a fake search that ran past its deadline."""


class FakeCancelToken:
    """Same interface as game.solver.CancelToken."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()


class FakeSolver:
    """A scriptable stand-in for game.solver: exact on 2x3, with gates, crashes and hangs."""

    CancelToken = FakeCancelToken
    SolveCancelled = FakeSolveCancelled

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.warm_gate = threading.Event()
        self.warm_gate.set()
        self.warm_error: Exception | None = None
        self.warm_calls = 0
        self.gates: dict[Board, threading.Event] = {}
        self.crash: set[Board] = set()
        self.hang: set[Board] = set()
        self.stubborn: set[Board] = set()
        self.slow: set[Board] = set()
        self.release = threading.Event()
        self.board_error: Exception | None = None
        self.started: list[Board] = []
        self.cancelled: list[Board] = []
        self.finished: list[Board] = []
        self.knew: dict[Board, tuple[int | None, dict[str, int], str]] = {}
        """What each search was told it may take as proven (distance, settled children, an
        optimal line)."""

    # --- the solver interface -------------------------------------------
    def warm_up(self, shapes: object = None, progress: object = None) -> None:
        with self.lock:
            self.warm_calls += 1
        self.warm_gate.wait(HANG_LIMIT)
        if self.warm_error is not None:
            raise self.warm_error

    def within_reach(self, board: Board) -> bool:
        return False

    def optimal_moves(
        self,
        board: Board,
        *,
        cancel: FakeCancelToken | None = None,
        deadline: float | None = None,
        progress: Callable[[int, int], None] | None = None,
        on_better: Callable[[str], None] | None = None,
        distance: int | None = None,
        settled: Mapping[str, int] | None = None,
        line: str = "",
        proof_share: float = 0.0,
    ) -> FakeOptimalMoves:
        with self.lock:
            self.started.append(board)
            self.knew[board] = (distance, dict(settled or {}), line)
        if progress is not None:
            progress(FAKE_BOUND, FAKE_NODES)
        if board in self.crash:
            raise RuntimeError(f"fake solver crashed on {board}")
        if board in self.slow and deadline is not None:
            raise FakeSolveTimeout(f"{board} ran past its deadline")
        if board in self.hang:  # ignores the cancel token entirely
            self.release.wait(HANG_LIMIT)
        gate = self.gates.get(board)
        if gate is not None:
            while not gate.wait(GATE_CHECK):
                if cancel is not None and cancel.cancelled and board not in self.stubborn:
                    with self.lock:
                        self.cancelled.append(board)
                    raise FakeSolveCancelled(str(board))
        with self.lock:
            self.finished.append(board)
        return self.answer(board)

    def random_board_with_length(self, width: int, height: int, length: int, rng) -> Board:
        if self.board_error is not None:
            raise self.board_error
        return rng.choice(boards_at(length, width, height))

    # --- helpers for tests -----------------------------------------------
    @staticmethod
    def answer(board: Board) -> FakeOptimalMoves:
        """The exact answer, with a path that always takes the first optimal move."""
        moves = optimal_set(board)
        path, here = "", board
        while not here.is_solved():
            step = sorted(optimal_set(here))[0]
            path += step
            here = here.apply(step)
        return FakeOptimalMoves(board, distance(board), moves, True, path)

    def gate(self, board: Board) -> threading.Event:
        """Make searches of ``board`` wait (checking their token) until the event is set."""
        event = threading.Event()
        self.gates[board] = event
        return event

    def open_everything(self) -> None:
        """Let every waiting fake search finish (test teardown)."""
        self.warm_gate.set()
        self.release.set()
        for event in self.gates.values():
            event.set()


def wait_for(predicate: Callable[[], bool], timeout: float = WAIT_TIMEOUT) -> bool:
    """Poll ``predicate`` with small sleeps until it holds or the timeout passes."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(POLL_SLEEP)
    return predicate()


def take_until(worker, predicate: Callable[[list], bool], timeout: float = WAIT_TIMEOUT) -> list:
    """Call worker.take() like a game loop, collecting the packets' hints and made boards
    until ``predicate(results)``."""
    results: list = []

    def step() -> bool:
        packet = worker.take()
        results.extend(packet.hints)
        results.extend(packet.boards)
        return predicate(results)

    wait_for(step, timeout)
    return results
