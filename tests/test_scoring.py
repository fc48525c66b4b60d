"""Scoring rules on scripted games: judging moves, streaks, costs, bonuses, summary, grade."""

from __future__ import annotations

import pytest
from helpers import bfs_distances
from known_boards import read_boards

from game.core.board import Board
from game.core.coach import Hint
from game.core.scoring import (
    BASE_POINTS,
    HINT_COST_PER_LEVEL,
    MULTIPLIER_STEPS,
    RESTART_COST,
    UNDO_COST,
    WASTEFUL_COST,
    MoveClass,
    ScoreSheet,
    classify,
    judge_move,
    multiplier,
)
from game.core.summary import summarize

OPT, WASTE, UNK = MoveClass.OPTIMAL, MoveClass.WASTEFUL, MoveClass.UNKNOWN
SLOW_SECONDS = 1e6  # far over par: no time bonus


def FakeHint(distance: int, moves: frozenset[str], optimal: bool = True,  # noqa: N802
             complete: bool = True) -> Hint:
    """A hint for judging a move; the board is not read by the judge."""
    return Hint(Board.goal(3, 3), distance, moves, optimal, complete, "")


@pytest.fixture(scope="session")
def dist3() -> dict[tuple[int, ...], int]:
    return bfs_distances(3, 3)


def optimal_set(board: Board, dist: dict[tuple[int, ...], int]) -> frozenset[str]:
    here = dist[board.tiles]
    return frozenset(m for m in board.legal_moves() if dist[board.apply(m).tiles] == here - 1)


def stored_solutions() -> list[tuple[Board, int, str]]:
    return read_boards("optimal_3x3.tsv")


def play(sheet: ScoreSheet, classes: str) -> ScoreSheet:
    """Apply moves written as o (optimal), w (wasteful), u (unknown)."""
    for c in classes:
        sheet = sheet.after_move({"o": OPT, "w": WASTE, "u": UNK}[c])
    return sheet


# --- judging moves --------------------------------------------------------------------------
def test_classify_from_distances() -> None:
    assert classify(10, 9) is OPT
    assert classify(10, 11) is WASTE
    assert classify(None, 9) is UNK
    assert classify(10, None) is UNK
    assert classify(10, 10) is UNK


def test_judge_move_from_hint() -> None:
    hint = FakeHint(distance=7, moves=frozenset("UL"))
    assert judge_move("L", hint) == (OPT, 6)
    assert judge_move("R", hint) == (WASTE, 8)
    partial = FakeHint(distance=7, moves=frozenset("U"), complete=False)
    assert judge_move("U", partial) == (OPT, 6)
    assert judge_move("L", partial) == (UNK, None)
    assert judge_move("U", FakeHint(distance=40, moves=frozenset("U"), optimal=False)) == (
        UNK,
        None,
    )
    assert judge_move("U", None) == (UNK, None)


def test_alternative_optimal_move_scores_optimal(dist3: dict) -> None:
    """A move that is not the first move of the stored optimal solution still scores optimal."""
    found = None
    for board, length, solution in stored_solutions():
        assert dist3[board.tiles] == length
        others = optimal_set(board, dist3) - {solution[0]}
        if others:
            found = (board, length, solution, sorted(others)[0])
            break
    assert found is not None, "no 3x3 board in the suite has two optimal first moves"
    board, length, solution, move = found
    assert move != solution[0]  # a one-path comparison would call this move wrong
    after = board.apply(move)
    assert classify(dist3[board.tiles], dist3[after.tiles]) is OPT
    hint = FakeHint(distance=length, moves=optimal_set(board, dist3))
    assert judge_move(move, hint) == (OPT, length - 1)

    # Finish the game optimally from there: a perfect game, grade S, every move optimal.
    sheet = ScoreSheet.start(length, width=3, height=3).after_move(*judge_move(move, hint))
    while not after.is_solved():
        nxt = min(optimal_set(after, dist3))
        sheet = sheet.after_move(None, dist3[after.apply(nxt).tiles])
        after = after.apply(nxt)
    assert (sheet.moves, sheet.optimal, sheet.wasteful) == (length, length, 0)
    summary = summarize(sheet, SLOW_SECONDS, solved_by_player=True)
    assert summary.perfect and summary.grade == "S"
    assert summary.efficiency == 1.0 and summary.accuracy == 1.0
    assert summary.distances == tuple(range(length, -1, -1))


def test_wasteful_move_judged_from_complete_set(dist3: dict) -> None:
    board, length, _ = stored_solutions()[0]
    best = optimal_set(board, dist3)
    for move in board.legal_moves():
        cls, after = judge_move(move, FakeHint(distance=length, moves=best))
        assert after == dist3[board.apply(move).tiles]
        assert cls is (OPT if move in best else WASTE)


