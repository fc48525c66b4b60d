"""Every change of the points is told as it happens: a move's pop-up, news of moves judged
again, an undo's or a restart's words, or a hint's pop-up. A player who sees POINTS move
with nothing said stops trusting the figures (newcomers saw 5x5 points fall with no word)."""

from __future__ import annotations

import re

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.actions import CycleHint, Move, Redo, Restart, Source, Undo
from game.core.notation import parse_board
from game.core.scoring import MoveClass
from game.play.events import HintPaid, Rejudged, Scored
from game.play.help import HELP_SEEN_SECONDS
from game.play.midend import MidEnd
from tests.app_driver import make_app as make_app  # noqa: F401  (fixture)
from tests.fakes_front import FakeWorker
from tests.test_judging import walk_line
from tests.test_midend import DT, FOUR, spec_for

SIX = parse_board("4 1 3/0 2 6/7 5 8")
"""Six moves from the goal on the fake coach's 3x3."""


class Told:
    """A mid-end whose every frame is checked: the change of the points shown (before
    POINTS' floor) against the figures its events and footer words gave for it."""

    def __init__(self, game: MidEnd) -> None:
        self.game = game
        self.said: list[int] = []
        points = game.news.points

        def told(kind, gained, restarted, cost, hint=0, coached=False, count=1, also="",
                 first=""):
            self.said.append(gained - hint)  # the words give the moves' points and costs
            points(kind, gained, restarted, cost, hint, coached, count, also, first)
            assert also == "" or game.news.shown.endswith(also)
            assert first == "" or game.news.shown.startswith(first)

        game.news.points = told  # type: ignore[method-assign]

    def frame(self, coach: FakeWorker, action=None, dt: float = DT) -> list:
        """One frame of ``dt`` s (the packet, any action, the update; help drawn is seen
        and paid in a frame of HELP_SEEN_SECONDS); asserts the points changed by what it
        told, and returns its events."""
        game = self.game
        before = game.shown_net
        self.said = []
        game.take(coach.take())
        if action is not None:
            game.act(action)
        game.update(dt)
        events = game.take_events()
        told = sum(self.said) + sum(
            e.gained if isinstance(e, Scored) else e.fresh if isinstance(e, Rejudged)
            else e.cost if isinstance(e, HintPaid) else 0 for e in events)
        assert game.shown_net - before == told, (action, events, self.said)
        view = game.view()  # and POINTS is what was told
        assert view.points == max(0, game.shown_net)
        return events

    def play(self, coach, steps) -> None:
        """A frame for each step: an action, None, or a word to the coach ("speak": answer
        what was asked; "improve": shorter lines), until the game is over."""
        for step in steps:
            if isinstance(step, str):
                getattr(coach, step)()
                step = None
            self.frame(coach, step)
            if self.game.finished:
                break


def started(board) -> tuple[FakeWorker, MidEnd, Told]:
    """A game on ``board`` with a coach that answers at once, its first frame played."""
    coach = FakeWorker()
    game = MidEnd(board, spec_for(board), coach)
    told = Told(game)
    told.frame(coach)
    return coach, game, told


def test_a_hint_asked_for_before_the_coach_answered_pops_up_its_cost_when_it_shows():
    """A newcomer pressed H on a fresh board: nothing showed and nothing was charged; a moment
    later the chevrons came and POINTS fell by 5 with no word."""
    coach = FakeWorker(silent=True)
    game = MidEnd(FOUR, spec_for(FOUR), coach)
    told = Told(game)
    told.frame(coach, CycleHint())
    assert game.session.sheet.net == 0  # nothing on screen yet, nothing paid
    coach.speak()
    assert not [e for e in told.frame(coach) if isinstance(e, HintPaid)]  # drawn, unread
    events = told.frame(coach, dt=HELP_SEEN_SECONDS)
    paid = [e for e in events if isinstance(e, HintPaid)]
    assert [(e.cost, e.words, e.cell) for e in paid] == [(-5, "-5 hint", (0, 0))]
    assert game.session.sheet.net == -5


