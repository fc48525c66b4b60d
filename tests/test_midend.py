"""The mid-end headless: one game's rules, coach packets, judging before the record, events."""

from __future__ import annotations

from game.core.actions import Move, Restart, Source, Undo
from game.core.coach import CoachState, WorkerStatus
from game.core.notation import parse_board
from game.core.scoring import MoveClass
from game.core.spec import Difficulty, GameSpec
from game.play.events import (
    Finished,
    Happened,
    Happening,
    HintPaid,
    Moved,
    Rejudged,
    Scored,
    Shown,
    Won,
)
from game.play.help import HELP_SEEN_SECONDS
from game.play.midend import MidEnd
from game.play.news import NEWS_UNIT_SECONDS, judged_line
from tests.fakes_front import FakeWorker

DT = 1 / 60
SEEN_FRAMES = round(HELP_SEEN_SECONDS / DT) + 1
NEAR = parse_board("1 2 3/4 0 6/7 5 8")
"""Two moves from the goal, on a board the fake coach knows."""
FOUR = parse_board("0 1 3/4 2 6/7 5 8")
"""Four moves from the goal: L U L U is one optimal line."""


def spec_for(board) -> GameSpec:
    return GameSpec(board.width, board.height, Difficulty.ANY, board=board)


def frames(game: MidEnd, coach: FakeWorker, count: int) -> list:
    """Run ``count`` frames the way the app does (the packet first, then the update)."""
    events = []
    for _ in range(count):
        game.take(coach.take())
        game.update(DT)
        events += game.take_events()
    return events


def finished(events: list) -> Finished | None:
    return next((e for e in events if isinstance(e, Finished)), None)


def perfect_line(board) -> str:
    from tests.fakes_front import exact_hint

    return exact_hint(board).path


def compare_from(game: MidEnd, before: list) -> int:
    """The mid-end's news of the moves on its line, as if ``before`` (judgement, points) of
    each had been shown last."""
    game.news._shown = {key: shown for (key, *_), shown in zip(
        judged_line(game.session.sheet.line), before, strict=True)}
    game.news._verdicts = {key: cls for key, cls in (
        (key, shown[0]) for key, shown in game.news._shown.items()) if cls is not MoveClass.UNKNOWN}
    news = game._compare()
    return news.gained if news is not None else 0


def three_perfect_moves() -> MidEnd:
    """FOUR with the first three moves of a perfect line played, each judged optimal."""
    coach = FakeWorker()
    game = MidEnd(FOUR, spec_for(FOUR), coach)
    frames(game, coach, 2)
    for move in perfect_line(FOUR)[:3]:
        game.act(Move(move, source=Source.KEY))
        frames(game, coach, 20)
    assert [points for *_, points in judged_line(game.session.sheet.line)] == [10, 10, 10]
    return game


def test_a_perfect_game_played_before_the_coach_answers_is_judged_before_it_is_recorded():
    coach = FakeWorker(silent=True)
    game = MidEnd(FOUR, spec_for(FOUR), coach)
    for move in perfect_line(FOUR):
        game.act(Move(move, source=Source.KEY))
    events = frames(game, coach, 120)  # the win flash is over, the coach still silent
    assert game.session.solved and game.judging and finished(events) is None
    assert "judging" in game.view().banner
    coach.speak()
    events = frames(game, coach, 5)
    assert finished(events) is None and not game.judging
    events += frames(game, coach, int(NEWS_UNIT_SECONDS / DT) + 1)  # the news is told
    assert finished(events) is None  # and the judged HUD shows a moment
    assert game.view().points == 40 and game.view().streak == 4
    events += frames(game, coach, 80)
    done = finished(events)
    assert done is not None and not game.judging
    summary, record = done.summary, done.record
    assert summary.grade == "S" and summary.perfect and summary.unknown == 0
    assert (record.points, record.grade, record.optimal_length) == (summary.points, "S", 4)
    assert record.judgements == tuple("o" for _ in perfect_line(FOUR))


