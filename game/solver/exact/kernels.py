"""Compiled IDA* inner loop: resumable, allocation-free, GIL released, cancellable by flag."""

from __future__ import annotations

import numpy as np

from game.solver.encoding import rank_pattern_nb
from game.solver.exact.pdb_pack import packed_value
from game.solver.jit import kernel

FOUND = 0
"""Status: a solution within the bound is in moves[:depth]."""
EXHAUSTED = 1
"""Status: the iteration finished without a solution; ctl[NEXT_BOUND] is the next bound."""
PAUSED = 2
"""Status: the node budget ran out; call again with the same arrays to resume."""
CANCELLED = 3
"""Status: the cancel flag was set."""

# ctl slots (int64): the search state that is not per-depth
DEPTH, BLANK, HSUM, MHSUM, NODES, BOUND, NEXT_BOUND, LIMIT, G_WEIGHT, H_WEIGHT, CAP = range(11)
CTL_SLOTS = 11
"""G_WEIGHT/H_WEIGHT: a node's cost is g * G_WEIGHT + h * H_WEIGHT (1 and 1 for plain IDA*,
so BOUND is then a number of moves); CAP: paths of g + h >= CAP are pruned (admissible h),
so a weighted search only finds lines shorter than the best one known."""
NO_BOUND = 1 << 30
CANCEL_MASK = 4095
"""The cancel flag is read every 4096 nodes (well under a millisecond)."""


@kernel(inline=True)
def _group_value(pos: np.ndarray, g: int, sizes: np.ndarray, offsets: np.ndarray,
                 pdbs: np.ndarray, cells: int, goal_dist: np.ndarray) -> int:
    index = offsets[g] + rank_pattern_nb(pos[g], sizes[g], cells)
    if goal_dist.shape[0] == 0:
        return pdbs[index]
    manhattan = 0
    for slot in range(sizes[g]):
        manhattan += goal_dist[g, slot, pos[g, slot]]
    return packed_value(pdbs, index, manhattan)


@kernel(entry=True)
def ida_run(tiles: np.ndarray, pos: np.ndarray, mpos: np.ndarray, vals: np.ndarray,
            mvals: np.ndarray, moves: np.ndarray, nextdir: np.ndarray, saved: np.ndarray,
            ctl: np.ndarray, cancel: np.ndarray, nbr: np.ndarray, tile_group: np.ndarray,
            tile_slot: np.ndarray, sizes: np.ndarray, offsets: np.ndarray, pdbs: np.ndarray,
            mirror_tile: np.ndarray, mirror_cell: np.ndarray, use_mirror: bool,
            fsm: np.ndarray, fsm_at: np.ndarray, goal_dist: np.ndarray) -> int:
    """Run (or resume) one IDA* iteration with bound ctl[BOUND] until ctl[LIMIT] nodes.

    Per depth d: moves[d] is the move taken from depth d, nextdir[d] the next move code to
    try there, saved[d, 0..3] the parent's group values and sums, restored on backtrack.
    With weights above one (ctl[H_WEIGHT] > ctl[G_WEIGHT]) this is weighted IDA*: bounded
    suboptimal, the found line is at most H_WEIGHT / G_WEIGHT times the optimum.
    ``fsm[state, code]``: ``dupes.automaton``'s table, ``fsm_at[d]`` its state at depth d
    (``dupes.UNFED`` at a root whose own move is not fed): a move it marks PRUNE ends a
    duplicate string, never made.
    """
    cells = tiles.shape[0]
    depth = ctl[DEPTH]
    blank = ctl[BLANK]
    hsum = ctl[HSUM]
    mhsum = ctl[MHSUM]
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
            # backtrack: undo moves[depth - 1]
            depth -= 1
            back = nbr[blank, moves[depth] ^ 1]
            t = tiles[back]
            tiles[blank] = t
            tiles[back] = 0
            g = tile_group[t]
            pos[g, tile_slot[t]] = blank
            vals[g] = saved[depth, 0]
            hsum = saved[depth, 2]
            if use_mirror:
                mt = mirror_tile[t]
                mg = tile_group[mt]
                mpos[mg, tile_slot[mt]] = mirror_cell[blank]
                mvals[mg] = saved[depth, 1]
                mhsum = saved[depth, 3]
            blank = back
            continue
        nextdir[depth] = code + 1
        if depth > 0 and code == (moves[depth - 1] ^ 1):
            continue
        to = nbr[blank, code]
        if to < 0:
            continue
        next_state = 0
        if fsm_at[depth] >= 0:
            next_state = fsm[fsm_at[depth], code]
            if next_state < 0:
                continue
        # the tile at `to` slides into the blank
        t = tiles[to]
        g = tile_group[t]
        slot = tile_slot[t]
        pos[g, slot] = blank
        new_v = _group_value(pos, g, sizes, offsets, pdbs, cells, goal_dist)
        h = hsum - vals[g] + new_v
        nodes += 1
        if (nodes & CANCEL_MASK) == 0 and cancel[0] != 0:
            pos[g, slot] = to
            nextdir[depth] = code
            status = CANCELLED
            break
        f = (depth + 1) * gw + h * hw
        if f > bound:
            # pruned by the direct lookup alone: the mirror lookup is not needed
            if f < next_bound:
                next_bound = f
            pos[g, slot] = to
            continue
        if depth + 1 + h >= cap:
            pos[g, slot] = to
            continue
        hm = h
        new_mv = 0
        mg = 0
        if use_mirror:
            mt = mirror_tile[t]
            mg = tile_group[mt]
            mpos[mg, tile_slot[mt]] = mirror_cell[blank]
            new_mv = _group_value(mpos, mg, sizes, offsets, pdbs, cells, goal_dist)
            mh = mhsum - mvals[mg] + new_mv
            if mh > hm:
                hm = mh
            f = (depth + 1) * gw + hm * hw
            if f > bound or depth + 1 + hm >= cap:
                if f > bound and f < next_bound:
                    next_bound = f
                pos[g, slot] = to
                mpos[mg, tile_slot[mt]] = mirror_cell[to]
                continue
        # descend
        tiles[blank] = t
        tiles[to] = 0
        saved[depth, 0] = vals[g]
        saved[depth, 2] = hsum
        vals[g] = new_v
        hsum = h
        if use_mirror:
            saved[depth, 1] = mvals[mg]
            saved[depth, 3] = mhsum
            mvals[mg] = new_mv
            mhsum = mhsum - saved[depth, 1] + new_mv
        moves[depth] = code
        depth += 1
        blank = to
        nextdir[depth] = 0
        fsm_at[depth] = next_state
        if hm == 0:
            status = FOUND
            break
    ctl[DEPTH] = depth
    ctl[BLANK] = blank
    ctl[HSUM] = hsum
    ctl[MHSUM] = mhsum
    ctl[NODES] = nodes
    ctl[NEXT_BOUND] = next_bound
    return status