# --- streaks and points ---------------------------------------------------------------------
def test_multiplier_steps() -> None:
    assert [multiplier(s) for s in (0, 4, 5, 9, 10, 19, 20, 39, 40, 100)] == [
        1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]
    assert MULTIPLIER_STEPS == (5, 10, 20, 40)


def test_streak_grows_and_points_multiply() -> None:
    sheet = play(ScoreSheet.start(30), "o" * 12)
    assert sheet.streak == 12 and sheet.best_streak == 12
    assert sheet.points == BASE_POINTS * (5 * 1 + 5 * 2 + 2 * 3)
    assert sheet.multiplier == 3
    assert sheet.distance == 18 and sheet.last is OPT and sheet.last_points == 3 * BASE_POINTS


def test_wasteful_move_resets_streak_and_costs() -> None:
    sheet = play(ScoreSheet.start(30), "oooooo")
    before = sheet.points
    sheet = sheet.after_move(WASTE)
    assert sheet.streak == 0 and sheet.best_streak == 6
    assert sheet.points == before - WASTEFUL_COST
    assert sheet.distance == 25 and sheet.last is WASTE
    sheet = sheet.after_move(OPT)
    assert sheet.last_points == BASE_POINTS  # back to 1x
    assert (sheet.moves, sheet.optimal, sheet.wasteful) == (8, 7, 1)


def test_unknown_moves_neither_score_nor_break_streak() -> None:
    sheet = play(ScoreSheet.start(None, width=5, height=5), "uuu")
    assert sheet.points == 0 and sheet.unknown == 3 and sheet.distance is None
    sheet = play(ScoreSheet.start(20), "ooouo")
    assert sheet.streak == 4 and sheet.distance is None


def test_an_unjudged_move_holds_the_multiplier_so_no_credit_is_given_then_taken() -> None:
    # 10 optimal moves make x3; a move waits for its judgement; three optimal moves follow
    waiting = play(ScoreSheet.start(None, width=5, height=5), "o" * 10 + "u" + "ooo")
    assert waiting.held and waiting.streak == 13
    assert waiting.multiplier == 1 and waiting.streak_multiplier == 3
    assert [n.points for n in waiting.line.last(3)] == [BASE_POINTS] * 3  # 1x while held
    held_points = waiting.points
    # judged one way or the other (the session scores the line again), the three moves
    # after it never lose what they were shown: charged, it costs only its own points...
    charged = play(ScoreSheet.start(None, width=5, height=5), "o" * 10 + "w" + "ooo")
    assert not charged.held and charged.points == held_points - WASTEFUL_COST
    assert [n.points for n in charged.line.last(3)] == [BASE_POINTS] * 3
    # ...optimal, it earns its x3 and releases the held credit
    judged = play(ScoreSheet.start(None, width=5, height=5), "o" * 10 + "o" + "ooo")
    assert not judged.held and judged.multiplier == 3
    assert [n.points for n in judged.line.last(4)] == [3 * BASE_POINTS] * 4
    # a wasteful move ends the hold with the streak; the next streak starts free of it
    assert not play(ScoreSheet.start(None), "ouow").held
    assert play(ScoreSheet.start(None), "ouowooooooo").last_points == 2 * BASE_POINTS


def undo(sheet: ScoreSheet, steps: int = 1) -> ScoreSheet:
    """One undo of ``steps`` moves, as the session does it: back to an earlier line."""
    line = sheet.line
    for _ in range(steps):
        assert line is not None
        line = line.prev
    return sheet.after_undo(line)


def test_undo_takes_back_move_and_points_and_costs() -> None:
    sheet = play(ScoreSheet.start(20), "ooo")
    assert sheet.points == 3 * BASE_POINTS
    sheet = undo(play(sheet, "w"))
    # the streak is the line's: back to the three optimal moves in a row
    assert (sheet.moves, sheet.wasteful, sheet.undos, sheet.streak) == (3, 0, 1, 3)
    assert sheet.distance == 17
    assert sheet.move_points == 3 * BASE_POINTS
    assert sheet.points == max(0, 3 * BASE_POINTS - UNDO_COST)
    sheet = undo(play(ScoreSheet.start(20), "oooooo"))
    assert sheet.points == 5 * BASE_POINTS - UNDO_COST
    assert sheet.trail() == (20, 19, 18, 17, 16, 15)  # the undone move left the line


def test_redo_restores_moves_and_points_without_charge() -> None:
    sheet = play(ScoreSheet.start(20), "oooooo")
    undone = undo(sheet, 2)
    assert undone.moves == 4 and undone.undos == 1
    redone = undone.after_redo(sheet.line)  # the session hands back the redone position's line
    assert redone.moves == 6 and redone.move_points == sheet.move_points
    assert redone.points == sheet.points - UNDO_COST


