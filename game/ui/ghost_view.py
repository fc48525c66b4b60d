"""The ghost's tiles drawn as translucent outlines where its board differs from the player's."""

from __future__ import annotations

import pygame

from game.core.board import Board
from game.ui.fonts import Fonts, blit_faded
from game.ui.layout import Layout, Type, type_px
from game.ui.theme import Theme

OUTLINE_ALPHA = 170
OUTLINE_SHARE = 0.045
"""Outline thickness as a share of the tile side (at least 2 px)."""
CORNER_SHARE = 0.12
LABEL_MAX_SHARE = 0.3
"""The ghost's tile number sits in the outline's bottom corner, clear of the tile's own number
in the middle: drawn only when a readable size fits in this share of the tile side."""
LABEL_INSET = 0.07
CORNER_LABEL_SHARE = 0.22
"""The corner number's size as a share of the tile side (caption-sized ones were tiny)."""
GAP_LABEL_ALPHA = 150
GAP_LABEL_SHARE = 0.38
"""Over the player's gap, where no number of theirs is, the ghost's tile number is drawn in
the middle at this share of the tile side."""


def ghost_cells(ghost: Board, board: Board) -> list[int]:
    """Cells where the ghost has a tile the player's board does not have there."""
    return [i for i, (g, p) in enumerate(zip(ghost.tiles, board.tiles, strict=True))
            if g and g != p]


def draw_ghost_tiles(surface: pygame.Surface, ghost: Board, board: Board, layout: Layout,
                     theme: Theme, fonts: Fonts, offset: int = 0) -> None:
    """Outline (and, where it fits, number) each ghost tile off the player's position."""
    cells = ghost_cells(ghost, board)
    if not cells:
        return
    bx, by, bw, bh = layout.board_rect
    bx += offset
    overlay = pygame.Surface((bw + 1, bh + 1), pygame.SRCALPHA)
    size = layout.tile_px
    width = max(2, int(size * OUTLINE_SHARE))
    colour = (*theme.accent[:3], OUTLINE_ALPHA)
    for cell in cells:
        x, y, _, _ = layout.cell_rect(cell)
        pygame.draw.rect(overlay, colour, (x + offset - bx, y - by, size, size), width,
                         border_radius=max(2, int(size * CORNER_SHARE)))
    surface.blit(overlay, (bx, by))
    inset = int(size * LABEL_INSET) + width
    px = max(type_px(layout.window, Type.CAPTION), int(size * CORNER_LABEL_SHARE))
    corner = px if fonts(px).get_height() <= size * LABEL_MAX_SHARE else None
    for cell in cells:
        x, y, _, _ = layout.cell_rect(cell)
        text = str(ghost.tiles[cell])
        if board.tiles[cell] == 0:  # over the player's gap: the number in the middle,
            # faint (a newcomer read a bright one as a tile of theirs in the gap)
            label = fonts.text(text, max(1, int(size * GAP_LABEL_SHARE)), theme.accent,
                               bold=True)
            blit_faded(surface, label, label.get_rect(center=(x + offset + size // 2,
                                                              y + size // 2)), GAP_LABEL_ALPHA)
        elif corner is not None:  # clear of the tile's own number, and of the hint steps'
            # badges in the top corner (a newcomer expected the two to collide there)
            label = fonts.text(text, corner, theme.accent, bold=True)
            surface.blit(label, label.get_rect(bottomright=(x + offset + size - inset,
                                                            y + size - inset)))
