"""IDA* iterations split over threads: the tree cut a few moves down into subtrees, each a
task searched by whichever thread is free (the coach's answers on the hardest 15-puzzles).

An iteration at bound T is the union of its subtrees: a task is a path of ``SPLIT_DEPTH - 1``
moves (its parent) and one move more, searched by ``IdaSearch.move_iteration`` from the
parent at T minus the parent's depth. The parents are enumerated once with the kernel's
pruning (no move back, and ``dupes``' strings from the second move on, as the kernel feeds
them), and each task's search starts its automaton where the parent's path left it: the
subtrees skip the very strings one search would (started afresh, they searched 13% more
nodes on the hardest boards). The next bound is the least of the tasks': a consistent
heuristic never falls along a path, so a subtree whose path to it was over T reports no
lower bound than a single search would. Every move of the root that begins an optimal
solution is found when the last iteration carries on past the first path through the other
roots' tasks, a root's remaining tasks skipped once one of them reaches the goal.

Small iterations run on one thread (``SEQUENTIAL_NODES``): most positions are answered
before a split would pay for itself. The calling thread (the coach's worker) searches tasks
too; the helpers beside it run at Linux's idle priority, so the render loop's thread takes a
core the moment its frame is due, and each helper makes the searches of the tasks it takes
(a hundred made at once held the GIL for ten ms, a late frame). Measured in the demo with a
worker on the 80-move boards: frame interval p99 17.1 ms against 16.8 on one thread (20-21
ms with helpers at normal priority, every task made up front).
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np

from game.core.board import INVERSE, MOVES, Board
from game.solver.errors import SolveCancelled, Unsolvable
from game.solver.exact import dupes, kernels
from game.solver.exact.ida import (
    IdaSearch,
    Progress,
    first_moves_after,
    known_first_moves,
    manhattan_parity,
)
from game.solver.results import check_solves, current_give_way, set_give_way

SPLIT_DEPTH = 6
"""Moves from the root to a task's subtree (its parent's path and its own move)."""
SEQUENTIAL_NODES = 100_000
"""An iteration runs on one thread while the last one took fewer nodes (a few tens of ms)."""
THREADS = max(1, min(4, os.cpu_count() or 1))
"""Threads searching a split iteration: the machine's cores, up to four."""
KNOWN_NODES = 400_000
"""With the distance known, the open moves are searched on one thread up to this many
nodes, then again split (what the first try took is lost: a few tens of ms at most)."""
TASK_CHUNK_NODES = 1 << 17
"""Nodes per kernel call in a task (a few ms): a task whose root move has its path stops."""

SearchFactory = Callable[[Board], IdaSearch]
"""A fresh search rooted at a board (``search_for`` with the shared flag and deadline)."""


class _Skip(Exception):
    """A task stopped between chunks: its root move already has a path."""


class _OverBudget(Exception):
    """The one-thread try at a known distance took more than ``KNOWN_NODES``."""


@dataclass
class _Task:
    """One subtree: the moves to its parent, its own move, and the search rooted there."""

    prefix: str
    move: str
    search: IdaSearch | None = None
    """Made by the thread that first searches the task (the making is interpreted work, and
    a hundred at once would hold the GIL for ten ms)."""
    nodes: int = 0
    """Nodes the task took in the last iteration (the biggest are started first)."""

    @property
    def fed(self) -> int:
        """The automaton's state at the parent: its path fed from the second move on, as
        one search feeds it (``dupes.UNFED`` at the root, whose own move is not fed)."""
        if not self.prefix:
            return dupes.UNFED
        return dupes.feed(self.prefix[1:])

    @property
    def root(self) -> str:
        """The root's move this subtree lies under."""
        return (self.prefix or self.move)[0]


def paths(board: Board, depth: int) -> list[str]:
    """The paths of ``depth`` moves from ``board`` that the kernel would make: no move back,
    no duplicate string (fed from the second move on)."""
    fsm = dupes.table()
    found: list[str] = []
    stack: list[tuple[str, Board, int]] = [(m, board.apply(m), 0) for m in board.legal_moves()]
    while stack:
        path, at, state = stack.pop()
        if len(path) == depth:
            found.append(path)
            continue
        for move in at.legal_moves():
            nxt = int(fsm[state, MOVES.index(move)])
            if move != INVERSE[path[-1]] and nxt >= 0:
                stack.append((path + move, at.apply(move), nxt))
    return sorted(found, key=lambda path: [MOVES.index(m) for m in path])  # the kernel's order


