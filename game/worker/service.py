"""SolverWorker: the game loop's non-blocking bridge to the solver (newest board wins).

Threads, not processes: the numba kernels release the GIL (``nogil=True``), the tables are
loaded once and shared, progress reports are plain calls (measured in the issue-4 report: a
thread busy on hard 4x4 searches costs the frame loop no more than a solver process does).
Faults: a solve that raises comes back through its Future (status "unavailable" until the
next success); a search that ignores its cancel token for ``hang_grace`` seconds is
abandoned with its executor and a fresh one takes the next job; all jobs run on daemon
threads (``DaemonThreadExecutor``), so quitting never waits on a hung search.

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
from game.core.generate import random_board
from game.worker.executor import DaemonThreadExecutor
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

log = logging.getLogger(__name__)

DEFAULT_HANG_GRACE = 2.0
"""Seconds a cancelled search may keep running before its thread is abandoned."""
SHUTDOWN_JOIN_SECONDS = 0.5
"""shutdown() waits at most this long for the worker thread (a daemon either way)."""
MAX_ABANDONED_THREADS = 3
"""With this many hung threads still alive, no new search is started (the CPU is taken)."""


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
    ) -> None:
        """``solver_module`` defaults to ``game.solver``, imported lazily on the worker thread.

        ``solve_seconds`` is passed to the solver as a deadline (None: no deadline);
        ``warm_shapes`` goes to ``warm_up`` (None: the solver's default shapes).
        ``prefetch``: while idle, solve the neighbours of the board on screen, so the
        complete hint for the player's next position is usually known before the move.
        """
        self._solver = solver_module
        self._hang_grace = hang_grace
        self._solve_seconds = solve_seconds
        self._warm_shapes = warm_shapes
        self._prefetch = prefetch
        self._prefetched: set[Board] = set()  # tried for the current latest board
        self._clock = clock
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
        self._judge: dict[Board, None] = {}  # boards to solve when idle, oldest first
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

    def judge(self, boards: list[Board]) -> None:
        """Solve these boards when nothing more urgent waits (after the board on screen, before
        any prefetch); their answers are learned, read with ``known``. Replaces the list."""
        now = self._clock()
        with self._lock:
            if self._closed:
                return
            self._judge = {b: None for b in boards if not self._settled(b)}
            if self._judge:
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
            if length is None:
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
            return self._pending is None and not self._board_jobs and not self._judge
        return job.cancel_at is None and self._solve_seconds is None

    # --- scheduling (called with the lock held) -----------------------------
    def _tick(self, now: float) -> None:
        self._watch(now)
        self._pump()
        self._publish()

    def _watch(self, now: float) -> None:
        """Cancel over-long searches; abandon ones that ignore their cancel token."""
        job = self._running
        if job is None or job.future is None or job.future.done():
            return
        if (job.searching and self._solve_seconds is not None
                and job.started_at is not None
                and now - job.started_at > self._solve_seconds + self._hang_grace):
            job.cancel(now)
        if job.cancel_at is not None and now - job.cancel_at > self._hang_grace:
            self._abandon(job, "search ignored its cancel token")

    def _abandon(self, job: Job, why: str) -> None:
        log.warning("abandoning worker thread: %s", why)
        job.abandoned = True
        self._running = None
        self._faulted = True
        self.counters["faults"] += 1
        self.counters["restarts"] += 1
        self.last_error = WorkerError(why)
        if job.kind is JobKind.SOLVE and job.board == self._latest and self._pending is None:
            self._pending = job.board
        executor, self._executor = self._executor, None
        if executor is not None:
            self._abandoned.append(executor.thread)
            executor.shutdown(wait=False, cancel_futures=True)

    def _pump(self) -> None:
        """Start the next job if none is in flight."""
        if self._closed or self._running is not None or not self._started:
            return
        self._abandoned = [t for t in self._abandoned if t.is_alive()]
        if len(self._abandoned) >= MAX_ABANDONED_THREADS:
            self._faulted = True
            return
        if not self._warm:
            job = Job(JobKind.WARM)
        elif self._board_jobs:
            job = self._board_jobs.popleft()
        elif self._pending is not None:
            job = Job(JobKind.SOLVE, self._pending)
            self._pending = None
            self.counters["searches"] += 1
        elif self._judge and not self._faulted:
            board = next(iter(self._judge))
            del self._judge[board]
            job = Job(JobKind.JUDGE, board)
        elif self._prefetch and not self._faulted and self._latest is not None and (
            child := self._knowledge.unknown_neighbour(self._latest, self._prefetched)
        ):
            job = Job(JobKind.PREFETCH, child)
            self._prefetched.add(child)
            self.counters["prefetches"] += 1
        else:
            return
        if self._executor is None or not self._executor.alive:
            if self._executor is not None:  # its thread died under us
                self.counters["restarts"] += 1
                self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = DaemonThreadExecutor("fifteen-solver")
        self._running = job
        job.future = self._executor.submit(self._run, job)
        job.future.add_done_callback(partial(self._done, job))

    def _publish(self) -> None:
        job = self._running
        if self._faulted or self._closed:
            status = WorkerStatus(UNAVAILABLE)
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
            if job.abandoned or self._closed:
                return
            if self._running is job:
                self._running = None
            if not future.cancelled():
                error = future.exception()
                if error is not None:
                    self._fail(job, error)
                else:
                    self._succeed(job, future.result())
            self._pump()
            self._publish()

    def _succeed(self, job: Job, result: object) -> None:
        if job.kind in BACKGROUND:
            if result is CANCELLED and job.kind is JobKind.JUDGE and job.board is not None:
                self._judge = {job.board: None, **self._judge}  # interrupted: try again later
            return  # learned on the worker thread; submit() and known() find it in the cache
        if job.kind is JobKind.WARM:
            self._warm = True
            self._faulted = False
        elif job.kind is JobKind.BOARD:
            req = job.request
            assert req is not None
            if not isinstance(result, Board) or result.shape != f"{req.width}x{req.height}":
                self._fail(job, WorkerError(f"solver made {result!r} for a "
                                            f"{req.width}x{req.height} board request"))
                return
            self._outbox.append(NewBoard(result, req.length, req.request_id))
            self._faulted = False
        elif isinstance(result, Hint):
            self._outbox.append(result)
            self._faulted = False

    def _fail(self, job: Job, error: BaseException) -> None:
        self.last_error = error
        if job.kind in BACKGROUND:  # only background work failed; the board on screen may be fine
            log.info("%s of %s failed: %r", job.kind.value, job.board, error)
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
        log.warning("solver %s job failed: %r", job.kind.value, error, exc_info=error)
        self._faulted = True
        self.counters["faults"] += 1
        if job.kind is JobKind.WARM:
            self._warm = True  # carry on: solves may still work, and will say if not
