"""End-of-game figures: bonuses bounded by the optimal length, grades with reasons, headlines."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.scoring import (
    BASE_POINTS,
    RESTART_COST,
    UNDO_COST,
    MoveClass,
    ScoreSheet,
)
from game.core.summary import (
    GRADE_UNRATED,
    PAR_SECONDS_PER_MOVE,
    PERFECT_BONUS_PER_MOVE,
    SOLVE_BONUS_PER_CELL,
    TIME_BONUS_PER_MOVE,
    CoachPart,
    grade,
    percent_text,
    summarize,
    time_bonus,
)

OPT, WASTE, UNK = MoveClass.OPTIMAL, MoveClass.WASTEFUL, MoveClass.UNKNOWN
SLOW_SECONDS = 1e6  # far over par: no time bonus


def play(sheet: ScoreSheet, classes: str) -> ScoreSheet:
    """Apply moves written as o (optimal), w (wasteful), u (unknown)."""
    for c in classes:
        sheet = sheet.after_move({"o": OPT, "w": WASTE, "u": UNK}[c])
    return sheet


def undo(sheet: ScoreSheet) -> ScoreSheet:
    assert sheet.line is not None
    return sheet.after_undo(sheet.line.prev)


def perfect_points(length: int, seconds: float, width: int = 4, height: int = 4) -> int:
    sheet = play(ScoreSheet.start(length, width=width, height=height), "o" * length)
    return summarize(sheet, seconds, solved_by_player=True).points


def test_perfect_game_summary_figures() -> None:
    sheet = play(ScoreSheet.start(12, width=3, height=3), "o" * 12)
    summary = summarize(sheet, 20.0, solved_by_player=True)
    move_points = BASE_POINTS * (5 + 5 * 2 + 2 * 3)
    par = PAR_SECONDS_PER_MOVE * 12
    assert summary.move_points == move_points
    assert summary.solve_bonus == SOLVE_BONUS_PER_CELL * 9
    assert summary.time_bonus == round(TIME_BONUS_PER_MOVE * 12 * (1 - 20.0 / par))
    assert summary.perfect and summary.perfect_bonus == PERFECT_BONUS_PER_MOVE * 12
    assert summary.points == (move_points + summary.solve_bonus + summary.time_bonus
                              + summary.perfect_bonus)
    assert summary.grade == "S" and summary.best_streak == 12 and summary.shape == "3x3"
    assert summary.headline == "Perfect!"
    assert summary.grade_reason == "S: perfect: the optimal number of moves, no hints"


def test_time_bonus_is_bounded_by_the_optimal_length() -> None:
    assert time_bonus(None, 0.0) == 0  # no par without the optimal length
    assert time_bonus(4, 0.0) == TIME_BONUS_PER_MOVE * 4
    assert time_bonus(4, PAR_SECONDS_PER_MOVE * 4) == 0
    assert time_bonus(4, None) == 0


def test_four_move_game_gets_no_giant_bonus() -> None:
    """The bug: a perfect 4-move 4x4 game got +1059 from a par estimated for an unknown length."""
    summary = summarize(play(ScoreSheet.start(4), "oooo"), 2.0, True)
    assert summary.time_bonus <= TIME_BONUS_PER_MOVE * 4
    assert summary.perfect_bonus == PERFECT_BONUS_PER_MOVE * 4
    assert summary.points < perfect_points(50, 2.0 * 50 / 4)


@given(st.integers(1, 80), st.integers(1, 80), st.floats(0.0, 10.0))
def test_at_the_same_pace_a_longer_perfect_game_scores_more(short: int, long: int,
                                                            pace: float) -> None:
    if short >= long:
        short, long = long, short + (short == long)
    assert perfect_points(short, pace * short) < perfect_points(long, pace * long)


@given(st.integers(1, 80), st.floats(0.0, 500.0), st.floats(0.0, 500.0))
def test_a_faster_perfect_game_never_scores_less(length: int, a: float, b: float) -> None:
    fast, slow = sorted((a, b))
    assert perfect_points(length, fast) >= perfect_points(length, slow)


def test_perfect_needs_exact_length_and_no_undo_and_hints_keep_it_from_s() -> None:
    detour = summarize(play(ScoreSheet.start(4), "owoo" + "o"), SLOW_SECONDS, True)
    assert detour.moves == 5 and not detour.perfect and detour.perfect_bonus == 0
    assert detour.headline == "Solved!"
    undone = summarize(play(undo(play(ScoreSheet.start(4), "ow")), "ooo"), SLOW_SECONDS, True)
    assert undone.moves == 4 and undone.efficiency == 1.0 and not undone.perfect
    assert undone.grade == "A" and undone.headline == "Solved!"
    assert undone.history_note == (f"Costs: 1 undo (-{UNDO_COST}); they also cost the perfect "
                                   f"bonus (+{4 * PERFECT_BONUS_PER_MOVE}); moves taken back "
                                   "don't count")
    hinted_sheet = play(ScoreSheet.start(4).after_hint(1).after_hint(2), "oooo")
    hinted = summarize(hinted_sheet, SLOW_SECONDS, True)
    assert hinted.perfect and hinted.grade == "A" and hinted.headline == "Solved!"
    assert hinted.grade_reason == "A: perfect moves, 2 hint levels used (S needs no hints)"
    # Costs named part by part (a newcomer worked "Costs -155" out as 30 x 5 and an undo)
    # and, the moves being perfect, that they are why the perfect bonus is +0
    assert hinted.history_note == (f"Costs: 2 hint levels (-10); they also cost the perfect "
                                   f"bonus (+{4 * PERFECT_BONUS_PER_MOVE})")
    assert hinted.costs == 10
    assert detour.history_note == ""  # a detour, no costs: nothing to say
    many = summarize(dataclasses.replace(hinted_sheet, hints_used=12), SLOW_SECONDS, True)
    # a perfect game's letters taken by hints are named, as a non-perfect game's are
    assert many.grade_reason == ("C: perfect moves, 12 hint levels used "
                                 "(S needs no hints; -2 letters)")
    assert hinted.perfect_bonus == 0  # perfect moves, but not alone: no perfect bonus


def test_a_game_the_hints_led_move_by_move_scores_below_one_played_alone() -> None:
    """Fourth newcomer playtest: a 3x3 game led by level-2 hints at every move (each +10
    cancelled by its -10) still got the perfect bonus and topped the table over a B game."""
    sheet = ScoreSheet.start(21, width=3, height=3)
    for _ in range(21):
        sheet = sheet.after_hint(2).after_move(OPT)  # hinted: +10, the streak held
    led = summarize(sheet, 30.0, True)
    assert led.perfect and led.perfect_bonus == 0 and led.grade == "D"
    alone = summarize(play(ScoreSheet.start(21, width=3, height=3), "w" * 4 + "o" * 25),
                      60.0, True)
    assert alone.grade == "B" and alone.points > led.points


def test_restart_note_and_efficiency_describe_the_final_line() -> None:
    sheet = play(ScoreSheet.start(4), "owo").after_restart()
    summary = summarize(play(sheet, "oooo"), SLOW_SECONDS, True)
    assert summary.moves == 4 and summary.distances == (4, 3, 2, 1, 0)
    assert summary.history_note.startswith(f"Costs: 1 restart (-{RESTART_COST})")


def test_efficiency_accuracy_and_the_classic_accuracy() -> None:
    summary = summarize(play(ScoreSheet.start(10), "o" * 5 + "w" * 3 + "o" * 8), SLOW_SECONDS,
                        True)
    assert summary.moves == 16
    assert summary.efficiency == pytest.approx(10 / 16)
    assert summary.accuracy == pytest.approx(13 / 16)
    assert summary.classic_accuracy == pytest.approx((13 - 3) / 16)
    assert summary.grade == "C" and summary.grade_reason == \
        "C: 62% efficiency (B needs 65%), 3 wasteful moves (-30)"  # what the figure lost
    assert summary.costs == 0 and summary.time_bonus == 0


def test_a_share_just_below_a_grade_never_reads_as_reaching_it() -> None:
    """Newcomer playtest: 22 optimal in 26 moves read "B: 85% efficiency (A needs 85%)"."""
    summary = summarize(play(ScoreSheet.start(22), "o" * 20 + "w" * 2 + "o" * 4), SLOW_SECONDS,
                        True)
    assert summary.efficiency == pytest.approx(22 / 26)
    assert summary.grade_reason == "B: 84.6% efficiency (A needs 85%), 2 wasteful moves (-20)"
    from game.ui.end_words import percent

    assert percent(summary.efficiency) == "84.6%"  # the end screen's row says the same
    assert percent_text(0.8496) == "84.9%" and percent_text(0.85) == "85%"
    assert percent_text(0.62) == "62%" and percent_text(0.6251) == "63%"  # far from 65%
    assert percent_text(0.6496) == "64.9%" and percent_text(1.0) == "100%"


def test_coach_finished_game_shows_the_players_part_apart() -> None:
    sheet = play(ScoreSheet.start(10), "ooow")
    for _ in range(8):
        sheet = sheet.after_move(OPT, by_coach=True)
    summary = summarize(sheet, 5.0, solved_by_player=False)
    assert not summary.solved_by_player and summary.headline == "Solved by the coach"
    assert summary.solve_bonus == summary.time_bonus == summary.perfect_bonus == 0
    assert summary.grade == "-"
    assert summary.grade_reason == "Not graded, no bonuses: the coach finished this game"
    assert summary.coach_part is CoachPart.FINISHED
    assert (summary.moves, summary.optimal, summary.coach_moves) == (4, 3, 8)
    assert summary.points == 3 * BASE_POINTS - 10
    assert summary.coach_note == ("You: 4 moves, 3 optimal, 20 points before the coach took "
                                  "over; the coach: 8 moves")
    # beyond exact reach the player's good moves are on the coach's line (a newcomer read
    # "47 optimal" where the replay said "on the coach's line")
    big = ScoreSheet.start(None, width=5, height=5)
    for distance in (9, 8, 7):
        big = big.after_move(MoveClass.LINE, distance)
    for distance in range(6, -1, -1):
        big = big.after_move(MoveClass.LINE, distance, by_coach=True)
    assert summarize(big, 5.0, solved_by_player=False, line_length=10).coach_note == \
        "You: 3 moves, 3 on the coach's line, 30 points before the coach took over; " \
        "the coach: 7 moves"


def test_a_game_the_coach_started_and_the_player_finished_says_so() -> None:
    """Space first (the coach's 9 moves), then the player takes over and solves it: the
    player finished it, with the coach's help, in that order (the newcomer read "solved by
    the coach" and "before the coach took over")."""
    sheet = ScoreSheet.start(16)
    for _ in range(9):
        sheet = sheet.after_move(OPT, by_coach=True)
    sheet = play(sheet, "ooooooo")
    summary = summarize(sheet, 11.9, solved_by_player=False)
    assert summary.coach_part is CoachPart.HELPED and not summary.solved_by_player
    assert summary.headline == "Solved with the coach's help"
    assert summary.coach_note == "The coach: 9 moves, then you: 7 moves, 7 optimal, 90 points"
    assert summary.grade_reason == ("Not graded, no bonuses: the coach played 9 of the 16 "
                                    "moves")
    assert summary.solve_bonus == summary.time_bonus == summary.perfect_bonus == 0
    assert summary.points == 90  # the player's own moves still score, at the base rate


def test_turns_taken_are_told_in_order() -> None:
    sheet = play(ScoreSheet.start(12), "ooo")
    for _ in range(5):
        sheet = sheet.after_move(OPT, by_coach=True)
    summary = summarize(play(sheet, "oooo"), 9.0, solved_by_player=False)
    assert summary.coach_part is CoachPart.HELPED
    assert summary.coach_note == ("Turns: you 3, the coach 5, you 4 moves; yours: 7 optimal, "
                                  f"{summary.points} points")
    alone = ScoreSheet.start(3)
    for _ in range(3):
        alone = alone.after_move(OPT, by_coach=True)
    assert summarize(alone, 1.0, solved_by_player=False).coach_note == "The coach: 3 moves"


def test_unknown_board_gets_no_time_bonus_and_no_grade() -> None:
    summary = summarize(play(ScoreSheet.start(None, width=5, height=5), "u" * 200), 1.0, True)
    assert summary.grade == "-" and summary.accuracy is None and summary.efficiency is None
    assert summary.solve_bonus == SOLVE_BONUS_PER_CELL * 25 and summary.time_bonus == 0


def test_points_never_negative() -> None:
    sheet = undo(play(ScoreSheet.start(3), "www").after_hint(2))
    assert sheet.points == 0
    assert summarize(play(sheet, "o" * 4), SLOW_SECONDS, True).points >= 0


@pytest.mark.parametrize(
    ("efficiency", "hints", "perfect", "expected"),
    [
        (1.0, 0, True, "S"),
        (1.0, 0, False, "A"),
        (0.85, 0, False, "A"),
        (0.8499, 0, False, "B"),
        (0.65, 0, False, "B"),
        (0.6499, 0, False, "C"),
        (0.45, 0, False, "C"),
        (0.4499, 0, False, "D"),
        (1.0, 1, True, "A"),
        (1.0, 4, True, "A"),
        (1.0, 5, True, "B"),
        (1.0, 6, False, "B"),
        (0.5, 50, False, "D"),
    ],
)
def test_grade_boundaries(efficiency: float, hints: int, perfect: bool, expected: str) -> None:
    assert grade(efficiency, None, hints, perfect) == expected


def test_grade_falls_back_to_accuracy_then_unrated() -> None:
    assert grade(None, 0.9, 0, False) == "A"
    assert grade(None, -0.2, 0, False) == "D"
    assert grade(None, None, 0, False) == "-"


def test_a_finished_games_chart_never_shows_more_than_the_moves_left() -> None:
    """Off-line moves grow the best known length by each detour (5x5); once the game is
    finished its own line is known, so the chart is capped by the moves that were left."""
    sheet = ScoreSheet.start(None, width=5, height=5)
    for distance in (9, 10, 11, 12):  # judged off-line: the best known length grows
        sheet = sheet.after_move(MoveClass.OFF_LINE, distance)
    for distance in (3, 2, 1, 0):
        sheet = sheet.after_move(MoveClass.LINE, distance)
    summary = summarize(sheet, 5.0, True)
    assert summary.distances[1:] == (7, 6, 5, 4, 3, 2, 1, 0)
    unfinished = summarize(sheet.after_move(MoveClass.OFF_LINE, 1), 5.0, True, finished=False)
    assert unfinished.distances[4] == 12  # short of the goal: as judged


def test_a_finished_games_own_line_bounds_the_coachs_line() -> None:
    """The end screen reports against the best line known at the end: on 5x5 a game that
    finished in fewer moves than the coach's line from the start knew of is such a line."""
    sheet = ScoreSheet.start(None, width=5, height=5)
    for distance in (7, 6, 5, 4, 3, 2, 1, 0):
        sheet = sheet.after_move(MoveClass.LINE, distance)
    assert summarize(sheet, 5.0, True, line_length=12).optimal_length == 8
    assert summarize(sheet, 5.0, True, line_length=6).optimal_length == 6
    short = summarize(sheet, 5.0, True, finished=False, line_length=12)
    assert short.optimal_length == 12  # not finished: no line of its own


def test_perfect_moves_after_an_undo_say_why_they_are_not_an_s() -> None:
    from game.core.scoring import MoveClass, ScoreSheet

    sheet = ScoreSheet.start(2, width=3, height=3)
    sheet = sheet.after_move(MoveClass.OPTIMAL, move="U")
    sheet = sheet.after_undo(None)
    sheet = sheet.after_move(MoveClass.OPTIMAL, move="U").after_move(MoveClass.OPTIMAL, move="L")
    summary = summarize(sheet, 3.0, True)
    assert summary.grade == "A" and summary.efficiency == 1.0 and not summary.perfect
    assert summary.grade_reason == "A: 100% efficiency (S needs no undo or restart)"


def test_undoing_the_coachs_move_is_free() -> None:
    from game.core.scoring import MoveClass, ScoreSheet

    sheet = ScoreSheet.start(3, width=3, height=3).after_move(MoveClass.OPTIMAL, move="U")
    line = sheet.line
    sheet = sheet.after_move(MoveClass.OPTIMAL, move="L", by_coach=True)
    taken_back = sheet.after_undo(line, coach=True)
    assert (taken_back.undos, taken_back.costs, taken_back.streak) == (0, 0, 1)


def test_hints_take_no_more_letters_than_the_grade_has_left() -> None:
    """Newcomer playtests: "D: 90% efficiency, 114 hint levels used (-22 letters)" read as a
    miscount, and so did "-2 letters, D is the lowest" for 15 levels: the rule is named."""
    from dataclasses import replace

    sheet = play(ScoreSheet.start(4), "owoo" + "o")  # 80%: a B
    many = summarize(replace(sheet, hints_used=114), SLOW_SECONDS, True)
    assert many.grade == "D"
    assert many.grade_reason == ("D: 80% efficiency is a B (A needs 85%), 1 wasteful move "
                                 "(-10); 114 hint levels used (one letter per 5 levels: 22 "
                                 "letters, stopped at D)")
    fifteen = summarize(replace(sheet, hints_used=15), SLOW_SECONDS, True)
    assert fifteen.grade_reason.endswith("(one letter per 5 levels: 3 letters, stopped at D)")
    few = summarize(replace(sheet, hints_used=5), SLOW_SECONDS, True)
    assert few.grade == "C" and few.grade_reason.endswith("5 hint levels used (-1 letter)")
    # the letter before the hints is named (a newcomer read "D: 75% efficiency (A needs
    # 85%)" and could not see where the B went)
    assert few.grade_reason == "C: 80% efficiency is a B (A needs 85%), 1 wasteful move " \
        "(-10); 5 hint levels used (-1 letter)"


def test_what_the_efficiency_is_measured_against_follows_the_figure_not_the_hints() -> None:
    """The fifteenth playtest read "A: 91% efficiency, 1 hint level used (against the
    coach's best line)" as if the hint were measured against the line."""
    sheet = ScoreSheet.start(None, width=5, height=5).after_hint(1)
    for distance in (9, 8, 7, 6, 5, 4, 3, 2, 1, 0):
        sheet = sheet.after_move(MoveClass.LINE, distance)
    summary = summarize(sheet, 5.0, True, line_length=9)
    assert summary.grade_reason == \
        "A: 90% efficiency against the best line known, 1 hint level used"


def test_a_flawless_big_board_game_says_why_it_is_an_a_and_when_it_beat_the_coach() -> None:
    """A newcomer's flawless 5x5 game was an A with no word of why not an S (the 3x3 one
    said), and a line of 114 against the coach's 116 went unremarked."""
    sheet = ScoreSheet.start(None, width=5, height=5)
    for distance in range(9, -1, -1):
        sheet = sheet.after_move(MoveClass.LINE, distance)
    level = summarize(sheet, 5.0, True, line_length=10, coach_line=10)
    assert level.grade == "A" and level.outdone is None
    assert level.grade_reason == "A: 100% efficiency against the best line known (S needs " \
        "a line proven shortest: boards of up to 16 cells)"
    beat = summarize(sheet, 5.0, True, line_length=10, coach_line=12)
    assert beat.outdone == 12 and beat.optimal_length == 10
    assert beat.grade_reason.endswith(
        "cells); your line beat the coach's line from the start (12) by 2")
    # a line longer than the best known beat nothing, whatever the start's first line was
    # (a newcomer's 112 moves beside "Best line known 108" read "beat the coach's best (114)")
    known = summarize(sheet, 5.0, True, line_length=8, coach_line=12)
    assert known.outdone is None and "beat" not in known.grade_reason
    hinted = summarize(sheet.after_hint(1), 5.0, True, line_length=10, coach_line=10)
    assert "S needs" not in hinted.grade_reason  # the hints' words say it
    # the time's par is named as the row that gives it
    assert beat.time_note.endswith("(3 s a move of the best line known)")
    longer = summarize(sheet, 5.0, True, line_length=9, coach_line=9)  # a move off the line
    assert longer.grade == "A" and "S needs" not in longer.grade_reason


def test_the_grade_names_the_moves_that_cost_points() -> None:
    """A newcomer's first game showed "Costs 0" and "A: 86% efficiency" with nothing saying
    its two wasteful moves had cost 20 (they are in Move points)."""
    from game.core.charges import wasted_words

    assert wasted_words(0, True) == ""
    assert wasted_words(1, True) == "1 wasteful move (-10)"
    assert wasted_words(3, False) == "3 moves off the coach's line (-30)"
    # beyond exact reach, moves from a board the coach had proven are wasteful, as the
    # replay names them (a newcomer read "5 moves off" beside 3 off and 2 wasteful there)
    assert wasted_words(5, False, proven=2) == \
        "3 moves off the coach's line (-30), 2 wasteful moves (-20)"
    assert wasted_words(2, False, proven=2) == "2 wasteful moves (-20)"
    # kept moves (on the coach's line when judged, off the best line known since: the best
    # line grew after them) are named, why the moves outnumber the best line known
    kept = ScoreSheet.start(None, width=5, height=5)
    for distance in (19, 20, *range(19, -1, -1)):
        kept = kept.after_move(MoveClass.LINE, distance)
    assert summarize(kept, SLOW_SECONDS, True, line_length=20).grade_reason == \
        "A: 91% efficiency against the best line known, 1 move kept its points " \
        "(on the coach's line when judged)"
    big = ScoreSheet.start(None, width=5, height=5)
    for cls, distance in ((MoveClass.OFF_LINE, 5), (MoveClass.WASTEFUL, 6),
                          *((MoveClass.OPTIMAL, d) for d in range(5, -1, -1))):
        big = big.after_move(cls, distance)
    assert summarize(big, SLOW_SECONDS, True, line_length=4).grade_reason.endswith(
        ", 1 move off the coach's line (-10), 1 wasteful move (-10)")
    sheet = play(ScoreSheet.start(4), "owoo" + "o")
    summary = summarize(sheet, SLOW_SECONDS, True)
    assert summary.grade_reason.endswith(", 1 wasteful move (-10)")
    assert summary.move_points == 4 * 10 - 10  # the -10 the words name is in Move points


def test_the_time_note_says_how_the_bonus_came_out_against_par() -> None:
    """A newcomer's first game read "Time, perfect bonus +0, +0" with nothing to say why."""
    sheet = play(ScoreSheet.start(12, width=3, height=3), "o" * 12)
    fast = summarize(sheet, 20.0, solved_by_player=True)
    assert fast.time_note == (f"Time bonus +{fast.time_bonus}: 0:20.0 against a par of 0:36.0 "
                              "(3 s a move of the optimal line)")
    slow = summarize(sheet, 75.0, solved_by_player=True)
    assert slow.time_bonus == 0
    assert slow.time_note == "No time bonus: it needs under 0:36.0 (3 s a move of the optimal line)"
    assert summarize(sheet, 20.0, solved_by_player=False).time_note == ""  # the coach's
    big = play(ScoreSheet.start(None, width=5, height=5), "u" * 3)
    assert summarize(big, 20.0, solved_by_player=True).time_note == ""  # no line known


def test_a_game_the_coach_finished_names_the_moves_kept_on_its_line() -> None:
    """A newcomer's coach-finished 5x5: "Moves 30 (+101 coach)", "Best line known 97", and 16
    charged moves did not add up (97 + 2 x 16 is not 131): one move was kept on the coach's
    line, and only a graded game's words said so."""
    sheet = ScoreSheet.start(None, width=5, height=5)
    for distance in (19, 20):  # on the coach's line, then kept when a shorter line avoided it
        sheet = sheet.after_move(MoveClass.LINE, distance)
    for distance in range(19, -1, -1):
        sheet = sheet.after_move(MoveClass.LINE, distance, by_coach=True)
    summary = summarize(sheet, SLOW_SECONDS, solved_by_player=False, line_length=20)
    assert summary.grade == GRADE_UNRATED
    assert summary.grade_reason.endswith(
        "; 1 move kept its points (on the coach's line when judged)")
