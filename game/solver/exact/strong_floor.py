"""Placement codes (four bits a tile) and the 6-6-3 floor under the strong tables indexed by
them: a move updates a code with one multiply-add instead of ranking the placement again.

A group of k tiles gets a table of 16**k bytes (the cell of each tile, first tile highest):
2 x 16.8 MB + 4 KB for 6-6-3 instead of 2 x 5.8 MB ranked, in exchange for no ranking at
all. Entries of impossible placements (two tiles on one cell) are 0. Built from the ranked
tables in a fraction of a second the first time the strong tables load, then cached beside
them (``strong_cache``: versioned, checked, a damaged file set aside and made again).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from game.solver.exact import strong_cache
from game.solver.exact.pattern import PatternHeuristic
from game.solver.exact.strong_kernels import CODE_BITS, rank_code
from game.solver.jit import kernel


@dataclass(frozen=True)
class Floor:
    """``tables`` holds each group's table from ``offsets[g]``; tile t moving from cell a to
    cell b changes its group's index by ``(b - a) * mul[t]``."""

    tables: np.ndarray
    offsets: np.ndarray
    mul: np.ndarray


@kernel(entry=True)
def fill_floor(pdbs: np.ndarray, offset: int, size: int, cells: int, out: np.ndarray) -> None:
    """``out[code]`` = the ranked table's value of the placement ``code`` holds (0 where it
    is no placement: a cell off the board, or two tiles on one cell)."""
    for code in range(out.shape[0]):
        used = 0
        for slot in range(size):
            cell = (code >> (CODE_BITS * slot)) & ((1 << CODE_BITS) - 1)
            if cell >= cells or used & (1 << cell):
                used = -1
                break
            used |= 1 << cell
        out[code] = pdbs[offset + rank_code(code, size, cells)] if used >= 0 else 0


def code_muls(groups: tuple[tuple[int, ...], ...], cells: int) -> np.ndarray:
    """``mul[t]``: tile t moving from cell a to cell b changes its group's code by
    ``(b - a) * mul[t]``."""
    mul = np.zeros(cells, dtype=np.int64)
    for group in groups:
        for slot, t in enumerate(group):
            mul[t] = 1 << (CODE_BITS * (len(group) - 1 - slot))
    return mul


def placement_codes(pos: np.ndarray, sizes: Sequence[int]) -> np.ndarray:
    """Each group's code for the placements ``pos[g, slot]`` (as ``group_positions``)."""
    codes = np.zeros(len(sizes), dtype=np.int64)
    for g, size in enumerate(sizes):
        for slot in range(size):
            codes[g] = (codes[g] << CODE_BITS) | int(pos[g, slot])
    return codes


def _layout(base: PatternHeuristic) -> tuple[np.ndarray, int]:
    sizes = [1 << (CODE_BITS * len(g)) for g in base.groups]
    offsets = np.zeros(len(sizes), dtype=np.int64)
    offsets[1:] = np.cumsum(sizes)[:-1]
    return offsets, sum(sizes)


def make_floor(base: PatternHeuristic) -> Floor:
    """The floor tables of ``base`` (a board of at most 16 cells)."""
    if base.cells > 1 << CODE_BITS:
        raise ValueError(f"a floor indexes at most {1 << CODE_BITS} cells, not {base.cells}")
    offsets, total = _layout(base)
    tables = np.zeros(total, dtype=np.uint8)
    for g, group in enumerate(base.groups):
        start = int(offsets[g])
        fill_floor(base.pdbs, int(base.offsets[g]), len(group), base.cells,
                   tables[start : start + (1 << (CODE_BITS * len(group)))])
    tables.setflags(write=False)
    return Floor(tables, offsets, code_muls(base.groups, base.cells))


def load_floor(name: str, base: PatternHeuristic) -> Floor:
    """The floor of ``base`` from the cache file ``name``, else made (and cached if the
    cache can be written: a read-only one costs a fraction of a second each load)."""
    meta = {"width": base.width, "height": base.height,
            "groups": [list(g) for g in base.groups], "kind": "floor4"}
    offsets, total = _layout(base)
    found = strong_cache.load(name, meta, [total])
    if found is not None:
        return Floor(found[0], offsets, code_muls(base.groups, base.cells))
    floor = make_floor(base)
    try:
        strong_cache.save(name, meta, [floor.tables])
    except OSError:
        pass
    return floor
