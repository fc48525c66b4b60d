"""Line shortening: every stretch of a line is replaced by an optimal one between its ends."""

from __future__ import annotations

import time

import numpy as np

from game.core.board import MOVES, Board
from game.solver.encoding import moves_to_codes, neighbour_table
from game.solver.errors import SolveCancelled
from game.solver.exact import dupes
from game.solver.jit import kernel
from game.solver.results import give_way

WINDOW = 24
"""Moves per stretch: IDA* with Manhattan distance to the stretch's end settles such a stretch
in thousands of nodes, and a stretch of a weighted-search line often has a shortcut."""
WINDOW_NODES = 200_000
"""A stretch whose search needs more nodes than this is left as it is."""
NOT_FOUND = -1
CANCEL_MASK = 4095


@kernel(entry=True)
def _shortcut(tiles: np.ndarray, blank: int, target: np.ndarray, nbr: np.ndarray,
              longest: int, node_limit: int, out: np.ndarray, cancel: np.ndarray,
              fsm: np.ndarray) -> int:
    """The length of a shortest path of at most ``longest`` moves from ``tiles`` to ``target``
    (moves as codes in ``out``), or NOT_FOUND; IDA* with Manhattan distance to the target.

    Move strings ``dupes`` lists are never made (``fsm``: its automaton, walked from the
    first move on): the shortlex-least shortest path has none, so one is still found.
    """
    n = tiles.shape[0]
    width = 1
    while nbr[width - 1, 2] >= 0:
        width += 1
    home = np.empty(n, dtype=np.int64)
    for c in range(n):
        home[target[c]] = c
    h0 = 0
    for c in range(n):
        t = tiles[c]
        if t != 0:
            g = home[t]
            h0 += abs(c // width - g // width) + abs(c % width - g % width)
    if h0 == 0:
        return 0
    moves = np.zeros(longest + 1, dtype=np.int64)
    nextdir = np.zeros(longest + 1, dtype=np.int64)
    hs = np.zeros(longest + 2, dtype=np.int64)
    state = np.zeros(longest + 2, dtype=np.int64)
    nodes = 0
    bound = h0
    while bound <= longest:
        depth = 0
        nextdir[0] = 0
        hs[0] = h0
        b = blank
        next_bound = longest + 1
        while True:
            code = nextdir[depth]
            if code >= 4:
                if depth == 0:
                    break
                depth -= 1
                back = nbr[b, moves[depth] ^ 1]
                tiles[b] = tiles[back]
                tiles[back] = 0
                b = back
                continue
            nextdir[depth] = code + 1
            if depth > 0 and code == (moves[depth - 1] ^ 1):
                continue
            to = nbr[b, code]
            if to < 0:
                continue
            next_state = fsm[state[depth], code]
            if next_state < 0:
                continue
            t = tiles[to]
            g = home[t]
            before = abs(to // width - g // width) + abs(to % width - g % width)
            after = abs(b // width - g // width) + abs(b % width - g % width)
            h = hs[depth] - before + after
            nodes += 1
            if (nodes & CANCEL_MASK) == 0 and (cancel[0] != 0 or nodes > node_limit):
                # give up: put the tiles back as they were
                while depth > 0:
                    depth -= 1
                    back = nbr[b, moves[depth] ^ 1]
                    tiles[b] = tiles[back]
                    tiles[back] = 0
                    b = back
                return NOT_FOUND
            if depth + 1 + h > bound:
                if depth + 1 + h < next_bound:
                    next_bound = depth + 1 + h
                continue
            tiles[b] = t
            tiles[to] = 0
            moves[depth] = code
            depth += 1
            hs[depth] = h
            state[depth] = next_state
            b = to
            nextdir[depth] = 0
            if h == 0:
                length = depth
                for i in range(depth):
                    out[i] = moves[i]
                # put the tiles back as they were
                while depth > 0:
                    depth -= 1
                    back = nbr[b, moves[depth] ^ 1]
                    tiles[b] = tiles[back]
                    tiles[back] = 0
                    b = back
                return length
        if nodes > node_limit:
            return NOT_FOUND
        bound = next_bound + ((next_bound - bound) & 1)
    return NOT_FOUND


def _states(board: Board, codes: list[int], nbr: np.ndarray) -> np.ndarray:
    """The board after each prefix of the line: row k is the board after k moves."""
    return _walk(np.array(board.tiles, dtype=np.int8), board.blank, codes, nbr)


def _walk(start: np.ndarray, blank: int, codes: list[int], nbr: np.ndarray) -> np.ndarray:
    """The boards along ``codes`` from ``start`` (row 0 is ``start`` itself)."""
    tiles = start.copy()
    out = np.empty((len(codes) + 1, tiles.shape[0]), dtype=np.int8)
    out[0] = tiles
    for k, code in enumerate(codes):
        to = nbr[blank, code]
        tiles[blank] = tiles[to]
        tiles[to] = 0
        blank = to
        out[k + 1] = tiles
    return out


def shorten(board: Board, line: str, deadline: float, cancel: np.ndarray,
            window: int = WINDOW) -> str:
    """``line`` with stretches of ``window`` moves replaced by shorter ones, until no stretch
    shortens or ``deadline``; the result is replayed on the Board model before it is returned."""
    nbr = neighbour_table(board.width, board.height).astype(np.int64)
    codes = moves_to_codes(line)
    out = np.zeros(window + 1, dtype=np.int64)
    fsm = dupes.table()
    improved = True
    while improved:
        improved = False
        states = _states(board, codes, nbr)
        i = 0
        while i + 2 <= len(codes):
            if cancel[0]:
                raise SolveCancelled(f"search of {board} was cancelled")
            give_way()
            if time.monotonic() >= deadline:
                improved = False
                break
            j = min(i + window, len(codes))
            start = states[i].copy()
            blank = int(np.flatnonzero(start == 0)[0])
            found = _shortcut(start, blank, states[j], nbr, j - i - 2, WINDOW_NODES, out, cancel,
                              fsm)
            if found != NOT_FOUND:
                shortcut = [int(c) for c in out[:found]]
                codes[i:j] = shortcut
                # the boards along the shortcut, then the unchanged rest of the line
                middle = _walk(states[i], blank, shortcut, nbr)
                states = np.concatenate((states[: i + 1], middle[1:-1], states[j:]))
                improved = True
            else:
                i += 1
    result = "".join(MOVES[c] for c in codes)
    if not board.apply_all(result).is_solved():
        raise RuntimeError(f"solver bug: shortening broke the line for {board}")
    return result
