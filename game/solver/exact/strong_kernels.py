"""Compiled IDA* over the packed big tables: increments, reflection, and 6-6-3 as a floor."""

from __future__ import annotations

import numpy as np

from game.solver.encoding import popcount
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
"""ctl slot of the summed Manhattan distance; the other slots are ``kernels``' own."""
CTL_SLOTS = 12
CODE_BITS = 4
"""Bits a tile's cell takes in a placement code (``rank_code``): boards of up to 16 cells."""
SAVED = 5
"""Per depth, the parent's: excess of the moved tile's group and of its mirror's, the two
excess sums and the Manhattan distance."""


@kernel
def rank_code(code: int, size: int, cells: int) -> int:
    """Dense rank (``encoding.rank_pattern``'s order) of the placement ``code`` holds four
    bits a tile, first tile highest. Placements travel as such codes, not array rows: a move
    updates one with a multiply-add, and a call with no array costs no reference counting
    (with rows, that was a fifth of the search's time)."""
    rank = 0
    used = 0
    for i in range(size):
        p = (code >> (CODE_BITS * (size - 1 - i))) & ((1 << CODE_BITS) - 1)
        rank = rank * (cells - i) + p - popcount(used & ((1 << p) - 1))
        used |= 1 << p
    return rank


@kernel(entry=True)
def strong_run(tiles: np.ndarray, pcode: np.ndarray, mcode: np.ndarray, vals: np.ndarray,
               mvals: np.ndarray, moves: np.ndarray, nextdir: np.ndarray, saved: np.ndarray,
               ctl: np.ndarray, cancel: np.ndarray, nbr: np.ndarray, tile_group: np.ndarray,
               mul: np.ndarray, sizes: np.ndarray, offsets: np.ndarray,
               packed: np.ndarray, mirror_tile: np.ndarray, mirror_cell: np.ndarray,
               dist: np.ndarray, ahead: np.ndarray, bidx: np.ndarray, bmidx: np.ndarray,
               btile_group: np.ndarray,
               bmul: np.ndarray, boffsets: np.ndarray, floor: np.ndarray,
               use_base: bool, fsm: np.ndarray, fsm_at: np.ndarray) -> int:
    """Run (or resume) one IDA* iteration with bound ctl[BOUND] until ctl[LIMIT] nodes.

    h = max(manhattan + 2 * max(direct excess sum, transposed excess sum), the base
    tables' direct and transposed sums): each is admissible and consistent, so the maximum
    is, and it is never below the base (6-6-3). The base sums are read (in full, from the
    placement codes ``bidx``/``bmidx``) only for a child on the bound, the one place they
    can prune: they were 2 above the rest on 1.7% of random boards, never more, and reading
    them everywhere cost a tenth of the time. Only the moved tile's group changes per
    move: one lookup per view, each skipped once an earlier one prunes. When a node is
    opened its children's direct lookups are made together (``ahead[depth, code]``), so
    their cache misses overlap. ``pcode[g]``/``mcode[g]``: group g's placement on the board
    and on its transpose as ``rank_code`` reads it; tile t moving from cell a to b changes
    its code by ``(b - a) * mul[t]``. The other arrays are ``kernels.ida_run``'s (``saved``
    has SAVED columns), the ``b`` ones the base tables' floor (``strong_floor``);
    ``dist[c, t]``: tile t's Manhattan distance from cell c. ``fsm[state, code]`` is
    ``dupes.automaton``'s table, ``fsm_at[depth]`` its state after the moves so far
    (``dupes.UNFED`` at a root whose own move is not fed): a move it marks PRUNE ends a
    duplicate string and is never made.
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
            pcode[g] += (blank - back) * mul[t]
            mt = mirror_tile[t]
            mg = tile_group[mt]
            mcode[mg] += (mirror_cell[blank] - mirror_cell[back]) * mul[mt]
            bidx[btile_group[t]] += (blank - back) * bmul[t]
            bmidx[btile_group[mt]] += (mirror_cell[blank] - mirror_cell[back]) * bmul[mt]
            vals[g] = saved[depth, 0]
            mvals[mg] = saved[depth, 1]
            hsum = saved[depth, 2]
            mhsum = saved[depth, 3]
            md = saved[depth, 4]
            blank = back
            continue
        if code == 0:
            # open the node: every child's direct lookup at once (independent loads); the
            # move back to the parent is never made, so never looked up
            back = moves[depth - 1] ^ 1 if depth > 0 else 4
            state = fsm_at[depth]
            for c in range(4):
                to = nbr[blank, c]
                if to < 0 or c == back or (state >= 0 and fsm[state, c] < 0):
                    ahead[depth, c] = -1
                    continue
                t = tiles[to]
                g = tile_group[t]
                rank = rank_code(pcode[g] + (blank - to) * mul[t], sizes[g], cells)
                ahead[depth, c] = offsets[g] * 2 + rank
            for c in range(4):
                at = ahead[depth, c]
                if at >= 0:
                    ahead[depth, c] = (packed[at >> 1] >> ((at & 1) * 4)) & 0x0F
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
        t = tiles[to]
        g = tile_group[t]
        new_v = ahead[depth, code]
        new_md = md - dist[to, t] + dist[blank, t]
        ex = hsum - vals[g] + new_v
        nodes += 1
        if (nodes & CANCEL_MASK) == 0 and cancel[0] != 0:
            nextdir[depth] = code
            status = CANCELLED
            break
        h = new_md + 2 * ex
        f = (depth + 1) * gw + h * hw
        if f > bound or depth + 1 + h >= cap:
            if f > bound and f < next_bound:
                next_bound = f
            continue
        mt = mirror_tile[t]
        mg = tile_group[mt]
        new_mc = mcode[mg] + (mirror_cell[blank] - mirror_cell[to]) * mul[mt]
        rank = rank_code(new_mc, sizes[mg], cells)
        new_mv = (packed[offsets[mg] + (rank >> 1)] >> ((rank & 1) * 4)) & 0x0F
        mex = mhsum - mvals[mg] + new_mv
        if mex > ex:
            h = new_md + 2 * mex
        bg = btile_group[t]
        bmg = btile_group[mt]
        new_bi = bidx[bg] + (blank - to) * bmul[t]
        new_bmi = bmidx[bmg] + (mirror_cell[blank] - mirror_cell[to]) * bmul[mt]
        if use_base and (depth + 1) * gw + h * hw >= bound:
            # the floor only where it can prune: on the bound (tables of one board's
            # parity differ by even amounts, and the floor is seldom above by more than 2)
            nb = 0
            nbm = 0
            for b in range(boffsets.shape[0]):
                nb += floor[boffsets[b] + (new_bi if b == bg else bidx[b])]
                nbm += floor[boffsets[b] + (new_bmi if b == bmg else bmidx[b])]
            if nb > h:
                h = nb
            if nbm > h:
                h = nbm
        f = (depth + 1) * gw + h * hw
        if f > bound or depth + 1 + h >= cap:
            if f > bound and f < next_bound:
                next_bound = f
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
        bidx[bg] = new_bi
        bmidx[bmg] = new_bmi
        pcode[g] += (blank - to) * mul[t]
        mcode[mg] = new_mc
        hsum = ex
        mhsum = mex
        md = new_md
        moves[depth] = code
        depth += 1
        blank = to
        nextdir[depth] = 0
        fsm_at[depth] = next_state
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
