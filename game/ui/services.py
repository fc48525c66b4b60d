"""Default collaborators the app builds when none are injected (the coach worker, the picture)."""

from __future__ import annotations

import logging

import pygame

from game.ui import picture
from game.worker import SolverWorker

log = logging.getLogger(__name__)
TABLE_SHAPES = ((3, 3), (4, 4))
"""Shapes the solver keeps tables for (warming up one of them alone is quicker)."""
PICTURE_PX = 760
"""Side of the built-in picture before it is cut into tiles."""


def default_worker(shape: tuple[int, int] | None = None) -> SolverWorker:
    """The real solver worker; with ``shape`` it warms up only that shape's tables."""
    if shape is not None:
        return SolverWorker(warm_shapes=(shape,))
    return SolverWorker(warm_shapes=TABLE_SHAPES)


def load_picture(path: str | None) -> pygame.Surface:
    """The player's picture, or the built-in one if none was given or it cannot be read."""
    if path:
        try:
            return picture.load_picture(path)
        except ValueError as exc:
            log.warning("%s; using the built-in picture", exc)
    return picture.builtin_picture(PICTURE_PX)
