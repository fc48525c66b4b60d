"""Every optimal first move from one deepening (``optimal_first_moves``), or from one
iteration at a known distance (``known_first_moves``), on both kernels: against exhaustive
search on 3x3, against the old per-child passes on 4x3."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest
from helpers import per_child_passes

from game.core.board import INVERSE, Board
from game.core.generate import random_board
from game.solver import optimal_moves
from game.solver.exact.heuristic import make_heuristic
from game.solver.exact.ida import IdaSearch, known_first_moves, optimal_first_moves
from game.solver.exact.strong import StrongSpec, assemble
from game.solver.exact.strong_build import build_excess
from game.solver.exact.strong_search import StrongSearch

pytestmark = pytest.mark.usefixtures("private_cache")

FLAG = np.zeros(1, dtype=np.int64)
SearchOf = Callable[[Board], IdaSearch]


def _strong_search_of(spec: StrongSpec) -> SearchOf:
    heur = assemble(spec, np.concatenate([build_excess(spec.width, spec.height, g)
                                          for g in spec.groups]))
    return lambda board: StrongSearch(board, heur, FLAG, None, None)


def _pattern_search_of(width: int, height: int) -> SearchOf:
    heur = make_heuristic(width, height)
    return lambda board: IdaSearch(board, heur, FLAG, None, None)


def _truth(board: Board, dist: dict[tuple[int, ...], int]) -> frozenset[str]:
    d = dist[board.tiles]
    return frozenset(m for m in board.legal_moves() if dist[board.apply(m).tiles] == d - 1)


@pytest.mark.parametrize("kind", ["pattern", "strong"])
def test_every_optimal_first_move_on_3x3_equals_exhaustive_search(
        kind: str, bfs33: dict[tuple[int, ...], int]) -> None:
    search_of = (_pattern_search_of(3, 3) if kind == "pattern"
                 else _strong_search_of(StrongSpec(3, 3, ((1, 2, 3, 4), (5, 6, 7, 8)))))
    rng = random.Random(24)
    boards = [Board(3, 3, tiles) for tiles in rng.sample(sorted(bfs33), 400)]
    # boards with three and four optimal moves are rare at random: add some on purpose
    many = [b for b in (Board(3, 3, t) for t in sorted(bfs33)[::37])
            if len(_truth(b, bfs33)) >= 3]
    boards += many[:60] + [Board.goal(3, 3)]
    sizes = set()
    for board in boards:
        path, moves = optimal_first_moves(search_of(board))
        want = _truth(board, bfs33)
        assert len(path) == bfs33[board.tiles], board
        assert moves == want, board
        assert board.apply_all(path).is_solved() and path[:1] in (want or {""})
        sizes.add(len(want))
    assert sizes >= {0, 1, 2, 3, 4}  # the goal, and one to four optimal moves


def test_every_optimal_first_move_on_4x3_equals_per_child_passes() -> None:
    strong_of = _strong_search_of(StrongSpec(4, 3, ((1, 2, 3, 5, 6), (4, 7, 8, 9, 10, 11))))
    pattern_of = _pattern_search_of(4, 3)
    rng = random.Random(43)
    sizes = set()
    totals = [0, 0]
    for _ in range(25):
        board = random_board(4, 3, rng)
        for search_of in (strong_of, pattern_of):
            d, want, old_nodes = per_child_passes(board, search_of)
            search = search_of(board)
            path, moves = optimal_first_moves(search)
            assert len(path) == d and moves == want, board
            # the rest of the solve's last iteration is a subset of the old passes' work
            # (plus the root's children themselves, counted when generated: an old pass was
            # skipped without a count when the child's own bound ruled it out)
            assert search.nodes <= old_nodes + len(board.legal_moves())
            totals[0] += search.nodes
            totals[1] += old_nodes
        sizes.add(len(want))
    assert {2, 3} <= sizes
    assert totals[0] < totals[1]


def test_a_search_goes_on_after_each_found_path_to_the_next_first_move() -> None:
    search_of = _pattern_search_of(4, 3)
    board = Board.goal(4, 3).apply_all("DRRDLURDLU")
    search = search_of(board)
    path = search.solve()
    firsts = [path[0]]
    while search.next_first_move():
        assert len(search.path) == len(path) and board.apply_all(search.path).is_solved()
        firsts.append(search.path[0])
    assert firsts == sorted(firsts, key="UDLR".index)  # the root's moves in code order
    assert frozenset(firsts) == per_child_passes(board, search_of)[1]


def _line(board: Board, dist: dict[tuple[int, ...], int]) -> str:
    """An optimal path by the exhaustive distances: always the last optimal move."""
    line = ""
    while not board.is_solved():
        move = sorted(_truth(board, dist))[-1]
        line += move
        board = board.apply(move)
    return line


@pytest.mark.parametrize("kind", ["pattern", "strong"])
def test_a_known_distance_and_settled_children_give_the_same_answer_on_3x3(
        kind: str, bfs33: dict[tuple[int, ...], int]) -> None:
    search_of = (_pattern_search_of(3, 3) if kind == "pattern"
                 else _strong_search_of(StrongSpec(3, 3, ((1, 2, 3, 4), (5, 6, 7, 8)))))
    rng = random.Random(7)
    for tiles in rng.sample(sorted(bfs33), 300):
        board = Board(3, 3, tiles)
        d = bfs33[tiles]
        legal = board.legal_moves()
        # what the coach may know: some children's proven distances, or none
        settled = {m: bfs33[board.apply(m).tiles] for m in rng.sample(legal, rng.randrange(
            len(legal) + 1))}
        line = _line(board, bfs33) if rng.random() < 0.5 else ""
        answer = known_first_moves(search_of(board), d, settled, line)
        assert answer is not None, board
        path, moves = answer
        assert moves == _truth(board, bfs33), board
        assert len(path) == d and board.apply_all(path).is_solved()


def test_knowledge_that_does_not_hold_is_found_out() -> None:
    board = Board.goal(4, 3).apply_all("DRRDLURDLU")
    search_of = _pattern_search_of(4, 3)
    d, want, _ = per_child_passes(board, search_of)
    assert known_first_moves(search_of(board), d - 2, {}) is None
    assert known_first_moves(search_of(board), d, {board.legal_moves()[0]: d + 3}) is None
    for line in ("", "U" * d):  # a line that does not solve is not used
        answer = known_first_moves(search_of(board), d, {}, line)
        assert answer is not None and answer[1] == want


def test_the_coach_answer_with_knowledge_equals_the_answer_from_scratch() -> None:
    rng = random.Random(12)
    for _ in range(6):
        board = random_board(4, 3, rng)
        cold = optimal_moves(board)
        for move in board.legal_moves():  # as the coach knows a neighbour's answer
            child = board.apply(move)
            back = INVERSE[move]
            # the path the knowledge derives: on the answer's line, or back and along it
            line = (cold.path[1:] if move == cold.path[0]
                    else "" if move in cold.moves else back + cold.path)
            known = optimal_moves(child, distance=cold.distance + (-1 if move in cold.moves
                                                                   else 1),
                                  settled={back: cold.distance}, line=line)
            fresh = optimal_moves(child)
            assert (known.distance, known.moves) == (fresh.distance, fresh.moves)
            assert len(known.path) == known.distance and known.path[0] in known.moves
