"""One IDA* search over a board with pattern databases: the kernel's arrays and its driver."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

import numpy as np

from game.core.board import MOVES, Board
from game.solver.errors import SolveCancelled, SolveTimeout, Unsolvable
from game.solver.exact import dupes, kernels
from game.solver.exact.pattern import PatternHeuristic
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

    prune_duplicates = True
    """Whether move strings ``dupes`` lists are skipped (False only to measure them)."""
    chunk_nodes = CHUNK_NODES
    """Nodes per kernel call without a deadline (``split`` tasks take smaller ones)."""

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
        self.fsm = dupes.table() if self.prune_duplicates else dupes.NO_PRUNING
        self.fsm_at = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
        self.fsm_at[0] = dupes.UNFED
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

    def move_iteration(self, move: str, bound: int) -> bool:
        """Search only the paths of cost <= bound that begin with the legal ``move``; True
        (path in self.path) if one reaches the goal.

        The kernel is started at the root on that move for one node (it makes the move, or
        prunes it) and, once in, told the root has no other move: the child is searched
        without the move back, as in a whole iteration.
        """
        code = MOVES.index(move)
        ctl = self.ctl
        if ctl[kernels.DEPTH] > 0:
            self._unwind()
        ctl[kernels.DEPTH] = 0
        ctl[kernels.BOUND] = bound
        ctl[kernels.NEXT_BOUND] = kernels.NO_BOUND
        self._prime_root(code)
        self.nextdir[0] = code
        if self.flag[0]:
            raise SolveCancelled(f"search of {self.board} was cancelled")
        if self.progress is not None:
            self.progress(bound, self.nodes)
        ctl[kernels.LIMIT] = ctl[kernels.NODES] + 1
        status = self._run()
        if status == kernels.FOUND:  # the move itself reaches the goal
            self.path = move
            return True
        if status == kernels.CANCELLED:
            raise SolveCancelled(f"search of {self.board} was cancelled")
        if int(ctl[kernels.DEPTH]) == 0:
            return False  # pruned: the child's bound alone is over
        self.nextdir[0] = len(MOVES)
        return self._drive(bound)

    def _unwind(self) -> None:
        """Back from a found path to the root, the board's values restored on the way."""
        depth = int(self.ctl[kernels.DEPTH])
        self.nextdir[: depth + 1] = len(MOVES)
        self.ctl[kernels.LIMIT] = self.ctl[kernels.NODES] + 1  # backtracking counts no node
        if self._run() != kernels.EXHAUSTED or self.ctl[kernels.DEPTH] != 0:
            raise RuntimeError(f"solver bug: search of {self.board} did not unwind")

    def _prime_root(self, code: int) -> None:
        """Whatever the kernel reads for the root's move ``code`` that it fills in only when
        it opens the root (nothing for this kernel)."""

    def _drive(self, bound: int) -> bool:
        """Run the kernel chunk by chunk until it finds a path or ends the iteration."""
        ctl = self.ctl
        while True:
            give_way()
            chunk = self.chunk_nodes if self.deadline is None else DEADLINE_CHUNK_NODES
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
            self.fsm, self.fsm_at, h.goal_dist,
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


Probe = Callable[[list[str], int], dict[str, str]]
"""Searches the root's ``moves`` at a bound: a path (whole, from the root) for each move
that reaches the goal within it."""


def moves_probe(search: IdaSearch) -> Probe:
    """``search``'s own ``move_iteration``, one move after another."""
    def probe(moves: list[str], bound: int) -> dict[str, str]:
        return {m: search.path for m in moves if search.move_iteration(m, bound)}
    return probe


def optimal_first_moves(search: IdaSearch) -> tuple[str, frozenset[str]]:
    """An optimal path of ``search.board`` and ALL its optimal first moves, each one checked.

    The solve's last iteration, at the distance d, is carried on after its path across the
    root's remaining moves (``next_first_move``): a move reaches the goal in d - 1 more
    moves exactly when that iteration finds a path through it. The moves it tried before
    the first path's were exhausted at d already.
    """
    return first_moves_after(search, search.solve())


def first_moves_after(search: IdaSearch, path: str) -> tuple[str, frozenset[str]]:
    """``path``, just found by ``search``'s last iteration, and ALL the optimal first moves:
    that iteration carried on across the root's remaining moves, each path checked."""
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


def known_first_moves(search: IdaSearch, distance: int, settled: Mapping[str, int],
                      line: str = "", probe: Probe | None = None,
                      ) -> tuple[str, frozenset[str]] | None:
    """An optimal path and ALL optimal first moves of ``search.board`` when its distance is
    known (proven by an earlier search), in one iteration at ``distance`` over the moves
    that ``settled`` (proven distances of children, by move) and ``line`` (a known optimal
    path, replayed here) leave open; None when the knowledge does not hold together (no
    path found, a neighbour's distance not one apart): the caller searches from scratch.

    Each open move costs a find when it is optimal and a whole exhausted iteration of its
    child when it is not, so each settled move spares one of those. ``probe`` searches the
    open moves (``search``'s ``move_iteration`` one after another unless given: ``split``
    hands them to its threads).
    """
    board = search.board
    if distance == 0:
        return ("", frozenset()) if board.is_solved() else None
    probe = probe or moves_probe(search)
    path = line if len(line) == distance and _solves(board, line) else ""
    found = set(path[:1])
    open_moves = []
    for move in board.legal_moves():
        known = settled.get(move)
        if known is not None and (known not in (distance - 1, distance + 1)
                                  or (move in found and known != distance - 1)):
            return None  # a neighbour's distance differs by exactly one
        if known == distance - 1:
            found.add(move)
        elif move not in found and known is None:
            open_moves.append(move)
    reaching = probe(open_moves, distance)
    for move in open_moves:
        if move in reaching:
            check_solves(board, reaching[move])
            path = path or reaching[move]
            found.add(move)
    for move in sorted(found):  # every optimal move was settled: one of them for the path
        if path:
            break
        for reached in probe([move], distance).values():
            check_solves(board, reached)
            path = reached
    if len(path) != distance:
        return None
    return path, frozenset(found)


def _solves(board: Board, line: str) -> bool:
    try:
        return board.apply_all(line).is_solved()
    except ValueError:  # an illegal move
        return False


def manhattan_parity(board: Board) -> int:
    """Parity of the summed Manhattan distances: the parity of every solution's length."""
    w = board.width
    total = 0
    for cell, t in enumerate(board.tiles):
        if t:
            total += abs(cell // w - (t - 1) // w) + abs(cell % w - (t - 1) % w)
    return total & 1
