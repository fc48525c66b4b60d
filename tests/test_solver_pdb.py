"""Pattern databases and IDA* on small shapes: reference agreement, admissibility, cache."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from helpers import bfs_distances

from game.core.board import MOVES, Board, inverse
from game.solver import cache
from game.solver.encoding import (
    rank_pattern,
    rank_pattern_nb,
    unrank_pattern,
    unrank_pattern_nb,
)
from game.solver.exact import dupes
from game.solver.exact.heuristic import forget_heuristics, get_heuristic, make_heuristic
from game.solver.exact.ida import IdaSearch, manhattan_parity
from game.solver.exact.pdb import build_pdb, build_pdb_reference, partition

pytestmark = pytest.mark.usefixtures("private_cache")


@pytest.fixture(scope="module")
def heur33():
    """A 3x3 PDB heuristic (4-4 split, with the mirror lookup since 3x3 is square)."""
    return make_heuristic(3, 3, ((1, 2, 3, 4), (5, 6, 7, 8)))


def test_pattern_rank_round_trip() -> None:
    rng = random.Random(2)
    out = np.empty(6, dtype=np.int64)
    for cells, k in [(9, 4), (12, 6), (16, 6), (16, 3)]:
        seen = set()
        for _ in range(300):
            positions = tuple(rng.sample(range(cells), k))
            rank = rank_pattern(positions, cells)
            assert 0 <= rank < math.perm(cells, k)
            assert rank == rank_pattern_nb(np.array(positions, dtype=np.int64), k, cells)
            assert unrank_pattern(rank, k, cells) == positions
            unrank_pattern_nb(rank, k, cells, out)
            assert tuple(int(p) for p in out[:k]) == positions
            seen.add(rank)
        assert len(seen) > 250


@pytest.mark.parametrize(
    ("shape", "group"),
    [((3, 3), (1, 2, 3, 4)), ((3, 3), (5, 6, 7, 8)), ((2, 4), (1, 3, 5, 7)),
     ((4, 3), (3, 7, 11, 4)), ((2, 3), (1, 2, 3, 4, 5)), ((5, 2), (1, 6, 2)),
     ((5, 5), (20, 24)), ((5, 5), (1, 7)), ((4, 5), (19, 15, 18)), ((6, 3), (1, 2, 7))],
)
def test_compiled_build_equals_python_reference(shape: tuple[int, int], group) -> None:
    assert np.array_equal(build_pdb(*shape, group), build_pdb_reference(*shape, group))


@pytest.mark.parametrize("shape", [(4, 3), (3, 4), (2, 5), (5, 2), (2, 8), (8, 2), (4, 4), (5, 3)])
def test_partitions_cover_every_tile_once(shape: tuple[int, int]) -> None:
    groups = partition(*shape)
    tiles = sorted(t for g in groups for t in g)
    assert tiles == list(range(1, shape[0] * shape[1]))
    assert all(len(g) <= 6 for g in groups)


def test_pdb_heuristic_admissible_on_3x3_boards(heur33, bfs33) -> None:
    assert heur33.use_mirror
    for tiles, d in list(bfs33.items())[::7]:
        h = heur33(Board(3, 3, tiles))
        assert h <= d
        assert (h == 0) == (d == 0)


def _free_cells_connected(occupied: set[int], width: int, height: int) -> bool:
    free = [c for c in range(width * height) if c not in occupied]
    reached = {free[0]}
    stack = [free[0]]
    while stack:
        c = stack.pop()
        r, k = divmod(c, width)
        for rr, kk in ((r + 1, k), (r - 1, k), (r, k + 1), (r, k - 1)):
            n = rr * width + kk
            if 0 <= rr < height and 0 <= kk < width and n not in occupied and n not in reached:
                reached.add(n)
                stack.append(n)
    return len(reached) == len(free)


def test_pdb_lookups_consistent_where_the_blank_is_free_to_roam(heur33, bfs33) -> None:
    """Each table is minimised over the blank, so a move changes a group's value by at most
    one whenever the other cells form one region before and after (the blank can reach any
    of them for free). Where pattern tiles wall the blank in, the jump can be larger: the
    heuristic stays admissible (tested above), which is all IDA* needs for optimality."""
    checked = 0
    for tiles in list(bfs33)[::29]:
        board = Board(3, 3, tiles)
        for mirrored in (False, True):
            pos = heur33.group_positions(tiles, mirrored)
            vals = heur33.group_values(pos)
            for m in board.legal_moves():
                cpos = heur33.group_positions(board.apply(m).tiles, mirrored)
                cvals = heur33.group_values(cpos)
                for g, group in enumerate(heur33.groups):
                    before = {int(p) for p in pos[g, : len(group)]}
                    after = {int(p) for p in cpos[g, : len(group)]}
                    if _free_cells_connected(before, 3, 3) and _free_cells_connected(after, 3, 3):
                        assert abs(int(cvals[g]) - int(vals[g])) <= 1
                        checked += 1
    assert checked > 5_000


def test_pdb_heuristic_admissible_on_2x4(bfs33) -> None:
    heur = make_heuristic(2, 4, ((1, 2, 3, 4), (5, 6, 7)))
    truth = bfs_distances(2, 4)
    for tiles, d in list(truth.items())[::5]:
        assert heur(Board(2, 4, tiles)) <= d


def _dfs(b: Board, g: int, prev: str, bound: int, heur, stats: dict,
         below: str = "") -> str | None:
    """``below``: the move codes after the root's, for the duplicate strings (a move that
    ends one of ``dupes``' listed strings is never made, nor counted)."""
    for m in MOVES:
        if (prev and m == inverse(prev)) or not b.can_move(m):
            continue
        text = below + str(MOVES.index(m))
        if g > 0 and any(text[i:] in stats["listed"] for i in range(len(text))):
            continue
        child = b.apply(m)
        stats["nodes"] += 1
        h = heur(child)
        if g + 1 + h > bound:
            stats["next"] = min(stats["next"], g + 1 + h)
            continue
        if h == 0:
            return m
        rest = _dfs(child, g + 1, m, bound, heur, stats, text if g > 0 else "")
        if rest is not None:
            return m + rest
    return None


