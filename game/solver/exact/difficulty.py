"""Puzzles of a chosen difficulty: random boards whose optimal solution has exactly L moves."""

from __future__ import annotations

import random

import numpy as np

from game.core.board import Board, inverse
from game.core.generate import random_board
from game.solver.errors import InvalidRequest
from game.solver.exact import tables
from game.solver.exact.heuristic import get_heuristic, has_heuristic
from game.solver.exact.ida import MAX_DEPTH, IdaSearch
from game.solver.exact.optimal import solve_exact

KNOWN_MAX_LENGTH = {(3, 3): 31, (4, 4): 80}
"""Proven diameters (the farthest boards from the goal) where they are known."""
MAX_RESTARTS = 5
MAX_TRIES_PER_MOVE = 20
RANDOM_STARTS = 4


def _closer_child(child: Board, distance: int) -> bool:
    """Whether ``child`` can reach the goal in ``distance`` moves (one bounded IDA* pass)."""
    if distance < 0:
        return False
    heur = get_heuristic(child.width, child.height)
    search = IdaSearch(child, heur, np.zeros(1, dtype=np.int64), None, None)
    return search.h0 <= distance and (search.h0 == 0 or search.iteration(distance))


def _options(board: Board, last: str, rng: random.Random) -> list[str]:
    moves = [m for m in board.legal_moves() if not last or m != inverse(last)]
    rng.shuffle(moves)
    return moves


def _ascend(start: Board, distance: int, length: int, rng: random.Random) -> Board | None:
    """Walk away from the goal, each step exactly one move farther; None if it gets stuck.

    On a sliding puzzle every move changes the distance by exactly one (parity), so a move
    whose child cannot be solved in d-1 moves leads to distance d+1. ``stack[i]`` holds the
    board at distance ``distance + i`` and its untried moves; at a local peak the walk backs
    up a step.
    """
    stack: list[tuple[Board, list[str]]] = [(start, _options(start, "", rng))]
    budget = MAX_TRIES_PER_MOVE * (length - distance + 1)
    while distance + len(stack) - 1 < length:
        board, options = stack[-1]
        if not options:
            stack.pop()
            if not stack:
                return None
            continue
        budget -= 1
        if budget < 0:
            return None
        move = options.pop()
        child = board.apply(move)
        if not _closer_child(child, distance + len(stack) - 2):
            stack.append((child, _options(child, move, rng)))
    return stack[-1][0]


def _from_random_board(width: int, height: int, length: int,
                       rng: random.Random) -> Board | None:
    """Solve a few uniformly random boards; walk down an optimal path of one that is too far,
    or up from the farthest one when all are too near."""
    best: tuple[int, Board] | None = None
    for _ in range(RANDOM_STARTS):
        board = random_board(width, height, rng)
        path = solve_exact(board).moves
        if len(path) >= length:
            return board.apply_all(path[: len(path) - length])
        if best is None or len(path) > best[0]:
            best = (len(path), board)
    assert best is not None
    return _ascend(best[1], best[0], length, rng)


def random_board_with_length(width: int, height: int, length: int,
                             rng: random.Random) -> Board:
    """A random board whose optimal solution is exactly ``length`` moves (InvalidRequest: none).

    Up to 9 cells it is drawn uniformly from all boards at that distance. Up to 16 cells a
    uniformly random board is solved and, when it is farther than ``length``, the board
    ``length`` moves before the end of its optimal solution is returned; when it is nearer,
    it is walked outward one move at a time, each move proven to add one to the distance.
    """
    if length < 0:
        raise InvalidRequest(f"length {length} must be 0 or more")
    if tables.has_table(width, height):
        ranks = tables.boards_at_distance(width, height, length)
        if ranks.size == 0:
            top = int(tables.distance_table(width, height).max())
            raise InvalidRequest(
                f"no {width}x{height} board is {length} moves from the goal (at most {top})"
            )
        return tables.board_from_rank(width, height, int(ranks[rng.randrange(ranks.size)]))
    if not has_heuristic(width, height):
        raise InvalidRequest(
            f"exact lengths are only available for boards of at most 16 cells, "
            f"not {width}x{height}"
        )
    top = KNOWN_MAX_LENGTH.get((width, height), MAX_DEPTH)
    if length > top:
        raise InvalidRequest(
            f"no {width}x{height} board is {length} moves from the goal (at most {top})"
        )
    for _ in range(MAX_RESTARTS):
        board = _from_random_board(width, height, length, rng)
        if board is not None:
            return board
    raise InvalidRequest(
        f"could not find a {width}x{height} board {length} moves from the goal "
        f"after {MAX_RESTARTS} tries"
    )