def test_judging_waits_for_a_coach_at_work_and_not_for_an_unavailable_one():
    coach = FakeWorker(silent=True)
    game = MidEnd(FOUR, spec_for(FOUR), coach)
    for move in perfect_line(FOUR):
        game.act(Move(move))
    events = frames(game, coach, 60)
    assert finished(events) is None
    coach.status = WorkerStatus(CoachState.UNAVAILABLE, detail="solver error")
    assert finished(frames(game, coach, 80)) is not None

    patient = MidEnd(FOUR, spec_for(FOUR), FakeWorker(silent=True))
    for move in perfect_line(FOUR):
        patient.act(Move(move))
    quiet = FakeWorker(silent=True)
    patient.coach = quiet
    quiet.status = WorkerStatus(CoachState.WARMING_UP)  # a fresh machine builds its tables
    assert finished(frames(patient, quiet, 60 * 120)) is None  # however long that takes
    assert "judging" in patient.view().banner


def test_moves_after_the_coach_answered_are_judged_at_once_with_their_events():
    coach = FakeWorker()
    game = MidEnd(FOUR, spec_for(FOUR), coach)
    events = frames(game, coach, 2)  # the start board is submitted, its answer arrives
    assert any(isinstance(e, Shown) and e.board == FOUR for e in events)
    line = perfect_line(FOUR)
    wrong = next(m for m in FOUR.legal_moves() if m != line[0])
    game.act(Move(wrong, source=Source.KEY))
    events = frames(game, coach, 1)
    scored = [e for e in events if isinstance(e, Scored)]
    assert [e.cls for e in scored] == [MoveClass.WASTEFUL] and scored[0].gained == -10
    assert any(isinstance(e, Moved) for e in events)
    game.act(Undo())
    for move in line:
        game.act(Move(move, source=Source.KEY))
    events = frames(game, coach, 90)
    assert any(isinstance(e, Won) for e in events)
    assert any(e == Happened(Happening.WIN) for e in events)
    done = finished(events)
    assert done is not None and done.summary.undos == 1 and done.summary.moves == 4
    assert done.record.points == done.summary.points


def test_an_illegal_key_move_bumps_and_a_hover_move_does_not():
    coach = FakeWorker()
    game = MidEnd(FOUR, spec_for(FOUR), coach)  # the gap is in the top-left corner
    illegal = next(m for m in "UDLR" if not FOUR.can_move(m))
    game.act(Move(illegal, source=Source.KEY))
    game.act(Move(illegal, source=Source.HOVER))
    events = frames(game, coach, 1)
    assert events.count(Happened(Happening.BUMP)) == 1
    assert game.session.actions == []  # nothing to record (a replay said "0.00s no move")
    game.act(Move(perfect_line(FOUR)[0], source=Source.KEY))
    frames(game, coach, 1)
    assert game.record().tokens == (perfect_line(FOUR)[0],)


def test_the_coach_solves_and_any_input_takes_the_game_back():
    coach = FakeWorker()
    game = MidEnd(FOUR, spec_for(FOUR), coach)
    frames(game, coach, 2)
    game.solve()
    frames(game, coach, 12)
    assert game.solving and game.session.sheet.coach_moves >= 1
    assert game.view().banner.startswith("the coach is playing")
    # MOVES counts the player's moves; the coach's show under it (a newcomer saw 0 stay 0)
    assert game.view().moves == 0
    assert game.view().moves_note == f"+{game.session.sheet.coach_moves} by the coach"
    assert game.stop_solving() and not game.solving
    assert not game.wants_record()  # only the coach moved: left now, nothing is kept
    game.solve()
    events = frames(game, coach, 200)
    done = finished(events)
    assert done is not None and not done.summary.solved_by_player
    assert done.record.mode.value == "auto"


def test_an_abandoned_game_wants_its_record_and_a_finished_one_does_not():
    coach = FakeWorker()
    game = MidEnd(FOUR, spec_for(FOUR), coach)
    assert not game.wants_record()  # nothing played
    game.act(Move(perfect_line(FOUR)[0]))
    frames(game, coach, 1)
    assert game.wants_record() and not game.record().finished
    game.act(Restart())
    frames(game, coach, 1)
    assert game.session.moves == 0  # restarted away, and still a game the player left
    assert game.wants_record() and not game.record().finished
    for move in perfect_line(FOUR):
        game.act(Move(move))
    assert finished(frames(game, coach, 90)) is not None
    assert not game.wants_record()


def test_the_view_is_a_value_and_drawing_it_changes_nothing():
    coach = FakeWorker()
    game = MidEnd(FOUR, spec_for(FOUR), coach)
    frames(game, coach, 2)
    first = game.view()
    assert game.view() == first and first.board == FOUR and not first.busy
    game.act(Move(perfect_line(FOUR)[0]))
    frames(game, coach, 1)
    sliding = game.view()
    assert sliding.busy and sliding.moving and sliding.moves == 1


