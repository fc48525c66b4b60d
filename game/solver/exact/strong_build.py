"""Big pattern databases built level by level over two bits per cell, stored as 4-bit excess."""

from __future__ import annotations

import math
import threading
from collections.abc import Callable

import numpy as np

from game.solver.encoding import neighbour_table
from game.solver.errors import InvalidRequest
from game.solver.exact.pdb import blank_region
from game.solver.jit import kernel

MAX_CELLS = 16
"""Two bits per cell of the blank's whereabouts fit one uint32 per placement."""
NIBBLE_MAX = 15
"""Largest stored excess: (pdb - manhattan) / 2 is clamped here (a smaller bound is still
admissible; on the 4x4 7-8 tables it is never reached)."""
UNSEEN, CLOSED = 0, 1
"""Two-bit codes of a (placement, blank cell): not reached yet, or reached and expanded.
Codes 2 and 3 mark cells reached at an even or an odd level and not expanded yet."""
EVEN_BITS = 0x55555555
CANCEL_EVERY = 1 << 16
"""The cancel flag is read every this many placements of a level's scan."""
LevelReport = Callable[[int, int, int], None]
"""``on_level(level, placements written, regions marked)`` after each level (benchmarks)."""
OUTBOX_SHARE = 64
OUTBOX_MIN = 1 << 12
"""Room for children handed to another thread: a 64th of the placements (about 2% of the
children cross, spread over the levels); a full outbox only splits a level in two rounds."""


@kernel
def _popcount(x: int) -> int:
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@kernel
def _spread(mask: int) -> int:
    """Cell mask (16 bits) to one low bit per two-bit field (32 bits)."""
    x = mask & 0xFFFF
    x = (x | (x << 8)) & 0x00FF00FF
    x = (x | (x << 4)) & 0x0F0F0F0F
    x = (x | (x << 2)) & 0x33333333
    return (x | (x << 1)) & 0x55555555


@kernel
def _gather(fields: int) -> int:
    """The inverse of ``_spread``: the low bit of each two-bit field back to a cell mask."""
    x = fields & 0x55555555
    x = (x | (x >> 1)) & 0x33333333
    x = (x | (x >> 2)) & 0x0F0F0F0F
    x = (x | (x >> 4)) & 0x00FF00FF
    return (x | (x >> 8)) & 0x0000FFFF


@kernel
def _rank(pos: np.ndarray, k: int, n: int) -> int:
    """Dense rank of a placement (the same order as ``encoding.rank_pattern``)."""
    rank = 0
    used = 0
    for i in range(k):
        p = pos[i]
        rank = rank * (n - i) + p - _popcount(used & ((1 << p) - 1))
        used |= 1 << p
    return rank


@kernel
def _unrank(rank: int, k: int, n: int, pos: np.ndarray) -> int:
    """Fill ``pos`` with the placement of ``rank``; return the occupied cell mask."""
    for i in range(k - 1, -1, -1):
        pos[i] = rank % (n - i)
        rank //= n - i
    used = 0
    for i in range(k):
        digit = pos[i]
        cell = 0
        while True:  # the digit-th cell not used by earlier tiles
            if not (used >> cell) & 1:
                if digit == 0:
                    break
                digit -= 1
            cell += 1
        pos[i] = cell
        used |= 1 << cell
    return used


@kernel
def _nibble(out: np.ndarray, rank: int, value: int) -> None:
    if value > NIBBLE_MAX:
        value = NIBBLE_MAX
    out[rank >> 1] |= value << ((rank & 1) * 4)


@kernel
def _edges(width: int, n: int) -> tuple[int, int]:
    """Masks of the cells with a left neighbour and with a right neighbour."""
    left_ok = 0
    right_ok = 0
    for c in range(n):
        if c % width > 0:
            left_ok |= 1 << c
        if c % width < width - 1:
            right_ok |= 1 << c
    return left_ok, right_ok


@kernel
def seed_nb(goal: np.ndarray, blank_goal: int, width: int, n: int, state: np.ndarray) -> None:
    """Mark the goal placement's blank region as level 0's frontier."""
    left_ok, right_ok = _edges(width, n)
    occupied = 0
    for i in range(goal.shape[0]):
        occupied |= 1 << goal[i]
    region = blank_region(blank_goal, ((1 << n) - 1) & ~occupied, width, left_ok, right_ok)
    state[_rank(goal, goal.shape[0], n)] = _spread(region) * 2


