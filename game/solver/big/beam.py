"""Beam search that shortens a large-board solution: Manhattan plus line conflicts."""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable, Sequence

from game.solver.big.grid import blank_steps, goal_distances, manhattan_tiles
from game.solver.errors import SolveCancelled

BEAM_CHECK_PARENTS = 128
"""Beam search expands this many boards between two looks at the cancel flag and clock."""
BEAM_CONFLICT = 2
"""Beam ranking: Manhattan distance plus this much per pair of tiles in line conflict."""
BEAM_FIRST_WIDTH = 64
BEAM_GROWTH = 4
BEAM_MAX_WIDTH = 4096
"""Beams widen from the first width by this factor up to the last."""
BEAM_MAX_SEEN = 3_000_000
"""A beam search gives up after meeting this many boards (about 200 MB of hashes)."""

_Child = tuple[int, int, int, bytes, int, str]
"""A child in a beam layer: rank, Manhattan, parent's index, tiles, blank cell, move letter."""


def _conflicts(state: Sequence[int], line: list[int], line_id: int, home_line: list[int],
               home_order: list[int], cell: int, t: int) -> int:
    """Tiles of ``line`` (cells in order) that belong there and stand in the wrong order
    with tile ``t`` at ``cell``; ``home_line``/``home_order`` say where tiles belong."""
    count = 0
    order = home_order[t]
    for x in line:
        u = state[x]
        if home_line[u] == line_id and (x - cell) * (home_order[u] - order) < 0:
            count += 1
    return count


def beam_search(tiles: list[int], w: int, h: int, width: int, limit: int,
          deadline: float, cancelled: Callable[[], bool]) -> str | None:
    """Beam search: a solution shorter than ``limit``, or None.

    Each layer keeps the ``width`` children ranked closest to the goal (Manhattan
    distance plus line conflicts); boards met before are dropped (remembered by hash,
    so a rare collision only prunes a board). Gives up at the deadline, after
    BEAM_MAX_SEEN boards, or when no child can still beat ``limit`` (depth plus plain
    Manhattan distance is a lower bound).
    """
    n = w * h
    nbrs = blank_steps(w, h)
    dist = goal_distances(w, h)
    row_of = [i // w for i in range(n)]
    col_of = [i % w for i in range(n)]
    home_row = [-1] + [(t - 1) // w for t in range(1, n)]
    home_col = [-1] + [(t - 1) % w for t in range(1, n)]
    rows = [list(range(r * w, r * w + w)) for r in range(h)]
    cols = [list(range(c, n, w)) for c in range(w)]
    start = bytes(tiles)
    h0 = manhattan_tiles(start, w)
    lc = BEAM_CONFLICT
    r0 = h0 + lc * sum(
        _conflicts(start, rows[row_of[i]], row_of[i], home_row, home_col, i, t)
        + _conflicts(start, cols[col_of[i]], col_of[i], home_col, home_row, i, t)
        for i, t in enumerate(start) if t
    ) // 2
    seen = {hash(start)}
    layer = [(r0, h0, start, start.index(0))]
    links: list[tuple[array[int], str]] = []
    checks = 0
    depth = 0
    while layer:
        depth += 1
        if depth + min(item[1] for item in layer) - 1 >= limit:
            return None
        if len(seen) > BEAM_MAX_SEEN:
            return None
        children: list[_Child] = []
        for k, (rv, hv, state, blank) in enumerate(layer):
            checks += 1
            if checks >= BEAM_CHECK_PARENTS:
                checks = 0
                if cancelled():
                    raise SolveCancelled("the beam search was cancelled")
                if time.monotonic() >= deadline:
                    return None
            for src, letter in nbrs[blank]:
                t = state[src]
                nh = hv + dist[t][blank] - dist[t][src]
                if depth + nh >= limit:
                    continue
                cells = bytearray(state)
                cells[blank], cells[src] = t, 0
                key = bytes(cells)
                hk = hash(key)
                if hk in seen:
                    continue
                seen.add(hk)
                nr = rv + nh - hv
                if letter in "LR":  # the tile changes column: its column conflicts change
                    c = col_of[blank]
                    if home_col[t] == c:
                        nr += lc * _conflicts(key, cols[c], c, home_col, home_row, blank, t)
                    c = col_of[src]
                    if home_col[t] == c:
                        nr -= lc * _conflicts(state, cols[c], c, home_col, home_row, src, t)
                else:
                    r = row_of[blank]
                    if home_row[t] == r:
                        nr += lc * _conflicts(key, rows[r], r, home_row, home_col, blank, t)
                    r = row_of[src]
                    if home_row[t] == r:
                        nr -= lc * _conflicts(state, rows[r], r, home_row, home_col, src, t)
                children.append((nr, nh, k, key, src, letter))
        if not children:
            return None
        children.sort(key=_first)
        children = children[:width]
        links.append((array("i", [c[2] for c in children]), "".join(c[5] for c in children)))
        best = min(children, key=_second)
        if best[1] == 0:
            path = []
            k = children.index(best)
            for parents, letters in reversed(links):
                path.append(letters[k])
                k = parents[k]
            return "".join(reversed(path))
        layer = [(nr, nh, key, src) for nr, nh, _, key, src, _ in children]
    return None


def _first(item: _Child) -> int:
    return item[0]


def _second(item: _Child) -> int:
    return item[1]