class Quiet:
    """A coach link that is told things and says nothing (packets are fed by hand)."""

    def submit(self, board) -> None:
        pass

    def judge(self, boards, seconds=None) -> None:
        pass


def test_the_coach_solving_switches_to_a_shorter_line_found_while_it_plays():
    from game.core.board import Board, inverse, inverse_moves
    from game.core.coach import CoachPacket, Hint

    walk = "DDRRULLDRRUUL"
    board = Board.goal(5, 5).apply_all(walk)
    short = inverse_moves(walk)
    away = next(m for m in board.legal_moves() if m != short[0])
    long = away + away + inverse(away) + inverse(away) + short if board.apply(away).can_move(
        away) else away + inverse(away) + away + inverse(away) + short
    game = MidEnd(board, spec_for(board), Quiet())
    ready = WorkerStatus(CoachState.READY)
    game.take(CoachPacket((Hint(board, len(long), frozenset(long[0]), False, False, long),),
                          status=ready))
    game.solve()
    while game.session.sheet.line is None:  # the coach's first move along its long line
        game.take(CoachPacket(status=ready))
        game.update(DT)
    played = "".join(node.move for node in game.session.sheet.line.walk())
    assert played == long[0]
    here = game.board
    rest = inverse_moves(played) + short  # back to the start, then the short line
    shorter = Hint(here, len(rest), frozenset(rest[0]), False, False, rest)
    game.take(CoachPacket((shorter,), status=ready))
    for _ in range(600):
        game.take(CoachPacket(status=ready))
        game.update(DT)
    assert game.session.solved
    assert len(rest) < len(long) - 1  # shorter than what was left of the long line
    assert game.session.sheet.coach_moves == len(played) + len(rest)


def test_moves_judged_again_at_the_win_are_shown_before_the_end_screen():
    from game.core.board import Board, inverse, inverse_moves
    from game.core.coach import CoachPacket, Hint
    from game.play.words import rejudged_words

    walk = "DDRRULLDRRUUL"
    board = Board.goal(5, 5).apply_all(walk)
    short = inverse_moves(walk)
    away = next(m for m in board.legal_moves() if m != short[0])
    long = away + inverse(away) + short  # the coach's line: 2 longer than the player's
    game = MidEnd(board, spec_for(board), Quiet())
    ready = WorkerStatus(CoachState.READY)
    game.take(CoachPacket((Hint(board, len(long), frozenset(long[0]), False, False, long),),
                          status=ready))
    events = []
    told = []
    for move in short:  # off the coach's line at once; the coach never searched there
        game.act(Move(move))
        game.update(DT)
        events += game.take_events()
        told.append(game.view().footer if not game.session.solved else game.view().banner)
    # the moves wait, unjudged, till the player's line meets the end's exact answers: then
    # they are judged on the line, shown as news with the shorter line, before the end
    assert any(isinstance(e, Rejudged) and e.gained > 0 for e in events)
    assert any("found a line 2 shorter than the coach's! moves 1-10 judged: on the coach's "
               "line" in words for words in told)
    assert finished(events) is None
    for _ in range(120):
        game.take(CoachPacket(status=ready))
        game.update(DT)
        events += game.take_events()
    done = finished(events)
    assert done is not None and done.summary.wasteful == 0 and done.summary.unknown == 0
    # the end screen says the player beat the coach (a newcomer's 114 against its 116 went
    # unremarked, and "Coach's line 114" credited the player's line to the coach)
    assert done.summary.outdone == len(long) and done.summary.optimal_length == len(short)
    assert done.summary.grade_reason.endswith(
        f"; your line beat the coach's line from the start ({len(long)}) by 2")
    unknown, line = MoveClass.UNKNOWN, MoveClass.LINE
    assert rejudged_words([(6, unknown, line, 10), (14, unknown, line, 10)]) == \
        "moves 7, 15 judged: on the coach's line (+20)"
    # runs of moves in a row are named as ranges (a newcomer read "4 moves: off the line")
    runs = [(i, unknown, line, 10) for i in (2, 3, 4, 5, 9, 10)]
    assert rejudged_words(runs) == "moves 3-6, 10, 11 judged: on the coach's line (+60)"
    scattered = [(i, unknown, line, 10) for i in (1, 3, 5, 7)]
    assert rejudged_words(scattered) == "4 moves judged: on the coach's line (+40)"


