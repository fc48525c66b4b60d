"""One menu controller for every menu: keys and clicks to a picked item, tested on the layout."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import pygame

from game.ui.layout import hit, menu_rects

K = TypeVar("K")


class Nav(enum.Enum):
    """What the player did to the chosen item."""

    ACTIVATE = "activate"
    """Enter (or Space) on the selected item."""
    CLICK = "click"
    """A left click on an item."""
    LEFT = "left"
    RIGHT = "right"

    @property
    def step(self) -> int:
        """How far a value moves: back one for Left, on one otherwise."""
        return -1 if self is Nav.LEFT else 1

    @property
    def chooses(self) -> bool:
        """Enter or a click: the item is chosen (not stepped left or right)."""
        return self in (Nav.ACTIVATE, Nav.CLICK)


@dataclass(frozen=True, slots=True)
class MenuItem(Generic[K]):
    """One entry: what it is (``key``, dispatched on) and what it says."""

    key: K
    label: str


@dataclass(frozen=True, slots=True)
class Pick(Generic[K]):
    """The player acted on the item ``key``."""

    key: K
    nav: Nav


class Back:
    """Esc in a menu: the scene goes back one level."""


BACK = Back()

_PREV = (pygame.K_UP, pygame.K_w)
_NEXT = (pygame.K_DOWN, pygame.K_s, pygame.K_TAB)
_NAV_KEYS = {
    pygame.K_LEFT: Nav.LEFT, pygame.K_a: Nav.LEFT,
    pygame.K_RIGHT: Nav.RIGHT, pygame.K_d: Nav.RIGHT,
    pygame.K_RETURN: Nav.ACTIVATE, pygame.K_KP_ENTER: Nav.ACTIVATE,
    pygame.K_SPACE: Nav.ACTIVATE,
}


class MenuController(Generic[K]):
    """The selection over a list of items; the items themselves belong to the scene."""

    def __init__(self) -> None:
        self.selected = 0

    def handle(self, event: pygame.event.Event, items: Sequence[MenuItem[K]],
               window: tuple[int, int], scale: float = 1.0) -> Pick[K] | Back | None:
        """Interpret one event: a pick, BACK (Esc), or None (nothing to do); clicks are
        tested on the rows drawn for the window and the text ``scale``."""
        count = len(items)
        if not count:
            return None
        self.selected = min(self.selected, count - 1)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return BACK
            if event.key in _PREV:
                self.selected = (self.selected - 1) % count
            elif event.key in _NEXT:
                self.selected = (self.selected + 1) % count
            elif event.key in _NAV_KEYS:
                return Pick(items[self.selected].key, _NAV_KEYS[event.key])
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            index = hit(menu_rects(window, count, scale), event.pos)
            if index is None:
                return None
            self.selected = index
            return Pick(items[index].key, Nav.CLICK if event.button == 1 else Nav.LEFT)
        return None

    def labels(self, items: Sequence[MenuItem[K]]) -> tuple[str, ...]:
        """The items' texts, for the menu view."""
        return tuple(item.label for item in items)


BACK_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_BACKSPACE)
_STEP_KEYS = {pygame.K_LEFT: -1, pygame.K_a: -1, pygame.K_RIGHT: 1, pygame.K_d: 1}


def page_key(event: pygame.event.Event) -> int | Back | None:
    """Screens paged by size (scores, stats): BACK for Esc/Enter/Backspace, -1 or +1 for
    Left/Right (or A/D), else None."""
    if event.type != pygame.KEYDOWN:
        return None
    if event.key in BACK_KEYS:
        return BACK
    return _STEP_KEYS.get(event.key)
