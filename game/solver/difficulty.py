"""Puzzles of a chosen difficulty: random boards whose optimal solution has exactly L moves."""

from __future__ import annotations

import random

import numpy as np

from game.board import Board, inverse
from game.solver import tables
from game.solver.heuristic import get_heuristic, has_heuristic
from game.solver.search import MAX_DEPTH, IdaSearch

KNOWN_MAX_LENGTH = {(3, 3): 31, (4, 4): 80}
"""Proven diameters (the farthest boards from the goal) where they are known."""
MAX_RESTARTS = 20


def _closer_child(child: Board, distance: int) -> bool:
    """Whether ``child`` can reach the goal in ``distance`` moves (one bounded IDA* pass)."""
    if distance < 0:
        return False
    heur = get_heuristic(child.width, child.height)
    search = IdaSearch(child, heur, np.zeros(1, dtype=np.int64), None, None)
    return search.h0 <= distance and (search.h0 == 0 or search.iteration(distance))


def _ascend(width: int, height: int, length: int, rng: random.Random) -> Board | None:
    """Walk away from the goal, each step exactly one move farther; None if it gets stuck.

    On a sliding puzzle every move changes the distance by exactly one (parity), so a move
    whose child cannot be solved in d-1 moves leads to distance d+1.
    """
    board = Board.goal(width, height)
    last = ""
    for d in range(length):
        moves = [m for m in board.legal_moves() if not last or m != inverse(last)]
        rng.shuffle(moves)
        for move in moves:
            child = board.apply(move)
            if not _closer_child(child, d - 1):
                board, last = child, move
                break
        else:
            return None
    return board


def random_board_with_length(width: int, height: int, length: int,
                             rng: random.Random) -> Board:
    """A random board whose optimal solution is exactly ``length`` moves; ValueError if none.

    Up to 9 cells it is drawn uniformly from all boards at that distance; up to 16 cells it is
    the end of a random walk that moves one step farther from the goal on every move.
    """
    if length < 0:
        raise ValueError(f"length {length} must be 0 or more")
    if tables.has_table(width, height):
        ranks = tables.boards_at_distance(width, height, length)
        if ranks.size == 0:
            top = int(tables.distance_table(width, height).max())
            raise ValueError(
                f"no {width}x{height} board is {length} moves from the goal (at most {top})"
            )
        return tables.board_from_rank(width, height, int(ranks[rng.randrange(ranks.size)]))
    if not has_heuristic(width, height):
        raise ValueError(
            f"exact lengths are only available for boards of at most 16 cells, "
            f"not {width}x{height}"
        )
    top = KNOWN_MAX_LENGTH.get((width, height), MAX_DEPTH)
    if length > top:
        raise ValueError(
            f"no {width}x{height} board is {length} moves from the goal (at most {top})"
        )
    for _ in range(MAX_RESTARTS):
        board = _ascend(width, height, length, rng)
        if board is not None:
            return board
    raise ValueError(
        f"could not find a {width}x{height} board {length} moves from the goal "
        f"after {MAX_RESTARTS} tries"
    )
