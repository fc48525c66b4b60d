"""The kind of a game, read from its spec (what bests, top 10s and averages keep apart)."""

from __future__ import annotations

from game.core.board import Board
from game.core.spec import GameKind, GameSpec


def test_kind_is_read_from_the_spec() -> None:
    board = Board.goal(4, 4)
    assert GameSpec().kind is GameKind.RANDOM
    assert GameSpec(seed=12).kind is GameKind.SEEDED
    assert GameSpec(board=board).kind is GameKind.CUSTOM
    assert GameSpec(seed=3, daily="2026-11-24").kind is GameKind.DAILY
    assert GameSpec(seed=3, chosen=GameKind.RANDOM).kind is GameKind.RANDOM
    assert GameSpec(board=board, chosen=GameKind.PRACTICE).kind is GameKind.PRACTICE


def test_a_fresh_game_forgets_the_chosen_kind() -> None:
    spec = GameSpec(seed=3, chosen=GameKind.SEEDED).fresh()
    assert spec.kind is GameKind.RANDOM
