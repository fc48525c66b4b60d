"""A one-thread concurrent.futures executor on a daemon thread: a hung job never blocks exit.

Why not ``ThreadPoolExecutor(max_workers=1)``: since Python 3.9 its worker threads are
registered with ``threading._register_atexit`` and joined when the interpreter exits, so a
search stuck inside a compiled kernel (one that no longer checks its cancel token) would keep
the game from quitting. This executor runs its jobs on a single ``daemon=True`` thread that
nobody joins at exit; ``shutdown(wait=False, cancel_futures=True)`` lets its owner walk away
from a hung thread and start a fresh executor. The Future interface is the standard one.
"""

from __future__ import annotations

import itertools
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

_names = itertools.count(1)


class DaemonThreadExecutor(Executor):
    """Runs submitted callables one at a time, in order, on one daemon thread."""

    def __init__(self, name: str = "fifteen-worker") -> None:
        self._queue: queue.SimpleQueue[tuple[Future, Callable, tuple, dict] | None] = (
            queue.SimpleQueue()
        )
        self._lock = threading.Lock()
        self._closed = False
        self._thread = threading.Thread(
            target=self._loop, name=f"{name}-{next(_names)}", daemon=True
        )
        self._thread.start()

    @property
    def thread(self) -> threading.Thread:
        """The executor's one thread (a daemon)."""
        return self._thread

    @property
    def alive(self) -> bool:
        """Whether the thread still runs (False after shutdown or if it died)."""
        return self._thread.is_alive()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        """Queue ``fn(*args, **kwargs)``; returns its Future at once (never blocks)."""
        with self._lock:
            if self._closed:
                raise RuntimeError("cannot submit to an executor that was shut down")
            future: Future = Future()
            self._queue.put((future, fn, args, kwargs))
            return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop taking work; optionally cancel queued jobs; optionally wait for the thread."""
        with self._lock:
            self._closed = True
            if cancel_futures:
                while True:
                    try:
                        item = self._queue.get_nowait()
                    except queue.Empty:
                        break
                    if item is not None:
                        item[0].cancel()
            self._queue.put(None)
        if wait and self._thread is not threading.current_thread():
            self._thread.join()

    def _loop(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            future, fn, args, kwargs = item
            del item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result = fn(*args, **kwargs)
            except BaseException as exc:  # every failure goes back in the future
                future.set_exception(exc)
            else:
                future.set_result(result)
            del future, fn, args, kwargs


class Lane:
    """Where the worker's jobs run: one ``DaemonThreadExecutor``, replaced by a fresh one when
    its thread has died or been left to a hung job."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._executor: DaemonThreadExecutor | None = None

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> tuple[Future, bool]:
        """Queue ``fn(*args)``, on a fresh thread if need be; returns its Future and whether a
        thread that died under us was replaced. Raises RuntimeError when no thread starts."""
        executor, died = self._executor, False
        if executor is None or not executor.alive:
            if executor is not None:  # its thread died under us
                died = True
                executor.shutdown(wait=False, cancel_futures=True)
                self._executor = None
            executor = self._executor = DaemonThreadExecutor(self._name)
        return executor.submit(fn, *args), died

    def leave(self) -> threading.Thread | None:
        """Walk away from the thread (a hung job, or shutdown): queued jobs are cancelled,
        nothing waits; returns the thread left behind (None if there was none)."""
        executor, self._executor = self._executor, None
        if executor is None:
            return None
        executor.shutdown(wait=False, cancel_futures=True)
        return executor.thread
