"""The strong tables: the level-scan build against BFS, the search, the cache's failure modes."""

from __future__ import annotations

import math
import os
import random
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from helpers import per_child_passes

from game.core.board import Board
from game.core.generate import random_board
from game.solver.encoding import unrank_pattern
from game.solver.exact import strong, strong_build, strong_cache
from game.solver.exact.heuristic import build_progress, get_heuristic, make_heuristic
from game.solver.exact.ida import IdaSearch, known_first_moves, optimal_first_moves
from game.solver.exact.pdb import build_pdb_reference
from game.solver.exact.pdb_pack import manhattan_cells
from game.solver.exact.strong import StrongSpec, assemble, build_strong, forget_strong
from game.solver.exact.strong_build import build_excess, unpack
from game.solver.exact.strong_search import StrongSearch

pytestmark = pytest.mark.usefixtures("private_cache")

SMALL = StrongSpec(3, 3, ((1, 2, 3, 4), (5, 6, 7, 8)))
KNOWN = Path(__file__).resolve().parents[2] / "shared" / "boards" / "optimal_4x4.tsv"


def _expected_excess(width: int, height: int, group: tuple[int, ...]) -> np.ndarray:
    """(pdb - manhattan) / 2 from the plain-Python 0-1 BFS reference."""
    pdb = build_pdb_reference(width, height, group).astype(np.int64)
    dist = manhattan_cells(width, height)
    md = np.array([sum(int(dist[p, t - 1]) for p, t in
                       zip(unrank_pattern(r, len(group), width * height), group, strict=True))
                   for r in range(pdb.size)])
    assert ((pdb - md) % 2 == 0).all()  # why half the excess is stored exactly
    return np.minimum(15, (pdb - md) // 2)


@pytest.mark.parametrize(("shape", "group"), [
    ((3, 3), (1, 2, 3, 4)), ((3, 3), (5, 6, 7, 8)), ((4, 3), (1, 2, 5, 6)),
    ((3, 4), (8, 10, 11)), ((2, 4), (1, 3, 5, 7)), ((4, 4), (13, 14, 15)),
])
def test_level_scan_build_equals_bfs_reference(shape: tuple[int, int], group) -> None:
    width, height = shape
    size = math.perm(width * height, len(group))
    want = _expected_excess(width, height, group)
    for threads in (1, 2, 3):
        packed = build_excess(width, height, group, threads=threads)
        assert packed is not None
        assert np.array_equal(unpack(packed, size), want)


def test_threads_hand_over_in_rounds_when_their_outbox_fills(
        monkeypatch: pytest.MonkeyPatch) -> None:
    one = build_excess(4, 4, (1, 2, 3, 4, 5))
    monkeypatch.setattr(strong_build, "OUTBOX_PAGE", 256)  # eight pages: a few
    monkeypatch.setattr(strong_build, "OUTBOX_SHARE", 1 << 40)  # thousand children a round
    levels: list[tuple[int, int, int, int]] = []
    filled = np.zeros(2, dtype=np.int64)
    two = build_excess(4, 4, (1, 2, 3, 4, 5), filled, threads=2,
                       on_level=lambda *level: levels.append(level))
    assert np.array_equal(two, one)
    assert filled[0] == sum(written for _, written, _, _ in levels) == math.perm(16, 5)
    assert [level for level, _, _, _ in levels] == list(range(len(levels)))
    assert levels[-1][2] == 0 and filled[1] == len(levels) - 1
    assert max(rounds for _, _, _, rounds in levels) > 1  # the outboxes did fill


def test_small_strong_search_is_optimal_and_admissible(bfs33) -> None:
    packed = np.concatenate([build_excess(3, 3, g) for g in SMALL.groups])
    heur = assemble(SMALL, packed)
    flag = np.zeros(1, dtype=np.int64)
    rng = random.Random(24)
    for tiles, distance in rng.sample(sorted(bfs33.items()), 300):
        board = Board(3, 3, tiles)
        assert heur(board) <= distance
        search = StrongSearch(board, heur, flag, None, None)
        assert search.h0 == heur(board)
        path = search.solve()
        assert len(path) == distance
        assert board.apply_all(path).is_solved()


def test_strong_search_matches_pattern_search_on_4x3() -> None:
    spec = StrongSpec(4, 3, ((1, 2, 3, 5, 6), (4, 7, 8, 9, 10, 11)))
    heur = assemble(spec, np.concatenate([build_excess(4, 3, g) for g in spec.groups]))
    base = make_heuristic(4, 3)
    flag = np.zeros(1, dtype=np.int64)
    rng = random.Random(7)
    for _ in range(8):
        board = random_board(4, 3, rng)
        want = len(IdaSearch(board, base, flag, None, None).solve())
        assert len(StrongSearch(board, heur, flag, None, None).solve()) == want


def _files() -> list[str]:
    folder = strong_cache.table_path(SMALL.name).parent
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def test_cached_tables_load_mapped_and_verified_once() -> None:
    forget_strong()
    built = build_strong(SMALL, threads=1)
    forget_strong()
    loaded = strong.load_strong(SMALL)
    assert loaded is not None and np.array_equal(loaded.packed, built.packed)
    path = strong_cache.table_path(SMALL.name)
    assert Path(str(path) + strong_cache.STAMP).exists()
    assert strong.strong_tables_name(SMALL) == "3x3 4-4 reflected"


@pytest.mark.parametrize("damage", ["flip", "truncate", "header", "empty"])
def test_corrupt_file_is_set_aside_and_rebuilt(damage: str) -> None:
    forget_strong()
    good = np.array(build_strong(SMALL, threads=1).packed)
    forget_strong()
    path = strong_cache.table_path(SMALL.name)
    data = bytearray(path.read_bytes())
    if damage == "flip":
        data[-7] ^= 0x5A  # same size: only the checksum can tell
    elif damage == "truncate":
        del data[-100:]
    elif damage == "header":
        data[:4] = b"XXXX"
    else:
        data = bytearray()
    path.write_bytes(bytes(data))
    assert strong.load_strong(SMALL) is None
    assert not path.exists()
    assert Path(str(path) + strong_cache.SET_ASIDE).exists()
    rebuilt = build_strong(SMALL, threads=1)
    assert np.array_equal(rebuilt.packed, good)
    forget_strong()
    assert strong.load_strong(SMALL) is not None


def test_cancelled_build_writes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    forget_strong()
    path = strong_cache.table_path(SMALL.name)
    path.unlink(missing_ok=True)
    real = strong.build_excess

    def cancelled_half_way(*args, **kwargs):
        strong.cancel_strong_build()
        return real(*args, **kwargs)

    monkeypatch.setattr(strong, "build_excess", cancelled_half_way)
    with pytest.raises(strong.BuildCancelled):
        build_strong(SMALL, threads=2)
    assert not path.exists()
    assert not [name for name in _files() if name.endswith(strong_cache.TEMP_SUFFIX)]
    assert strong.loaded_strong(SMALL) is None


def test_quit_while_writing_leaves_no_file(monkeypatch: pytest.MonkeyPatch) -> None:
    forget_strong()
    path = strong_cache.table_path(SMALL.name)
    path.unlink(missing_ok=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    stale = path.with_name(path.name + ".killed" + strong_cache.TEMP_SUFFIX)
    stale.write_bytes(b"half a table")  # what a process killed mid-write leaves

    def interrupted(handle: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        build_strong(SMALL, threads=1)
    assert not path.exists()
    assert not [name for name in _files() if name.endswith(strong_cache.TEMP_SUFFIX)]


def test_build_reports_through_the_coach_progress_channel(
        monkeypatch: pytest.MonkeyPatch) -> None:
    forget_strong()
    strong_cache.table_path(SMALL.name).unlink(missing_ok=True)
    release = threading.Event()
    real = strong.build_excess

    def held(*args, **kwargs):
        release.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(strong, "build_excess", held)
    thread = strong.start_strong_build(spec=SMALL, threads=1)
    seen = None
    for _ in range(200):
        seen = build_progress()
        if seen is not None:
            break
        threading.Event().wait(0.02)
    release.set()
    thread.join(10)
    assert seen is not None and "strong 3x3" in seen[1]
    assert strong.loaded_strong(SMALL) is not None
    assert build_progress() is None


def _real_tables() -> strong.StrongHeuristic:
    """The real 7-8 tables, only when a prepared cache already holds them (never built)."""
    prepared = os.environ.get("FIFTEEN_PREPARED_CACHE")
    if not prepared:
        pytest.skip("no prepared cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CACHE_HOME", prepared)
        heur = strong.load_strong()
    forget_strong()  # the other tests' searches keep to 6-6-3
    if heur is None:
        pytest.skip("the strong tables are not built (python -m game.cli.prepare --strong)")
    return heur


def _known() -> list[tuple[Board, int, str]]:
    from game.core.notation import parse_board

    rows = []
    for line in KNOWN.read_text(encoding="utf-8").splitlines()[1:]:
        text, length, path = line.split("\t")
        rows.append((parse_board(text), int(length), path))
    return rows


@pytest.mark.slow
def test_real_tables_admissible_and_never_below_663() -> None:
    heur = _real_tables()
    base = get_heuristic(4, 4)
    for board, length, path in _known():
        for i in range(len(path) + 1):  # every position on an optimal line: distance known
            assert heur(board) <= length - i
            if i < len(path):
                board = board.apply(path[i])
    rng = random.Random(2024)
    for _ in range(2000):
        board = random_board(4, 4, rng)
        assert heur(board) >= base(board)


@pytest.mark.slow
def test_real_tables_solve_known_boards_optimally() -> None:
    heur = _real_tables()
    flag = np.zeros(1, dtype=np.int64)
    for board, length, _ in _known():
        path = StrongSearch(board, heur, flag, None, None).solve()
        assert len(path) == length
        assert board.apply_all(path).is_solved()


@pytest.mark.slow
def test_real_tables_give_every_optimal_first_move_of_the_per_child_passes() -> None:
    heur = _real_tables()
    flag = np.zeros(1, dtype=np.int64)
    sizes = set()
    for board, length, _ in _known():
        d, want, _ = per_child_passes(board, lambda b: StrongSearch(b, heur, flag, None, None))
        path, moves = optimal_first_moves(StrongSearch(board, heur, flag, None, None))
        assert d == len(path) == length and moves == want, board
        # the distance known (as the coach knows it in play): one iteration, move by move
        known = known_first_moves(StrongSearch(board, heur, flag, None, None), d, {})
        assert known is not None and known[1] == want and len(known[0]) == d, board
        sizes.add(len(want))
    assert {1, 2} <= sizes


def test_prepare_loads_but_builds_only_when_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    forget_strong()
    strong_cache.table_path(SMALL.name).unlink(missing_ok=True)
    monkeypatch.setattr(strong, "RETRY_SECONDS", 0.0)
    assert not strong.prepare_strong(5.0, SMALL)  # nothing cached, building not allowed
    assert not strong_cache.table_path(SMALL.name).exists()
    monkeypatch.setattr(strong, "AUTO_BUILD", True)
    assert not strong.prepare_strong(5.0, SMALL)  # the suite forbids builds behind its back
    monkeypatch.setattr(strong, "BUILD_ALLOWED", True)
    assert strong.prepare_strong(30.0, SMALL)  # built in the background, then mapped
    forget_strong()
    monkeypatch.setattr(strong, "AUTO_BUILD", False)
    assert strong.prepare_strong(5.0, SMALL)  # loaded from the cache


def test_background_build_shows_its_bar_but_blocks_no_search() -> None:
    from game.solver.exact.heuristic import (
        blocking_build_progress,
        end_building,
        report_building,
    )

    report_building("test", 0.25, "building the strong test tables", background=True)
    try:
        assert build_progress() == (0.25, "building the strong test tables")
        assert blocking_build_progress() is None
    finally:
        end_building("test")
    assert build_progress() is None


def test_the_game_lets_its_worker_build_the_strong_tables(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker turns the background build on: in a child process (``strong_child``),
    never in the game's own, so a build never stretches its frames."""
    from game.worker.gate import FrameGate
    from game.worker.knowledge import SharedKnowledge
    from game.worker.runner import Runner

    monkeypatch.setattr(strong, "AUTO_BUILD", False)
    runner = Runner(None, SharedKnowledge(), FrameGate(), warm_shapes=(), solve_seconds=None,
                    clock=time.monotonic)
    runner._load_solver()
    assert strong.AUTO_BUILD is True
    stopped: list[bool] = []
    monkeypatch.setattr(strong, "stop_children", lambda: stopped.append(True))
    runner.stop_builds()  # the worker's shutdown: a build child is asked to stop
    assert stopped == [True]
    strong._cancel[0] = 0


def test_floor_reads_the_ranked_tables_values_in_one_step() -> None:
    from game.solver.exact.strong_floor import make_floor, placement_codes

    base = make_heuristic(4, 3)
    floor = make_floor(base)
    rng = random.Random(3)
    for _ in range(300):
        board = random_board(4, 3, rng)
        for mirrored in (False, True):
            pos = base.group_positions(board.tiles, mirrored)
            sizes = [len(g) for g in base.groups]
            index = placement_codes(pos, sizes)
            got = [int(floor.tables[floor.offsets[g] + index[g]]) for g in range(len(index))]
            assert got == [int(v) for v in base.group_values(pos)]
            # a move changes its tile's group index by (to - from) * mul[tile]
            move = rng.choice(board.legal_moves())
            after = board.apply(move)
            moved = board.tiles[after.blank]
            moved_pos = base.group_positions(after.tiles, mirrored)
            want = placement_codes(moved_pos, sizes)
            if not mirrored:
                g = int(base.tile_group[moved])
                step = (board.blank - after.blank) * int(floor.mul[moved])
                assert want[g] == index[g] + step


def test_floor_file_is_cached_and_a_damaged_one_made_again() -> None:
    from game.solver.exact.strong_floor import load_floor, make_floor

    base = make_heuristic(3, 3)
    first = load_floor("test-floor", base)
    path = strong_cache.table_path("test-floor")
    assert path.exists()
    again = load_floor("test-floor", base)
    assert np.array_equal(again.tables, first.tables)
    data = bytearray(path.read_bytes())
    data[-3] ^= 0x33
    path.write_bytes(bytes(data))
    remade = load_floor("test-floor", base)
    assert np.array_equal(remade.tables, make_floor(base).tables)
    assert Path(str(path) + strong_cache.SET_ASIDE).exists()
