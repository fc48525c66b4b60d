"""Fault counting: one log line per distinct cause, then only the count, never a flood."""

from __future__ import annotations

import logging
import os
import threading
import traceback

LOG_AGAIN_AT = frozenset({10, 100, 1000, 10_000, 100_000})
"""A cause already logged is logged again, with its count, only when it reaches these."""
MAX_CAUSES = 64
"""Distinct causes remembered; beyond this they are counted under one 'other' cause."""
OTHER_CAUSE = "other causes"
MAX_MESSAGE = 300
"""Characters of an exception's message kept in a log line."""


def cause_of(error: BaseException) -> str:
    """A stable name for what went wrong: the exception type and where it was raised.

    The message is left out (it often names a board or a temp file), so the same fault on
    different boards is one cause; an OSError keeps its errno name, which is the cause.
    """
    kind = type(error).__name__
    if isinstance(error, OSError) and error.errno is not None:
        kind = f"{kind}[{os.strerror(error.errno)}]"
    frames = traceback.extract_tb(error.__traceback__) if error.__traceback__ else []
    if frames:
        last = frames[-1]
        return f"{kind} at {os.path.basename(last.filename)}:{last.lineno}"
    return kind


def describe(error: BaseException) -> str:
    """The exception as one short line: ``Type: message`` (control characters escaped)."""
    text = str(error)
    if isinstance(error, OSError) and error.strerror:
        text = error.strerror + (f" ({error.filename})" if error.filename else "")
    text = text.replace("\n", "\\n").replace("\r", "\\r")
    if len(text) > MAX_MESSAGE:
        text = text[:MAX_MESSAGE] + "..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


class FaultLog:
    """Counts faults by cause; logs the first of each cause, later ones only at 10, 100, ...

    ``report`` is cheap (a dictionary update and at most one short log line, no traceback),
    so it may be called from any thread; callers should not hold locks the game loop needs.
    """

    def __init__(self, logger: logging.Logger, what: str) -> None:
        self._log = logger
        self._what = what
        self._lock = threading.Lock()
        self._counts: dict[str, int] = {}
        self._first: dict[str, str] = {}
        self._later: list[tuple[BaseException, str, str | None]] = []

    def report(self, error: BaseException, context: str = "", cause: str | None = None) -> int:
        """Count ``error``; log it if its cause is new or its count round; returns the count.

        ``cause`` overrides the cause read from the exception (its type and origin).
        """
        cause = cause or cause_of(error)
        with self._lock:
            if cause not in self._counts and len(self._counts) >= MAX_CAUSES:
                cause = OTHER_CAUSE
            count = self._counts.get(cause, 0) + 1
            self._counts[cause] = count
            self._first.setdefault(cause, describe(error))
            first = self._first[cause]
        where = f" ({context})" if context else ""
        if count == 1:
            self._log.warning("%s failed%s: %s [%s]", self._what, where, first, cause)
        elif count in LOG_AGAIN_AT:
            self._log.warning("%s failed %d times so far: %s [%s]", self._what, count, first,
                              cause)
        return count

    def later(self, error: BaseException, context: str = "", cause: str | None = None) -> None:
        """Queue ``error`` for ``flush`` (for callers holding a lock the game loop needs)."""
        with self._lock:
            self._later.append((error, context, cause))

    def flush(self) -> None:
        """Report everything queued with ``later`` (call with no lock held)."""
        if not self._later:
            return
        with self._lock:
            queued, self._later = self._later, []
        for error, context, cause in queued:
            self.report(error, context, cause)

    @property
    def counts(self) -> dict[str, int]:
        """How often each cause was seen (a copy)."""
        with self._lock:
            return dict(self._counts)

    @property
    def total(self) -> int:
        """Faults reported in all."""
        with self._lock:
            return sum(self._counts.values())

    def summarize(self) -> None:
        """Log one line per cause seen more than once (call at shutdown)."""
        for cause, count in self.counts.items():
            if count > 1:
                self._log.warning("%s failed %d times in all: %s [%s]", self._what, count,
                                  self._first.get(cause, cause), cause)
