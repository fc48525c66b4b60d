"""DeepCubeA's 6x6 and 7x7 test boards parse into solvable boards with plausible lengths."""

from __future__ import annotations

import pytest

from game.cli.deepcubea import SIDES, deepcubea_boards, deepcubea_file
from game.solver.big.grid import manhattan

PUBLISHED_MEANS = {6: 124.65, 7: 255.67}
"""DeepCubeA's mean line on its 500 test boards per size (its paper's table)."""


@pytest.mark.parametrize("side", SIDES)
def test_boards_are_solvable_and_their_lengths_fit(side: int) -> None:
    rows = deepcubea_boards(side)
    assert len(rows) == 500
    assert len({board for board, _ in rows}) == len(rows)
    for board, length in rows:
        assert (board.width, board.height) == (side, side)
        assert board.is_solvable()
        # a line is never shorter than the Manhattan bound, and has its parity
        assert length >= manhattan(board)
        assert (length - manhattan(board)) % 2 == 0
    mean = sum(length for _, length in rows) / len(rows)
    assert round(mean, 2) == PUBLISHED_MEANS[side]


def test_other_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="5x5"):
        deepcubea_file(5)
