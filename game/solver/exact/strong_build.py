"""Big pattern databases built level by level over two bits per cell, stored as 4-bit excess."""

from __future__ import annotations

import math

import numpy as np

from game.solver.encoding import neighbour_table
from game.solver.errors import InvalidRequest
from game.solver.jit import kernel

MAX_CELLS = 16
"""Two bits per cell of the blank's whereabouts fit one uint32 per placement."""
NIBBLE_MAX = 15
"""Largest stored excess: (pdb - manhattan) / 2 is clamped here (a smaller bound is still
admissible; on the 4x4 7-8 tables it is never reached)."""
UNSEEN, CLOSED = 0, 1
"""Two-bit codes of a (placement, blank cell): not reached yet, or reached and expanded.
Codes 2 and 3 mark cells reached at an even or an odd level and not expanded yet."""
EVEN_BITS = 0x55555555
CANCEL_EVERY = 1 << 16
"""The cancel flag is read every this many placements of a level's scan."""
BUILT, CANCELLED = 0, 1


@kernel
def _popcount(x: int) -> int:
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@kernel
def _spread(mask: int) -> int:
    """Cell mask (16 bits) to one low bit per two-bit field (32 bits)."""
    x = mask & 0xFFFF
    x = (x | (x << 8)) & 0x00FF00FF
    x = (x | (x << 4)) & 0x0F0F0F0F
    x = (x | (x << 2)) & 0x33333333
    return (x | (x << 1)) & 0x55555555


@kernel
def _gather(fields: int) -> int:
    """The inverse of ``_spread``: the low bit of each two-bit field back to a cell mask."""
    x = fields & 0x55555555
    x = (x | (x >> 1)) & 0x33333333
    x = (x | (x >> 2)) & 0x0F0F0F0F
    x = (x | (x >> 4)) & 0x00FF00FF
    return (x | (x >> 8)) & 0x0000FFFF


@kernel
def _flood(start: int, free: int, width: int, left_ok: int, right_ok: int) -> int:
    """Bit mask of the cells the blank reaches from ``start`` through ``free`` cells."""
    region = 1 << start
    while True:
        grown = (region | (region << width) | (region >> width)
                 | ((region & right_ok) << 1) | ((region & left_ok) >> 1)) & free
        if grown == region:
            return region
        region = grown


@kernel
def _rank(pos: np.ndarray, k: int, n: int) -> int:
    """Dense rank of a placement (the same order as ``encoding.rank_pattern``)."""
    rank = 0
    used = 0
    for i in range(k):
        p = pos[i]
        rank = rank * (n - i) + p - _popcount(used & ((1 << p) - 1))
        used |= 1 << p
    return rank


@kernel
def _unrank(rank: int, k: int, n: int, pos: np.ndarray) -> int:
    """Fill ``pos`` with the placement of ``rank``; return the occupied cell mask."""
    for i in range(k - 1, -1, -1):
        pos[i] = rank % (n - i)
        rank //= n - i
    used = 0
    for i in range(k):
        digit = pos[i]
        cell = 0
        while True:  # the digit-th cell not used by earlier tiles
            if not (used >> cell) & 1:
                if digit == 0:
                    break
                digit -= 1
            cell += 1
        pos[i] = cell
        used |= 1 << cell
    return used


@kernel
def _nibble(out: np.ndarray, rank: int, value: int) -> None:
    if value > NIBBLE_MAX:
        value = NIBBLE_MAX
    out[rank >> 1] |= value << ((rank & 1) * 4)


