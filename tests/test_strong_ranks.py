"""The strong kernel steps each group's rank with the move instead of ranking it anew: paused
anywhere in a search, its ranks are the board's, on a square board (a real transpose) and
on a non-square one (the transpose the board itself)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game.core.board import Board
from game.core.generate import random_board
from game.solver.encoding import rank_pattern
from game.solver.exact import kernels
from game.solver.exact.strong import StrongSpec, assemble, rank_muls
from game.solver.exact.strong_build import build_excess
from game.solver.exact.strong_search import StrongSearch

pytestmark = pytest.mark.usefixtures("private_cache")

FLAG = np.zeros(1, dtype=np.int64)
SPECS = [StrongSpec(3, 3, ((1, 2, 3, 4), (5, 6, 7, 8))),
         StrongSpec(3, 3, ((2, 7, 5), (8, 1, 4, 3, 6))),
         StrongSpec(4, 3, ((1, 2, 3, 5, 6), (4, 7, 8, 9, 10, 11)))]


def test_rank_muls_are_the_mixed_radix_weights() -> None:
    mul = rank_muls(((1, 2, 3), (4,)), 9)
    assert [int(mul[t]) for t in (1, 2, 3, 4)] == [8 * 7, 7, 1, 1]
    positions = [5, 0, 8]
    for slot, t in enumerate((1, 2, 3)):
        moved = list(positions)
        moved[slot] += 1 if positions[slot] < 8 else -1
        if moved[slot] in positions:
            continue
        step = moved[slot] - positions[slot]
        # a step that passes no other tile of the group moves the rank by one weight
        assert rank_pattern(moved, 9) - rank_pattern(positions, 9) == step * int(mul[t])


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s.width}x{s.height}-{s.groups[0]}")
def test_paused_anywhere_the_kernel_ranks_are_the_boards(spec: StrongSpec) -> None:
    heur = assemble(spec, np.concatenate([build_excess(spec.width, spec.height, g)
                                          for g in spec.groups]))
    rng = random.Random(7)
    checked = 0
    for _ in range(60):
        search = StrongSearch(random_board(spec.width, spec.height, rng), heur, FLAG, None,
                              None)
        ctl = search.ctl
        ctl[kernels.DEPTH] = 0
        ctl[kernels.BOUND] = search.h0 + 12  # deep enough to cross rows both ways
        ctl[kernels.NEXT_BOUND] = kernels.NO_BOUND
        search.nextdir[0] = 0
        for _ in range(60):
            ctl[kernels.LIMIT] = ctl[kernels.NODES] + rng.randint(1, 40)
            status = search._run()
            tiles = tuple(int(t) for t in search.tiles)
            pos = heur.group_positions(tiles)
            mpos = heur.group_positions(tiles, mirrored=True)
            assert list(search.rank) == list(heur.ranks(pos)), (spec, tiles)
            assert list(search.mrank) == list(heur.ranks(mpos)), (spec, tiles)
            assert list(search.vals) == list(heur.excesses(pos))
            assert list(search.mvals) == list(heur.excesses(mpos))
            checked += 1
            if status != kernels.PAUSED:
                break
    assert checked > 300


def test_the_ranks_are_restored_after_a_whole_iteration() -> None:
    spec = SPECS[0]
    heur = assemble(spec, np.concatenate([build_excess(spec.width, spec.height, g)
                                          for g in spec.groups]))
    board = Board(3, 3, (8, 6, 7, 2, 5, 4, 3, 0, 1))  # 31 moves: an iteration at 29 fails
    search = StrongSearch(board, heur, FLAG, None, None)
    before = (list(search.rank), list(search.mrank))
    assert not search.iteration(29)
    assert (list(search.rank), list(search.mrank)) == before
    assert tuple(int(t) for t in search.tiles) == board.tiles
