"""SolverWorker: the game loop's non-blocking bridge to the solver (newest board wins).

Threads, not processes: the numba kernels release the GIL, the tables are loaded once and
shared, progress reports are plain calls. Jobs run one at a time on a daemon thread
(``executor``), chosen when the last one ends (``waiting``); the ``watchdog`` cancels or
abandons over-long work, and the coach comes back by itself when abandoned work ends after
all or on the next new board. A job's end is decided in ``filing``; the worker's life is one
``Phase`` (``phase``). Each fault is logged once per cause (``faults``), outside the lock.

Methods called by the game loop take a lock nobody holds for longer than a few dictionary
operations, and ``take()`` skips even that on the frames where nothing happened (most of
them). It hands the game one ``CoachPacket`` a frame (``outbox``): every hint learned since,
for any board (searches, lines improved mid-search, judged and prefetched boards, the boards
along a proven path, cache hits for a submitted board), the boards made for requests, and
the status. Every answer is kept in ``knowledge``: a known board needs no search again.
"""

from __future__ import annotations

import itertools
import logging
import random
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from functools import partial

from game.core.board import Board, check_size
from game.core.coach import CoachPacket, Hint, NewBoard, WorkerStatus
from game.core.faults import FaultLog
from game.core.generate import random_board
from game.worker.executor import Lane
from game.worker.filing import Outcome, abandoned, finished, interrupted, uniform_board
from game.worker.gate import FrameGate
from game.worker.jobs import WARMING_UP, BoardRequest, Job, JobKind, Solver
from game.worker.knowledge import DEFAULT_CAPACITY, SharedKnowledge
from game.worker.outbox import Outbox
from game.worker.phase import Phase, status_for, with_progress
from game.worker.runner import Runner
from game.worker.waiting import Waiting, judging_left
from game.worker.watchdog import (
    DEFAULT_HANG_GRACE,
    MAX_ABANDONED_THREADS,
    MAX_HUNG_THREADS,
    SEARCH_WATCHDOG_SECONDS,
    WARM_WATCHDOG_SECONDS,
    Verdict,
    Watchdog,
)

log = logging.getLogger(__name__)

SHUTDOWN_JOIN_SECONDS = 0.5
"""shutdown() waits at most this long for the worker thread (a daemon either way)."""


