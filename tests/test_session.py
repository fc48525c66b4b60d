"""The mid-end: moves, undo/redo/restart as history entries, cues from hints, timer, win."""

from __future__ import annotations

import pytest

from game.core.actions import CycleHint, Move, Redo, Restart, Slide, Source, Undo
from game.core.board import Board, inverse
from game.core.knowledge import Knowledge
from game.core.notation import parse_board
from game.core.scoring import MoveClass
from game.play.help import HELP_SEEN_SECONDS
from game.play.session import Session
from tests.fakes_front import exact_hint

START = parse_board("1 2 3/4 0 6/7 5 8")  # two moves from the goal: U then L



def names(cues: tuple[MoveClass, ...]) -> tuple[str, ...]:
    return tuple(cue.value for cue in cues)

def test_keyboard_moves_and_win() -> None:
    s = Session(START, oracle=exact_hint)
    assert s.hint is not None and s.hint.distance == 2
    change = s.apply(Move("U"))
    assert change is not None and names(change.cues) == ("optimal",)
    assert s.board == START.apply("U") and s.moves == 1 and s.streak == 1
    change = s.apply(Move("L"))
    assert s.solved and change.after.is_solved()
    assert s.apply(Move("R")) is None  # nothing after the win
    summary = s.summary()
    assert summary.moves == 2 and summary.optimal_length == 2 and summary.perfect


def test_illegal_move_does_nothing() -> None:
    s = Session(Board.goal(3, 3).apply("R"))
    assert s.apply(Move("U")) is None and s.moves == 0 and not s.started


def test_click_slides_a_group_as_one_change_with_one_entry_per_tile() -> None:
    board = parse_board("1 2 3/4 5 6/0 7 8")
    s = Session(board, oracle=exact_hint)
    change = s.apply(Slide(8))
    assert change.after.is_solved() and names(change.cues) == ("optimal", "optimal")
    assert s.moves == 2 and len(s.history) == 3


def test_click_off_line_does_nothing() -> None:
    s = Session(START)
    assert s.apply(Slide(0)) is None


def test_alternative_optimal_and_wasteful_moves_are_judged_from_the_full_set() -> None:
    board = parse_board("1 2 3/4 0 8/7 6 5")  # U and L are both optimal, D and R wasteful
    hint = exact_hint(board)
    assert hint.moves == frozenset("UL")  # more than one optimal move here
    for move in board.legal_moves():
        s = Session(board, oracle=exact_hint)
        change = s.apply(Move(move))
        expected = "optimal" if move in hint.moves else "wasteful"
        assert names(change.cues) == (expected,)
        assert s.sheet.distance == hint.distance + (-1 if expected == "optimal" else 1)
    blind = Session(board)
    assert names(blind.apply(Move("U")).cues) == ("unknown",)


def test_wasteful_move_resets_streak_and_undo_redo_round_trip() -> None:
    s = Session(START, oracle=exact_hint)
    s.apply(Move("U"))
    wrong = next(m for m in s.board.legal_moves() if m not in s.hint.moves)
    change = s.apply(Move(wrong))
    assert names(change.cues) == ("wasteful",) and s.streak == 0
    after_two = s.board
    assert s.apply(Undo()).after == START.apply("U")
    assert s.apply(Undo()).after == START
    assert s.apply(Undo()) is None
    assert s.apply(Redo()).after == START.apply("U")
    assert s.apply(Redo()).after == after_two
    assert s.apply(Redo()) is None
    assert s.sheet.undos == 2


def test_undo_redo_or_restart_with_nothing_to_do_is_not_recorded() -> None:
    """A U at move 0 was kept as an action: the replay listed an undo that no total counted."""
    s = Session(START, oracle=exact_hint)
    assert s.apply(Undo()) is None and s.apply(Redo()) is None and s.apply(Restart()) is None
    assert s.actions == [] and s.sheet.undos == 0
    s.apply(Move("U"))
    s.apply(Undo())
    assert s.apply(Undo()) is None  # back at the start already
    s.apply(Redo())
    assert s.apply(Redo()) is None
    assert [type(a) for a in s.actions] == [Move, Undo, Redo] and s.sheet.undos == 1


def test_undo_brings_back_the_streak_of_the_position() -> None:
    s = Session(START, oracle=exact_hint)
    s.apply(Move("U"))
    assert s.streak == 1
    s.apply(Move(next(m for m in s.board.legal_moves() if m not in s.hint.moves)))
    assert s.streak == 0
    s.apply(Undo())
    assert s.streak == 1  # the slip left the line, and with it its break of the streak
    s.apply(Move("L"))
    summary = s.summary()
    assert summary.best_streak == 2 and summary.undos == 1


