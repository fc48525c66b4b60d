"""Test helpers: exhaustive breadth-first search over small boards, on plain tuples, and the
old per-child way to all optimal first moves."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from game.core.board import Board
from game.solver.exact.ida import IdaSearch


def neighbours(tiles: tuple[int, ...], width: int, height: int) -> list[tuple[int, ...]]:
    """Every board one single-tile move away (plain tuples, no Board objects)."""
    blank = tiles.index(0)
    row, col = divmod(blank, width)
    out = []
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        r, c = row + dr, col + dc
        if 0 <= r < height and 0 <= c < width:
            src = r * width + c
            cells = list(tiles)
            cells[blank], cells[src] = cells[src], 0
            out.append(tuple(cells))
    return out


def bfs_distances(width: int, height: int,
                  depth: int | None = None) -> dict[tuple[int, ...], int]:
    """Distance to the goal of every board reachable from it (exhaustive BFS), or of every
    board within ``depth`` moves of it."""
    goal = Board.goal(width, height).tiles
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        state = queue.popleft()
        d = dist[state] + 1
        if depth is not None and d > depth:
            continue
        for nxt in neighbours(state, width, height):
            if nxt not in dist:
                dist[nxt] = d
                queue.append(nxt)
    return dist


BALL_DEPTH = 9
"""Every 5x5 board this close to the goal is enumerated exhaustively (about 11,000)."""
SMALL_GROUPS = tuple(tuple(range(t, t + 3)) for t in range(1, 25, 3))
"""Eight 3-tile groups: a weak but real 5x5 pattern-database heuristic built in moments."""


def per_child_passes(board: Board, search_of: Callable[[Board], IdaSearch],
                     ) -> tuple[int, frozenset[str], int]:
    """(distance, optimal first moves, nodes) the way the coach found them before issue 24's
    rework, as a reference: one solve, then one bounded pass at d - 1 per other child."""
    first = search_of(board)
    path = first.solve()
    d = len(path)
    found = set(path[:1])
    nodes = first.nodes
    for move in board.legal_moves():
        if move in found:
            continue
        search = search_of(board.apply(move))
        if search.h0 <= d - 1 and search.iteration(d - 1):
            assert board.apply_all(move + search.path).is_solved()
            found.add(move)
        nodes += search.nodes
    return d, frozenset(found), nodes
