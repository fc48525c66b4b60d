"""A coach answer shared by two threads: the same distance and every optimal first move as
exhaustive search, each thread searching only its own share, and a cancel stops both."""

from __future__ import annotations

import random
import threading

import numpy as np
import pytest

from game.core.board import Board
from game.core.generate import random_board
from game.solver.errors import SolveCancelled
from game.solver.exact import shared, strong_kernels, tables
from game.solver.exact.ida import optimal_first_moves
from game.solver.exact.strong import StrongSpec, assemble
from game.solver.exact.strong_build import build_excess
from game.solver.exact.strong_search import StrongSearch

pytestmark = pytest.mark.usefixtures("private_cache")


def _strong(width: int, height: int, groups: tuple[tuple[int, ...], ...]) -> object:
    spec = StrongSpec(width, height, groups)
    return assemble(spec, np.concatenate([build_excess(width, height, g) for g in groups]))


@pytest.fixture
def split_early(monkeypatch: pytest.MonkeyPatch) -> None:
    """Share from the first iteration, dealing paths out near the root (small boards)."""
    monkeypatch.setattr(shared, "SHARE_FROM_NODES", 0)
    monkeypatch.setattr(shared, "SPLIT_DEPTH", 3)
    monkeypatch.setattr(shared, "CHUNK_NODES", 64)


def test_two_shares_give_every_optimal_move_of_exhaustive_search(bfs33, split_early) -> None:
    heur = _strong(3, 3, ((1, 2, 3, 4), (5, 6, 7, 8)))
    flag = np.zeros(1, dtype=np.int64)
    rng = random.Random(5)
    for tiles, distance in rng.sample(sorted(bfs33.items()), 200):
        board = Board(3, 3, tiles)
        pair = [StrongSearch(board, heur, flag, None, None) for _ in range(2)]  # type: ignore[arg-type]
        path, moves = shared.shared_first_moves(pair)  # type: ignore[arg-type]
        assert len(path) == distance and board.apply_all(path).is_solved()
        assert moves == tables.table_optimal_moves(board), board


def test_each_thread_searches_only_its_share(split_early) -> None:
    """Deep 4x3 boards: both threads work, and together about as much as one alone."""
    heur = _strong(4, 3, ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10, 11)))
    flag = np.zeros(1, dtype=np.int64)
    rng = random.Random(8)
    alone_nodes = shared_nodes = 0
    for _ in range(4):
        board = random_board(4, 3, rng)
        alone = StrongSearch(board, heur, flag, None, None)  # type: ignore[arg-type]
        want = optimal_first_moves(alone)
        pair = [StrongSearch(board, heur, flag, None, None) for _ in range(2)]  # type: ignore[arg-type]
        path, moves = shared.shared_first_moves(pair)  # type: ignore[arg-type]
        assert (len(path), moves) == (len(want[0]), want[1])
        assert all(s.nodes > 0.2 * alone.nodes for s in pair)
        alone_nodes += alone.nodes
        shared_nodes += sum(s.nodes for s in pair)
    assert shared_nodes < 1.3 * alone_nodes


def test_every_path_has_one_owner() -> None:
    moves = np.array([0, 2, 1, 3, 0, 0], dtype=np.int64)
    for ways in (2, 3):
        owners = {strong_kernels.split_share(moves, 5, code, ways) for code in range(4)}
        assert owners <= set(range(ways))
    rng = random.Random(2)
    counts = [0, 0]
    for _ in range(2000):
        path = np.array([rng.randrange(4) for _ in range(9)], dtype=np.int64)
        counts[strong_kernels.split_share(path, 9, rng.randrange(4), 2)] += 1
    assert min(counts) > 800  # the deal is even


def test_a_cancel_stops_both_threads(split_early, monkeypatch: pytest.MonkeyPatch) -> None:
    heur = _strong(4, 3, ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10, 11)))
    flag = np.zeros(1, dtype=np.int64)
    board = random_board(4, 3, random.Random(8))
    pair = [StrongSearch(board, heur, flag, None, None) for _ in range(2)]  # type: ignore[arg-type]
    calls = []
    real_run = StrongSearch._run

    def run(self: StrongSearch) -> int:
        calls.append(threading.current_thread().name)
        if len(calls) == 20:
            flag[0] = 1  # the game's cancel, mid-search
        return real_run(self)

    monkeypatch.setattr(StrongSearch, "_run", run)
    with pytest.raises(SolveCancelled):
        shared.shared_first_moves(pair)  # type: ignore[arg-type]
    assert not [t for t in threading.enumerate() if t.name == "fifteen-coach-share"]
    assert len(set(calls)) == 2  # both had started: the caller's thread and a helper
