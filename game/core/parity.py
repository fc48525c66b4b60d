"""Solvability by permutation parity, with the reason and a repairing swap when unsolvable."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.board import Board


def inversions(board: Board) -> int:
    """Pairs of tiles (blank excluded) that stand in the wrong order, row by row."""
    return board.inversions()


def blank_row_from_bottom(board: Board) -> int:
    """The blank's row counted from the bottom, starting at 1."""
    return board.blank_row_from_bottom()


def is_solvable(board: Board) -> bool:
    """Odd width: inversions even. Even width: inversions + blank row from bottom is odd."""
    return board.is_solvable()


@dataclass(frozen=True, slots=True)
class Solvability:
    """Whether a board is solvable, why, and (if not) a swap of two tiles that fixes it."""

    solvable: bool
    reason: str
    swap: tuple[int, int] | None

    def message(self) -> str:
        """One line for people: the verdict, the parity reason and the repair."""
        if self.solvable:
            return f"solvable: {self.reason}"
        a, b = self.swap or (0, 0)
        return f"unsolvable: {self.reason}; swap tiles {a} and {b} to make it solvable"


def repairing_swap(board: Board) -> tuple[int, int]:
    """The swap of two tiles that puts the most tiles home (ties: smallest tiles).

    Swapping any two tiles flips the inversion parity, so every swap repairs an
    unsolvable board; this picks the one closest to what the player probably meant.
    """
    cells = board.tiles
    best: tuple[int, int, int] | None = None  # (-gain, a, b)
    tiles = sorted(t for t in cells if t)
    where = {t: i for i, t in enumerate(cells)}
    for i, a in enumerate(tiles):
        for b in tiles[i + 1 :]:
            pa, pb = where[a], where[b]
            gain = (
                (pb == a - 1) + (pa == b - 1) - (pa == a - 1) - (pb == b - 1)
            )
            key = (-gain, a, b)
            if best is None or key < best:
                best = key
    assert best is not None
    return best[1], best[2]


def solvability(board: Board) -> Solvability:
    """Explain the board's parity: solvable or not, why, and a repairing swap."""
    inv = inversions(board)
    if board.width % 2:
        need = "even"
        got = "even" if inv % 2 == 0 else "odd"
        reason = f"inversion count {inv} is {got} (odd width {board.width} needs an even count)"
    else:
        row = blank_row_from_bottom(board)
        total = inv + row
        need = "odd"
        got = "odd" if total % 2 else "even"
        reason = (
            f"inversion count {inv} plus blank row {row} from the bottom is {total}, "
            f"{got} (even width {board.width} needs an odd sum)"
        )
    solvable = got == need
    return Solvability(solvable, reason, None if solvable else repairing_swap(board))