def reference_ida(board: Board, heur) -> tuple[str, int]:
    """Plain-Python IDA* with the kernel's move order, duplicate pruning and node counting."""
    bound = heur(board)
    if bound == 0:
        return "", 0
    parity = manhattan_parity(board)  # every solution has this parity
    bound += (bound - parity) % 2
    stats: dict = {"nodes": 0, "listed": {p for p, _ in dupes.load_pairs()}}
    while True:
        stats["next"] = 10**9
        found = _dfs(board, 0, "", bound, heur, stats)
        if found is not None:
            return found, stats["nodes"]
        bound = stats["next"] + (stats["next"] - parity) % 2


def test_solution_length_parity_is_the_manhattan_parity(bfs33) -> None:
    for tiles, d in list(bfs33.items())[::13]:
        assert manhattan_parity(Board(3, 3, tiles)) == d % 2


def test_compiled_ida_equals_python_reference(heur33, bfs33) -> None:
    rng = random.Random(9)
    flag = np.zeros(1, dtype=np.int64)
    for tiles in rng.sample(list(bfs33), 40):
        board = Board(3, 3, tiles)
        path, nodes = reference_ida(board, heur33)
        search = IdaSearch(board, heur33, flag, None, None)
        assert search.solve() == path
        assert search.nodes == nodes
        assert len(path) == bfs33[tiles]


def test_compiled_ida_optimal_on_2x4_without_mirror() -> None:
    heur = make_heuristic(2, 4, ((1, 2, 3, 4), (5, 6, 7)))
    assert not heur.use_mirror
    truth = bfs_distances(2, 4)
    flag = np.zeros(1, dtype=np.int64)
    for tiles in random.Random(4).sample(list(truth), 40):
        board = Board(2, 4, tiles)
        path = IdaSearch(board, heur, flag, None, None).solve()
        assert len(path) == truth[tiles] and board.apply_all(path).is_solved()


