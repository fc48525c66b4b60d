"""The board model: moves, slides, inverses, solved test, equality and hashing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.board import (
    MOVES,
    Board,
    BoardError,
    IllegalMoveError,
    inverse,
    inverse_moves,
)
from game.core.generate import random_board
from game.core.notation import parse_board


@st.composite
def boards(draw: st.DrawFn, max_side: int = 10) -> Board:
    width = draw(st.integers(2, max_side))
    height = draw(st.integers(2, max_side))
    seed = draw(st.integers(0, 2**32))
    return random_board(width, height, random.Random(seed))


def test_goal_layout() -> None:
    goal = Board.goal(3, 3)
    assert goal.tiles == (1, 2, 3, 4, 5, 6, 7, 8, 0)
    assert goal.is_solved()
    assert goal.blank == 8
    assert Board.goal(4, 2).text() == "1 2 3 4/5 6 7 0"


def test_move_letters_name_the_tile_direction() -> None:
    goal = Board.goal(3, 3)
    # R slides the tile left of the gap (8) to the right.
    assert goal.apply("R").text() == "1 2 3/4 5 6/7 0 8"
    # D slides the tile above the gap (6) down.
    assert goal.apply("D").text() == "1 2 3/4 5 0/7 8 6"
    assert goal.legal_moves() == ("D", "R")
    with pytest.raises(IllegalMoveError, match="move U"):
        goal.apply("U")
    with pytest.raises(IllegalMoveError):
        goal.apply("L")


def test_unknown_move_letter_is_named() -> None:
    with pytest.raises(BoardError, match="'X' is not a move"):
        Board.goal(3, 3).apply("X")


def test_tile_for_names_the_moving_tile() -> None:
    board = parse_board("1 2 3/4 0 6/7 5 8")
    assert {m: board.tile_for(m) for m in board.legal_moves()} == {
        "U": 5, "D": 2, "L": 6, "R": 4,
    }


@given(boards())
def test_move_then_inverse_is_identity(board: Board) -> None:
    for move in board.legal_moves():
        after = board.apply(move)
        assert after != board
        assert after.apply(inverse(move)) == board
        assert inverse(move) in after.legal_moves()


@given(boards(), st.lists(st.sampled_from(MOVES), max_size=40))
def test_move_sequences_undo(board: Board, wanted: list[str]) -> None:
    played = ""
    current = board
    for move in wanted:
        if current.can_move(move):
            current = current.apply(move)
            played += move
    assert current.apply_all(inverse_moves(played)) == board
    assert board.apply_all(played) == current


@given(boards(max_side=6), st.data())
def test_slide_moves_the_whole_group(board: Board, data: st.DataObject) -> None:
    index = data.draw(st.integers(0, board.size - 1))
    moves = board.slide_moves(index)
    row, col = divmod(index, board.width)
    brow, bcol = divmod(board.blank, board.width)
    in_line = (row == brow) != (col == bcol)
    assert bool(moves) == in_line
    assert len(moves) == abs(row - brow) + abs(col - bcol) if in_line else moves == ""
    after = board.slide(index)
    if in_line:
        # The clicked cell becomes the gap; every tile in between shifted one step.
        assert after.blank == index
        assert sorted(after.tiles) == sorted(board.tiles)
    else:
        assert after == board


def test_slide_example() -> None:
    board = parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0")
    after = board.slide(12)  # click tile 13, three to the left of the gap
    assert board.slide_moves(12) == "RRR"
    assert after.text() == "1 2 3 4/5 6 7 8/9 10 11 12/0 13 14 15"
    assert board.slide(15) == board  # clicking the blank does nothing
    assert board.slide_moves(99) == ""


def test_equality_and_hashing() -> None:
    a = parse_board("1 2 3/4 5 6/7 0 8")
    b = Board.goal(3, 3).apply("R")
    assert a == b and hash(a) == hash(b)
    assert len({a, b, Board.goal(3, 3)}) == 2
    assert Board.goal(2, 3) != Board.goal(3, 2)


def test_board_is_immutable() -> None:
    board = Board.goal(3, 3)
    with pytest.raises(AttributeError):
        board.width = 4  # type: ignore[misc]


def test_constructor_validates() -> None:
    with pytest.raises(BoardError, match="permutation"):
        Board(2, 2, (1, 1, 2, 0))
    with pytest.raises(BoardError, match="too large"):
        Board.goal(11, 4)
    with pytest.raises(BoardError, match="too small"):
        Board.goal(1, 4)


def test_misplaced_and_position() -> None:
    board = parse_board("1 2 3/4 5 6/8 7 0")
    assert board.misplaced() == 2
    assert board.position(8) == (2, 0)
    assert Board.goal(5, 5).misplaced() == 0
