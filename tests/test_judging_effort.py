"""Beyond exact reach a move off the coach's line is charged only once the board it made has
been searched about as long as the line it left (``Hint.effort``)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.core.actions import Move
from game.core.board import inverse
from game.core.coach import Hint
from game.core.knowledge import Knowledge, follow, merge
from game.core.scoring import MoveClass
from game.play.session import Session
from game.play.verdict import EFFORT_CAP, EFFORT_SHARE, effort_wanted
from game.worker.jobs import JobKind
from game.worker.waiting import JUDGING_SLACK, MIN_JUDGING_SECONDS, Waiting, judging_left
from tests.test_judging import walk_line


def detour_game(effort: float) -> tuple[Session, Knowledge, Hint, str]:
    """A 5x5 game five moves along a line the coach searched ``effort`` seconds, then one
    move off it; the knowledge, the line and that move."""
    board, line = walk_line(7, 30)
    knowledge = Knowledge()
    knowledge.add(Hint(board, len(line), frozenset(line[0]), False, False, line, effort=effort,
                       thought=effort))
    session = Session(board, oracle=knowledge.known)
    for move in line[:5]:
        session.apply(Move(move))
    here = board.apply_all(line[:5])
    detour = next(m for m in here.legal_moves() if m != line[5] and m != inverse(line[4]))
    session.apply(Move(detour))
    return session, knowledge, Hint(here, 25, frozenset(line[5]), False, False, line[5:]), detour


def longer_from(away_move: str, line: Hint, effort: float) -> Hint:
    """What searches of ``effort`` seconds in all found from the board ``away_move`` made (the
    first half-second of them on screen, the rest judging the move): only the way back and
    the line (two longer than the line from there)."""
    rest = inverse(away_move) + line.path
    return Hint(line.board.apply(away_move), len(rest), frozenset(rest[0]), False, False,
                rest, effort=effort, thought=min(effort, 0.5))


def test_a_move_off_a_long_searched_line_waits_for_as_long_a_search_of_where_it_led() -> None:
    session, knowledge, line, detour = detour_game(effort=4.0)
    away = line.board.apply(detour)
    assert session.sheet.last is MoveClass.UNKNOWN
    assert session.judging_seconds() == {away: pytest.approx(EFFORT_SHARE * 4.0)}
    knowledge.add(longer_from(detour, line, effort=0.5))  # the first, short search: no charge
    session.learned()
    assert session.sheet.last is MoveClass.UNKNOWN and session.points == 50
    assert session.unjudged_boards() == [away]
    knowledge.add(longer_from(detour, line, effort=4.1))  # as long: nothing shorter, charged
    assert session.learned()
    assert session.sheet.last is MoveClass.OFF_LINE and session.points == 40
    assert session.unjudged_boards() == []


def test_a_longer_search_that_finds_a_shorter_line_puts_the_move_on_the_line() -> None:
    board, line = walk_line(11, 30)
    here = board.apply_all(line[:5])
    loop = next(m for m in here.legal_moves() if m != line[5] and m != inverse(line[4]))
    coach = line[:5] + loop + inverse(loop) + line[5:]  # the coach's line wanders: 32 moves
    knowledge = Knowledge()
    knowledge.add(Hint(board, len(coach), frozenset(coach[0]), False, False, coach,
                       effort=4.0, thought=4.0))
    session = Session(board, oracle=knowledge.known)
    for move in line[:6]:  # the player's own move off it: line[5], not the loop
        session.apply(Move(move))
    away = here.apply(line[5])
    assert session.sheet.last is MoveClass.UNKNOWN
    slow = inverse(line[5]) + coach[5:]
    knowledge.add(Hint(away, len(slow), frozenset(slow[0]), False, False, slow, effort=0.5))
    session.learned()  # a quick search found only the way back: no charge meanwhile
    assert session.sheet.last is MoveClass.UNKNOWN and session.points == 50
    rest = line[6:]
    knowledge.add(Hint(away, len(rest), frozenset(rest[0]), False, False, rest, effort=4.2))
    assert session.learned()
    assert session.sheet.last is MoveClass.LINE and session.points > 50
    assert session.unjudged_boards() == []


def test_a_line_found_quickly_judges_after_a_quick_search_as_before() -> None:
    session, knowledge, line, detour = detour_game(effort=0.5)
    assert session.judging_seconds() == {line.board.apply(detour): pytest.approx(0.4)}
    knowledge.add(longer_from(detour, line, effort=0.5))
    assert session.learned()
    assert session.sheet.last is MoveClass.OFF_LINE and session.points == 40


def test_the_search_wanted_is_capped_and_none_for_a_proven_line() -> None:
    board, line = walk_line(3, 20)
    long = Hint(board, len(line), frozenset(line[0]), False, False, line, effort=60.0,
                thought=60.0)
    assert effort_wanted(long) == pytest.approx(EFFORT_SHARE * EFFORT_CAP)
    assert effort_wanted(replace(long, optimal=True)) == 0.0 and effort_wanted(None) == 0.0


def test_a_line_keeps_the_search_behind_it_through_merges_and_moves() -> None:
    board, line = walk_line(5, 20)
    quick = Hint(board, len(line), frozenset(line[0]), False, False, line, effort=0.5)
    again = replace(quick, effort=4.5)  # a longer search found nothing shorter
    assert merge(quick, again).effort == 4.5 and merge(again, quick).effort == 4.5
    longer = replace(quick, distance=quick.distance + 2, effort=9.0)
    assert merge(quick, longer).effort == 0.5  # the line kept is the quick one


def test_the_worker_searches_a_board_for_the_rest_of_the_time_wanted() -> None:
    board, line = walk_line(9, 20)
    searched = Hint(board, len(line), frozenset(line[0]), False, False, line, effort=0.5)
    assert judging_left(board, searched) is None  # any finished search judges
    assert judging_left(board, searched, 3.6) == pytest.approx(3.1 + JUDGING_SLACK)
    assert judging_left(board, replace(searched, effort=3.5), 3.6) == MIN_JUDGING_SECONDS
    assert judging_left(board, replace(searched, effort=3.7), 3.6) is None
    assert judging_left(board, replace(searched, provisional=True), 3.6) == \
        pytest.approx(3.6 + JUDGING_SLACK)
    assert judging_left(board, replace(searched, provisional=True)) == 0.0
    assert judging_left(board, None) == 0.0


def test_a_judging_search_that_ended_short_of_the_time_wanted_goes_again() -> None:
    """A search stops a few milliseconds before its deadline: 3.57 s of the 3.6 wanted left
    a 5x5 move waiting 24 s, until the game's list of boards to judge changed."""
    board, _ = walk_line(13, 20)
    waiting = Waiting(prefetch=False)
    assert waiting.set_judge([board], lambda b: False, {board: 3.6})
    job = waiting.next_job(True, lambda skip: None, left=lambda b, s: 3.2)
    assert job is not None and job.kind is JobKind.JUDGE and job.seconds == 3.2
    assert not waiting.judge
    waiting.judged(board, lambda b, s: MIN_JUDGING_SECONDS)  # 3.57 s in all: not enough
    again = waiting.next_job(True, lambda skip: None, left=lambda b, s: MIN_JUDGING_SECONDS)
    assert again is not None and again.board == board and again.seconds == MIN_JUDGING_SECONDS
    waiting.judged(board, lambda b, s: None)  # long enough now
    assert not waiting.judge
    waiting.set_judge([], lambda b: False)
    waiting.judged(board, lambda b, s: 1.0)  # the game no longer waits for it
    assert not waiting.judge


