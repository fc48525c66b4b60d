"""Frame-time benchmark: the real demo loop runs while a second worker solves hard 15-puzzles."""

from __future__ import annotations

import json
import os
import random
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator

from game.core.board import Board
from game.ui.options import DemoOptions

HARD_SEED = 60
HARD_LENGTH = 60
"""Each busy solve is a fresh seeded 15-puzzle whose optimal solution is exactly this long."""
FEED_POLL_SECONDS = 0.01


def _boards(hardest: bool) -> Iterator[Board]:
    """Fresh 60-move 15-puzzles, or (``hardest``) the 17 80-move boards and then the boards
    one move on from them: every one new to the worker's cache."""
    if hardest:
        from game.cli.korf import hardest80

        boards = [board for board, _ in hardest80()]
        yield from boards
        for board in boards:
            yield from (board.apply(move) for move in board.legal_moves())
        return
    from game.solver import random_board_with_length

    rng = random.Random(HARD_SEED)
    while True:
        yield random_board_with_length(4, 4, HARD_LENGTH, rng)


def _feed(worker: object, stop: threading.Event, solved: list[float], hardest: bool) -> None:
    """Keep the busy worker searching: a new hard board as soon as the last one is answered.

    Boards are made here, one at a time, so none is ever answered from the worker's cache.
    """
    for board in _boards(hardest):
        if stop.is_set():
            return
        started = time.perf_counter()
        worker.submit(board)  # type: ignore[attr-defined]
        while not stop.is_set():
            packet = worker.take()  # type: ignore[attr-defined]
            if any(hint.board == board for hint in packet.hints):
                solved.append(time.perf_counter() - started)
                break
            time.sleep(FEED_POLL_SECONDS)


def _headless() -> None:
    """The benchmark measures the loop, not a display: the dummy drivers unless set."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def bench_frames(seconds: float, size: tuple[int, int] = (4, 4), hardest: bool = False) -> dict:
    """Run `demo` for ``seconds`` with a second worker busy on hard boards (``hardest``: the
    80-move boards, whose searches run on every core); print the figures."""
    _headless()
    from game.cli.play import run_demo
    from game.solver import warm_up
    from game.worker import SolverWorker

    warm_up(((4, 4),))
    busy = SolverWorker(prefetch=False)
    stop = threading.Event()
    solved: list[float] = []
    feeder = threading.Thread(target=_feed, args=(busy, stop, solved, hardest),
                              daemon=True)
    with tempfile.TemporaryDirectory() as folder:
        stats_path = os.path.join(folder, "stats.json")
        busy.start()
        feeder.start()
        try:
            run_demo(DemoOptions(size[0], size[1], 1, seconds, stats_path))
        finally:
            stop.set()
            busy.shutdown()
        with open(stats_path, encoding="utf-8") as handle:
            data = json.load(handle)
    data["busy_solves"] = len(solved)
    if solved:
        what = "80- and 79-move" if hardest else f"{HARD_LENGTH}-move"
        print(f"busy worker: {len(solved)} fresh {what} 15-puzzles solved during "
              f"the run (median {statistics.median(solved):.3f} s, max {max(solved):.3f} s)")
    return data
