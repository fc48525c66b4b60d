"""Every optimal first move of a cold 15-puzzle on two threads: one IDA*, its subtrees shared."""

from __future__ import annotations

import os
import threading
import time

from game.core.board import MOVES
from game.solver import jit
from game.solver.errors import SolveCancelled, SolveTimeout, Unsolvable
from game.solver.exact import kernels, strong_kernels
from game.solver.exact.ida import IdaSearch, manhattan_parity
from game.solver.exact.strong_search import StrongSearch
from game.solver.results import check_solves, give_way, give_way_hook, set_give_way

SPLIT_DEPTH = 10
"""Paths are dealt out at this depth: about two thousand of them on an 80-move board, so
each thread's share evens out, while the levels above, which every thread walks, stay a few
thousand nodes an iteration."""
CHUNK_NODES = 1 << 16
"""Nodes per kernel call (about 15 ms): between calls a thread drops the root move another
has just found a path through, and checks the deadline."""
SHARE_FROM_NODES = 1 << 20
"""Iterations are shared once one has taken this many nodes (about a third of a second):
the next is several times bigger. Below, one thread does it all and no thread is started,
which is nearly every board in play (a random 15-puzzle's whole answer is a few
milliseconds)."""
HELPER_NICE = 10
"""The second thread's niceness (Linux: per thread), so that beside the game it takes what
the render loop leaves."""

_threads = min(2, os.cpu_count() or 1)


def set_threads(count: int) -> None:
    """Threads a cold 15-puzzle's coach answer may use (1 or 2; the default: 2 with two
    cores). Each extra thread runs niced, so the render loop keeps its frames."""
    global _threads
    _threads = 2 if count >= 2 else 1


def can_share(search: IdaSearch) -> bool:
    """Whether ``shared_first_moves`` would use more than one thread on this search: the
    strong kernel (the only one that deals paths out), two threads allowed, and the JIT's
    kernels, which release the GIL (the prepared module's hold it)."""
    return _threads > 1 and isinstance(search, StrongSearch) and not jit.using_prepared()


class _Iteration:
    """One bound searched by every thread; what they found and whether any has failed."""

    def __init__(self, bound: int) -> None:
        self.bound = bound
        self.lock = threading.Lock()
        self.found: dict[str, str] = {}
        """First move -> a path through it within the bound."""
        self.failed = threading.Event()

    def add(self, path: str) -> None:
        with self.lock:
            self.found.setdefault(path[0], path)

    def done(self, move: str) -> bool:
        return move in self.found


def _search_share(search: IdaSearch, it: _Iteration, lead: bool) -> None:
    """Run ``search``'s share of the iteration to its end, every path it finds recorded and
    every root move already found dropped."""
    ctl = search.ctl
    ctl[kernels.DEPTH] = 0
    ctl[kernels.BOUND] = it.bound
    ctl[kernels.NEXT_BOUND] = kernels.NO_BOUND
    search.nextdir[0] = 0
    while True:
        give_way()
        if it.failed.is_set():
            return
        ctl[kernels.LIMIT] = ctl[kernels.NODES] + CHUNK_NODES
        status = search._run()
        depth = int(ctl[kernels.DEPTH])
        if status == kernels.EXHAUSTED:
            return
        if status == kernels.FOUND:
            it.add("".join(MOVES[int(c)] for c in search.moves[:depth]))
        elif status == kernels.CANCELLED or search.flag[0]:
            raise SolveCancelled(f"search of {search.board} was cancelled")
        elif search.deadline is not None and time.monotonic() >= search.deadline:
            raise SolveTimeout(f"search of {search.board} ran past its deadline")
        elif lead and search.progress is not None:
            search.progress(it.bound, search.nodes)
        if depth > 0 and it.done(MOVES[int(search.moves[0])]):
            # that first move is known to be optimal: on to the root's next one, as
            # ``IdaSearch.next_first_move`` does
            search.nextdir[1 : depth + 1] = len(MOVES)


def shared_first_moves(searches: list[IdaSearch]) -> tuple[str, frozenset[str]]:
    """``ida.optimal_first_moves`` with the work of each iteration shared by ``searches``
    (one per thread, all of the same board; ``can_share`` holds): each makes a move into
    depth SPLIT_DEPTH only on the paths ``strong_kernels.split_share`` deals it, so
    together they search the whole tree once. An iteration ends when every thread has
    searched its share: at the distance, that is every optimal first move found. The
    first iterations, up to one of SHARE_FROM_NODES, are the first search's alone.

    The calling thread runs the first share; the others run on threads of their own, niced
    (HELPER_NICE), with the caller's ``give_way`` hook.
    """
    lead = searches[0]
    board = lead.board
    if lead.h0 == 0:
        return "", frozenset()
    for mine, search in enumerate(searches):
        search.ctl[strong_kernels.SPLIT_DEPTH] = SPLIT_DEPTH
        search.ctl[strong_kernels.SPLIT_MINE] = mine
    parity = manhattan_parity(board)
    bound = lead.h0 + ((lead.h0 - parity) & 1)
    working = searches[:1]
    while True:
        it = _Iteration(bound)
        before = lead.nodes
        for search in working:
            search.ctl[strong_kernels.SPLIT_WAYS] = len(working)
        _run_shares(working, it)
        if it.found:
            paths = [it.found[m] for m in sorted(it.found)]
            for path in paths:
                check_solves(board, path)
                if len(path) != bound:
                    raise RuntimeError(f"solver bug: path {path} of {board} is not {bound} long")
            return paths[0], frozenset(it.found)
        bound = min(int(s.ctl[kernels.NEXT_BOUND]) for s in working)
        if lead.nodes - before >= SHARE_FROM_NODES:
            working = searches
        if bound >= kernels.NO_BOUND:
            raise Unsolvable(f"board {board} is not solvable")
        bound += (bound - parity) & 1


def _run_shares(searches: list[IdaSearch], it: _Iteration) -> None:
    """Each search's share of ``it`` at once; the first error any raises is raised here,
    after every thread has stopped."""
    errors: list[BaseException] = []
    hook = give_way_hook()

    def helper(search: IdaSearch) -> None:
        set_give_way(hook)
        if hasattr(os, "setpriority"):
            try:
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), HELPER_NICE)
            except OSError:
                pass  # not allowed here: the thread runs at the caller's priority
        try:
            _search_share(search, it, lead=False)
        except BaseException as exc:  # raised on the caller's thread below
            errors.append(exc)
            it.failed.set()

    threads = [threading.Thread(target=helper, args=(s,), daemon=True,
                                name="fifteen-coach-share") for s in searches[1:]]
    for thread in threads:
        thread.start()
    try:
        _search_share(searches[0], it, lead=True)
    except BaseException:
        it.failed.set()
        raise
    finally:
        for thread in threads:
            thread.join()
    if errors:
        raise errors[0]