def test_h_with_the_answer_known_pops_up_its_cost():
    coach = FakeWorker()
    game = MidEnd(FOUR, spec_for(FOUR), coach)
    told = Told(game)
    for _ in range(3):
        told.frame(coach)
    events = told.frame(coach, CycleHint(), dt=HELP_SEEN_SECONDS)
    assert [e.words for e in events if isinstance(e, HintPaid)] == ["-5 hint"]
    # the numbered steps are paid when a move is made with them, not on sight
    assert not [e for e in told.frame(coach, CycleHint(), dt=HELP_SEEN_SECONDS)
                if isinstance(e, HintPaid)]


def test_an_undo_of_a_restart_that_brings_back_moves_judged_meanwhile_tells_both():
    """Moves played before the coach answered, then restarted away, were judged while off
    the line: undoing the restart gave back its 25 and the moves' points, and only the
    moves' "+20 judged" was said (the footer's undo words were dropped)."""
    coach = FakeWorker(silent=True)
    game = MidEnd(FOUR, spec_for(FOUR), coach)
    told = Told(game)
    for move in "LU":
        told.frame(coach, Move(move, source=Source.KEY))
    told.frame(coach, Restart())
    assert game.session.sheet.net == -25
    coach.speak()
    for _ in range(3):
        told.frame(coach)
    events = told.frame(coach, Undo())
    assert game.session.sheet.net == 15  # the undo costs its own 5
    assert [e.fresh for e in events if isinstance(e, Rejudged)] == [20]
    footer = game.view().footer
    assert footer.startswith("undo -5: the restart's -25 given back")
    assert footer.endswith("; moves 1, 2 judged: optimal (+20)"), footer


MOVES = st.sampled_from([Move(m, source=Source.KEY) for m in "LRUD"]
                        + [Undo(), Redo(), Restart(), CycleHint(), "speak", None])


@settings(max_examples=60, deadline=None)
@given(st.lists(MOVES, min_size=1, max_size=40), st.booleans())
def test_every_change_of_the_points_is_told_in_the_frame_it_happens(steps, silent):
    """Random play on 3x3 with a coach answering at once or waking part way (``"speak"``):
    undo, redo, restart and H included; every frame's change of the points is what it told."""
    coach = FakeWorker(silent=silent)
    game = MidEnd(SIX, spec_for(SIX), coach)
    Told(game).play(coach, steps)


def test_the_footer_figures_of_an_undo_are_the_change():
    """The words' own figures add up to what POINTS did (a single undo after a good move)."""
    coach, game, told = started(FOUR)
    told.frame(coach, Move("L", source=Source.KEY))
    before = game.session.sheet.net
    told.frame(coach, Undo())
    figures = [int(f) for f in re.findall(r"[+-]\d+", game.view().footer)]
    assert figures == [-5, 10] and game.session.sheet.net - before == -15


