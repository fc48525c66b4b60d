"""What game to start (size, difficulty, seed or fixed board) and difficulty lengths; no pygame."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.core.board import Board

DIFFICULTY_LENGTHS: dict[tuple[int, int], dict[str, int]] = {
    (2, 3): {"easy": 6, "medium": 11, "hard": 16},
    (3, 2): {"easy": 6, "medium": 11, "hard": 16},
    (2, 4): {"easy": 12, "medium": 21, "hard": 30},
    (4, 2): {"easy": 12, "medium": 21, "hard": 30},
    (3, 3): {"easy": 12, "medium": 20, "hard": 27},
    (4, 3): {"easy": 18, "medium": 30, "hard": 40},
    (3, 4): {"easy": 18, "medium": 30, "hard": 40},
    (4, 4): {"easy": 24, "medium": 38, "hard": 52},
}
"""Optimal solution lengths per difficulty, for the shapes the solver answers exactly and
quickly (random boards average about 12, 23, 22, 35 and 53 moves on these sizes)."""
DIFFICULTIES = ("any", "easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What game to start: size, difficulty, and optionally a seed or a fixed board."""

    width: int = 4
    height: int = 4
    difficulty: str = "any"
    seed: int | None = None
    board: Board | None = None

    def fresh(self) -> GameSpec:
        """The same kind of game with a new board."""
        return replace(self, seed=None, board=None)

    def game_id(self, board: Board) -> str:
        """A shareable name: ``WxH-SEED`` for seeded random boards, else the board text."""
        if self.seed is not None and self.board is None and self.difficulty == "any":
            return f"{self.width}x{self.height}-{self.seed}"
        return board.text()


def difficulty_length(width: int, height: int, difficulty: str) -> int | None:
    """The optimal length asked of the generator, or None for a uniform random board."""
    return DIFFICULTY_LENGTHS.get((width, height), {}).get(difficulty)
