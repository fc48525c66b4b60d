"""The ghost: boards and progress at given times, from a recording or the coach's line."""

from __future__ import annotations

import math

import pytest

from game.core.actions import CycleHint, Move, Redo, Restart, Slide, Undo
from game.core.board import Board
from game.core.ghost import Ghost, GhostChoice, GhostError, GhostKind, check_tps
from game.core.notation import parse_board
from game.core.recording import Recording

START = parse_board("1 2 3/4 0 6/7 5 8")  # U then L solves it


def test_recording_ghost_follows_the_game_in_time() -> None:
    # a detour (R, L), a hint, U, undo and redo of it, then L home
    actions = (Move("R"), CycleHint(), Move("L"), Move("U"), Undo(), Redo(), Move("L"))
    times = (1000, 1500, 2000, 3000, 3500, 4000, 5000)
    ghost = Ghost.from_recording(Recording(START, actions, times))
    assert ghost.board_at(0.0) == START and ghost.board_at(0.999) == START
    assert ghost.board_at(1.0) == START.apply("R")
    assert ghost.board_at(1.7) == START.apply("R")  # the hint moved nothing
    assert ghost.board_at(2.0) == START
    assert ghost.board_at(3.2) == START.apply("U")
    assert ghost.board_at(3.6) == START  # undone
    assert ghost.board_at(4.0) == START.apply("U")
    assert ghost.board_at(99) == Board.goal(3, 3)
    assert ghost.total_moves == 6 and ghost.duration == 5.0 and ghost.solves
    assert [ghost.made_at(t) for t in (0, 1, 2, 3, 3.5, 4, 5)] == [0, 1, 2, 3, 4, 5, 6]
    assert [ghost.to_go_at(t) for t in (0, 2.5, 5)] == [6, 4, 0]
    assert not ghost.finished_at(4.99) and ghost.finished_at(5.0)
    assert ghost.clock_at(3.0) == 3.0 and ghost.clock_at(60.0) == 5.0
    assert ghost.progress_at(2.5) == pytest.approx(2 / 6)
    assert ghost.final_moves == 4  # R L U L: its final line, as its top 10 counts it


def test_a_race_sets_the_ghosts_final_line_beside_the_players() -> None:
    from game.core.race import race_lines
    from game.play.ghost_race import GhostRace

    # R, restart, U, undo, redo, L: 5 tile moves, but a 2-move final line like the player's
    actions = (Move("R"), Restart(), Move("U"), Undo(), Redo(), Move("L"))
    recording = Recording(START, actions, (500, 1000, 1500, 2000, 2500, 3000))
    ghost = Ghost.from_recording(recording)
    assert ghost.total_moves == 5 and ghost.final_moves == 2  # the HUD counts tiles to go
    race = GhostRace(GhostChoice(GhostKind.BEST, recording=recording, game=7), START)
    result = race.result(2.0, True)
    assert result.moves == 2 and result.won
    head, detail = race_lines(result, 2.0, 2, True)
    assert head.endswith(", in as many moves")  # not "3 moves fewer"
    assert detail == "you 2 moves · the game you raced 2 moves"


def test_recording_ghost_slides_restarts_and_stops_at_the_win() -> None:
    start = parse_board("1 2 3/4 5 6/0 7 8")  # the blank bottom-left: LL solves it
    actions = (Slide(8), Restart(), Slide(8), Move("U"))  # slide 7 8 left, restart, again
    ghost = Ghost.from_recording(Recording(start, actions, (100, 200, 300, 400)))
    assert ghost.board_at(0.15).is_solved() and ghost.made_at(0.15) == 2
    assert len(ghost.boards) == 1  # the game was over: nothing after the win counts
    assert ghost.finished_at(0.1) and ghost.total_moves == 2 and ghost.final_moves == 2


def test_coach_line_ghost_reaches_the_goal_at_length_over_tps() -> None:
    board = parse_board("1 2 3/4 5 6/0 7 8")
    for tps in (2, 4, 8):
        ghost = Ghost.from_moves(board, "LL", tps)
        assert ghost.duration == pytest.approx(2 / tps)
        assert not ghost.finished_at(2 / tps - 1e-9) and ghost.finished_at(2 / tps)
        assert ghost.board_at(1 / tps) == board.apply("L")
        assert ghost.to_go_at(0) == 2 and ghost.label == f"coach {tps} tps"
        assert ghost.final_moves == 2


@pytest.mark.parametrize("tps", [0, -1, 51, math.nan, math.inf])
def test_bad_pace_is_refused_naming_it(tps: float) -> None:
    with pytest.raises(GhostError, match="tiles per second"):
        check_tps(tps)
    with pytest.raises(GhostError):
        GhostChoice(GhostKind.COACH, tps)


def test_illegal_coach_line_is_refused() -> None:
    with pytest.raises(GhostError, match="move 1 'U'"):
        Ghost.from_moves(Board.goal(3, 3), "U", 4)
