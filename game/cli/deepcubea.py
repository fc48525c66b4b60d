"""DeepCubeA's published 6x6 and 7x7 test boards with the length of its line for each."""

from __future__ import annotations

from pathlib import Path

from game.core.board import Board
from game.core.notation import parse_board

DATA = Path(__file__).with_name("data")
SIDES = (6, 7)
"""The sizes DeepCubeA published test boards and lines for (the 35- and 48-puzzle)."""


def deepcubea_file(side: int) -> Path:
    """The data file of a size's boards (see its header for where they come from)."""
    if side not in SIDES:
        raise ValueError(f"DeepCubeA's test boards are 6x6 and 7x7, not {side}x{side}")
    return DATA / f"deepcubea_{side}x{side}.tsv"


def deepcubea_boards(side: int) -> list[tuple[Board, int]]:
    """(board, the length of DeepCubeA's line for it) for each of its test boards of this
    size, in its order (500 per size; the same goal as this game's, so as published)."""
    rows = []
    for line in deepcubea_file(side).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            _, length, text = line.split("\t")
            board = parse_board(text)
            if (board.width, board.height) != (side, side):
                raise ValueError(f"a {board.shape} board in the {side}x{side} file: {text!r}")
            rows.append((board, int(length)))
    return rows
