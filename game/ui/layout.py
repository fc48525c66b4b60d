"""Pure screen geometry: where the board, tiles and HUD go for a window size; clicks to cells."""

from __future__ import annotations

import math
from dataclasses import dataclass

HUD_SHARE = 0.14
"""Fraction of the window height reserved for the HUD strip above the board."""
FOOTER_SHARE = 0.06
MARGIN_SHARE = 0.04
GAP_SHARE = 0.06
"""Gap between tiles as a fraction of the cell pitch."""
MIN_WINDOW = (640, 600)
"""The smallest window the game allows (text and layout are checked down to it)."""
REFERENCE_WINDOW = (760, 820)
"""The default window, where the type scale's base sizes apply as they are."""
MIN_TYPE_PX = 18
"""No text is drawn smaller than this font size (line box 13 px), even in the smallest window."""
NEWS_BAND_TYPE = 26
"""The news band between the HUD and the board is this font size high (Type.BODY, that of
the news pill's words), on top of the margin: a pill in it covers neither the HUD nor the
board at any window size (at 640x600 it sat half over the board's top edge)."""


class Type:
    """Base font sizes at the default window (pygame's default font: a size of 22 gives a
    16 px line box, the smallest text at the default window)."""

    CAPTION = 22
    BODY = 26
    VALUE = 36
    HEADING = 46
    TITLE = 80


def type_scale(window: tuple[int, int]) -> float:
    """How much text grows or shrinks with the window (1 at the default window)."""
    return min(window[0] / REFERENCE_WINDOW[0], window[1] / REFERENCE_WINDOW[1])


def type_px(window: tuple[int, int], base: int) -> int:
    """A font size: ``base`` at the default window, scaled with it, never below MIN_TYPE_PX."""
    return max(MIN_TYPE_PX, round(base * type_scale(window)))

Rect = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Layout:
    """Board placement for one window size and board shape."""

    window: tuple[int, int]
    cols: int
    rows: int
    board_x: int
    board_y: int
    pitch: float
    gap: int
    hud: Rect
    footer: Rect
    news: Rect = (0, 0, 0, 0)
    """The band between the HUD and the board's plate, where news about moves judged again
    shows (its pill is centred in it)."""

    @property
    def plate(self) -> Rect:
        """The board's plate: its cells and a gap's border (what the board drawing fills)."""
        bx, by, bw, bh = self.board_rect
        return (bx - self.gap, by - self.gap, bw + 2 * self.gap, bh + 2 * self.gap)

    @property
    def tile_px(self) -> int:
        """Side of one tile in pixels."""
        return max(1, int(self.pitch) - self.gap)

    @property
    def board_rect(self) -> Rect:
        """The board's outer rectangle."""
        return (self.board_x, self.board_y, round(self.pitch * self.cols),
                round(self.pitch * self.rows))

    def cell_origin(self, row: float, col: float) -> tuple[int, int]:
        """Top-left pixel of a tile at (possibly fractional) row and column."""
        # Rounded up: a tile starts at least half a gap inside its cell, so mapping any of its
        # pixels back (cell_at) never lands in the cell before it (round() could, at .5).
        half = self.gap / 2
        return (math.ceil(self.board_x + col * self.pitch + half),
                math.ceil(self.board_y + row * self.pitch + half))

    def cell_rect(self, index: int) -> Rect:
        """Rectangle of the tile in cell ``index``."""
        row, col = divmod(index, self.cols)
        x, y = self.cell_origin(row, col)
        return (x, y, self.tile_px, self.tile_px)

    def cell_at(self, x: float, y: float) -> int | None:
        """The cell under a window pixel, or None outside the board."""
        col = (x - self.board_x) / self.pitch
        row = (y - self.board_y) / self.pitch
        if not (0 <= col < self.cols and 0 <= row < self.rows):
            return None
        return int(row) * self.cols + int(col)

    def font_px(self, share: float) -> int:
        """A font size as a share of the tile side (tiles) — at least 8 px."""
        return max(8, int(self.tile_px * share))

    @property
    def text_px(self) -> int:
        """HUD text size, scaled with the window."""
        return max(12, int(self.hud[3] * 0.34))


