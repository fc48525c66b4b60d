"""The work waiting for the worker thread, and which job comes next (after the warm-up).

Order: board requests (a player waits on "generating"), then the board on screen, then the
boards of moves made before the coach answered (judging), then, while idle, the unsolved
neighbours of the board on screen (prefetch). Used under the service's lock.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from game.core.board import Board
from game.worker.jobs import Job, JobKind


class Waiting:
    """Queued board requests, the pending board, the boards to judge, what was prefetched."""

    def __init__(self, prefetch: bool = True) -> None:
        self.board_jobs: deque[Job] = deque()
        self.pending: Board | None = None
        """The board on screen, when it still needs a search."""
        self.judge: dict[Board, None] = {}
        """Boards to solve when idle, oldest first."""
        self.prefetch = prefetch
        self.prefetched: set[Board] = set()
        """Neighbours already tried for the board on screen."""

    def empty(self) -> bool:
        """Nothing but prefetch could run."""
        return self.pending is None and not self.board_jobs and not self.judge

    def new_latest(self) -> None:
        """Another board is on screen: its neighbours are yet to be tried."""
        self.prefetched.clear()

    def set_judge(self, boards: Iterable[Board], settled: Callable[[Board], bool]) -> bool:
        """Replace the boards to judge (those not settled already); True if any remain."""
        self.judge = {b: None for b in boards if not settled(b)}
        return bool(self.judge)

    def judge_again(self, board: Board) -> None:
        """An interrupted judging goes back to the front."""
        self.judge = {board: None, **self.judge}

    def requeue(self, board: Board | None) -> None:
        """A search of the board on screen that must run again (none pending yet)."""
        if self.pending is None:
            self.pending = board

    def drop_board_jobs(self) -> list[Job]:
        """Take every waiting board request off the queue (they are answered another way)."""
        jobs = list(self.board_jobs)
        self.board_jobs.clear()
        return jobs

    def put_back(self, job: Job) -> None:
        """A job that could not start goes back where it came from."""
        if job.kind is JobKind.BOARD:
            self.board_jobs.appendleft(job)
        elif job.kind is JobKind.SOLVE:
            self.requeue(job.board)

    def next_job(self, background: bool,
                 unknown_neighbour: Callable[[set[Board]], Board | None]) -> Job | None:
        """The next job, taken off the queue; ``background`` False holds back judging and
        prefetch (the coach is faulted or threads are hung). ``unknown_neighbour(skip)``
        gives a neighbour of the board on screen that is not completely known."""
        if self.board_jobs:
            return self.board_jobs.popleft()
        if self.pending is not None:
            job = Job(JobKind.SOLVE, self.pending)
            self.pending = None
            return job
        if not background:
            return None
        if self.judge:
            board = next(iter(self.judge))
            del self.judge[board]
            return Job(JobKind.JUDGE, board)
        if self.prefetch and (child := unknown_neighbour(self.prefetched)) is not None:
            self.prefetched.add(child)
            return Job(JobKind.PREFETCH, child)
        return None
