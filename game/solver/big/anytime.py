"""Anytime weighted IDA* on pattern databases: a line at once, shorter ones until the deadline."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np

from game.core.board import Board
from game.solver.big.widebeam import WideBeam
from game.solver.big.window import shorten
from game.solver.encoding import transposed, view_line
from game.solver.errors import SolveCancelled
from game.solver.exact import kernels
from game.solver.exact.ida import MAX_DEPTH, IdaSearch
from game.solver.exact.pattern import PatternHeuristic
from game.solver.results import give_way

WEIGHT_SCALE = 100
"""Weights are integers over this scale: cost = g * WEIGHT_SCALE + h * weight."""
WEIGHTS = (200, 150, 130, 120, 115, 110, 105, 100)
"""The weights tried in turn (2.0 down to 1.0); a stage is repeated under the new cap while
shortening gains its lines less than two moves, else the next weight follows."""
STEP = 2 * WEIGHT_SCALE
"""A weighted bound grows by at least this (two moves' worth) per iteration, so the many
small fractional steps of a weighted cost do not each cost an iteration."""
SHORTEN_WINDOWS = (24, 32, 40)
"""Each line found is shortened with stretches of these lengths in turn (longer ones find
shortcuts the shorter ones cannot, at more nodes per stretch)."""
CHUNK_NODES = 1 << 16
"""Nodes per kernel call (a few ms): between calls the driver checks the clock."""
FIRST_WIDTH = 512
"""The first beam's width: a line about 1.2 times the optimum in a few milliseconds."""
MAX_WIDTH = 1 << 15
"""The widest beam (about 100 MB of seen-board hashes and links per view)."""
WIDTH_GROWTH = 4
WIDTH_STEP = 256
TIME_SHARE = 0.85
"""A wider beam is started only if its time, guessed from the last one's, fits in this share
of the time left."""
HELPER_POLL = 0.002
"""How often a thread waiting for a second view looks at the clock and the cancel flag."""

Improved = Callable[[str], None]

_threads = 1


def set_threads(count: int) -> None:
    """Threads one search may use (1 or 2): with 2, a stage's two views, the board and its
    transpose, advance side by side on two cores. The game keeps 1 (its render loop needs
    the other core); one-shot commands and benchmarks set 2 where there are two cores."""
    global _threads
    _threads = 2 if count >= 2 else 1


class WeightedIda(IdaSearch):
    """Resumable IDA* with cost g + w * h, pruning paths that cannot beat ``cap`` moves.

    ``advance`` runs one chunk of nodes; ``line`` is set when a line is found and ``done``
    when the search has found one or has no more bounds under the cap (with weight
    WEIGHT_SCALE that proves no line shorter than the cap exists). A line found on the
    transposed view is handed back in the board's own moves.
    """

    def __init__(self, board: Board, heur: PatternHeuristic, flag: np.ndarray, weight: int,
                 cap: int, transpose: bool = False) -> None:
        self.original = board
        self.transpose = transpose
        super().__init__(transposed(board) if transpose else board, heur, flag, None, None)
        self.weight = weight
        self.ctl[kernels.G_WEIGHT] = WEIGHT_SCALE
        self.ctl[kernels.H_WEIGHT] = weight
        self.set_cap(cap)
        self.line: str | None = None
        self.done = self.h0 >= self.ctl[kernels.CAP]
        self.exhausted = self.done
        self._start(self.h0 * weight)
        if self.h0 == 0 and not self.done:
            self.line, self.done = "", True

    def set_cap(self, cap: int) -> None:
        """Only look for lines shorter than ``cap`` from now on."""
        self.ctl[kernels.CAP] = min(cap, MAX_DEPTH)

    def _start(self, bound: int) -> None:
        ctl = self.ctl
        ctl[kernels.DEPTH] = 0
        ctl[kernels.BOUND] = bound
        ctl[kernels.NEXT_BOUND] = kernels.NO_BOUND
        self.nextdir[0] = 0

    def advance(self, nodes: int = CHUNK_NODES) -> None:
        """Search ``nodes`` more nodes (the compiled kernel releases the GIL meanwhile)."""
        if self.done:
            return
        give_way()
        ctl = self.ctl
        h = self.heur
        ctl[kernels.LIMIT] = ctl[kernels.NODES] + nodes
        status = kernels.ida_run(
            self.tiles, self.pos, self.mpos, self.vals, self.mvals, self.moves,
            self.nextdir, self.saved, ctl, self.flag, h.nbr, h.tile_group, h.tile_slot,
            h.sizes, h.offsets, h.pdbs, h.mirror_tile, h.mirror_cell, h.use_mirror,
            self.fsm, self.fsm_at, h.goal_dist,
        )
        if status == kernels.CANCELLED or self.flag[0]:
            raise SolveCancelled(f"search of {self.original} was cancelled")
        if status == kernels.FOUND:
            self.line = view_line(self.moves[: int(ctl[kernels.DEPTH])], self.transpose)
            self.done = True
        elif status == kernels.EXHAUSTED:
            nxt = int(ctl[kernels.NEXT_BOUND])
            if nxt >= kernels.NO_BOUND:
                self.done = self.exhausted = True
            else:
                bound = int(ctl[kernels.BOUND])
                self._start(max(nxt, bound + STEP) if self.weight > WEIGHT_SCALE else nxt)


def _checked(board: Board, line: str) -> str:
    if not board.apply_all(line).is_solved():
        raise RuntimeError(f"solver bug: {line!r} does not solve {board}")
    return line


def improve(board: Board, heur: PatternHeuristic, best: str, deadline: float,
            flag: np.ndarray, on_better: Improved | None = None,
            cancelled: Callable[[], bool] = lambda: False) -> tuple[str, bool]:
    """The shortest line found by ``deadline``, starting from the known line ``best``.

    Weighted IDA* with falling weights, each stage looking only for lines shorter than the
    best so far. A stage runs two searches side by side, on the board and on its transpose
    (the same problem with another move order): a weighted search's time varies wildly
    from board to board, and the two views rarely both get stuck. The stage ends when
    either finds a line; that line is shortened stretch by stretch (``shorten``).
    Returns (line, proven): proven when an unweighted stage searched everything below the
    line's length, so the line is optimal. ``on_better`` gets each shorter line at once.
    Cancelled through ``flag`` (read inside the kernel) or ``cancelled()`` (between chunks).
    """
    stage = 0
    while stage < len(WEIGHTS):
        weight = WEIGHTS[stage]
        views = [WeightedIda(board, heur, flag, weight, len(best), t) for t in (False, True)]
        if not _run(views, deadline, cancelled):
            return best, False
        found = next((v for v in views if v.done), views[0])
        if found.line is None:
            if weight == WEIGHT_SCALE and found.exhausted:
                return best, True
            stage += 1
            continue
        line = _checked(board, found.line)
        for window in SHORTEN_WINDOWS:
            line = shorten(board, line, deadline, flag, window)
        if len(line) < len(best):
            best = line
            if on_better is not None:
                on_better(best)
        if weight == WEIGHT_SCALE or len(found.line) >= len(best) + 2 or stage == 0:
            stage += 1  # the window shortening already did better than this weight alone
    return best, False


def widen(board: Board, heur: PatternHeuristic, best: str, deadline: float,
          flag: np.ndarray, on_better: Improved | None = None,
          cancelled: Callable[[], bool] = lambda: False) -> str:
    """The shortest line of beam searches (``WideBeam``) widening while they fit the time.

    The first beam is FIRST_WIDTH boards wide; each next one is WIDTH_GROWTH times wider, or
    as wide as the time left allows going by the last one's pace (TIME_SHARE of it), and the
    ladder stops when that is not wider than the last. With two threads each width runs on
    the board and its transpose side by side; with one, the views take turns. Each beam
    only looks for lines shorter than the best so far; ``on_better`` hears each one.
    """
    width = FIRST_WIDTH
    flip = False
    while True:
        start = time.monotonic()
        sides = (False, True) if _threads > 1 else (flip,)
        views = [WideBeam(board, heur, flag, width, len(best), t) for t in sides]
        if not _run(views, deadline, cancelled, every=True):
            return best
        for view in views:
            if view.line is not None and len(view.line) < len(best):
                best = _checked(board, view.line)
                if on_better is not None:
                    on_better(best)
        spent = max(time.monotonic() - start, 1e-4)
        fits = int((deadline - time.monotonic()) * TIME_SHARE / spent * width)
        wider = min(MAX_WIDTH, width * WIDTH_GROWTH, fits // WIDTH_STEP * WIDTH_STEP)
        if wider <= width:
            return best
        width = wider
        flip = not flip


class View(Protocol):
    """One search of a board that advances chunk by chunk (``WeightedIda``, ``WideBeam``)."""

    original: Board
    done: bool
    line: str | None

    def advance(self) -> None: ...


def _run(views: Sequence[View], deadline: float, cancelled: Callable[[], bool],
         every: bool = False) -> bool:
    """Advance the views until one is done (``every``: all are); False at the deadline.

    With two threads (``set_threads``) the second view runs on a thread of its own (the
    kernels release the GIL); when it is the one that finishes first it stops the other.
    """
    if _threads == 1 or len(views) == 1:
        return _run_together(views, deadline, cancelled, every)
    return _run_apart(views, deadline, cancelled, every)


def _run_together(views: Sequence[View], deadline: float, cancelled: Callable[[], bool],
                  every: bool) -> bool:
    finished = all if every else any
    while not finished(v.done for v in views):
        if time.monotonic() >= deadline:
            return False
        if cancelled():
            raise SolveCancelled(f"search of {views[0].original} was cancelled")
        for view in views:
            view.advance()
            if view.done and not every:
                break
    return True


def _run_apart(views: Sequence[View], deadline: float, cancelled: Callable[[], bool],
               every: bool) -> bool:
    stop = threading.Event()
    errors: list[BaseException] = []

    def run(view: View) -> None:
        try:
            while not stop.is_set() and not view.done and time.monotonic() < deadline:
                view.advance()
        except BaseException as exc:  # handed to the calling thread below
            errors.append(exc)
            stop.set()
        finally:
            if not every:
                stop.set()

    helper = threading.Thread(target=run, args=(views[1],), daemon=True,
                              name="fifteen-search-view")
    helper.start()
    try:
        while not stop.is_set() and not (views[0].done and (not every or not helper.is_alive())):
            if time.monotonic() >= deadline:
                break
            if cancelled():
                raise SolveCancelled(f"search of {views[0].original} was cancelled")
            if views[0].done:
                helper.join(HELPER_POLL)
            else:
                views[0].advance()
    finally:
        stop.set()
        helper.join()
    if errors:
        raise errors[0]
    finished = all if every else any
    return finished(v.done for v in views)
