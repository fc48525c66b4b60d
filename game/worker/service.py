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
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import replace
from functools import partial
from typing import cast

from game.core.board import Board, check_size
from game.core.coach import CoachResult, Hint, NewBoard, WorkerStatus
from game.core.faults import FaultLog
from game.core.generate import random_board
from game.worker.executor import DaemonThreadExecutor
from game.worker.gate import FrameGate
from game.worker.jobs import (
    BACKGROUND,
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
from game.worker.waiting import Waiting
from game.worker.watchdog import (
    SEARCH_WATCHDOG_SECONDS,
    WARM_WATCHDOG_SECONDS,
    Verdict,
    Watchdog,
    words_for,
)

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
        self._build_progress: Callable[[], tuple[float, str] | None] | None = getattr(
            solver_module, "build_progress", None)
        self._solve_seconds = solve_seconds
        self._watchdog = Watchdog(warm_seconds=warm_seconds, search_seconds=search_seconds,
                                  hang_grace=hang_grace, solve_seconds=solve_seconds)
        self._warm_shapes = warm_shapes
        self._waiting = Waiting(prefetch)
        self._clock = clock
        self._warm_stuck = False  # a warm-up was abandoned; retried on the next new board
        self._detail = ""
        self.faults = FaultLog(log, "coach")
        self._knowledge = Knowledge(cache_size)
        self.gate = FrameGate()
        """Held by the render loop during each frame's work (see ``game.worker.gate``)."""
        self._lock = threading.RLock()
        self._executor: DaemonThreadExecutor | None = None
        self._started = False
        self._warm = False
        self._closed = False
        self._faulted = False
        self._running: Job | None = None
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
        """The current status (an immutable snapshot), with the progress of any warm-up or
        table build under way (read live: those report from other threads)."""
        status = self._status
        job = self._running
        if status.state is WARMING_UP and job is not None and job.warm_progress is not None:
            share, words = job.warm_progress
            return replace(status, progress=share, work=words)
        building = self._build_progress() if self._build_progress is not None else None
        if building is not None:
            return replace(status, progress=building[0], work=building[1])
        return status

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
            waiting = self._waiting
            if board == self._latest and (busy_here or waiting.pending == board):
                return  # already in hand
            if board != self._latest:
                waiting.new_latest()
                self._retry_warm_up()
            self._latest, self._latest_at = board, now
            if running is not None and running.searching and running.board != board:
                running.cancel(now)
            if busy_here and running is not None:
                running.kind = JobKind.SOLVE  # a prefetch of this board: its result now goes out
            hint = self._knowledge.known(board)
            if hint is not None and hint.complete and hint.optimal:
                waiting.pending = None
                self._outbox.append(hint)
                self.counters["cache_hits"] += 1
            else:
                waiting.pending = None if busy_here else board
            self._started = True
            self._tick(now)
        self.faults.flush()

    def judge(self, boards: list[Board]) -> None:
        """Solve these boards when nothing more urgent waits (after the board on screen, before
        any prefetch); their answers are learned, read with ``known``. Replaces the list."""
        now = self._clock()
        with self._lock:
            if self._closed:
                return
            if self._waiting.set_judge(boards, self._settled):
                self._started = True
                self._tick(now)

    def _settled(self, board: Board) -> bool:
        hint = self._knowledge.known(board)
        return hint is not None and hint.optimal and hint.complete

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
            if length is None or self._warm_stuck or self._watchdog.hung() >= MAX_HUNG_THREADS:
                # Drawn at once: no length asked, or the coach is stuck (never keep the
                # player waiting on "generating" behind hung work).
                board = random_board(width, height, random.Random(seed))
                self._outbox.append(NewBoard(board, None, request_id))
                return request_id
            request = BoardRequest(width, height, length, seed, request_id)
            self._waiting.board_jobs.append(Job(JobKind.BOARD, request=request))
            running = self._running
            if running is not None and running.live_search:
                running.cancel(now)
                if running.kind is JobKind.SOLVE:
                    self._waiting.requeue(running.board)
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
        self.faults.flush()
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
        self.faults.flush()
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
            return self._waiting.empty()
        return self._watchdog.quiet(job, self._clock())

    def _retry_warm_up(self) -> None:
        """A new board: give a warm-up that was abandoned one more try on a fresh thread."""
        if self._warm_stuck and not self._warm:
            self._warm_stuck = False
            self._detail = "warm-up timed out; retrying"

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
        verdict, why = self._watchdog.verdict(job, now)
        if verdict is Verdict.CANCEL:
            job.cancel(now)
        elif verdict is Verdict.ABANDON:
            self._abandon(job, why)

    def _abandon(self, job: Job, why: str) -> None:
        job.abandoned = True
        self._running = None
        self._faulted = True
        self.counters["faults"] += 1
        self.counters["restarts"] += 1
        self.last_error = WorkerError(f"abandoned a worker thread: {why}")
        self.faults.later(self.last_error, job.kind.value,
                     cause=f"{job.kind.value} abandoned ({'time' if job.timed_out else 'hang'})")
        self._detail = words_for(job)
        if job.kind is JobKind.WARM:
            self._warm_stuck = True
            board_jobs = self._waiting.board_jobs
            while board_jobs:  # nobody waits on "generating" behind a stuck warm-up
                self._uniform_board(board_jobs.popleft())
        elif job.kind is JobKind.BOARD:
            self._uniform_board(job)
        elif not job.timed_out and job.kind is JobKind.SOLVE and job.board == self._latest:
            self._waiting.requeue(job.board)  # not retried after its time: only after a hang
        executor, self._executor = self._executor, None
        if executor is not None:
            self._watchdog.keep(executor.thread)
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
        hung = self._watchdog.hung()
        if hung >= MAX_HUNG_THREADS:
            self._faulted = True
            self._detail = f"{hung} searches stuck; waiting"
            return
        job: Job | None
        if not self._warm:
            if self._warm_stuck:
                return  # until the stuck warm-up ends or a new board asks for a retry
            job = Job(JobKind.WARM)
        else:
            latest = self._latest
            job = self._waiting.next_job(
                not self._faulted and hung < MAX_ABANDONED_THREADS,
                lambda skip: None if latest is None
                else self._knowledge.unknown_neighbour(latest, skip))
            if job is None:
                return
            if job.kind is JobKind.SOLVE:
                self.counters["searches"] += 1
            elif job.kind is JobKind.PREFETCH:
                self.counters["prefetches"] += 1
        if self._executor is None or not self._executor.alive:
            if self._executor is not None:  # its thread died under us
                self.counters["restarts"] += 1
                self._executor.shutdown(wait=False, cancel_futures=True)
                self._executor = None
            try:
                self._executor = DaemonThreadExecutor("fifteen-solver")
            except RuntimeError as exc:  # "can't start new thread": try again on the next tick
                self._waiting.put_back(job)
                self._faulted = True
                self._detail = "no thread for the coach"
                self.faults.later(exc, job.kind.value)
                return
        job.submitted_at = self._clock()
        self._running = job
        job.future = self._executor.submit(self._run, job)
        job.future.add_done_callback(partial(self._done, job))

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

            # A cast: its optimal_moves takes the CancelToken it makes, not any token-like
            self._solver = cast(Solver, solver)
            self._build_progress = solver.build_progress
        return self._solver

    def _run(self, job: Job) -> object:
        """Runs on the worker thread; what it returns goes to ``_done``."""
        job.started_at = self._clock()
        solver = self._load_solver()
        install = getattr(solver, "set_give_way", None)
        if install is not None:  # per thread: the watchdog may have replaced a hung one
            install(self.gate.wait)
        self.gate.wait()
        return run_job(job, solver, self._knowledge, warm_shapes=self._warm_shapes,
                       solve_seconds=self._solve_seconds, progress=partial(self._progress, job),
                       improved=partial(self._improved, job), give_way=self.gate.wait)

    def _improved(self, job: Job, hint: Hint) -> None:
        """A shorter line for a big board, found mid-search: the board on screen gets it now."""
        with self._lock:
            if self._running is job and job.kind is JobKind.SOLVE and hint.board == self._latest:
                self._outbox.append(hint)

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
        self.faults.flush()

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
        if job.kind in BACKGROUND:
            if result is CANCELLED and job.kind is JobKind.JUDGE and job.board is not None:
                self._waiting.judge_again(job.board)  # interrupted: try again later
            return  # learned on the worker thread; submit() and known() find it in the cache
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
        if job.kind in BACKGROUND:  # only background work failed; the board on screen may be fine
            self.faults.later(error, job.kind.value)
            self.counters["faults"] += 1
            return
        if job.kind is JobKind.BOARD:  # the game must still get a board: draw one uniformly
            self._uniform_board(job)
            if isinstance(error, ValueError):  # no board of that length exists: not a fault
                log.info("board request %s: %s", job.request, error)
                return
        self.faults.later(error, job.kind.value)
        self._faulted = True
        self._detail = "solver error" if job.kind is not JobKind.WARM else "warm-up failed"
        self.counters["faults"] += 1
        if job.kind is JobKind.WARM:
            self._warm = True  # carry on: solves may still work, and will say if not
