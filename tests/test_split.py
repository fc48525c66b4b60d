"""IDA* iterations split over threads (``split``): the same distance and every optimal first
move as one thread, against exhaustive search on 3x3 and the one-thread search on 4x3; the
subtrees' paths are the kernel's; cancelling stops every thread."""

from __future__ import annotations

import os
import random
import sys
import threading
from collections.abc import Callable

import numpy as np
import pytest

from game.core.board import INVERSE, MOVES, Board
from game.core.generate import random_board
from game.solver.errors import SolveCancelled
from game.solver.exact import dupes, split
from game.solver.exact.heuristic import make_heuristic
from game.solver.exact.ida import IdaSearch, known_first_moves, optimal_first_moves
from game.solver.exact.strong import StrongSpec, assemble
from game.solver.exact.strong_build import build_excess
from game.solver.exact.strong_search import StrongSearch

pytestmark = pytest.mark.usefixtures("private_cache")

SearchOf = Callable[[Board], IdaSearch]


def _pattern_of(width: int, height: int, flag: np.ndarray) -> SearchOf:
    heur = make_heuristic(width, height)
    return lambda board: IdaSearch(board, heur, flag, None, None)


def _strong_of(spec: StrongSpec, flag: np.ndarray) -> SearchOf:
    heur = assemble(spec, np.concatenate([build_excess(spec.width, spec.height, g)
                                          for g in spec.groups]))
    return lambda board: StrongSearch(board, heur, flag, None, None)


@pytest.fixture
def split_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every iteration past the subtrees' depth split, every known distance too."""
    monkeypatch.setattr(split, "SEQUENTIAL_NODES", 0)
    monkeypatch.setattr(split, "KNOWN_NODES", 0)


def _truth(board: Board, dist: dict[tuple[int, ...], int]) -> frozenset[str]:
    d = dist[board.tiles]
    return frozenset(m for m in board.legal_moves() if dist[board.apply(m).tiles] == d - 1)


def test_paths_are_the_kernels_first_moves() -> None:
    board = random_board(4, 4, random.Random(5))
    fsm = dupes.table()
    found = split.paths(board, 5)
    assert len(found) == len(set(found)) > 20
    for path in found:
        board.apply_all(path)  # legal
        assert all(path[i + 1] != INVERSE[path[i]] for i in range(4))
        state = 0
        for move in path[1:]:  # the kernel feeds its automaton from the second move
            state = int(fsm[state, MOVES.index(move)])
            assert state >= 0, path
    # every legal path of five moves without a move back is there, or ends in a duplicate
    everything = {""}
    for _ in range(5):
        everything = {p + m for p in everything for m in board.apply_all(p).legal_moves()
                      if not p or m != INVERSE[p[-1]]}
    assert set(found) <= everything
    assert len(everything) - len(found) < len(found)


@pytest.mark.parametrize("kind", ["pattern", "strong"])
def test_split_every_optimal_first_move_on_3x3_equals_exhaustive_search(
        kind: str, bfs33: dict[tuple[int, ...], int], split_at_once: None) -> None:
    flag = np.zeros(1, dtype=np.int64)
    search_of = (_pattern_of(3, 3, flag) if kind == "pattern"
                 else _strong_of(StrongSpec(3, 3, ((1, 2, 3, 4), (5, 6, 7, 8))), flag))
    rng = random.Random(7)
    boards = [Board(3, 3, tiles) for tiles in rng.sample(sorted(bfs33), 150)]
    boards += [Board.goal(3, 3), Board.goal(3, 3).apply_all("DR")]
    splits = 0
    for board in boards:
        searcher = split.SplitSearch(board, search_of, flag, threads=2, depth=3)
        path, moves = searcher.solve_all()
        assert len(path) == bfs33[board.tiles], board
        assert moves == _truth(board, bfs33), board
        assert board.apply_all(path).is_solved()
        splits += bool(searcher.tasks)
        # at the known distance, with nothing settled: every open move split
        d = bfs33[board.tiles]
        known = split.SplitSearch(board, search_of, flag, threads=2, depth=3).known(d, {})
        assert known is not None and known[1] == moves and len(known[0]) == d
    assert splits > 100  # most boards were searched split, not on one thread