def test_news_of_moves_judged_again_tells_both_ways_and_drops_what_changed_no_points():
    """Newcomer playtest: "+0 judged again" and "moves 1, 2 judged again (points unchanged)"
    were noise, and "moves 4, 5, 12 judged again (+30)" hid that move 12 was charged 10."""
    from game.play.words import rejudged_words

    off, on, unknown = MoveClass.OFF_LINE, MoveClass.LINE, MoveClass.UNKNOWN
    both = rejudged_words([(3, off, on, 20), (4, off, on, 20), (11, unknown, off, -10)])
    assert both == ("moves 4, 5 judged again: on the coach's line (+40); "
                    "move 12 judged: off it (-10)")
    # each group says its own verb where it differs from the first's (two newcomers read
    # "move 29 judged: on the coach's line (+10); move 30: off it (-20)" as a first verdict
    # that cost 20: move 30 had been on the line)
    assert rejudged_words([(28, unknown, on, 10), (29, on, off, -20)]) == \
        "move 29 judged: on the coach's line (+10); move 30 judged again: off it (-20)"
    # the coach's line named once, whichever verdict comes first (a newcomer read "on the
    # line" beside "on the coach's line" as two lines)
    assert rejudged_words([(11, unknown, off, -10), (3, off, on, 20)]) == \
        "move 12 judged: off the coach's line (-10); move 4 judged again: on it (+20)"
    assert rejudged_words([(5, on, off, -20)]) == \
        "move 6 judged again: off the coach's line (-20)"
    # a move that waited for the coach's line is judged for the first time (fourth playtest)
    assert rejudged_words([(2, unknown, on, 10), (7, on, on, 20)]) == \
        "move 3 judged: on the coach's line (+10); move 8: streak multiplier (+20)"
    # both at once, each told as it is (newcomer playtest: "moves 10, 17 judged again", and
    # move 17 had never been judged)
    assert rejudged_words([(9, off, on, 20), (16, unknown, on, 10)]) == \
        "move 10 judged again, move 17 judged: on the coach's line (+30)"
    assert rejudged_words([(34, off, on, 20), *((i, unknown, on, 10) for i in range(35, 40))]) \
        == "move 35 judged again, moves 36-40 judged: on the coach's line (+70)"
    assert Rejudged.between([(unknown, 0)], [(off, -10)]).verb == "judged"  # type: ignore[union-attr]
    assert Rejudged.between([(on, 10)], [(off, -10)]).verb == "judged again"  # type: ignore[union-attr]
    game = three_perfect_moves()
    # judged again to the same points (unknown before, but no points moved): no news
    assert compare_from(game, [(unknown, 10), (unknown, 10), (MoveClass.OPTIMAL, 10)]) == 0
    game.update(NEWS_UNIT_SECONDS)
    assert not [e for e in game.take_events() if isinstance(e, Rejudged)]
    assert game.view().footer == ""
    # both ways: the pop-up's figures and the footer tell them apart
    assert compare_from(game, [(MoveClass.WASTEFUL, -10), (MoveClass.OPTIMAL, 30),
                          (MoveClass.OPTIMAL, 10)]) == 0
    game.update(NEWS_UNIT_SECONDS)
    (news,) = [e for e in game.take_events() if isinstance(e, Rejudged)]
    assert (news.moves, news.gained, news.refunds, news.charges) == (2, 0, 20, -20)
    assert game.view().footer == \
        "move 1 judged again: optimal (+20); move 2: streak multiplier (-20)"


