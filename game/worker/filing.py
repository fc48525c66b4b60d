"""What the end of a job means for the worker, decided apart from applying it (no lock, no
threads): a finished job's ``Outcome`` from its Future, an abandoned job's from its kind."""

from __future__ import annotations

import logging
import random
from concurrent.futures import Future
from dataclasses import dataclass

from game.core.board import Board
from game.core.coach import Hint, NewBoard
from game.core.generate import random_board
from game.worker.jobs import BACKGROUND, CANCELLED, Job, JobKind, WorkerError
from game.worker.watchdog import words_for

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The changes one job's end asks of the worker (the service applies them, locked)."""

    trouble: str | None = None
    """New words for the coach's trouble: "" it is healthy again, None nothing changes."""
    warm: bool = False
    """The warm-up is over (done, failed, or done late): the worker is ready."""
    stuck: bool = False
    """A warm-up was abandoned: wait for it, and draw every waiting board request uniformly."""
    made: NewBoard | None = None
    """The board a request asked for."""
    uniform: bool = False
    """The job's board request gets a uniformly drawn board instead (no length promised)."""
    requeue: Board | None = None
    """Search this board on screen again."""
    judge_again: Board | None = None
    """Judge this board again later (interrupted)."""
    error: BaseException | None = None
    """The error to remember as ``last_error``."""
    fault: bool = False
    """Counts as a fault (logged once per cause when there is an ``error``)."""
    cause: str | None = None
    """The fault's cause for the log, when the error's own would not do."""


NOTHING = Outcome()


def finished(job: Job, future: Future) -> Outcome:
    """The outcome of ``job``, whose Future is done (a job abandoned earlier may end too)."""
    if future.cancelled():
        return NOTHING
    error = future.exception()
    if job.abandoned:  # ended after all: keep what it found, and recover from it
        if error is not None:
            return NOTHING
        if job.kind is JobKind.WARM:
            return Outcome(trouble="", warm=True)
        return Outcome(trouble="") if isinstance(future.result(), Hint) else NOTHING
    if error is not None:
        return failed(job, error)
    result = future.result()
    if job.timed_out and result is CANCELLED:
        return Outcome(trouble="search timed out", fault=True)
    return succeeded(job, result)


def succeeded(job: Job, result: object) -> Outcome:
    """``job`` returned ``result``."""
    if job.kind in BACKGROUND:  # nobody waits on it: the coach's health is unchanged
        if result is CANCELLED and job.kind is JobKind.JUDGE and job.board is not None:
            return Outcome(judge_again=job.board)  # interrupted: try again later
        return NOTHING
    if job.kind is JobKind.WARM:
        return Outcome(trouble="", warm=True)
    if job.kind is JobKind.BOARD:
        req = job.request
        assert req is not None
        if not isinstance(result, Board) or result.shape != f"{req.width}x{req.height}":
            return failed(job, WorkerError(f"solver made {result!r} for a "
                                           f"{req.width}x{req.height} board request"))
        return Outcome(trouble="", made=NewBoard(result, req.length, req.request_id))
    return Outcome(trouble="") if isinstance(result, Hint) else NOTHING


def failed(job: Job, error: BaseException) -> Outcome:
    """``job`` raised ``error``."""
    if job.kind in BACKGROUND:  # only background work failed; the board on screen may be fine
        return Outcome(error=error, fault=True)
    if job.kind is JobKind.BOARD and isinstance(error, ValueError):
        log.info("board request %s: %s", job.request, error)  # no board of that length
        return Outcome(uniform=True, error=error)  # the game must still get a board
    if job.kind is JobKind.WARM:  # carry on: solves may still work, and will say if not
        return Outcome(trouble="warm-up failed", warm=True, error=error, fault=True)
    return Outcome(trouble="solver error", uniform=job.kind is JobKind.BOARD, error=error,
                   fault=True)


def abandoned(job: Job, why: str, on_screen: Board | None) -> Outcome:
    """The watchdog walked away from ``job`` (its thread is left to finish or hang)."""
    kind = job.kind
    error = WorkerError(f"abandoned a worker thread: {why}")
    cause = f"{kind.value} abandoned ({'time' if job.timed_out else 'hang'})"
    hung_on_screen = not job.timed_out and kind is JobKind.SOLVE and job.board == on_screen
    return Outcome(trouble=words_for(job), stuck=kind is JobKind.WARM,
                   uniform=kind is JobKind.BOARD,
                   requeue=job.board if hung_on_screen else None,  # not after its time
                   error=error, fault=True, cause=cause)


def uniform_board(job: Job) -> NewBoard:
    """A uniformly drawn board for ``job``'s request, when the solver cannot make one of the
    length asked (no length promised)."""
    req = job.request
    assert req is not None
    return NewBoard(random_board(req.width, req.height, random.Random(req.seed)), None,
                    req.request_id)


def interrupted(future: Future) -> bool:
    """Whether a finished search's Future holds no answer (cancelled, failed or stopped)."""
    return future.cancelled() or future.exception() is not None or future.result() is CANCELLED