def compute_layout(window: tuple[int, int], cols: int, rows: int, *,
                   news_band: bool = True) -> Layout:
    """Fit a cols x rows board below a HUD strip in a window of any size, centred; with
    ``news_band`` (the play screen's) a band for news between the HUD and the board."""
    w, h = max(1, window[0]), max(1, window[1])
    margin = int(min(w, h) * MARGIN_SHARE)
    hud_h = int(h * HUD_SHARE)
    foot_h = int(h * FOOTER_SHARE)
    news_h = type_px((w, h), NEWS_BAND_TYPE) if news_band else 0
    avail_w = max(cols, w - 2 * margin)
    avail_h = max(rows, h - hud_h - foot_h - 2 * margin - news_h)
    pitch = min(avail_w / cols, avail_h / rows)
    board_w, board_h = pitch * cols, pitch * rows
    board_x = int((w - board_w) / 2)
    board_y = int(hud_h + margin + news_h + (avail_h - board_h) / 2)
    gap = max(1, int(pitch * GAP_SHARE))
    plate_top = board_y - gap  # the board's plate reaches a gap beyond its cells
    return Layout(
        window=(w, h), cols=cols, rows=rows, board_x=board_x, board_y=board_y,
        pitch=pitch, gap=gap, hud=(0, 0, w, hud_h), footer=(0, h - foot_h, w, foot_h),
        news=(0, hud_h, w, max(0, plate_top - hud_h)),
    )


MENU_BAND_UNITS = 18
"""Width of a menu entry's band, in menu units (a unit is 1/22 of the window's short side)."""


def menu_unit(window: tuple[int, int]) -> int:
    """The menu's type and spacing unit for a window size."""
    return max(14, min(window) // 22)


@dataclass(frozen=True, slots=True)
class MenuFrame:
    """Where a menu's parts go: the title's centre height and font size, the subtitle's centre
    height, and each entry's rectangle (drawing paints them and clicks are tested on them)."""

    title_y: int
    title_px: int
    subtitle_y: int
    rects: list[Rect]


def menu_frame(window: tuple[int, int], count: int, scale: float = 1.0) -> MenuFrame:
    """The menu's frame for a window, ``count`` entries and the text scale (large text).

    Rows are as tall as their words at the scale. Where large text's rows would not fit
    below the title, the title and subtitle move up and the title shrinks, so the entries'
    words still come out a quarter larger (the ten settings at 640x600 stayed normal-sized).
    """
    w, h = window
    unit = menu_unit(window)
    title_y, title_px, subtitle_y, top = int(h * 0.16), unit * 3, int(h * 0.26), int(h * 0.34)
    room = h - unit * 3 - top
    full = int(unit * 1.9)
    step = max(unit, min(full, room // max(1, count)))
    wanted = int(step * scale) if step < full else step  # rows the room had cut short
    if wanted * count > room:  # crowded: the title gives up room to the rows
        # the title (its size times the scale) no smaller than without large text
        title_px = math.ceil(unit * 3 / max(1.0, scale))
        title_y, subtitle_y, top = int(h * 0.12), int(h * 0.20), int(h * 0.27)
        room = h - unit * 3 - top
    step = max(step, min(wanted, room // max(1, count)))
    band_w = min(w - 2 * unit, unit * MENU_BAND_UNITS)
    band_h = min(int(unit * 1.7 * scale), step - max(3, unit // 5))  # rows never touch
    rects = [(w // 2 - band_w // 2, top + i * step - band_h // 2, band_w, band_h)
             for i in range(count)]
    return MenuFrame(title_y, title_px, subtitle_y, rects)


def menu_rects(window: tuple[int, int], count: int, scale: float = 1.0) -> list[Rect]:
    """Each menu entry's rectangle (``menu_frame``'s)."""
    return menu_frame(window, count, scale).rects


def hit(rects: list[Rect], pos: tuple[int, int]) -> int | None:
    """Index of the rectangle holding ``pos``, or None."""
    x, y = pos
    for i, (rx, ry, rw, rh) in enumerate(rects):
        if rx <= x < rx + rw and ry <= y < ry + rh:
            return i
    return None