def test_a_move_scored_as_hinted_with_hints_off_says_why():
    """Help seen at a position makes a good move from it hinted even after H turned hints off
    (+10, the streak held): the footer says so, and the replay calls it the same (newcomer
    playtest: +10 and STREAK stuck, with nothing on screen saying why)."""
    from game.core.actions import CycleHint
    from game.play.replay import build_replay
    from tests.fakes_front import exact_hint

    coach = FakeWorker()
    game = MidEnd(FOUR, spec_for(FOUR), coach)
    frames(game, coach, 2)
    line = perfect_line(FOUR)
    game.act(Move(line[0], source=Source.KEY))
    frames(game, coach, 20)
    for wait in (SEEN_FRAMES, 1, SEEN_FRAMES):  # level 1 (seen), level 2 (passed), off
        game.act(CycleHint())
        frames(game, coach, wait)
    # (level 2 was passed on the way to off, neither read nor moved with: only level 1 is
    # paid; steps read would count along them, hidden or not)
    assert game.session.hint_level == 0 and game.session.sheet.hints_used == 1
    game.act(Move(line[1], source=Source.KEY))
    events = frames(game, coach, 5)
    scored = [e for e in events if isinstance(e, Scored)]
    assert scored and scored[-1].assisted and scored[-1].gained == 10
    assert game.session.streak == 1
    assert game.view().footer == "+10 · hint seen for this position, streak held at 1"
    game.act(Move(line[2], source=Source.KEY))  # unhinted: the news of the last move goes
    frames(game, coach, 5)
    assert game.session.streak == 2 and "hint seen" not in game.view().footer
    for move in line[3:]:
        game.act(Move(move, source=Source.KEY))
    done = finished(frames(game, coach, 200))
    assert done is not None
    model = build_replay(done.record.recording(), exact_hint, done.record.judgements)
    notes = [frame.note for frame in model.frames]
    assert notes[5].startswith(f"move 2 {line[1]}: optimal (hint seen)")
    assert notes[1] == f"move 1 {line[0]}: optimal (3 to go)"  # no help seen there
    assert notes[6] == f"move 3 {line[2]}: optimal (1 to go)"


def test_the_footer_names_no_other_boards_work_as_this_ones():
    """Newcomer playtest: a 6x6 game said "coach: preparing the 3x3 coach 0%"."""
    from game.core.board import Board
    from game.core.coach import CoachPacket

    def footer(board, state, work):
        game = MidEnd(board, spec_for(board), FakeWorker(silent=True))
        game.take(CoachPacket(status=WorkerStatus(state, progress=0.25, work=work)))
        return game.view().footer

    six, small = Board.goal(6, 6).apply_all("DR"), NEAR
    warming, ready = CoachState.WARMING_UP, CoachState.READY
    assert footer(six, warming, "preparing the 3x3 coach") == "coach: warming up 25%"
    assert footer(small, warming, "preparing the 3x3 coach") == "coach: warming up 25%"
    assert footer(six, warming, "building the 5x5 tables") == \
        "coach: building the 5x5 tables 25%"  # the tables a 6x6 board is searched with
    assert footer(six, ready, "building the strong 4x4 tables") == \
        "coach: building the strong 4x4 tables (for 4x4 games) 25%"


def test_space_while_the_coach_warms_up_says_it_waits_and_plays_once_ready():
    """Newcomer playtest: Space during the warm-up seemed to do nothing (the banner said the
    coach was playing while no tile moved)."""
    from game.core.coach import CoachPacket

    coach = FakeWorker(silent=True)
    game = MidEnd(FOUR, spec_for(FOUR), coach)
    warming = CoachPacket(status=WorkerStatus(CoachState.WARMING_UP, progress=0.5,
                                              work="loading the 4x4 tables"))
    game.take(warming)
    game.solve()
    for _ in range(10):
        game.take(warming)
        game.update(DT)
    assert game.solving and game.session.moves == game.session.sheet.coach_moves == 0
    assert game.view().banner == \
        "Space: the coach plays once warmed up - any key but M, F11 cancels"
    coach.speak()
    events = frames(game, coach, 5)
    assert game.view().banner == "the coach is playing - any key but M, F11 stops"
    events += frames(game, coach, 200)
    assert game.session.solved and game.session.sheet.coach_moves == 4  # it was queued