@kernel(entry=False)
def build_excess_nb(goal: np.ndarray, blank_goal: int, nbr: np.ndarray, dist: np.ndarray,
                    width: int, state: np.ndarray, out: np.ndarray, filled: np.ndarray,
                    cancel: np.ndarray) -> int:
    """Fill ``out`` (packed, zeroed) with (pdb - manhattan) / 2 for every placement.

    pdb is the fewest moves of pattern tiles (others' moves are free) that take a placement
    to the goal's. Breadth first by levels over (placement, blank cell): ``state`` (zeroed,
    one uint32 per placement) holds two bits per cell; the blank's whole region (the free
    cells it reaches for free) is always marked at once, so a level scans for the cells
    marked with its code, expands each region once and closes it. ``dist[c, g]`` is the
    Manhattan distance between cells; ``filled[0]`` counts the placements whose value is
    written (progress); a non-zero ``cancel[0]`` stops the build (returns CANCELLED).
    """
    k = goal.shape[0]
    n = nbr.shape[0]
    space = state.shape[0]
    full = (1 << n) - 1
    left_ok = 0
    right_ok = 0
    for c in range(n):
        if c % width > 0:
            left_ok |= 1 << c
        if c % width < width - 1:
            right_ok |= 1 << c
    pos = np.empty(k, dtype=np.int64)
    most = 4 * k  # children of one region, at most
    ranks = np.empty(most, dtype=np.int64)
    froms = np.empty(most, dtype=np.int64)
    tiles = np.empty(most, dtype=np.int64)
    words = np.empty(most, dtype=np.int64)
    occupied = 0
    for i in range(k):
        pos[i] = goal[i]
        occupied |= 1 << goal[i]
    start = _rank(pos, k, n)
    region = _flood(blank_goal, full & ~occupied, width, left_ok, right_ok)
    state[start] = _spread(region) * 2
    level = 0
    found = 1
    while found > 0:
        found = 0
        mark = 2 + (level & 1)
        next_mark = 2 + ((level + 1) & 1)
        for r in range(space):
            if (r & (CANCEL_EVERY - 1)) == 0 and cancel[0] != 0:
                return CANCELLED
            w = np.int64(state[r])
            high = (w >> 1) & EVEN_BITS
            low = w & EVEN_BITS
            fields = high & low if mark == 3 else high & ~low
            if fields == 0:
                continue
            cells = _gather(fields)
            occupied = _unrank(r, k, n, pos)
            free = full & ~occupied
            md = 0
            for i in range(k):
                md += dist[pos[i], goal[i]]
            if (low & ~high) == 0:
                # nothing closed yet: this level is the first to reach the placement, and the
                # table is written here, in scan order, rather than at random when reached
                _nibble(out, r, (level - md) >> 1)
                filled[0] += 1
            while cells != 0:
                low_cell = cells & -cells
                c0 = 0
                while (low_cell >> c0) != 1:
                    c0 += 1
                region = _flood(c0, free, width, left_ok, right_ok)
                cells &= ~region
                count = 0
                for i in range(k):
                    p = pos[i]
                    for code in range(4):
                        c = nbr[p, code]
                        if c < 0 or not (region >> c) & 1:
                            continue
                        # tile i slides from p into c; the blank is then at p
                        pos[i] = c
                        ranks[count] = _rank(pos, k, n)
                        pos[i] = p
                        froms[count] = p
                        tiles[count] = c
                        count += 1
                # the loads first, all at once: the memory fetches overlap
                for j in range(count):
                    words[j] = state[ranks[j]]
                for j in range(count):
                    p = froms[j]
                    cw = words[j]
                    if (cw >> (2 * p)) & 3 != UNSEEN:
                        continue
                    child_free = free ^ (1 << p) ^ (1 << tiles[j])
                    child_region = _flood(p, child_free, width, left_ok, right_ok)
                    state[ranks[j]] = cw | (_spread(child_region) * next_mark)
                    found += 1
            # every region marked with this level's code is expanded: close them
            w = np.int64(state[r])
            state[r] = (w & ~(fields | (fields << 1))) | fields
        level += 1
    return BUILT


def group_goal(group: tuple[int, ...]) -> np.ndarray:
    """Goal cells of the group's tiles (tile t belongs in cell t-1)."""
    return np.array([t - 1 for t in group], dtype=np.int64)


def manhattan_cells(width: int, height: int) -> np.ndarray:
    """``dist[a, b]``: Manhattan distance between cells a and b."""
    n = width * height
    cells = np.arange(n)
    rows, cols = cells // width, cells % width
    return (np.abs(rows[:, None] - rows[None, :])
            + np.abs(cols[:, None] - cols[None, :])).astype(np.int64)


def packed_size(width: int, height: int, size: int) -> int:
    """Bytes of a packed table for a group of ``size`` tiles (two entries a byte)."""
    return (math.perm(width * height, size) + 1) // 2


def build_excess(width: int, height: int, group: tuple[int, ...],
                 filled: np.ndarray | None = None,
                 cancel: np.ndarray | None = None) -> np.ndarray | None:
    """The packed (pdb - manhattan) / 2 table of one group, or None if cancelled.

    Peak memory: 4 bytes per placement while it builds (2.1 GB for 8 tiles of 16 cells),
    plus the half byte per placement it returns.
    """
    n = width * height
    if n > MAX_CELLS:
        raise InvalidRequest(f"strong tables need at most {MAX_CELLS} cells, not {n}")
    space = math.perm(n, len(group))
    state = np.zeros(space, dtype=np.uint32)
    out = np.zeros(packed_size(width, height, len(group)), dtype=np.uint8)
    if filled is None:
        filled = np.zeros(1, dtype=np.int64)
    if cancel is None:
        cancel = np.zeros(1, dtype=np.int64)
    status = build_excess_nb(group_goal(group), n - 1,
                             neighbour_table(width, height).astype(np.int64),
                             manhattan_cells(width, height), width, state, out, filled, cancel)
    del state
    return out if status == BUILT else None


def unpack(packed: np.ndarray, size: int) -> np.ndarray:
    """The excess of every placement as one byte each (tests and checks)."""
    values = np.empty(2 * packed.size, dtype=np.uint8)
    values[0::2] = packed & 0x0F
    values[1::2] = packed >> 4
    return values[:size]
