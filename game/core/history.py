"""Unlimited undo/redo as a list of states with the record of what led to each."""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


class EntryKind(enum.Enum):
    """How a history entry was reached."""

    START = "start"
    MOVE = "move"
    RESTART = "restart"
    SOLVE = "solve"
    """A move the coach played (auto-solve)."""


@dataclass(frozen=True, slots=True)
class Entry(Generic[T]):
    """One state and how it was reached."""

    state: T
    kind: EntryKind = EntryKind.START
    moves: str = ""


Grouping = Callable[[Entry[T]], Hashable | None]
"""Which group an entry belongs to (the action that made it), None for one of its own:
``History.undo`` and ``redo`` step over a whole group at once."""


class History(Generic[T]):
    """States in order with a cursor; a new entry after undo drops the redo tail."""

    def __init__(self, start: T) -> None:
        self._entries: list[Entry[T]] = [Entry(start)]
        self._pos = 0

    @property
    def current(self) -> Entry[T]:
        """The entry on screen."""
        return self._entries[self._pos]

    @property
    def state(self) -> T:
        """The state on screen."""
        return self._entries[self._pos].state

    @property
    def position(self) -> int:
        """Index of the current entry (0 is the start)."""
        return self._pos

    def __len__(self) -> int:
        return len(self._entries)

    def push(self, state: T, kind: EntryKind = EntryKind.MOVE, moves: str = "") -> None:
        """Add a new current entry, dropping anything that could have been redone."""
        del self._entries[self._pos + 1 :]
        self._entries.append(Entry(state, kind, moves))
        self._pos += 1

    def snapshot(self) -> tuple[tuple[Entry[T], ...], int]:
        """Everything this history holds, to ``restore`` later (entries are immutable)."""
        return tuple(self._entries), self._pos

    def restore(self, snapshot: tuple[tuple[Entry[T], ...], int]) -> None:
        """Back to what ``snapshot`` held."""
        entries, self._pos = snapshot
        self._entries = list(entries)

    def can_undo(self) -> bool:
        """Whether there is an earlier entry."""
        return self._pos > 0

    def can_redo(self) -> bool:
        """Whether there is a later entry."""
        return self._pos < len(self._entries) - 1

    def undo(self, group: Grouping[T] | None = None) -> Entry[T] | None:
        """Step back; returns the entry undone, or None at the start. With ``group``, go on
        stepping back while the entry now current is in the undone one's group (the tiles of
        one click): the group's first entry is returned."""
        if not self.can_undo():
            return None
        undone = self._entries[self._pos]
        self._pos -= 1
        key = None if group is None else group(undone)
        if group is not None and key is not None:
            while self._pos > 0 and group(self._entries[self._pos]) == key:
                undone = self._entries[self._pos]
                self._pos -= 1
        return undone

    def redo(self, group: Grouping[T] | None = None) -> Entry[T] | None:
        """Step forward; returns the entry redone, or None at the end. With ``group``, go on
        while the next entry is in the redone one's group: the group's last is returned."""
        if not self.can_redo():
            return None
        self._pos += 1
        key = None if group is None else group(self._entries[self._pos])
        if group is not None and key is not None:
            while self.can_redo() and group(self._entries[self._pos + 1]) == key:
                self._pos += 1
        return self._entries[self._pos]
