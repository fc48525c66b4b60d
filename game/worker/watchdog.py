"""The worker's watchdog: how long a job may run, what to do when it runs over, hung threads.

A warm-up or a board request cannot be cancelled, so one past its limit is abandoned at once
(its daemon thread is left to finish or hang on its own). A search past its limit is asked to
stop through its cancel token first, and abandoned only if it ignores that for ``hang_grace``
seconds. The worker applies the verdicts; this module only decides and keeps the hung threads.
"""

from __future__ import annotations

import enum
import threading

from game.worker.jobs import Job, JobKind

WARM_WATCHDOG_SECONDS = 180.0
"""A warm-up (tables loaded or built, kernels compiled) taking longer is abandoned."""
SEARCH_WATCHDOG_SECONDS = 60.0
"""A search or board request taking longer is cancelled (abandoned if it ignores that)."""
DEFAULT_HANG_GRACE = 2.0
"""Seconds a cancelled search may keep running before its thread is abandoned."""
MAX_ABANDONED_THREADS = 3
"""With this many hung threads still alive, the worker starts nothing on its own (prefetch,
retrying a stuck board); a new board from the player still gets a fresh thread."""
MAX_HUNG_THREADS = 8
"""With this many hung threads still alive, nothing starts until one of them ends."""


class Verdict(enum.Enum):
    """What the worker should do with the running job now."""

    NONE = "none"
    CANCEL = "cancel"
    ABANDON = "abandon"


class Watchdog:
    """Time limits for the running job, and the threads abandoned so far."""

    def __init__(self, *, warm_seconds: float, search_seconds: float, hang_grace: float,
                 solve_seconds: float | None) -> None:
        self.warm_seconds = warm_seconds
        self.search_seconds = search_seconds
        self.hang_grace = hang_grace
        self.solve_seconds = solve_seconds
        self._abandoned: list[threading.Thread] = []

    def limit(self, job: Job) -> float:
        """Seconds ``job`` may run before the watchdog steps in (a search with a budget of its
        own gets that budget and the grace on top, if that is longer)."""
        if job.kind is JobKind.WARM:
            return self.warm_seconds
        if job.seconds is not None:
            return max(self.search_seconds, job.seconds + self.hang_grace)
        return self.search_seconds

    def budget(self, job: Job) -> float | None:
        """The search's own deadline in seconds from its start (None: none)."""
        return job.seconds if job.seconds is not None else self.solve_seconds

    def overdue(self, job: Job, now: float) -> bool:
        """Whether ``job`` has run past its limit (single attribute reads, no lock needed)."""
        began = job.submitted_at
        return began is not None and now - began > self.limit(job)

    def quiet(self, job: Job, now: float) -> bool:
        """Lock-free: nothing about ``job`` needs the worker's attention this frame."""
        return job.cancel_at is None and self.budget(job) is None and not self.overdue(job, now)

    def verdict(self, job: Job, now: float, *, building: bool = False) -> tuple[Verdict, str]:
        """What to do with the running ``job`` at ``now``, and why (marks it timed out).

        While the solver is ``building`` tables the job is slow, not hung: it is never
        abandoned then, and a cancelled search gets its grace again once the build ends.
        """
        if building:
            if job.cancel_at is not None:
                job.cancel_at = now  # the grace counts from the end of the build
            if job.timed_out or self.overdue(job, now):
                return Verdict.NONE, ""
        if not job.timed_out and job.cancel_at is None and self.overdue(job, now):
            job.timed_out = True
            if not job.searching:  # a warm-up or board request cannot be cancelled
                return Verdict.ABANDON, f"{job.kind.value} took over {self.limit(job):.0f} s"
            return Verdict.CANCEL, ""
        budget = self.budget(job)
        if (job.searching and job.cancel_at is None and budget is not None
                and job.started_at is not None
                and now - job.started_at > budget + self.hang_grace):
            return Verdict.CANCEL, ""
        if job.cancel_at is not None and now - job.cancel_at > self.hang_grace:
            return Verdict.ABANDON, "search ignored its cancel token"
        return Verdict.NONE, ""

    def keep(self, thread: threading.Thread) -> None:
        """Remember an abandoned thread (it counts as hung while it runs)."""
        self._abandoned.append(thread)

    def hung(self) -> int:
        """Abandoned threads still running (pruned as they end)."""
        self._abandoned = [t for t in self._abandoned if t.is_alive()]
        return len(self._abandoned)


def words_for(job: Job) -> str:
    """The coach corner's words for an abandoned ``job``."""
    if job.kind is JobKind.WARM:
        return "warm-up timed out"
    if job.kind is JobKind.BOARD:
        return "board maker timed out"
    if job.timed_out:  # the board is too hard for the time, or the solver is stuck on it
        return "search timed out"
    return "search stuck; restarted"
