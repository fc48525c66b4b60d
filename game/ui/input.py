"""Turn pygame events into actions for the play screen (keys, clicks, hover)."""

from __future__ import annotations

import pygame

from game.core.actions import (
    Action,
    Command,
    CommandKind,
    CycleHint,
    Move,
    Redo,
    Restart,
    Slide,
    Source,
    Undo,
)
from game.core.board import inverse
from game.core.scoring import HINT_COST_PER_LEVEL, RESTART_COST, UNDO_COST
from game.play.help import STEPS_LEVEL
from game.ui.layout import Layout

# A key names the direction the TILE moves into the gap (see game.core.board notation).
DIRECTION_KEYS = {
    pygame.K_UP: "U", pygame.K_w: "U",
    pygame.K_DOWN: "D", pygame.K_s: "D",
    pygame.K_LEFT: "L", pygame.K_a: "L",
    pygame.K_RIGHT: "R", pygame.K_d: "R",
}
COMMAND_KEYS = {
    pygame.K_n: CommandKind.NEW,
    pygame.K_ESCAPE: CommandKind.PAUSE,
    pygame.K_SPACE: CommandKind.SOLVE,
    pygame.K_F1: CommandKind.KEYS,
}
HELP = "arrows move  H hint  U undo  R restart  Space solve  Esc menu  ? keys"
"""The play footer: the keys a new player needs first; ? opens the full list (KEYS_HELP)."""
KEYS_HELP: tuple[tuple[str, str], ...] = (
    ("Arrows / WASD", "slide a tile into the gap"),
    ("Click / hover", "slide the tiles between the pointer and the gap"),
    ("H", f"hints: chevrons -{HINT_COST_PER_LEVEL} a move, "
          f"steps -{STEPS_LEVEL * HINT_COST_PER_LEVEL} a move, off"),
    ("", f"steps seen, then hidden: -{STEPS_LEVEL * HINT_COST_PER_LEVEL} in all where followed"),
    ("U, Ctrl+Z / Ctrl+Y", f"undo (-{UNDO_COST}) / redo"),
    ("R", f"restart (-{RESTART_COST}, undoable)"),
    ("Space", "the coach plays (any key but M, F11 stops it)"),
    ("N", "new game (pressed twice in a game under way)"),
    ("G", "racing a ghost: its tiles shown or not"),
    ("M", "sound on / off"),
    ("F11", "full screen"),
    ("Esc", "pause menu"),
    ("D", "after a game or in a replay: the mistake drill"),
    ("? or F1", "this list of keys"),
    ("COACH dot", "disc: ready; ring: thinking"),
    ("", "small disc: warming up; cross: unavailable"),
)
"""Every key of the play screen, for the ? overlay (D on the end screen and in a replay), and
what the COACH column's dot says with hints off, by its shape: its colours are the theme's
(a newcomer read "green: ready" beside the colour-blind theme's blue dot)."""


def key_action(event: pygame.event.Event, invert: bool) -> Action | None:
    """The play-screen action for a KEYDOWN event, or None."""
    ctrl = bool(event.mod & pygame.KMOD_CTRL)
    if ctrl and event.key == pygame.K_z:
        return Undo()
    if ctrl and event.key == pygame.K_y:
        return Redo()
    if ctrl:
        return None
    if getattr(event, "unicode", "") == "?":
        return Command(CommandKind.KEYS)
    if event.key in DIRECTION_KEYS:
        letter = DIRECTION_KEYS[event.key]
        return Move(inverse(letter) if invert else letter)
    if event.key == pygame.K_u:
        return Undo()
    if event.key == pygame.K_r:
        return Restart()
    if event.key == pygame.K_h:
        return CycleHint()
    kind = COMMAND_KEYS.get(event.key)
    return Command(kind) if kind is not None else None


def click_action(event: pygame.event.Event, layout: Layout) -> Action | None:
    """A left click on a cell slides its group toward the gap."""
    if event.button != 1:
        return None
    cell = layout.cell_at(*event.pos)
    return None if cell is None else Slide(cell)


class HoverTracker:
    """Hover mode: the pointer entering a new cell slides that cell's group once.

    SDL sends a motion event where the pointer already rests when a window or game opens (no
    movement in it: ``rel`` (0, 0), or the whole position): that one only notes the cell, so
    a game never starts itself under a resting pointer. Any other first event is a real
    hover (a game started from the keyboard, then the mouse moved): where it came from is
    ``pos - rel``, and entering a new cell from there acts at once.
    """

    def __init__(self) -> None:
        self.last: int | None = None
        self.seen = False

    def motion(self, event: pygame.event.Event, layout: Layout) -> Action | None:
        """A Slide when the pointer entered a new cell."""
        cell = layout.cell_at(*event.pos)
        rel = tuple(getattr(event, "rel", (1, 1)))
        resting = rel == (0, 0) or rel == tuple(event.pos)
        if not self.seen:
            self.seen = True
            self.last = cell if resting else layout.cell_at(event.pos[0] - rel[0],
                                                             event.pos[1] - rel[1])
        if resting or cell == self.last:
            self.last = cell
            return None
        self.last = cell
        return None if cell is None else Slide(cell, source=Source.HOVER)