class SolverWorker:
    """One background solving worker; every public method returns at once."""

    def __init__(
        self,
        *,
        solver_module: Solver | None = None,
        cache_size: int = DEFAULT_CAPACITY,
        hang_grace: float = DEFAULT_HANG_GRACE,
        solve_seconds: float | None = None,
        warm_shapes: tuple[tuple[int, int], ...] | None = None,
        prefetch: bool = True,
        clock: Callable[[], float] = time.monotonic,
        warm_seconds: float = WARM_WATCHDOG_SECONDS,
        search_seconds: float = SEARCH_WATCHDOG_SECONDS,
    ) -> None:
        """``solver_module`` defaults to ``game.solver``, imported lazily on the worker thread;
        ``solve_seconds`` is the solver's deadline (None: none); ``warm_shapes`` goes to
        ``warm_up`` (None: the solver's default shapes); ``prefetch``: while idle, solve the
        neighbours of the board on screen, so the complete hint for the player's next position
        is usually known before the move; the rest are the watchdog's limits."""
        self._watchdog = Watchdog(warm_seconds=warm_seconds, search_seconds=search_seconds,
                                  hang_grace=hang_grace, solve_seconds=solve_seconds)
        self._waiting = Waiting(prefetch)
        self._clock = clock
        self.faults = FaultLog(log, "coach")
        self._knowledge = SharedKnowledge(cache_size)
        self.gate = FrameGate()
        """Held by the render loop during each frame's work (see ``game.worker.gate``)."""
        self._runner = Runner(solver_module, self._knowledge, self.gate, warm_shapes=warm_shapes,
                              solve_seconds=solve_seconds, clock=clock)
        self._lock = threading.RLock()
        self._lane = Lane("fifteen-solver")
        self._phase = Phase.NOT_STARTED
        self._trouble = ""
        """Why the coach is unavailable, in a few words; "" while it is healthy."""
        self._running: Job | None = None
        self._outbox = Outbox()
        self._request_ids = itertools.count(1)
        self._status = WorkerStatus(WARMING_UP)
        self.last_error: BaseException | None = None
        self.counters = {"searches": 0, "prefetches": 0, "cache_hits": 0, "faults": 0,
                         "restarts": 0}

    # --- the game loop's side ---------------------------------------------
    @property
    def status(self) -> WorkerStatus:
        """The current status (an immutable snapshot), with the progress of any warm-up or
        table build under way."""
        return with_progress(self._status, self._running, self._runner.build_progress)

    @property
    def phase(self) -> Phase:
        """Where the worker is in its life (diagnostics and tests)."""
        return self._phase

    @property
    def knowledge(self) -> SharedKnowledge:
        """Everything the worker has learned (read-only use: tests, diagnostics)."""
        return self._knowledge

    def start(self) -> None:
        """Begin warm-up (load the solver, tables and kernels) in the background."""
        with self._lock:
            if self._phase is Phase.NOT_STARTED:
                self._phase = Phase.WARMING
                self._pump()
                self._publish()

    def submit(self, board: Board) -> None:
        """Make ``board`` the one that matters; cancels a search for any other board."""
        now = self._clock()
        with self._lock:
            if self._phase is Phase.CLOSED:
                return
            running = self._running
            busy_here = running is not None and running.live_search and running.board == board
            waiting, latest = self._waiting, self._outbox.latest
            if board == latest and (busy_here or waiting.pending == board):
                return  # already in hand
            if board != latest:
                waiting.new_latest()
                self._retry_warm_up()
            self._outbox.show(board, now)
            if running is not None and running.searching and running.board != board:
                if waiting.goes_on(running, board):
                    running.kind = JobKind.JUDGE
                else:
                    running.cancel(now)
            if busy_here and running is not None:
                running.kind = JobKind.SOLVE  # a prefetch of this board: it is on screen now
            hint = self._knowledge.known(board)
            if hint is not None and hint.proven:
                waiting.pending = None
                self._outbox.put((hint,))
                self.counters["cache_hits"] += 1
            else:
                waiting.pending = None if busy_here else board
            self._begin(now)
        self.faults.flush()

    def judge(self, boards: list[Board], seconds: Mapping[Board, float] | None = None) -> None:
        """Solve these boards when nothing more urgent waits (after the board on screen, before
        any prefetch); their answers come in later packets. Replaces the list. Beyond exact
        reach a board in ``seconds`` needs that long a search in all (``Hint.effort``): a
        board searched less is searched for the rest, in turn with the board on screen."""
        now = self._clock()
        wanted = seconds or {}
        with self._lock:
            if self._phase is Phase.CLOSED:
                return
            answered = [hint for board in boards
                        if (hint := self._answered(board, wanted.get(board, 0.0))) is not None]
            self._outbox.put(answered)  # known already: no search, the answer goes out again
            done = {hint.board for hint in answered}
            if self._waiting.set_judge(boards, done.__contains__, wanted):
                self._begin(now)

    def _answered(self, board: Board, seconds: float = 0.0) -> Hint | None:
        """What judges a move on ``board`` without a search (``judging_left``)."""
        hint = self._knowledge.known(board)
        return hint if judging_left(board, hint, seconds) is None else None

    def _judging_left(self, board: Board, seconds: float) -> float | None:
        return judging_left(board, self._knowledge.known(board), seconds)

    def request_board(self, width: int, height: int, length: int | None, seed: int) -> int:
        """Ask for a new board (of optimal ``length`` if given); returns the request id.

        With ``length`` None the board is drawn at once (microseconds, pure Python) so it
        never waits behind the warm-up; otherwise the solver makes it on the worker, ahead
        of any search (a running search is interrupted and resumed afterwards).
        """
        check_size(width, height)
        now = self._clock()
        with self._lock:
            request_id = next(self._request_ids)
            if self._phase is Phase.CLOSED:
                return request_id
            self._retry_warm_up()
            if length is None or self._watchdog.hung() >= MAX_HUNG_THREADS:
                # Drawn at once: no length asked, or the coach is stuck (never keep the
                # player waiting on "generating" behind hung work).
                made = random_board(width, height, random.Random(seed))
                self._outbox.put_board(NewBoard(made, None, request_id))
                return request_id
            request = BoardRequest(width, height, length, seed, request_id)
            self._waiting.board_jobs.append(Job(JobKind.BOARD, request=request))
            running = self._running
            if running is not None and running.live_search:
                running.cancel(now)
                if running.kind is JobKind.SOLVE:
                    self._waiting.requeue(running.board)
            self._begin(now)
            return request_id

    def take(self) -> CoachPacket:
        """Everything the coach has for the game since the last take (call it once a frame).

        Hints for the board on screen carry their latency (seconds since its ``submit``).
        On most frames nothing happened: the same empty packet, without taking the lock.
        """
        if self._nothing_to_do():
            return self._outbox.quiet(self.status)
        now = self._clock()
        with self._lock:
            if self._phase is Phase.CLOSED:
                return self._outbox.quiet(self.status)
            self._tick(now)
            packet = self._outbox.take(now, self.status)
        self.faults.flush()
        return packet

    def shutdown(self) -> None:
        """Stop: cancel the search, drop queued work; returns within about half a second."""
        with self._lock:
            if self._phase is Phase.CLOSED:
                return
            self._phase = Phase.CLOSED
            self._outbox.clear()
            self._publish()
            self._runner.stop_builds()
            if self._running is not None:
                self._running.cancel(self._clock())
            thread = self._lane.leave()
            if thread is None:
                return
        if thread is not threading.current_thread():
            thread.join(SHUTDOWN_JOIN_SECONDS)
        self.faults.flush()
        self.faults.summarize()

    def __enter__(self) -> SolverWorker:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()

    def _nothing_to_do(self) -> bool:
        """Lock-free (single attribute reads): nothing to hand out or watch. Most frames end
        here, so the game loop never waits for the lock the worker thread takes to report."""
        if self._outbox or self._trouble or self._phase is Phase.CLOSED:
            return False
        job = self._running
        if job is None:
            return self._waiting.empty()
        return self._watchdog.quiet(job, self._clock())

    def _begin(self, now: float) -> None:
        """Something needs the coach: warm it up if nobody asked yet, and get going."""
        if self._phase is Phase.NOT_STARTED:
            self._phase = Phase.WARMING
        self._tick(now)

    def _retry_warm_up(self) -> None:
        """A new board: give a warm-up that was abandoned one more try on a fresh thread."""
        if self._phase is Phase.WARM_STUCK:
            self._phase = Phase.WARMING
            self._trouble = "warm-up timed out; retrying"

    # --- scheduling (called with the lock held) -----------------------------
    def _tick(self, now: float) -> None:
        self._watch(now)
        self._pump()
        self._publish()

    def _watch(self, now: float) -> None:
        """The watchdog: abandon over-long warm-ups and board requests, cancel over-long
        searches, and abandon searches that ignore their cancel token."""
        job = self._running
        if job is None or job.future is None or job.future.done():
            return
        verdict, why = self._watchdog.verdict(job, now, building=self._runner.building())
        if verdict is Verdict.CANCEL:
            job.cancel(now)
        elif verdict is Verdict.ABANDON:
            self._abandon(job, why)

    def _abandon(self, job: Job, why: str) -> None:
        job.abandoned = True
        self._running = None
        self.counters["restarts"] += 1
        self._file(job, abandoned(job, why, self._outbox.latest))
        thread = self._lane.leave()
        if thread is not None:
            self._watchdog.keep(thread)

    def _file(self, job: Job, out: Outcome) -> None:
        """Apply what the end of ``job`` means (see ``game.worker.filing``)."""
        if out.error is not None:
            self.last_error = out.error
        if out.fault:
            self.counters["faults"] += 1
            if out.error is not None:
                self.faults.later(out.error, job.kind.value, cause=out.cause)
        if out.trouble is not None:
            self._trouble = out.trouble
        if out.warm:
            self._phase = Phase.READY
        if out.stuck:
            if self._phase is Phase.WARMING:
                self._phase = Phase.WARM_STUCK
            for request in self._waiting.drop_board_jobs():  # no "generating" behind it
                self._outbox.put_board(uniform_board(request))
        if out.uniform:
            self._outbox.put_board(uniform_board(job))
        if out.made is not None:
            self._outbox.put_board(out.made)
        if out.requeue is not None:
            self._waiting.requeue(out.requeue)
        if out.judge_again is not None:
            self._waiting.judge_again(out.judge_again)

    def _pump(self) -> None:
        """Start the next job if none is in flight (and the phase lets one start)."""
        phase = self._phase
        if phase in (Phase.NOT_STARTED, Phase.CLOSED) or self._running is not None:
            return
        hung = self._watchdog.hung()
        if hung >= MAX_HUNG_THREADS:
            self._trouble = f"{hung} searches stuck; waiting"
            return
        if phase is Phase.WARM_STUCK:
            return  # until the stuck warm-up ends or a new board asks for a retry
        if phase is Phase.WARMING:
            job = Job(JobKind.WARM)
        else:
            latest = self._outbox.latest
            chosen = self._waiting.next_job(
                not self._trouble and hung < MAX_ABANDONED_THREADS,
                lambda skip: None if latest is None
                else self._knowledge.unknown_neighbour(latest, skip), self._runner.building(),
                self._judging_left)
            if chosen is None:
                return
            job = chosen
            if job.kind is JobKind.SOLVE:
                self.counters["searches"] += 1
            elif job.kind is JobKind.PREFETCH:
                self.counters["prefetches"] += 1
        job.submitted_at = self._clock()
        self._running = job  # before the submit: a quick job's done callback looks for it
        try:
            job.future, replaced = self._lane.submit(
                self._runner.run, job, self._progress, self._improved)
        except RuntimeError as exc:  # "can't start new thread": try again on the next tick
            self._running = None
            self._waiting.put_back(job)
            self._trouble = "no thread for the coach"
            self.faults.later(exc, job.kind.value)
            return
        if replaced:
            self.counters["restarts"] += 1
        job.future.add_done_callback(partial(self._done, job))

    def _publish(self) -> None:
        refining = self._waiting.refining
        self._status = status_for(self._phase, self._trouble, self._running,
                                  refining.board if refining is not None else None)

    # --- called from the worker thread ----------------------------------------
    def _improved(self, job: Job, learned: list[Hint]) -> None:
        """A shorter line for a big board, found mid-search: the game gets it now."""
        with self._lock:
            if self._phase is not Phase.CLOSED:
                self._outbox.put(learned)

    def _progress(self, job: Job, bound: int, nodes: int) -> None:
        with self._lock:
            if self._running is job:
                job.bound, job.nodes = bound, nodes
                self._publish()

    def _done(self, job: Job, future: Future) -> None:
        """Done callback (usually on the worker thread): file the outcome, start the next job.

        What the job learned goes out with its outcome, under one lock: the game never gets
        an answer while the status still says the coach is thinking or unavailable.
        """
        with self._lock:
            if self._phase is Phase.CLOSED:
                return
            if self._running is job:
                self._running = None
            self._outbox.put(job.learned)
            if job.kind is JobKind.JUDGE and job.board is not None and job.learned:
                self._waiting.judged(job.board, self._judging_left)
            if job.board is not None and job.board == self._outbox.latest and not job.abandoned:
                known = self._knowledge.known(job.board)
                self._waiting.searched(job, interrupted(future), known, self._runner.building())
            self._file(job, finished(job, future))
            self._pump()
            self._publish()
        self.faults.flush()
