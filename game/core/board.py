"""The pure, immutable sliding-tile board: cells, legal moves, slides and the solved test."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

MIN_SIDE = 2
MAX_SIDE = 10
MOVES = "UDLR"
"""Each letter is the direction a TILE moves into the gap (R: the tile left of it moves right)."""

INVERSE = {"U": "D", "D": "U", "L": "R", "R": "L"}

NEIGHBOUR_CACHE = 4096
"""Boards whose neighbours are remembered (the judging replays a game's boards on every answer
the coach gives; 4096 boards of 10x10 with their neighbours are about 16 MB)."""


class BoardError(ValueError):
    """A board or move text that cannot be read; the message names the bad value."""


class IllegalMoveError(ValueError):
    """A move that cannot be made on this board (no tile on that side of the gap)."""


def inverse(move: str) -> str:
    """The move that undoes ``move``."""
    return INVERSE[move]


def inverse_moves(moves: str) -> str:
    """The move string that undoes ``moves``."""
    return "".join(INVERSE[m] for m in reversed(moves))


def check_size(width: int, height: int) -> None:
    """Raise BoardError unless both sides are within MIN_SIDE..MAX_SIDE."""
    if width > MAX_SIDE or height > MAX_SIDE:
        raise BoardError(
            f"board {width}x{height} is too large (at most {MAX_SIDE}x{MAX_SIDE})"
        )
    if width < MIN_SIDE or height < MIN_SIDE:
        raise BoardError(
            f"board {width}x{height} is too small (at least {MIN_SIDE}x{MIN_SIDE})"
        )


def source_offset(move: str, width: int) -> int:
    """Offset from the blank to the tile that ``move`` slides into it."""
    return {"U": width, "D": -width, "L": 1, "R": -1}[move]


@dataclass(frozen=True, slots=True)
class Board:
    """A width x height board; ``tiles`` is row-major with 0 for the blank."""

    width: int
    height: int
    tiles: tuple[int, ...]
    _hash: int = field(init=False, repr=False, compare=False)
    """Boards are map keys everywhere (the coach's knowledge, the judging): hashed once."""

    def __post_init__(self) -> None:
        check_size(self.width, self.height)
        n = self.width * self.height
        if len(self.tiles) != n or sorted(self.tiles) != list(range(n)):
            raise BoardError(
                f"tiles {list(self.tiles)} are not a permutation of 0..{n - 1}"
            )
        object.__setattr__(self, "_hash", hash((self.width, self.tiles)))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self._hash == other._hash and self.tiles == other.tiles and (
            self.width == other.width)

    # --- constructors -------------------------------------------------
    @classmethod
    def goal(cls, width: int, height: int) -> Board:
        """The solved board: tiles in order row by row, blank bottom-right."""
        check_size(width, height)
        n = width * height
        return cls(width, height, (*range(1, n), 0))

    # --- geometry -----------------------------------------------------
    @property
    def size(self) -> int:
        """Number of cells."""
        return self.width * self.height

    @property
    def shape(self) -> str:
        """The size as text, e.g. ``4x4``."""
        return f"{self.width}x{self.height}"

    @property
    def blank(self) -> int:
        """Index of the blank cell."""
        return self.tiles.index(0)

    def position(self, tile: int) -> tuple[int, int]:
        """(row, column) of ``tile``."""
        return divmod(self.tiles.index(tile), self.width)

    def rows(self) -> list[tuple[int, ...]]:
        """The tiles row by row."""
        w = self.width
        return [self.tiles[r * w : (r + 1) * w] for r in range(self.height)]

    # --- moves --------------------------------------------------------
    def can_move(self, move: str) -> bool:
        """Whether a tile sits on the side of the gap that ``move`` slides from."""
        row, col = divmod(self.blank, self.width)
        if move == "U":
            return row < self.height - 1
        if move == "D":
            return row > 0
        if move == "L":
            return col < self.width - 1
        if move == "R":
            return col > 0
        raise BoardError(f"'{move}' is not a move (expected one of U, D, L, R)")

    def legal_moves(self) -> tuple[str, ...]:
        """The legal single-tile moves, in U D L R order."""
        return tuple(m for m in MOVES if self.can_move(m))

    def tile_for(self, move: str) -> int:
        """The tile that ``move`` slides into the gap."""
        if not self.can_move(move):
            raise IllegalMoveError(f"move {move} is not possible on board {self}")
        return self.tiles[self.blank + source_offset(move, self.width)]

    def apply(self, move: str) -> Board:
        """The board after one single-tile move; raises IllegalMoveError."""
        if not self.can_move(move):
            raise IllegalMoveError(f"move {move} is not possible on board {self}")
        blank = self.blank
        src = blank + source_offset(move, self.width)
        cells = list(self.tiles)
        cells[blank], cells[src] = cells[src], 0
        return self._trusted(tuple(cells))

    def _trusted(self, tiles: tuple[int, ...]) -> Board:
        """A board of this shape from tiles known to be a permutation (a move of this one's):
        skips the checks of ``__post_init__``, which dominated the coach's path learning."""
        board = object.__new__(Board)
        object.__setattr__(board, "width", self.width)
        object.__setattr__(board, "height", self.height)
        object.__setattr__(board, "tiles", tiles)
        object.__setattr__(board, "_hash", hash((self.width, tiles)))
        return board

    def apply_all(self, moves: str) -> Board:
        """The board after a sequence of moves (single letters, already expanded)."""
        board = self
        for move in moves:
            board = board.apply(move)
        return board

    def slide_moves(self, index: int) -> str:
        """Moves that slide the group from cell ``index`` toward the gap.

        Empty when the cell is the blank or not in the blank's row or column.
        """
        if not 0 <= index < self.size:
            return ""
        row, col = divmod(index, self.width)
        brow, bcol = divmod(self.blank, self.width)
        if row == brow and col != bcol:
            return ("L" if col > bcol else "R") * abs(col - bcol)
        if col == bcol and row != brow:
            return ("U" if row > brow else "D") * abs(row - brow)
        return ""

    def slide(self, index: int) -> Board:
        """The board after sliding the group from cell ``index`` (unchanged if none)."""
        return self.apply_all(self.slide_moves(index))

    # --- status -------------------------------------------------------
    def is_solved(self) -> bool:
        """Whether this is the goal board."""
        n = self.size
        return self.tiles[-1] == 0 and all(
            t == i + 1 for i, t in enumerate(self.tiles[: n - 1])
        )

    def inversions(self) -> int:
        """Pairs of tiles (blank excluded) that stand in the wrong order, row by row."""
        seq = [t for t in self.tiles if t]
        # Boards have at most 99 tiles, so O(n^2) is plenty fast.
        return sum(1 for i, a in enumerate(seq) for b in seq[i + 1 :] if a > b)

    def blank_row_from_bottom(self) -> int:
        """The blank's row counted from the bottom, starting at 1."""
        return self.height - self.blank // self.width

    def is_solvable(self) -> bool:
        """Odd width: inversions even. Even width: inversions + blank row from bottom is odd.

        The verdict with its reason and a repairing swap is ``game.core.parity.solvability``.
        """
        inv = self.inversions()
        if self.width % 2:
            return inv % 2 == 0
        return (inv + self.blank_row_from_bottom()) % 2 == 1

    def misplaced(self) -> int:
        """Number of tiles (not counting the blank) away from their goal cell."""
        return sum(1 for i, t in enumerate(self.tiles) if t and t != i + 1)

    # --- text ---------------------------------------------------------
    def text(self, row_sep: str = "/") -> str:
        """Board text, rows joined by ``row_sep``: ``1 2 3/4 5 6/7 8 0``."""
        return row_sep.join(" ".join(str(t) for t in row) for row in self.rows())

    def __str__(self) -> str:
        return self.text()


@lru_cache(maxsize=NEIGHBOUR_CACHE)
def neighbours(board: Board) -> tuple[tuple[str, Board], ...]:
    """(move, board after it) for each legal move of ``board``, in U D L R order; remembered,
    as the same boards' neighbours are asked for again and again while a game is judged."""
    return tuple((move, board.apply(move)) for move in board.legal_moves())
