"""Duplicate move strings (Taylor and Korf's finite-state pruning): which strings a search skips.

Two strings of blank moves can lead to the same board: the blank going three times round a
2x2 square restores it (a 12-move loop), half way round one way equals half way round the
other. A depth-first search without memory would search below both. This module finds such
pairs by a breadth-first walk over move strings on an open grid, in shortlex order (shorter
first, then by move code), and keeps a string ``pruned`` only when an earlier string ``kept``
does the same to any board AND visits no cell ``pruned`` does not: wherever ``pruned`` is
legal, so is ``kept``, which is shortlex smaller. A search skipping every string ending in a
pruned one still reaches every board by its shortlex-smallest legal path, at no greater
depth, so IDA* stays optimal (``automaton`` turns the list into a table the kernel walks).

The pairs are worked out once (``python -m game.solver.exact.dupes``, about a minute) and
kept in ``data/dupes.txt``; the tests check every pair again.
"""

from __future__ import annotations

import functools
import hashlib
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from game.core.board import MOVES
from game.solver import cache

DATA = Path(__file__).with_name("data") / "dupes.txt"
MAX_LENGTH = 12
"""Longest pruned string kept: 2,276 of them, whose table has about 12,000 states (47 KB)."""
STEP = ((1, 0), (-1, 0), (0, 1), (0, -1))
"""The blank's (row, column) step for move codes 0-3 (``MOVES`` "UDLR": the tile above the
blank moves up, so the blank goes down a row); ``code ^ 1`` undoes ``code``."""
PRUNE = -1
"""``automaton``'s entry for a move that completes a pruned string."""
UNFED = -1
"""A search's automaton state at a root whose own move is not fed to it (the kernels feed
every move after): every path from the root with a first move of its own is then searched,
so a search finds each of the root's optimal first moves. A subtree split off a search
(``split``) starts instead from the state the moves above it left."""
NO_PRUNING = np.zeros((1, 4), dtype=np.int32)
"""An automaton that prunes nothing."""
NO_PRUNING.setflags(write=False)

Cell = tuple[int, int]
Effect = tuple[Cell, frozenset[tuple[Cell, Cell]]]


def effect(codes: Sequence[int]) -> tuple[Effect, frozenset[Cell]]:
    """What ``codes`` does on an open grid, the blank starting at (0, 0): the blank's last
    cell and each moved tile's (cell, home) pair, and the set of cells the blank visits."""
    blank: Cell = (0, 0)
    content: dict[Cell, Cell] = {}
    visited = {blank}
    for code in codes:
        dr, dc = STEP[code]
        to = (blank[0] + dr, blank[1] + dc)
        content[blank] = content.pop(to, to)  # the tile on ``to`` slides into the blank
        blank = to
        visited.add(blank)
    moved = frozenset((cell, home) for cell, home in content.items() if cell != home)
    return (blank, moved), frozenset(visited)


def generate(max_length: int = MAX_LENGTH) -> list[tuple[str, str]]:
    """(pruned, kept) pairs of digit strings, every pruned string up to ``max_length``
    moves; no pruned string contains another (its extensions are never made)."""
    first: dict[Effect, tuple[tuple[int, ...], frozenset[Cell]]] = {}
    start = effect(())
    first[start[0]] = ((), start[1])
    pruned: dict[tuple[int, ...], tuple[int, ...]] = {}
    frontier: list[tuple[int, ...]] = [()]
    for _ in range(max_length):
        grown: list[tuple[int, ...]] = []
        for string in frontier:
            for code in range(4):
                if string and code == string[-1] ^ 1:
                    continue
                word = (*string, code)
                if any(word[i:] in pruned for i in range(1, len(word) - 1)):
                    continue  # ends in a shorter pruned string
                key, cells = effect(word)
                seen = first.get(key)
                if seen is None:
                    first[key] = (word, cells)
                elif seen[1] <= cells:
                    pruned[word] = seen[0]
                    continue
                grown.append(word)
        frontier = grown
    return sorted((_text(p), _text(k)) for p, k in pruned.items())


def _text(codes: Iterable[int]) -> str:
    return "".join(str(c) for c in codes)


def _codes(text: str) -> tuple[int, ...]:
    return tuple(map(int, text))


