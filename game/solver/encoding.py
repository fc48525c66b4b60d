"""Board encodings shared by the solver: move codes, neighbour tables and permutation ranks."""

from __future__ import annotations

import math

import numpy as np

from game.core.board import MOVES, Board
from game.solver.jit import kernel

NO_CELL = -1
"""Neighbour-table entry for a move that would leave the board."""
DIRECTIONS = len(MOVES)
"""Move codes are indexes into MOVES ("UDLR"); code ^ 1 is the inverse move."""


def blank_offsets(width: int) -> tuple[int, int, int, int]:
    """How far the blank travels for each move code (U D L R: the tile moves, the blank opposes)."""
    return (width, -width, 1, -1)


TRANSPOSED_LETTER = str.maketrans("UDLR", "LRUD")
"""A move on the transposed board is this move on the board itself."""


def transposed(board: Board) -> Board:
    """The board mirrored in its main diagonal (square boards): the same distance."""
    w = board.width
    cells = [0] * board.size
    for cell, t in enumerate(board.tiles):
        r, c = divmod(cell, w)
        if t:
            gr, gc = divmod(t - 1, w)
            t = gc * w + gr + 1
        cells[c * w + r] = t
    return Board(w, w, tuple(cells))


def view_line(codes: np.ndarray, transpose: bool) -> str:
    """A line of move codes found on a view of a board, in the board's own moves."""
    line = "".join(MOVES[int(c)] for c in codes)
    return line.translate(TRANSPOSED_LETTER) if transpose else line


def neighbour_table(width: int, height: int) -> np.ndarray:
    """``nbr[cell, code]`` = the cell the blank moves to from ``cell`` on that move, or -1."""
    n = width * height
    nbr = np.full((n, DIRECTIONS), NO_CELL, dtype=np.int8)
    for cell in range(n):
        row, col = divmod(cell, width)
        if row < height - 1:
            nbr[cell, 0] = cell + width
        if row > 0:
            nbr[cell, 1] = cell - width
        if col < width - 1:
            nbr[cell, 2] = cell + 1
        if col > 0:
            nbr[cell, 3] = cell - 1
    return nbr


def moves_to_codes(moves: str) -> list[int]:
    """Move letters to move codes."""
    return [MOVES.index(m) for m in moves]


def codes_to_moves(codes: np.ndarray | list[int]) -> str:
    """Move codes to move letters."""
    return "".join(MOVES[int(c)] for c in codes)


def tiles_array(board: Board) -> np.ndarray:
    """The board's cells as an int8 array (0 = blank)."""
    return np.array(board.tiles, dtype=np.int8)


# --- full permutation ranks (Lehmer code) ---------------------------------------------------


def unrank_permutation(rank: int, n: int) -> tuple[int, ...]:
    """The permutation of 0..n-1 with lexicographic ``rank`` (pure Python)."""
    pool = list(range(n))
    out = []
    for i in range(n):
        f = math.factorial(n - 1 - i)
        digit, rank = divmod(rank, f)
        out.append(pool.pop(digit))
    return tuple(out)


@kernel
def rank_perm_nb(cells: np.ndarray) -> int:
    """Lexicographic rank of a permutation held in an int array (compiled)."""
    n = len(cells)
    rank = 0
    for i in range(n):
        smaller = 0
        ci = cells[i]
        for j in range(i + 1, n):
            if cells[j] < ci:
                smaller += 1
        rank = rank * (n - i) + smaller
    return rank


# @kernel is typed as giving back the function; the object is a Kernel or numba's dispatcher
rank_permutation = rank_perm_nb.py_func  # type: ignore[attr-defined]
"""The same ranking run by the interpreter, on any sequence (tuples too): lookups for a single
board skip the array conversion, and tests compare it with the compiled version."""


@kernel
def unrank_perm_nb(rank: int, n: int, out: np.ndarray) -> None:
    """Write the permutation of 0..n-1 with lexicographic ``rank`` into ``out`` (compiled)."""
    used = np.zeros(n, dtype=np.bool_)
    fact = 1
    for k in range(2, n):
        fact *= k
    for i in range(n):
        digit = rank // fact
        rank = rank % fact
        if n - 1 - i > 0:
            fact //= n - 1 - i
        for v in range(n):
            if not used[v]:
                if digit == 0:
                    out[i] = v
                    used[v] = True
                    break
                digit -= 1


# --- partial permutation ranks (pattern positions) -------------------------------------------


def pattern_space(cells: int, k: int) -> int:
    """Number of ways to place ``k`` distinct tiles on ``cells`` cells."""
    return math.perm(cells, k)


def rank_pattern(positions: list[int] | tuple[int, ...], cells: int) -> int:
    """Mixed-radix rank of distinct cell positions (pure Python twin of the compiled one)."""
    rank = 0
    for i, p in enumerate(positions):
        digit = p - sum(1 for q in positions[:i] if q < p)
        rank = rank * (cells - i) + digit
    return rank


def unrank_pattern(rank: int, k: int, cells: int) -> tuple[int, ...]:
    """Inverse of ``rank_pattern``."""
    digits = []
    for i in range(k - 1, -1, -1):
        rank, digit = divmod(rank, cells - i)
        digits.append(digit)
    digits.reverse()
    positions: list[int] = []
    for digit in digits:
        free = [c for c in range(cells) if c not in positions]
        positions.append(free[digit])
    return tuple(positions)


@kernel
def popcount(x: int) -> int:
    """The number of bits set in ``x`` (0 <= x < 2**63). Written in the form LLVM knows, so
    compiled for this machine it is one ``popcnt`` instruction."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((x * 0x0101010101010101) >> 56) & 0xFF


@kernel(inline=True)
def rank_pattern_nb(positions: np.ndarray, k: int, cells: int) -> int:
    """Mixed-radix rank of the first ``k`` entries of ``positions`` (compiled)."""
    rank = 0
    for i in range(k):
        p = positions[i]
        digit = p
        for j in range(i):
            if positions[j] < p:
                digit -= 1
        rank = rank * (cells - i) + digit
    return rank


@kernel
def unrank_pattern_nb(rank: int, k: int, cells: int, out: np.ndarray) -> None:
    """Inverse of ``rank_pattern_nb`` into ``out[:k]`` (compiled)."""
    for i in range(k - 1, -1, -1):
        radix = cells - i
        out[i] = rank % radix
        rank //= radix
    for i in range(k):
        digit = out[i]
        # the digit-th cell not used by positions 0..i-1
        c = 0
        while True:
            taken = False
            for j in range(i):
                if out[j] == c:
                    taken = True
                    break
            if not taken:
                if digit == 0:
                    break
                digit -= 1
            c += 1
        out[i] = c
