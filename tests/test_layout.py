"""Pure layout geometry: the board fits any window and clicks map back to their cells."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui.layout import compute_layout


@settings(max_examples=60)
@given(st.integers(200, 3000), st.integers(200, 2000), st.integers(2, 10), st.integers(2, 10))
def test_every_cell_centre_maps_back_and_the_board_fits(w: int, h: int, cols: int,
                                                        rows: int) -> None:
    layout = compute_layout((w, h), cols, rows)
    bx, by, bw, bh = layout.board_rect
    assert bx >= 0 and by >= layout.hud[3] and bx + bw <= w + 1 and by + bh <= h
    for index in range(cols * rows):
        x, y, size, _ = layout.cell_rect(index)
        assert layout.cell_at(x + size / 2, y + size / 2) == index
        assert layout.cell_at(x, y) == index and layout.cell_at(x + size - 1, y + size - 1) \
            == index


def test_outside_the_board_is_no_cell() -> None:
    layout = compute_layout((800, 800), 4, 4)
    bx, by, bw, bh = layout.board_rect
    assert layout.cell_at(bx - 1, by + 5) is None
    assert layout.cell_at(bx + 5, by - 1) is None
    assert layout.cell_at(bx + bw + 1, by + 5) is None
    assert layout.cell_at(bx + 5, by + bh + 1) is None


def test_tiles_and_text_scale_with_the_window() -> None:
    small = compute_layout((400, 400), 4, 4)
    big = compute_layout((1600, 1600), 4, 4)
    assert big.tile_px > 3 * small.tile_px
    assert big.text_px > small.text_px
    wide = compute_layout((1600, 400), 4, 4)
    assert wide.tile_px <= small.tile_px * 1.2


def test_rectangular_boards_use_square_cells() -> None:
    layout = compute_layout((1000, 700), 10, 3)
    x0, y0, s0, _ = layout.cell_rect(0)
    x1, y1, _, _ = layout.cell_rect(11)
    assert x1 - x0 == y1 - y0 and s0 == layout.tile_px
