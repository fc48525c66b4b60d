"""The known-optimal board files in ``../shared/boards`` beside the repo, found relative to it.

Outside CI a missing folder skips the suites that need it (a developer's clone may not have
it); with ``CI`` set it fails loudly, so a CI run can never pass by skipping them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.core.board import Board
from game.core.notation import parse_board

REPO = Path(__file__).resolve().parent.parent
BOARDS = REPO.parent / "shared" / "boards"
"""``../shared/boards`` relative to the repository root."""


def boards_path(name: str) -> Path:
    """The path of board file ``name``; skips (or fails under CI) when it is missing."""
    path = BOARDS / name
    if not path.is_file():
        message = f"known-optimal boards not found at {path} (../shared/boards beside the repo)"
        if os.environ.get("CI"):
            pytest.fail(message + "; CI must have them", pytrace=False)
        pytest.skip(message)
    return path


def read_boards(name: str) -> list[tuple[Board, int, str]]:
    """Rows of (board, optimal length, one optimal solution) from ``name`` (a TSV file)."""
    out = []
    for row in boards_path(name).read_text(encoding="utf-8").splitlines()[1:]:
        text, length, moves = row.split("\t")
        out.append((parse_board(text), int(length), moves))
    if not out:
        pytest.fail(f"{boards_path(name)} holds no boards", pytrace=False)
    return out
