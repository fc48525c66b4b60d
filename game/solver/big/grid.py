"""Grid geometry shared by the large-board solvers: goal distances and blank steps."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from game.core.board import Board


def manhattan(board: Board) -> int:
    """Sum of the tiles' row plus column distances to their goal cells (a lower bound)."""
    return manhattan_tiles(board.tiles, board.width)


def manhattan_tiles(tiles: Sequence[int], w: int) -> int:
    total = 0
    for i, t in enumerate(tiles):
        if t:
            r, c = divmod(i, w)
            gr, gc = divmod(t - 1, w)
            total += abs(r - gr) + abs(c - gc)
    return total


@cache
def goal_distances(w: int, h: int) -> list[list[int]]:
    """``dist[tile][cell]``: Manhattan distance from ``cell`` to the tile's goal (0 for blank)."""
    n = w * h
    out = [[0] * n]
    for t in range(1, n):
        gr, gc = divmod(t - 1, w)
        out.append([abs(r - gr) + abs(c - gc) for r in range(h) for c in range(w)])
    return out


@cache
def blank_steps(w: int, h: int) -> list[list[tuple[int, str]]]:
    """For each cell: (cell the blank can step to, the tile letter of that move)."""
    out: list[list[tuple[int, str]]] = []
    for i in range(w * h):
        r, c = divmod(i, w)
        nb = []
        if r + 1 < h:
            nb.append((i + w, "U"))
        if r > 0:
            nb.append((i - w, "D"))
        if c + 1 < w:
            nb.append((i + 1, "L"))
        if c > 0:
            nb.append((i - 1, "R"))
        out.append(nb)
    return out
