"""SolverWorker: the game loop's non-blocking bridge to the solver (newest board wins).

Threads, not processes: the numba kernels release the GIL (``nogil=True``), the tables are
loaded once and shared, progress reports are plain calls (measured in the issue-4 report: a
thread busy on hard 4x4 searches costs the frame loop no more than a solver process does).
Faults: a solve that raises comes back through its Future (status "unavailable" until the
next success); a search that ignores its cancel token for ``hang_grace`` seconds is
abandoned with its executor and a fresh one takes the next job; all jobs run on daemon
threads (``DaemonThreadExecutor``), so quitting never waits on a hung search. Each fault is
logged once per distinct cause (``faults``), outside the lock the game loop takes.

Watchdog: a warm-up past ``warm_seconds`` (or a board request past ``search_seconds``) is
abandoned at once; a search past ``search_seconds`` is cancelled, and abandoned if it
ignores that. The status then says so in words (``WorkerStatus.detail``). The coach comes
back by itself: when abandoned work finishes after all (a late warm-up still counts), or on
the next new board, which always gets a fresh thread unless ``MAX_HUNG_THREADS`` are stuck.

Only one job is in flight at a time; the next one is chosen when it ends (warm-up first,
then board requests, then the newest submitted board). Methods called by the game loop take
a lock that nobody holds for longer than a few dictionary operations, and ``poll()`` skips
even that on the frames where nothing happened (most of them).

Knowledge (see ``game.worker.knowledge``): every search result is cached with the boards
along its path, so ``known(board)`` answers at once for a board the player reached by
following the path or by one wasteful move (distance and at least one optimal move,
``complete=False``); ``submit(board)`` then refines it to the complete set in the
background, and answers a board whose complete set is cached without any search.
``poll()`` hands out complete search results (or the best found, ``optimal=False``, on
boards too large to prove); partial knowledge is read with ``known()``.
"""

from __future__ import annotations

import itertools
import logging
import random
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import replace
from functools import partial

from game.core.board import Board, check_size
from game.core.coach import CoachResult, Hint, NewBoard, WorkerStatus
from game.core.faults import FaultLog
from game.core.generate import random_board
from game.worker.executor import DaemonThreadExecutor
from game.worker.jobs import (
    CANCELLED,
    READY,
    THINKING,
    UNAVAILABLE,
    WARMING_UP,
    BoardRequest,
    Job,
    JobKind,
    Solver,
    WorkerError,
    run_job,
)
from game.worker.knowledge import DEFAULT_CAPACITY, Knowledge

log = logging.getLogger(__name__)