def test_news_that_cancels_out_pops_up_in_the_hud_colour_and_a_hint_paid_on_the_blank(make_app):
    """A newcomer saw "+30 -30 judged" in green: a net 0 is neither good nor bad news."""
    from tests.app_driver import play

    app = make_app()
    scene = play(app, FOUR)
    scene._event(Rejudged(2, 0, 30, -30, ((0, MoveClass.UNKNOWN, MoveClass.LINE, 30),
                                          (1, MoveClass.LINE, MoveClass.OFF_LINE, -30))))
    news = [p for p in scene.effects.popups if p.news]
    assert [(p.text, p.even) for p in news] == [("+30 -30 judged again", True)]
    scene._event(HintPaid(-5, (0, 0)))
    paid = [p for p in scene.effects.popups if not p.news]
    assert [(p.text, p.even, p.cell, p.kind.good) for p in paid] == [("-5 hint", False, (0, 0),
                                                                      False)]
    # it stays in the middle of the gap: rising, it covered the chevron of the tile above
    # as it faded (a newcomer could not read it)
    from game.ui.effects import popup_rect

    layout = app.layout_for(FOUR)
    x, y, w, h = layout.cell_rect(0)
    paid[0].age = paid[0].life * 0.8
    box = pygame.Rect(popup_rect(paid[0], (w // 2, h // 4), layout))
    assert box.center == (x + w // 2, y + h // 2)
    # and it stays twice a move's time: at 0.8 s a newcomer who pressed H never saw it
    from game.ui.effects import POPUP_SECONDS

    assert paid[0].life >= 2 * POPUP_SECONDS


class LineCoach:
    """A big-board coach by script: it answers each board asked with a line through boards it
    answered before (one move back, then that board's line), first as found, with the
    detours a quick search leaves, and on ``improve`` with them cut out: so moves are judged
    late, and judged again as shorter lines come."""

    def __init__(self, start, line: str) -> None:
        self.lines = {start: line}
        self.asked: dict = {}
        self.out: list = []
        self.silent = True

    def submit(self, board) -> None:
        self.asked[board] = None

    def judge(self, boards, seconds=None) -> None:
        self.asked.update(dict.fromkeys(boards))

    def _line(self, board) -> str | None:
        if board in self.lines:
            return self.lines[board]
        for move in board.legal_moves():
            known = self.lines.get(board.apply(move))
            if known is not None:
                return move + known
        return None

    def _send(self, board, path: str) -> None:
        from game.core.coach import Hint

        assert board.apply_all(path).is_solved()
        self.lines[board] = path
        self.out.append(Hint(board, len(path), frozenset(path[:1]), False, False, path))

    def speak(self) -> None:
        for board in list(self.asked):
            path = self._line(board)
            if path is not None and not board.is_solved():
                self._send(board, path)

    def improve(self) -> None:
        from game.core.board import inverse

        for board, path in list(self.lines.items()):
            short = ""
            for move in path:  # cut out each move undone at once
                short = short[:-1] if short and inverse(short[-1]) == move else short + move
            if len(short) < len(path):
                self._send(board, short)

    def take(self):
        from game.core.coach import CoachPacket, CoachState, WorkerStatus

        out, self.out = self.out, []
        return CoachPacket(tuple(out), WorkerStatus(CoachState.READY))


BIG = st.sampled_from([Move(m, source=Source.KEY) for m in "LRUDLRUD"]
                      + [Undo(), Redo(), Restart(), CycleHint(), "speak", "speak", "improve",
                         None])


@settings(max_examples=40, deadline=None)
@given(st.lists(BIG, min_size=1, max_size=50), st.integers(0, 3))
def test_beyond_exact_reach_every_change_of_the_points_is_told(steps, seed):
    """5x5 with a coach whose lines come late and get shorter: moves judged late, judged
    again, refunded, undone and restarted away; every frame's change is what it told."""
    board, line = walk_line(seed, 24)
    coach = LineCoach(board, line)
    game = MidEnd(board, spec_for(board), coach)
    Told(game).play(coach, steps)


def test_a_redo_that_tells_answers_waiting_keeps_all_their_words():
    """Found by the property test above: two moves undone, the coach's answers judging them
    off the line while undone, then a redo that tells those answers: the redo changed no
    points, and the answers' words were cut to their last move's."""
    board, line = walk_line(0, 24)
    coach = LineCoach(board, line)
    game = MidEnd(board, spec_for(board), coach)
    told = Told(game)
    told.play(coach, [Move("L", source=Source.KEY), Move("L", source=Source.KEY), Undo(),
                      "speak", Redo()])
    footer = game.view().footer
    assert "move 1 judged" in footer and "move 2 judged" in footer, footer


def test_an_undo_keeps_the_words_of_the_one_before_while_they_show():
    """A newcomer's two quick undos took 30 points with one undo's 15 said."""
    from game.play.news import NEWS_SECONDS

    coach, game, told = started(FOUR)
    for move in "LU":
        told.frame(coach, Move(move, source=Source.KEY))
    before = game.session.sheet.net
    told.frame(coach, Undo())
    assert game.view().footer == "undo -5, and the +10 the move earned taken back"
    told.frame(coach, Undo())
    assert game.session.sheet.net - before == -30
    # each undo's own words, the one before kept (a sum left each one's change unsaid);
    # the same words twice are counted, not repeated (a newcomer read them as a repeat)
    assert game.view().footer == "undo -5, and the +10 the move earned taken back (twice)"
    told.frame(coach, Move("L", source=Source.KEY))
    for _ in range(int(NEWS_SECONDS / DT) + 2):  # the words are gone: the next is its own
        told.frame(coach)
    told.frame(coach, Undo())
    assert game.view().footer == "undo -5, and the +10 the move earned taken back"


def test_a_move_not_judged_yet_takes_the_last_moves_words_away():
    """A newcomer's burst of moves the coach had not judged yet ran under "+10 · hint seen
    for this position" said of an earlier one."""
    from tests.test_midend import perfect_line

    coach, game, told = started(SIX)
    line = perfect_line(SIX)
    told.frame(coach, Move(line[0], source=Source.KEY))
    for _ in range(3):  # level 1 (paid), level 2, off
        told.frame(coach, CycleHint(), dt=HELP_SEEN_SECONDS)
    told.frame(coach)
    coach.silent = True  # the board the next move leads to is not answered yet
    told.frame(coach, Move(line[1], source=Source.KEY))
    # +10, and the steps' 5 more said apart (they were read here before H hid them), as the
    # pop-up says it (a newcomer read "+0" for an optimal move)
    assert game.view().footer.startswith("+10 -5 hint · hint seen for this position")
    board = game.session.board  # a step off the known line, to a board not answered yet
    told.frame(coach, Move(next(m for m in board.legal_moves() if m != line[2]),
                           source=Source.KEY))
    assert game.session.sheet.unknown == 1
    assert "hint seen" not in game.view().footer


def test_the_coachs_answers_change_points_and_streak_when_their_news_is_told():
    """A newcomer read "-10 judged", then "-20 judged" for the same move and one more, as
    -30 while POINTS fell by 20: the answers of a moment are told once, and POINTS and
    STREAK change then, by what the pop-up says."""
    from game.play.news import NEWS_UNIT_SECONDS
    from tests.test_midend import perfect_line

    coach = FakeWorker(silent=True)
    game = MidEnd(SIX, spec_for(SIX), coach)
    told = Told(game)
    for move in perfect_line(SIX)[:3]:  # three good moves before the coach has answered
        told.frame(coach, Move(move, source=Source.KEY))
    assert (game.view().points, game.view().streak, game.view().held) == (0, 0, True)
    coach.speak()
    events = told.frame(coach)
    assert game.session.sheet.net == 30 and game.news.waiting  # judged, not told yet
    view = game.view()
    assert (view.points, view.streak, view.held) == (0, 0, True)
    assert not [e for e in events if isinstance(e, Rejudged)]
    news = []
    for _ in range(int(NEWS_UNIT_SECONDS / DT) + 1):
        news += [e for e in told.frame(coach) if isinstance(e, Rejudged)]
    assert [(e.gained, e.fresh) for e in news] == [(30, 30)]  # one pop-up, POINTS with it
    view = game.view()
    assert (view.points, view.streak, view.held) == (30, 3, False)
    assert view.footer == "moves 1-3 judged: optimal (+30)"
    # it changed POINTS while the player may have looked away: it stays a while (a
    # newcomer missed a +40 told for 2.5 s), then goes
    from game.play.news import JUDGED_SECONDS, NEWS_SECONDS

    for _ in range(int((NEWS_SECONDS + 2) / DT)):
        told.frame(coach)
    assert game.view().footer == "moves 1-3 judged: optimal (+30)"
    for _ in range(int((JUDGED_SECONDS - NEWS_SECONDS - 2) / DT) + 2):
        told.frame(coach)
    assert "judged" not in game.view().footer


def test_an_action_tells_the_answers_waiting_first_and_its_own_words_stay():
    """The answers waiting are told before an undo's words, which are not replaced a moment
    later (a newcomer's undo words showed for 0.3 s)."""
    from tests.test_midend import perfect_line

    coach = FakeWorker(silent=True)
    game = MidEnd(SIX, spec_for(SIX), coach)
    told = Told(game)
    for move in perfect_line(SIX)[:2]:
        told.frame(coach, Move(move, source=Source.KEY))
    coach.speak()
    told.frame(coach)
    assert game.news.waiting
    events = told.frame(coach, Undo())
    assert [e.fresh for e in events if isinstance(e, Rejudged)] == [20]
    # and the answers' words stay, before the undo's, as they came (a newcomer's "+70
    # judged again" was told by a pop-up alone, the footer going straight to the undo; a
    # later one read "undo -5, and the -10 the move cost given back; move 70 judged: off
    # the coach's line (-10); streak now 0" under the STREAK the undo brought back)
    assert game.view().footer == "moves 1, 2 judged: optimal (+20); " \
        "undo -5, and the +10 the move earned taken back"
    assert not game.news.waiting and game.shown_net == game.session.sheet.net


def test_answers_told_while_an_undos_words_show_are_added_to_them():
    from game.play.news import NEWS_UNIT_SECONDS
    from tests.test_midend import perfect_line

    coach = FakeWorker(silent=True)
    game = MidEnd(SIX, spec_for(SIX), coach)
    told = Told(game)
    for move in perfect_line(SIX)[:2]:
        told.frame(coach, Move(move, source=Source.KEY))
    told.frame(coach, Undo())
    assert game.view().footer == "undo -5"  # the move taken back was not judged yet
    coach.speak()
    for _ in range(int(NEWS_UNIT_SECONDS / DT) + 2):
        told.frame(coach)
    assert game.view().footer == "undo -5; move 1 judged: optimal (+10)"


def test_a_move_taken_back_is_saved_as_it_was_told():
    """A newcomer's undo said "the +10 the move earned taken back", and the replay of the
    saved game "move 41 R: off the coach's line - taken back later": beyond exact reach the
    coach had judged it again after it left the line, where it counts no more."""
    from game.core.board import inverse
    from game.core.coach import CoachPacket, CoachState, WorkerStatus
    from game.core.recording import read_judgement
    from tests.test_lines_agree import Quiet, line_hint

    board, line = walk_line(41, 24)
    away = next(m for m in board.legal_moves() if m != line[0])
    there = board.apply(away)
    side = next(m for m in there.legal_moves() if m != inverse(away))
    rest = side + inverse(side) + inverse(away) + line  # the coach's first lines: 4 longer
    ready = WorkerStatus(CoachState.READY)
    game = MidEnd(board, spec_for(board), Quiet())
    game.take(CoachPacket((line_hint(board, away + rest), line_hint(there, rest)),
                          status=ready))
    game.act(Move(away))
    game.update(DT)
    assert [e.words for e in game.take_events() if isinstance(e, Scored)] == ["+10"]
    game.act(Undo())
    game.update(DT)
    assert game.view().footer == "undo -5, and the +10 the move earned taken back"
    game.take(CoachPacket((line_hint(board, line),), status=ready))  # not through the step
    game.update(DT)
    assert game.session.judgements()[0] == (MoveClass.LINE,)  # kept on the line (Kept)
    saved = game.record().judgements
    assert read_judgement(saved[0][0])[0] is MoveClass.LINE  # as the undo told it


def test_undos_with_other_words_keep_each_and_count_the_repeats():
    """Undos with other words keep each; the same words again are counted."""
    from game.play.words import repeated

    assert repeated("undo -5", 1) == "undo -5" and repeated("undo -5", 3) == "undo -5 (3 times)"
    coach, game, told = started(FOUR)
    for move in "LUL":  # +10, +10, then -10 for the move back
        told.frame(coach, Move(move, source=Source.KEY))
    told.frame(coach, Undo())
    told.frame(coach, Undo())
    assert game.view().footer == "undo -5, and the -10 the move cost given back; " \
        "undo -5, and the +10 the move earned taken back"
    told.frame(coach, Undo())
    assert game.view().footer == "undo -5, and the +10 the move earned taken back (twice)"


def test_an_undo_after_a_redo_is_told_alone():
    """The undo before a redo was brought back by it: the next undo's words are its own."""
    coach, game, told = started(FOUR)
    for move in "LU":
        told.frame(coach, Move(move, source=Source.KEY))
    told.frame(coach, Undo())
    told.frame(coach, Redo())
    told.frame(coach, Undo())
    assert game.view().footer == "undo -5, and the +10 the move earned taken back"


def test_a_move_back_to_its_verdict_after_waiting_is_named_with_it():
    """A newcomer read "streak multiplier (+10)" at a STREAK of 2: a move shown judged on
    the line, then waiting, then on it again is that verdict again, not the streak's."""
    from game.play.news import News
    from game.play.news import judged_line as keys_of
    from tests.test_midend import three_perfect_moves

    news = News()
    line = three_perfect_moves().session.sheet.line
    keys = [key for key, *_ in keys_of(line)]
    news._shown = {key: (MoveClass.OPTIMAL, 10) for key in keys}
    news._verdicts = {key: MoveClass.OPTIMAL for key in keys}
    news._shown[keys[0]] = (MoveClass.UNKNOWN, 0)  # it waited; OPTIMAL is remembered
    news.compare(line)
    assert news.shown == "move 1 judged again: optimal (+10)"


def test_moves_waiting_for_their_judgement_are_shown_waiting():
    """A newcomer saw the COACH dot ready and POINTS still for a second before three moves
    were judged: moves waiting a moment say so under MOVES, and the dot is not idle."""
    from game.core.coach import CoachState
    from game.play.showing import WAITING_SHOWN_SECONDS
    from tests.test_midend import perfect_line

    coach = FakeWorker(silent=True)
    game = MidEnd(SIX, spec_for(SIX), coach)
    told = Told(game)
    for move in perfect_line(SIX)[:3]:
        told.frame(coach, Move(move, source=Source.KEY))
    assert game.view().moves_note == ""  # a wait too short to show (most answers)
    for _ in range(int(WAITING_SHOWN_SECONDS / DT) + 1):
        told.frame(coach)
    view = game.view()
    assert view.moves_note == "judging 3"
    assert view.coach_state is CoachState.THINKING
    coach.speak()
    told.frame(coach)
    view = game.view()  # judged, and shown waiting till the news tells it with POINTS
    assert (view.moves_note, view.points) == ("judging 3", 0)
    while game.news.waiting:
        told.frame(coach)
    view = game.view()
    assert (view.moves_note, view.points) == ("", 30)
    assert view.coach_state is CoachState.READY


def test_what_moves_says_waits_for_the_news_as_points_does():
    """A newcomer's 6x6 showed "judging 2" under MOVES beside "moves 1-4 judged: on the
    coach's line (+40)" and POINTS 40: two moves had gone back to waiting in answers not told
    yet. The count under MOVES follows the news, as POINTS does."""
    from game.play.news import News

    news = News()
    assert news.told_unknown(3) == 3
    # answers not told yet: move 0 judged from waiting, move 1 sent back to waiting
    news.gather(((0, MoveClass.UNKNOWN, MoveClass.LINE, 10),
                 (1, MoveClass.LINE, MoveClass.UNKNOWN, -10)), later=True)
    assert news.waiting
    # the sheet now counts move 1 waiting and not move 0: as told, it is the other way
    assert news.told_unknown(1) == 1
    news.gather(((2, MoveClass.UNKNOWN, MoveClass.OFF_LINE, -10),), later=True)
    assert news.told_unknown(1) == 2  # moves 0 and 2 still waiting as told
    news.flush()
    assert news.told_unknown(1) == 1


def test_a_hint_asked_before_the_coach_answered_is_not_seen_in_the_replay():
    """A newcomer pressed H while the coach warmed up and moved twice: the game judged the
    moves optimal with the streak growing (no hint was drawn yet), while `replay --text`
    said "optimal (hint seen)" of both: the replay showed the help at once."""
    from game.play.replay import build_replay
    from tests.fakes_front import small_hint
    from tests.test_midend import perfect_line

    coach = FakeWorker(silent=True)
    game = MidEnd(SIX, spec_for(SIX), coach)
    told = Told(game)
    line = perfect_line(SIX)
    told.frame(coach, CycleHint())
    for move in line[:2]:
        told.frame(coach, Move(move, source=Source.KEY))
    coach.speak()
    for move in line[2:]:
        told.frame(coach, Move(move, source=Source.KEY))
    for _ in range(200):
        told.frame(coach)
    record = game.record()
    assert game.session.sheet.line is not None
    seen_in_game = [m.assisted for m in game.session.sheet.line.walk()]
    assert seen_in_game[:2] == [False, False]  # drawn only after them
    model = build_replay(record.recording(), small_hint, record.judgements)
    notes = [f.note for f in model.frames if f.note.startswith("move")]
    assert len(notes) == len(line)
    assert [("hint seen" in n) for n in notes] == seen_in_game, notes


def test_a_verdict_never_told_does_not_make_the_next_one_judged_again():
    """A newcomer read "moves 1, 4 judged again" of a move only ever shown waiting: it had
    been judged and sent back to waiting within one moment's answers, never told."""
    from game.core.scoring import ScoreSheet
    from game.play.news import News

    def line(cls: MoveClass):
        return ScoreSheet.start(None, width=5, height=5).after_move(cls, made=0).line

    news = News()
    news.compare(line(MoveClass.UNKNOWN))  # the move, made before any answer: waiting
    news.compare(line(MoveClass.LINE), later=True)  # judged...
    news.compare(line(MoveClass.UNKNOWN), later=True)  # ...and waiting again: not told
    news.flush()
    news.compare(line(MoveClass.LINE), later=True)
    news.flush()
    assert news.shown == "move 1 judged: on the coach's line (+10)"
    # a verdict that was told, then waiting, then told again is "judged again"
    news.compare(line(MoveClass.UNKNOWN), later=True)
    news.flush()
    news.compare(line(MoveClass.LINE), later=True)
    news.flush()
    assert news.shown == "move 1 judged again: on the coach's line (+10)"


def test_a_streak_broken_by_a_move_judged_again_says_where_it_starts_again():
    """"streak fell from 5 to 4" read oddly to a newcomer: a streak is broken, and counts
    again from the move after."""
    from game.play.news import News

    news = News()
    news.gather(((3, MoveClass.UNKNOWN, MoveClass.OFF_LINE, -10),), streak_was=5, streak=4)
    assert news.shown == "move 4 judged: off the coach's line (-10); streak 5 broken there, 4 since"
    news = News()
    news.gather(((7, MoveClass.UNKNOWN, MoveClass.OFF_LINE, -10),), streak_was=8, streak=0)
    assert news.shown == "move 8 judged: off the coach's line (-10); streak 8 broken"
