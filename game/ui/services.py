"""Default collaborators the app builds when none are injected (worker, writer, scores, assets)."""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)
TABLE_SHAPES = ((3, 3), (4, 4))
"""Shapes the solver keeps tables for (warming up one of them alone is quicker)."""
PICTURE_PX = 760
"""Side of the built-in picture before it is cut into tiles."""


def default_worker(shape: tuple[int, int] | None = None) -> Any:
    """The real solver worker; with ``shape`` it warms up only that shape's tables."""
    from game.worker import SolverWorker

    if shape is not None:
        return SolverWorker(warm_shapes=(shape,))
    return SolverWorker(warm_shapes=TABLE_SHAPES)


def default_scores() -> Any:
    """The high-score file in the user data folder, read once."""
    from game.store.highscores import HighScores

    return HighScores().load()


def default_writer() -> Any:
    """The background writer thread for saves."""
    from game.store.storage import BackgroundWriter

    return BackgroundWriter()


def load_sounds(enabled: bool) -> Any:
    """The sound effects (silent without an audio device)."""
    from game.ui.audio import Sounds

    return Sounds.load(enabled)


def silent_sounds() -> Any:
    """Sounds that never touch the audio device (demo)."""
    from game.ui.audio import Sounds

    return Sounds.silent()


def load_picture(path: str | None) -> Any:
    """The player's picture, or the built-in one if none was given or it cannot be read."""
    from game.ui import picture

    if path:
        try:
            return picture.load_picture(path)
        except ValueError as exc:
            log.warning("%s; using the built-in picture", exc)
    return picture.builtin_picture(PICTURE_PX)
