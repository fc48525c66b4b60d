"""Packed pattern databases (two entries a byte, excess over Manhattan) and the stronger tier."""

from __future__ import annotations

import math
import random
import time

import numpy as np
import pytest

from game.core.board import Board
from game.core.generate import random_board
from game.solver import cache
from game.solver.big.grid import manhattan
from game.solver.encoding import unrank_pattern
from game.solver.errors import BuildCancelled
from game.solver.exact import heuristic
from game.solver.exact.heuristic import (
    best_loaded,
    build_tables,
    forget_heuristics,
    get_heuristic,
)
from game.solver.exact.ida import IdaSearch
from game.solver.exact.pattern import assemble
from game.solver.exact.pdb_pack import goal_distances, pack, unpacked
from game.solver.exact.pdb_wide import build_wide

pytestmark = pytest.mark.usefixtures("private_cache")

FIVE_THREES = tuple(tuple(range(t, min(t + 3, 25))) for t in range(1, 25, 3))
"""Eight three-tile groups of the 24-puzzle: small tables that build in moments."""


def _pair(width: int, height: int, groups: tuple[tuple[int, ...], ...]):
    """The same tables, unpacked and packed, as two heuristics."""
    plain = build_tables(width, height, groups)
    packed = build_tables(width, height, groups, packed=True)
    return (assemble(width, height, groups, plain, 0.0, 0.0),
            assemble(width, height, groups, packed, 0.0, 0.0, packed=True))


def test_every_packed_entry_reads_back_its_value() -> None:
    group = (1, 2, 5, 6)
    table = build_wide(4, 4, group, np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64))
    assert table is not None
    dist = goal_distances(4, 4, (group,))[0]
    packed = pack(table, dist, np.zeros(1, dtype=np.int64))
    assert packed is not None and packed.size == math.perm(16, 4) // 2
    for rank in range(table.size):
        cells = unrank_pattern(rank, len(group), 16)
        manhattan = sum(int(dist[slot, cell]) for slot, cell in enumerate(cells))
        assert unpacked(packed, rank, manhattan) == table[rank]


def test_a_table_that_is_not_a_count_of_moves_is_refused() -> None:
    dist = goal_distances(3, 3, ((1, 2),))[0]
    table = np.full(math.perm(9, 2), 1, dtype=np.uint8)  # odd where Manhattan is even
    with pytest.raises(ValueError, match="not the Manhattan distance"):
        pack(table, dist, np.zeros(1, dtype=np.int64))


def test_packing_stops_on_cancel() -> None:
    dist = goal_distances(4, 4, ((1, 2, 3),))[0]
    table = np.zeros(math.perm(16, 3), dtype=np.uint8)
    assert pack(table, dist, np.ones(1, dtype=np.int64)) is None


def test_packed_and_plain_tables_give_the_same_bound_on_every_board() -> None:
    plain, packed = _pair(5, 5, FIVE_THREES)
    assert packed.packed and not plain.packed
    assert packed.pdbs.nbytes * 2 == plain.pdbs.nbytes
    rng = random.Random(4)
    for _ in range(200):
        board = random_board(5, 5, rng)
        assert packed(board) == plain(board)


def test_ida_on_packed_tables_is_optimal(bfs33: dict[tuple[int, ...], int]) -> None:
    _, packed = _pair(3, 3, ((1, 2, 3, 4), (5, 6, 7, 8)))
    rng = random.Random(5)
    boards = rng.sample(sorted(bfs33), 60)
    for tiles in boards:
        board = Board(3, 3, tiles)
        line = IdaSearch(board, packed, np.zeros(1, dtype=np.int64), None, None).solve()
        assert len(line) == bfs33[tiles]
        assert board.apply_all(line).is_solved()


def test_beams_on_packed_tables_find_the_same_lines() -> None:
    from game.solver.big.widebeam import WideBeam

    plain, packed = _pair(5, 5, FIVE_THREES)
    rng = random.Random(6)
    for _ in range(3):
        board = random_board(5, 5, rng)
        lines = []
        for heur in (plain, packed):
            beam = WideBeam(board, heur, np.zeros(1, dtype=np.int64), 2048, 1000)
            while beam.line is None and not beam.done:
                beam.advance()
            lines.append(beam.line)
        assert lines[0] is not None and lines[0] == lines[1]
        assert board.apply_all(lines[1]).is_solved()


