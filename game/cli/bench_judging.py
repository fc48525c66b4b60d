"""Judging benchmark: what one coach answer costs the frame it arrives in, late in a long game.

Beyond exact reach every move off the coach's line waits for a search of the board it made;
when the answer comes, the game joins it into the lines known of every board played and judges
again the moves from the first board whose line changed (on the render thread). This times
that for games of growing length on 5x5, 6x6 and 8x8, and the whole game judged again.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence

from game.core.actions import Move
from game.core.board import Board, inverse, inverse_moves
from game.core.coach import Hint
from game.core.knowledge import Knowledge
from game.play.session import Session

SEED = 31
SIZES = (5, 6, 8)
LENGTHS = (100, 250, 400)
RUNS = 5
LINE_EVERY = 10
"""The coach's line is known for every this many boards of the game."""


def _walk(side: int, length: int, rng: random.Random) -> tuple[Board, str]:
    """A board ``length`` moves from the goal by a walk that never steps straight back, and
    the walk undone (a line from it)."""
    board, walk = Board.goal(side, side), ""
    while len(walk) < length:
        move = rng.choice([m for m in board.legal_moves() if not walk or m != inverse(walk[-1])])
        board, walk = board.apply(move), walk + move
    return board, inverse_moves(walk)


def judging_seconds(side: int, length: int, rng: random.Random, *, whole: bool) -> float:
    """Seconds the game takes to take in one coach answer after ``length`` moves (``whole``:
    judging the whole game again)."""
    start, line = _walk(side, length + 20, rng)
    knowledge = Knowledge()
    session = Session(start, oracle=knowledge.known)
    board = start
    for i, move in enumerate(line[:length]):
        if i % LINE_EVERY == 0:
            rest = line[i:]
            knowledge.add(Hint(board, len(rest), frozenset(rest[0]), False, False, rest))
            session.learned([board])  # as the game takes in every answer
        session.apply(Move(move))
        board = board.apply(move)
    away = next(m for m in board.legal_moves() if m != line[length])
    session.apply(Move(away))  # off the line: it waits for a search of where it led
    there = board.apply(away)
    rest = inverse(away) + line[length:]
    knowledge.add(Hint(there, len(rest), frozenset(rest[0]), False, False, rest))
    began = time.perf_counter()
    changed = session.learned(None if whole else [there])
    took = time.perf_counter() - began
    assert changed and session.sheet.line is not None and session.sheet.line.cls.bad
    return took


def bench_judging(sizes: Sequence[int] = SIZES, lengths: Sequence[int] = LENGTHS,
                  runs: int = RUNS) -> None:
    """Print the median and worst cost of one answer for each size and game length."""
    rng = random.Random(SEED)
    print("one coach answer judged into a game of N moves (ms on the render thread):")
    print("from the first action near it (the game) / the whole game again (before)")
    for side in sizes:
        for length in lengths:
            row = f"{side}x{side} after {length:3d} moves:"
            for whole in (False, True):
                times = [judging_seconds(side, length, rng, whole=whole) * 1000
                         for _ in range(runs)]
                row += f"  median {statistics.median(times):6.1f} max {max(times):6.1f}"
            print(row)
