"""Fast best-effort solver for big boards: row/column reduction, then anytime improvement."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from heapq import heappop, heappush

from game.core.board import Board
from game.solver.big.beam import BEAM_FIRST_WIDTH, BEAM_GROWTH, BEAM_MAX_WIDTH, beam_search
from game.solver.big.grid import (
    blank_steps,
    goal_distances,
    manhattan_tiles,
)
from game.solver.errors import SolveCancelled, Unsolvable

BLANK_MOVE = {1: "L", -1: "R"}
"""Tile letter when the blank steps by +-1 cell; vertical steps are added per width."""
SMALL_REGION_CELLS = 6
"""Regions of at most this many cells (2x2, 2x3, 3x2) are finished by breadth-first search."""
FINISH_MARGIN = 0.03
"""Seconds kept before the deadline for the last loop cutting and the final replay."""
UNREACHED = 1 << 30
ROW_BIAS = 0.75
"""Randomised reductions peel the longer side first with this probability."""
BEAM_BOARD_CELLS = 36
"""Boards of at most this many cells are improved by beam search as a whole."""
BEAM_CORNER_CELLS = 25
"""Bigger boards are peeled down to a corner of at most this many cells for beam search."""
REVERSE_ODDS = 0.5
"""Randomised peeling fills a line from its far end with this probability."""
PEEL_SHARE = 0.5
MAX_PEELS = 200
"""Big boards get up to this many randomised peelings, in this share of the time left."""
CORNER_FACTOR = 2
"""A peeling's score: its length plus this times the Manhattan distance of its corner."""
FIRST_DETOUR = 2
DETOURS = (1, 2, 3)
"""Blank routing: a step costs this, plus or minus one as it pushes a tile from or to home."""


class _Stuck(RuntimeError):
    """Internal: a reduction step found no way forward (a bug if it ever escapes)."""


