"""Additive pattern databases: tile partitions and the 0-1 breadth-first build (compiled)."""

from __future__ import annotations

from collections import deque

import numpy as np

from game.solver.encoding import (
    neighbour_table,
    pattern_space,
    popcount,
    rank_pattern,
)
from game.solver.errors import InvalidRequest
from game.solver.exact.pdb_wide import SEVEN_PARTITION, SIX_PARTITION
from game.solver.jit import kernel

MAX_GROUP = 6
"""Largest pattern: 16*15*14*13*12*11 = 5.8M entries of one byte."""
MAX_BUILD_CELLS = 32
"""Shapes up to this many cells get these tables by default (5x5, 4x8...); bigger shapes get
placement-only ones (``game.solver.exact.pdb_wide``), except for small groups (below)."""
MAX_REGION_CELLS = 63
"""The build keeps one bit per cell for the blank's region in a machine word: 63 cells at
most (7x7), four bytes per entry up to 32 cells and eight beyond."""
UNSEEN = 255
FIFTEEN_PARTITION = ((1, 5, 6, 9, 10, 13), (7, 8, 11, 12, 14, 15), (2, 3, 4))
"""The classic 6-6-3 split of the 15-puzzle (goal blank bottom-right)."""
TWENTY_FOUR_PARTITION = (
    (1, 2, 3, 6, 7), (4, 5, 8, 9, 10), (11, 12, 16, 17, 21), (13, 14, 15, 18, 19),
    (20, 22, 23, 24),
)
"""5-5-5-5-4 split of the 24-puzzle: compact blocks, the 4-tile group round the blank's corner.
Four tables of 25*24*23*22*21 = 6.4M bytes and one of 0.3M: 26 MB, about 10 s to build."""
TWENTY_FOUR_STRONG = (
    (1, 2, 3, 6, 7, 8), (4, 5, 9, 10, 14, 15), (11, 12, 16, 17, 21, 22),
    (13, 18, 19, 20, 23, 24),
)
"""6-6-6-6 split of the 24-puzzle (2x3 and 3x2 blocks, the rest round the blank's corner):
four tables of 25*24*23*22*21*20 = 127.5M entries, packed two a byte (255 MB)."""
INITIAL_QUEUE = 1 << 16
CANCEL_EVERY = 1 << 18
"""Queue entries between two looks at the cancel flag."""