def test_subtrees_skip_the_duplicates_one_search_skips() -> None:
    """A failing iteration split into subtrees searches what one search does: each subtree's
    automaton starts where its parent's path left it. (Started afresh below the split,
    duplicate strings crossing it were searched again: 13% more nodes on the 80-move
    boards.) The split searches no node above its subtrees and one per subtree whose
    parent is over the bound; one search does the reverse."""
    flag = np.zeros(1, dtype=np.int64)
    search_of = _pattern_of(4, 3, flag)
    rng = random.Random(3)
    checked = 0
    while checked < 6:
        board = random_board(4, 3, rng)
        distance = len(search_of(board).solve())
        one = search_of(board)
        if one.iteration(distance - 2):
            raise AssertionError(f"a path under the distance of {board}")
        if one.nodes < 500:
            continue
        searcher = split.SplitSearch(board, search_of, flag, threads=2)
        found, _ = searcher.iteration(distance - 2, set(board.legal_moves()))
        assert not found
        assert searcher.split_nodes <= one.nodes + len(searcher.tasks), board
        checked += 1


def test_split_equals_one_thread_on_4x3(split_at_once: None) -> None:
    flag = np.zeros(1, dtype=np.int64)
    search_of = _pattern_of(4, 3, flag)
    rng = random.Random(43)
    for _ in range(12):
        board = random_board(4, 3, rng)
        one = search_of(board)
        want_path, want = optimal_first_moves(one)
        searcher = split.SplitSearch(board, search_of, flag, threads=2)
        path, moves = searcher.solve_all()
        assert (len(path), moves) == (len(want_path), want), board
        assert board.apply_all(path).is_solved() and searcher.tasks
        # in play: a child's distance settled, the rest split at the known distance
        move = board.legal_moves()[0]
        settled = {move: len(want_path) + (-1 if move in want else 1)}
        known = split.SplitSearch(board, search_of, flag, threads=2).known(
            len(want_path), settled)
        one_known = known_first_moves(search_of(board), len(want_path), settled)
        assert known is not None and one_known is not None
        assert known[1] == one_known[1] and len(known[0]) == len(want_path)
        assert board.apply_all(known[0]).is_solved()


class _Cancelling(IdaSearch):
    """Sets the shared cancel flag on the split's third kernel call."""

    calls = [0]

    def _run(self) -> int:
        self.calls[0] += 1
        if self.calls[0] == 3:
            self.flag[0] = 1
        return super()._run()


def test_cancel_stops_every_thread(split_at_once: None) -> None:
    flag = np.zeros(1, dtype=np.int64)
    heur = make_heuristic(4, 3)
    board = random_board(4, 3, random.Random(3))
    searcher = split.SplitSearch(board, lambda at: _Cancelling(at, heur, flag, None, None),
                                 flag, threads=2)
    with pytest.raises(SolveCancelled):
        searcher.solve_all()
    assert not [t for t in threading.enumerate() if t.name == "fifteen-split"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SCHED_IDLE is Linux's")
def test_helpers_run_idle_and_the_calling_thread_keeps_its_priority(
        split_at_once: None) -> None:
    """The render loop must win a core the moment its frame is due: the searching helpers
    take only idle time; the coach's own thread is left as it was."""
    flag = np.zeros(1, dtype=np.int64)
    heur = make_heuristic(4, 3)
    seen: dict[str, int] = {}

    class Watched(IdaSearch):
        def _run(self) -> int:
            me = threading.current_thread()
            seen[me.name] = os.sched_getscheduler(threading.get_native_id())
            return super()._run()

    board = random_board(4, 3, random.Random(8))
    path, _ = split.SplitSearch(board, lambda at: Watched(at, heur, flag, None, None), flag,
                                threads=3).solve_all()
    assert board.apply_all(path).is_solved()
    assert seen.get("fifteen-split") == os.SCHED_IDLE
    me = threading.current_thread().name
    assert seen.get(me, os.SCHED_OTHER) == os.SCHED_OTHER
    assert os.sched_getscheduler(threading.get_native_id()) == os.SCHED_OTHER
