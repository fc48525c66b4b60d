"""The strong build's level kernels: one tile-0 cell's share of a level, and its hand-over."""

from __future__ import annotations

import numpy as np

from game.solver.exact.pdb import blank_region
from game.solver.jit import kernel

UNSEEN, CLOSED = 0, 1
"""Two-bit codes of a (placement, blank cell): not reached yet, or reached and expanded.
Codes 2 and 3 mark cells reached at an even or an odd level and not expanded yet."""
NIBBLE_MAX = 15
"""Largest stored excess: (pdb - manhattan) / 2 is clamped here (a smaller bound is still
admissible; on the 4x4 7-8 tables it is never reached)."""
EVEN_BITS = 0x55555555
BLOCK_BITS = 12
"""A chunk's words are flagged in blocks of 4,096 (16 KB): a level scans only the blocks
holding its frontier, so the long first and last levels skip nearly all of the table."""
SPARE_PAGES = 4
"""A placement hands over at most four children (its first tile's neighbours), each of which
may open a page: a chunk pauses when fewer pages are left."""
CANCEL_ENTRIES = 1 << 16
"""The cancel flag is read every this many handed-over children (and at every block)."""
ENTRY_RANK, ENTRY_CELL = 20, 16
"""An outbox entry: (child rank << 20) | (blank cell << 16) | the child's free cells."""


def bit_tables() -> tuple[np.ndarray, np.ndarray]:
    """``select[m, j]``: the j-th set bit of the byte m (``select[m, 8]``: how many there are);
    ``low[(x & -x) % 37]``: the index of x's lowest set bit (2**i % 37 differ for i < 36)."""
    select = np.zeros((256, 9), dtype=np.int64)
    for m in range(256):
        bits = [b for b in range(8) if (m >> b) & 1]
        select[m, : len(bits)] = bits
        select[m, 8] = len(bits)
    low = np.zeros(37, dtype=np.int64)
    for b in range(32):
        low[(1 << b) % 37] = b
    return select, low


def digit_weights(n: int, k: int) -> np.ndarray:
    """``weights[i]``: what one step of tile i's rank digit is worth in the dense rank."""
    weights = np.ones(k, dtype=np.int64)
    for i in range(k - 2, -1, -1):
        weights[i] = weights[i + 1] * (n - i - 1)
    return weights


@kernel
def spread(mask: int) -> int:
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
def edges(width: int, n: int) -> tuple[int, int]:
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
def _delta(i: int, p: int, c: int, weights: np.ndarray, tile_at: np.ndarray) -> int:
    """How the dense rank changes when tile i slides from cell p to cell c: its digit moves
    by the cells between less the earlier tiles there, and each later tile there gains or
    loses one (nothing lies between on a sideways move)."""
    a, b = (p, c) if p < c else (c, p)
    d = (b - a) * weights[i]
    for x in range(a + 1, b):
        j = tile_at[x]
        if j >= 0:
            d += weights[j] if j > i else -weights[i]
    return d if c > p else -d