DEFAULT_HANG_GRACE = 2.0
"""Seconds a cancelled search may keep running before its thread is abandoned."""
SHUTDOWN_JOIN_SECONDS = 0.5
"""shutdown() waits at most this long for the worker thread (a daemon either way)."""
MAX_ABANDONED_THREADS = 3
"""With this many hung threads still alive, the worker starts nothing on its own (prefetch,
retrying a stuck board); a new board from the player still gets a fresh thread."""
MAX_HUNG_THREADS = 8
"""With this many hung threads still alive, nothing starts until one of them ends."""
WARM_WATCHDOG_SECONDS = 180.0
"""A warm-up (tables loaded or built, kernels compiled) taking longer is abandoned."""
SEARCH_WATCHDOG_SECONDS = 60.0
"""A search or board request taking longer is cancelled (abandoned if it ignores that)."""


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
        """``solver_module`` defaults to ``game.solver``, imported lazily on the worker thread.

        ``solve_seconds`` is passed to the solver as a deadline (None: no deadline);
        ``warm_shapes`` goes to ``warm_up`` (None: the solver's default shapes).
        ``prefetch``: while idle, solve the neighbours of the board on screen, so the
        complete hint for the player's next position is usually known before the move.
        ``warm_seconds`` and ``search_seconds`` are the watchdog's limits.
        """
        self._solver = solver_module
        self._hang_grace = hang_grace
        self._solve_seconds = solve_seconds
        self._warm_shapes = warm_shapes
        self._prefetch = prefetch
        self._prefetched: set[Board] = set()  # tried for the current latest board
        self._clock = clock
        self._warm_seconds = warm_seconds
        self._search_seconds = search_seconds
        self._warm_stuck = False  # a warm-up was abandoned; retried on the next new board
        self._detail = ""
        self.faults = FaultLog(log, "coach")
        self._reports: list[tuple[BaseException, str, str | None]] = []
        self._knowledge = Knowledge(cache_size)
        self._lock = threading.RLock()
        self._executor: DaemonThreadExecutor | None = None
        self._abandoned: list[threading.Thread] = []
        self._started = False
        self._warm = False
        self._closed = False
        self._faulted = False
        self._running: Job | None = None
        self._pending: Board | None = None
        self._board_jobs: deque[Job] = deque()
        self._outbox: list[CoachResult] = []
        self._latest: Board | None = None
        self._latest_at = 0.0
        self._request_ids = itertools.count(1)
        self._status = WorkerStatus(WARMING_UP)
        self.last_error: BaseException | None = None
        self.counters = {"searches": 0, "prefetches": 0, "cache_hits": 0, "stale_dropped": 0,
                         "faults": 0, "restarts": 0}

    # --- the game loop's side ---------------------------------------------
    @property
    def status(self) -> WorkerStatus:
        """The current status (an immutable snapshot, replaced as a whole)."""
        return self._status

    @property
    def knowledge(self) -> Knowledge:
        """The hint cache (read-only use, e.g. for scoring)."""
        return self._knowledge

    def start(self) -> None:
        """Begin warm-up (load the solver, tables and kernels) in the background."""
        with self._lock:
            if not self._started and not self._closed:
                self._started = True
                self._pump()
                self._publish()

    def submit(self, board: Board) -> None:
        """Make ``board`` the one that matters; cancels a search for any other board."""
        now = self._clock()
        with self._lock:
            if self._closed:
                return
            running = self._running
            busy_here = running is not None and running.live_search and running.board == board
            if board == self._latest and (busy_here or self._pending == board):
                return  # already in hand
            if board != self._latest:
                self._prefetched.clear()
                self._retry_warm_up()
            self._latest, self._latest_at = board, now
            if running is not None and running.searching and running.board != board:
                running.cancel(now)
            if busy_here:
                running.kind = JobKind.SOLVE  # a prefetch of this board: its result now goes out
            hint = self._knowledge.known(board)
            if hint is not None and hint.complete and hint.optimal:
                self._pending = None
                self._outbox.append(hint)
                self.counters["cache_hits"] += 1
            elif busy_here:
                self._pending = None
            else:
                self._pending = board
            self._started = True
            self._tick(now)
        self._flush_reports()

    def known(self, board: Board) -> Hint | None:
        """What is known about ``board`` right now, from the cache and its neighbours."""
        return self._knowledge.known(board)

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
            if self._closed:
                return request_id
            self._retry_warm_up()
            if length is None or self._warm_stuck or self._hung() >= MAX_HUNG_THREADS:
                # Drawn at once: no length asked, or the coach is stuck (never keep the
                # player waiting on "generating" behind hung work).
                board = random_board(width, height, random.Random(seed))
                self._outbox.append(NewBoard(board, None, request_id))
                return request_id
            request = BoardRequest(width, height, length, seed, request_id)
            self._board_jobs.append(Job(JobKind.BOARD, request=request))
            running = self._running
            if running is not None and running.live_search:
                running.cancel(now)
                if running.kind is JobKind.SOLVE and self._pending is None:
                    self._pending = running.board
            self._started = True
            self._tick(now)
            return request_id

    def poll(self) -> list[CoachResult]:
        """Finished results since the last call; hints for boards not the latest are dropped."""
        if self._nothing_to_do():
            return []
        now = self._clock()
        with self._lock:
            if self._closed:
                return []
            self._tick(now)
            items, self._outbox = self._outbox, []
            latest, since = self._latest, self._latest_at
        self._flush_reports()
        out: list[Hint | NewBoard] = []
        for item in items:
            if isinstance(item, Hint):
                if item.board != latest:
                    self.counters["stale_dropped"] += 1
                    continue
                item = replace(item, latency=max(0.0, now - since))
            out.append(item)
        return out

    def shutdown(self) -> None:
        """Stop: cancel the search, drop queued work; returns within about half a second."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._status = WorkerStatus(UNAVAILABLE)
            if self._running is not None:
                self._running.cancel(self._clock())
            executor, self._executor = self._executor, None
            if executor is None:
                return
            executor.shutdown(wait=False, cancel_futures=True)
        if executor.thread is not threading.current_thread():
            executor.thread.join(SHUTDOWN_JOIN_SECONDS)
        self._flush_reports()
        self.faults.summarize()

    def __enter__(self) -> SolverWorker:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()

    def _nothing_to_do(self) -> bool:
        """Lock-free check (single attribute reads) that poll has nothing to hand out or watch.

        Most frames end here, so the game loop never waits for the worker's lock (which the
        worker thread takes briefly for progress reports) while a search runs.
        """
        if self._outbox or self._faulted or self._closed:
            return False
        job = self._running
        if job is None:
            return self._pending is None and not self._board_jobs
        return (job.cancel_at is None and self._solve_seconds is None
                and not self._overdue(job, self._clock()))

    def _limit(self, job: Job) -> float:
        return self._warm_seconds if job.kind is JobKind.WARM else self._search_seconds

    def _overdue(self, job: Job, now: float) -> bool:
        """Whether ``job`` has run past the watchdog's limit (single attribute reads)."""
        began = job.submitted_at
        return began is not None and now - began > self._limit(job)

    def _hung(self) -> int:
        """Abandoned threads still running (pruned as they end)."""
        self._abandoned = [t for t in self._abandoned if t.is_alive()]
        return len(self._abandoned)

    def _retry_warm_up(self) -> None:
        """A new board: give a warm-up that was abandoned one more try on a fresh thread."""
        if self._warm_stuck and not self._warm:
            self._warm_stuck = False
            self._detail = "warm-up timed out; retrying"

    def _report(self, error: BaseException, context: str, cause: str | None = None) -> None:
        """Queue a fault for the log (written by ``_flush_reports``, outside the lock)."""
        self._reports.append((error, context, cause))

    def _flush_reports(self) -> None:
        if not self._reports:
            return
        with self._lock:
            reports, self._reports = self._reports, []
        for error, context, cause in reports:
            self.faults.report(error, context, cause)

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
        if not job.timed_out and job.cancel_at is None and self._overdue(job, now):
            job.timed_out = True
            if not job.searching:  # a warm-up or board request cannot be cancelled
                self._abandon(job, f"{job.kind.value} took over {self._limit(job):.0f} s")
                return
            job.cancel(now)
        if (job.searching and self._solve_seconds is not None
                and job.started_at is not None
                and now - job.started_at > self._solve_seconds + self._hang_grace):
            job.cancel(now)
        if job.cancel_at is not None and now - job.cancel_at > self._hang_grace:
            self._abandon(job, "search ignored its cancel token")

    def _abandon(self, job: Job, why: str) -> None:
        job.abandoned = True
        self._running = None
        self._faulted = True
        self.counters["faults"] += 1
        self.counters["restarts"] += 1
        self.last_error = WorkerError(f"abandoned a worker thread: {why}")
        self._report(self.last_error, job.kind.value,
                     cause=f"{job.kind.value} abandoned ({'time' if job.timed_out else 'hang'})")
        if job.kind is JobKind.WARM:
            self._warm_stuck = True
            self._detail = "warm-up timed out"
            while self._board_jobs:  # nobody waits on "generating" behind a stuck warm-up
                self._uniform_board(self._board_jobs.popleft())
        elif job.kind is JobKind.BOARD:
            self._detail = "board maker timed out"
            self._uniform_board(job)
        elif job.timed_out:  # the board itself is too hard or the solver is stuck on it
            self._detail = "search timed out"
        else:
            self._detail = "search stuck; restarted"
            if job.kind is JobKind.SOLVE and job.board == self._latest and self._pending is None:
                self._pending = job.board
        executor, self._executor = self._executor, None
        if executor is not None:
            self._abandoned.append(executor.thread)
            executor.shutdown(wait=False, cancel_futures=True)

    def _uniform_board(self, job: Job) -> None:
        """Answer a board request with a uniformly drawn board (no length promised)."""
        req = job.request
        assert req is not None
        board = random_board(req.width, req.height, random.Random(req.seed))
        self._outbox.append(NewBoard(board, None, req.request_id))

    def _pump(self) -> None:
        """Start the next job if none is in flight."""
        if self._closed or self._running is not None or not self._started:
            return
        hung = self._hung()
        if hung >= MAX_HUNG_THREADS:
            self._faulted = True
            self._detail = f"{hung} searches stuck; waiting"
            return
        if not self._warm:
            if self._warm_stuck:
                return  # until the stuck warm-up ends or a new board asks for a retry
            job = Job(JobKind.WARM)
        elif self._board_jobs:
            job = self._board_jobs.popleft()
        elif self._pending is not None:
            job = Job(JobKind.SOLVE, self._pending)
            self._pending = None
            self.counters["searches"] += 1
        elif (self._prefetch and not self._faulted and hung < MAX_ABANDONED_THREADS
              and self._latest is not None
              and (child := self._knowledge.unknown_neighbour(self._latest, self._prefetched))):
            job = Job(JobKind.PREFETCH, child)
            self._prefetched.add(child)
            self.counters["prefetches"] += 1
        else:
            return
        if self._executor is None or not self._executor.alive:
            if self._executor is not None:  # its thread died under us
                self.counters["restarts"] += 1
                self._executor.shutdown(wait=False, cancel_futures=True)
                self._executor = None
            try:
                self._executor = DaemonThreadExecutor("fifteen-solver")
            except RuntimeError as exc:  # "can't start new thread": try again on the next tick
                self._put_back(job)
                self._faulted = True
                self._detail = "no thread for the coach"
                self._report(exc, job.kind.value)
                return
        job.submitted_at = self._clock()
        self._running = job
        job.future = self._executor.submit(self._run, job)
        job.future.add_done_callback(partial(self._done, job))

    def _put_back(self, job: Job) -> None:
        """A job that could not start goes back where it came from."""
        if job.kind is JobKind.BOARD:
            self._board_jobs.appendleft(job)
        elif job.kind is JobKind.SOLVE and self._pending is None:
            self._pending = job.board

    def _publish(self) -> None:
        job = self._running
        if self._closed:
            status = WorkerStatus(UNAVAILABLE)
        elif self._faulted:
            status = WorkerStatus(UNAVAILABLE, detail=self._detail)
        elif not self._warm:
            status = WorkerStatus(WARMING_UP)
        elif job is not None and job.kind is JobKind.SOLVE:
            status = WorkerStatus(THINKING, job.bound, job.nodes)
        else:
            status = WorkerStatus(READY)
        if status != self._status:
            self._status = status

    # --- the worker thread's side -------------------------------------------
    def _load_solver(self) -> Solver:
        if self._solver is None:
            # Imported here, on the worker thread, so the window opens before numba loads.
            from game import solver

            self._solver = solver
        return self._solver

    def _run(self, job: Job) -> object:
        """Runs on the worker thread; what it returns goes to ``_done``."""
        job.started_at = self._clock()
        return run_job(job, self._load_solver(), self._knowledge, warm_shapes=self._warm_shapes,
                       solve_seconds=self._solve_seconds, progress=partial(self._progress, job))

    def _progress(self, job: Job, bound: int, nodes: int) -> None:
        with self._lock:
            if self._running is job:
                job.bound, job.nodes = bound, nodes
                self._publish()

    def _done(self, job: Job, future: Future) -> None:
        """Done callback (usually on the worker thread): file the outcome, start the next job."""
        with self._lock:
            if self._closed:
                return
            if job.abandoned:
                self._late(job, future)
            else:
                if self._running is job:
                    self._running = None
                if not future.cancelled():
                    error = future.exception()
                    if error is not None:
                        self._fail(job, error)
                    elif job.timed_out and future.result() is CANCELLED:
                        self._faulted = True
                        self._detail = "search timed out"
                        self.counters["faults"] += 1
                    else:
                        self._succeed(job, future.result())
            self._pump()
            self._publish()
        self._flush_reports()

    def _late(self, job: Job, future: Future) -> None:
        """Abandoned work that ended after all: keep what it found, and recover from it."""
        if future.cancelled() or future.exception() is not None:
            return
        result = future.result()
        if job.kind is JobKind.WARM:
            self._warm, self._warm_stuck = True, False
            self._recovered()
        elif isinstance(result, Hint):  # learned already; hand it out if still wanted
            if result.board == self._latest and job.kind is JobKind.SOLVE:
                self._outbox.append(result)
            self._recovered()

    def _recovered(self) -> None:
        self._faulted = False
        self._detail = ""

    def _succeed(self, job: Job, result: object) -> None:
        if job.kind is JobKind.PREFETCH:
            return  # learned on the worker thread; submit() finds it in the cache
        if job.kind is JobKind.WARM:
            self._warm = True
            self._recovered()
        elif job.kind is JobKind.BOARD:
            req = job.request
            assert req is not None
            if not isinstance(result, Board) or result.shape != f"{req.width}x{req.height}":
                self._fail(job, WorkerError(f"solver made {result!r} for a "
                                            f"{req.width}x{req.height} board request"))
                return
            self._outbox.append(NewBoard(result, req.length, req.request_id))
            self._recovered()
        elif isinstance(result, Hint):
            self._outbox.append(result)
            self._recovered()

    def _fail(self, job: Job, error: BaseException) -> None:
        self.last_error = error
        if job.kind is JobKind.PREFETCH:  # only a guess failed; the board on screen may be fine
            self._report(error, job.kind.value)
            self.counters["faults"] += 1
            return
        if job.kind is JobKind.BOARD:  # the game must still get a board: draw one uniformly
            req = job.request
            assert req is not None
            board = random_board(req.width, req.height, random.Random(req.seed))
            self._outbox.append(NewBoard(board, None, req.request_id))
            if isinstance(error, ValueError):  # no board of that length exists: not a fault
                log.info("board request %s: %s", job.request, error)
                return
        self._report(error, job.kind.value)
        self._faulted = True
        self._detail = "solver error" if job.kind is not JobKind.WARM else "warm-up failed"
        self.counters["faults"] += 1
        if job.kind is JobKind.WARM:
            self._warm = True  # carry on: solves may still work, and will say if not
