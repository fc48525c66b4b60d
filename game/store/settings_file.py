"""The settings file: a versioned JsonStore of ``Settings``, changed field by field."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from game.core.settings import Settings
from game.store.storage import JsonStore, data_dir

SETTINGS_VERSION = 1
SETTINGS_FILE = "settings.json"
NAME_FIELD = "player_name"


def open_settings_store(folder: Path | None = None) -> JsonStore:
    """The settings JsonStore in the user data folder (or ``folder``)."""
    base = data_dir() if folder is None else folder
    return JsonStore(base / SETTINGS_FILE, version=SETTINGS_VERSION,
                     defaults=lambda: Settings().to_dict())


class SettingsStore(Protocol):
    """What the settings need of a store (``JsonStore`` or a test double)."""

    warning: str | None

    def load(self) -> dict: ...

    def update(self, fn: Callable[[dict], dict]) -> dict: ...


def changed_fields(old: Settings, new: Settings) -> dict[str, Any]:
    """The fields whose value differs from ``old`` to ``new``, with their new values."""
    before, after = old.to_dict(), new.to_dict()
    return {name: value for name, value in after.items() if before.get(name) != value}


class SettingsChanges:
    """One instance's changes to a settings file other running instances share.

    Only what this instance changed is ever written, each time under the file's lock on top of
    what is on disk now (another window's choices stay), never a whole copy read at start.
    Changes not written yet (a save that failed) are kept and go with the next write.
    """

    def __init__(self, store: SettingsStore) -> None:
        self.store = store
        self._pending: dict[str, Any] = {}
        self._lock = threading.Lock()  # the loop adds changes while the writer thread saves

    def note(self, old: Settings, new: Settings) -> bool:
        """Remember what changed from ``old`` to ``new``; whether anything did."""
        changes = changed_fields(old, new)
        with self._lock:
            self._pending.update(changes)
        return bool(changes)

    @property
    def pending(self) -> bool:
        """Whether some change is not written yet."""
        with self._lock:
            return bool(self._pending)

    def write(self) -> None:
        """Re-read the file under its lock, set this instance's changes, save it atomically.

        Nothing pending: nothing is written. Raises OSError when the save fails (the changes
        stay pending). A damaged file is set aside by the re-read (``store.warning`` says so).
        """
        with self._lock:
            changes = dict(self._pending)
        if not changes:
            return
        self.store.update(lambda data: {**data, **changes})
        with self._lock:
            for name, value in changes.items():
                if name in self._pending and self._pending[name] == value:
                    del self._pending[name]  # not changed again meanwhile

    def remembered_name(self) -> str:
        """The player's name as it stands: this instance's unwritten one, else the file's now
        (typed in another window perhaps)."""
        with self._lock:
            if NAME_FIELD in self._pending:
                return str(self._pending[NAME_FIELD])
        return Settings.from_dict(self.store.load()).player_name
