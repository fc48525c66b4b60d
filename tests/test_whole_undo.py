"""One undo takes back a whole click (every tile a group slide moved), one redo brings it all
back, and games recorded before (one tile an undo) replay, ghost and judge as they were played."""

from __future__ import annotations

import random

import pytest

from game.core.actions import BoardAction, Move, Redo, Slide, Undo
from game.core.board import Board
from game.core.generate import random_board
from game.core.ghost import Ghost
from game.core.recording import Recording, token_action
from game.core.scoring import UNDO_COST
from game.play.lines import no_oracle
from game.play.replay import build_replay
from game.play.session import Session


def _group_slide(board: Board, tiles: int) -> int:
    """A cell whose click slides ``tiles`` tiles on ``board``."""
    return next(i for i in range(board.size) if len(board.slide_moves(i)) == tiles)


START = Board.goal(4, 4).apply_all("DDDRRR")  # the gap in the top left corner
"""Six moves from the goal: a click on the top row's last tile slides three."""


def test_one_undo_takes_back_the_whole_click_and_one_redo_brings_it_back() -> None:
    session = Session(START)
    cell = _group_slide(START, 3)
    change = session.apply(Slide(cell))
    assert change is not None and len(change.moves) == 3 and session.moves == 3
    slid = session.board
    net = session.sheet.net

    change = session.apply(Undo())
    assert change is not None and change.before == slid and change.after == START
    assert session.board == START and session.moves == 0
    assert session.sheet.undos == 1  # one undo, charged once
    assert session.sheet.net == -UNDO_COST
    assert session.apply(Undo()) is None  # nothing left to take back: not recorded

    change = session.apply(Redo())
    assert change is not None and change.after == slid and session.moves == 3
    assert session.sheet.net == net - UNDO_COST  # the moves' points are back
    assert session.apply(Redo()) is None


def test_a_key_after_a_click_is_its_own_undo() -> None:
    session = Session(START)
    session.apply(Slide(_group_slide(START, 3)))
    slid = session.board
    key = next(m for m in slid.legal_moves() if not slid.apply(m) == START)
    session.apply(Move(key))
    session.apply(Undo())
    assert session.board == slid and session.moves == 3
    session.apply(Undo())
    assert session.board == START


def test_an_undo_recorded_before_takes_back_one_tile_as_it_did() -> None:
    session = Session(START)
    session.apply(Slide(_group_slide(START, 3)))
    session.apply(token_action("Z"))  # as older releases recorded an undo
    assert session.moves == 2
    session.apply(token_action("Z"))
    session.apply(token_action("Y"))
    assert session.moves == 2 and session.sheet.undos == 2


def _random_game(rng: random.Random, whole: bool) -> Recording:
    """Forty clicks, undos and redos (of a whole click, or of one tile as older releases)."""
    board = random_board(4, 4, rng)
    session = Session(board)
    actions: list[BoardAction] = []
    for _ in range(40):
        roll = rng.random()
        if roll < 0.2:
            action: BoardAction = Undo(whole=whole)
        elif roll < 0.3:
            action = Redo(whole=whole)
        else:
            here = session.board
            action = Slide(rng.choice([i for i in range(here.size) if here.slide_moves(i)]))
        actions.append(action)
        session.apply(action)
    return Recording(board, tuple(actions), tuple(range(0, 100 * len(actions), 100)))


@pytest.mark.parametrize("whole", [True, False])
def test_the_ghost_and_the_replay_take_back_what_the_game_took_back(whole: bool) -> None:
    rng = random.Random(11 if whole else 12)
    for _ in range(8):
        recording = _random_game(rng, whole)
        session = Session(recording.board)
        tiles = 0
        for action in recording.actions:
            before = session.board
            change = session.apply(action)
            if change is not None:
                tiles += sum(a != b for a, b in zip(before.tiles, change.after.tiles,
                                                    strict=True)) - 1
        ghost = Ghost.from_recording(recording)
        assert ghost.boards[-1] == session.board
        assert ghost.total_moves == tiles  # an undo of three tiles moved three
        replay = build_replay(recording, no_oracle)
        assert replay.frames[-1].board == session.board
        assert replay.frames[-1].line_length == session.moves


def test_replay_text_says_how_many_moves_an_undo_took_back() -> None:
    cell = _group_slide(START, 3)
    recording = Recording(START, (Slide(cell), Undo(), Redo(), Undo(whole=False)),
                          (0, 100, 200, 300))
    notes = [frame.note for frame in build_replay(recording, no_oracle).frames]
    assert notes[2:] == ["undo (3 moves)", "redo (3 moves)", "undo"]
    assert notes[1].startswith("moves 1-3") and notes[1].endswith("- 1 taken back later")
