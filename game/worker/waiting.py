"""The work waiting for the worker thread, and which job comes next (after the warm-up).

Order: board requests (a player waits on "generating"), then the board on screen, then the
boards whose search would judge a move (judging: beyond exact reach they take turns with the
board on screen), then, beyond exact reach, longer searches of the board on screen for a
shorter line while the player thinks (refining), then, while idle, the unsolved neighbours of
the board on screen (prefetch). Used under the service's lock.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from game.core.board import Board
from game.core.coach import EXACT_CELLS, Hint
from game.core.knowledge import proven, searched_enough
from game.worker.jobs import Job, JobKind

REFINE_SECONDS = (4.0, 15.0, 45.0)
"""The budgets of the longer searches of a big board on screen, one after the other (the last
stays under the watchdog's limit for a search)."""
MIN_JUDGING_SECONDS = 0.5
"""The shortest search of a board that judges a move once searched longer in all (a shorter
one finds little)."""
JUDGING_SLACK = 0.1
"""Seconds a search of a board that judges a move once searched longer runs past what is
asked: a search stops a few milliseconds before its deadline (3.57 s of 3.6 asked)."""
REFINE_MISSES = 2
"""Longer searches in a row that find nothing shorter before the coach stops: the line no
longer improves (one may miss where a longer one still finds)."""


@dataclass
class Refining:
    """The board on screen, searched again for a shorter line while the player thinks."""

    board: Board
    best: int
    """The best length known when the current round was planned."""
    round: int = 0
    misses: int = 0
    """Rounds in a row that found nothing shorter."""
    running: bool = False


def judging_left(board: Board, known: Hint | None, seconds: float = 0.0) -> float | None:
    """The seconds of search ``board`` still needs to judge a move, ``seconds`` in all beyond
    exact reach (0: a usual search); None when ``known`` judges it already: a proven hint or,
    beyond exact reach, the line of a search of it that ran to its end, ``seconds`` long in
    all (``Hint.effort``)."""
    if proven(known) or (board.size > EXACT_CELLS and searched_enough(known, seconds)):
        return None
    if not seconds:
        return 0.0
    done = known.effort if searched_enough(known) and known is not None else 0.0
    return max(MIN_JUDGING_SECONDS, seconds - done + JUDGING_SLACK)


class Waiting:
    """Queued board requests, the pending board, the boards to judge, what was prefetched."""

    def __init__(self, prefetch: bool = True) -> None:
        self.board_jobs: deque[Job] = deque()
        self.pending: Board | None = None
        """The board on screen, when it still needs a search."""
        self.judge: dict[Board, None] = {}
        """Boards to solve when idle, oldest first."""
        self.judge_seconds: dict[Board, float] = {}
        """The seconds of search in all each board the game asked to judge needs (0: any
        finished search)."""
        self.prefetch = prefetch
        self.prefetched: set[Board] = set()
        """Neighbours already tried for the board on screen."""
        self.refining: Refining | None = None
        self.judged_last = False
        """Beyond exact reach: the last job handed out judged a move while a board on screen
        waited (that board goes next)."""

    def empty(self) -> bool:
        """Nothing but prefetch could run."""
        refine = self.refining is not None and not self.refining.running
        return self.pending is None and not self.board_jobs and not self.judge and not refine

    def new_latest(self) -> None:
        """Another board is on screen: its neighbours are yet to be tried, and the longer
        searches are for it now."""
        self.prefetched.clear()
        self.refining = None

    def searched(self, job: Job, interrupted: bool, known: Hint | None,
                 building: bool = False) -> None:
        """A search of the board on screen ended (``known``: what is known of it now): beyond
        exact reach, plan the next longer search; stop once the line is proven, no longer
        improves (REFINE_MISSES rounds in a row found nothing shorter), or the rounds are
        done. A round that ran while tables were still being built proves nothing: it runs
        again once they are ready."""
        board = job.board
        if board is None or board.size <= EXACT_CELLS or job.kind not in (JobKind.SOLVE,
                                                                          JobKind.REFINE):
            return
        refining = self.refining
        if job.kind is JobKind.REFINE:
            if refining is None or refining.board != board:
                return
            refining.running = False
            if interrupted or building:
                return  # the same round again when the coach is free (and its tables ready)
            shorter = known is not None and known.distance < refining.best
            refining.misses = 0 if shorter else refining.misses + 1
            refining.round += 1
            if known is None or known.optimal or refining.misses >= REFINE_MISSES \
                    or refining.round >= len(REFINE_SECONDS):
                self.refining = None
                return
            refining.best = known.distance
            return
        if not interrupted and known is not None and not known.optimal:
            self.refining = Refining(board, known.distance)

    def judges_first(self, screen: Board) -> bool:
        """Whether a move waiting for its judgement is searched before ``screen``, the board on
        screen: beyond exact reach, they take turns (a newcomer moving every 0.35 s on 5x5
        saw "judging 1" for 13 s: each new board on screen was searched first, each search
        cancelled by the next move, and the move was judged only when they stopped). The
        player has a line to show meanwhile: the one through the boards played."""
        return screen.size > EXACT_CELLS and not self.judged_last \
            and any(board != screen for board in self.judge)

    def goes_on(self, running: Job, screen: Board) -> bool:
        """Whether the search ``running`` goes on when ``screen`` comes on screen: beyond exact
        reach, a search whose board judges a move (``judges_first``), a longer one too (it
        would start again from nothing), but not the longer searches of a board the player
        thought about past the first (seconds more before the new board's first answer)."""
        return screen.size > EXACT_CELLS and (
            running.kind is JobKind.JUDGE or running.board in self.judge) and (
            running.seconds is None or running.seconds <= REFINE_SECONDS[0])

    def set_judge(self, boards: Iterable[Board], settled: Callable[[Board], bool],
                  seconds: Mapping[Board, float] | None = None) -> bool:
        """Replace the boards to judge (those not settled already), each with the seconds of
        search it needs in all (``seconds``, 0 when not there); True if any remain."""
        wanted = seconds or {}
        self.judge_seconds = {b: wanted.get(b, 0.0) for b in boards}
        self.judge = {b: None for b in self.judge_seconds if not settled(b)}
        return bool(self.judge)

    def judge_again(self, board: Board) -> None:
        """An interrupted judging goes back to the front."""
        self.judge = {board: None, **self.judge}

    def judged(self, board: Board, left: Callable[[Board, float], float | None]) -> None:
        """A search of ``board`` ended: if the game still waits for it and it is not long
        enough yet (``left``, as in ``next_job``), it goes back to the front."""
        wanted = self.judge_seconds.get(board)
        if wanted is not None and board not in self.judge and left(board, wanted) is not None:
            self.judge_again(board)

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
                 unknown_neighbour: Callable[[set[Board]], Board | None],
                 building: bool = False,
                 left: Callable[[Board, float], float | None] = lambda board, s: s) -> Job | None:
        """The next job, taken off the queue; ``background`` False holds back judging and
        prefetch (the coach is faulted or threads are hung), ``building`` the longer searches
        (tables are being built: they would slow the build and find nothing better).
        ``unknown_neighbour(skip)`` gives a neighbour of the board on screen that is not
        completely known; ``left(board, seconds)`` the seconds of search a board to judge
        still needs (0: a usual search), None when it is answered by now (the search of the
        board on screen found it): then it is dropped. Beyond exact reach the boards to judge
        and the board on screen take turns (``judges_first``)."""
        if self.board_jobs:
            return self.board_jobs.popleft()
        pending = self.pending
        if pending is not None and not (background and self.judges_first(pending)):
            self.pending = None
            self.judged_last = False
            return Job(JobKind.SOLVE, pending)
        if not background:
            return None
        for board in list(self.judge):
            if board == pending:
                continue  # the search of the board on screen judges it
            del self.judge[board]
            seconds = left(board, self.judge_seconds.get(board, 0.0))
            if seconds is not None:
                self.judged_last = pending is not None
                return Job(JobKind.JUDGE, board, seconds=seconds or None)
        if pending is not None:
            self.pending = None
            self.judged_last = False
            return Job(JobKind.SOLVE, pending)
        refining = self.refining
        if refining is not None and not refining.running and not building:
            refining.running = True
            return Job(JobKind.REFINE, refining.board, seconds=REFINE_SECONDS[refining.round])
        if self.prefetch and (child := unknown_neighbour(self.prefetched)) is not None:
            self.prefetched.add(child)
            return Job(JobKind.PREFETCH, child)
        return None
