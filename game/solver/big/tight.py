"""Optimality proofs on big boards: a solution as long as the Manhattan bound is optimal.

Every move changes the summed Manhattan distance by exactly one, so a board can be solved in
exactly ``manhattan`` moves only by moves that each bring their tile one step closer home. A
depth-first search over those moves alone either finds such a solution (then it is optimal),
or shows there is none, or gives up at a node budget. Near the end of a game on 5x5 and
larger this proves the distance and every optimal move, so the coach and the scoring can say
"optimal" there too.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.board import Board
from game.solver.big.grid import blank_steps, goal_distances, manhattan_tiles
from game.solver.errors import SolveCancelled, SolverError

NODE_BUDGET = 20_000
"""Boards searched per proof before it gives up (undecided, not a failure)."""
CANCEL_CHECK = 1024
MAX_TIGHT_MANHATTAN = 200
"""Boards farther than this are left undecided (and the recursion stays shallow)."""


class Undecided(SolverError):
    """The node budget ran out before the search could decide (``tight_optimal_moves`` takes
    it as "no proof", never an error)."""


def tight_path(board: Board, *, budget: int = NODE_BUDGET,
               cancelled: Callable[[], bool] = lambda: False) -> str | None:
    """A solution of exactly ``manhattan(board)`` moves, or None when provably none exists.

    Raises Undecided when the budget runs out and SolveCancelled when ``cancelled()``.
    """
    w, h = board.width, board.height
    steps = blank_steps(w, h)
    dist = goal_distances(w, h)
    cells = list(board.tiles)
    dead: set[bytes] = set()  # boards already shown to have no tight solution
    path: list[str] = []
    visited = 0

    def search(blank: int, left: int) -> bool:
        nonlocal visited
        if left == 0:
            return True
        key = bytes(cells)
        if key in dead:
            return False
        visited += 1
        if visited > budget:
            raise Undecided
        if visited % CANCEL_CHECK == 0 and cancelled():
            raise SolveCancelled(f"search of {board} was cancelled")
        for src, letter in steps[blank]:
            tile = cells[src]
            if dist[tile][blank] >= dist[tile][src]:
                continue  # this move does not bring its tile closer: never on a tight path
            cells[blank], cells[src] = tile, 0
            path.append(letter)
            if search(src, left - 1):
                return True
            path.pop()
            cells[src], cells[blank] = tile, 0
        dead.add(key)
        return False

    bound = manhattan_tiles(board.tiles, w)
    if bound > MAX_TIGHT_MANHATTAN:
        raise Undecided
    found = search(board.blank, bound)
    return "".join(path) if found else None


def tight_optimal_moves(board: Board, *, budget: int = NODE_BUDGET,
                        cancelled: Callable[[], bool] = lambda: False
                        ) -> tuple[str, frozenset[str]] | None:
    """(an optimal path, ALL optimal first moves) when the distance equals the Manhattan
    bound and every candidate move is decided within the budget; otherwise None."""
    try:
        path = tight_path(board, budget=budget, cancelled=cancelled)
        if path is None:
            return None
        moves = set(path[:1])
        for move in board.legal_moves():
            if move in moves:
                continue
            # A move away from home makes the distance at least manhattan + 1: never optimal.
            child = board.apply(move)
            if manhattan_tiles(child.tiles, board.width) < len(path) and tight_path(
                child, budget=budget, cancelled=cancelled
            ) is not None:
                moves.add(move)
    except Undecided:
        return None
    return path, frozenset(moves)