class SplitSearch:
    """The iterations of one board's IDA*, split into subtrees once they grow."""

    def __init__(self, board: Board, make: SearchFactory, flag: np.ndarray,
                 progress: Progress | None = None, threads: int | None = None,
                 depth: int = SPLIT_DEPTH) -> None:
        self.board = board
        self.make = make
        self.flag = flag
        self.progress = progress
        self.threads = THREADS if threads is None else threads
        self.depth = depth
        self.root = make(board)
        self.tasks: list[_Task] = []
        self.split_nodes = 0
        self.parity = manhattan_parity(board)

    @property
    def nodes(self) -> int:
        """Nodes generated so far, on every thread."""
        return self.root.nodes + self.split_nodes

    def first_bound(self) -> int:
        """The root's heuristic, raised to the parity of every solution's length."""
        h0 = self.root.h0
        return h0 + ((h0 - self.parity) & 1)

    def solve_all(self) -> tuple[str, frozenset[str]]:
        """An optimal path and ALL optimal first moves (each path checked), deepening the
        bound: on one thread while iterations are small, then split."""
        if self.board.is_solved():
            return "", frozenset()
        bound = self.first_bound()
        last = 0
        # a split iteration finds only paths longer than its subtrees' depth
        while last < SEQUENTIAL_NODES or bound <= self.depth or self.threads < 2:
            before = self.root.nodes
            if self.root.iteration(bound):
                return first_moves_after(self.root, self.root.path)  # one thread
            last = self.root.nodes - before
            bound = self._next(int(self.root.ctl[kernels.NEXT_BOUND]))
        while True:
            found, next_bound = self.iteration(bound, set(self.board.legal_moves()))
            if found:
                path = found[min(found)]
                return path, frozenset(found)
            bound = self._next(next_bound)

    def known(self, distance: int, settled: Mapping[str, int], line: str = "",
              ) -> tuple[str, frozenset[str]] | None:
        """``known_first_moves``: on one thread while it stays small, else split."""
        if self.threads < 2 or distance <= self.depth:
            return known_first_moves(self.root, distance, settled, line)
        root = self.root
        limit = root.nodes + KNOWN_NODES
        chunk, progress = root.chunk_nodes, root.progress

        def budget(bound: int, nodes: int) -> None:
            if progress is not None:
                progress(bound, nodes)
            if nodes > limit:
                raise _OverBudget

        root.chunk_nodes, root.progress = TASK_CHUNK_NODES, budget
        try:
            return known_first_moves(root, distance, settled, line)
        except _OverBudget:
            pass
        finally:
            root.chunk_nodes, root.progress = chunk, progress
        return known_first_moves(root, distance, settled, line, self.probe)

    def probe(self, moves: list[str], bound: int) -> dict[str, str]:
        """``ida.Probe`` over the subtrees: a path for each of ``moves`` that has one."""
        return self.iteration(bound, set(moves))[0]

    def _next(self, bound: int) -> int:
        if bound >= kernels.NO_BOUND:
            raise Unsolvable(f"board {self.board} is not solvable")
        return bound + ((bound - self.parity) & 1)

    def iteration(self, bound: int, roots: set[str]) -> tuple[dict[str, str], int]:
        """One iteration at ``bound`` over the subtrees under ``roots``: a checked path for
        each root move with one within the bound, and the next bound (the least cost over
        it) when none has."""
        tasks = [t for t in self._tasks() if t.root in roots]
        tasks.sort(key=lambda t: -t.nodes)  # the biggest first; at first, the kernel's order
        found: dict[str, str] = {}
        lows: list[int] = []
        errors: list[BaseException] = []
        lock = threading.Lock()
        queue = iter(tasks)
        hook = current_give_way()
        if self.progress is not None:
            self.progress(bound, self.nodes)

        def between(root: str) -> Progress:
            def check(_bound: int, _nodes: int) -> None:
                if errors or self.flag[0]:
                    raise SolveCancelled(f"search of {self.board} was cancelled")
                if root in found:
                    raise _Skip
            return check

        def work(helper: bool) -> None:
            if helper:
                set_give_way(hook)
                _idle_priority()
            while True:
                with lock:
                    task = next(queue, None)
                    if task is None or errors:
                        return
                    if task.root in found:
                        continue
                search = task.search
                if search is None:
                    search = task.search = self.make(self.board.apply_all(task.prefix))
                    search.chunk_nodes = TASK_CHUNK_NODES
                    search.fsm_at[0] = task.fed if search.prune_duplicates else dupes.UNFED
                search.progress = between(task.root)
                before = search.nodes
                try:
                    hit = search.move_iteration(task.move, bound - len(task.prefix))
                except _Skip:
                    hit = False
                except BaseException as exc:  # handed to the caller below
                    with lock:
                        errors.append(exc)
                    return
                finally:
                    task.nodes = search.nodes - before
                with lock:
                    self.split_nodes += task.nodes
                    if hit:
                        found.setdefault(task.root, task.prefix + search.path)
                    else:
                        low = int(search.ctl[kernels.NEXT_BOUND])  # from the parent
                        if low < kernels.NO_BOUND:
                            lows.append(low + len(task.prefix))

        helpers = [threading.Thread(target=work, args=(True,), daemon=True,
                                    name="fifteen-split") for _ in range(self.threads - 1)]
        for helper in helpers:
            helper.start()
        work(False)
        for helper in helpers:
            helper.join()
        if errors:
            raise errors[0]
        for path in found.values():
            check_solves(self.board, path)
        return found, min(lows, default=kernels.NO_BOUND)

    def _tasks(self) -> list[_Task]:
        """The subtrees, each with a search of its own once searched (threads never share
        one)."""
        if not self.tasks:
            self.tasks = [_Task(path[:-1], path[-1]) for path in paths(self.board, self.depth)]
        return self.tasks


def _idle_priority() -> None:
    """Run the calling thread only on a core nothing else wants (Linux's SCHED_IDLE: any
    other thread waking takes the core at once, so the render loop's frames start on time;
    elsewhere the thread keeps its priority)."""
    if sys.platform.startswith("linux") and hasattr(os, "sched_setscheduler"):
        try:
            os.sched_setscheduler(threading.get_native_id(), os.SCHED_IDLE,
                                  os.sched_param(0))
        except OSError:
            pass  # not allowed here: the thread keeps its parent's priority