def test_news_of_a_burst_of_answers_is_one_message():
    """Newcomer playtests: five quick keys on 4x4 were judged in two packets, and the second
    news replaced the first before it could be read (move 2's -10 was never told); on 5x5 a
    pop-up said "-10 judged" while POINTS fell by 50, and POINTS changed before news told
    a moment later. Answers within a moment are one piece of news, told at once and told
    again as they come: its pop-up gives what they did to the points, its footer line the
    same figures."""
    from game.play.news import NEWS_SECONDS

    unknown, optimal = MoveClass.UNKNOWN, MoveClass.OPTIMAL
    game = three_perfect_moves()
    compare_from(game, [(unknown, 0), (optimal, 10), (optimal, 10)])
    assert game.view().footer == "move 1 judged: optimal (+10)"  # at once
    compare_from(game, [(optimal, 10), (unknown, 0), (optimal, 10)])  # the next packet
    assert game.view().footer == "moves 1, 2 judged: optimal (+20)"
    first, news = [e for e in game.take_events() if isinstance(e, Rejudged)]
    assert (first.gained, first.fresh, news.gained, news.fresh) == (10, 10, 20, 10)
    assert f"{news.gained:+d} {news.verb}" == "+20 judged"  # in place of "+10 judged"
    game.update(NEWS_SECONDS + DT)  # the news is gone: the next one stands alone
    compare_from(game, [(optimal, 10), (optimal, 10), (unknown, 0)])
    assert game.view().footer == "move 3 judged: optimal (+10)"
    # the next answer a moment later takes it back: nothing is left to tell, and nothing is
    compare_from(game, [(optimal, 10), (optimal, 10), (optimal, 20)])
    assert game.view().footer == ""
    *_, undone = [e for e in game.take_events() if isinstance(e, Rejudged)]
    assert (undone.moves, undone.gained, undone.fresh) == (0, 0, -10)

def test_a_move_told_and_changed_again_is_judged_again():
    """The ninth playtest: moves already told were told again as "judged", in footers that
    joined earlier news; now each piece of news names only what changed since it was shown,
    and a move shown judged before is "judged again", in the footer and the pop-up alike."""
    unknown, optimal, wasteful = MoveClass.UNKNOWN, MoveClass.OPTIMAL, MoveClass.WASTEFUL
    game = three_perfect_moves()
    compare_from(game, [(unknown, 0), (optimal, 10), (optimal, 10)])
    assert game.view().footer == "move 1 judged: optimal (+10)"
    game.update(NEWS_UNIT_SECONDS)  # a later answer: news of its own
    game.take_events()
    compare_from(game, [(wasteful, -10), (optimal, 10), (optimal, 10)])
    assert game.view().footer == "move 1 judged again: optimal (+20)"
    (news,) = [e for e in game.take_events() if isinstance(e, Rejudged)]
    assert f"{news.gained:+d} {news.verb}" == "+20 judged again"

def test_a_move_judged_then_waiting_then_judged_is_judged_again():
    """Newcomer playtest: "move 68 judged: off the coach's line" of a move shown judged a
    moment before (it had waited again in between)."""
    from game.play.news import News

    news = News()
    line = three_perfect_moves().session.sheet.line
    keys = [key for key, *_ in judged_line(line)]
    shown = {key: (MoveClass.LINE, 10) for key in keys}
    news._shown = dict(shown)
    news._verdicts = {key: MoveClass.LINE for key in keys}
    news._shown[keys[0]] = (MoveClass.UNKNOWN, 0)  # it waits again: LINE is remembered
    news._unit_left = 0.0
    changed, _ = news.compare(line)
    assert changed is not None and news.shown.startswith("move 1 judged again")


def test_an_undo_says_what_it_cost_and_what_it_took_back():
    """The eighth playtest: an undo after a +10 move showed POINTS falling by 15 with no word
    why (5 for the undo, 10 the move had earned)."""
    from game.core.actions import Redo, Undo

    game = three_perfect_moves()
    net = game.session.sheet.net
    game.act(Undo())
    game.update(DT)
    assert game.session.sheet.net == net - 15
    assert game.view().footer == "undo -5, and the +10 the move earned taken back"
    game.act(Redo())
    game.update(DT)
    assert game.session.sheet.net == net - 5
    assert game.view().footer == "redo: the +10 the move earned is back"


def test_a_restart_and_its_undo_and_redo_say_what_they_did_to_the_points():
    """The tenth playtest: POINTS went 100, "held at 0 (-45)", 95, "held at 0 (-50)" over a
    restart, its undo and its redo, with nothing on screen to say why."""
    from game.core.actions import Redo, Restart, Undo

    game = three_perfect_moves()
    net = game.session.sheet.net
    for action, words, change in (
            (Restart(), f"restart -25, the +{net} the moves earned taken back", -25 - net),
            (Undo(), f"undo -5: the restart's -25 given back, the +{net} the moves earned "
                     "back", 20 + net),
            (Redo(), f"redo: the restart again (-25), the +{net} the moves earned taken back",
             -25 - net)):
        before = game.session.sheet.net
        game.act(action)
        game.update(DT)
        assert game.session.sheet.net - before == change
        assert game.view().footer == words


