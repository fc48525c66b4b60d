"""Picture mode: loading and fitting images and cutting them into tiles."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame

from game.core.notation import shown_path
from game.ui.display import c_stderr_kept
from game.ui.options import LaunchError
from game.ui.scenery import builtin_picture

Color = tuple[int, int, int]
__all__ = ["PictureError", "builtin_picture", "cut_tiles", "fit", "fit_square", "load_picture"]
FontSource = Callable[[int], pygame.font.Font] | pygame.font.Font | None


FILL_BEHIND_ALPHA: Color = (30, 30, 40)  # what transparent parts of a loaded image sit on
EDGE_DARK = (0, 0, 0, 120)
EDGE_LIGHT = (255, 255, 255, 70)
EDGE_FRACTION = 1 / 48  # border thickness relative to the tile's short side
BADGE_FONT_FRACTION = 0.26
MIN_BADGE_FONT = 10
BADGE_BG = (12, 12, 24, 170)
BADGE_TEXT: Color = (255, 255, 255)
BADGE_PAD_FRACTION = 0.22  # padding around the number, relative to the font height


class PictureError(LaunchError):
    """An image file that cannot be read or decoded."""


# --- loading and fitting ----------------------------------------------------------------------
def load_picture(path: str | Path) -> pygame.Surface:
    """Read an image file into an opaque 32-bit surface; raises PictureError naming the file."""
    name = shown_path(str(path))
    if os.path.isdir(path):
        raise PictureError(f"cannot read image file {name}: it is a folder")
    said: list[str] = []
    try:
        with c_stderr_kept(said):
            image = pygame.image.load(str(path))
    except FileNotFoundError:
        raise PictureError(f"cannot read image file {name}: no such file") from None
    except (pygame.error, OSError, ValueError) as exc:
        reason = (exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc))
        if said and said[0] not in reason:
            reason = f"{reason} ({said[0]})" if reason else said[0]
        raise PictureError(f"cannot read image file {name}: {reason or 'unknown error'}") from exc
    width, height = image.get_size()
    if width == 0 or height == 0:
        raise PictureError(f"cannot read image file {name}: image is empty")
    return _opaque(image)


def _opaque(image: pygame.Surface) -> pygame.Surface:
    """A 32-bit copy without transparency (transparent parts sit on a dark background)."""
    out = pygame.Surface(image.get_size(), 0, 32)
    out.fill(FILL_BEHIND_ALPHA)
    out.blit(image, (0, 0))
    return out


def fit(surface: pygame.Surface, width_px: int, height_px: int) -> pygame.Surface:
    """Centre-crop `surface` to the aspect of width x height, then scale it smoothly to fit."""
    if width_px <= 0 or height_px <= 0:
        raise ValueError(f"fit size {width_px}x{height_px} invalid: expected positive sizes")
    src_w, src_h = surface.get_size()
    if src_w * height_px > src_h * width_px:  # too wide: crop the sides
        crop_w, crop_h = max(1, round(src_h * width_px / height_px)), src_h
    else:  # too tall: crop top and bottom
        crop_w, crop_h = src_w, max(1, round(src_w * height_px / width_px))
    crop = pygame.Rect((src_w - crop_w) // 2, (src_h - crop_h) // 2, crop_w, crop_h)
    region = pygame.Surface(crop.size, 0, 32)
    region.fill(FILL_BEHIND_ALPHA)
    region.blit(surface, (0, 0), crop)
    if crop.size == (width_px, height_px):
        return region
    return pygame.transform.smoothscale(region, (width_px, height_px))


def fit_square(surface: pygame.Surface, size_px: int) -> pygame.Surface:
    """Centre-crop to a square and scale to `size_px`."""
    return fit(surface, size_px, size_px)


# --- cutting tiles ----------------------------------------------------------------------------
def _frame(tile_w: int, tile_h: int) -> tuple[pygame.Surface, int]:
    """A translucent overlay giving every tile a thin dark edge and a lit top-left bevel."""
    edge = max(1, round(min(tile_w, tile_h) * EDGE_FRACTION))
    frame = pygame.Surface((tile_w, tile_h), pygame.SRCALPHA)
    pygame.draw.rect(frame, EDGE_DARK, (0, 0, tile_w, tile_h), edge)
    pygame.draw.line(frame, EDGE_LIGHT, (edge, edge), (tile_w - edge - 1, edge), edge)
    pygame.draw.line(frame, EDGE_LIGHT, (edge, edge), (edge, tile_h - edge - 1), edge)
    return frame, edge


def frame_width(tile_w: int, tile_h: int) -> int:
    """Width in pixels of the frame cut_tiles draws; pixels further in show the picture as is."""
    return 2 * max(1, round(min(tile_w, tile_h) * EDGE_FRACTION))


def _font_for(font: FontSource, size: int) -> pygame.font.Font:
    if isinstance(font, pygame.font.Font):
        return font
    if font is not None:
        return font(size)
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, size)


def _draw_badge(tile: pygame.Surface, number: int, font: pygame.font.Font, inset: int) -> None:
    text = font.render(str(number), True, BADGE_TEXT)
    pad = max(2, round(text.get_height() * BADGE_PAD_FRACTION))
    badge = pygame.Surface((text.get_width() + 2 * pad, text.get_height() + pad), pygame.SRCALPHA)
    pygame.draw.rect(badge, BADGE_BG, badge.get_rect(), border_radius=pad)
    badge.blit(text, (pad, pad // 2))
    tile.blit(badge, (inset, inset))


def cut_tiles(picture: pygame.Surface, board_w: int, board_h: int, tile_w: int, tile_h: int,
              numbers: bool, font: FontSource = None) -> dict[int, pygame.Surface]:
    """The image each tile 1..N-1 shows (tile t is cell t-1 of the solved board, row-major).

    The picture is fitted (centre-cropped and scaled) to board_w*tile_w x board_h*tile_h first.
    Each tile gets a thin frame; with `numbers`, a small number badge in its top-left corner.
    `font` is a pygame Font, a callable size -> Font (the front end's font cache) or None
    (pygame's default font). Pure: new surfaces each call, the inputs are not changed.
    """
    if board_w < 1 or board_h < 1 or board_w * board_h < 2:
        raise ValueError(f"board {board_w}x{board_h} invalid: expected at least two cells")
    if tile_w < 1 or tile_h < 1:
        raise ValueError(f"tile size {tile_w}x{tile_h} invalid: expected positive sizes")
    fitted = fit(picture, board_w * tile_w, board_h * tile_h)
    frame, edge = _frame(tile_w, tile_h)
    badge_font = None
    if numbers:
        badge_font = _font_for(font, max(MIN_BADGE_FONT,
                                         round(min(tile_w, tile_h) * BADGE_FONT_FRACTION)))
    tiles: dict[int, pygame.Surface] = {}
    for number in range(1, board_w * board_h):
        row, col = divmod(number - 1, board_w)
        tile = fitted.subsurface((col * tile_w, row * tile_h, tile_w, tile_h)).copy()
        tile.blit(frame, (0, 0))
        if badge_font is not None:
            _draw_badge(tile, number, badge_font, edge * 2)
        tiles[number] = tile
    return tiles