@kernel
def expand_nb(goal: np.ndarray, nbr: np.ndarray, dist: np.ndarray, width: int,
              state: np.ndarray, out: np.ndarray, level: int, lo: int, hi: int, start: int,
              counts: np.ndarray, cancel: np.ndarray, outbox: np.ndarray) -> int:
    """Expand level ``level``'s frontier in ranks [start, hi) of the range [lo, hi) this
    thread owns; return where it stopped (hi when done, or -1 when cancelled).

    Every frontier region of a placement is expanded once, then closed; children reached
    for the first time are marked as the next level's. A child outside [lo, hi) belongs to
    another thread: it goes to ``outbox`` (rank, blank cell, free cells) for its owner's
    ``cross_nb``, and the scan stops early when the outbox is full. A placement's value is
    written when it is first expanded (nothing closed yet: this level reached it first),
    in scan order. counts: [0] regions marked, [1] placements written, [2] outbox entries.
    """
    k = goal.shape[0]
    n = nbr.shape[0]
    full = (1 << n) - 1
    left_ok, right_ok = _edges(width, n)
    mark = 2 + (level & 1)
    next_mark = 2 + ((level + 1) & 1)
    pos = np.empty(k, dtype=np.int64)
    most = 4 * k  # children of one region, at most
    ranks = np.empty(most, dtype=np.int64)
    froms = np.empty(most, dtype=np.int64)
    tos = np.empty(most, dtype=np.int64)
    words = np.empty(most, dtype=np.int64)
    room = outbox.shape[0] - most * n  # a placement has at most n regions
    for r in range(start, hi):
        if (r & (CANCEL_EVERY - 1)) == 0 and cancel[0] != 0:
            return -1
        if counts[2] > room:
            return r
        w = int(state[r])
        high = (w >> 1) & EVEN_BITS
        low = w & EVEN_BITS
        fields = high & low if mark == 3 else high & ~low
        if fields == 0:
            continue
        cells = _gather(fields)
        free = full & ~_unrank(r, k, n, pos)
        md = 0
        for i in range(k):
            md += dist[pos[i], goal[i]]
        if (low & ~high) == 0:
            _nibble(out, r, (level - md) >> 1)
            counts[1] += 1
        while cells != 0:
            low_cell = cells & -cells
            c0 = 0
            while (low_cell >> c0) != 1:
                c0 += 1
            region = blank_region(c0, free, width, left_ok, right_ok)
            cells &= ~region
            count = 0
            for i in range(k):
                p = pos[i]
                for code in range(4):
                    c = nbr[p, code]
                    if c < 0 or not (region >> c) & 1:
                        continue
                    # tile i slides from p into c; the blank is then at p
                    pos[i] = c
                    ranks[count] = _rank(pos, k, n)
                    pos[i] = p
                    froms[count] = p
                    tos[count] = c
                    count += 1
            # the loads first, all at once: their memory fetches overlap
            for j in range(count):
                if lo <= ranks[j] < hi:
                    words[j] = state[ranks[j]]
            for j in range(count):
                p = froms[j]
                child_free = free ^ (1 << p) ^ (1 << tos[j])
                if not lo <= ranks[j] < hi:
                    outbox[counts[2]] = (ranks[j] << 20) | (p << 16) | child_free
                    counts[2] += 1
                    continue
                cw = words[j]
                if (cw >> (2 * p)) & 3 != UNSEEN:
                    continue
                child_region = blank_region(p, child_free, width, left_ok, right_ok)
                state[ranks[j]] = cw | (_spread(child_region) * next_mark)
                counts[0] += 1
        w = int(state[r])
        state[r] = (w & ~(fields | (fields << 1))) | fields  # expanded: closed
    return hi


@kernel
def cross_nb(state: np.ndarray, outbox: np.ndarray, count: int, lo: int, hi: int,
             level: int, width: int, n: int, counts: np.ndarray) -> None:
    """Mark the children other threads found in [lo, hi) as the next level's frontier."""
    left_ok, right_ok = _edges(width, n)
    next_mark = 2 + ((level + 1) & 1)
    for j in range(count):
        entry = outbox[j]
        child = entry >> 20
        if not lo <= child < hi:
            continue
        p = (entry >> 16) & 0xF
        cw = np.int64(state[child])
        if (cw >> (2 * p)) & 3 != UNSEEN:
            continue
        region = blank_region(p, entry & 0xFFFF, width, left_ok, right_ok)
        state[child] = cw | (_spread(region) * next_mark)
        counts[0] += 1


def group_goal(group: tuple[int, ...]) -> np.ndarray:
    """Goal cells of the group's tiles (tile t belongs in cell t-1)."""
    return np.array([t - 1 for t in group], dtype=np.int64)


def manhattan_cells(width: int, height: int) -> np.ndarray:
    """``dist[a, b]``: Manhattan distance between cells a and b."""
    n = width * height
    cells = np.arange(n)
    rows, cols = cells // width, cells % width
    return (np.abs(rows[:, None] - rows[None, :])
            + np.abs(cols[:, None] - cols[None, :])).astype(np.int64)