def test_restart_is_an_undoable_entry() -> None:
    s = Session(START, oracle=exact_hint)
    s.apply(Move("D"))
    moved = s.board
    assert s.apply(Restart()).after == START and s.board == START
    assert s.apply(Restart()) is None  # already at the start
    assert s.apply(Undo()).after == moved


def test_a_restart_clears_moves_that_came_back_to_the_start_board() -> None:
    """A newcomer's R on the start board, two moves on, did nothing: the moves stayed
    counted, and the U pressed after it took back a good move instead of the restart."""
    s = Session(START, oracle=exact_hint)
    away = s.board.legal_moves()[0]
    s.apply(Move(away))
    s.apply(Move(inverse(away)))
    assert s.board == START and s.moves == 2
    change = s.apply(Restart())
    assert change is not None and s.moves == 0 and s.sheet.restarts == 1
    assert s.apply(Restart()) is None  # nothing on the line now
    s.apply(Undo())  # the restart undone: the moves are back, its cost too
    assert s.moves == 2 and s.sheet.restarts == 0


def test_timer_starts_on_first_move_pauses_and_stops_when_solved() -> None:
    s = Session(START, oracle=exact_hint)
    s.tick(5.0)
    assert s.elapsed == 0.0
    s.apply(Move("U"))
    s.tick(1.5)
    s.set_paused(True)
    s.tick(10.0)
    s.set_paused(False)
    s.tick(0.5)
    assert s.elapsed == pytest.approx(2.0)
    s.apply(Move("L"))
    s.tick(3.0)
    assert s.solved and s.elapsed == pytest.approx(2.0)


def test_hint_levels_cycle_and_are_recorded_without_touching_the_board() -> None:
    s = Session(START, oracle=exact_hint)
    levels = []
    for _ in range(4):
        s.apply(CycleHint())
        s.tick(HELP_SEEN_SECONDS)  # each level looked at
        levels.append(s.hint_level)
    assert levels == [1, 2, 0, 1]
    assert s.board == START and s.moves == 0
    assert s.sheet.hints_used == 1  # level 2 passed on the way to off, never moved with
    s.apply(CycleHint())
    assert s.path_preview() == s.hint.path[:6]


def test_what_the_game_learns_shows_for_the_board_on_screen_and_judges_the_start() -> None:
    knowledge = Knowledge()
    s = Session(START, oracle=knowledge.known)
    assert s.hint is None
    knowledge.add(exact_hint(START))
    s.learned()
    assert s.hint is not None and s.hint.board == START
    assert s.hint.distance == 2 and s.sheet.start_distance == 2


def test_auto_solved_game_is_marked() -> None:
    s = Session(START, oracle=exact_hint)
    for move in s.hint.path:
        s.apply(Move(move, source=Source.SOLVE))
    assert s.solved and s.auto_solved
    assert not s.summary().solved_by_player


def test_following_a_best_found_path_keeps_the_rest_of_it() -> None:
    from dataclasses import replace

    board = parse_board("8 6 7/2 5 4/3 0 1")
    exact = exact_hint(board)
    best = replace(exact, optimal=False, complete=False, moves=frozenset(exact.path[0]))
    knowledge = Knowledge()
    s = Session(board, oracle=knowledge.known)
    knowledge.add(best)
    s.learned()
    s.apply(Move(exact.path[0]))
    assert s.hint is not None and s.hint.board == s.board and not s.hint.optimal
    assert s.hint.path == exact.path[1:] and s.hint.distance == len(exact.path) - 1
    back = inverse(exact.path[0])
    wrong = next(m for m in s.board.legal_moves() if m not in (s.hint.path[0], back))
    s.apply(Move(wrong))
    assert s.hint is None  # off the path: nothing known here
    s.apply(Undo())
    s.apply(Move(back))
    assert s.hint == best  # back at the start, whose best-found path the game was told


