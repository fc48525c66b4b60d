"""The frame gate: the worker's interpreted work waits while the render loop works a frame.

Both threads share one GIL. The search kernels release it, but the Python between them (the
search drivers, replaying and learning paths) contends with the render loop, and a frame
that must win the GIL back from the worker took 4 ms longer (measured in the demo: p99 frame
work 5.8 ms with the worker's Python free to run, 3.2-3.5 ms gated). The loop holds the gate
while it works on a frame (about 2 ms of each 16.7); the worker thread calls ``wait`` at its
checkpoints between compiled calls (``game.solver.give_way``) and before learning a result.
"""

from __future__ import annotations

import threading

MAX_WAIT = 0.02
"""The longest a checkpoint waits: a frame that overruns never starves the coach."""


class FrameGate:
    """Held by the render loop during a frame's work; waited on by the worker thread."""

    def __init__(self, max_wait: float = MAX_WAIT) -> None:
        self._open = threading.Event()
        self._open.set()
        self._max_wait = max_wait
        self._holder: int | None = None

    def hold(self) -> None:
        """The loop starts a frame's work."""
        self._holder = threading.get_ident()
        self._open.clear()

    def release(self) -> None:
        """The loop's frame work is done: the worker may run Python again."""
        self._open.set()
        self._holder = None

    @property
    def held(self) -> bool:
        """Whether a frame is being worked on."""
        return not self._open.is_set()

    def wait(self) -> None:
        """On the worker thread: pause while a frame is worked on (at most ``max_wait``).

        Never waits on the thread that holds the gate (a test that solves on the loop's own
        thread)."""
        if threading.get_ident() != self._holder:
            self._open.wait(self._max_wait)
