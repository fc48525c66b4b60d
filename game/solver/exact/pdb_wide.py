"""Pattern databases for boards of over 32 cells (6x6, 7x7): a placement-only compiled build.

The 0-1 build of ``game.solver.exact.pdb`` keeps a bit mask of the blank's region per placement,
which needs a machine word per entry and 32 cells at most. On bigger boards the blank is left
out: a pattern tile may slide into any neighbouring cell no other pattern tile holds. That is
a relaxation of the real moves (the blank can always be brought round, or the move is not
counted short), so each table is still an admissible count of the pattern's own moves, the
tables of disjoint groups still add up, and the build is a plain breadth-first search over
placements: a level at a time, by scanning the table for the last level's entries (no queue).
Measured (issue 25): the 6x6 tables take 195 s to build on two cores (317 MB), the 7x7 ones
32 s (61 MB); on random boards they add only about 2 moves to the Manhattan bound (137.1
against 135.1 on 6x6), yet ranking the whole board's beams with them shortens 6x6 lines
(``api.WHOLE_BOARD_SIDES``).
"""

from __future__ import annotations

import numpy as np

from game.solver.encoding import neighbour_table, pattern_space, rank_pattern_nb, unrank_pattern_nb
from game.solver.jit import kernel

UNSEEN = 255
MAX_CELLS = 63
"""The occupied cells are one int64 bit mask."""
CANCEL_EVERY = 1 << 20
"""Entries scanned between two looks at the cancel flag."""
CANCELLED = -1

SIX_PARTITION = (
    (1, 2, 3, 7, 8), (4, 5, 6, 11, 12), (9, 10, 15, 16, 17), (13, 14, 19, 20, 25),
    (18, 23, 24, 30, 35), (21, 22, 27, 28, 29), (26, 31, 32, 33, 34),
)
"""Seven five-tile groups of the 35-puzzle, compact blocks tiling the board but the blank's
corner: 7 tables of 36*35*34*33*32 = 45M bytes (315 MB)."""
SEVEN_PARTITION = (
    (1, 2, 8, 9), (3, 4, 10, 11), (5, 6, 12, 13), (15, 16, 22, 23), (17, 18, 24, 25),
    (19, 20, 26, 27), (29, 30, 36, 37), (31, 32, 38, 39), (33, 34, 40, 41),
    (7, 14, 21, 28), (43, 44, 45, 46), (35, 42, 47, 48),
)
"""Twelve four-tile groups of the 48-puzzle: nine 2x2 blocks, the last column's first four
tiles, the last row's first four, and the corner round the blank (each the transpose of
another, or of itself): 12 tables of 49*48*47*46 = 5.1M bytes (61 MB)."""


@kernel
def build_wide_nb(goal_cells: np.ndarray, nbr: np.ndarray, cells: int, space: int,
                  filled: np.ndarray, cancel: np.ndarray) -> np.ndarray:
    """Fewest pattern-tile moves from each placement to the goal's (placement-only moves).

    ``filled[0]`` counts the entries set so far (another thread shows progress); a non-zero
    ``cancel[0]`` stops the build, which then returns an empty table.
    """
    k = goal_cells.shape[0]
    pdb = np.full(space, UNSEEN, dtype=np.uint8)
    pos = np.empty(k, dtype=np.int64)
    for i in range(k):
        pos[i] = goal_cells[i]
    pdb[rank_pattern_nb(pos, k, cells)] = 0
    filled[0] = 1
    level = 0
    grew = True
    while grew:
        grew = False
        for r in range(space):
            if (r & (CANCEL_EVERY - 1)) == 0 and cancel[0] != 0:
                return np.empty(0, dtype=np.uint8)
            if pdb[r] != level:
                continue
            unrank_pattern_nb(r, k, cells, pos)
            occupied = 0
            for i in range(k):
                occupied |= 1 << pos[i]
            for i in range(k):
                p = pos[i]
                for code in range(4):
                    c = nbr[p, code]
                    if c < 0 or (occupied >> c) & 1:
                        continue
                    pos[i] = c
                    child = rank_pattern_nb(pos, k, cells)
                    pos[i] = p
                    if pdb[child] == UNSEEN:
                        pdb[child] = level + 1
                        filled[0] += 1
                        grew = True
        level += 1
    return pdb


def build_wide(width: int, height: int, group: tuple[int, ...],
               filled: np.ndarray | None = None,
               cancel: np.ndarray | None = None) -> np.ndarray | None:
    """One group's table (tile t belongs in cell t-1), or None when ``cancel`` stopped it."""
    cells = width * height
    if cells > MAX_CELLS:
        raise ValueError(f"placement-only tables need at most {MAX_CELLS} cells, not {cells}")
    nbr = neighbour_table(width, height).astype(np.int64)
    goal = np.array([t - 1 for t in group], dtype=np.int64)
    filled = np.zeros(1, dtype=np.int64) if filled is None else filled
    cancel = np.zeros(1, dtype=np.int64) if cancel is None else cancel
    table = build_wide_nb(goal, nbr, cells, pattern_space(cells, len(group)), filled, cancel)
    return None if table.size == 0 else table
