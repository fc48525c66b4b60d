"""The build child's side (``strong_child``): build one table set at the lowest priority (the
strong 4x4 tables, or a shape's stronger pattern databases: 5x5 6-6-6-6), printing
``share<TAB>words`` lines; stop on SIGTERM, or by itself once its game is gone."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Sequence

from game.solver.exact import heuristic, strong

NICE = 19
"""The child's priority: the lowest, so the game's frames and coach always run first."""
CHILD_FAILED = 1


def child_main(argv: Sequence[str]) -> int:
    """Build the tables ``argv`` names (WIDTH HEIGHT GROUPS THREADS); 0 once written."""
    width, height, groups, threads = argv
    spec = strong.StrongSpec(int(width), int(height),
                             tuple(tuple(int(t) for t in g) for g in json.loads(groups)))
    parent = os.getppid()
    if hasattr(os, "nice"):
        os.nice(NICE)
    # stop like a cancelled build: the build threads see the flag within milliseconds
    signal.signal(signal.SIGTERM, lambda *_: strong.cancel_strong_build())

    def report(share: float, words: str) -> None:
        if os.getppid() != parent:  # the game is gone: nobody will use the tables
            strong.cancel_strong_build()
            heuristic.cancel_builds()  # reported from the build in flight
        print(f"{share:.4f}\t{words}", flush=True)

    try:
        if (spec.width, spec.height) in heuristic.STRONG_SHAPES:
            # a shape's stronger pattern databases (5x5 6-6-6-6), through the same cache
            signal.signal(signal.SIGTERM,
                          lambda *_: heuristic.cancel_builds(for_good=True))
            heuristic.get_heuristic(spec.width, spec.height, int(threads), report, strong=True)
        else:
            strong.build_strong(spec, int(threads), report)
    except (strong.BuildCancelled, OSError, MemoryError):
        return CHILD_FAILED
    return 0

