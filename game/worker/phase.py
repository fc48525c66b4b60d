"""The worker's phase (one enum, not a set of flags) and the status the game is shown for it.

The phases, and what moves the worker between them::

    NOT_STARTED --start/submit/judge/request_board--> WARMING --warm-up ends--> READY
    WARMING --warm-up abandoned by the watchdog--> WARM_STUCK
    WARM_STUCK --a new board: try once more on a fresh thread--> WARMING
    WARM_STUCK --the abandoned warm-up ends after all--> READY
    any --shutdown--> CLOSED

A warm-up that fails (raises) still leads to READY: searches may work anyway, and say so if
not. Health is not a phase: a fault can strike in any phase but CLOSED (a warm-up that times
out, a search that crashes or hangs, no thread to run on), so the worker keeps the words for
its trouble beside the phase ("" when healthy) and shows "unavailable" with them until a job
succeeds again.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import replace

from game.core.board import Board
from game.core.coach import CoachState, WorkerStatus
from game.worker.jobs import Job, JobKind


class Phase(enum.Enum):
    """Where the worker is in its life; what it may start next depends on it."""

    NOT_STARTED = "not started"
    """Nothing runs; the first call that needs the coach begins the warm-up."""
    WARMING = "warming"
    """The warm-up (solver, tables, kernels) is queued or running; nothing else may start."""
    WARM_STUCK = "warm-up stuck"
    """A warm-up was abandoned: nothing starts until it ends after all or a new board asks
    for one more try."""
    READY = "ready"
    """Warmed up (or the warm-up failed and searches try anyway): jobs run."""
    CLOSED = "closed"
    """Shut down, for good: every call returns at once and does nothing."""

    @property
    def warm(self) -> bool:
        """Whether the warm-up is over (searches and board requests may run)."""
        return self is Phase.READY


def status_for(phase: Phase, trouble: str, job: Job | None,
               settling: Board | None = None) -> WorkerStatus:
    """What the coach corner shows: ``trouble`` is the fault's words ("" when healthy),
    ``job`` the one in flight (None when idle) and ``settling`` a board whose line the coach
    will search again (between rounds, when other work runs first, it is still searching
    that board: the COACH column said "searching" and "best found" by turns)."""
    if phase is Phase.CLOSED:
        return WorkerStatus(CoachState.UNAVAILABLE)
    if trouble:
        return WorkerStatus(CoachState.UNAVAILABLE, detail=trouble)
    if not phase.warm:
        return WorkerStatus(CoachState.WARMING_UP)
    if job is not None and job.kind in (JobKind.SOLVE, JobKind.REFINE):
        return WorkerStatus(CoachState.THINKING, job.bound, job.nodes, board=job.board)
    if settling is not None:
        return WorkerStatus(CoachState.THINKING, board=settling)
    return WorkerStatus(CoachState.READY)


def with_progress(status: WorkerStatus, job: Job | None,
                  build_progress: Callable[[], tuple[float, str] | None] | None) -> WorkerStatus:
    """``status`` with the progress of a warm-up (``job``'s) or of a table build under way
    (read live: those report from other threads)."""
    if status.state is CoachState.WARMING_UP and job is not None \
            and job.warm_progress is not None:
        share, words = job.warm_progress
        return replace(status, progress=share, work=words)
    building = build_progress() if build_progress is not None else None
    if building is not None:
        return replace(status, progress=building[0], work=building[1])
    return status
