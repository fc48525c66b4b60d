"""What game to start (size, difficulty, seed or fixed board) and difficulty lengths; no pygame."""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, replace

from game.core.board import Board
from game.core.generate import random_board
from game.core.ghost import GhostChoice


class Difficulty(enum.StrEnum):
    """How hard a new board is: ANY is a uniform random board, the rest an exact length."""

    ANY = "any"
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


DIFFICULTY_LENGTHS: dict[tuple[int, int], dict[Difficulty, int]] = {
    (2, 3): {Difficulty.EASY: 6, Difficulty.MEDIUM: 11, Difficulty.HARD: 16},
    (3, 2): {Difficulty.EASY: 6, Difficulty.MEDIUM: 11, Difficulty.HARD: 16},
    (2, 4): {Difficulty.EASY: 12, Difficulty.MEDIUM: 21, Difficulty.HARD: 30},
    (4, 2): {Difficulty.EASY: 12, Difficulty.MEDIUM: 21, Difficulty.HARD: 30},
    (3, 3): {Difficulty.EASY: 12, Difficulty.MEDIUM: 20, Difficulty.HARD: 27},
    (4, 3): {Difficulty.EASY: 18, Difficulty.MEDIUM: 30, Difficulty.HARD: 40},
    (3, 4): {Difficulty.EASY: 18, Difficulty.MEDIUM: 30, Difficulty.HARD: 40},
    (4, 4): {Difficulty.EASY: 24, Difficulty.MEDIUM: 38, Difficulty.HARD: 52},
}
"""Optimal solution lengths per difficulty, for the shapes the solver answers exactly and
quickly (random boards average about 12, 23, 22, 35 and 53 moves on these sizes)."""


DIFFICULTIES = tuple(Difficulty)


class GameKind(enum.StrEnum):
    """Which games a game is measured against: bests, top 10s and averages keep kinds apart."""

    RANDOM = "random"
    """A board the game picked (a fresh seed, or a fresh board of a chosen difficulty)."""
    SEEDED = "seeded"
    """A board the player named by its seed (``--seed``, ``--game WxH-SEED``, or again)."""
    CUSTOM = "custom"
    """A board the player gave as text (``--board``), or a custom board played again."""
    DAILY = "daily"
    """The day's puzzle (only its first attempt is ranked)."""
    PRACTICE = "practice"
    """A practice game (the mistake drill): never ranked."""


GAME_KINDS = tuple(GameKind)
KIND_NOUNS = {GameKind.RANDOM: "random board", GameKind.SEEDED: "seeded board",
              GameKind.CUSTOM: "custom board", GameKind.DAILY: "daily",
              GameKind.PRACTICE: "practice game"}
"""A kind in a few words, as replays and the end screen name it."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What game to start: size, difficulty, and optionally a seed or a fixed board."""

    width: int = 4
    height: int = 4
    difficulty: Difficulty = Difficulty.ANY
    seed: int | None = None
    board: Board | None = None
    daily: str | None = None
    """The date (YYYY-MM-DD) when this is that day's daily puzzle (see game.core.daily)."""
    ghost: GhostChoice | None = None
    """A ghost to race on this board (see game.core.ghost); such games are Mode.GHOST."""
    chosen: GameKind | None = None
    """The kind when it is not read from the other fields (see ``kind``): RANDOM for a seed
    the game picked, SEEDED for a seeded board played again, PRACTICE for a drill."""

    @property
    def kind(self) -> GameKind:
        """The game's kind: ``chosen`` if set, else DAILY for a daily, CUSTOM for a fixed
        board, SEEDED for a seed, RANDOM for neither (a seed the game will pick)."""
        if self.chosen is not None:
            return self.chosen
        if self.daily is not None:
            return GameKind.DAILY
        if self.board is not None:
            return GameKind.CUSTOM
        return GameKind.SEEDED if self.seed is not None else GameKind.RANDOM

    def fresh(self) -> GameSpec:
        """The same kind of game with a new board (a daily puzzle or a ghost race is followed
        by a normal game)."""
        return replace(self, seed=None, board=None, daily=None, ghost=None, chosen=None)

    def again(self, board: Board) -> GameSpec:
        """``board`` played again (the end screen's R and G): a board its seed names stays
        SEEDED (and keeps its ``WxH-SEED``), any other becomes CUSTOM; a daily stays the
        daily (only its first attempt is ranked), practice stays practice. No ghost."""
        if self.kind in (GameKind.DAILY, GameKind.PRACTICE):
            return replace(self, board=board, ghost=None)
        seeded = self.seed is not None and self.difficulty is Difficulty.ANY \
            and board == self.seeded_board()
        return replace(self, board=board, ghost=None,
                       chosen=GameKind.SEEDED if seeded else GameKind.CUSTOM)

    def seeded_board(self) -> Board:
        """The uniformly random board its seed names (the one ``WxH-SEED`` IDs share)."""
        if self.seed is None:
            raise ValueError("a spec without a seed names no board")
        return random_board(self.width, self.height, random.Random(self.seed))

    def game_id(self, board: Board) -> str:
        """A shareable name: ``WxH-SEED`` for seeded random boards (played again too), else
        the board text."""
        if self.seed is not None and self.difficulty is Difficulty.ANY \
                and (self.board is None or self.board == self.seeded_board()):
            return f"{self.width}x{self.height}-{self.seed}"
        return board.text()


def difficulty_length(width: int, height: int, difficulty: Difficulty) -> int | None:
    """The optimal length asked of the generator, or None for a uniform random board."""
    return DIFFICULTY_LENGTHS.get((width, height), {}).get(difficulty)