def test_help_is_paid_once_per_position_even_after_undo_redo_or_restart() -> None:
    start = Board.goal(3, 3).apply_all("DRULDR")
    s = Session(start, oracle=exact_hint)
    s.apply(CycleHint())
    s.tick(HELP_SEEN_SECONDS)
    assert s.sheet.hints_used == 1  # the start, with help drawn
    move = s.hint.path[0]
    s.apply(Move(move))
    s.tick(HELP_SEEN_SECONDS)
    assert s.sheet.hints_used == 2  # a new position: charged
    s.apply(Undo())
    s.tick(HELP_SEEN_SECONDS)
    assert s.board == start and s.sheet.hints_used == 2  # back where help was paid
    s.apply(Redo())
    s.tick(HELP_SEEN_SECONDS)
    assert s.sheet.hints_used == 2
    s.apply(Restart())
    s.tick(HELP_SEEN_SECONDS)
    assert s.board == start and s.sheet.hints_used == 2
    s.apply(CycleHint())  # level 2 here is new help, paid when moved with
    s.tick(HELP_SEEN_SECONDS)
    assert s.sheet.hints_used == 2
    s.apply(Move(move))  # it paid level 2 at the start; level 1 was paid here, 2 waits
    assert s.sheet.hints_used == 3
    s.apply(CycleHint())  # hidden before moving: nothing more
    assert s.hint_level == 0 and s.sheet.hints_used == 3
    kept = s.sheet.hints_used
    s._rescore()  # a replay of the whole game charges the same
    assert s.sheet.hints_used == kept


def test_help_drawn_too_briefly_to_be_read_is_not_paid_nor_followed() -> None:
    """The nineteenth newcomer pressed H and two arrows 50 ms apart: the coach's answer came
    between them and the second move was charged 5 and called "on the coach's line (hint
    seen)". Help counts once it has been on screen for HELP_SEEN_SECONDS."""
    start = Board.goal(3, 3).apply_all("DRULDR")
    s = Session(start, oracle=exact_hint)
    s.apply(CycleHint())
    s.tick(HELP_SEEN_SECONDS / 4)
    assert s.sheet.hints_used == 0  # drawn, not read yet
    first = s.hint.path[0]
    s.apply(Move(first))  # made before it could be read: unhinted, full points
    assert s.sheet.hints_used == 0 and s.sheet.streak == 1
    assert s.hinted()[-1] == (False,) and not s.help.followed
    s.tick(HELP_SEEN_SECONDS / 2)
    s.tick(HELP_SEEN_SECONDS / 2)  # the next position's help, seen
    assert s.sheet.hints_used == 1
    s.apply(Move(s.hint.path[0]))
    assert s.hinted()[-1] == (True,)
    s.tick(HELP_SEEN_SECONDS / 2)
    s.set_paused(True)
    s.tick(HELP_SEEN_SECONDS)  # a paused game shows no board: not seen meanwhile
    assert s.sheet.hints_used == 1


def test_the_numbered_steps_seen_once_count_as_seen_all_along_them() -> None:
    """The twentieth newcomer looked at the six steps once, then played them 0.12 s apart:
    five scored as made without help and STREAK reached 6 x2. The plan was read: help is
    seen at once on the boards the steps seen lead through (and from them on, as the steps
    move ahead with the player); off them, it takes HELP_SEEN_SECONDS again."""
    start = Board.goal(3, 3).apply_all("DRULDRDLURULDRURD")
    s = Session(start, oracle=exact_hint)
    path = s.hint.path
    assert len(path) >= 8
    s.apply(CycleHint())
    s.apply(CycleHint())  # the numbered steps
    s.tick(HELP_SEEN_SECONDS)  # looked at once
    for move in path[:7]:
        s.apply(Move(move))  # no time to read anything new
        s.tick(HELP_SEEN_SECONDS / 10)
    assert all(hinted == (True,) for hinted in s.hinted()[-7:])
    # each board moved from paid both levels; the last, where no move was made, the chevrons
    assert s.sheet.streak == 0 and s.sheet.hints_used == 2 * 7 + 1

    fast = Session(start, oracle=exact_hint)  # the chevrons alone tell one move a board
    fast.apply(CycleHint())
    fast.tick(HELP_SEEN_SECONDS)
    for move in path[:3]:
        fast.apply(Move(move))
        fast.tick(HELP_SEEN_SECONDS / 10)
    assert [h for h in fast.hinted()[-3:]] == [(True,), (False,), (False,)]


def steps_read_then_hidden() -> tuple[Session, str]:
    """A 3x3 game whose numbered steps were read at the start, then hidden with H; and the
    coach's path there."""
    start = Board.goal(3, 3).apply_all("DRULDRDLURULDRURD")
    s = Session(start, oracle=exact_hint)
    path = s.hint.path
    s.apply(CycleHint())
    s.apply(CycleHint())  # the numbered steps
    s.tick(HELP_SEEN_SECONDS)  # read
    s.apply(CycleHint())  # hidden
    return s, path


