"""Whether there is a display to open the window on: one clear line instead of an invisible game."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator, Mapping

import pygame

from game.ui.options import LaunchError

HEADLESS_DRIVERS = frozenset({"offscreen", "dummy"})
"""SDL video drivers that draw nowhere a player can see."""
NO_DISPLAY = (
    "no display to open the game window on ({why}); run it in a desktop session, or set "
    "SDL_VIDEODRIVER (e.g. SDL_VIDEODRIVER=dummy to run headless)"
)


class NoDisplayError(LaunchError):
    """No usable display; the game would run where nobody can see it."""


def _needs_display_env(platform: str) -> bool:
    """Whether windows on ``platform`` need DISPLAY or WAYLAND_DISPLAY (X11/Wayland systems)."""
    return not platform.startswith(("win", "darwin", "cygwin", "emscripten"))


def check_environment(env: Mapping[str, str] = os.environ, platform: str = sys.platform) -> None:
    """Before pygame starts: raise NoDisplayError when SDL would fall back to drawing nowhere.

    An explicit ``SDL_VIDEODRIVER`` (the tests' ``dummy``, a console's ``kmsdrm``) is always
    respected; otherwise an X11/Wayland system needs DISPLAY or WAYLAND_DISPLAY.
    """
    if env.get("SDL_VIDEODRIVER"):
        return
    if _needs_display_env(platform) and not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        raise NoDisplayError(NO_DISPLAY.format(why="DISPLAY and WAYLAND_DISPLAY are unset"))


def check_driver(driver: str, env: Mapping[str, str] = os.environ) -> None:
    """After pygame's display starts: raise when SDL picked a headless driver on its own."""
    if not env.get("SDL_VIDEODRIVER") and driver in HEADLESS_DRIVERS:
        raise NoDisplayError(NO_DISPLAY.format(why=f"SDL chose its '{driver}' video driver"))


@contextlib.contextmanager
def c_stderr_kept(lines: list[str]) -> Iterator[None]:
    """Hold what C libraries (libpng, libjpeg) write to file descriptor 2, into ``lines``.

    Their complaints would otherwise reach the terminal before the game's own one-line
    error; kept here, the first of them becomes part of that line.
    """
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no real stderr (embedded, closed): nothing to hold
        yield
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            text = sink.read(4096).decode("utf-8", "replace")
            lines.extend(line.strip() for line in text.splitlines() if line.strip())


def start_pygame() -> None:
    """``pygame.init()`` once the display is known to be usable; raises NoDisplayError.

    SDL's own complaints while it looks for a driver are held back and printed only when the
    game goes on, so a missing display gives exactly one line.
    """
    check_environment()
    said: list[str] = []
    with c_stderr_kept(said):
        pygame.init()
    try:
        check_driver(pygame.display.get_driver())
    except NoDisplayError:
        pygame.quit()
        raise
    for line in said:
        print(line, file=sys.stderr)
