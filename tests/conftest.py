"""Shared test set-up: headless SDL and private user folders for every test run."""

from __future__ import annotations

import os
import tempfile

# Before anything imports pygame: no display, no sound card (CI has neither).
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Saves and settings must never touch the developer's real data folder.
_PRIVATE = tempfile.mkdtemp(prefix="fifteen-tests-")
os.environ["XDG_DATA_HOME"] = os.path.join(_PRIVATE, "data")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_PRIVATE, "config")
# Solver tables built by tests stay private to the run too (the solver tests pick their own).
os.environ["XDG_CACHE_HOME"] = os.path.join(_PRIVATE, "cache")
