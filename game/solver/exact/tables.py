"""Exact distance tables for boards of at most nine cells, built by breadth-first search."""

from __future__ import annotations

import math
import threading

import numpy as np

from game.core.board import MOVES, Board
from game.solver import cache
from game.solver.encoding import (
    neighbour_table,
    rank_perm_nb,
    rank_permutation,
    unrank_perm_nb,
    unrank_permutation,
)
from game.solver.errors import InvalidRequest, Unsolvable
from game.solver.jit import kernel

MAX_TABLE_CELLS = 9
"""Boards with at most this many cells get a full table (9!/2 = 181,440 states for 3x3)."""
UNSEEN = -1
CACHED_FROM_CELLS = 8
"""Tables of boards this size and up are kept in the disk cache (2x4, 4x2, 3x3)."""

_tables: dict[tuple[int, int], np.ndarray] = {}
_lock = threading.Lock()


def has_table(width: int, height: int) -> bool:
    """Whether this shape is small enough for a full distance table."""
    return width * height <= MAX_TABLE_CELLS


@kernel(entry=True)
def _bfs(goal: np.ndarray, nbr: np.ndarray, size: int) -> np.ndarray:
    """Distances from the goal to every permutation rank (-1: unreachable)."""
    n = goal.shape[0]
    dist = np.full(size, -1, dtype=np.int8)
    queue = np.empty(size // 2 + 1, dtype=np.int32)
    cells = np.empty(n, dtype=np.int8)
    start = rank_perm_nb(goal)
    dist[start] = 0
    queue[0] = start
    head = 0
    tail = 1
    while head < tail:
        rank = queue[head]
        head += 1
        unrank_perm_nb(rank, n, cells)
        blank = 0
        for i in range(n):
            if cells[i] == 0:
                blank = i
        d = dist[rank]
        for code in range(4):
            to = nbr[blank, code]
            if to < 0:
                continue
            cells[blank] = cells[to]
            cells[to] = 0
            child = rank_perm_nb(cells)
            if dist[child] < 0:
                dist[child] = d + 1
                queue[tail] = child
                tail += 1
            cells[to] = cells[blank]
            cells[blank] = 0
    return dist


def distance_table(width: int, height: int) -> np.ndarray:
    """The int8 distance table over permutation ranks for this shape (built once per process)."""
    if not has_table(width, height):
        raise InvalidRequest(
            f"no full table for {width}x{height}: only boards of at most "
            f"{MAX_TABLE_CELLS} cells have one"
        )
    key = (width, height)
    with _lock:
        table = _tables.get(key)
        if table is None:
            table = _cached_or_built(width, height)
            table.setflags(write=False)
            _tables[key] = table
        return table


def _cached_or_built(width: int, height: int) -> np.ndarray:
    """From the disk cache when there (a 3x3 table loads in a millisecond; the search takes
    about 0.1 s), else built by breadth-first search and saved for the next process."""
    name, meta = f"table-{width}x{height}", {"width": width, "height": height, "kind": "bfs"}
    n = width * height
    if n >= CACHED_FROM_CELLS:
        found = cache.load_tables(name, meta)
        if found is not None and found[0].size == math.factorial(n):
            return found[0].view(np.int8)
    goal = np.array(Board.goal(width, height).tiles, dtype=np.int8)
    table = _bfs(goal, neighbour_table(width, height), math.factorial(n))
    if n >= CACHED_FROM_CELLS:
        try:
            cache.save_tables(name, meta, [table.view(np.uint8)])
        except OSError:
            pass  # a read-only or full disk only costs the next process the search again
    return table


def table_distance(board: Board) -> int | None:
    """Exact distance by lookup (None when the board is unsolvable)."""
    d = int(distance_table(board.width, board.height)[rank_permutation(board.tiles)])
    return None if d == UNSEEN else d


def table_optimal_moves(board: Board) -> frozenset[str]:
    """Every move whose child is one step closer to the goal."""
    table = distance_table(board.width, board.height)
    d = int(table[rank_permutation(board.tiles)])
    if d <= 0:
        return frozenset()
    return frozenset(
        m for m in board.legal_moves()
        if int(table[rank_permutation(board.apply(m).tiles)]) == d - 1
    )


@kernel(entry=True)
def _walk_down(cells: np.ndarray, table: np.ndarray, nbr: np.ndarray, out: np.ndarray) -> int:
    """Write one optimal move-code sequence into ``out``; return its length (-1: unsolvable)."""
    d = table[rank_perm_nb(cells)]
    if d < 0:
        return -1
    blank = 0
    for i in range(cells.shape[0]):
        if cells[i] == 0:
            blank = i
    steps = 0
    while d > 0:
        for code in range(4):
            to = nbr[blank, code]
            if to < 0:
                continue
            cells[blank] = cells[to]
            cells[to] = 0
            if table[rank_perm_nb(cells)] == d - 1:
                out[steps] = code
                steps += 1
                blank = to
                d -= 1
                break
            cells[to] = cells[blank]
            cells[blank] = 0
    return steps


def table_path(board: Board) -> str:
    """One optimal solution, walking down the table (first optimal move in U D L R order)."""
    table = distance_table(board.width, board.height)
    cells = np.array(board.tiles, dtype=np.int8)
    out = np.zeros(int(table.max()) + 1, dtype=np.int64)
    steps = _walk_down(cells, table, neighbour_table(board.width, board.height), out)
    if steps < 0:
        raise Unsolvable(f"board {board} is not solvable")
    return "".join(MOVES[int(c)] for c in out[:steps])


def boards_at_distance(width: int, height: int, length: int) -> np.ndarray:
    """Permutation ranks of all boards at exactly ``length`` moves from the goal."""
    table = distance_table(width, height)
    return np.flatnonzero(table == length)


def board_from_rank(width: int, height: int, rank: int) -> Board:
    """The board whose cells have permutation rank ``rank``."""
    return Board(width, height, unrank_permutation(int(rank), width * height))