def test_undo_and_redo_bring_back_the_streak_of_the_line() -> None:
    """An undo costs UNDO_COST and nothing hidden: the line's streak, and so the multiplier
    of the moves after it, is what the moves on the line made it (a newcomer lost 400
    points of multiplier to two undos on a line of 58 optimal moves)."""
    straight = play(ScoreSheet.start(60), "o" * 58)
    sheet = play(ScoreSheet.start(60), "o" * 5)
    sheet = undo(play(sheet, "w"))  # a slip, taken back
    assert (sheet.streak, sheet.multiplier) == (5, 2)
    sheet = play(sheet, "o" * 5)
    mark = sheet.line
    sheet = play(undo(sheet, 2), "")  # two moves back ...
    assert sheet.streak == 8
    sheet = sheet.after_redo(mark)  # ... and forward again
    assert sheet.streak == 10
    restarted = sheet.after_restart()
    assert (restarted.streak, restarted.best_streak) == (0, 0)  # the line is empty
    sheet = restarted.after_undo(mark, restarts=0)  # the restart undone: its line is back
    assert sheet.streak == 10
    sheet = play(sheet, "o" * 48)
    assert sheet.move_points == straight.move_points  # the same 58 moves, the same points
    assert sheet.best_streak == straight.best_streak == 58
    assert sheet.points == straight.points - 3 * UNDO_COST


def test_best_streak_counts_only_the_line_left() -> None:
    sheet = undo(play(ScoreSheet.start(30), "o" * 12), 8)
    assert (sheet.streak, sheet.best_streak) == (4, 4)  # the undone moves left the line


def test_restart_is_charged_and_undoable() -> None:
    sheet = play(ScoreSheet.start(20), "oow")
    restarted = sheet.after_restart()
    assert restarted.moves == 0 and restarted.distance == 20 and restarted.restarts == 1
    assert restarted.points == 0  # floored
    back = restarted.after_undo(sheet.line, restarts=0)  # the line before the restart
    assert back.moves == 3 and back.distance == 19 and back.restarts == 0
    assert back.costs == UNDO_COST  # its cost went with it, as an undone move's points do
    again = back.after_redo(None, restarts=1)
    assert again.restarts == 1 and again.costs == RESTART_COST + UNDO_COST


def test_hint_costs_per_level_and_position() -> None:
    sheet = ScoreSheet.start(20).after_hint(1).after_hint(1)
    assert sheet.hints_used == 1
    sheet = sheet.after_hint(2)
    assert sheet.hints_used == 2 and sheet.costs == 2 * HINT_COST_PER_LEVEL
    sheet = sheet.after_hint(0)
    assert sheet.hints_used == 2
    assisted = sheet.after_move(OPT)
    assert assisted.streak == 0 and assisted.last_points == BASE_POINTS
    assert assisted.after_hint(1).hints_used == 3  # a new position is charged again


def test_assisted_moves_do_not_extend_streak() -> None:
    sheet = play(ScoreSheet.start(30), "o" * 6)
    sheet = sheet.after_hint(1).after_move(OPT)
    assert sheet.streak == 6 and sheet.last_points == BASE_POINTS
    assert sheet.after_move(OPT).last_points == 2 * BASE_POINTS


def test_learn_start_distance_late() -> None:
    sheet = play(ScoreSheet.start(None), "uuoo").learn_start_distance(4)
    assert sheet.start_distance == 4 and sheet.trail()[0] == 4
    assert sheet.learn_start_distance(9) is sheet
    summary = summarize(sheet, SLOW_SECONDS, True)
    assert summary.efficiency == 1.0 and summary.perfect and summary.optimal_length == 4


# --- the coach's moves -----------------------------------------------------------------------
def test_coach_moves_are_recorded_apart_and_earn_nothing() -> None:
    sheet = play(ScoreSheet.start(10), "ooo")
    points, streak = sheet.points, sheet.streak
    for _ in range(7):
        sheet = sheet.after_move(OPT, by_coach=True)
    assert sheet.points == points and sheet.streak == streak  # frozen while the coach plays
    assert (sheet.moves, sheet.optimal, sheet.coach_moves, sheet.distance) == (3, 3, 7, 0)


def test_undo_costs_no_more_than_the_wasteful_move_it_repairs() -> None:
    assert UNDO_COST <= WASTEFUL_COST
    base = play(ScoreSheet.start(20), "ooo")
    kept = play(base, "w")
    repaired = undo(kept)
    assert base.points - repaired.points <= base.points - kept.points
