"""Beyond exact reach a move is judged only by lines of searches that have ended: a line found
mid-search is shown as a hint, never used to charge or credit a move (a newcomer's 5x5 move was
charged and refunded within two seconds as a quick first line shortened)."""

from __future__ import annotations

from dataclasses import replace

from game.core.actions import Move
from game.core.board import Board, inverse, inverse_moves
from game.core.coach import CoachPacket, CoachState, Hint, WorkerStatus
from game.core.knowledge import Knowledge, merge
from game.core.scoring import MoveClass
from game.play.lines import Lines
from game.play.midend import MidEnd
from tests.test_midend import DT, Quiet, spec_for

WALK = "DDRRULLDRRUUL"
START = Board.goal(5, 5).apply_all(WALK)
HOME = inverse_moves(WALK)
"""A 13-move line home from START."""
READY = WorkerStatus(CoachState.READY)


def line_hint(board: Board, line: str, provisional: bool = False) -> Hint:
    return Hint(board, len(line), frozenset(line[:1]), False, False, line,
                provisional=provisional)


def test_a_board_whose_search_ended_stays_so() -> None:
    quick = line_hint(START, "UD" * 3 + HOME, provisional=True)
    final = line_hint(START, "UD" + HOME)
    later = line_hint(START, HOME, provisional=True)  # a longer search's line, mid-way
    assert merge(quick, final) == final and not merge(quick, final).provisional
    shorter = merge(final, later)
    assert shorter is not None and shorter.distance == len(HOME) and not shorter.provisional
    assert merge(quick, replace(quick, moves=frozenset("U"))).provisional  # both mid-way
    knowledge = Knowledge()
    knowledge.add(quick)
    assert knowledge.known(START).provisional
    knowledge.add(final)
    assert not knowledge.known(START).provisional


def test_lines_leave_out_what_a_search_has_not_ended_on() -> None:
    told: dict[Board, Hint] = {}
    lines = Lines(told.get)
    told[START] = line_hint(START, HOME, provisional=True)
    assert lines.searched(START) is None and not lines.informs(START, START)
    told[START] = line_hint(START, HOME)
    assert lines.searched(START) == told[START] and lines.informs(START, START)


def test_a_move_waits_for_the_search_of_its_board_to_end() -> None:
    """The coach's line runs home from START; the player steps off it. A quick, long line for
    the board it made comes mid-search: the move is not judged by it (it was charged, then
    refunded as the line shortened). It is judged when the search ends."""
    away = next(m for m in START.legal_moves() if m != HOME[0])
    after = START.apply(away)
    game = MidEnd(START, spec_for(START), Quiet())
    game.take(CoachPacket((line_hint(START, HOME),), status=READY))

    def last() -> MoveClass:
        line = game.session.sheet.line
        assert line is not None
        return line.last(1)[0].cls

    game.act(Move(away))
    game.update(DT)
    seen = [last()]
    quick = "LR" * 10 + inverse(away) + HOME
    game.take(CoachPacket((line_hint(after, quick, provisional=True),), status=READY))
    game.update(DT)
    seen.append(last())
    game.take(CoachPacket((line_hint(after, inverse(away) + HOME),), status=READY))
    game.update(DT)
    seen.append(last())
    assert seen == [MoveClass.UNKNOWN, MoveClass.UNKNOWN, MoveClass.OFF_LINE]


def test_a_move_waiting_for_its_judgement_says_what_its_hint_cost() -> None:
    """Newcomer playtest: with the chevrons on, a 5x5 move off them took 5 from POINTS with
    no pop-up (the move itself waits for the coach). The chevrons drawn where it led are paid
    once seen, with their own pop-up ("-5 hint"); its own pop-up waits for its verdict."""
    from game.core.actions import CycleHint
    from game.play.events import HintPaid, Scored
    from game.play.help import HELP_SEEN_SECONDS

    away = next(m for m in START.legal_moves() if m != HOME[0])
    game = MidEnd(START, spec_for(START), Quiet())
    game.take(CoachPacket((line_hint(START, HOME),), status=READY))
    game.act(CycleHint())
    game.update(HELP_SEEN_SECONDS)
    game.take_events()
    net = game.session.sheet.net
    game.act(Move(away))
    game.update(DT)
    assert not [e for e in game.take_events() if isinstance(e, Scored)]  # it waits
    assert game.session.sheet.line.last(1)[0].cls is MoveClass.UNKNOWN
    assert game.session.sheet.net == net
    game.update(HELP_SEEN_SECONDS)  # the chevrons where it led (back, then the line), seen
    (paid,) = [e for e in game.take_events() if isinstance(e, HintPaid)]
    assert paid.words == f"{game.session.sheet.net - net:+d} hint" == "-5 hint"