def packed_size(width: int, height: int, size: int) -> int:
    """Bytes of a packed table for a group of ``size`` tiles (two entries a byte)."""
    return (math.perm(width * height, size) + 1) // 2


def build_excess(width: int, height: int, group: tuple[int, ...],
                 filled: np.ndarray | None = None, cancel: np.ndarray | None = None,
                 threads: int = 1, on_level: LevelReport | None = None) -> np.ndarray | None:
    """The packed (pdb - manhattan) / 2 table of one group, or None if cancelled.

    pdb is the fewest moves of pattern tiles (others' moves are free) that take a placement
    to the goal's, found breadth first, level by level, over (placement, blank cell): one
    uint32 per placement holds two bits per cell (UNSEEN, CLOSED, or reached at an even or
    odd level and not expanded yet); the blank's whole region is always marked at once.
    ``threads`` split the ranks by the first tile's cell: only its moves cross to another
    thread's ranks, and those are handed over between the phases of a level, so no two
    threads ever write one word. Peak memory: 4 bytes per placement while it builds (2.1 GB
    for 8 tiles of 16 cells) plus the half byte per placement it returns. ``filled[0]``
    counts placements written (progress), ``filled[1]`` (if there) the level being scanned;
    a non-zero ``cancel[0]`` stops the build. ``on_level(level, written, marked)``, if given,
    hears of each level once it is done: placements written, regions marked for the next.
    """
    n = width * height
    if n > MAX_CELLS:
        raise InvalidRequest(f"strong tables need at most {MAX_CELLS} cells, not {n}")
    k = len(group)
    space = math.perm(n, k)
    stride = space // n  # ranks per cell of the first tile
    threads = max(1, min(threads, n))
    bounds = [stride * (n * t // threads) for t in range(threads + 1)]
    state = np.zeros(space, dtype=np.uint32)
    out = np.zeros(packed_size(width, height, k), dtype=np.uint8)
    filled = np.zeros(1, dtype=np.int64) if filled is None else filled
    cancel = np.zeros(1, dtype=np.int64) if cancel is None else cancel
    goal = group_goal(group)
    nbr = neighbour_table(width, height).astype(np.int64)
    dist = manhattan_cells(width, height)
    room = OUTBOX_MIN if threads == 1 else max(OUTBOX_MIN, space // OUTBOX_SHARE)
    outboxes = [np.zeros(room, dtype=np.int64) for _ in range(threads)]
    counts = np.zeros((threads, 3), dtype=np.int64)
    seed_nb(goal, n - 1, width, n, state)
    level = 0
    while True:
        counts[:, 0] = 0
        before = int(filled[0])
        where = bounds[:-1]
        while any(where[t] < bounds[t + 1] for t in range(threads)):
            written = int(counts[:, 1].sum())

            def expand(t: int, level: int = level, where: list[int] = where) -> None:
                where[t] = int(expand_nb(goal, nbr, dist, width, state, out, level,
                                         bounds[t], bounds[t + 1], where[t], counts[t],
                                         cancel, outboxes[t]))

            def hand_over(t: int, level: int = level) -> None:
                for u in range(threads):
                    if u != t:
                        cross_nb(state, outboxes[u], int(counts[u, 2]), bounds[t],
                                 bounds[t + 1], level, width, n, counts[t])

            _in_parallel(expand, threads)
            if any(w < 0 for w in where):
                return None
            _in_parallel(hand_over, threads)
            counts[:, 2] = 0
            filled[0] += int(counts[:, 1].sum()) - written
            if filled.size > 1:
                filled[1] = level
        if on_level is not None:
            on_level(level, int(filled[0]) - before, int(counts[:, 0].sum()))
        if counts[:, 0].sum() == 0:
            return out
        level += 1


def _in_parallel(work: Callable[[int], None], threads: int) -> None:
    """``work(t)`` for every thread number, on that many threads (the kernels drop the GIL)."""
    if threads == 1:
        work(0)
        return
    errors: list[BaseException] = []

    def run(t: int) -> None:
        try:
            work(t)
        except BaseException as exc:  # handed to the caller below
            errors.append(exc)

    running = [threading.Thread(target=run, args=(t,), daemon=True,
                                name="fifteen-strong-level") for t in range(threads)]
    for thread in running:
        thread.start()
    for thread in running:
        thread.join()
    if errors:
        raise errors[0]


def unpack(packed: np.ndarray, size: int) -> np.ndarray:
    """The excess of every placement as one byte each (tests and checks)."""
    values = np.empty(2 * packed.size, dtype=np.uint8)
    values[0::2] = packed & 0x0F
    values[1::2] = packed >> 4
    return values[:size]
