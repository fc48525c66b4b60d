"""Beam search on pattern databases: each layer keeps the boards the tables rank nearest home.

A beam of width B keeps, move after move, the B children with the smallest heuristic value
(the additive tables and their transposed lookup, the larger of the two), never revisiting a
board met before (Zobrist hashes in an open-addressing table). It finds a line of about
1.08 times the optimum on random 24-puzzles at B = 4096 in a quarter of a second, and wider
beams find shorter ones, so the driver (``game.solver.big.anytime``) runs them widening.
"""

from __future__ import annotations

import numpy as np

from game.core.board import Board
from game.solver.encoding import rank_pattern_nb, transposed, view_line
from game.solver.errors import SolveCancelled
from game.solver.exact import kernels
from game.solver.exact.pattern import PatternHeuristic
from game.solver.exact.pdb_pack import packed_value
from game.solver.jit import kernel
from game.solver.results import give_way

FOUND, EXHAUSTED, PAUSED, CANCELLED = (
    kernels.FOUND, kernels.EXHAUSTED, kernels.PAUSED, kernels.CANCELLED)
# ctl slots (int64)
DEPTH, COUNT, SIDE, NODES, LIMIT, LENGTH, CAP, STORED, RANK, SINK = range(10)
CTL_SLOTS = 10
KEYS = 512
CHASE_SCALE = 16
"""With ``chase``, keys are value * this + the blank's steps (capped): KEYS * this ranks."""
"""Heuristic values are ranked up to this (larger ones share the last rank)."""
MAX_LOAD_PERCENT = 70
"""The seen-board table stops taking boards at this load (they may then be met again)."""
CHUNK_NODES = 1 << 15
"""Children per kernel call, rounded up to whole layers: a few milliseconds."""
SKIP_ABOVE = 2
"""Children ranked more than this above the last layer's cut are dropped unranked (their
transposed lookup skipped): a layer's cut seldom rises, as the boards near home."""
ZOBRIST_SEED = 24
PROBE_BLOCK = 128
"""Children whose first seen-table probes are read together before they are probed one by
one: the table is tens of MB, and one probe at a time waited on memory for a third of the
beam's time."""


@kernel(inline=True)
def _rank(where: np.ndarray, side: int, row: int, tiles_of: np.ndarray, k: int, cells: int,
          mirror_cell: np.ndarray, mirrored: bool, scratch: np.ndarray) -> int:
    """The table index of a group's placement, read from the board's inverse
    ``where[side, row]`` (on the transposed board when ``mirrored``) into ``scratch``."""
    for i in range(k):
        p = where[side, row, tiles_of[i]]
        scratch[i] = mirror_cell[p] if mirrored else p
    return rank_pattern_nb(scratch, k, cells)


@kernel(inline=True)
def _manhattan(goal_dist: np.ndarray, g: int, k: int, cells: np.ndarray) -> int:
    """Group g's Manhattan distance for its tiles' ``cells`` (0 when the tables are not
    packed, ``goal_dist`` then empty)."""
    total = 0
    if goal_dist.shape[0] > 0:
        for slot in range(k):
            total += goal_dist[g, slot, cells[slot]]
    return total


@kernel(inline=True)
def _value(pdbs: np.ndarray, index: int, manhattan: int, packed: bool) -> int:
    """A table entry: the byte, or a packed entry's value (``pdb_pack``)."""
    return packed_value(pdbs, index, manhattan) if packed else pdbs[index]


