"""The arena's message parsing, the blank-word to tile-letter mapping, limits and dealing."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.arena.limits import FLOOD_MESSAGES, FloodGate, Pacer
from game.arena.match import Dealer, unsolvable_board
from game.arena.protocol import (
    Direction,
    GameState,
    MoveRequest,
    NewBoard,
    ProtocolError,
    Status,
    UnsolvableClaim,
    encode_client,
    parse_client,
)
from game.core.board import Board
from game.core.parity import is_solvable

CENTRE = Board(4, 4, (1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
"""The blank at row 1, column 1: every direction is open."""
BLANK_STEP = {Direction.UP: -4, Direction.DOWN: 4, Direction.LEFT: -1, Direction.RIGHT: 1}


@pytest.mark.parametrize("direction", list(Direction))
def test_the_word_names_where_the_blank_goes(direction: Direction) -> None:
    after = CENTRE.apply(direction.letter)
    assert after.blank == CENTRE.blank + BLANK_STEP[direction]
    # the neighbour on that side took the blank's old cell
    assert after.tiles[CENTRE.blank] == CENTRE.tiles[CENTRE.blank + BLANK_STEP[direction]]


def test_words_and_letters() -> None:
    assert {d.value: d.letter for d in Direction} == {
        "up": "D", "down": "U", "left": "R", "right": "L"}
    for direction in Direction:
        assert Direction.from_letter(direction.letter) is direction
    with pytest.raises(ValueError, match="'X' is not a move letter"):
        Direction.from_letter("X")


def test_client_messages_round_trip() -> None:
    for message in (*(MoveRequest(d) for d in Direction), UnsolvableClaim(), NewBoard()):
        assert parse_client(encode_client(message)) == message
    assert parse_client('  {"Move":"left"}  ') == MoveRequest(Direction.LEFT)


@pytest.mark.parametrize(("text", "complaint"), [
    ("{", "malformed JSON"),
    ("", "malformed JSON"),
    ("Move up", "malformed JSON"),
    ("[1, 2]", "expected a JSON object"),
    ('"up"', "expected a JSON object"),
    ("{}", "expected exactly one of"),
    ('{"Move": "up", "New": true}', "expected exactly one of"),
    ('{"move": "up"}', "unknown key 'move'"),
    ('{"Move": "up", "Speed": 3}', "unknown key 'Speed'"),
    ('{"Move": 3}', "Move must be a string"),
    ('{"Move": null}', "Move must be a string"),
    ('{"Move": ["up"]}', "Move must be a string"),
    ('{"Move": "UP"}', "is not a direction"),
    ('{"Move": "D"}', "is not a direction"),
    ('{"Unsolvable": "yes"}', "Unsolvable must be true"),
    ('{"Unsolvable": false}', "Unsolvable must be true"),
    ('{"New": 1}', "New must be true"),
    ("[" * 100_000 + "]" * 100_000, "malformed JSON"),
])
def test_bad_messages_get_one_clear_line(text: str, complaint: str) -> None:
    with pytest.raises(ProtocolError, match=complaint) as info:
        parse_client(text)
    assert "\n" not in str(info.value) and len(str(info.value)) < 200


@given(st.text(max_size=60) | st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=3),
    max_leaves=6).map(json.dumps))
def test_any_text_parses_or_raises_protocol_error(text: str) -> None:
    try:
        message = parse_client(text)
    except ProtocolError:
        return
    assert parse_client(encode_client(message)) == message


def test_server_message_keys() -> None:
    state = GameState(CENTRE, Status.PLAYING, 40, 3, 2)
    data = json.loads(state.to_json())
    assert data == {"Board": list(CENTRE.tiles), "Status": "playing", "Score": 40,
                    "Size": [4, 4], "Moves": 3, "Game": 2}


def test_flood_gate_allows_the_limit_and_refuses_one_more() -> None:
    gate = FloodGate()
    assert all(gate.arrive(i * 0.0005) for i in range(FLOOD_MESSAGES))
    assert not gate.arrive(0.6)
    spaced = FloodGate()
    assert all(spaced.arrive(i * 0.0011) for i in range(5 * FLOOD_MESSAGES))


def test_paced_lock_step_bot_never_floods() -> None:
    """A bot that waits for every reply arrives at most one message ahead of the pacer."""
    gate, pacer, now = FloodGate(), Pacer(), 0.0
    for _ in range(5 * FLOOD_MESSAGES):
        assert gate.arrive(now)
        now += pacer.delay(now) + 0.00001  # served (after pacing), reply read, next sent


def test_unsolvable_boards_and_dealer_share() -> None:
    rng = random.Random(5)
    assert not any(is_solvable(unsolvable_board(4, 4, rng)) for _ in range(200))
    dealt = [Dealer(4, 4, 0.1).deal(rng) for _ in range(2000)]
    share = sum(not is_solvable(b) for b in dealt) / len(dealt)
    assert 0.07 < share < 0.13
    assert all(b.shape == "4x4" and not b.is_solved() for b in dealt)
