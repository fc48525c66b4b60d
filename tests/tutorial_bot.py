"""A bot written the way the classic 15-puzzle tutorial writes it: plain protocol, no extensions.

It reads ``Board``/``Status``/``Score`` only, counts inversions itself, solves, and sends the
moves one at a time as the word for where the blank goes (worked out from blank positions, not
from Fifteen's own mapping). On an unsolvable board it hangs up and connects again.
Run it by hand: ``python tests/tutorial_bot.py ws://127.0.0.1:8765 [games]``.
"""

from __future__ import annotations

import json
import sys

from websockets.sync.client import connect

from game.core.board import Board
from game.solver import solve

SIDE = 4
WORDS = {-SIDE: "up", SIDE: "down", -1: "left", 1: "right"}
MAX_CONNECTIONS = 50


def solvable(tiles: list[int]) -> bool:
    """The tutorial's test: inversions plus the blank's row from the bottom must be odd."""
    seq = [t for t in tiles if t]
    inversions = sum(1 for i in range(len(seq)) for j in range(i + 1, len(seq))
                     if seq[i] > seq[j])
    row_from_bottom = SIDE - tiles.index(0) // SIDE
    return (inversions + row_from_bottom) % 2 == 1


def words_for(tiles: list[int]) -> list[str]:
    """The solution as blank moves: replay it and name each step of the blank."""
    board = Board(SIDE, SIDE, tuple(tiles))
    words = []
    for letter in solve(board).moves:
        after = board.apply(letter)
        words.append(WORDS[after.blank - board.blank])
        board = after
    return words


def play(url: str, games: int) -> dict[str, int]:
    """Play until ``games`` boards are complete; count what happened."""
    seen = {"complete": 0, "unsolvable": 0, "moves": 0, "score": 0}
    for _ in range(MAX_CONNECTIONS):
        if seen["complete"] >= games:
            break
        with connect(url, open_timeout=30) as ws:
            msg = json.loads(ws.recv(timeout=30))
            if not solvable(msg["Board"]):
                seen["unsolvable"] += 1
                continue  # hang up; the next connection gets a new board
            for word in words_for(msg["Board"]):
                ws.send(json.dumps({"Move": word}))
                msg = json.loads(ws.recv(timeout=30))
                seen["moves"] += 1
            assert msg["Status"] == "complete", msg
            seen["complete"] += 1
            seen["score"] = msg["Score"]
    return seen


if __name__ == "__main__":
    print(play(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 3))
