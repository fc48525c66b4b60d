"""Seeded random boards (uniform over solvable ones), scrambles and shareable game IDs."""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass

from game.core.board import Board, BoardError, check_size
from game.core.notation import parse_board, parse_size, shown, shown_number
from game.core.parity import is_solvable

SCRAMBLE_FRACTION = 0.8
"""A scramble puts at least this share of the tiles out of place."""
MAX_SEED = 10**12
_GAME_ID = re.compile(r"\s*([0-9]{1,4})[ ]*[xX][ ]*([0-9]{1,4})[ ]*-[ ]*([0-9]+)\s*", re.ASCII)
_GAME_ID_START = re.compile(r"\s*[0-9]+[ ]*[xX][ ]*[0-9]+[ ]*-", re.ASCII)


def random_board(width: int, height: int, rng: random.Random) -> Board:
    """A board drawn uniformly from the solvable boards other than the goal.

    A random permutation of all cells is drawn; if it is unsolvable, the first two
    tiles (not the blank) are swapped. That swap is a bijection between unsolvable and
    solvable arrangements, so the result stays uniform.
    """
    check_size(width, height)
    n = width * height
    while True:
        cells = list(range(n))
        rng.shuffle(cells)
        board = Board(width, height, tuple(cells))
        if not is_solvable(board):
            i, j = [k for k, t in enumerate(cells) if t][:2]
            cells[i], cells[j] = cells[j], cells[i]
            board = Board(width, height, tuple(cells))
        if not board.is_solved():
            return board


def scramble(width: int, height: int, rng: random.Random) -> Board:
    """A random solvable board with at least 80% of the tiles out of place."""
    need = math.ceil(SCRAMBLE_FRACTION * (width * height - 1))
    while True:
        board = random_board(width, height, rng)
        if board.misplaced() >= need:
            return board


@dataclass(frozen=True, slots=True)
class GameId:
    """A shareable puzzle name: ``4x4-123456`` (size and seed) or the board text itself."""

    width: int
    height: int
    seed: int | None = None
    board_text: str | None = None

    def board(self) -> Board:
        """The puzzle this ID names."""
        if self.board_text is not None:
            return parse_board(self.board_text)
        return random_board(self.width, self.height, random.Random(self.seed))

    def __str__(self) -> str:
        if self.board_text is not None:
            return self.board_text
        return f"{self.width}x{self.height}-{self.seed}"


def new_game_id(width: int, height: int, rng: random.Random) -> GameId:
    """A fresh size-and-seed game ID."""
    check_size(width, height)
    return GameId(width, height, rng.randrange(MAX_SEED))


def parse_seed(text: str, where: str = "") -> int:
    """A seed: a whole number 0..MAX_SEED-1 in ASCII digits; raises BoardError naming it."""
    if not (text.isascii() and text.isdigit()):
        raise BoardError(f"seed {shown(text)}{where} is not a whole number "
                         f"(expected 0-{MAX_SEED - 1})")
    digits = text.lstrip("0")
    if len(digits) > len(str(MAX_SEED)) or int(text) >= MAX_SEED:
        raise BoardError(f"seed {shown_number(text)}{where} is too large (at most {MAX_SEED - 1})")
    return int(text)


def looks_like_game_id(text: str) -> bool:
    """Whether ``text`` starts like a game ID (``4x4-``), right or wrong after that."""
    return _GAME_ID_START.match(text) is not None


def parse_game_id(text: str) -> GameId:
    """Read ``WxH-SEED`` or board text; raises BoardError naming the bad value."""
    match = _GAME_ID.fullmatch(text)
    if match:
        width, height = int(match[1]), int(match[2])
        check_size(width, height)
        seed = parse_seed(match[3], f" in game ID {shown(text.strip())}")
        return GameId(width, height, seed)
    if looks_like_game_id(text):
        raise BoardError(f"{shown(text.strip())} is not a game ID "
                         "(expected WxH-SEED, e.g. 4x4-123456)")
    board = parse_board(text)
    return GameId(board.width, board.height, None, board.text())


__all__ = [
    "BoardError",
    "GameId",
    "new_game_id",
    "parse_game_id",
    "parse_seed",
    "parse_size",
    "random_board",
    "scramble",
]
