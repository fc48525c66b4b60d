"""Duplicate move strings: every listed pair is safe to prune, the automaton prunes exactly
them, and searches that prune find the same distances and optimal moves with fewer nodes."""

from __future__ import annotations

import hashlib
import random

import numpy as np
import pytest

from game.core.board import MOVES, Board
from game.core.generate import random_board
from game.solver import cache
from game.solver.exact import dupes, tables
from game.solver.exact.heuristic import make_heuristic
from game.solver.exact.ida import IdaSearch, known_first_moves, optimal_first_moves
from game.solver.exact.strong import StrongSpec, assemble
from game.solver.exact.strong_build import build_excess
from game.solver.exact.strong_search import StrongSearch

pytestmark = pytest.mark.usefixtures("private_cache")


def test_every_listed_pair_is_sound() -> None:
    pairs = dupes.load_pairs()
    assert len(pairs) > 2000
    assert max(len(p) for p, _ in pairs) == dupes.MAX_LENGTH
    unsound = [pair for pair in pairs if not dupes.sound(*pair)]
    assert unsound == []


def test_the_list_is_what_the_walk_finds_up_to_eight_moves() -> None:
    short = [(p, k) for p, k in dupes.load_pairs() if len(p) <= 8]
    assert dupes.generate(8) == short
    # the first ones: half way round a 2x2 square one way is half way round the other
    assert {p for p, _ in short if len(p) == 6} == {"203120", "213021", "302130", "312031"}


def test_soundness_is_checked_for_real() -> None:
    assert dupes.sound("203120", "021302")  # half way round a 2x2 square, either way
    assert not dupes.sound("021302", "203120")  # the kept string must be the smaller
    assert not dupes.sound("2031", "0213")  # not the same board
    # the same board, but the smaller string visits a cell the other does not: next to a
    # wall it may be illegal where the other is legal, so it must not stand in for it
    assert dupes.effect((2, 0, 0, 2, 1, 3, 1, 3))[0] == dupes.effect((0, 2, 0, 2, 1, 3, 3, 1))[0]
    assert not dupes.sound("20021313", "02021331")


def _ends_in_listed(codes: list[int], listed: set[str]) -> bool:
    text = "".join(map(str, codes))
    return any(text[i:] in listed for i in range(len(text)))


def test_the_automaton_prunes_exactly_the_strings_ending_in_a_listed_one() -> None:
    listed = {p for p, _ in dupes.load_pairs()}
    table = dupes.table()
    rng = random.Random(5)
    pruned = 0
    for _ in range(3000):
        state, codes = 0, []
        for _ in range(60):
            code = rng.choice([c for c in range(4) if not codes or c != codes[-1] ^ 1])
            codes.append(code)
            nxt = int(table[state, code])
            assert (nxt == dupes.PRUNE) == _ends_in_listed(codes, listed), codes
            if nxt == dupes.PRUNE:
                pruned += 1
                break
            state = nxt
    assert pruned > 100


def _small_strong() -> tuple[StrongSpec, object]:
    spec = StrongSpec(3, 3, ((1, 2, 3, 4), (5, 6, 7, 8)))
    return spec, assemble(spec, np.concatenate([build_excess(3, 3, g) for g in spec.groups]))


@pytest.mark.parametrize("kind", ["strong", "pattern"])
def test_pruning_searches_give_every_optimal_move_of_exhaustive_search(
        bfs33, kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    heur = _small_strong()[1] if kind == "strong" else make_heuristic(3, 3)
    flag = np.zeros(1, dtype=np.int64)
    search = StrongSearch if kind == "strong" else IdaSearch
    rng = random.Random(11)
    nodes = {True: 0, False: 0}
    for tiles, distance in rng.sample(sorted(bfs33.items()), 150):
        board = Board(3, 3, tiles)
        want = tables.table_optimal_moves(board)
        for prune in (True, False):
            monkeypatch.setattr(IdaSearch, "prune_duplicates", prune)
            found = search(board, heur, flag, None, None)  # type: ignore[arg-type]
            path, moves = optimal_first_moves(found)
            assert len(path) == distance and moves == want, (board, prune)
            nodes[prune] += found.nodes
            known = known_first_moves(search(board, heur, flag, None, None),  # type: ignore[arg-type]
                                      distance, {})
            assert known is not None and known[1] == want
    assert nodes[True] < nodes[False]


def test_pruning_saves_nodes_on_deep_4x3_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    heur = make_heuristic(4, 3)
    flag = np.zeros(1, dtype=np.int64)
    rng = random.Random(3)
    nodes = {True: 0, False: 0}
    for _ in range(6):
        board = random_board(4, 3, rng)
        lengths = set()
        for prune in (True, False):
            monkeypatch.setattr(IdaSearch, "prune_duplicates", prune)
            search = IdaSearch(board, heur, flag, None, None)
            path = search.solve()
            assert board.apply_all(path).is_solved()
            lengths.add(len(path))
            nodes[prune] += search.nodes
        assert len(lengths) == 1
    assert nodes[True] < 0.9 * nodes[False]


def test_window_search_finds_shortest_paths_with_pruning(bfs33) -> None:
    """The window shortening's search (any board to any board) skips the listed strings and
    still finds the shortest path wherever one fits the limit, as exhaustive search says."""
    from game.solver.big.window import NOT_FOUND, _shortcut
    from game.solver.encoding import neighbour_table

    nbr = neighbour_table(3, 3).astype(np.int64)
    cancel = np.zeros(1, dtype=np.int64)
    out = np.zeros(40, dtype=np.int64)
    goal = np.array(Board.goal(3, 3).tiles, dtype=np.int8)
    rng = random.Random(4)
    for tiles, distance in rng.sample(sorted(bfs33.items()), 300):
        board = Board(3, 3, tiles)
        for fsm in (dupes.table(), dupes.NO_PRUNING):
            start = np.array(tiles, dtype=np.int8)
            found = _shortcut(start, board.blank, goal, nbr, 31, 10**9, out, cancel, fsm)
            assert found == distance and tuple(start) == tiles
            moves = "".join(MOVES[c] for c in out[:found])
            assert board.apply_all(moves).is_solved()
            if distance > 1:  # a limit below the distance: none
                assert _shortcut(start, board.blank, goal, nbr, distance - 2, 10**9, out,
                                 cancel, fsm) == NOT_FOUND


def test_the_automaton_is_cached_and_a_damaged_copy_is_set_aside_and_made_again() -> None:
    fresh = dupes.automaton(p for p, _ in dupes.load_pairs())
    dupes.table.cache_clear()
    assert np.array_equal(dupes.table(), fresh)  # made, and written for the next process
    path = cache.cache_path(dupes.CACHE_NAME)
    assert path.exists()
    dupes.table.cache_clear()
    assert np.array_equal(dupes.table(), fresh)  # read back
    damaged = bytearray(path.read_bytes())
    damaged[-5] ^= 0x40
    path.write_bytes(bytes(damaged))
    dupes.table.cache_clear()
    try:
        assert np.array_equal(dupes.table(), fresh)
    finally:
        dupes.table.cache_clear()
    assert path.with_name(path.name + cache.SET_ASIDE).read_bytes() == bytes(damaged)
    assert cache.load_tables(dupes.CACHE_NAME, {
        "source_sha256": hashlib.sha256(dupes.DATA.read_bytes()).hexdigest()}) is not None
