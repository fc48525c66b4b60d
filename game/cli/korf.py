"""Known-optimal benchmark boards (Korf's 100 and the 17 80-move 15-puzzles, 50 24-puzzles)."""

from __future__ import annotations

from pathlib import Path

from game.core.board import Board

KORF_FILE = Path(__file__).with_name("data") / "korf100.tsv"
KORF24_FILE = Path(__file__).with_name("data") / "korf24.tsv"
HARDEST_FILE = Path(__file__).with_name("data") / "hardest80.tsv"


def from_korf(cells: list[int], side: int = 4) -> Board:
    """Korf's goal (and Korf and Taylor's on 5x5) has the blank top-left; turned half a turn,
    with tile t renamed side*side - t, it is this game's goal, and every board keeps its
    optimal length."""
    n = side * side
    mapped = [0] * n
    for index, tile in enumerate(cells):
        mapped[n - 1 - index] = n - tile if tile else 0
    return Board(side, side, tuple(mapped))


def _rows(path: Path, side: int, korf: bool = True) -> list[tuple[Board, int]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            _, length, text = line.split("\t")
            cells = [int(c) for c in text.split()]
            board = from_korf(cells, side) if korf else Board(side, side, tuple(cells))
            rows.append((board, int(length)))
    return rows


def korf100() -> list[tuple[Board, int]]:
    """(board, optimal length) for each of Korf's 100, in his order."""
    return _rows(KORF_FILE, 4)


def korf24() -> list[tuple[Board, int]]:
    """(board, optimal length) for Korf and Felner's 50 24-puzzles, in their order (the
    first ten are Korf and Taylor's)."""
    return _rows(KORF24_FILE, 5)


def hardest80() -> list[tuple[Board, int]]:
    """(board, 80) for each of the 17 15-puzzles that need 80 moves, the most any needs
    (Brüngger et al. 1999); listed for this game's goal already (see the file's header)."""
    return _rows(HARDEST_FILE, 4, korf=False)
