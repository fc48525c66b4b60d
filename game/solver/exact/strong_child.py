"""The strong tables built in a child process at the lowest priority, for a game playing on.

In the game's own process a build shared the interpreter with the frames: its first-time
compile holds the GIL for seconds, and its 3 GB come from the same allocator. A child
process shares neither; at ``nice`` 19 it takes only the CPU the game leaves idle. It prints
one progress line at a time (``share<TAB>words``) and writes the tables through the cache's
temp file and atomic rename as a build in the game would; the parent maps them once it exits.
Asked to stop (SIGTERM) the child cancels its build, which writes nothing; killed outright
it leaves at most a temp file, which the next build removes. It also stops by itself when
its parent is gone.

``build_in_child`` starts it (``strong_child_main``: WIDTH HEIGHT GROUPS THREADS, GROUPS as
JSON) and reports the child's lines to a callback.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Callable

CHILD_CODE = ("import sys; from game.solver.exact.strong_child_main import child_main; "
              "sys.exit(child_main(sys.argv[1:]))")

_lock = threading.Lock()
_children: list[subprocess.Popen[str]] = []


def build_in_child(width: int, height: int, groups: tuple[tuple[int, ...], ...],
                   threads: int, progress: Callable[[float, str], None]) -> bool:
    """Build the tables in a child process and wait for it; True when it wrote them.

    ``progress(share, words)`` gets each of the child's progress lines. ``stop_children``
    (from any thread) ends it at once; this then returns False.
    """
    with subprocess.Popen(child_command(width, height, groups, threads),
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True, bufsize=1) as child:
        with _lock:
            _children.append(child)
        try:
            assert child.stdout is not None
            for line in child.stdout:
                share, _, words = line.rstrip("\n").partition("\t")
                try:
                    progress(float(share), words)
                except ValueError:
                    continue  # not a progress line
            return child.wait() == 0
        finally:
            with _lock:
                _children.remove(child)
            if child.poll() is None:
                child.kill()


def child_command(width: int, height: int, groups: tuple[tuple[int, ...], ...],
                  threads: int) -> list[str]:
    """The command line of a build child (``-c``, not ``-m``: the package imports this
    module before ``-m`` would run it as ``__main__``)."""
    return [sys.executable, "-c", CHILD_CODE, str(width), str(height),
            json.dumps([list(g) for g in groups]), str(threads)]


def stop_children() -> None:
    """Ask every build child to stop (a game quitting), without waiting: each cancels its
    build, which writes nothing."""
    with _lock:
        children = list(_children)
    for child in children:
        if child.poll() is None:
            child.terminate()
