"""The knowledge map's derivations, checked exhaustively against BFS on 2x3 boards, and the
worker's locked copy of it (the same rules, the same ``merge``)."""

from __future__ import annotations

import pytest
from test_worker_fakes import FakeSolver, boards_at, distance, distances, optimal_set

import game.core.knowledge as core
import game.worker.knowledge as shared
from game.core.board import Board, inverse
from game.core.coach import Hint, goal_hint
from game.core.knowledge import Knowledge, merge
from game.worker import SharedKnowledge


def proven(board: Board) -> Hint:
    """The complete hint a search would deliver for ``board``."""
    answer = FakeSolver.answer(board)
    return Hint(board, answer.distance, answer.moves, True, True, answer.path)


def all_boards() -> list[Board]:
    return [Board(2, 3, t) for t in sorted(distances())]


def check_sound(hint: Hint) -> None:
    """Whatever a hint claims must be true."""
    board = hint.board
    assert hint.optimal and hint.distance == distance(board)
    assert hint.moves <= optimal_set(board)
    if hint.complete:
        assert hint.moves == optimal_set(board)
    if hint.path:
        assert len(hint.path) == hint.distance and board.apply_all(hint.path).is_solved()
        assert hint.path[0] in hint.moves


def test_every_neighbour_of_a_proven_board_is_known_soundly():
    for board in all_boards():
        if board.is_solved():
            continue
        knowledge = Knowledge()
        knowledge.learn(proven(board))
        for move in board.legal_moves():
            child = board.apply(move)
            hint = knowledge.known(child)
            check_sound(hint)
            if child.is_solved():
                continue
            first = proven(board)
            if move == first.path[0]:  # along the stored path: the next step is known
                assert hint.path == first.path[1:]
            elif move not in first.moves:  # wasteful: undoing is optimal
                assert inverse(move) in hint.moves
                assert hint.path and hint.path[0] == inverse(move)


def test_the_whole_path_is_known_after_one_search():
    for board in boards_at(15)[:20]:
        knowledge = Knowledge()
        first = proven(board)
        knowledge.learn(first)
        here = board
        for step, move in enumerate(first.path, 1):
            here = here.apply(move)
            hint = knowledge.known(here)
            check_sound(hint)
            assert hint.path == first.path[step:]


def test_all_neighbours_known_makes_a_board_complete():
    board = next(b for b in boards_at(10) if len(optimal_set(b)) >= 2)
    knowledge = Knowledge()
    for move in board.legal_moves():
        knowledge.add(proven(board.apply(move)))
    hint = knowledge.known(board)
    check_sound(hint)
    assert hint.complete and hint.moves == optimal_set(board)


def test_one_move_from_the_goal_is_known_without_any_search():
    goal = Board.goal(2, 3)
    knowledge = Knowledge()
    assert knowledge.known(goal) == goal_hint(goal)
    for move in goal.legal_moves():
        near = goal.apply(move)
        hint = knowledge.known(near)
        check_sound(hint)
        assert hint.complete and hint.path == inverse(move)


def test_nothing_known_about_a_far_board():
    assert Knowledge().known(boards_at(12)[0]) is None


def test_a_partial_hint_never_weakens_a_complete_one():
    board = boards_at(9)[0]
    full = proven(board)
    partial = Hint(board, full.distance, frozenset(), True, False, "")
    assert merge(full, partial) == full
    assert merge(partial, full) == full
    knowledge = Knowledge()
    knowledge.learn(full)
    knowledge.add(partial)
    assert knowledge.get(board) == full


def test_partial_hints_combine_their_moves():
    board = next(b for b in boards_at(10) if len(optimal_set(b)) >= 2)
    one, two = sorted(optimal_set(board))[:2]
    d = distance(board)
    merged = merge(
        Hint(board, d, frozenset(one), True, False, ""),
        Hint(board, d, frozenset(two), True, False, ""),
    )
    assert merged.moves == {one, two} and not merged.complete


def test_unproven_hints_are_stored_but_not_derived_from():
    board = boards_at(12)[0]
    answer = FakeSolver.answer(board)
    best = Hint(board, answer.distance + 2, frozenset(), False, False, "")
    knowledge = Knowledge()
    knowledge.learn(best)
    assert knowledge.known(board) == best
    for move in board.legal_moves():
        child = board.apply(move)
        assert knowledge.known(child) is None or knowledge.known(child).board != board


def test_capacity_bounds_the_cache_and_keeps_the_newest():
    knowledge = Knowledge(capacity=5)
    boards = boards_at(14)[:10]
    for board in boards:
        knowledge.learn(proven(board))
    assert len(knowledge) == 5
    assert knowledge.get(boards[-1]) == proven(boards[-1])
    with pytest.raises(ValueError, match="capacity 0"):
        Knowledge(capacity=0)


def test_merge_keeps_the_shorter_best_found_path() -> None:
    board = Board.goal(5, 5).apply_all("DDRRUL")
    short = Hint(board, 6, frozenset("R"), False, False, "RDLLUU")
    long = Hint(board, 8, frozenset("U"), False, False, "UDRDLLUU")
    assert merge(short, long) == short
    assert merge(long, short) == short


def test_the_worker_keeps_its_knowledge_by_the_core_rules(monkeypatch) -> None:
    """One ``merge``: the worker's copy stores what the core map stores, ties included."""
    assert not hasattr(shared, "merge") and not hasattr(shared, "_derive")
    calls: list[tuple[Hint | None, Hint | None]] = []

    def spy(old: Hint | None, new: Hint | None) -> Hint | None:
        calls.append((old, new))
        return merge(old, new)

    monkeypatch.setattr(core, "merge", spy)
    board = next(b for b in boards_at(10) if len(optimal_set(b)) >= 2)
    one, two = sorted(optimal_set(board))[:2]
    d = distance(board)
    first = Hint(board, d, frozenset(one), True, False, "")
    second = Hint(board, d, frozenset(two), True, False, FakeSolver.answer(board).path)
    worker, plain = SharedKnowledge(), Knowledge()
    for knowledge in (worker, plain):
        knowledge.add(first)
        knowledge.add(second)
    assert worker.get(board) == plain.get(board) == merge(first, second)
    assert worker.get(board).moves == {one, two}
    assert calls == [(None, first), (first, second)] * 2  # the worker's adds, then the map's


def test_learn_returns_everything_it_stored_in_order() -> None:
    board = boards_at(9)[0]
    full = proven(board)
    stored = SharedKnowledge().learn(full)
    assert stored[-1] == full
    assert [h.distance for h in stored[:-1]] == list(range(1, full.distance))  # farthest first
    here = board
    for step, move in enumerate(full.path[:-1], 1):
        here = here.apply(move)
        assert stored[-1 - step].board == here and stored[-1 - step].path == full.path[step:]
    best = Hint(board, full.distance + 2, frozenset(), False, False, "")
    assert SharedKnowledge().learn(best) == [best]  # a best-found line: itself only


def test_proven_means_nothing_left_to_search() -> None:
    board = boards_at(9)[0]
    knowledge = SharedKnowledge()
    assert not knowledge.proven(board)
    knowledge.learn(proven(board))
    assert knowledge.proven(board) and knowledge.known(board).proven
    assert knowledge.proven(Board.goal(2, 3))
