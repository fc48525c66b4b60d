"""A batch on forked processes: the children share the parent's mapped tables and kernels.

A one-shot command loads the ahead-of-time compiled kernels, which hold the GIL, so threads
would take turns on them; the JIT kernels release it but cost numba's import (about 0.6 s).
Forked after start-up, each child starts with the tables already mapped (the pages are shared,
not copied) and the kernels already loaded, and solves its share on its own core. Only where
``fork`` is safe: on Linux, and while the process has no other thread (a thread holding a
lock at the fork would leave that lock held forever in the child); elsewhere the caller goes
on with threads.
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar, cast

T = TypeVar("T")
R = TypeVar("R")
_job: Callable[[object], object] | None = None
_items: Sequence[object] = ()


def can_fork() -> bool:
    """Whether a batch may fork now: on Linux (macOS's system libraries are not fork-safe)
    and with no other thread running."""
    return (sys.platform.startswith("linux")
            and "fork" in multiprocessing.get_all_start_methods()
            and threading.active_count() == 1)


def _child_start() -> None:
    # the parent's own handlers (a command's SIGTERM hook) must not outlive the fork: the
    # pool ends its children with SIGTERM, and Ctrl+C is the parent's to handle; a SIGTERM
    # sent before this ran was held (``fork_map``) and ends the child now
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})


def _run(index: int) -> object:
    assert _job is not None  # set before the fork, inherited by the child
    return _job(_items[index])


def fork_map(job: Callable[[T], R], items: Sequence[T], workers: int) -> Iterator[R]:
    """``job(item)`` for each item, in order, on ``workers`` forked children (one item a task,
    so a slow board never holds back a child's later ones). The results must pickle; an
    exception a job raises is raised here."""
    global _job, _items
    _job, _items = cast(Callable[[object], object], job), items
    try:
        context = multiprocessing.get_context("fork")
        # children start with SIGTERM held until ``_child_start`` resets its handler: one
        # the pool sent a child not yet started (a quick batch ending on a busy machine) ran
        # the parent's handler there instead, the child lived on, and the pool waited for
        # it for ever (the suite hung in this test beside a busy core)
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
        try:
            pool = context.Pool(workers, initializer=_child_start)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
        with pool:
            for result in pool.imap(_run, range(len(items)), chunksize=1):
                yield cast(R, result)
    finally:
        _job, _items = None, ()
