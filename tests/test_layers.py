"""No pygame below the front end: the core, services and mid-end import without it."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

LOWER_LAYERS = (
    "game.core.board", "game.core.notation", "game.core.parity", "game.core.generate", "game.core.actions",
    "game.session", "game.core.history", "game.core.tween", "game.core.settings", "game.core.scoring",
    "game.store.storage", "game.store.highscores", "game.worker", "game.solver", "game.ui.layout",
    "game.ui.autoplay", "game.ui.stats",
)


def test_lower_layers_import_with_pygame_unimportable() -> None:
    code = textwrap.dedent(f"""
        import importlib, sys
        sys.modules["pygame"] = None  # any "import pygame" now raises ImportError
        for name in {LOWER_LAYERS!r}:
            importlib.import_module(name)
        loaded = sorted(m for m in sys.modules if m.startswith("pygame") and sys.modules[m])
        assert not loaded, loaded
        print("ok")
    """)
    root = Path(__file__).resolve().parents[1]
    result = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
