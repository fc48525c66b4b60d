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
SAVED = 7
"""Per depth, the parent's: excess of the moved tile's group and of its mirror's, the two
excess sums, the Manhattan distance, and the ranks of the moved tile's group and of its
mirror's."""
RANK = 4
"""``ahead[depth, RANK + code]``: the rank of the moved tile's group after move ``code``
(``ahead[depth, code]`` is the excess stored there)."""
AHEAD_COLUMNS = 8


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


@kernel(inline=True)
def rank_step(rank: int, tiles: np.ndarray, t: int, a: int, b: int, tile_group: np.ndarray,
              tile_slot: np.ndarray, rank_mul: np.ndarray, mirror_tile: np.ndarray,
              mirror_cell: np.ndarray, mirrored: bool) -> int:
    """The rank of tile t's group after t moves from cell a to the blank's cell b, from its
    rank before (see ``strong_run``), on the board ``tiles`` or, if ``mirrored``, on its
    transpose (t, a and b then the transpose's; its cell m holds the image of the tile on
    the board's cell ``mirror_cell[m]``)."""
    d = b - a
    rank += d * rank_mul[t]
    if d != 1 and d != -1:
        sign = 1 if d > 0 else -1
        g = tile_group[t]
        k = tile_slot[t]
        for m in range(min(a, b) + 1, max(a, b)):
            u = mirror_tile[tiles[mirror_cell[m]]] if mirrored else tiles[m]
            if tile_group[u] == g:
                rank += -sign * rank_mul[t] if tile_slot[u] < k else sign * rank_mul[u]
    return rank


@kernel(entry=True)
def strong_run(tiles: np.ndarray, prank: np.ndarray, mrank: np.ndarray, vals: np.ndarray,
               mvals: np.ndarray, moves: np.ndarray, nextdir: np.ndarray, saved: np.ndarray,
               ctl: np.ndarray, cancel: np.ndarray, nbr: np.ndarray, tile_group: np.ndarray,
               tile_slot: np.ndarray, rank_mul: np.ndarray, offsets: np.ndarray,
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
    opened its children's direct lookups are made together (``ahead[depth, code]``, their
    groups' new ranks from column RANK), so their cache misses overlap.

    ``prank[g]``/``mrank[g]``: the dense rank (``rank_code``'s) of group g's placement on
    the board and on its transpose, stepped with each move and restored from ``saved`` on
    the way back. A tile's digit is its cell less the group's earlier tiles on lower cells,
    weighted by ``rank_mul[t]``, so moving tile t from cell a to the blank's cell b changes
    only what lies strictly between a and b: along a row nothing (the rank moves by one
    ``rank_mul[t]``); across rows t's digit loses the earlier tiles it passes and each later
    tile it passes moves by one. A few cells read instead of ranking the whole group anew
    (a chain of a multiply and a popcount per tile: 11% faster in paired runs, the same
    nodes). The other arrays are ``kernels.ida_run``'s (``saved`` has SAVED columns, the
    ``tile_slot`` of a tile its place in its group), the ``b`` ones the base tables' floor
    (``strong_floor``); ``dist[c, t]``: tile t's Manhattan distance from cell c.
    ``fsm[state, code]`` is ``dupes.automaton``'s table, ``fsm_at[depth]`` its state after
    the moves so far (``dupes.UNFED`` at a root whose own move is not fed): a move it marks
    PRUNE ends a duplicate string and is never made.
    """
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
            mt = mirror_tile[t]
            mg = tile_group[mt]
            bidx[btile_group[t]] += (blank - back) * bmul[t]
            bmidx[btile_group[mt]] += (mirror_cell[blank] - mirror_cell[back]) * bmul[mt]
            vals[g] = saved[depth, 0]
            mvals[mg] = saved[depth, 1]
            hsum = saved[depth, 2]
            mhsum = saved[depth, 3]
            md = saved[depth, 4]
            prank[g] = saved[depth, 5]
            mrank[mg] = saved[depth, 6]
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
                rank = rank_step(prank[g], tiles, t, to, blank, tile_group, tile_slot,
                                 rank_mul, mirror_tile, mirror_cell, False)
                ahead[depth, RANK + c] = rank
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
        new_mr = rank_step(mrank[mg], tiles, mt, mirror_cell[to], mirror_cell[blank],
                           tile_group, tile_slot, rank_mul, mirror_tile, mirror_cell, True)
        new_mv = (packed[offsets[mg] + (new_mr >> 1)] >> ((new_mr & 1) * 4)) & 0x0F
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
        saved[depth, 5] = prank[g]
        saved[depth, 6] = mrank[mg]
        vals[g] = new_v
        mvals[mg] = new_mv
        bidx[bg] = new_bi
        bmidx[bmg] = new_bmi
        prank[g] = ahead[depth, RANK + code]
        mrank[mg] = new_mr
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
