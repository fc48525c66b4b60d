"""Default collaborators the app builds when none are injected (the coach worker, the picture)."""

from __future__ import annotations

import logging

import pygame

from game.core.board import Board
from game.ui import picture
from game.ui.fonts import Fonts
from game.ui.layout import MIN_WINDOW, Layout
from game.worker import SolverWorker

log = logging.getLogger(__name__)
TABLE_SHAPES = ((3, 3), (4, 4))
"""Shapes the solver keeps tables for (warming up one of them alone is quicker)."""
PICTURE_PX = 760
"""Side of the built-in picture before it is cut into tiles."""


def default_worker(shape: tuple[int, int] | None = None, *,
                   first: tuple[int, int] | None = None) -> SolverWorker:
    """The real solver worker; with ``shape`` it warms up only that shape's tables, with
    ``first`` (the game about to start) that shape's before the others."""
    if shape is not None:
        return SolverWorker(warm_shapes=(shape,))
    if first in TABLE_SHAPES:
        return SolverWorker(warm_shapes=(first, *(s for s in TABLE_SHAPES if s != first)))
    return SolverWorker(warm_shapes=TABLE_SHAPES)


def load_picture(path: str | None) -> pygame.Surface:
    """The player's picture, or the built-in one if none was given or it cannot be read."""
    if path:
        try:
            return picture.load_picture(path)
        except ValueError as exc:
            log.warning("%s; using the built-in picture", exc)
    return picture.builtin_picture(PICTURE_PX)


MAX_WINDOW = (7680, 4320)
"""The largest window asked for when the display cannot say its size (8K): a 100000x1 request
would take a gigabyte for its surface and near a second a frame."""


def fit_window(size: tuple[int, int], *, whole: bool = False) -> tuple[int, int]:
    """``size`` within the largest desktop (95% wide, 90% high for a new window, all of it
    with ``whole``, for a resize; MAX_WINDOW when the display cannot tell), never under
    MIN_WINDOW."""
    share_w, share_h = (1.0, 1.0) if whole else (0.95, 0.9)
    try:
        desks = pygame.display.get_desktop_sizes()
    except pygame.error:
        desks = []
    desk_w = max((d[0] for d in desks), default=0) or MAX_WINDOW[0]
    desk_h = max((d[1] for d in desks), default=0) or MAX_WINDOW[1]
    w = max(MIN_WINDOW[0], min(size[0], int(desk_w * share_w), MAX_WINDOW[0]))
    h = max(MIN_WINDOW[1], min(size[1], int(desk_h * share_h), MAX_WINDOW[1]))
    return w, h


class PictureTiles:
    """Picture mode's tile images, cut once per tile size and read every frame."""

    def __init__(self, image: str | None) -> None:
        self.image = image
        """The player's picture file (``play --image``), or None for the built-in one."""
        self._source: pygame.Surface | None = None
        self._key: tuple[int, int, int, bool] | None = None
        self._tiles: dict[int, pygame.Surface] | None = None

    def use(self, source: pygame.Surface | None) -> None:
        """Use this already loaded picture; None keeps the default."""
        if source is not None:
            self._source, self._key = source, None

    def tiles(self, board: Board, layout: Layout, numbers: bool,
              fonts: Fonts) -> dict[int, pygame.Surface]:
        """The tile images for ``board`` at ``layout``'s tile size."""
        key = (layout.tile_px, board.width, board.height, numbers)
        if key != self._key or self._tiles is None:
            if self._source is None:
                self._source = load_picture(self.image)
            self._key = key
            self._tiles = picture.cut_tiles(self._source, board.width, board.height,
                                            layout.tile_px, layout.tile_px, numbers, fonts)
        return self._tiles