@kernel
def expand_chunk(chunk: int, start: int, goal: np.ndarray, dist: np.ndarray,
                 weights: np.ndarray, select: np.ndarray, low_bit: np.ndarray, width: int,
                 state: np.ndarray, out: np.ndarray, flags: np.ndarray, level: int,
                 counts: np.ndarray, cancel: np.ndarray, box: np.ndarray, link: np.ndarray,
                 book: np.ndarray) -> int:
    """Expand level ``level``'s frontier among the placements with the first tile in cell
    ``chunk``, from sub-rank ``start``; return the sub-rank it stopped at (the chunk's size
    when done, -1 when cancelled, less when the outbox ran out of pages).

    Every frontier region of a placement is expanded once, then closed; children reached for
    the first time are marked as the next level's and their block flagged. Moves of the first
    tile lead to another chunk: those children go to the outbox (``cross_chunk`` marks them),
    so only this call writes this chunk's words, flags and counts (the chunk's row: regions
    marked, placements written). A placement's value is written when it is first expanded
    (nothing closed yet: this level reached it first).
    """
    k = goal.shape[0]
    n = dist.shape[0]
    stride = weights[0]
    lo = chunk * stride
    full = (1 << n) - 1
    left_ok, right_ok = edges(width, n)
    mark = 2 + (level & 1)
    next_mark = 2 + ((level + 1) & 1)
    bit = 1 << (level & 1)
    next_bit = 1 << ((level + 1) & 1)
    pages = link.shape[0]
    pos = np.full(k, chunk, dtype=np.int64)
    digits = np.zeros(k, dtype=np.int64)
    used = np.zeros(k + 1, dtype=np.int64)
    tile_at = np.full(n, -1, dtype=np.int64)
    tile_at[chunk] = 0
    used[1] = 1 << chunk
    most = 4 * k  # children of one region, at most
    ranks = np.empty(most, dtype=np.int64)
    froms = np.empty(most, dtype=np.int64)
    tos = np.empty(most, dtype=np.int64)
    words = np.empty(most, dtype=np.int64)
    marked = 0
    written = 0
    cur = -1  # no placement decoded yet
    blocks = flags.shape[1]
    for b in range(start >> BLOCK_BITS, blocks):
        if (flags[chunk, b] & bit) == 0:
            continue
        if cancel[0] != 0:
            counts[chunk, 0] += marked
            counts[chunk, 1] += written
            return -1
        for s in range(max(start, b << BLOCK_BITS), min(stride, (b + 1) << BLOCK_BITS)):
            w = int(state[lo + s])
            high = (w >> 1) & EVEN_BITS
            low = w & EVEN_BITS
            fields = high & low if mark == 3 else high & ~low
            if fields == 0:
                continue
            if pages - book[3 * n] < SPARE_PAGES:
                counts[chunk, 0] += marked
                counts[chunk, 1] += written
                return s
            # the placement: its rank's digits counted up from the last one decoded (the
            # next in a scan changes the last digit or two), only the tiles from the first
            # changed digit on placed again (written out here: a call taking arrays counts
            # their references, atomic operations that cost more than the work)
            first = k
            if cur < 0:
                rest = s
                for i in range(k - 1, 0, -1):
                    digits[i] = rest % (n - i)
                    rest //= n - i
                first = 1
            else:
                carry = s - cur
                i = k - 1
                while carry > 0:
                    t = digits[i] + carry
                    if t < n - i:
                        digits[i] = t
                        carry = 0
                    else:
                        digits[i] = t % (n - i)
                        carry = t // (n - i)
                    first = i
                    i -= 1
            cur = s
            for i in range(first, k):
                if tile_at[pos[i]] == i:
                    tile_at[pos[i]] = -1
            for i in range(first, k):  # the digit-th cell not taken by earlier tiles
                left = ~used[i] & 0xFFFF
                below = select[left & 0xFF, 8]
                digit = digits[i]
                cell = (select[left & 0xFF, digit] if digit < below
                        else 8 + select[left >> 8, digit - below])
                pos[i] = cell
                tile_at[cell] = i
                used[i + 1] = used[i] | (1 << cell)
            occupied = used[k]
            free = full & ~occupied
            if (low & ~high) == 0:
                md = 0
                for i in range(k):
                    md += dist[pos[i], goal[i]]
                value = min((level - md) >> 1, NIBBLE_MAX)
                out[(lo + s) >> 1] |= value << (((lo + s) & 1) * 4)
                written += 1
            cells = _gather(fields)
            while cells != 0:
                region = blank_region(low_bit[(cells & -cells) % 37], free, width,
                                      left_ok, right_ok)
                cells &= ~region
                count = 0
                for way in range(4):  # tiles next to the region slide into it
                    if way == 0:
                        near, step = (region << width) & occupied, -width
                    elif way == 1:
                        near, step = (region >> width) & occupied, width
                    elif way == 2:
                        near, step = (region << 1) & occupied & left_ok, -1
                    else:
                        near, step = (region >> 1) & occupied & right_ok, 1
                    while near != 0:
                        p = low_bit[(near & -near) % 37]
                        near &= near - 1
                        ranks[count] = lo + s + _delta(tile_at[p], p, p + step, weights,
                                                       tile_at)
                        froms[count] = p
                        tos[count] = p + step
                        count += 1
                # the loads first, all at once: their memory fetches overlap
                for j in range(count):
                    if froms[j] != chunk:
                        words[j] = state[ranks[j]]
                for j in range(count):
                    p = froms[j]
                    child_free = free ^ (1 << p) ^ (1 << tos[j])
                    if p == chunk:  # the first tile moved: another chunk's placement
                        dest = tos[j]  # its entry goes on the chain of dest's pages
                        tail = book[n + dest]
                        if tail < 0 or book[2 * n + dest] == box.shape[1]:
                            page = book[3 * n]
                            book[3 * n] += 1
                            link[page] = -1
                            if tail < 0:
                                book[dest] = page
                            else:
                                link[tail] = page
                            book[n + dest] = page
                            book[2 * n + dest] = 0
                            tail = page
                        box[tail, book[2 * n + dest]] = ((ranks[j] << ENTRY_RANK)
                                                         | (p << ENTRY_CELL) | child_free)
                        book[2 * n + dest] += 1
                        continue
                    cw = words[j]
                    if (cw >> (2 * p)) & 3 != UNSEEN:
                        continue
                    child_region = blank_region(p, child_free, width, left_ok, right_ok)
                    state[ranks[j]] = cw | (spread(child_region) * next_mark)
                    flags[chunk, (ranks[j] - lo) >> BLOCK_BITS] |= next_bit
                    marked += 1
            w = int(state[lo + s])
            state[lo + s] = (w & ~(fields | (fields << 1))) | fields  # expanded: closed
        flags[chunk, b] &= ~bit
    counts[chunk, 0] += marked
    counts[chunk, 1] += written
    return stride


@kernel
def cross_chunk(chunk: int, state: np.ndarray, flags: np.ndarray, level: int, width: int,
                stride: int, counts: np.ndarray, cancel: np.ndarray, box: np.ndarray,
                link: np.ndarray, book: np.ndarray) -> bool:
    """Mark the children one worker's outbox holds for ``chunk`` as the next level's frontier;
    False when cancelled. Each chunk's entries are read by one call at a time, so only it
    writes the chunk's words, flags and counts."""
    n = flags.shape[0]
    left_ok, right_ok = edges(width, n)
    next_mark = 2 + ((level + 1) & 1)
    next_bit = 1 << ((level + 1) & 1)
    lo = chunk * stride
    marked = 0
    seen = 0
    page = book[chunk]
    while page >= 0:
        size = book[2 * n + chunk] if page == book[n + chunk] else box.shape[1]
        for j in range(size):
            seen += 1
            if (seen & (CANCEL_ENTRIES - 1)) == 0 and cancel[0] != 0:
                counts[chunk, 0] += marked
                return False
            entry = box[page, j]
            child = entry >> ENTRY_RANK
            p = (entry >> ENTRY_CELL) & 0xF
            cw = int(state[child])
            if (cw >> (2 * p)) & 3 != UNSEEN:
                continue
            region = blank_region(p, entry & 0xFFFF, width, left_ok, right_ok)
            state[child] = cw | (spread(region) * next_mark)
            flags[chunk, (child - lo) >> BLOCK_BITS] |= next_bit
            marked += 1
        page = link[page]
    counts[chunk, 0] += marked
    return True
