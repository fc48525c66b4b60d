"""The pattern-database heuristic as a value: tables for one shape, their lookup (plain or
packed) and the mirror lookup; built, cached and shared by ``game.solver.exact.heuristic``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from game.core.board import Board
from game.solver.encoding import neighbour_table, rank_pattern
from game.solver.exact.pdb_pack import ENTRIES_A_BYTE, goal_distances, unpacked


class Placing(Protocol):
    """What ``group_positions`` reads of a heuristic: which group and slot each tile has, and
    the transposition of tiles and cells."""

    @property
    def cells(self) -> int: ...
    @property
    def sizes(self) -> np.ndarray: ...
    @property
    def tile_group(self) -> np.ndarray: ...
    @property
    def tile_slot(self) -> np.ndarray: ...
    @property
    def mirror_tile(self) -> np.ndarray: ...
    @property
    def mirror_cell(self) -> np.ndarray: ...


def group_positions(tables: Placing, groups: int, tiles: tuple[int, ...],
                    mirrored: bool = False) -> np.ndarray:
    """``pos[g, slot]``: the cell of each of ``groups`` groups' tiles on the board ``tiles``
    (on the transposed board if asked), as ``tables`` number them."""
    where = [0] * tables.cells
    for cell, t in enumerate(tiles):
        where[t] = cell
    pos = np.zeros((groups, int(tables.sizes.max())), dtype=np.int8)
    for t in range(1, tables.cells):
        cell = where[t]
        if mirrored:
            t, cell = int(tables.mirror_tile[t]), int(tables.mirror_cell[cell])
        pos[tables.tile_group[t], tables.tile_slot[t]] = cell
    return pos


@dataclass(frozen=True)
class PatternHeuristic:
    """Additive disjoint PDBs for one shape, flattened into arrays the kernel can read.

    ``tile_group[t]``/``tile_slot[t]``: which group tile t is in and where; ``pdbs`` holds all
    groups' tables one after another from ``offsets[g]``. On square boards the same tables are
    also looked up on the transposed board (``mirror_tile``/``mirror_cell``) and the larger
    sum is used: both are admissible and consistent, so their maximum is too.
    ``group_tiles[g, slot]`` is the tile in that slot; ``mirror_src[g, slot]`` the tile whose
    transposed image it is (the beam reads placements from a board's inverse).
    Packed tables (``goal_dist`` not empty, ``game.solver.exact.pdb_pack``) hold two entries
    a byte: each the group's excess over its tiles' Manhattan distance, halved;
    ``goal_dist[g, slot, cell]`` is that distance for the tile in the slot, and the kernels
    add it back (``kernels.table_value``). ``offsets`` count entries, not bytes.
    """

    width: int
    height: int
    groups: tuple[tuple[int, ...], ...]
    pdbs: np.ndarray
    offsets: np.ndarray
    sizes: np.ndarray
    tile_group: np.ndarray
    tile_slot: np.ndarray
    mirror_tile: np.ndarray
    mirror_cell: np.ndarray
    use_mirror: bool
    nbr: np.ndarray
    group_tiles: np.ndarray
    mirror_src: np.ndarray
    build_seconds: float = 0.0
    load_seconds: float = 0.0
    goal_dist: np.ndarray = field(default_factory=lambda: np.zeros((0, 0, 0), dtype=np.int8))

    @property
    def packed(self) -> bool:
        """Whether the tables hold halved excesses over Manhattan, two a byte."""
        return self.goal_dist.shape[0] > 0

    @property
    def cells(self) -> int:
        """Number of cells on the board."""
        return self.width * self.height

    def group_positions(self, tiles: tuple[int, ...], mirrored: bool = False) -> np.ndarray:
        """``pos[g, slot]``: the cell of each pattern tile (on the transposed board if asked)."""
        return group_positions(self, len(self.groups), tiles, mirrored)

    def group_values(self, pos: np.ndarray) -> np.ndarray:
        """The table value of each group for the placements in ``pos``."""
        values = np.zeros(len(self.groups), dtype=np.int64)
        for g, group in enumerate(self.groups):
            cells = [int(p) for p in pos[g, : len(group)]]
            index = int(self.offsets[g]) + rank_pattern(cells, self.cells)
            if self.packed:
                values[g] = unpacked(self.pdbs, index, sum(
                    int(self.goal_dist[g, slot, cell]) for slot, cell in enumerate(cells)))
            else:
                values[g] = self.pdbs[index]
        return values

    def __call__(self, board: Board) -> int:
        """The heuristic value of ``board`` (plain Python, one lookup per group)."""
        h = int(self.group_values(self.group_positions(board.tiles)).sum())
        if self.use_mirror:
            h = max(h, int(self.group_values(self.group_positions(board.tiles, True)).sum()))
        return h


def _mirror_maps(width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
    n = width * height
    cell = np.arange(n, dtype=np.int8)
    if width == height:
        cell = np.array([(c % width) * width + c // width for c in range(n)], dtype=np.int8)
    tile = np.zeros(n, dtype=np.int8)
    for t in range(1, n):
        tile[t] = cell[t - 1] + 1
    return tile, cell


def assemble(width: int, height: int, groups: tuple[tuple[int, ...], ...],
              tables: list[np.ndarray], build: float, load: float,
              packed: bool = False) -> PatternHeuristic:
    n = width * height
    sizes = np.array([len(g) for g in groups], dtype=np.int64)
    offsets = np.zeros(len(groups), dtype=np.int64)
    offsets[1:] = np.cumsum([t.size * (ENTRIES_A_BYTE if packed else 1) for t in tables])[:-1]
    tile_group = np.full(n, -1, dtype=np.int64)
    tile_slot = np.full(n, -1, dtype=np.int64)
    for g, group in enumerate(groups):
        for s, t in enumerate(group):
            tile_group[t], tile_slot[t] = g, s
    mirror_tile, mirror_cell = _mirror_maps(width, height)
    group_tiles = np.zeros((len(groups), int(sizes.max())), dtype=np.int64)
    mirror_src = np.zeros_like(group_tiles)
    source = {int(mirror_tile[t]): t for t in range(1, n)}
    for g, group in enumerate(groups):
        for s, t in enumerate(group):
            group_tiles[g, s], mirror_src[g, s] = t, source[t]
    pdbs = _joined(tables)
    pdbs.setflags(write=False)
    return PatternHeuristic(
        width, height, groups, pdbs, offsets, sizes, tile_group, tile_slot,
        mirror_tile.astype(np.int64), mirror_cell.astype(np.int64), width == height,
        neighbour_table(width, height).astype(np.int64), group_tiles, mirror_src, build, load,
        **({"goal_dist": goal_distances(width, height, groups)} if packed else {}),
    )


def _joined(tables: list[np.ndarray]) -> np.ndarray:
    """The tables as one array, without a second copy of them all at once: tables read from
    the cache lie side by side in one buffer and are used where they are; built ones are
    moved in one by one, each dropped from ``tables`` once copied (the 6x6 tables are 317
    MB: a concatenation held 634 MB for a moment, in a game that must stay under 1 GB)."""
    owner = _owner(tables[0])
    start = _address(tables[0])
    total = sum(t.size for t in tables)
    at = start
    for table in tables:
        if owner is None or _owner(table) is not owner or _address(table) != at:
            break
        at += table.size
    if owner is not None and at - start == total:
        whole = np.frombuffer(owner, dtype=np.uint8)
        offset = start - _address(whole)
        return whole[offset:offset + total]
    joined = np.empty(total, dtype=np.uint8)
    at = 0
    for i, table in enumerate(tables):
        joined[at:at + table.size] = table
        at += table.size
        tables[i] = joined[:0]  # copied: the caller's list lets it go
    return joined


def _owner(table: np.ndarray) -> bytes | None:
    """The bytes a table read from the cache is a view of (None for a table of its own)."""
    base = table.base
    if isinstance(base, memoryview) and isinstance(base.obj, bytes):
        return base.obj
    return None


def _address(table: np.ndarray) -> int:
    return int(table.__array_interface__["data"][0])