def load_pairs(path: Path = DATA) -> list[tuple[str, str]]:
    """The (pruned, kept) pairs from the data file."""
    pairs = []
    for line in path.read_text(encoding="ascii").splitlines():
        if line and not line.startswith("#"):
            pruned, _, kept = line.partition(" ")
            pairs.append((pruned, kept))
    return pairs


def sound(pruned: str, kept: str) -> bool:
    """Whether skipping ``pruned`` is safe: ``kept`` is shortlex smaller, does the same,
    and visits only cells ``pruned`` visits."""
    p, k = _codes(pruned), _codes(kept)
    p_effect, p_cells = effect(p)
    k_effect, k_cells = effect(k)
    return (len(k), k) < (len(p), p) and p_effect == k_effect and k_cells <= p_cells


def automaton(strings: Iterable[str]) -> np.ndarray:
    """``table[state, code]``: the next state after move ``code``, or PRUNE when the moves so
    far end in one of ``strings`` (an Aho-Corasick machine made total; state 0 is the start,
    the state after no move or after the root's move)."""
    goto: list[list[int]] = [[-1] * 4]
    final = [False]
    for text in strings:
        state = 0
        for code in _codes(text):
            if goto[state][code] < 0:
                goto[state][code] = len(goto)
                goto.append([-1] * 4)
                final.append(False)
            state = goto[state][code]
        final[state] = True
    link = [0] * len(goto)
    rows = [[0] * 4 for _ in goto]  # lists, not the array: a start-up cost of milliseconds
    order = [0]
    for state in order:  # breadth first: a state's link is done before it is used
        row, via = rows[state], rows[link[state]]
        for code in range(4):
            child = goto[state][code]
            if child < 0:
                row[code] = via[code] if state else 0
                continue
            link[child] = via[code] if state else 0
            final[child] = final[child] or final[link[child]]
            row[code] = child
            order.append(child)
    # a move into a final state is pruned; final states are never entered, so never left
    table = np.array([[PRUNE if final[nxt] else nxt for nxt in row] for row in rows],
                     dtype=np.int32)
    return table


def feed(moves: str) -> int:
    """``table()``'s state after ``moves`` (letters of ``MOVES``) from the start; raises
    ValueError if they end a pruned string."""
    fsm = table()
    state = 0
    for move in moves:
        state = int(fsm[state, MOVES.index(move)])
        if state < 0:
            raise ValueError(f"the moves {moves!r} end a duplicate string")
    return state


CACHE_NAME = "dupes-automaton"
"""The automaton's file in the solver cache (``cache``'s header, checksum and atomic write)."""


@functools.cache
def table() -> np.ndarray:
    """The automaton of the data file's pruned strings: read from the solver cache when it
    was made from this very data file, else made (about 45 ms, a tenth of a one-shot
    command's start-up) and cached for the next process."""
    source = DATA.read_bytes()
    meta = {"source_sha256": hashlib.sha256(source).hexdigest()}
    stored = cache.load_tables(CACHE_NAME, meta)
    found: np.ndarray | None = None
    if stored is not None and len(stored) == 1 and stored[0].size % 16 == 0:
        # a copy: the file's bytes are not aligned for int32, and the compiled kernels
        # were made for the aligned array a fresh automaton is
        found = stored[0].view(np.int32).reshape(-1, 4).copy()
    if found is None or found.shape[0] == 0:
        if cache.cache_path(CACHE_NAME).exists():
            cache.set_aside(CACHE_NAME)  # failed its checks, or another data file's
        found = automaton(p for p, _ in load_pairs())
        try:
            cache.save_tables(CACHE_NAME, meta, [found.view(np.uint8).reshape(-1)])
        except OSError:
            pass  # a read-only cache: made again next time, nothing lost
    found.setflags(write=False)
    return found


def main(argv: Sequence[str] = ()) -> int:
    """Write the data file (``--check`` compares it with a fresh walk instead)."""
    pairs = generate()
    lines = [f"# duplicate move strings up to {MAX_LENGTH} moves: pruned kept "
             "(move codes 0-3 = UDLR; made by python -m game.solver.exact.dupes)"]
    lines += [f"{p} {k}" for p, k in pairs]
    text = "\n".join(lines) + "\n"
    if "--check" in argv:
        same = DATA.read_text(encoding="ascii") == text
        print("dupes: the data file is " + ("up to date" if same else "STALE"))
        return 0 if same else 1
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text(text, encoding="ascii")
    print(f"dupes: {len(pairs)} pruned strings written to {DATA}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