def partition(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Disjoint tile groups of at most MAX_GROUP tiles covering every tile of the shape.

    4x4 uses the classic 6-6-3 split, 5x5 a 5-5-5-5-4 one, 6x6 seven groups of five and 7x7
    twelve of four (``game.solver.exact.pdb_wide``); other shapes take tiles in blocks along the
    long side (column by column on wide boards, row by row on tall ones), so each group is
    compact.
    """
    fixed = {(4, 4): FIFTEEN_PARTITION, (5, 5): TWENTY_FOUR_PARTITION, (6, 6): SIX_PARTITION,
             (7, 7): SEVEN_PARTITION}
    if (width, height) in fixed:
        return fixed[(width, height)]
    n = width * height
    cells = range(n - 1)
    if width > height:
        order = sorted(cells, key=lambda c: (c % width, c // width))
    else:
        order = list(cells)
    tiles = [c + 1 for c in order]
    return tuple(tuple(tiles[i : i + MAX_GROUP]) for i in range(0, len(tiles), MAX_GROUP))


def _grow(queue: np.ndarray, need: int) -> np.ndarray:
    if need <= queue.shape[0]:
        return queue
    bigger = np.empty(max(need, 2 * queue.shape[0]), dtype=queue.dtype)
    bigger[: queue.shape[0]] = queue
    return bigger


_grow_nb = kernel(_grow)


@kernel
def blank_region(start: int, free: int, width: int, left_ok: int, right_ok: int) -> int:
    """Bit mask of the cells the blank reaches from ``start`` through ``free`` cells."""
    region = 1 << start
    while True:
        grown = (region | (region << width) | (region >> width)
                 | ((region & right_ok) << 1) | ((region & left_ok) >> 1)) & free
        if grown == region:
            return region
        region = grown


@kernel
def _key_rank(key: int, k: int, n: int, bits: int) -> int:
    """Dense pattern rank of a placement keyed by ``bits`` per tile (see ``rank_pattern``)."""
    rank = 0
    used = 0
    mask = (1 << bits) - 1
    for i in range(k):
        p = (key >> (bits * i)) & mask
        below = used & ((1 << p) - 1)
        rank = rank * (n - i) + p - popcount(below)
        used |= 1 << p
    return rank


@kernel
def build_pdb_nb(goal_cells: np.ndarray, blank_goal: int, nbr: np.ndarray, width: int,
                 space: int, seen: np.ndarray, cur: np.ndarray, nxt: np.ndarray,
                 bits: int, filled: np.ndarray, cancel: np.ndarray) -> np.ndarray:
    """Fewest pattern-tile moves from each placement of the pattern to its goal, any blank.

    A 0-1 breadth-first search over (placement, blank region): moves of other tiles cost
    nothing, so the whole region the blank can reach is visited at once. Queue entries hold
    the placement as ``bits`` bits per tile plus the blank cell (a move is two xors); the
    tables (one bit mask of seen blank cells per placement, and the result) use the dense
    rank. The caller hands in the zeroed ``seen`` masks (uint16 up to 16 cells, uint32 up to
    32) and the two queues (int32 while the entries fit, else int64). ``filled[0]`` counts
    the table entries set so far, for another thread to show progress (out of ``space``).
    A non-zero ``cancel[0]`` stops the build, which then returns an empty table.
    """
    k = goal_cells.shape[0]
    n = nbr.shape[0]
    full = (1 << n) - 1
    left_ok = 0  # cells with a left neighbour
    right_ok = 0  # cells with a right neighbour
    for c in range(n):
        if c % width > 0:
            left_ok |= 1 << c
        if c % width < width - 1:
            right_ok |= 1 << c
    pdb = np.full(space, UNSEEN, dtype=np.uint8)
    mask = (1 << bits) - 1
    start = 0
    occupied = 0
    for i in range(k):
        start |= goal_cells[i] << (bits * i)
        occupied |= 1 << goal_cells[i]
    rank = _key_rank(start, k, n, bits)
    seen[rank] = blank_region(blank_goal, full & ~occupied, width, left_ok, right_ok)
    pdb[rank] = 0
    filled[0] = 1
    cur[0] = (start << bits) + blank_goal
    ncur = 1
    level = 0
    while ncur > 0:
        nnext = 0
        for qi in range(ncur):
            if qi % CANCEL_EVERY == 0 and cancel[0] != 0:
                return pdb[:0]
            state = cur[qi]
            key = state >> bits
            occupied = 0
            for i in range(k):
                occupied |= 1 << ((key >> (bits * i)) & mask)
            free = full & ~occupied
            region = blank_region(state & mask, free, width, left_ok, right_ok)
            for i in range(k):
                p = (key >> (bits * i)) & mask
                for code in range(4):
                    c = nbr[p, code]
                    if c < 0 or not (region >> c) & 1:
                        continue
                    # tile i slides from p into the region cell c; the blank is then at p
                    child = key ^ ((p ^ c) << (bits * i))
                    rank = _key_rank(child, k, n, bits)
                    if (seen[rank] >> p) & 1:
                        continue
                    seen[rank] |= blank_region(p, (free | (1 << p)) & ~(1 << c), width,
                                         left_ok, right_ok)
                    if pdb[rank] == UNSEEN:
                        pdb[rank] = level + 1
                        filled[0] += 1
                    nxt = _grow_nb(nxt, nnext + 1)
                    nxt[nnext] = (child << bits) + p
                    nnext += 1
        cur, nxt = nxt, cur
        ncur = nnext
        level += 1
    return pdb


def goal_cells(group: tuple[int, ...]) -> np.ndarray:
    """Goal cells of the group's tiles (tile t belongs in cell t-1)."""
    return np.array([t - 1 for t in group], dtype=np.int64)


def build_pdb(width: int, height: int, group: tuple[int, ...],
              filled: np.ndarray | None = None,
              cancel: np.ndarray | None = None) -> np.ndarray | None:
    """The pattern database for one tile group (compiled build, boards up to 32 cells).

    ``filled`` (int64, one slot), if given, counts the entries set so far while it builds;
    a non-zero ``cancel[0]`` (int64) stops it: None then.
    """
    n = width * height
    if n > MAX_REGION_CELLS:
        raise InvalidRequest(f"pattern databases need at most {MAX_REGION_CELLS} cells, not {n}")
    nbr = neighbour_table(width, height).astype(np.int64)
    bits = max(1, (n - 1).bit_length())
    space = pattern_space(n, len(group))
    kind = np.uint16 if n <= 16 else np.uint32 if n <= MAX_BUILD_CELLS else np.int64
    seen = np.zeros(space, dtype=kind)
    wide = bits * (len(group) + 1) >= 31
    cur = np.empty(INITIAL_QUEUE, dtype=np.int64 if wide else np.int32)
    nxt = np.empty(INITIAL_QUEUE, dtype=cur.dtype)
    if filled is None:
        filled = np.zeros(1, dtype=np.int64)
    if cancel is None:
        cancel = np.zeros(1, dtype=np.int64)
    table = build_pdb_nb(goal_cells(group), n - 1, nbr, width, space, seen, cur, nxt, bits,
                         filled, cancel)
    return table if table.size == space else None


def build_pdb_reference(width: int, height: int, group: tuple[int, ...]) -> np.ndarray:
    """Plain-Python 0-1 breadth-first twin of ``build_pdb`` (for tests on small shapes)."""
    n = width * height
    nbr = neighbour_table(width, height).tolist()
    start = (tuple(t - 1 for t in group), n - 1)
    best: dict[tuple[tuple[int, ...], int], int] = {start: 0}
    queue = deque([(0, start)])
    while queue:
        d, (pos, blank) = queue.popleft()
        if best[(pos, blank)] < d:
            continue
        for to in nbr[blank]:
            if to < 0:
                continue
            if to in pos:
                slot = pos.index(to)
                state = (pos[:slot] + (blank,) + pos[slot + 1 :], to)
                cost = d + 1
            else:
                state = (pos, to)
                cost = d
            if cost < best.get(state, UNSEEN + 1):
                best[state] = cost
                if cost == d:
                    queue.appendleft((cost, state))
                else:
                    queue.append((cost, state))
    table = np.full(pattern_space(n, len(group)), UNSEEN, dtype=np.uint8)
    for (pos, _blank), d in best.items():
        r = rank_pattern(pos, n)
        table[r] = min(int(table[r]), d)
    return table
