"""Big pattern databases built level by level over two bits per cell, stored as 4-bit excess."""

from __future__ import annotations

import math
import threading
from collections import deque
from collections.abc import Callable

import numpy as np

from game.solver.encoding import popcount
from game.solver.errors import InvalidRequest
from game.solver.exact.pdb import blank_region
from game.solver.exact.pdb_pack import manhattan_cells, packed_size
from game.solver.exact.strong_level import (
    BLOCK_BITS,
    SPARE_PAGES,
    bit_tables,
    cross_chunk,
    digit_weights,
    edges,
    expand_chunk,
    spread,
)
from game.solver.jit import kernel

MAX_CELLS = 16
"""Two bits per cell of the blank's whereabouts fit one uint32 per placement."""
LevelReport = Callable[[int, int, int, int], None]
"""``on_level(level, placements written, regions marked, rounds)`` after each level."""
OUTBOX_SHARE = 8
OUTBOX_PAGE = 1 << 14
"""The outboxes together hold an 8th of the placements (8 bytes each: 520 MB at most for the
8-tile table), in pages of 16,384 entries. At the widest levels more children cross and a
level goes in two rounds; with half as much, in up to four, and the rounds' hand-overs, each
marking what a few chunks sent, kept the second core idle longer (the 7-tile table in 27-42 s
instead of 27-30 s on a busy machine)."""


@kernel
def _rank(pos: np.ndarray, k: int, n: int) -> int:
    """Dense rank of a placement (the same order as ``encoding.rank_pattern``)."""
    rank = 0
    used = 0
    for i in range(k):
        p = pos[i]
        rank = rank * (n - i) + p - popcount(used & ((1 << p) - 1))
        used |= 1 << p
    return rank


