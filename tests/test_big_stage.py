"""Issue 25: tables beyond 32 cells (admissible), peeling by beams (every line replayed), cancel."""

from __future__ import annotations

import math
import random
import threading
import time
from collections import deque

import numpy as np
import pytest

from game.core.board import Board
from game.core.generate import random_board
from game.solver import cache
from game.solver.big import stage
from game.solver.big.corner import _from_midway, solve_with_engine
from game.solver.big.large import _reduce
from game.solver.big.widebeam import WideBeam
from game.solver.encoding import neighbour_table, rank_pattern
from game.solver.errors import BuildCancelled, SolveCancelled
from game.solver.exact import heuristic
from game.solver.exact.pdb import build_pdb, build_pdb_reference
from game.solver.exact.pdb_wide import SEVEN_PARTITION, SIX_PARTITION, build_wide


def _manhattan_of(group: tuple[int, ...], positions: tuple[int, ...], width: int) -> int:
    return sum(abs(p // width - (t - 1) // width) + abs(p % width - (t - 1) % width)
               for t, p in zip(group, positions, strict=True))


def _placements(cells: int, k: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for _ in range(k):
        out = [p + (c,) for p in out for c in range(cells) if c not in p]
    return out


@pytest.mark.parametrize(("width", "height", "group"), [(3, 3, (1, 2, 4)), (4, 3, (1, 5, 6))])
def test_placement_tables_lie_between_manhattan_and_the_blank_aware_ones(
        width: int, height: int, group: tuple[int, ...]) -> None:
    wide = build_wide(width, height, group)
    exact = build_pdb_reference(width, height, group)
    assert wide is not None
    assert (wide <= exact).all()  # a relaxation of the blank-aware abstraction: admissible
    cells = width * height
    for positions in _placements(cells, len(group)):
        rank = rank_pattern(positions, cells)
        assert wide[rank] >= _manhattan_of(group, positions, width)


def test_placement_tables_add_up_to_a_lower_bound_on_3x3(bfs33: dict) -> None:
    groups = ((1, 2, 3, 4), (5, 6, 7, 8))
    tables = [build_wide(3, 3, g) for g in groups]
    rng = random.Random(5)
    for tiles in rng.sample(sorted(bfs33), 3000):
        where = {t: c for c, t in enumerate(tiles)}
        h = sum(int(table[rank_pattern([where[t] for t in g], 9)])
                for g, table in zip(groups, tables, strict=True))
        assert h <= bfs33[tiles]


def test_blank_aware_build_beyond_32_cells_matches_the_reference() -> None:
    assert (build_pdb(7, 5, (1, 2)) == build_pdb_reference(7, 5, (1, 2))).all()


def test_partitions_cover_every_tile_once() -> None:
    for side, groups in ((6, SIX_PARTITION), (7, SEVEN_PARTITION)):
        tiles = sorted(t for g in groups for t in g)
        assert tiles == list(range(1, side * side))


def _l_distances(side: int) -> dict[tuple[int, ...], int]:
    """Exact moves from every board of side x side (3x3) to one with its L in place."""
    n = side * side
    nbr = neighbour_table(side, side).tolist()
    l_cells = [t - 1 for t in stage.l_tiles(side)]
    goal = Board.goal(side, side)
    start = [goal.tiles]
    seen = {goal.tiles: 0}
    queue = deque(start)
    while queue:  # all boards with the L in place: the goal's component, L cells fixed
        tiles = queue.popleft()
        blank = tiles.index(0)
        for to in nbr[blank]:
            if to < 0 or to in l_cells:
                continue
            cells = list(tiles)
            cells[blank], cells[to] = cells[to], 0
            key = tuple(cells)
            if key not in seen:
                seen[key] = 0
                queue.append(key)
    queue = deque(seen)
    while queue:
        tiles = queue.popleft()
        blank = tiles.index(0)
        for to in nbr[blank]:
            if to < 0:
                continue
            cells = list(tiles)
            cells[blank], cells[to] = cells[to], 0
            key = tuple(cells)
            if key not in seen:
                seen[key] = seen[tiles] + 1
                queue.append(key)
    assert len(seen) == math.factorial(n) // 2  # every solvable board
    return seen


def test_l_tables_are_admissible_for_placing_the_l(private_cache: None) -> None:
    heur = stage.stage_heuristic(3)
    distances = _l_distances(3)
    rng = random.Random(7)
    for tiles in rng.sample(sorted(distances), 4000):
        assert heur(Board(3, 3, tiles)) <= distances[tiles]
        assert (heur(Board(3, 3, tiles)) == 0) == (distances[tiles] == 0)


def _l_in_place(board: Board) -> bool:
    return all(board.tiles[t - 1] == t for t in stage.l_tiles(board.width))


@pytest.mark.parametrize("side", [6, pytest.param(7, marks=pytest.mark.slow),
                                  pytest.param(8, marks=pytest.mark.slow)])
def test_beam_peeling_places_the_outer_lines_and_hands_on_the_corner(
        side: int, private_cache: None) -> None:
    flag = np.zeros(1, dtype=np.int64)
    for seed in range(2):
        board = random_board(side, side, random.Random(seed))
        found = stage.beam_peel(list(board.tiles), side, 5, time.monotonic() + 30, flag,
                                lambda: False)
        assert found is not None
        moves, corner = found
        after = board.apply_all(moves)  # every move legal, replayed on the Board model
        offset = side - 5
        for r in range(side):
            for c in range(side):
                tile = after.tiles[r * side + c]
                if r < offset or c < offset:
                    assert tile == r * side + c + 1
                elif tile:
                    gr, gc = (x - offset for x in divmod(tile - 1, side))
                    assert corner[(r - offset) * 5 + c - offset] == gr * 5 + gc + 1
        assert sorted(corner) == list(range(25))


def test_a_beam_telling_boards_apart_by_the_l_alone_places_it_without_stalling(
        private_cache: None) -> None:
    # told apart by every tile, a layer of boards one uphill move from the L's goal fills
    # with boards that differ only in free tiles, and the beam wanders until it stalls
    heur = stage.stage_heuristic(6)
    tiles = stage.l_tiles(6)
    flag = np.zeros(1, dtype=np.int64)
    for seed in range(3):
        board = random_board(6, 6, random.Random(seed))
        beam = WideBeam(board, heur, flag, 1024, stage.STAGE_CAP, chase=tiles,
                        told_apart=tiles)
        while not beam.done:
            beam.advance()
        assert beam.line is not None
        after = board.apply_all(beam.line)  # every move legal, replayed on the Board model
        assert all(after.tiles[t - 1] == t for t in tiles)


@pytest.mark.parametrize("side", [6, 7])
def test_lines_through_the_stage_engine_solve_the_board(side: int, small_heur,
                                                        private_cache: None) -> None:
    board = random_board(side, side, random.Random(side))
    flag = np.zeros(1, dtype=np.int64)
    better: list[str] = []
    line = solve_with_engine(board, small_heur, deadline=time.monotonic() + 2, flag=flag,
                             on_better=better.append)
    assert board.apply_all(line).is_solved()
    for each in better:
        assert board.apply_all(each).is_solved()


def test_beams_from_midway_shorten_a_line_and_every_line_solves_the_board(small_heur) -> None:
    board = random_board(5, 5, random.Random(11))
    flag = np.zeros(1, dtype=np.int64)
    quick = _reduce(list(board.tiles), 5, 5, lambda: False)  # the reduction's line, ~1.3x
    better: list[str] = []
    line = _from_midway(board, small_heur, quick, time.monotonic() + 3, flag, better.append,
                        lambda: False)
    assert board.apply_all(line).is_solved() and len(line) < len(quick)
    assert [len(b) for b in better] == sorted((len(b) for b in better), reverse=True)
    for each in better:
        assert board.apply_all(each).is_solved() and len(each) < len(quick)


def test_a_cancelled_peeling_stops(private_cache: None) -> None:
    board = random_board(7, 7, random.Random(3))
    stage.stage_heuristic(7)
    flag = np.zeros(1, dtype=np.int64)
    timer = threading.Timer(0.02, lambda: flag.__setitem__(0, 1))
    timer.start()
    try:
        with pytest.raises(SolveCancelled):
            for _ in range(1000):  # each peel is well under a minute; the cancel comes first
                stage.beam_peel(list(board.tiles), 7, 5, time.monotonic() + 60, flag,
                                lambda: False)
    finally:
        timer.cancel()


def test_a_cancelled_wide_build_raises_and_keeps_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real_build = heuristic.build_wide

    def cancelled_build(*args: object) -> object:
        heuristic.cancel_builds()  # as if from another thread, once the build is under way
        return real_build(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(heuristic, "build_wide", cancelled_build)
    with pytest.raises(BuildCancelled):
        heuristic.build_tables(7, 7, ((1, 2, 3),))
    monkeypatch.undo()
    assert len(heuristic.build_tables(7, 7, ((1, 2, 3),))) == 1  # the next one starts afresh


def test_a_damaged_l_table_file_is_set_aside_and_rebuilt(private_cache: None,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    stage._stages.clear()  # another module's tables may be in memory, from its own cache
    first = np.array(stage.stage_heuristic(6).pdbs)
    path = cache.cache_path("stage-6x6")
    assert path.exists()
    path.write_bytes(path.read_bytes()[:-10] + b"0123456789")
    stage._stages.clear()
    assert (stage.stage_heuristic(6).pdbs == first).all()  # rebuilt
    assert path.with_name(path.name + cache.SET_ASIDE).exists()
    stage._stages.clear()

    def no_build(*args: object, **kwargs: object) -> None:
        raise AssertionError("the rebuilt file should have been loaded")

    monkeypatch.setattr(stage, "build_tables", no_build)
    assert (stage.stage_heuristic(6).pdbs == first).all()


@pytest.mark.parametrize("transpose", [False, True])
def test_a_peeling_cut_short_by_the_clock_still_places_the_l(transpose: bool,
                                                             private_cache: None) -> None:
    flag = np.zeros(1, dtype=np.int64)
    for seed in range(2):
        board = random_board(6, 6, random.Random(10 + seed))
        for deadline in (time.monotonic() - 1, time.monotonic() + 30):  # past, far
            line = stage.peel_l(list(board.tiles), 6, 512, deadline, flag, lambda: False,
                                transpose)
            assert _l_in_place(board.apply_all(line))  # replayed on the Board model


def test_the_engine_peels_again_and_keeps_the_shortest_line(
        small_heur, private_cache: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.solver.big import corner
    from game.solver.big.large import _reduce, _without_loops

    monkeypatch.setattr(stage, "MAX_STAGE_WIDTH", stage.MIN_STAGE_WIDTH)  # quick beams
    views: list[bool] = []
    real_peel = corner.beam_peel

    def peel(*args: object, transpose: bool = False,
             narrower: float = 1.0) -> tuple[str, list[int]]:
        views.append(transpose)
        return real_peel(*args, transpose=transpose, narrower=narrower)  # type: ignore[arg-type]

    lines: list[str] = []

    def finish(board: Board, heur: object, prefix: str, rest: list[int], *args: object,
               ) -> tuple[str, bool]:
        # the corner by the reduction alone: each peeling's own line, in milliseconds
        line = _without_loops(list(board.tiles), board.width,
                              prefix + _reduce(rest, 5, 5, lambda: False))
        lines.append(line)
        return line, False

    monkeypatch.setattr(corner, "beam_peel", peel)
    monkeypatch.setattr(corner, "_finish", finish)
    board = random_board(6, 6, random.Random(21))
    line = solve_with_engine(board, small_heur, deadline=time.monotonic() + 60,
                             flag=np.zeros(1, dtype=np.int64))
    assert views == [k % 2 == 1 for k in range(corner.MAX_PEELINGS)]  # view after view
    assert len(lines) >= 2
    assert line == min(lines, key=len)
    assert board.apply_all(line).is_solved()