@kernel(entry=True)
def beam_run(tiles: np.ndarray, where: np.ndarray, vals: np.ndarray, mvals: np.ndarray,
             hs: np.ndarray, blank: np.ndarray, last: np.ndarray, hashes: np.ndarray,
             parent: np.ndarray, move: np.ndarray, cand: np.ndarray, at: np.ndarray,
             cand_hash: np.ndarray,
             table: np.ndarray, hist: np.ndarray, ctl: np.ndarray, cancel: np.ndarray,
             out: np.ndarray, nbr: np.ndarray, group_tiles: np.ndarray,
             mirror_src: np.ndarray, sizes: np.ndarray, offsets: np.ndarray,
             pdbs: np.ndarray, tile_group: np.ndarray, mirror_tile: np.ndarray,
             mirror_cell: np.ndarray, zobrist: np.ndarray, chase: np.ndarray,
             board_w: int, goal_dist: np.ndarray) -> int:
    """Run (or resume) the beam layer by layer until ctl[LIMIT] children have been made.

    Two sides of each per-board array hold the current layer and the next (ctl[SIDE] is the
    current one). Per board: ``tiles``, its inverse ``where``, each group's table value for
    the board (``vals``) and for its transpose (``mvals``), their sums in ``hs[.., 0/1]``,
    the blank, the last move and the Zobrist hash. ``parent``/``move`` record each layer's
    links for the line; ``cand`` holds each child as (parent, move, h, value, mirror value).
    Only lines shorter than ctl[CAP] are looked for (the heuristic is admissible).
    With ``chase`` (tiles; empty: off) children of equal value are ranked by the blank's
    steps to the nearest of those tiles off its goal cell (a stage of peeling: the tables
    then cover only those tiles, and the blank has to fetch them; the board is ``board_w``
    wide): the key is value * CHASE_SCALE + steps - 1.
    """
    cells = tiles.shape[2]
    width = tiles.shape[1]
    depth = ctl[DEPTH]
    count = ctl[COUNT]
    cur = ctl[SIDE]
    nodes = ctl[NODES]
    limit = ctl[LIMIT]
    cap = ctl[CAP]
    stored = ctl[STORED]
    mask = np.uint64(table.shape[0] - 1)
    max_stored = table.shape[0] * MAX_LOAD_PERCENT // 100
    top = hist.shape[0] - 1
    scale = CHASE_SCALE if chase.shape[0] > 0 else 1
    scratch = np.empty(group_tiles.shape[1], dtype=np.int64)
    packed = goal_dist.shape[0] > 0
    status = PAUSED
    while True:
        if cancel[0] != 0:
            status = CANCELLED
            break
        if nodes >= limit:
            break
        if count == 0 or depth + 1 >= cap or depth >= parent.shape[0]:
            status = EXHAUSTED
            break
        nxt = 1 - cur
        hist[:] = 0
        prune = ctl[RANK] + SKIP_ABOVE * scale
        # expand: every child's direct table index (the tables are read in one sweep
        # below, so the memory loads overlap instead of waiting one by one)
        made = 0
        for i in range(count):
            b = blank[cur, i]
            back = last[cur, i] ^ 1
            for code in range(4):
                to = nbr[b, code]
                if code == back or to < 0:
                    continue
                t = tiles[cur, i, to]
                g = tile_group[t]
                where[cur, i, t] = b
                at[made] = offsets[g] + _rank(where, cur, i, group_tiles[g], sizes[g], cells,
                                              mirror_cell, False, scratch)
                cand[made, 3] = _manhattan(goal_dist, g, sizes[g], scratch)
                where[cur, i, t] = to
                cand[made, 0] = i
                cand[made, 1] = code
                made += 1
        nodes += made
        for k in range(made):
            cand[k, 3] = _value(pdbs, at[k], cand[k, 3], packed)
        # keep the children the direct lookup does not rule out; their transposed index
        kept = 0
        for k in range(made):
            i = cand[k, 0]
            b = blank[cur, i]
            to = nbr[b, cand[k, 1]]
            t = tiles[cur, i, to]
            g = tile_group[t]
            h = hs[cur, i, 0] - vals[cur, i, g] + cand[k, 3]
            if h * scale > prune or depth + 1 + h >= cap:
                continue
            mg = tile_group[mirror_tile[t]]
            where[cur, i, t] = b
            at[kept] = offsets[mg] + _rank(where, cur, i, mirror_src[mg], sizes[mg], cells,
                                           mirror_cell, True, scratch)
            cand[kept, 4] = _manhattan(goal_dist, mg, sizes[mg], scratch)
            where[cur, i, t] = to
            for c in range(4):
                cand[kept, c] = cand[k, c]
            cand[kept, 2] = h
            kept += 1
        for k in range(kept):
            cand[k, 4] = _value(pdbs, at[k], cand[k, 4], packed)
        made = kept
        goal = -1
        for k in range(made):
            i = cand[k, 0]
            code = cand[k, 1]
            b = blank[cur, i]
            to = nbr[b, code]
            t = tiles[cur, i, to]
            mg = tile_group[mirror_tile[t]]
            h = cand[k, 2]
            mh = hs[cur, i, 1] - mvals[cur, i, mg] + cand[k, 4]
            if mh > h:
                h = mh
                if h * scale > prune or depth + 1 + h >= cap:
                    cand[k, 2] = -1
                    continue
            if h == 0:
                goal = i
                out[depth] = code
                break
            if scale > 1:
                near = scale
                for c in range(chase.shape[0]):
                    u = chase[c]
                    p = where[cur, i, u] if u != t else b
                    if p != u - 1:
                        d = abs(p // board_w - to // board_w) + abs(p % board_w - to % board_w)
                        near = min(near, d)
                h = h * scale + near - 1
            cand[k, 2] = h
            cand_hash[k] = (hashes[cur, i] ^ zobrist[t, to] ^ zobrist[t, b]
                            ^ zobrist[0, b] ^ zobrist[0, to])
            hist[min(h, top)] += 1
        if goal >= 0:
            j = goal
            for d in range(depth - 1, -1, -1):
                out[d] = move[d, j]
                j = parent[d, j]
            ctl[LENGTH] = depth + 1
            status = FOUND
            break
        # the width smallest keys: all below ``rank``, ``quota`` of those equal to it
        rank = 0
        taken = 0
        while rank <= top and taken + hist[rank] < width:
            taken += hist[rank]
            rank += 1
        quota = width - taken
        ctl[RANK] = rank
        kept = 0
        sink = np.uint64(0)
        for k in range(made):
            if k % PROBE_BLOCK == 0:
                # the block's first probes read together (independent loads overlap; the
                # sink only keeps them from being optimised away)
                for j in range(k, min(made, k + PROBE_BLOCK)):
                    if 0 <= cand[j, 2] and min(cand[j, 2], top) <= rank:
                        sink ^= table[cand_hash[j] & mask]
            key = min(cand[k, 2], top)
            if key > rank or key < 0:
                continue
            if key == rank:
                if quota == 0:
                    continue
                quota -= 1
            hsh = cand_hash[k]
            slot = hsh & mask
            seen = False
            while table[slot] != 0:
                if table[slot] == hsh:
                    seen = True
                    break
                slot = (slot + np.uint64(1)) & mask
            if seen:
                continue
            if stored < max_stored:
                table[slot] = hsh
                stored += 1
            i = cand[k, 0]
            code = cand[k, 1]
            b = blank[cur, i]
            to = nbr[b, code]
            t = tiles[cur, i, to]
            for c in range(cells):
                tiles[nxt, kept, c] = tiles[cur, i, c]
                where[nxt, kept, c] = where[cur, i, c]
            tiles[nxt, kept, b] = t
            tiles[nxt, kept, to] = 0
            where[nxt, kept, t] = b
            where[nxt, kept, 0] = to
            for g in range(vals.shape[2]):
                vals[nxt, kept, g] = vals[cur, i, g]
                mvals[nxt, kept, g] = mvals[cur, i, g]
            g = tile_group[t]
            mg = tile_group[mirror_tile[t]]
            hs[nxt, kept, 0] = hs[cur, i, 0] - vals[cur, i, g] + cand[k, 3]
            hs[nxt, kept, 1] = hs[cur, i, 1] - mvals[cur, i, mg] + cand[k, 4]
            vals[nxt, kept, g] = cand[k, 3]
            mvals[nxt, kept, mg] = cand[k, 4]
            blank[nxt, kept] = to
            last[nxt, kept] = code
            hashes[nxt, kept] = hsh
            parent[depth, kept] = i
            move[depth, kept] = code
            kept += 1
        ctl[SINK] = np.int64(sink & np.uint64(1))
        depth += 1
        count = kept
        cur = nxt
    ctl[DEPTH] = depth
    ctl[COUNT] = count
    ctl[SIDE] = cur
    ctl[NODES] = nodes
    ctl[STORED] = stored
    return status


_zobrist: dict[int, np.ndarray] = {}


def zobrist(cells: int) -> np.ndarray:
    """Fixed random 64-bit keys, one per (tile, cell), never 0."""
    keys = _zobrist.get(cells)
    if keys is None:
        rng = np.random.default_rng(ZOBRIST_SEED)
        keys = rng.integers(1, 1 << 62, size=(cells, cells), dtype=np.int64).view(np.uint64)
        _zobrist[cells] = keys
    return keys


def _table_bits(entries: int) -> int:
    bits = 12
    while (1 << bits) * MAX_LOAD_PERCENT // 100 < entries:
        bits += 1
    return bits


class WideBeam:
    """One beam of ``width`` boards over the board (or its transpose), resumable chunk by chunk.

    ``advance`` makes one chunk of children; ``done`` is set when the beam has found a line
    shorter than ``cap`` (``line``, in the board's own moves) or has run dry. With
    ``told_apart`` (tiles, as numbered on the view) the seen-board table tells boards apart by
    those tiles and the blank alone: for a goal that only places those tiles, a layer of
    boards that differ only in the other tiles would be one board many times over.
    """

    def __init__(self, board: Board, heur: PatternHeuristic, flag: np.ndarray, width: int,
                 cap: int, transpose: bool = False, chase: tuple[int, ...] = (),
                 told_apart: tuple[int, ...] = ()) -> None:
        self.original = board
        self.chase = np.array(chase, dtype=np.int64)
        self.transpose = transpose
        self.width = width
        self.flag = flag
        self.heur = heur
        view = transposed(board) if transpose else board
        n = view.size
        groups = len(heur.groups)
        depth = max(1, min(cap, 2 * 255))
        self.tiles = np.zeros((2, width, n), dtype=np.int8)
        self.where = np.zeros((2, width, n), dtype=np.int8)
        self.vals = np.zeros((2, width, groups), dtype=np.int16)
        self.mvals = np.zeros((2, width, groups), dtype=np.int16)
        self.hs = np.zeros((2, width, 2), dtype=np.int32)
        self.blank = np.zeros((2, width), dtype=np.int32)
        self.last = np.zeros((2, width), dtype=np.int8)
        self.hashes = np.zeros((2, width), dtype=np.uint64)
        self.parent = np.zeros((depth, width), dtype=np.int32)
        self.move = np.zeros((depth, width), dtype=np.int8)
        self.cand = np.zeros((3 * width + 4, 5), dtype=np.int32)
        self.cand_hash = np.zeros(3 * width + 4, dtype=np.uint64)
        self.at = np.zeros(3 * width + 4, dtype=np.int64)
        self.table = np.zeros(1 << _table_bits(width * min(depth, 160)), dtype=np.uint64)
        self.hist = np.zeros(KEYS * (CHASE_SCALE if chase else 1), dtype=np.int64)
        self.ctl = np.zeros(CTL_SLOTS, dtype=np.int64)
        self.out = np.zeros(depth + 1, dtype=np.int64)
        self.keys = zobrist(n)
        if told_apart:
            # boards that differ only in the other tiles count as one board met before
            self.keys = self.keys.copy()
            self.keys[[t for t in range(1, n) if t not in set(told_apart)]] = 0
        # the root
        self.tiles[0, 0] = view.tiles
        for cell, t in enumerate(view.tiles):
            self.where[0, 0, t] = cell
        pos = heur.group_positions(view.tiles)
        mpos = heur.group_positions(view.tiles, mirrored=True)
        self.vals[0, 0] = heur.group_values(pos)
        self.mvals[0, 0] = heur.group_values(mpos) if heur.use_mirror else self.vals[0, 0]
        self.hs[0, 0] = (int(self.vals[0, 0].sum()), int(self.mvals[0, 0].sum()))
        self.blank[0, 0] = view.blank
        self.last[0, 0] = -2  # no move to undo: -2 ^ 1 is no move code
        root = np.uint64(0)
        for cell, t in enumerate(view.tiles):
            root ^= self.keys[t, cell]
        self.hashes[0, 0] = root
        self.table[int(root) & (self.table.shape[0] - 1)] = root
        self.ctl[COUNT] = 1
        self.ctl[CAP] = cap
        self.ctl[STORED] = 1
        self.ctl[RANK] = self.hist.shape[0]
        self.h0 = int(self.hs[0, 0].max())
        self.line: str | None = None
        self.done = self.h0 >= cap
        if self.h0 == 0 and not self.done:
            self.line, self.done = "", True

    @property
    def nodes(self) -> int:
        """Children made so far."""
        return int(self.ctl[NODES])

    @property
    def depth(self) -> int:
        """Moves from the root to the current layer."""
        return int(self.ctl[DEPTH])

    @property
    def cut(self) -> int:
        """The last layer's key cut (a value, or value * CHASE_SCALE + steps with ``chase``)."""
        return int(self.ctl[RANK])

    def nearest(self) -> str:
        """The line (in the board's own moves) to a board of the current layer whose tables
        give the least value (the root's empty line before the first layer)."""
        side = int(self.ctl[SIDE])
        count = int(self.ctl[COUNT])
        if count == 0:
            return ""
        values = self.hs[side, :count].max(axis=1)
        j = int(values.argmin())
        codes = np.zeros(self.depth, dtype=np.int64)
        for d in range(self.depth - 1, -1, -1):
            codes[d] = self.move[d, j]
            j = int(self.parent[d, j])
        return view_line(codes, self.transpose)

    def advance(self, nodes: int = CHUNK_NODES) -> None:
        """Make about ``nodes`` more children (the compiled kernel releases the GIL)."""
        if self.done:
            return
        give_way()
        ctl = self.ctl
        h = self.heur
        ctl[LIMIT] = ctl[NODES] + nodes
        status = beam_run(
            self.tiles, self.where, self.vals, self.mvals, self.hs, self.blank, self.last,
            self.hashes, self.parent, self.move, self.cand, self.at, self.cand_hash, self.table,
            self.hist, ctl, self.flag, self.out, h.nbr, h.group_tiles, h.mirror_src, h.sizes,
            h.offsets, h.pdbs, h.tile_group, h.mirror_tile, h.mirror_cell, self.keys,
            self.chase, self.original.width, h.goal_dist,
        )
        if status == CANCELLED or self.flag[0]:
            raise SolveCancelled(f"search of {self.original} was cancelled")
        if status == FOUND:
            self.line = view_line(self.out[: int(ctl[LENGTH])], self.transpose)
            self.done = True
        elif status == EXHAUSTED:
            self.done = True


def warm_beam() -> None:
    """Compile the beam kernel by running a small beam (on the 5x5 tables when they are in
    memory, else on the 4x4 ones, which the set-up step has built: the same types)."""
    from game.solver.exact.heuristic import get_heuristic, loaded_heuristic

    heur = loaded_heuristic(5, 5) or get_heuristic(4, 4)
    board = Board.goal(heur.width, heur.height).apply_all("DDRRULDLUR")
    beam = WideBeam(board, heur, np.zeros(1, dtype=np.int64), 16, 64)
    while not beam.done:
        beam.advance()
