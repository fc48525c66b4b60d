"""Draw the board, tiles, hint overlay, cues and menus from a view; never changes game state."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.core.board import Board
from game.core.scoring import MoveClass
from game.ui.fonts import Fonts
from game.ui.layout import Layout, menu_rects, menu_unit
from game.ui.theme import Theme

NUMBER_SHARE = 0.46
"""Tile number height as a share of the tile side."""
CORNER_SHARE = 0.12
ARROW_SHARE = 0.15
ARROW_REACH = 0.47
"""Arrow tip distance from the tile centre (share of the tile side): near the edge it moves to."""
HINT_RING_SHARE = 0.045
"""A tile whose move is optimal gets a ring this thick (share of the tile) and an arrow."""
PATH_ALPHA = 90
CUE_BORDER = 4
OVERLAY_ALPHA = 190
_ARROWS = {"U": (0, -1), "D": (0, 1), "L": (-1, 0), "R": (1, 0)}


@dataclass(frozen=True)
class BoardView:
    """Everything the board drawing reads for one frame."""

    board: Board
    moving: dict[int, tuple[float, float]] = field(default_factory=dict)
    hint_level: int = 0
    hint_moves: frozenset[str] = frozenset()
    path: str = ""
    cue: MoveClass | None = None
    cue_strength: float = 0.0
    cue_tile: int = 0
    win_flash: float = 0.0
    show_numbers: bool = True
    picture: dict[int, pygame.Surface] | None = None


@dataclass(frozen=True)
class MenuView:
    """A titled list of entries with one selected (title, pause and settings menus)."""

    title: str
    items: tuple[str, ...]
    selected: int = 0
    subtitle: str = ""
    footer: str = ""


class TileCache:
    """Rendered tile faces per (tile, size, theme, numbers, picture), rebuilt on resize."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self._key: tuple = ()
        self._faces: dict[tuple[int, bool], pygame.Surface] = {}

    def face(self, tile: int, home: bool, size: int, theme: Theme,
             view: BoardView) -> pygame.Surface:
        """The face of ``tile`` at ``size`` pixels."""
        key = (size, theme.name, view.show_numbers, id(view.picture))
        if key != self._key:
            self._key = key
            self._faces.clear()
        face = self._faces.get((tile, home))
        if face is None:
            face = self._draw(tile, home, size, theme, view)
            self._faces[(tile, home)] = face
        return face

    def _draw(self, tile: int, home: bool, size: int, theme: Theme,
              view: BoardView) -> pygame.Surface:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        radius = max(2, int(size * CORNER_SHARE))
        rect = surf.get_rect()
        picture = view.picture.get(tile) if view.picture else None
        if picture is not None:
            if picture.get_size() != (size, size):
                picture = pygame.transform.smoothscale(picture, (size, size))
            surf.blit(picture, (0, 0))
            return surf
        pygame.draw.rect(surf, theme.tile_edge, rect, border_radius=radius)
        inner = rect.inflate(-max(2, size // 16), -max(2, size // 16)).move(0, -size // 40)
        pygame.draw.rect(surf, theme.tile_home if home else theme.tile, inner,
                         border_radius=radius)
        if view.show_numbers:
            label = self.fonts.text(str(tile), int(size * NUMBER_SHARE), theme.tile_text,
                                    bold=True)
            surf.blit(label, label.get_rect(center=(size // 2, size // 2 - size // 40)))
        return surf


def draw_board(surface: pygame.Surface, view: BoardView, layout: Layout, theme: Theme,
               cache: TileCache) -> None:
    """The board with its tiles (sliding ones at their tween positions) and the hint overlay."""
    board = view.board
    bx, by, bw, bh = layout.board_rect
    pad = layout.gap
    pygame.draw.rect(surface, theme.board_bg, (bx - pad, by - pad, bw + 2 * pad, bh + 2 * pad),
                     border_radius=max(4, pad * 2))
    size = layout.tile_px
    for index, tile in enumerate(board.tiles):
        if not tile:
            continue
        row, col = view.moving.get(tile, divmod(index, board.width))
        x, y = layout.cell_origin(row, col)
        face = cache.face(tile, tile == index + 1, size, theme, view)
        surface.blit(face, (x, y))
        if view.cue and tile == view.cue_tile and view.cue_strength > 0:
            color = theme.good if view.cue is MoveClass.OPTIMAL else theme.bad
            width = max(2, int(CUE_BORDER * view.cue_strength * size / 60))
            pygame.draw.rect(surface, color, (x, y, size, size), width,
                             border_radius=max(2, int(size * CORNER_SHARE)))
    if view.hint_level >= 2 and view.path and not view.moving:
        _draw_path(surface, board, view.path, layout, theme)
    if view.hint_level >= 1 and not view.moving:
        for move in view.hint_moves:
            if board.can_move(move):
                _draw_arrow(surface, board, move, layout, theme)
    if view.win_flash > 0:
        glow = pygame.Surface((bw + 2 * pad, bh + 2 * pad), pygame.SRCALPHA)
        glow.fill((*theme.good, int(150 * view.win_flash)))
        surface.blit(glow, (bx - pad, by - pad))


def _draw_arrow(surface: pygame.Surface, board: Board, move: str, layout: Layout,
                theme: Theme) -> None:
    index = board.tiles.index(board.tile_for(move))
    x, y, s, _ = layout.cell_rect(index)
    cx, cy = x + s / 2, y + s / 2
    dx, dy = _ARROWS[move]
    pygame.draw.rect(surface, theme.hint, (x, y, s, s), max(2, int(s * HINT_RING_SHARE)),
                     border_radius=max(2, int(s * CORNER_SHARE)))
    a = s * ARROW_SHARE
    tip = (cx + dx * s * ARROW_REACH, cy + dy * s * ARROW_REACH)
    base = (tip[0] - dx * a * 1.4, tip[1] - dy * a * 1.4)
    left = (base[0] + dy * a, base[1] - dx * a)
    right = (base[0] - dy * a, base[1] + dx * a)
    half = a * 0.4
    tail = (base[0] - dx * a * 0.8, base[1] - dy * a * 0.8)
    shaft = (
        (base[0] + dy * half, base[1] - dx * half), (tail[0] + dy * half, tail[1] - dx * half),
        (tail[0] - dy * half, tail[1] + dx * half), (base[0] - dy * half, base[1] + dx * half),
    )
    for polygon in (shaft, (tip, left, right)):
        pygame.draw.polygon(surface, theme.hint, polygon)
        pygame.draw.polygon(surface, theme.tile_text, polygon, 1)


def _draw_path(surface: pygame.Surface, board: Board, path: str, layout: Layout,
               theme: Theme) -> None:
    """A faint line along the cells the gap will visit over the next optimal moves."""
    overlay = pygame.Surface(layout.window, pygame.SRCALPHA)
    color = (*theme.hint, PATH_ALPHA)
    blank = board.blank
    points = []
    for move in path:
        if not board.can_move(move):
            break
        nxt = board.tiles.index(board.tile_for(move))
        x, y, s, _ = layout.cell_rect(nxt)
        points.append((x + s // 2, y + s // 2))
        board = board.apply(move)
    x, y, s, _ = layout.cell_rect(blank)
    points.insert(0, (x + s // 2, y + s // 2))
    if len(points) >= 2:
        pygame.draw.lines(overlay, color, False, points, max(3, layout.tile_px // 10))
        for i, p in enumerate(points[1:], start=1):
            radius = max(3, layout.tile_px // 12 - i)
            pygame.draw.circle(overlay, color, p, radius)
    surface.blit(overlay, (0, 0))


def draw_menu(surface: pygame.Surface, view: MenuView, theme: Theme, fonts: Fonts,
              dim: bool = False) -> None:
    """A centred menu on the rectangles of ``menu_rects`` (clicks are tested on the same)."""
    w, h = surface.get_size()
    if dim:
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, OVERLAY_ALPHA))
        surface.blit(shade, (0, 0))
    unit = menu_unit((w, h))
    rects = [pygame.Rect(r) for r in menu_rects((w, h), len(view.items))]
    if dim and rects:
        bottom = rects[-1].bottom + unit
        panel = pygame.Rect(0, 0, min(w - 2 * unit, unit * 22), bottom - int(h * 0.06))
        panel.midtop = (w // 2, int(h * 0.06))
        pygame.draw.rect(surface, theme.panel, panel, border_radius=unit)
        pygame.draw.rect(surface, theme.accent, panel, 2, border_radius=unit)
    fonts.blit_center(surface, view.title, unit * 3, theme.accent, (w // 2, int(h * 0.16)),
                      bold=True)
    if view.subtitle:
        fonts.blit_center(surface, view.subtitle, unit, theme.muted, (w // 2, int(h * 0.26)),
                          max_width=w - 2 * unit)
    for i, (item, rect) in enumerate(zip(view.items, rects, strict=True)):
        if i == view.selected:
            pygame.draw.rect(surface, theme.panel, rect, border_radius=unit // 2)
            pygame.draw.rect(surface, theme.accent, rect, 2, border_radius=unit // 2)
        fonts.blit_center(surface, item, int(unit * 1.2), theme.hud_text, rect.center,
                          max_width=rect.width - unit)
    if view.footer:
        fonts.blit_center(surface, view.footer, max(12, int(unit * 0.8)), theme.muted,
                          (w // 2, h - unit * 2))
