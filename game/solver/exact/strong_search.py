"""IDA* on the strong tables: the driver's arrays for the packed kernel, and which search to use."""

from __future__ import annotations

import numpy as np

from game.core.board import MOVES, Board
from game.solver.exact import dupes, kernels, strong_kernels
from game.solver.exact.ida import MAX_DEPTH, IdaSearch, Progress
from game.solver.exact.pattern import PatternHeuristic
from game.solver.exact.strong import (
    DEFAULT,
    StrongHeuristic,
    StrongSpec,
    assemble,
    loaded_strong,
)
from game.solver.exact.strong_floor import placement_codes
from game.solver.results import give_way


class StrongSearch(IdaSearch):
    """``IdaSearch`` with the strong tables' kernel (the same driver, bounds and parity)."""

    use_base = True
    """Whether the base tables (6-6-3) are a floor under the strong bound."""

    def __init__(self, board: Board, heur: StrongHeuristic, flag: np.ndarray,
                 deadline: float | None, progress: Progress | None) -> None:
        give_way()
        self.board = board
        self.strong = heur
        self.flag = flag
        self.deadline = deadline
        self.progress = progress
        self.tiles = np.array(board.tiles, dtype=np.int8)
        pos = heur.group_positions(board.tiles)
        mpos = heur.group_positions(board.tiles, mirrored=True)
        self.rank = heur.ranks(pos)
        self.mrank = heur.ranks(mpos)
        self.vals = heur.stored(self.rank)
        self.mvals = heur.stored(self.mrank)
        self.moves = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
        self.nextdir = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
        self.saved = np.zeros((MAX_DEPTH + 1, strong_kernels.SAVED), dtype=np.int64)
        self.ahead = np.zeros((MAX_DEPTH + 1, strong_kernels.AHEAD_COLUMNS), dtype=np.int64)
        self.fsm = dupes.table() if self.prune_duplicates else dupes.NO_PRUNING
        self.fsm_at = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
        self.fsm_at[0] = dupes.UNFED
        base = heur.base
        bpos = base.group_positions(board.tiles)
        bmpos = base.group_positions(board.tiles, mirrored=True)
        base_sizes = [len(g) for g in base.groups]
        self.bidx = placement_codes(bpos, base_sizes)
        self.bmidx = placement_codes(bmpos, base_sizes)
        self.ctl = np.zeros(strong_kernels.CTL_SLOTS, dtype=np.int64)
        self.ctl[kernels.BLANK] = board.blank
        self.ctl[kernels.HSUM] = int(self.vals.sum())
        self.ctl[kernels.MHSUM] = int(self.mvals.sum())
        md = heur.manhattan(board.tiles)
        self.ctl[strong_kernels.MD] = md
        self.ctl[kernels.G_WEIGHT] = 1
        self.ctl[kernels.H_WEIGHT] = 1
        self.ctl[kernels.CAP] = kernels.NO_BOUND
        self.h0 = max(md + 2 * max(int(self.vals.sum()), int(self.mvals.sum())),
                      int(base.group_values(bpos).sum()),
                      int(base.group_values(bmpos).sum()))

    def _prime_root(self, code: int) -> None:
        # the child's direct lookup and its group's new rank, which the kernel reads from
        # ``ahead`` (filled when a node is opened, not when it is started on one move)
        child = self.board.apply(MOVES[code])
        tile = self.board.tiles[child.blank]
        group = int(self.strong.tile_group[tile])
        ranks = self.strong.ranks(self.strong.group_positions(child.tiles))
        self.ahead[0, code] = int(self.strong.stored(ranks)[group])
        self.ahead[0, strong_kernels.RANK + code] = int(ranks[group])

    def _run(self) -> int:
        h = self.strong
        b = h.base
        return int(strong_kernels.strong_run(
            self.tiles, self.rank, self.mrank, self.vals, self.mvals, self.moves, self.nextdir,
            self.saved, self.ctl, self.flag, h.nbr, h.tile_group, h.tile_slot, h.rank_mul,
            h.offsets, h.packed, h.mirror_tile, h.mirror_cell, h.dist, self.ahead,
            self.bidx, self.bmidx, b.tile_group, h.floor.mul,
            h.floor.offsets, h.floor.tables, self.use_base, self.fsm, self.fsm_at,
        ))


def search_for(board: Board, heur: PatternHeuristic, flag: np.ndarray,
               deadline: float | None, progress: Progress | None) -> IdaSearch:
    """The search for one board: on the strong tables when they are loaded for its shape,
    else on ``heur`` (6-6-3 on 4x4)."""
    strong = loaded_strong()
    if strong is not None and (board.width, board.height) == (DEFAULT.width, DEFAULT.height):
        return StrongSearch(board, strong, flag, deadline, progress)
    return IdaSearch(board, heur, flag, deadline, progress)


WARM_SPEC = StrongSpec(3, 3, ((1, 2, 3, 4), (5, 6, 7, 8)))
"""A stand-in with the real tables' array types, for compiling the kernel without them."""
_warmed: list[bool] = []


def warm_strong() -> None:
    """Compile the strong kernel (or load it from numba's cache) once, on tiny empty tables
    (every excess 0: plain Manhattan, still admissible), so the set-up's ahead-of-time
    build has its signature even when the strong tables are not built."""
    if _warmed:
        return
    packed = np.zeros(sum(WARM_SPEC.sizes), dtype=np.uint8)
    packed.setflags(write=False)  # as the mapped tables are
    heur = assemble(WARM_SPEC, packed)
    board = Board.goal(3, 3).apply_all("DRDL")
    StrongSearch(board, heur, np.zeros(1, dtype=np.int64), None, None).solve()
    _warmed.append(True)
