"""The mid-end's parts on their own: the action log, one move's verdict, the coach's play."""

from __future__ import annotations

from game.core.actions import Move, Slide, Source, Undo
from game.core.board import Board
from game.core.notation import parse_board
from game.core.scoring import MoveClass
from game.play.action_log import ActionLog, stood_on
from game.play.autoplay import SOLVE_STEP_SECONDS, CoachPlay
from game.play.lines import Lines
from game.play.session import Session
from game.play.verdict import judge
from tests.fakes_front import exact_hint

THREE = parse_board("1 2 3/4 0 6/7 5 8")  # U then L from the goal


def test_a_slide_stands_on_every_board_between_its_ends() -> None:
    board = parse_board("1 2 3/4 5 6/0 7 8")
    after = board.apply_all("LL")
    assert stood_on(board, Slide(8), True, after) == (board, board.apply("L"), after, after)
    assert stood_on(board, Undo(), True, THREE) == (board, THREE)  # no moves of its own
    assert stood_on(board, Move("R", Source.KEY), False, board) == (board, board)


def test_the_log_finds_the_first_action_near_a_board_and_forgets_from_there() -> None:
    session = Session(THREE)
    for letter in "UL":
        session.apply(Move(letter, Source.KEY))
    log: ActionLog = session.log
    assert log.first_near({THREE.apply("U")}, 2) == 0  # the first move made it
    assert log.first_near({Board.goal(3, 3)}, 1) is None  # only the second reached it
    assert log.first_near({Board.goal(3, 3)}, 2) == 1
    log.forget_from(1)
    assert len(log.cues) == len(log.marks) == len(log.visits) == 1 and not log.logged(1)


def test_a_verdict_judges_with_what_is_known_and_says_what_would_judge_it() -> None:
    lines = Lines(lambda board: exact_hint(board))
    good = judge(lines, THREE, "U", None, THREE, followed=False)
    assert (good.cls, good.distance_after, good.after) == (MoveClass.OPTIMAL, 1, THREE.apply("U"))
    bad = judge(lines, THREE, "D", None, THREE, followed=False)
    assert bad.cls.bad and bad.distance_after == 3
    blind = judge(Lines(), THREE, "U", None, THREE, followed=False)
    assert blind.cls is MoveClass.UNKNOWN and blind.wanted == (THREE,)  # exact: the board


def test_the_coach_plays_its_line_at_its_pace_and_never_into_a_slide() -> None:
    session = Session(THREE, oracle=exact_hint)
    play = CoachPlay()
    play.start()
    assert play.active and play.waiting  # no line taken yet
    first = play.next_move(session, 1 / 60, False, 0.1)
    assert first == Move("U", source=Source.SOLVE) and play.path == "L" and not play.waiting
    session.apply(first)
    assert play.next_move(session, 1 / 60, False, 0.1) is None  # the pace
    assert play.next_move(session, SOLVE_STEP_SECONDS, True, 0.1) is None  # the slide
    assert play.next_move(session, 0.0, False, 0.1) == Move("L", source=Source.SOLVE)
    assert play.stop() and not play.stop()
