"""Replay codes round-trip; every kind of bad code gets a ReplayCodeError naming the problem."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.actions import CycleHint, Move, Redo, Restart, Slide, Source, Undo
from game.core.clock import clock_text
from game.core.daily import DateError, daily_game_id, daily_seed, parse_date, share_line
from game.core.generate import random_board
from game.core.notation import parse_board
from game.core.recording import Mode, Recording, RecordingError
from game.core.replay_code import PREFIX, ReplayCodeError, decode, encode

BOARD = parse_board("1 2 3/4 0 6/7 5 8")
GAME = Recording(BOARD, (Move("U"), CycleHint(), Move("D"), Undo(whole=False),
                         Redo(whole=False), Restart(), Slide(7), Move("L", Source.SOLVE)),
                 (0, 300, 900, 1500, 1600, 2000, 2600, 40000), Mode.DAILY)
"""A game as older releases recorded it: undo and redo of one tile."""


def test_round_trip() -> None:
    code = encode(GAME)
    assert code.startswith("F2.") and "\n" not in code and "=" not in code  # no hinted move
    assert decode(code) == GAME
    assert decode("  " + code + "\n") == GAME


def test_hinted_moves_round_trip_in_version_3_and_a_version_2_code_never_carries_them() -> None:
    from game.core.replay_code import decode_game

    judgements = ("O", "", "o", "", "", "", "oL", "o")
    code = encode(GAME, judgements)
    assert code.startswith("F3.")  # the lowest version holding it
    assert decode_game(code).judgements == judgements
    plain = encode(GAME, tuple(j.lower() for j in judgements))
    assert plain.startswith("F2.") and decode_game(plain).judgements[0] == "o"
    # a version 2 code with a capital's byte is damage, as an older release reads it
    import base64
    import zlib
    data = bytearray(base64.urlsafe_b64decode(plain[3:] + "=" * (-len(plain[3:]) % 4)))
    body = data[:-4]
    at = body.index(bytes([1, 0]))  # action 1's judgement count, then its letter "o"
    body[at + 1] = 5
    forged = "F2." + base64.urlsafe_b64encode(
        bytes(body) + zlib.crc32(bytes(body)).to_bytes(4, "big")).decode().rstrip("=")
    with pytest.raises(ReplayCodeError, match="unknown judgement 5"):
        decode_game(forged)


def test_whole_click_undo_needs_version_4_and_older_versions_refuse_its_bytes() -> None:
    import base64
    import zlib

    game = Recording(BOARD, (Slide(7), Undo(), Redo()), (0, 500, 900))
    code = encode(game)
    assert code.startswith("F4.") and decode(code) == game
    assert decode(code).actions[1:] == (Undo(whole=True), Redo(whole=True))
    # the same bytes under version 3 are damage: a version 3 code never carried them
    data = bytearray(base64.urlsafe_b64decode(code[3:] + "=" * (-len(code[3:]) % 4)))
    body = data[:-4]
    body[0] = 3
    forged = "F3." + base64.urlsafe_b64encode(
        bytes(body) + zlib.crc32(bytes(body)).to_bytes(4, "big")).decode().rstrip("=")
    with pytest.raises(ReplayCodeError, match="action 2 has an unknown code 12"):
        decode(forged)
    # a game with no whole-click undo stays readable by older releases
    assert encode(GAME).startswith("F2.")


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6), st.integers(2, 6), st.integers(0, 10**6),
       st.lists(st.tuples(st.sampled_from(["U", "D", "L", "R", "u", "d", "l", "r", "Z", "Y",
                                           "X", "H", "Z*", "Y*"]), st.integers(0, 10**6)),
                max_size=40))
def test_any_recording_round_trips(w: int, h: int, seed: int,
                                   steps: list[tuple[str, int]]) -> None:
    from game.core.recording import token_action

    board = random_board(w, h, random.Random(seed))
    times, at = [], 0
    for _, gap in steps:
        at += gap
        times.append(at)
    rec = Recording(board, tuple(token_action(t) for t, _ in steps), tuple(times))
    assert decode(encode(rec)) == rec


@pytest.mark.parametrize(("code", "words"), [
    ("", "not a replay code"),
    ("hello", "not a replay code"),
    ("F1.!!!!", "base64url"),
    ("F1.AQ", "truncated"),
])
def test_bad_codes_are_named(code: str, words: str) -> None:
    with pytest.raises(ReplayCodeError, match=words):
        decode(code)


def test_every_truncation_and_flipped_character_is_refused() -> None:
    code = encode(GAME)
    for cut in range(len(PREFIX), len(code) - 1):
        with pytest.raises(ReplayCodeError):
            decode(code[:cut])
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for i in range(len(PREFIX), len(code) - 1):  # the last char may carry only padding bits
        other = alphabet[(alphabet.index(code[i]) + 1) % len(alphabet)]
        with pytest.raises(ReplayCodeError):
            decode(code[:i] + other + code[i + 1:])


def test_recording_refuses_inconsistent_times() -> None:
    with pytest.raises(RecordingError):
        Recording(BOARD, (Move("U"),), ())
    with pytest.raises(RecordingError):
        Recording(BOARD, (Move("U"), Move("D")), (5, 3))
    with pytest.raises(RecordingError):
        Recording(BOARD, (Slide(9),), (0,))


def test_daily_board_is_pinned() -> None:
    # Pinned values: the same on every machine and every run (sha256 + random.Random(int)).
    day = dt.date(2025, 1, 31)
    assert daily_seed(day, 4, 4) == daily_seed(day, 4, 4)
    gid = daily_game_id(day, 4, 4)
    assert str(gid) == f"4x4-{daily_seed(day, 4, 4)}"
    assert str(gid) == PINNED_ID
    assert gid.board().text() == PINNED_BOARD
    assert daily_seed(day, 3, 3) != daily_seed(day, 4, 4)
    assert daily_seed(dt.date(2025, 2, 1), 4, 4) != daily_seed(day, 4, 4)


PINNED_ID = "4x4-361434228591"
PINNED_BOARD = "12 0 9 5/6 8 4 7/15 10 3 11/14 1 2 13"


@pytest.mark.parametrize("text", ["2025-13-01", "2025-02-30", "31/01/2025", "2025-1-5", "",
                                  "tomorrow"])
def test_bad_dates_are_named(text: str) -> None:
    with pytest.raises(DateError, match="date"):
        parse_date(text)


def test_share_line() -> None:
    line = share_line(dt.date(2025, 1, 31), "4x4", 52, 48, 61.23, "A")
    assert line == ("Fifteen daily 2025-01-31 4x4 (first try): 52 moves (optimal 48) in 1:01.2, "
                    "grade A")
    for seconds in (2.55, 59.96, 0.05):  # the time as the end screen rounds it
        assert f" in {clock_text(seconds)}, " in share_line(dt.date(2025, 1, 31), "3x3", 9, 9,
                                                            seconds, "S")