class _Reducer:
    """Solves a flat board in place, one goal row or column at a time."""

    def __init__(self, tiles: list[int], w: int, h: int, cancelled: Callable[[], bool],
                 rng: random.Random | None = None, detour: int = FIRST_DETOUR):
        self.cells = tiles
        self.w, self.h = w, h
        self.pos = [0] * (w * h)
        for i, t in enumerate(tiles):
            self.pos[t] = i
        self.nbrs = blank_steps(w, h)
        self.dist = goal_distances(w, h)
        self.detour = detour
        self.locked = bytearray(w * h)
        self.moves: list[str] = []
        self.cancelled = cancelled
        self.rng = rng

    # --- primitive steps -------------------------------------------------
    def _step(self, to: int, letter: str) -> None:
        cells, pos = self.cells, self.pos
        b = pos[0]
        t = cells[to]
        cells[b], cells[to] = t, 0
        pos[t], pos[0] = b, to
        self.moves.append(letter)

    def _blank_tree(self, avoid: int) -> tuple[list[int], list[int]]:
        """Cheapest-path parents and costs of the cells the blank reaches without ``avoid``.

        A step costs ``detour`` plus one if it pushes a tile away from its goal, minus one
        if it pushes it closer, so among short paths those that tidy up are preferred.
        """
        start = self.pos[0]
        size = len(self.cells)
        parent = [-2] * size
        cost = [UNREACHED] * size
        parent[start] = -1
        cost[start] = 0
        cells, dist, detour, locked, nbrs = (
            self.cells, self.dist, self.detour, self.locked, self.nbrs)
        heap = [(0, start)]
        while heap:
            c, cell = heappop(heap)
            if c > cost[cell]:
                continue
            for nb, _ in nbrs[cell]:
                if locked[nb] or nb == avoid:
                    continue
                d = dist[cells[nb]]
                nc = c + detour + d[cell] - d[nb]
                if nc < cost[nb]:
                    cost[nb] = nc
                    parent[nb] = cell
                    heappush(heap, (nc, nb))
        return parent, cost

    def _walk(self, parent: list[int], target: int) -> None:
        path = []
        while target != -1:
            path.append(target)
            target = parent[target]
        path.reverse()
        for a, b in zip(path, path[1:], strict=False):
            self._step(b, self._letter(a, b))

    def _letter(self, a: int, b: int) -> str:
        d = b - a
        if d == self.w:
            return "U"
        if d == -self.w:
            return "D"
        return BLANK_MOVE[d]

    def blank_to(self, target: int, avoid: int = -1) -> None:
        parent, _ = self._blank_tree(avoid)
        if parent[target] == -2:
            raise _Stuck(f"blank cannot reach cell {target}")
        self._walk(parent, target)

    def place(self, tile: int, target: int) -> None:
        """Bring ``tile`` to ``target`` without touching locked cells."""
        if self.cancelled():
            raise SolveCancelled("the row and column reduction was cancelled")
        w = self.w
        gr, gc = divmod(target, w)
        while self.pos[tile] != target:
            t = self.pos[tile]
            tr, tc = divmod(t, w)
            cands = []
            if gr > tr:
                cands.append(t + w)
            if gr < tr:
                cands.append(t - w)
            if gc > tc:
                cands.append(t + 1)
            if gc < tc:
                cands.append(t - 1)
            if self.rng is not None and len(cands) > 1:
                self.rng.shuffle(cands)
            parent, cost = self._blank_tree(t)
            best, best_cost = -1, UNREACHED
            for c in cands:
                if not self.locked[c] and cost[c] < best_cost:
                    best, best_cost = c, cost[c]
            if best < 0:
                self.search([tile], target=[target])  # greed is stuck: search exactly
                return
            self._walk(parent, best)
            self._step(t, self._letter(best, t))

    # --- lines -------------------------------------------------------------
    def solve_line(self, cells: list[int], side: int) -> None:
        """Place the goal tiles of ``cells`` (a row or column, in order) and lock them.

        ``side`` is the offset from a line cell to its neighbour in the rest of the region.
        The last two tiles use the classic trick: the second-to-last waits in the last
        cell, the last waits beside it, then two moves slot both in.
        """
        for cell in cells[:-2]:
            self.place(cell + 1, cell)
            self.locked[cell] = 1
        a_cell, b_cell = cells[-2], cells[-1]
        a, b = a_cell + 1, b_cell + 1
        if self.pos[a] == a_cell and self.pos[b] == b_cell:
            self.locked[a_cell] = self.locked[b_cell] = 1
            return
        self.place(a, b_cell)
        self.locked[b_cell] = 1
        pocket = self.pos[b] == a_cell or (
            self.pos[b] == a_cell + side and self.pos[0] == a_cell
        )
        if pocket:  # b is shut in the corner behind a: sort the corner out by search
            if self.pos[b] == a_cell:
                self.blank_to(a_cell + side)
            self.locked[b_cell] = 0
            step = b_cell - a_cell
            window = [a_cell + k * side + j * step for k in range(3) for j in range(2)]
            self.search([a, b], [a_cell, b_cell], set(window))
            self.locked[a_cell] = self.locked[b_cell] = 1
            return
        self.place(b, b_cell + side)
        self.locked[b_cell + side] = 1
        self.blank_to(a_cell)
        self.locked[b_cell + side] = 0
        self._step(b_cell, self._letter(a_cell, b_cell))
        self._step(b_cell + side, self._letter(b_cell, b_cell + side))
        self.locked[a_cell] = self.locked[b_cell] = 1

    def search(self, tiles: list[int], target: list[int],
               allowed: set[int] | None = None) -> None:
        """Breadth-first search over the cells of the blank and ``tiles`` until each tile
        stands on its ``target`` cell, using only ``allowed`` cells (default: unlocked)."""
        if self.cancelled():
            raise SolveCancelled("the row and column reduction was cancelled")
        pos, locked = self.pos, self.locked
        start = (pos[0], *(pos[t] for t in tiles))
        goal = tuple(target)
        parent: dict[tuple[int, ...], tuple[int, ...] | None] = {start: None}
        frontier = [start]
        for state in frontier:
            if state[1:] == goal:
                break
            blank = state[0]
            for nb, _ in self.nbrs[blank]:
                if (nb not in allowed) if allowed is not None else locked[nb]:
                    continue
                nxt = (nb, *(blank if p == nb else p for p in state[1:]))
                if nxt not in parent:
                    parent[nxt] = state
                    frontier.append(nxt)
        else:
            raise _Stuck(f"tiles {tiles} cannot reach cells {target}")
        path = []
        node: tuple[int, ...] | None = state
        while node is not None:
            path.append(node[0])
            node = parent[node]
        path.reverse()
        for x, y in zip(path, path[1:], strict=False):
            self._step(y, self._letter(x, y))