def test_cache_round_trip_and_rejection(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    tables = [np.arange(10, dtype=np.uint8), np.arange(5, dtype=np.uint8)]
    meta = {"shape": "t"}
    path = cache.save_tables("unit", meta, tables)
    assert path.is_relative_to(tmp_path)
    loaded = cache.load_tables("unit", meta)
    assert loaded is not None
    assert all(np.array_equal(a, b) for a, b in zip(loaded, tables, strict=True))
    assert cache.load_tables("unit", {"shape": "other"}) is None
    assert cache.load_tables("missing", meta) is None
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF
    path.write_bytes(bytes(data))
    assert cache.load_tables("unit", meta) is None  # checksum
    path.write_bytes(path.read_bytes()[:-3])
    assert cache.load_tables("unit", meta) is None  # truncated
    path.write_bytes(b"garbage")
    assert cache.load_tables("unit", meta) is None
    monkeypatch.setattr(cache, "CACHE_VERSION", cache.CACHE_VERSION + 1)
    assert cache.load_tables("unit", meta) is None  # another version, another file


def test_heuristic_built_on_first_use_cached_and_rebuilt_when_corrupt(tmp_path,
                                                                      monkeypatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    forget_heuristics()
    try:
        file = cache.cache_path("pdb-5x2")
        assert not file.exists()
        built = get_heuristic(5, 2)
        assert built.build_seconds > 0 and file.exists()
        forget_heuristics()
        loaded = get_heuristic(5, 2)
        assert loaded.build_seconds == 0 and np.array_equal(loaded.pdbs, built.pdbs)
        data = bytearray(file.read_bytes())
        data[len(data) // 2] ^= 0x55
        file.write_bytes(bytes(data))
        forget_heuristics()
        rebuilt = get_heuristic(5, 2)
        assert rebuilt.build_seconds > 0 and np.array_equal(rebuilt.pdbs, built.pdbs)
        assert cache.load_tables("pdb-5x2", {"width": 5, "height": 2,
                                             "groups": [list(g) for g in partition(5, 2)]})
    finally:
        forget_heuristics()


def test_self_consistent_cache_of_the_wrong_shape_is_rebuilt(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    forget_heuristics()
    try:
        meta = {"width": 5, "height": 2, "groups": [list(g) for g in partition(5, 2)]}
        tiny = [np.zeros(10, dtype=np.uint8) for _ in partition(5, 2)]
        cache.save_tables("pdb-5x2", meta, tiny)  # valid checksum, wrong table sizes
        rebuilt = get_heuristic(5, 2)
        assert rebuilt.build_seconds > 0
        stored = cache.load_tables("pdb-5x2", meta)
        assert stored is not None
        assert [t.size for t in stored] == [math.perm(10, len(g)) for g in partition(5, 2)]
    finally:
        forget_heuristics()


def test_importing_the_solver_builds_nothing(tmp_path) -> None:
    import os
    import subprocess
    import sys

    code = (
        "import game.solver, game.solver.exact.heuristic as h, game.solver.exact.tables as t;"
        "assert not h._heuristics and not t._tables"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    subprocess.run([sys.executable, "-c", code], check=True, env=env)
    assert not any(tmp_path.iterdir())


def test_ida_lengths_and_optimal_moves_equal_exhaustive_search_on_5x2() -> None:
    """5x2 (10 cells) is solved by IDA* with PDBs; a compiled BFS over all 10! ranks checks it."""
    from game.core.generate import random_board
    from game.solver import optimal_moves, solve
    from game.solver.encoding import neighbour_table, rank_permutation
    from game.solver.exact.tables import _bfs

    goal = np.array(Board.goal(5, 2).tiles, dtype=np.int8)
    table = _bfs(goal, neighbour_table(5, 2), math.factorial(10))
    assert int((table >= 0).sum()) == math.factorial(10) // 2

    def dist(board: Board) -> int:
        return int(table[rank_permutation(board.tiles)])

    rng = random.Random(10)
    for i in range(60):
        board = random_board(5, 2, rng)
        solution = solve(board)
        assert solution.optimal and solution.length == dist(board)
        if i % 4 == 0:
            result = optimal_moves(board)
            expected = {m for m in board.legal_moves() if dist(board.apply(m)) == dist(board) - 1}
            assert result.distance == dist(board) and result.moves == frozenset(expected)


def test_pausing_the_kernel_every_few_nodes_changes_nothing(heur33, bfs33, monkeypatch) -> None:
    """The driver runs the kernel in node-budget chunks; resuming must continue exactly."""
    from game.solver.exact import ida

    rng = random.Random(12)
    flag = np.zeros(1, dtype=np.int64)
    boards = [Board(3, 3, tiles) for tiles in rng.sample(list(bfs33), 25)]
    whole = [IdaSearch(b, heur33, flag, None, None) for b in boards]
    expected = [(s.solve(), s.nodes) for s in whole]
    calls: list[tuple[int, int]] = []
    for chunk in (1, 7, 64):
        monkeypatch.setattr(ida, "CHUNK_NODES", chunk)
        calls.clear()
        for board, (path, nodes) in zip(boards, expected, strict=True):
            paused = IdaSearch(board, heur33, flag, None, lambda b, n: calls.append((b, n)))
            assert (paused.solve(), paused.nodes) == (path, nodes)
        assert len(calls) > len(boards)
