"""Readable at a glance: hint colours on the tiles by brightness alone, badge digits on their
badges, the ghost's numbers."""

from __future__ import annotations

import pytest

from game.ui.theme import THEMES, contrast


@pytest.mark.parametrize("name", ["colour-blind", "high-contrast"])
def test_hints_stand_out_on_tiles_and_on_the_background(name: str) -> None:
    """A newcomer could hardly see the colour-blind theme's yellow chevron on its off-white
    tiles (contrast 1.1); the high-contrast theme's cyan on white was as faint."""
    theme = THEMES[name]
    for tile in (theme.tile, theme.tile_home):
        assert contrast(theme.hint, tile) >= 2.0, (name, tile)
    assert contrast(theme.hint, theme.bg) >= 4.5  # "12 to go" in the HUD


@pytest.mark.parametrize("name", sorted(THEMES))
def test_step_badge_digits_read_on_their_badges(name: str) -> None:
    from game.ui.render import badge_colours

    theme = THEMES[name]
    for first in (True, False):
        fill, ink = badge_colours(theme, first)
        assert contrast(fill, ink) >= 4.5, (name, first, fill, ink)


def test_a_ghost_tile_over_the_gap_shows_its_number_in_the_middle() -> None:
    """A newcomer found the ghost's corner numbers tiny; over the player's gap there is no
    number of theirs to keep clear of, so the ghost's is drawn large in the middle."""
    import pygame

    from game.core.board import Board
    from game.ui.fonts import Fonts
    from game.ui.ghost_view import draw_ghost_tiles
    from game.ui.layout import compute_layout

    pygame.init()
    theme = THEMES["classic"]
    board = Board.goal(3, 3).apply_all("DRUL")
    ghost = Board.goal(3, 3).apply_all("DR")  # a tile where the player has the gap
    window = (640, 600)
    layout = compute_layout(window, 3, 3)
    surface = pygame.Surface(window)
    draw_ghost_tiles(surface, ghost, board, layout, theme, Fonts())
    gap = board.blank
    assert ghost.tiles[gap] != 0
    x, y, size, _ = layout.cell_rect(gap)
    middle = pygame.Rect(x + size // 4, y + size // 4, size // 2, size // 2)
    colours = [surface.get_at((px, py))[:3] for px in range(middle.left, middle.right)
               for py in range(middle.top, middle.bottom)]
    lit = sum(c != (0, 0, 0) for c in colours)
    assert lit > size  # a number's worth of strokes, not a corner caption
    # faint: a newcomer read a bright one as a tile of their own in the gap
    assert theme.accent not in colours


def test_a_ghost_number_on_a_tile_keeps_out_of_the_step_badges_corner() -> None:
    """The hint steps' badges sit in a tile's top corner: the ghost's number goes to the
    bottom one (a newcomer expected the two to collide)."""
    import pygame

    from game.core.board import Board
    from game.ui.fonts import Fonts
    from game.ui.ghost_view import draw_ghost_tiles, ghost_cells
    from game.ui.layout import compute_layout

    pygame.init()
    theme = THEMES["classic"]
    board = Board.goal(3, 3).apply_all("DRUL")
    ghost = Board.goal(3, 3)
    layout = compute_layout((760, 820), 3, 3)
    surface = pygame.Surface((760, 820))
    draw_ghost_tiles(surface, ghost, board, layout, theme, Fonts())
    cell = next(c for c in ghost_cells(ghost, board) if board.tiles[c])
    x, y, size, _ = layout.cell_rect(cell)
    inner = size // 8  # inside the outline

    def lit(left: int, top: int) -> int:
        return sum(surface.get_at((px, py))[:3] == theme.accent
                   for px in range(left + inner, left + size // 2)
                   for py in range(top + inner, top + size // 2))

    assert lit(x, y) == 0 and lit(x + size // 2 - inner, y + size // 2 - inner) > 0
