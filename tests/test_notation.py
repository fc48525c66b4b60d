"""Board text and move strings: round trips and every kind of bad input."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.board import Board, BoardError
from game.core.generate import random_board
from game.core.notation import compress_moves, format_board, parse_board, parse_moves, parse_size


@st.composite
def any_board(draw: st.DrawFn) -> Board:
    """Any arrangement, solvable or not: parsing does not care."""
    width, height = draw(st.integers(2, 10)), draw(st.integers(2, 10))
    cells = list(range(width * height))
    random.Random(draw(st.integers(0, 2**32))).shuffle(cells)
    return Board(width, height, tuple(cells))


BLANK_FORMS = st.sampled_from(["0", "_", "."])
SEPARATORS = st.sampled_from([" ", ",", ", "])


@given(any_board(), st.booleans(), BLANK_FORMS, SEPARATORS)
def test_round_trip(board: Board, header: bool, blank: str, sep: str) -> None:
    assert parse_board(board.text()) == board
    assert parse_board(format_board(board, header=header)) == board
    styled = "\n".join(
        sep.join(blank if t == 0 else str(t) for t in row) for row in board.rows()
    )
    assert parse_board(styled) == board


@given(st.text(max_size=60))
def test_any_text_parses_or_raises_board_error(text: str) -> None:
    try:
        board = parse_board(text)
    except BoardError as exc:
        message = str(exc)
        assert message and "\n" not in message
    else:
        assert parse_board(board.text()) == board


def test_example_and_forms() -> None:
    goal = Board.goal(3, 3)
    assert parse_board("1 2 3/4 5 6/7 8 0") == goal
    assert parse_board("1,2,3\n4,5,6\n7,8,_\n") == goal
    assert parse_board("3\n1 2 3\n4 5 6\n7 8 .") == goal
    assert parse_board("3 3\n1 2 3\n4 5 6\n7 8 0") == goal
    assert parse_board("  1 2 3 / 4 5 6 /7 8 0  \r\n") == goal
    # A 2-wide board whose first row looks like a header is still read as a board.
    assert parse_board("2 3\n1 0") == Board(2, 2, (2, 3, 1, 0))
    assert parse_board("4 2\n1 2 3 4\n5 6 7 0") == Board.goal(4, 2)
    assert parse_board("2 1\n0 3") == Board(2, 2, (2, 1, 0, 3))
    # "2 4" fits a 2x4 header, but only the plain 2x5 reading is a board.
    tall = Board(2, 5, (2, 4, 7, 3, 8, 1, 5, 0, 6, 9))
    assert parse_board(format_board(tall)) == tall


WIDE_11X4 = "/".join(" ".join(["1"] * 11) for _ in range(4))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 2 3/4 5 6/7 7 0", "duplicate tile 7"),
        (
            "1 2 3 4/5 6 7 8/9 10 11 12/13 14 16 0",
            r"tile 16 is out of range for a 4x4 board \(1-15\)",
        ),
        ("1 2 3 4/5 6 7 8/9 10 11/12 13 14 0", "row 3 has 3 tiles, expected 4"),
        (WIDE_11X4, r"board 11x4 is too large \(at most 10x10\)"),
        ("1 2 x/4 5 6/7 8 0", "'x' is not a tile number"),
        ("1 2 -3/4 5 6/7 8 0", "'-3' is not a tile number"),
        ("1 2 3/4 5 6/7 8 9", r"no blank \(use 0, _ or \.\)"),
        ("1 2 3/4 5 6/7 8 10", "no blank"),
        ("1 2 3/4 5 6/7 0 10", r"tile 10 is out of range for a 3x3 board \(1-8\)"),
        ("1 2 3/4 5 6/3 8 0", "duplicate tile 3"),
        ("0 2 3/4 5 6/7 8 _", "more than one blank"),
        ("1 2/3 4", "no blank"),
        ("3 1/2 4", "no blank"),
        ("", "empty board"),
        ("   \n / \n", "empty board"),
        ("1 2 0", r"board 3x1 is too small"),
        ("5 5\n1 2 3/4 5 6/7 8 0", "board has 3 rows, expected 5"),
        ("3 3\n1 2 3/4 5 6 7/8 0 9", "row 2 has 4 tiles, expected 3"),
        ("11\n1 2", "board 11x11 is too large"),
    ],
)
def test_bad_input_names_the_problem(text: str, message: str) -> None:
    with pytest.raises(BoardError, match=message) as info:
        parse_board(text)
    assert "\n" not in str(info.value)


def test_move_strings() -> None:
    assert parse_moves("RRDLU") == "RRDLU"
    assert parse_moves("R3") == "RRR"
    assert parse_moves("r3 d, L2u") == "RRRDLLU"
    assert parse_moves("") == ""
    for bad, message in [
        ("RX", "'X' is not a move"),
        ("3R", "'3' is not a move"),
        ("R0", "run length 0"),
        ("R1001", "run length 1001"),
    ]:
        with pytest.raises(BoardError, match=message):
            parse_moves(bad)


@given(st.text(alphabet="UDLR", max_size=50))
def test_compress_round_trip(moves: str) -> None:
    assert parse_moves(compress_moves(moves)) == moves
    assert len(compress_moves(moves)) <= len(moves)


def test_sizes() -> None:
    assert parse_size("4x4") == (4, 4)
    assert parse_size("3X5") == (3, 5)
    assert parse_size("7") == (7, 7)
    for bad, message in [
        ("11x4", "too large"),
        ("1x4", "too small"),
        ("big", "'big' is not a board size"),
        ("4x", "'4x' is not a board size"),
    ]:
        with pytest.raises(BoardError, match=message):
            parse_size(bad)


def test_random_boards_round_trip_through_text() -> None:
    rng = random.Random(7)
    for _ in range(50):
        board = random_board(rng.randint(2, 10), rng.randint(2, 10), rng)
        assert parse_board(format_board(board, header=True)) == board
