"""Draw the board, tiles, hints, cues, fringe and menus from a view; never changes game state."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import pygame
import pygame.gfxdraw

from game.core.board import Board
from game.core.scoring import MoveClass
from game.ui.fonts import Fonts, blit_faded
from game.ui.layout import MIN_TYPE_PX, Layout, Type, menu_frame, menu_unit, type_px
from game.ui.theme import Theme, ink_on

NUMBER_SHARE = 0.46
"""Tile number height as a share of the tile side."""
CORNER_SHARE = 0.12
CHEVRON_INSET = 0.06
"""A hint chevron's tip sits this far in from the tile edge facing the gap (tile sides),
clear of the number in the middle."""
CHEVRON_DEPTH = 0.09
CHEVRON_HALF_WIDTH = 0.14
CHEVRON_THICKNESS = 0.055
HINT_RING_SHARE = 0.025
STEP_BADGE_SHARE = 0.12
"""Level-2 step badges: radius as a share of the tile side (at least the text's size)."""
STEP_FADE = 0.08
"""Each later step's badge is this much fainter than the one before."""
STEP_JOINER = "\u00b7"
"""Between the steps of a tile that moves more than once ("1\u00b74": a middle dot)."""
STEP_PAD_SHARE = 0.55
"""A pill badge's room either side of its steps, as a share of the text's height."""
CUE_BORDER = 4
ICON_SHARE = 0.16
"""The check / cross on a judged tile, as a share of the tile side."""
FRINGE_WIDTH_SHARE = 0.5
"""The light around finished rows and columns, as a share of the gap."""
OVERLAY_ALPHA = 190
_DIRECTIONS = {"U": (0, -1), "D": (0, 1), "L": (-1, 0), "R": (1, 0)}


@dataclass(frozen=True)
class BoardView:
    """Everything the board drawing reads for one frame."""

    board: Board
    moving: dict[int, tuple[float, float]] = field(default_factory=dict)
    hint_level: int = 0
    hint_moves: frozenset[str] = frozenset()
    path: str = ""
    """The next moves (level 2 draws them as numbered steps)."""
    cue: MoveClass | None = None
    cue_strength: float = 0.0
    cue_tile: int = 0
    win_flash: float = 0.0
    show_numbers: bool = True
    picture: dict[int, pygame.Surface] | None = None
    hover_cells: frozenset[int] = frozenset()
    """Cells whose tiles a click at the pointer would slide."""
    offset: int = 0
    """Horizontal shake of the whole board, in pixels."""


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
        self._glow: tuple[tuple[tuple[int, int], tuple[int, int, int]], pygame.Surface] | None = (
            None)

    def glow(self, size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
        """A plain surface of ``colour`` (its alpha is set when drawn), made once per size."""
        key = (size, colour)
        if self._glow is None or self._glow[0] != key:
            surface = pygame.Surface(size)
            surface.fill(colour)
            self._glow = (key, surface)
        return self._glow[1]

    def face(self, tile: int, home: bool, size: int, theme: Theme,
             view: BoardView) -> pygame.Surface:
        """The face of ``tile`` at ``size`` pixels."""
        key = (size, theme.name, view.show_numbers, id(view.picture), self.fonts.scale)
        if key != self._key:
            self._key = key
            self._faces.clear()
        face = self._faces.get((tile, home))
        if face is None:
            face = self._draw(tile, home, size, theme, view)
            if pygame.display.get_surface() is not None:
                face = face.convert_alpha()  # the display's pixel format: faster blits
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
               cache: TileCache, fonts: Fonts | None = None, *, steps: bool = True) -> None:
    """The board with its tiles (sliding ones at their tween positions) and the hint overlay;
    ``steps=False`` leaves the step badges to a later ``draw_steps`` (under the pop-ups)."""
    board = view.board
    bx, by, bw, bh = layout.board_rect
    bx += view.offset
    pad = layout.gap
    pygame.draw.rect(surface, theme.board_bg, (bx - pad, by - pad, bw + 2 * pad, bh + 2 * pad),
                     border_radius=max(4, pad * 2))
    if not view.moving:
        _draw_fringe(surface, board, layout, view.offset, theme)
    size = layout.tile_px
    radius = max(2, int(size * CORNER_SHARE))
    for index, tile in enumerate(board.tiles):
        if not tile:
            continue
        row, col = view.moving.get(tile, divmod(index, board.width))
        x, y = layout.cell_origin(row, col)
        x += view.offset
        surface.blit(cache.face(tile, tile == index + 1, size, theme, view), (x, y))
        if index in view.hover_cells and not view.moving:  # neutral: the hint ring is coloured
            ring = max(2, size // 40)
            pygame.draw.rect(surface, theme.hud_text, (x, y, size, size), ring,
                             border_radius=radius)
            # a dark line inside it: the ring shows on a tile as light as itself
            pygame.draw.rect(surface, theme.bg, (x + ring, y + ring, size - 2 * ring,
                                                 size - 2 * ring), max(1, ring // 2),
                             border_radius=max(1, radius - ring))
        if view.cue and tile == view.cue_tile and view.cue_strength > 0:
            good = view.cue.good
            color = theme.good if good else theme.bad
            width = max(2, int(CUE_BORDER * view.cue_strength * size / 60))
            pygame.draw.rect(surface, color, (x, y, size, size), width, border_radius=radius)
            _cue_icon(surface, good, (x + size - int(size * ICON_SHARE * 1.3),
                                      y + int(size * ICON_SHARE * 0.3)),
                      int(size * ICON_SHARE), color)
    if view.hint_level >= 1 and not view.moving:
        for move in sorted(view.hint_moves):
            if board.can_move(move):
                _draw_chevron(surface, board, move, layout, view.offset, theme)
    if steps and fonts is not None:
        draw_steps(surface, view, layout, theme, fonts)
    if view.win_flash > 0:
        glow = cache.glow((bw + 2 * pad, bh + 2 * pad), theme.good)
        glow.set_alpha(int(150 * view.win_flash))
        surface.blit(glow, (bx - pad, by - pad))


def finished_lines(board: Board) -> tuple[int, int]:
    """(rows, columns) finished from the top and from the left: the speedsolver's fringe."""
    w, h = board.width, board.height

    def home(i: int) -> bool:
        return board.tiles[i] == i + 1 or (i == w * h - 1 and board.tiles[i] == 0)

    rows = 0
    while rows < h - 1 and all(home(rows * w + c) for c in range(w)):
        rows += 1
    cols = 0
    while cols < w - 1 and all(home(r * w + cols) for r in range(rows, h)):
        cols += 1
    return rows, cols


def _draw_fringe(surface: pygame.Surface, board: Board, layout: Layout, offset: int,
                 theme: Theme) -> None:
    """Light behind the finished rows (from the top) and columns (from the left)."""
    rows, cols = finished_lines(board)
    if board.is_solved() or not (rows or cols):
        return
    bx, by, bw, bh = layout.board_rect
    bx += offset
    width = max(2, int(layout.gap * FRINGE_WIDTH_SHARE) + 1)
    radius = max(3, layout.gap * 2)
    pitch = layout.pitch
    if rows:
        rect = (bx - width, by - width, bw + 2 * width, round(pitch * rows) + width)
        pygame.draw.rect(surface, theme.good, rect, width, border_radius=radius)
    if cols:
        top = by + round(pitch * rows)
        rect = (bx - width, top - (width if not rows else 0), round(pitch * cols) + width,
                by + bh - top + width + (width if not rows else 0))
        pygame.draw.rect(surface, theme.good, rect, width, border_radius=radius)


def _cue_icon(surface: pygame.Surface, good: bool, topleft: tuple[int, int], size: int,
              color: tuple[int, int, int]) -> None:
    """A check mark (optimal) or a cross (wasteful): the cue reads without colour too."""
    x, y = topleft
    width = max(2, size // 4)
    if good:
        points = [(x, y + size * 0.55), (x + size * 0.38, y + size), (x + size, y)]
        pygame.draw.lines(surface, color, False, points, width)
    else:
        pygame.draw.line(surface, color, (x, y), (x + size, y + size), width)
        pygame.draw.line(surface, color, (x, y + size), (x + size, y), width)


def _draw_chevron(surface: pygame.Surface, board: Board, move: str, layout: Layout,
                  offset: int, theme: Theme) -> None:
    """Hint level 1: an antialiased chevron at the tile's edge facing the gap, off the digits."""
    index = board.tiles.index(board.tile_for(move))
    x, y, s, _ = layout.cell_rect(index)
    x += offset
    pygame.draw.rect(surface, theme.hint, (x, y, s, s), max(2, int(s * HINT_RING_SHARE)),
                     border_radius=max(2, int(s * CORNER_SHARE)))
    dx, dy = _DIRECTIONS[move]
    px, py = -dy, dx  # across the direction of travel
    cx, cy = x + s / 2, y + s / 2
    reach = s / 2 - s * CHEVRON_INSET
    tip = (cx + dx * reach, cy + dy * reach)
    depth, half, thick = s * CHEVRON_DEPTH, s * CHEVRON_HALF_WIDTH, s * CHEVRON_THICKNESS
    back = (tip[0] - dx * depth, tip[1] - dy * depth)
    polygon = [
        tip,
        (back[0] + px * half, back[1] + py * half),
        (back[0] + px * half - dx * thick, back[1] + py * half - dy * thick),
        (tip[0] - dx * thick * 1.6, tip[1] - dy * thick * 1.6),
        (back[0] - px * half - dx * thick, back[1] - py * half - dy * thick),
        (back[0] - px * half, back[1] - py * half),
    ]
    points = [(round(a), round(b)) for a, b in polygon]
    pygame.gfxdraw.filled_polygon(surface, points, theme.hint)
    pygame.gfxdraw.aapolygon(surface, points, theme.hint)


def path_steps(board: Board, path: str) -> dict[int, tuple[int, ...]]:
    """Level 2: the cell (on the board as it is now) of each tile the next moves slide,
    with every step that moves it, in order (1 = the next move)."""
    steps: dict[int, tuple[int, ...]] = {}
    where = {tile: i for i, tile in enumerate(board.tiles)}
    here = board
    for step, move in enumerate(path, start=1):
        if not here.can_move(move):
            break
        cell = where[here.tile_for(move)]
        steps[cell] = (*steps.get(cell, ()), step)
        here = here.apply(move)
    return steps


def step_label(steps: tuple[int, ...]) -> str:
    """A tile's steps as its badge shows them: "3", or "1\u00b74" for a tile moved twice."""
    return STEP_JOINER.join(str(step) for step in steps)


def badge_colours(theme: Theme, first: bool) -> tuple[tuple[int, int, int],
                                                       tuple[int, int, int]]:
    """A step badge's fill and its digits' colour: the first step's in the accent colour,
    the later ones' in the hint colour, each with whichever ink reads best on it."""
    fill = theme.accent if first else theme.hint
    return fill, ink_on(fill, theme.bg, theme.tile_text)


def draw_steps(surface: pygame.Surface, view: BoardView, layout: Layout, theme: Theme,
               fonts: Fonts) -> None:
    """Numbered badges on the tiles to move next (hint level 2, the board at rest), the first
    one bright and larger; a tile that moves more than once carries all its steps on a pill
    ("1\u00b74")."""
    if view.hint_level < 2 or not view.path or view.moving:
        return
    board, offset = view.board, view.offset
    s = layout.tile_px
    margin = max(2, s // 28)
    px = type_px(layout.window, Type.BODY)  # digits a player reads at a glance
    # a chevron on a tile's top edge: a badge too wide to stay left of it goes to the
    # tile's bottom corner ("1·6" covered it, with large text)
    under_chevron = {board.tiles.index(board.tile_for(m)) for m in view.hint_moves
                     if board.can_move(m) and _DIRECTIONS[m][1] < 0}
    for cell, steps in sorted(path_steps(board, view.path).items(),
                              key=lambda item: -item[1][0]):
        first = steps[0]
        fill, color = badge_colours(theme, first == 1)
        text = step_label(steps)
        size = px
        label = fonts.text(text, size, color, bold=True)
        pad = max(3, int(label.get_height() * STEP_PAD_SHARE))
        while label.get_width() + 2 * pad > s - 2 * margin and size > MIN_TYPE_PX:
            size -= 1  # a long pill on a small tile: smaller digits, still inside the tile
            label = fonts.text(text, size, color, bold=True)
        radius = max(int(s * STEP_BADGE_SHARE * (1.25 if first == 1 else 1.0)),
                     label.get_height() // 2 + 3)
        width = max(2 * radius, label.get_width() + 2 * pad)  # one step: a disc
        x, y, _, _ = layout.cell_rect(cell)
        left, top = x + offset + margin, y + margin
        if cell in under_chevron and margin + width > s / 2 - s * CHEVRON_HALF_WIDTH:
            top = y + s - margin - 2 * radius
        alpha = max(150, int(255 * (1.0 - STEP_FADE * (first - 1))))
        surface.blit(_badge(width, 2 * radius, fill, theme.tile_text, alpha),
                     (left - 1, top - 1))
        blit_faded(surface, label, label.get_rect(center=(left + width // 2, top + radius)),
                   alpha)


@lru_cache(maxsize=64)
def _badge(width: int, height: int, fill: tuple[int, int, int], edge: tuple[int, int, int],
           alpha: int) -> pygame.Surface:
    """A step badge: a disc, or a pill when wider than high (made once per size, colour and
    step, not every frame)."""
    badge = pygame.Surface((width + 2, height + 2), pygame.SRCALPHA)
    radius = height // 2
    line = max(1, radius // 8)
    if width <= height:
        pygame.draw.circle(badge, (*fill, alpha), (radius + 1, radius + 1), radius)
        pygame.draw.circle(badge, (*edge, alpha), (radius + 1, radius + 1), radius, line)
    else:
        rect = (1, 1, width, height)
        pygame.draw.rect(badge, (*fill, alpha), rect, border_radius=radius)
        pygame.draw.rect(badge, (*edge, alpha), rect, line, border_radius=radius)
    return badge


def footer_px(unit: int) -> int:
    """A menu footer's font size for the menu unit."""
    return max(MIN_TYPE_PX, int(unit * 0.8))


def draw_menu(surface: pygame.Surface, view: MenuView, theme: Theme, fonts: Fonts,
              dim: bool = False) -> None:
    """A centred menu on the rectangles of ``menu_rects`` (clicks are tested on the same)."""
    w, h = surface.get_size()
    if dim:
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, OVERLAY_ALPHA))
        surface.blit(shade, (0, 0))
    unit = menu_unit((w, h))
    frame = menu_frame((w, h), len(view.items), fonts.scale)
    rects = [pygame.Rect(r) for r in frame.rects]
    footer_in_panel = dim and bool(rects)
    if footer_in_panel:
        bottom = rects[-1].bottom + unit * 2 + fonts(footer_px(unit)).get_height()
        panel = pygame.Rect(0, 0, min(w - 2 * unit, unit * 22), bottom - int(h * 0.06))
        panel.midtop = (w // 2, int(h * 0.06))
        pygame.draw.rect(surface, theme.panel, panel, border_radius=unit)
        pygame.draw.rect(surface, theme.accent, panel, 2, border_radius=unit)
    fonts.blit_center(surface, view.title, frame.title_px, theme.accent,
                      (w // 2, frame.title_y), bold=True)
    if view.subtitle:
        fonts.blit_center(surface, view.subtitle, unit, theme.muted, (w // 2, frame.subtitle_y),
                          max_width=w - 2 * unit)
    item_px = int(unit * 1.2)
    while rects and item_px > unit // 2 and fonts(item_px).get_height() > rects[0].height - 4:
        item_px -= 1  # large text in a short row: the words stay inside their band
    for i, (item, rect) in enumerate(zip(view.items, rects, strict=True)):
        if i == view.selected:
            pygame.draw.rect(surface, theme.panel, rect, border_radius=unit // 2)
            pygame.draw.rect(surface, theme.accent, rect, 2, border_radius=unit // 2)
        fonts.blit_center(surface, item, item_px, theme.hud_text, rect.center,
                          max_width=rect.width - unit)
    if view.footer:
        y = rects[-1].bottom + unit + unit // 2 if footer_in_panel else h - unit * 2
        fonts.blit_center(surface, view.footer, footer_px(unit), theme.muted, (w // 2, y))