@pytest.fixture
def small_strong(tmp_path, monkeypatch):
    """The stronger tier on 5x2 (a five-tile and a four-tile group), in a cache of its own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(heuristic, "STRONG_SHAPES", {(5, 2): ((1, 2, 3, 4, 5), (6, 7, 8, 9))})
    forget_heuristics()
    yield cache.cache_path("pdb-5x2-strong")
    forget_heuristics()


def test_stronger_tables_are_cached_preferred_and_rebuilt_when_corrupt(small_strong) -> None:
    base = get_heuristic(5, 2)
    built = get_heuristic(5, 2, strong=True)
    assert built.packed and built.build_seconds > 0 and small_strong.exists()
    assert best_loaded(5, 2) is built
    rng = random.Random(8)
    for _ in range(15):
        board = random_board(5, 2, rng)
        line = IdaSearch(board, base, np.zeros(1, dtype=np.int64), None, None).solve()
        assert manhattan(board) <= built(board) <= len(line)  # admissible
    forget_heuristics()
    loaded = get_heuristic(5, 2, strong=True)
    assert loaded.build_seconds == 0 and np.array_equal(loaded.pdbs, built.pdbs)
    data = bytearray(small_strong.read_bytes())
    data[len(data) // 2] ^= 0x55
    small_strong.write_bytes(bytes(data))
    forget_heuristics()
    rebuilt = get_heuristic(5, 2, strong=True)
    assert rebuilt.build_seconds > 0 and np.array_equal(rebuilt.pdbs, built.pdbs)
    assert small_strong.with_name(small_strong.name + cache.SET_ASIDE).exists()


def test_a_cancelled_stronger_build_writes_nothing(small_strong, monkeypatch) -> None:
    real_pack = heuristic.pack

    def cancelled_pack(table, dist, cancel):
        heuristic.cancel_builds()
        return real_pack(table, dist, cancel)

    monkeypatch.setattr(heuristic, "pack", cancelled_pack)
    with pytest.raises(BuildCancelled):
        get_heuristic(5, 2, strong=True)
    assert not small_strong.exists() and best_loaded(5, 2) is None


def test_a_cancel_stops_only_builds_in_flight_unless_for_good() -> None:
    heuristic.cancel_builds()  # nothing in flight: the next build is not affected
    assert len(heuristic.build_tables(3, 3, ((1, 2, 3),))) == 1
    saved = heuristic._for_good.copy()
    try:
        heuristic.cancel_builds(for_good=True)  # a build child told to stop
        with pytest.raises(BuildCancelled):
            heuristic.build_tables(3, 3, ((1, 2, 3),))
    finally:
        heuristic._for_good[:] = saved
    assert not heuristic._in_flight


def test_no_stronger_tables_for_other_shapes() -> None:
    from game.solver.errors import InvalidRequest

    with pytest.raises(InvalidRequest, match="no stronger tables for 4x4"):
        get_heuristic(4, 4, strong=True)
    assert heuristic.cached_heuristic(4, 4, strong=True) is None



@pytest.fixture
def game_stronger(tmp_path, monkeypatch):
    """The game's stronger-tables thread, fresh, on eight 3-tile groups standing in for
    6-6-6-6, in a cache of its own."""
    from game.solver.big import api

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(heuristic, "STRONG_SHAPES", {(5, 5): FIVE_THREES})
    monkeypatch.setattr(api, "_stronger", [])
    monkeypatch.setattr(api, "_stronger_failed", [])
    monkeypatch.setattr(api, "_stronger_wanted", [True])
    forget_heuristics()
    yield api
    forget_heuristics()


def test_the_game_loads_the_stronger_tables_built_by_a_child_and_searches_with_them(
        game_stronger, monkeypatch) -> None:
    from game.solver.exact import strong_child

    api = game_stronger
    children: list[int] = []
    bars: list[tuple[float, str]] = []
    real_report = heuristic.report_building

    def child(width, height, groups, threads, progress):  # the child's work, in-process
        assert (width, height, groups, threads) == (5, 5, FIVE_THREES, 1)
        children.append(1)
        get_heuristic(width, height, threads, progress, strong=True)
        forget_heuristics()  # the child's memory is its own: the parent loads from disk
        return True

    def report(key, share, words, background=False):
        bars.append((share, words))
        real_report(key, share, words, background)

    monkeypatch.setattr(strong_child, "build_in_child", child)
    monkeypatch.setattr(heuristic, "report_building", report)
    try:
        api.start_stronger()
        api._stronger[0].join(60)
        heur = best_loaded(5, 5)
        assert heur is not None and heur.packed and heur.load_seconds > 0
        assert bars and bars[-1][0] == 1.0 and "stronger" in bars[-1][1]
        assert heuristic.build_progress() is None  # the bar is gone once it is done
        board = random_board(5, 5, random.Random(9))
        assert api.engine_tables_name(board) == "5x5 3-3-3-3-3-3-3-3"
        found = api.best_line(board, deadline=None)
        assert board.apply_all(found.moves).is_solved()
        api.drop_stronger()  # a 6x6 game: its own tables search the whole board
        assert heuristic.loaded_heuristic(5, 5, strong=True) is None
        api.start_stronger()  # back on a 5x5 board: loaded from the cache, not built again
        api._stronger[-1].join(60)
        again = heuristic.loaded_heuristic(5, 5, strong=True)
        assert again is not None and np.array_equal(again.pdbs, heur.pdbs)
        assert children == [1]
    finally:
        forget_heuristics()


def test_a_build_ending_after_a_six_by_six_board_stays_on_disk(game_stronger,
                                                              monkeypatch) -> None:
    from game.solver.exact import strong_child

    api = game_stronger

    def child(width, height, groups, threads, progress):
        api.drop_stronger()  # the player moved on to a 6x6 board while it built
        get_heuristic(width, height, threads, progress, strong=True)
        forget_heuristics()
        return True

    monkeypatch.setattr(strong_child, "build_in_child", child)
    try:
        api.start_stronger()
        api._stronger[-1].join(60)
        assert heuristic.loaded_heuristic(5, 5, strong=True) is None
        assert cache.cache_path("pdb-5x5-strong").exists()
        api.start_stronger()  # a 5x5 board again: from the disk
        api._stronger[-1].join(60)
        assert heuristic.loaded_heuristic(5, 5, strong=True) is not None
    finally:
        forget_heuristics()


def test_a_six_by_six_game_lets_the_stronger_tables_go(monkeypatch) -> None:
    from game.solver.big import api

    dropped: list[bool] = []
    monkeypatch.setattr(api, "OWN_BUILDS", True)
    monkeypatch.setattr(api, "AUTO_PREPARE", True)
    monkeypatch.setattr(api, "drop_stronger", lambda: dropped.append(True))
    monkeypatch.setattr(api, "start_stronger", lambda: dropped.append(False))
    monkeypatch.setattr(heuristic, "heuristic_if_ready", lambda *_, **__: None)
    monkeypatch.setattr(api, "heuristic_if_ready", lambda *_, **__: None)
    board = random_board(6, 6, random.Random(3))
    api.best_line(board, deadline=time.monotonic() + 0.3)
    assert dropped == [True]


@pytest.mark.slow
def test_real_six_six_six_six_tables_are_admissible_and_stronger(ball, monkeypatch) -> None:
    """The real 6-6-6-6 tables, only when a prepared cache holds them (never built here)."""
    import os

    from game.cli.korf import korf24
    from game.solver.big import api

    prepared = os.environ.get("FIFTEEN_PREPARED_CACHE")
    if not prepared:
        pytest.skip("no prepared cache")
    monkeypatch.setenv("XDG_CACHE_HOME", prepared)
    forget_heuristics()
    try:
        strong = heuristic.cached_heuristic(5, 5, strong=True)
        base = heuristic.cached_heuristic(5, 5)
        if strong is None or base is None:
            pytest.skip("python -m game.cli.prepare --strong-five has not been run")
        assert strong.packed and best_loaded(5, 5) is strong
        for tiles, d in list(ball.items())[::3]:
            board = Board(5, 5, tiles)
            assert manhattan(board) <= strong(board) <= d
            assert (strong(board) - d) % 2 == 0
        for board, optimum in korf24():
            assert manhattan(board) <= strong(board) <= optimum
        rng = random.Random(25)
        boards = [random_board(5, 5, rng) for _ in range(200)]
        assert sum(map(strong, boards)) > sum(map(base, boards))  # 81.8 against 80.4 a board
        found = api.best_line(boards[0], deadline=time.monotonic() + 1.0)
        assert boards[0].apply_all(found.moves).is_solved()
        assert found.length >= strong(boards[0])
    finally:
        forget_heuristics()
