"""The settings file: a versioned JsonStore of ``Settings`` in the user data folder."""

from __future__ import annotations

from pathlib import Path

from game.core.settings import Settings
from game.store.storage import JsonStore, data_dir

SETTINGS_VERSION = 1
SETTINGS_FILE = "settings.json"


def open_settings_store(folder: Path | None = None) -> JsonStore:
    """The settings JsonStore in the user data folder (or ``folder``)."""
    base = data_dir() if folder is None else folder
    return JsonStore(base / SETTINGS_FILE, version=SETTINGS_VERSION,
                     defaults=lambda: Settings().to_dict())