def _peel(tiles: list[int], w: int, h: int, cancelled: Callable[[], bool],
          rng: random.Random | None, detour: int, keep: int,
          square: int = 0) -> tuple[_Reducer, int, int]:
    """Peel goal rows and columns until the unsolved corner has at most ``keep`` cells
    (or, with ``square``, until it is exactly ``square`` x ``square``).

    Without ``rng`` the longer side is peeled first (rows on ties); with it, the
    side and the tie-breaks of tile routing are drawn at random for variety.
    Returns the reducer (its moves and cells) and the corner's top-left row and column.
    """
    red = _Reducer(list(tiles), w, h, cancelled, rng, detour)
    r0 = c0 = 0
    while (h - r0 > square or w - c0 > square) if square else (h - r0) * (w - c0) > keep:
        rh, rw = h - r0, w - c0
        if square and (rh == square or rw == square):
            take_row = rh > square
        elif rh < 3 or rw < 3:
            take_row = rh >= 3
        elif rng is None:
            take_row = rh >= rw
        else:
            longer_rows = rh > rw or (rh == rw and rng.random() < 0.5)
            take_row = longer_rows == (rng.random() < ROW_BIAS)
        if take_row:
            line, side = [r0 * w + c for c in range(c0, w)], w
            r0 += 1
        else:
            line, side = [r * w + c0 for r in range(r0, h)], 1
            c0 += 1
        if rng is not None and rng.random() < REVERSE_ODDS:
            line.reverse()  # the two-tile trick then happens at the other end
        red.solve_line(line, side)
    return red, r0, c0


def _reduce(tiles: list[int], w: int, h: int, cancelled: Callable[[], bool],
            rng: random.Random | None = None, detour: int = FIRST_DETOUR) -> str:
    """A full solution of the flat board: peel lines, then search the last few cells."""
    red, r0, c0 = _peel(tiles, w, h, cancelled, rng, detour, SMALL_REGION_CELLS)
    region = [r * w + c for r in range(r0, h) for c in range(c0, w)]
    red.search([i + 1 for i in region[:-1]], region[:-1], set(region))
    return "".join(red.moves)


def _corner(cells: list[int], w: int, h: int, r0: int, c0: int) -> list[int]:
    """The unsolved bottom-right corner as a board of its own, tiles relabelled."""
    cw = w - c0
    out = []
    for r in range(r0, h):
        for c in range(c0, w):
            t = cells[r * w + c]
            if t:
                gr, gc = divmod(t - 1, w)
                t = (gr - r0) * cw + gc - c0 + 1
            out.append(t)
    return out


def _tile_steps(w: int) -> dict[str, int]:
    """Offset from the blank to the tile each letter moves, on a board ``w`` wide."""
    return {"U": w, "D": -w, "L": 1, "R": -1}


def _without_loops(tiles: list[int], w: int, moves: str) -> str:
    """Cut every stretch of ``moves`` that returns to a board seen before."""
    step = _tile_steps(w)
    cells = list(tiles)
    blank = cells.index(0)
    seen = {tuple(cells): 0}
    kept: list[str] = []
    history = [tuple(cells)]
    for m in moves:
        src = blank + step[m]
        cells[blank], cells[src] = cells[src], 0
        blank = src
        key = tuple(cells)
        back = seen.get(key)
        if back is None:
            kept.append(m)
            history.append(key)
            seen[key] = len(kept)
        else:
            for old in history[back + 1 :]:
                del seen[old]
            del history[back + 1 :]
            del kept[back:]
    return "".join(kept)


