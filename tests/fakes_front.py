"""Test doubles for the front end: a worker answering from exhaustive search, a fixed clock."""

from __future__ import annotations

import itertools
import random
from functools import lru_cache

from game.core.board import MOVES, Board
from game.core.coach import CoachPacket, CoachState, Hint, NewBoard, WorkerStatus
from game.core.generate import random_board
from game.worker.gate import FrameGate
from tests.helpers import bfs_distances


@lru_cache(maxsize=4)
def distances(width: int, height: int) -> dict[tuple[int, ...], int]:
    """Exact distance of every board of this shape (small shapes only)."""
    return bfs_distances(width, height)


def exact_hint(board: Board) -> Hint:
    """The complete optimal knowledge for a small board, from the exhaustive table."""
    table = distances(board.width, board.height)
    d = table[board.tiles]
    moves = frozenset(m for m in MOVES if board.can_move(m)
                      and table[board.apply(m).tiles] == d - 1)
    path, b = [], board
    while table[b.tiles]:
        m = min(m for m in MOVES if b.can_move(m) and table[b.apply(m).tiles]
                == table[b.tiles] - 1)
        path.append(m)
        b = b.apply(m)
    return Hint(board, d, moves, True, True, "".join(path))


MAX_EXACT_CELLS = 9
"""Boards up to this many cells get exact answers; the fake knows nothing about larger ones."""


def small_hint(board: Board) -> Hint | None:
    """``exact_hint`` for small boards, None for the rest."""
    return exact_hint(board) if board.size <= MAX_EXACT_CELLS else None


class FakeWorker:
    """The SolverWorker interface; answers come only through ``take()``'s packet on the next
    frame, as from the real worker (for the board on screen and for judged boards).

    ``hold_boards`` keeps requested boards back until ``release()``; ``silent`` answers
    nothing (a coach still warming up).
    """

    def __init__(self, hold_boards: bool = False, silent: bool = False) -> None:
        self.hold_boards = hold_boards
        self.silent = silent
        self.held: list = []
        self.submitted: list[Board] = []
        self.judged: list[list[Board]] = []
        self.outbox: list = []
        self.started = False
        self.closed = False
        self._ids = itertools.count(1)
        self.status = WorkerStatus(CoachState.READY)
        self._gate = FrameGate()

    def start(self) -> None:
        self.started = True

    @property
    def gate(self) -> FrameGate:
        return self._gate

    def submit(self, board: Board) -> None:
        self.submitted.append(board)
        self._answer(board)

    def judge(self, boards: list[Board], seconds=None) -> None:
        self.judged.append(list(boards))
        for board in boards:
            self._answer(board)

    def _answer(self, board: Board) -> None:
        hint = None if self.silent else small_hint(board)
        if hint is not None:
            self.outbox.append(hint)

    def request_board(self, width: int, height: int, length: int | None, seed: int) -> int:
        rid = next(self._ids)
        made = NewBoard(random_board(width, height, random.Random(seed)), length, rid)
        (self.held if self.hold_boards else self.outbox).append(made)
        return rid

    def release(self) -> None:
        self.outbox += self.held
        self.held = []

    def speak(self) -> None:
        """A silent coach wakes up: it answers what it was asked."""
        self.silent = False
        for board in {b: None for b in [*self.submitted, *(b for j in self.judged for b in j)]}:
            self._answer(board)

    def take(self) -> CoachPacket:
        out, self.outbox = self.outbox, []
        return CoachPacket(tuple(r for r in out if isinstance(r, Hint)),
                           tuple(r for r in out if isinstance(r, NewBoard)), self.status)

    def shutdown(self) -> None:
        self.closed = True


class FakeClock:
    """pygame.time.Clock's tick() with a fixed frame time."""

    def __init__(self, ms: int = 16) -> None:
        self.ms = ms
        self.ticks = 0

    def tick(self, fps: int = 0) -> int:
        self.ticks += 1
        return self.ms


class MemoryStore:
    """A settings store held in memory."""

    def __init__(self, data: dict | None = None) -> None:
        self.data = dict(data or {})
        self.saves = 0
        self.warning = None

    def load(self) -> dict:
        return dict(self.data)

    def save(self, data: dict) -> None:
        self.data = dict(data)
        self.saves += 1

    def update(self, fn) -> dict:
        self.save(fn(self.load()))
        return self.load()


class InlineWriter:
    """BackgroundWriter that runs each job at once (deterministic tests)."""

    def __init__(self) -> None:
        self.closed = False

    def submit(self, fn):
        fn()

    def close(self, timeout: float = 2.0) -> bool:
        self.closed = True
        return True