def test_a_restart_after_one_move_names_one_move():
    """The fourteenth-session playtest: a restart after one move said "the +10 the moves
    earned taken back"; its undo and redo name one move too."""
    from game.core.actions import Redo, Restart, Undo

    coach = FakeWorker()
    game = MidEnd(FOUR, spec_for(FOUR), coach)
    frames(game, coach, 2)
    game.act(Move(perfect_line(FOUR)[0], source=Source.KEY))
    frames(game, coach, 20)
    for action, words in (
            (Restart(), "restart -25, the +10 the move earned taken back"),
            (Undo(), "undo -5: the restart's -25 given back, the +10 the move earned back"),
            (Redo(), "redo: the restart again (-25), the +10 the move earned taken back")):
        game.act(action)
        game.update(DT)
        assert game.view().footer == words


def test_a_restart_with_hints_on_says_the_hint_apart_and_h_after_an_undo_shows_its_cost():
    """The twelfth playtest: with hints on, R said "the +75 the moves earned" and its undo
    "+70": 5 of it was the hint drawn at the start, named nowhere; and H right after U left
    the undo's words on show while POINTS fell by 5 more."""
    from game.core.actions import CycleHint, Restart, Undo

    game = three_perfect_moves()
    net = game.session.sheet.net
    game.act(CycleHint())  # the chevrons, paid on sight here
    game.update(HELP_SEEN_SECONDS)
    assert game.view().footer.startswith("hints on")
    game.act(Restart())
    game.update(DT)
    assert game.view().footer == f"restart -25, the +{net} the moves earned taken back"
    before = game.session.sheet.net
    game.take_events()
    game.update(HELP_SEEN_SECONDS)  # the start's chevrons, seen: paid, on their own
    assert game.session.sheet.net == before - 5
    assert [e.words for e in game.take_events() if isinstance(e, HintPaid)] == ["-5 hint"]
    game.act(Undo())  # back where the hint was paid: nothing to pay again
    game.update(DT)
    assert game.view().footer == \
        f"undo -5: the restart's -25 given back, the +{net} the moves earned back"
    game.act(Undo())  # and one more: the third move taken back
    game.update(DT)
    assert game.view().footer.startswith("undo -5, and the +10 the move earned taken back")
    game.act(CycleHint())  # the steps: the hint words show, not the undo's
    game.update(DT)
    assert not game.view().footer.startswith("undo")


def test_a_slide_judged_both_ways_flashes_its_wasteful_tile_and_tells_each_move() -> None:
    """Newcomer playtest: a click sliding 2 and 8 popped up "+0" with no cross; the replay
    said "wasteful, optimal"."""
    import random

    from game.core.actions import Slide
    from game.core.generate import random_board
    from tests.fakes_front import exact_hint

    rng = random.Random(3)
    for _ in range(500):  # a board where a two-tile slide wastes a move, then wins it back
        board = random_board(3, 3, rng)
        blank = board.blank
        for cell in range(9):
            moves = board.slide_moves(cell)
            if len(moves) != 2:
                continue
            d = [exact_hint(b).distance if not b.is_solved() else 0
                 for b in (board, board.apply(moves[0]), board.apply_all(moves))]
            if d[1] == d[0] + 1 and d[2] == d[1] - 1:
                break
        else:
            continue
        break
    coach = FakeWorker()
    game = MidEnd(board, spec_for(board), coach)
    frames(game, coach, 3)
    game.knowledge.add(exact_hint(board.apply(moves[0])))  # both moves judged at once
    game.act(Slide(cell, Source.MOUSE))
    scored = [e for e in frames(game, coach, 3) if isinstance(e, Scored)]
    assert len(scored) == 1 and scored[0].cls is MoveClass.WASTEFUL
    assert scored[0].words == "-10 +10"
    first = board.apply(moves[0]).tiles[blank]  # the tile the wasteful move slid
    assert game.cue_tile == first and scored[0].cell == divmod(blank, 3)


