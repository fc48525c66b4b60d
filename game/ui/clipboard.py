"""Copying a line of text out of the game: to the system clipboard where there is one (SDL's,
through ``pygame.scrap``), and to the terminal (stdout) always."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TextIO

import pygame

NO_CLIPBOARD_DRIVERS = frozenset({"dummy", "offscreen"})
"""Video drivers with no system clipboard: SDL keeps the text inside the game only."""
COPIED = "Copied to the clipboard (and printed in the terminal)"
NOT_COPIED = "No clipboard here ({why}): the line is printed in the terminal"


@dataclass(frozen=True, slots=True)
class CopyResult:
    """Whether the text reached the clipboard, and the words that tell the player."""

    copied: bool
    message: str


def clipboard_problem() -> str | None:
    """Why there is no system clipboard to copy to now, or None when there is one."""
    if not pygame.display.get_init():
        return "no display"
    driver = pygame.display.get_driver()
    if driver in NO_CLIPBOARD_DRIVERS:
        return f"the {driver} video driver has none"
    return None


def print_line(text: str, out: TextIO | None = None) -> None:
    """``text`` on its own line in the terminal; characters the terminal cannot show become
    '?', and a closed or missing stdout is no error (the game goes on)."""
    stream = out if out is not None else sys.stdout
    if stream is None:  # no console at all (a windowed launch)
        return
    try:
        try:
            stream.write(text + "\n")
        except UnicodeEncodeError:
            encoding = getattr(stream, "encoding", None) or "ascii"
            stream.write(text.encode(encoding, "replace").decode(encoding) + "\n")
        stream.flush()
    except (OSError, ValueError):  # a closed pipe or file
        pass


def copy_line(text: str, out: TextIO | None = None) -> CopyResult:
    """Put ``text`` on the clipboard if there is one, print it either way, and say which."""
    print_line(text, out)
    why = clipboard_problem()
    if why is None:
        try:
            pygame.scrap.put_text(text)
        except pygame.error as exc:
            why = f"the clipboard refused it: {exc}"
    if why is not None:
        return CopyResult(False, NOT_COPIED.format(why=why))
    return CopyResult(True, COPIED)
