"""One IDA* search over a board with pattern databases: the kernel's arrays and its driver."""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from game.core.board import MOVES, Board
from game.solver.errors import SolveCancelled, SolveTimeout, Unsolvable
from game.solver.exact import kernels
from game.solver.exact.heuristic import PatternHeuristic
from game.solver.results import check_solves, give_way

Progress = Callable[[int, int], None]
CHUNK_NODES = 1 << 19
"""Nodes per kernel call; between calls the driver checks the deadline and reports progress."""
DEADLINE_CHUNK_NODES = 1 << 16
"""Nodes per call under a deadline (a few ms), so a search gives up on time and leaves the
rest of a small budget (`solve --seconds 0.02`) to a best-found line."""
MAX_DEPTH = 255


class IdaSearch:
    """One IDA* search over a board: the kernel's arrays plus the loop that drives them."""

    def __init__(self, board: Board, heur: PatternHeuristic, flag: np.ndarray,
                 deadline: float | None, progress: Progress | None) -> None:
        give_way()
        self.board = board
        self.heur = heur
        self.flag = flag
        self.deadline = deadline
        self.progress = progress
        self.tiles = np.array(board.tiles, dtype=np.int8)
        self.pos = heur.group_positions(board.tiles)
        self.mpos = heur.group_positions(board.tiles, mirrored=heur.use_mirror)
        self.vals = heur.group_values(self.pos)
        self.mvals = heur.group_values(self.mpos)
        self.moves = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
        self.nextdir = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
        self.saved = np.zeros((MAX_DEPTH + 1, 4), dtype=np.int64)
        self.ctl = np.zeros(kernels.CTL_SLOTS, dtype=np.int64)
        self.ctl[kernels.BLANK] = board.blank
        self.ctl[kernels.HSUM] = int(self.vals.sum())
        self.ctl[kernels.MHSUM] = int(self.mvals.sum())
        self.ctl[kernels.G_WEIGHT] = 1
        self.ctl[kernels.H_WEIGHT] = 1
        self.ctl[kernels.CAP] = kernels.NO_BOUND
        self.h0 = int(self.vals.sum())
        if heur.use_mirror:
            self.h0 = max(self.h0, int(self.mvals.sum()))

    @property
    def nodes(self) -> int:
        """Nodes generated so far over all iterations."""
        return int(self.ctl[kernels.NODES])

    def iteration(self, bound: int) -> bool:
        """Search every path of cost <= bound; True (path in self.path) if one reaches the goal."""
        if bound > MAX_DEPTH:
            raise RuntimeError(f"search bound {bound} is beyond the supported depth {MAX_DEPTH}")
        ctl = self.ctl
        ctl[kernels.DEPTH] = 0
        ctl[kernels.BOUND] = bound
        ctl[kernels.NEXT_BOUND] = kernels.NO_BOUND
        self.nextdir[0] = 0
        if self.flag[0]:
            raise SolveCancelled(f"search of {self.board} was cancelled")
        if self.progress is not None:
            self.progress(bound, self.nodes)
        return self._drive(bound)

    def next_first_move(self) -> bool:
        """After ``iteration`` found a path, go on with the same iteration from the root's
        next move: True (path in self.path) when a later first move also reaches the goal
        within the bound, False once every first move is done.

        The kernel tries the root's moves in code order and each subtree to the end before
        the next, so a move before the found path's first was searched through at this
        bound, and nothing is searched twice.
        """
        depth = int(self.ctl[kernels.DEPTH])
        # every level below the root counts as done: the kernel backtracks (restoring each
        # level's saved values) up to the root, then tries its next move
        self.nextdir[1 : depth + 1] = len(MOVES)
        return self._drive(int(self.ctl[kernels.BOUND]))

    def _drive(self, bound: int) -> bool:
        """Run the kernel chunk by chunk until it finds a path or ends the iteration."""
        ctl = self.ctl
        while True:
            give_way()
            chunk = CHUNK_NODES if self.deadline is None else DEADLINE_CHUNK_NODES
            ctl[kernels.LIMIT] = ctl[kernels.NODES] + chunk
            status = self._run()
            if status == kernels.FOUND:
                depth = int(ctl[kernels.DEPTH])
                self.path = "".join(MOVES[int(c)] for c in self.moves[:depth])
                return True
            if status == kernels.EXHAUSTED:
                return False
            if status == kernels.CANCELLED or self.flag[0]:
                raise SolveCancelled(f"search of {self.board} was cancelled")
            if self.deadline is not None and time.monotonic() >= self.deadline:
                raise SolveTimeout(f"search of {self.board} ran past its deadline")
            if self.progress is not None:
                self.progress(bound, self.nodes)

    def _run(self) -> int:
        """One call of the compiled kernel (up to ctl[LIMIT] nodes); its status."""
        h = self.heur
        return int(kernels.ida_run(
            self.tiles, self.pos, self.mpos, self.vals, self.mvals, self.moves,
            self.nextdir, self.saved, self.ctl, self.flag, h.nbr, h.tile_group, h.tile_slot,
            h.sizes, h.offsets, h.pdbs, h.mirror_tile, h.mirror_cell, h.use_mirror,
        ))

    def solve(self) -> str:
        """An optimal solution by deepening the bound to the next smallest pruned cost.

        Every move changes the sum of Manhattan distances by one, so every solution has that
        sum's parity: bounds of the other parity are skipped.
        """
        if self.h0 == 0:
            return ""
        parity = manhattan_parity(self.board)
        bound = self.h0 + ((self.h0 - parity) & 1)
        while not self.iteration(bound):
            bound = int(self.ctl[kernels.NEXT_BOUND])
            if bound >= kernels.NO_BOUND:
                raise Unsolvable(f"board {self.board} is not solvable")
            bound += (bound - parity) & 1
        return self.path


def optimal_first_moves(search: IdaSearch) -> tuple[str, frozenset[str]]:
    """An optimal path of ``search.board`` and ALL its optimal first moves, each one checked.

    The solve's last iteration, at the distance d, is carried on after its path across the
    root's remaining moves (``next_first_move``): a move reaches the goal in d - 1 more
    moves exactly when that iteration finds a path through it. The moves it tried before
    the first path's were exhausted at d already.
    """
    path = search.solve()
    check_solves(search.board, path)
    found = set(path[:1])
    if path:
        while search.next_first_move():
            line = search.path
            check_solves(search.board, line)
            if line[0] in found:
                raise RuntimeError(f"solver bug: first move {line[0]} of {search.board} twice")
            found.add(line[0])
    return path, frozenset(found)


def manhattan_parity(board: Board) -> int:
    """Parity of the summed Manhattan distances: the parity of every solution's length."""
    w = board.width
    total = 0
    for cell, t in enumerate(board.tiles):
        if t:
            total += abs(cell // w - (t - 1) // w) + abs(cell % w - (t - 1) % w)
    return total & 1