def test_a_restart_after_the_coach_played_says_the_game_stays_unranked():
    """Newcomer playtest: Space, then R and a solve of one's own, and only the end screen
    said the game was not graded."""
    from game.play.news import COACHED_WORDS

    coach = FakeWorker()
    game = MidEnd(FOUR, spec_for(FOUR), coach)
    frames(game, coach, 2)
    game.act(Move(perfect_line(FOUR)[0], source=Source.KEY))
    frames(game, coach, 12)
    game.act(Restart())
    frames(game, coach, 2)
    assert COACHED_WORDS not in game.view().footer  # the player's own moves: a plain restart
    game.solve()
    frames(game, coach, 12)
    assert game.stop_solving() and game.session.sheet.coach_moves >= 1
    game.act(Restart())
    frames(game, coach, 2)
    footer = game.view().footer
    assert footer.startswith("restart -25") and footer.endswith(COACHED_WORDS)


def test_one_undo_takes_back_a_whole_group_slide_and_says_so():
    """The playtests: one U after a click that slid several tiles took back one of them; the
    footer spoke of "the move"."""
    from game.core.actions import Redo, Slide, Undo
    from game.core.board import Board

    start = Board.goal(3, 3).apply_all("DDRR")  # the gap in the top left corner
    coach = FakeWorker()
    game = MidEnd(start, spec_for(start), coach)
    frames(game, coach, 2)
    cell = next(i for i in range(start.size) if len(start.slide_moves(i)) == 2)
    game.act(Slide(cell))
    frames(game, coach, 20)
    earned = game.session.sheet.line.total_points
    assert game.session.moves == 2 and earned != 0
    game.act(Undo())
    game.update(DT)
    assert game.session.board == start and game.session.sheet.undos == 1
    words = "earned" if earned > 0 else "cost"
    assert game.view().footer == f"undo -5, and the {earned:+d} the 2 moves {words} " \
        f"{'taken' if earned > 0 else 'given'} back"
    game.act(Redo())
    game.update(DT)
    assert game.session.moves == 2
    assert game.view().footer == f"redo: the {earned:+d} the 2 moves {words} is back"


def test_a_group_slide_move_not_judged_yet_shows_a_question_mark_not_plus_zero():
    """The fifteenth playtest: a three-tile slide's pop-up read "+10 -10 +0" while its
    third move waited for the coach (judged "-10" a moment later)."""
    scored = Scored(MoveClass.WASTEFUL, 0, 1, False, (0, 0), parts=(10, -10, None))
    assert scored.words == "+10 -10 ?"
    assert Scored(MoveClass.WASTEFUL, 0, 1, False, (0, 0), hint_cost=-5,
                  parts=(None, -10)).words == "? -10 -5 hint"


def test_with_the_steps_hidden_the_footer_names_the_step_it_prices() -> None:
    """Two newcomers read "following them costs 5 more", played another optimal move, saw
    "+10 hint seen" with nothing charged and took the price for a promise broken: the footer
    names the step it prices, and playing it pays that."""
    from game.core.actions import CycleHint
    from game.play.words import move_words

    coach = FakeWorker()
    game = MidEnd(FOUR, spec_for(FOUR), coach)
    frames(game, coach, 5)
    path = game.session.hint.path
    game.act(CycleHint())
    game.act(CycleHint())  # the numbered steps
    frames(game, coach, SEEN_FRAMES)
    game.act(CycleHint())  # hidden
    frames(game, coach, 2)
    step = move_words(FOUR, path[0])
    assert game.view().footer == f"steps seen: the next one here, {step}, costs 5 more (hint)"
    used = game.session.sheet.hints_used
    game.act(Move(path[0]))
    frames(game, coach, 2)
    assert game.session.sheet.hints_used == used + 1  # the 5 the footer named


def test_news_of_points_shows_while_the_coach_plays() -> None:
    """A newcomer's points went from -45 to -25 while the banner said "the coach is playing":
    moves judged while the coach played were told under the banner, where nobody saw them.
    The news takes the banner's place while it shows."""
    from game.core.board import inverse

    coach = FakeWorker(silent=True)
    game = MidEnd(FOUR, spec_for(FOUR), coach)
    line = perfect_line(FOUR)
    for move in line[0] + inverse(line[0]):  # judged once the coach answers
        game.act(Move(move))
        frames(game, coach, 2)
    game.solve()
    assert game.view().banner.startswith("Space: the coach plays once")
    coach.speak()
    told = []
    for _ in range(60):
        frames(game, coach, 1)
        view = game.view()
        if game.solving and not game.session.solved:
            told.append((view.banner, view.footer))
    assert any(banner == "" and footer.startswith("the coach is playing · ")
               and "judged" in footer for banner, footer in told), told
    assert ("the coach is playing - any key but M, F11 stops", "") in told  # after it
