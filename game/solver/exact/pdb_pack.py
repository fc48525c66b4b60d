"""Packed pattern databases: each entry as its excess over Manhattan, halved, two to a byte.

Every move of a pattern tile changes the group's Manhattan distance by one, so a group's table
value has that distance's parity and is never below it: value = manhattan + 2 * excess. On
the 24-puzzle's six-tile groups the excess is at most 5 (measured on the 6-6-6-6 tables), so
a nibble holds it with room to spare (a larger one is clamped to 15, which only lowers the
value: still admissible). The 6-6-6-6 tables take 255 MB this way instead of 510 MB. The
lookup adds back the Manhattan distance of the group's tiles, which it has at hand (the cells
it ranks).
"""

from __future__ import annotations

import math

import numpy as np

from game.solver.encoding import unrank_pattern_nb
from game.solver.jit import kernel

ENTRIES_A_BYTE = 2
MAX_EXCESS = 15
"""The largest halved excess a nibble holds."""
CANCEL_EVERY = 1 << 20


def manhattan_cells(width: int, height: int) -> np.ndarray:
    """``dist[a, b]``: Manhattan distance between cells a and b."""
    n = width * height
    cells = np.arange(n)
    rows, cols = cells // width, cells % width
    return (np.abs(rows[:, None] - rows[None, :])
            + np.abs(cols[:, None] - cols[None, :])).astype(np.int64)


def packed_size(width: int, height: int, size: int) -> int:
    """Bytes of a packed table for a group of ``size`` tiles (two entries a byte)."""
    return (math.perm(width * height, size) + ENTRIES_A_BYTE - 1) // ENTRIES_A_BYTE


def goal_distances(width: int, height: int,
                   groups: tuple[tuple[int, ...], ...]) -> np.ndarray:
    """``[g, slot, cell]``: the Manhattan distance from the cell to the goal of the tile in
    that slot of group g (tile t belongs in cell t - 1)."""
    dist = manhattan_cells(width, height)
    out = np.zeros((len(groups), max(len(g) for g in groups), width * height), dtype=np.int8)
    for g, group in enumerate(groups):
        for slot, tile in enumerate(group):
            out[g, slot] = dist[tile - 1]
    return out


def unpacked(pdbs: np.ndarray, index: int, manhattan: int) -> int:
    """A packed table's value at entry ``index`` for a placement of that Manhattan distance."""
    return manhattan + 2 * ((int(pdbs[index >> 1]) >> ((index & 1) << 2)) & MAX_EXCESS)


@kernel(inline=True)
def packed_value(pdbs: np.ndarray, index: int, manhattan: int) -> int:
    """``unpacked``, compiled (the search kernels' lookup)."""
    return manhattan + 2 * ((int(pdbs[index >> 1]) >> ((index & 1) << 2)) & MAX_EXCESS)


@kernel
def pack_nb(table: np.ndarray, dist: np.ndarray, k: int, cells: int, out: np.ndarray,
            cancel: np.ndarray) -> int:
    """Pack ``table`` (one group's values) into ``out``; the number of entries whose excess
    was odd or negative (0 unless the table is wrong), or -1 when cancelled."""
    pos = np.empty(k, dtype=np.int64)
    bad = 0
    for rank in range(table.shape[0]):
        if rank % CANCEL_EVERY == 0 and cancel[0] != 0:
            return -1
        unrank_pattern_nb(rank, k, cells, pos)
        manhattan = 0
        for slot in range(k):
            manhattan += dist[slot, pos[slot]]
        excess = int(table[rank]) - manhattan
        if excess < 0 or excess & 1:
            bad += 1
            excess = 0
        half = excess >> 1
        if half > MAX_EXCESS:
            half = MAX_EXCESS
        if rank & 1:
            out[rank >> 1] |= np.uint8(half << 4)
        else:
            out[rank >> 1] = np.uint8(half)
    return bad


def pack(table: np.ndarray, dist: np.ndarray, cancel: np.ndarray) -> np.ndarray | None:
    """One group's table packed (``dist``: its ``goal_distances`` rows), or None if cancelled.

    Raises ValueError if an entry is below its Manhattan distance or of the other parity (a
    table that is not a count of the group's own moves)."""
    k = dist.shape[0]
    out = np.zeros((table.shape[0] + ENTRIES_A_BYTE - 1) // ENTRIES_A_BYTE, dtype=np.uint8)
    bad = int(pack_nb(table, dist, k, dist.shape[1], out, cancel))
    if bad < 0:
        return None
    if bad:
        raise ValueError(f"{bad} table entries are not the Manhattan distance plus an even excess")
    return out