@kernel
def seed_nb(goal: np.ndarray, blank_goal: int, width: int, n: int, state: np.ndarray,
            flags: np.ndarray, stride: int) -> None:
    """Mark the goal placement's blank region as level 0's frontier, and flag its block."""
    left_ok, right_ok = edges(width, n)
    occupied = 0
    for i in range(goal.shape[0]):
        occupied |= 1 << goal[i]
    region = blank_region(blank_goal, ((1 << n) - 1) & ~occupied, width, left_ok, right_ok)
    rank = _rank(goal, goal.shape[0], n)
    state[rank] = spread(region) * 2
    flags[rank // stride, (rank % stride) >> BLOCK_BITS] |= 1


def group_goal(group: tuple[int, ...]) -> np.ndarray:
    """Goal cells of the group's tiles (tile t belongs in cell t-1)."""
    return np.array([t - 1 for t in group], dtype=np.int64)


def build_excess(width: int, height: int, group: tuple[int, ...],
                 filled: np.ndarray | None = None, cancel: np.ndarray | None = None,
                 threads: int = 1, on_level: LevelReport | None = None) -> np.ndarray | None:
    """The packed (pdb - manhattan) / 2 table of one group, or None if cancelled.

    pdb is the fewest moves of pattern tiles (others' moves are free) that take a placement
    to the goal's, found breadth first, level by level, over (placement, blank cell): one
    uint32 per placement holds two bits per cell (``strong_level.UNSEEN``, ``CLOSED``, or
    reached at an even or odd level and not expanded yet); the blank's whole region is always
    marked at once. The ranks fall in one chunk per cell of the group's first tile; only that
    tile's moves lead from one chunk to another. ``threads`` workers take a level's chunks one
    at a time, biggest frontier first, and put the children that cross in their outbox; then
    they take the chunks again to mark those, so no two threads ever write one word. Peak
    memory: 4 bytes per placement while it builds (2.1 GB for 8 tiles of 16 cells), up to a
    byte per placement for the outboxes and the half byte per placement it returns.
    ``filled[0]`` counts placements written (progress), ``filled[1]`` (if there) the level
    being scanned; a non-zero ``cancel[0]`` stops the build. ``on_level(level, written,
    marked, rounds)``, if given, hears of each level once it is done: placements written,
    regions marked for the next, and in how many rounds (more than one when an outbox filled).
    """
    n = width * height
    if n > MAX_CELLS:
        raise InvalidRequest(f"strong tables need at most {MAX_CELLS} cells, not {n}")
    filled = np.zeros(1, dtype=np.int64) if filled is None else filled
    run = _Build(width, height, group, threads, filled,
                 np.zeros(1, dtype=np.int64) if cancel is None else cancel)
    level = 0
    while True:
        run.counts[:] = 0
        if filled.size > 1:
            filled[1] = level
        where = [0] * n  # where each chunk's scan goes on
        rounds = 0
        while not all(w >= run.stride for w in where):  # rounds: till no outbox fills
            if not run.level_round(level, where):
                return None
            rounds += 1
        run.frontier[:] = run.counts[:, 0]
        if on_level is not None:
            on_level(level, int(run.counts[:, 1].sum()), int(run.frontier.sum()), rounds)
        if run.frontier.sum() == 0:
            return run.out
        level += 1


class _Build:
    """One group's build: its arrays, and one round of a level on every worker."""

    def __init__(self, width: int, height: int, group: tuple[int, ...], threads: int,
                 filled: np.ndarray, cancel: np.ndarray) -> None:
        n = width * height
        k = len(group)
        space = math.perm(n, k)
        self.n, self.width, self.filled, self.cancel = n, width, filled, cancel
        self.lock = threading.Lock()  # for ``filled``, which every worker adds to
        self.stride = space // n  # ranks per cell of the first tile: a chunk
        # two chunks share a byte of the table when the stride is odd (small boards only)
        self.workers = max(1, min(threads, n)) if self.stride % 2 == 0 else 1
        self.state = np.zeros(space, dtype=np.uint32)
        self.out = np.zeros(packed_size(width, height, k), dtype=np.uint8)
        self.flags = np.zeros((n, -(-self.stride >> BLOCK_BITS)), dtype=np.uint8)
        self.goal = group_goal(group)
        self.dist = manhattan_cells(width, height)
        self.weights = digit_weights(n, k)
        self.select, self.low_bit = bit_tables()
        pages = max(2 * SPARE_PAGES, space // OUTBOX_SHARE // OUTBOX_PAGE // self.workers)
        self.boxes = [np.zeros((pages, OUTBOX_PAGE), dtype=np.int64)
                      for _ in range(self.workers)]
        self.links = [np.zeros(pages, dtype=np.int64) for _ in range(self.workers)]
        self.empty = np.array([-1] * (2 * n) + [0] * (n + 1), dtype=np.int64)
        self.books = [self.empty.copy() for _ in range(self.workers)]
        self.counts = np.zeros((n, 2), dtype=np.int64)  # per chunk: regions marked, written
        seed_nb(self.goal, n - 1, width, n, self.state, self.flags, self.stride)
        self.frontier = np.zeros(n, dtype=np.int64)  # regions per chunk at this level
        self.frontier[int(self.goal[0])] = 1

    def level_round(self, level: int, where: list[int]) -> bool:
        """Expand the chunks from ``where`` on (till done, or a worker's outbox fills), then
        mark the children handed over; False when cancelled."""
        # biggest frontier first: the last chunks taken are small, the workers end together
        order = sorted(range(self.n), key=lambda c: -int(self.frontier[c]))
        todo = deque(c for c in order if where[c] < self.stride)

        def expand(u: int) -> None:
            def one(c: int) -> bool:
                before = int(self.counts[c, 1])
                where[c] = int(expand_chunk(
                    c, where[c], self.goal, self.dist, self.weights, self.select,
                    self.low_bit, self.width, self.state, self.out, self.flags, level,
                    self.counts, self.cancel, self.boxes[u], self.links[u], self.books[u]))
                with self.lock:  # progress as each chunk is done: a wide level takes seconds
                    self.filled[0] += int(self.counts[c, 1]) - before
                return where[c] >= self.stride  # else cancelled, or the outbox is full

            _drain(todo, one)

        def hand_over(u: int) -> None:
            def one(c: int) -> bool:
                return all(cross_chunk(c, self.state, self.flags, level, self.width,
                                       self.stride, self.counts, self.cancel, self.boxes[v],
                                       self.links[v], self.books[v])
                           for v in range(self.workers))

            _drain(todo, one)

        _in_parallel(expand, self.workers)
        if self.cancel[0] != 0:
            return False
        todo = deque(order)
        _in_parallel(hand_over, self.workers)
        for book in self.books:
            book[:] = self.empty
        return self.cancel[0] == 0


def _drain(todo: deque[int], one: Callable[[int], bool]) -> None:
    """``one(chunk)`` for chunks taken from the shared queue, till it is empty or ``one``
    returns False."""
    while True:
        try:
            chunk = todo.popleft()
        except IndexError:
            return
        if not one(chunk):
            return


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