def test_the_numbered_steps_read_then_hidden_still_count_along_them() -> None:
    """The twenty-first newcomer looked at the steps for 5 s, hid them with H (free), and
    played them from memory: five moves scored as made without help, STREAK 5 x2. They pay
    for the steps where they were read and where they lead, hinted, as if on screen; a
    replay charges the same."""
    s, path = steps_read_then_hidden()  # H costs nothing
    assert s.hint_level == 0 and s.sheet.hints_used == 1  # the chevrons seen at the start
    for move in path[:6]:
        s.apply(Move(move))
        s.tick(HELP_SEEN_SECONDS)
    assert all(hinted == (True,) for hinted in s.hinted()[-6:])
    assert s.sheet.streak == 0
    # both levels at the start, where the steps were read (the twenty-second newcomer found
    # the board they were on screen for cost nothing more, the five they led to 10 each),
    # and on each of the five boards the steps led to
    assert s.sheet.hints_used == 2 * 6
    kept = (s.sheet.hints_used, s.sheet.net, s.sheet.streak)
    s._rescore()
    assert (s.sheet.hints_used, s.sheet.net, s.sheet.streak) == kept
    s.apply(Move(path[6]))  # beyond what the steps showed: on its own
    assert s.hinted()[-1] == (False,) and s.sheet.streak == 1


def test_with_the_steps_hidden_the_footer_says_what_a_move_will_pay_for_them() -> None:
    """The twenty-third newcomer hid the steps, played on, and found six moves charged 10
    each with nothing on screen to say so: the footer says it before each move."""
    from game.play.words import steps_due_words

    start = Board.goal(3, 3).apply_all("DRULDRDLURULDRURD")
    s = Session(start, oracle=exact_hint)
    path = s.hint.path
    assert s.steps_due() == 0
    s.apply(CycleHint())
    s.apply(CycleHint())  # the numbered steps
    s.tick(HELP_SEEN_SECONDS)
    assert s.steps_due() == 0  # on screen: the hint words say what they cost
    s.apply(CycleHint())  # hidden
    assert s.steps_due() == 5 and s.due_step() == path[0]  # the chevrons were paid on sight
    before = s.sheet.hints_used
    s.apply(Move(path[0]))
    assert s.sheet.hints_used == before + 1  # what the footer said: 5
    assert s.steps_due() == 10 and s.due_step() == path[1]
    assert steps_due_words(10, False, "13 up") == \
        "steps seen: the next one here, 13 up, costs 10 (hint)"
    assert steps_due_words(5, True, "7 left") == \
        "steps seen: the next one here, 7 left, costs 5 more (hint)"
    assert steps_due_words(0, False, "") == ""
    off = next(m for m in s.board.legal_moves() if m not in (path[1], inverse(path[0])))
    s.apply(Move(off))  # off the steps: nothing seen there
    assert s.steps_due() == 0 and s.due_step() == ""


def test_the_steps_seen_are_paid_while_followed_not_when_come_back_to_later() -> None:
    """A newcomer hid the steps, played moves of their own, and seven moves later came back
    along them: "? -10 hint", paying for steps hidden long before; another played their own
    move where the steps were read and paid for them. Only a move that follows them pays
    for them, and off them (a position they did not show the next step from) they are gone."""
    s, path = steps_read_then_hidden()
    off = next(m for m in s.board.legal_moves() if m != path[0])
    used = s.sheet.hints_used
    assert s.steps_due() == 5  # following them would (the chevrons were paid on sight)
    s.apply(Move(off))  # a move of their own: nothing for the steps
    assert s.sheet.hints_used == used
    s.apply(Move(inverse(off)))  # back where they were read (the chevrons paid: hinted)
    s.apply(Move(path[0]))
    assert s.hinted()[-1] == (True,)
    assert s.steps_due() == 0  # a position they showed the next step from, left since
    used = s.sheet.hints_used
    s.apply(Move(path[1]))  # the next step, made on their own: free, and their own
    assert s.sheet.hints_used == used and s.hinted()[-1] == (False,)
    kept = (s.sheet.hints_used, s.sheet.net, s.sheet.streak)
    s._rescore()  # a replay charges the same
    assert (s.sheet.hints_used, s.sheet.net, s.sheet.streak) == kept
