"""Beyond exact reach a move may wait for its judgement while the player goes on: the moves
after it earn 1x until it is judged ("+10 x2 held"), so judging it off the line costs its own
points and never takes back streak credit already shown (a newcomer saw "moves 31-33 judged:
on the coach's line (+90)", then "move 30 judged: off the coach's line (-10); streak
multiplier (-60)")."""

from __future__ import annotations

from game.core.actions import Move
from game.core.board import inverse
from game.core.coach import CoachPacket
from game.core.scoring import BASE_POINTS, WASTEFUL_COST, MoveClass
from game.play.events import Rejudged, Scored
from game.play.midend import MidEnd
from game.ui.hud import HudView, streak_text
from tests.test_midend import DT, Quiet, spec_for
from tests.test_provisional import HOME, READY, START, line_hint


def test_moves_after_a_waiting_one_hold_their_multiplier_and_keep_what_they_showed() -> None:
    at_five = START.apply_all(HOME[:5])
    away = next(m for m in at_five.legal_moves() if m not in (HOME[5], inverse(HOME[4])))
    game = MidEnd(START, spec_for(START), Quiet())
    game.take(CoachPacket((line_hint(START, HOME),), status=READY))
    game.update(DT)
    popups: list[str] = []
    for move in HOME[:5] + away + inverse(away) + HOME[5:9]:  # five on the line: x2 next
        game.act(Move(move))
        game.update(DT)
        popups += [e.words for e in game.take_events() if isinstance(e, Scored)]
    line = game.session.sheet.line
    assert line is not None
    assert [n.cls for n in line.walk()] == [MoveClass.LINE] * 5 + [MoveClass.UNKNOWN] + \
        [MoveClass.LINE] * 5  # the step away waits for its board's search; the rest judged
    assert popups == ["+10"] * 5 + ["+10 x2 held"] * 5  # the step away's own waits unshown
    view = game.view()
    assert view.held and view.multiplier == 3 and view.streak == 10
    shown = game.session.points
    assert shown == 10 * BASE_POINTS
    # the search of the board the step away made: it was off the line
    after_away = at_five.apply(away)
    game.take(CoachPacket((line_hint(after_away, inverse(away) + HOME[5:]),), status=READY))
    for _ in range(60):
        game.update(DT)
    news = [e for e in game.take_events() if isinstance(e, Rejudged)]
    assert [e.changes for e in news] == [((5, MoveClass.UNKNOWN, MoveClass.OFF_LINE,
                                           -WASTEFUL_COST),)]
    assert game.session.points == shown - WASTEFUL_COST  # and nothing else taken back
    # STREAK fell from 10 to 5: said (a newcomer saw it fall with no word)
    assert game.view().footer == "move 6 judged: off the coach's line (-10); " \
        "streak 10 broken there, 5 since"
    view = game.view()
    assert not view.held and (view.streak, view.multiplier) == (5, 2)


def test_the_hud_says_when_the_multiplier_is_held() -> None:
    assert streak_text(HudView(streak=12, multiplier=3)) == "12 x3"
    assert streak_text(HudView(streak=12, multiplier=3, held=True)) == "12 x3 held"
    assert streak_text(HudView(streak=3, multiplier=1, held=True)) == "3"
