"""Compiled IDA* over the packed big tables: Manhattan kept by increments, reflected lookup."""

from __future__ import annotations

import numpy as np

from game.solver.exact.kernels import (
    BLANK,
    BOUND,
    CANCEL_MASK,
    CANCELLED,
    CAP,
    DEPTH,
    EXHAUSTED,
    FOUND,
    G_WEIGHT,
    H_WEIGHT,
    HSUM,
    LIMIT,
    MHSUM,
    NEXT_BOUND,
    NODES,
    PAUSED,
)
from game.solver.jit import kernel

MD = 11
"""ctl slot of the summed Manhattan distance (the other slots are ``kernels``' own)."""
CTL_SLOTS = 12
SAVED = 5
"""Per depth: the parent's group excess, mirrored excess, the two sums and the Manhattan."""


@kernel
def excess_at(pos: np.ndarray, g: int, sizes: np.ndarray, offsets: np.ndarray,
              packed: np.ndarray, cells: int) -> int:
    """The stored excess (pdb - manhattan) / 2 of group ``g``'s placement ``pos[g]``."""
    rank = 0
    used = 0
    for i in range(sizes[g]):
        p = pos[g, i]
        below = used & ((1 << p) - 1)
        below = below - ((below >> 1) & 0x5555)
        below = (below & 0x3333) + ((below >> 2) & 0x3333)
        below = (below + (below >> 4)) & 0x0F0F
        below = (below + (below >> 8)) & 0x1F
        rank = rank * (cells - i) + p - below
        used |= 1 << p
    byte = packed[offsets[g] + (rank >> 1)]
    return (byte >> ((rank & 1) * 4)) & 0x0F


@kernel
def strong_run(tiles: np.ndarray, pos: np.ndarray, mpos: np.ndarray, vals: np.ndarray,
               mvals: np.ndarray, moves: np.ndarray, nextdir: np.ndarray, saved: np.ndarray,
               ctl: np.ndarray, cancel: np.ndarray, nbr: np.ndarray, tile_group: np.ndarray,
               tile_slot: np.ndarray, sizes: np.ndarray, offsets: np.ndarray,
               packed: np.ndarray, mirror_tile: np.ndarray, mirror_cell: np.ndarray,
               dist: np.ndarray) -> int:
    """Run (or resume) one IDA* iteration with bound ctl[BOUND] until ctl[LIMIT] nodes.

    h = manhattan + 2 * max(sum of the groups' excess, the same on the transposed board):
    both sums are admissible and consistent, the Manhattan distance is the same on both
    boards. Only the moved tile's group changes per move, so one lookup per view and node;
    the transposed one is skipped when the direct one already prunes. The arrays are those of
    ``kernels.ida_run`` (``saved`` has SAVED columns); ``dist[c, t]`` is tile t's Manhattan
    distance from cell c.
    """
    cells = tiles.shape[0]
    depth = ctl[DEPTH]
    blank = ctl[BLANK]
    hsum = ctl[HSUM]
    mhsum = ctl[MHSUM]
    md = ctl[MD]
    nodes = ctl[NODES]
    bound = ctl[BOUND]
    next_bound = ctl[NEXT_BOUND]
    limit = ctl[LIMIT]
    gw = ctl[G_WEIGHT]
    hw = ctl[H_WEIGHT]
    cap = ctl[CAP]
    status = EXHAUSTED
    while True:
        if nodes >= limit:
            status = PAUSED
            break
        code = nextdir[depth]
        if code >= 4:
            if depth == 0:
                status = EXHAUSTED
                break
            depth -= 1
            back = nbr[blank, moves[depth] ^ 1]
            t = tiles[back]
            tiles[blank] = t
            tiles[back] = 0
            g = tile_group[t]
            pos[g, tile_slot[t]] = blank
            vals[g] = saved[depth, 0]
            hsum = saved[depth, 2]
            mt = mirror_tile[t]
            mg = tile_group[mt]
            mpos[mg, tile_slot[mt]] = mirror_cell[blank]
            mvals[mg] = saved[depth, 1]
            mhsum = saved[depth, 3]
            md = saved[depth, 4]
            blank = back
            continue
        nextdir[depth] = code + 1
        if depth > 0 and code == (moves[depth - 1] ^ 1):
            continue
        to = nbr[blank, code]
        if to < 0:
            continue
        t = tiles[to]
        g = tile_group[t]
        slot = tile_slot[t]
        pos[g, slot] = blank
        new_v = excess_at(pos, g, sizes, offsets, packed, cells)
        new_md = md - dist[to, t] + dist[blank, t]
        ex = hsum - vals[g] + new_v
        nodes += 1
        if (nodes & CANCEL_MASK) == 0 and cancel[0] != 0:
            pos[g, slot] = to
            nextdir[depth] = code
            status = CANCELLED
            break
        h = new_md + 2 * ex
        f = (depth + 1) * gw + h * hw
        if f > bound or depth + 1 + h >= cap:
            if f > bound and f < next_bound:
                next_bound = f
            pos[g, slot] = to
            continue
        mt = mirror_tile[t]
        mg = tile_group[mt]
        mslot = tile_slot[mt]
        mpos[mg, mslot] = mirror_cell[blank]
        new_mv = excess_at(mpos, mg, sizes, offsets, packed, cells)
        mex = mhsum - mvals[mg] + new_mv
        if mex > ex:
            h = new_md + 2 * mex
            f = (depth + 1) * gw + h * hw
            if f > bound or depth + 1 + h >= cap:
                if f > bound and f < next_bound:
                    next_bound = f
                pos[g, slot] = to
                mpos[mg, mslot] = mirror_cell[to]
                continue
        tiles[blank] = t
        tiles[to] = 0
        saved[depth, 0] = vals[g]
        saved[depth, 1] = mvals[mg]
        saved[depth, 2] = hsum
        saved[depth, 3] = mhsum
        saved[depth, 4] = md
        vals[g] = new_v
        mvals[mg] = new_mv
        hsum = ex
        mhsum = mex
        md = new_md
        moves[depth] = code
        depth += 1
        blank = to
        nextdir[depth] = 0
        if h == 0:
            status = FOUND
            break
    ctl[DEPTH] = depth
    ctl[BLANK] = blank
    ctl[HSUM] = hsum
    ctl[MHSUM] = mhsum
    ctl[MD] = md
    ctl[NODES] = nodes
    ctl[NEXT_BOUND] = next_bound
    return status