def test_a_line_back_through_a_move_carries_no_search_so_only_the_first_move_off_waits() -> None:
    """A newcomer's six brisk moves of their own after a pause took 28 s to be judged, one
    every 4 s: each board's best line was the way back to the thought-out one, or one a
    search judging the last move found, and counted its seconds. Only the first move off a
    line the coach thought out waits for as long a search."""
    board, line = walk_line(5, 20)
    thought = Hint(board, len(line), frozenset(line[0]), False, False, line, effort=4.5,
                   thought=4.5)
    along = follow(thought, line[0], board.apply(line[0]))
    assert along is not None and along.effort == along.thought == 4.5
    off = next(m for m in board.legal_moves() if m != line[0])
    back = follow(thought, off, board.apply(off), back=True)
    assert back is not None and back.thought == 0.0 and back.distance == len(line) + 1
    session, knowledge, here, detour = detour_game(effort=4.0)
    away = here.board.apply(detour)
    knowledge.add(longer_from(detour, here, effort=4.1))  # the first move off: charged
    session.learned()
    assert session.sheet.last is MoveClass.OFF_LINE
    on = next(m for m in away.legal_moves() if m != inverse(detour))
    session.apply(Move(on))  # the next one waits only for a usual search
    assert session.sheet.last is MoveClass.UNKNOWN
    assert session.judging_seconds().get(away.apply(on), 0.0) < 1.0


def test_help_with_nothing_to_draw_is_never_charged() -> None:
    """A newcomer took the second of two chevrons at a proven 5x5 position: the next board's
    distance was known (one move from a proven board) but not one of its moves, so nothing
    was drawn for 36 s, and the next move paid -5 for help never seen."""
    from game.core.actions import CycleHint
    from game.core.generate import random_board
    from game.play.help import HELP_SEEN_SECONDS
    from tests.fakes_front import exact_hint

    rng = random.Random(4)
    board = next(b for b in (random_board(3, 3, rng) for _ in range(500))
                 if len(exact_hint(b).moves) >= 2)
    known = exact_hint(board)
    second = sorted(known.moves - {known.path[0]})[0]
    knowledge = Knowledge()
    knowledge.add(known)  # the board's answer only: the next board's is derived from it
    session = Session(board, oracle=knowledge.known)
    session.apply(CycleHint())
    session.tick(HELP_SEEN_SECONDS)
    session.apply(Move(second))
    hint = session.hint
    assert hint is not None and hint.optimal and not hint.moves and not hint.path
    paid, used = session.sheet.net, session.sheet.hints_used
    session.tick(HELP_SEEN_SECONDS * 3)  # nothing drawn: nothing seen
    session.apply(Move(exact_hint(session.board).path[0]))  # (its judgement waits)
    assert session.sheet.hints_used == used and session.sheet.net == paid