def _reaches_goal(tiles: list[int], w: int, moves: str) -> bool:
    """Replay ``moves`` on a flat board, checking each is legal; True if it ends solved."""
    n = len(tiles)
    step = _tile_steps(w)
    cells = list(tiles)
    blank = cells.index(0)
    for m in moves:
        src = blank + step[m]
        if not 0 <= src < n or (m in "LR" and src // w != blank // w):
            return False
        cells[blank], cells[src] = cells[src], 0
        blank = src
    return cells == [*range(1, n), 0]


def solve_large(board: Board, *, deadline: float,
                cancelled: Callable[[], bool] = lambda: False) -> str:
    """A move string that solves ``board`` (any size), the shortest found by ``deadline``.

    The first answer comes from a row/column reduction in milliseconds (about 30 ms for
    10x10), so a valid solution is returned even when the deadline has already passed.
    The time left goes to randomised peelings of the outer lines (the best one is kept)
    and to ever wider beam searches on the last corner: the whole board up to
    BEAM_BOARD_CELLS cells, else a corner of at most BEAM_CORNER_CELLS. Returns early
    when the widest beam is done. Raises SolveCancelled soon after ``cancelled()``
    turns true and Unsolvable for a board that cannot be solved.
    """
    if cancelled():
        raise SolveCancelled(f"search of {board} was cancelled")
    if not board.is_solvable():
        raise Unsolvable(f"board {board.text()} cannot reach the goal")
    if board.is_solved():
        return ""
    w, h = board.width, board.height
    tiles = list(board.tiles)
    deadline -= FINISH_MARGIN
    keep = w * h if w * h <= BEAM_BOARD_CELLS else BEAM_CORNER_CELLS
    # First answer: peel down to the corner, then reduce the corner as a board of its own.
    red, r0, c0 = _peel(tiles, w, h, cancelled, None, FIRST_DETOUR, keep)
    prefix = _without_loops(tiles, w, "".join(red.moves))
    corner = _corner(red.cells, w, h, r0, c0)
    cw, ch = w - c0, h - r0
    best = _without_loops(tiles, w, prefix + _reduce(corner, cw, ch, cancelled))
    # Then the best of several randomised peelings, and wider and wider beams on its corner.
    rng = random.Random(hash(board.tiles))
    peel_until = time.monotonic() + PEEL_SHARE * (deadline - time.monotonic())
    score = len(prefix) + CORNER_FACTOR * manhattan_tiles(corner, cw)
    for _ in range(MAX_PEELS if prefix else 0):
        if time.monotonic() >= peel_until:
            break
        red, r0, c0 = _peel(tiles, w, h, cancelled, rng, rng.choice(DETOURS), keep)
        moves = _without_loops(tiles, w, "".join(red.moves))
        cells = _corner(red.cells, w, h, r0, c0)
        if len(moves) + CORNER_FACTOR * manhattan_tiles(cells, w - c0) < score:
            prefix, corner, cw, ch = moves, cells, w - c0, h - r0
            score = len(prefix) + CORNER_FACTOR * manhattan_tiles(corner, cw)
    beam_width = BEAM_FIRST_WIDTH
    while beam_width <= BEAM_MAX_WIDTH and time.monotonic() < deadline:
        rest = beam_search(corner, cw, ch, beam_width, len(best) - len(prefix), deadline, cancelled)
        beam_width *= BEAM_GROWTH
        if rest is not None:
            moves = _without_loops(tiles, w, prefix + rest)
            if len(moves) < len(best):
                best = moves
    if not _reaches_goal(tiles, w, best):
        raise _Stuck(f"internal error: the solution found for {board.text()} is wrong")
    return best

