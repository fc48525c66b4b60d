"""The search driver: chooses table, IDA* or large-board solver; cancel, deadline, checking."""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from game.board import MOVES, Board
from game.solver import kernels, tables
from game.solver.heuristic import PatternHeuristic, get_heuristic, has_heuristic
from game.solver.results import (
    CancelToken,
    OptimalMoves,
    Solution,
    SolveCancelled,
    SolveTimeout,
    Unsolvable,
)

Progress = Callable[[int, int], None]
CHUNK_NODES = 1 << 19
"""Nodes per kernel call; between calls the driver checks the deadline and reports progress."""
MAX_DEPTH = 255
LARGE_DEFAULT_SECONDS = 1.0
"""Time budget for boards beyond 16 cells when the caller gives no deadline."""


class IdaSearch:
    """One IDA* search over a board: the kernel's arrays plus the loop that drives them."""

    def __init__(self, board: Board, heur: PatternHeuristic, flag: np.ndarray,
                 deadline: float | None, progress: Progress | None) -> None:
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
        h = self.heur
        while True:
            ctl[kernels.LIMIT] = ctl[kernels.NODES] + CHUNK_NODES
            status = kernels.ida_run(
                self.tiles, self.pos, self.mpos, self.vals, self.mvals, self.moves,
                self.nextdir, self.saved, ctl, self.flag, h.nbr, h.tile_group, h.tile_slot,
                h.sizes, h.offsets, h.pdbs, h.mirror_tile, h.mirror_cell, h.use_mirror,
            )
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


def manhattan_parity(board: Board) -> int:
    """Parity of the summed Manhattan distances: the parity of every solution's length."""
    w = board.width
    total = 0
    for cell, t in enumerate(board.tiles):
        if t:
            total += abs(cell // w - (t - 1) // w) + abs(cell % w - (t - 1) % w)
    return total & 1


def _flag(cancel: CancelToken | None) -> np.ndarray:
    return cancel.flag if cancel is not None else np.zeros(1, dtype=np.int64)


def _check(board: Board, moves: str) -> None:
    """Replay ``moves`` on the model; never hand out a solution that does not solve."""
    end = board.apply_all(moves)
    if not end.is_solved():
        raise RuntimeError(f"solver bug: {moves!r} does not solve {board} (ends at {end})")


def _require_solvable(board: Board, cancel: CancelToken | None) -> None:
    if cancel is not None and cancel.cancelled:
        raise SolveCancelled(f"search of {board} was cancelled before it began")
    if not board.is_solvable():
        raise Unsolvable(f"board {board} is not solvable")


def _tight(board: Board, cancel: CancelToken | None) -> tuple[str, frozenset[str]] | None:
    """A proven optimal path and move set for a big board at its Manhattan bound, or None."""
    from game.solver.large import LargeCancelled
    from game.solver.tight import tight_optimal_moves

    flag = _flag(cancel)
    try:
        return tight_optimal_moves(board, cancelled=lambda: bool(flag[0]))
    except LargeCancelled:
        raise SolveCancelled(f"search of {board} was cancelled") from None


def _solve_large(board: Board, cancel: CancelToken | None, deadline: float | None) -> str:
    try:
        from game.solver.large import LargeCancelled, solve_large
    except ImportError:
        raise NotImplementedError(
            f"{board.shape} boards need the large-board solver (game.solver.large), "
            "which is not installed yet"
        ) from None
    if deadline is None:
        deadline = time.monotonic() + LARGE_DEFAULT_SECONDS
    flag = _flag(cancel)
    try:
        return solve_large(board, deadline=deadline, cancelled=lambda: bool(flag[0]))
    except LargeCancelled:
        raise SolveCancelled(f"search of {board} was cancelled") from None


def solve(board: Board, *, cancel: CancelToken | None = None, deadline: float | None = None,
          progress: Progress | None = None) -> Solution:
    """A checked solution: optimal up to 16 cells, best found within the deadline beyond."""
    start = time.monotonic()
    _require_solvable(board, cancel)
    nodes = 0
    optimal = True
    if tables.has_table(board.width, board.height):
        moves = tables.table_path(board)
    elif has_heuristic(board.width, board.height):
        search = IdaSearch(board, get_heuristic(board.width, board.height), _flag(cancel),
                           deadline, progress)
        moves = search.solve()
        nodes = search.nodes
    else:
        proven = _tight(board, cancel)
        moves = proven[0] if proven else _solve_large(board, cancel, deadline)
        optimal = proven is not None
    _check(board, moves)
    return Solution(moves, len(moves), optimal, nodes, time.monotonic() - start)


def solve_best_found(board: Board, *, cancel: CancelToken | None = None,
                     deadline: float | None = None) -> Solution:
    """A checked, not necessarily optimal solution from the large-board solver (any size)."""
    start = time.monotonic()
    _require_solvable(board, cancel)
    moves = _solve_large(board, cancel, deadline)
    _check(board, moves)
    return Solution(moves, len(moves), False, 0, time.monotonic() - start)


def optimal_moves(board: Board, *, cancel: CancelToken | None = None,
                  deadline: float | None = None,
                  progress: Progress | None = None) -> OptimalMoves:
    """The distance and ALL first moves of optimal solutions (one best path beyond 16 cells)."""
    _require_solvable(board, cancel)
    if tables.has_table(board.width, board.height):
        path = tables.table_path(board)
        moves = tables.table_optimal_moves(board)
        _check(board, path)
        return OptimalMoves(board, len(path), moves, True, path)
    if not has_heuristic(board.width, board.height):
        proven = _tight(board, cancel)
        if proven is not None:
            _check(board, proven[0])
            return OptimalMoves(board, len(proven[0]), proven[1], True, proven[0])
        path = _solve_large(board, cancel, deadline)
        _check(board, path)
        return OptimalMoves(board, len(path), frozenset(path[:1]), False, path)
    heur = get_heuristic(board.width, board.height)
    flag = _flag(cancel)
    first = IdaSearch(board, heur, flag, deadline, progress)
    path = first.solve()
    _check(board, path)
    d = len(path)
    found = set(path[:1])
    done = first.nodes
    for move in board.legal_moves():
        if move in found:
            continue
        # one bounded pass: does this child reach the goal in d - 1 moves?
        report = None if progress is None else (lambda b, n, base=done: progress(b + 1, base + n))
        search = IdaSearch(board.apply(move), heur, flag, deadline, report)
        if search.h0 <= d - 1 and search.iteration(d - 1):
            _check(board, move + search.path)
            found.add(move)
        done += search.nodes
    return OptimalMoves(board, d, frozenset(found), True, path)


def exact_distance(board: Board) -> int | None:
    """The exact distance by table lookup (<= 9 cells); None without a table or if unsolvable."""
    if not tables.has_table(board.width, board.height):
        return None
    return tables.table_distance(board)


def warm_up(shapes: tuple[tuple[int, int], ...] = ((3, 3), (4, 4))) -> None:
    """Load or build the tables of these shapes and compile the search kernels."""
    for width, height in shapes:
        goal = Board.goal(width, height)
        board = goal.apply_all("DR")
        solve(board)
