"""Beyond exact reach, every figure reads one set of lines: judgements, distances, points."""

from __future__ import annotations

import random

import pytest

from game.core.actions import Move, Undo
from game.core.board import Board, inverse, inverse_moves
from game.core.charges import kept_moves
from game.core.coach import CoachPacket, CoachState, Hint, WorkerStatus
from game.core.knowledge import Knowledge
from game.core.replay_code import decode_game, encode
from game.core.scoring import MoveClass
from game.play.events import Rejudged, Scored
from game.play.midend import MidEnd
from game.play.news import NEWS_UNIT_SECONDS
from game.play.replay import build_replay
from game.play.session import Session
from tests.test_judging import walk_line
from tests.test_midend import DT, spec_for

READY = WorkerStatus(CoachState.READY)


class Quiet:
    """A coach link that is never asked anything (the tests hand the answers in)."""

    def submit(self, board: Board) -> None:
        pass

    def judge(self, boards: list[Board], seconds=None) -> None:
        pass


def line_hint(board: Board, path: str) -> Hint:
    """A line the coach found (not proven) from ``board``."""
    assert board.apply_all(path).is_solved()
    return Hint(board, len(path), frozenset(path[:1]), False, False, path)


def played_moves(session: Session) -> list[tuple[str, MoveClass, int | None]]:
    """Each move on the line of play: (move, judgement, best line known after it)."""
    line = session.sheet.line
    return [] if line is None else [(n.move, n.cls, n.distance) for n in line.walk()]


def assert_agrees(session: Session) -> None:
    """Every judged move on the line of play changed the best line known by exactly one, down
    when on the line and up when charged (nothing else reads a move as -10), or up for a
    move a game played live kept on the coach's line (``Kept``: judged on it before)."""
    before = session.line_length()
    kept = 0
    for move, cls, after in played_moves(session):
        if before is not None and after is not None and cls is not MoveClass.UNKNOWN:
            up = after == before + 1
            assert up or after == before - 1, (move, cls, before, after)
            assert up == cls.bad or (cls.good and session.kept.live), (move, cls, before, after)
            kept += up and cls.good
        before = after
    assert kept_moves(session.sheet, session.line_length()) == kept


def test_the_newcomers_burst_is_judged_against_the_shortest_line_known() -> None:
    """The seventh playtest: keys pressed as a 5x5 opened (away, back, then the line), the
    coach's first line 2 longer than one it learned later two moves on. The end screen said
    "Coach's line 111" beside charges that implied 109, and the replay fell from "111 to go"
    to "108 to go" in one move: the start's line ignored what was known two moves away."""
    board, line = walk_line(21, 30)
    away = next(m for m in board.legal_moves() if m != line[0])
    knowledge = Knowledge()
    knowledge.add(line_hint(board, away + inverse(away) + line))  # the coach's first: 32
    session = Session(board, oracle=knowledge.known)
    for move in away + inverse(away) + line[:2]:
        session.apply(Move(move))
    # the coach searches where the moves led: only the far one finds the short line
    two_on = board.apply_all(line[:2])
    knowledge.add(line_hint(board.apply(away), inverse(away) + away + inverse(away) + line))
    knowledge.add(line_hint(board.apply(line[0]), inverse(line[0]) + away + inverse(away)
                            + line))
    knowledge.add(line_hint(two_on, line[2:]))
    assert session.learned([board.apply(away), board.apply(line[0]), two_on])
    assert session.line_length() == len(line)  # not 32: two moves on, 28 more
    assert [cls for _, cls, _ in played_moves(session)] == [
        MoveClass.OFF_LINE, MoveClass.LINE, MoveClass.LINE, MoveClass.LINE]
    assert [d for *_, d in played_moves(session)] == [31, 30, 29, 28]
    assert_agrees(session)
    for move in line[2:]:
        session.apply(Move(move))
    summary = session.summary()
    assert session.solved and summary.optimal_length == len(line)
    assert summary.moves == len(line) + 2 * summary.wasteful  # the arithmetic on screen


def test_a_line_learned_far_ahead_reaches_every_board_the_game_stood_on() -> None:
    board, line = walk_line(5, 24)
    knowledge = Knowledge()
    knowledge.add(line_hint(board, "UD" + line if board.can_move("U") else "DU" + line))
    session = Session(board, oracle=knowledge.known)
    for move in line[:6]:
        session.apply(Move(move))
    here = board.apply_all(line[:6])
    knowledge.add(line_hint(here, line[6:]))
    session.learned([here])
    assert [session.lookup(board.apply_all(line[:k])).distance for k in range(7)] == \
        list(range(len(line), len(line) - 7, -1))


class Walker:
    """A player on a 5x5 walk's board: mostly the way home, sometimes a random move or an
    undo; knows a valid line from wherever it stands (the way back to the walk's line, then
    the rest of it), which the coach learns at random moments, now and then 2 moves longer."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.start, self.line = walk_line(seed, 26)
        self.states: list[tuple[int, str]] = [(0, "")]
        """(moves of the line made, the detour from there) of each position, undo's stack."""

    @property
    def board(self) -> Board:
        done, detour = self.states[-1]
        return self.start.apply_all(self.line[:done] + detour)

    def a_line(self, longer: bool = False) -> Hint:
        """A line from the board the player stands on (``longer``: out and back first)."""
        done, detour = self.states[-1]
        path = inverse_moves(detour) + self.line[done:]
        if longer:
            out = self.rng.choice(self.board.legal_moves())
            path = out + inverse(out) + path
        return line_hint(self.board, path)

    def next_action(self, undo: bool) -> Move | Undo:
        rng, (done, detour) = self.rng, self.states[-1]
        if undo and len(self.states) > 1 and rng.random() < 0.08:
            self.states.pop()
            return Undo()
        if rng.random() < 0.75:
            move = inverse(detour[-1]) if detour else self.line[done]
        else:
            move = rng.choice(self.board.legal_moves())
        if detour and move == inverse(detour[-1]):
            state = (done, detour[:-1])
        elif not detour and move == self.line[done]:
            state = (done + 1, "")
        elif not detour and done and move == inverse(self.line[done - 1]):
            state = (done - 1, "")
        else:
            state = (done, detour + move)
        self.states.append(state)
        return Move(move)


def random_game(seed: int) -> Session:
    """A game of ``Walker``'s, the coach learning lines as it goes; checked after every
    action."""
    walker = Walker(seed)
    knowledge = Knowledge()
    knowledge.add(walker.a_line(longer=seed % 2 == 0))
    session = Session(walker.start, oracle=knowledge.known)
    while not session.solved:
        session.apply(walker.next_action(undo=True))
        assert session.board == walker.board
        if walker.rng.random() < 0.5 and not session.solved:
            knowledge.add(walker.a_line(longer=walker.rng.random() < 0.5))
            session.learned([session.board])
        assert_agrees(session)
    return session


@pytest.mark.parametrize("seed", range(25))
def test_random_games_agree_after_every_action(seed: int) -> None:
    session = random_game(seed)
    summary = session.summary()
    assert summary.unknown == 0
    charged = sum(1 for _, cls, _ in played_moves(session) if cls.bad)
    assert summary.moves == summary.optimal_length + 2 * charged


@pytest.mark.parametrize("seed", range(25))
def test_what_the_popups_show_is_every_point_kept(seed: int) -> None:
    """The seventh playtest: a quick burst's pop-up, footer and points were three figures."""
    walker = Walker(seed)
    game = MidEnd(walker.start, spec_for(walker.start), Quiet())
    game.take(CoachPacket((walker.a_line(longer=True),), status=READY))
    shown = 0
    while not game.session.solved:
        game.act(walker.next_action(undo=False))
        game.update(DT)
        if walker.rng.random() < 0.3 and not game.session.solved:  # a late answer
            game.take(CoachPacket((walker.a_line(longer=walker.rng.random() < 0.5),),
                                  status=READY))
        shown += sum(e.fresh if isinstance(e, Rejudged) else e.gained
                     for e in game.take_events() if isinstance(e, Scored | Rejudged))
        assert shown == game.shown_net  # every change of the points shown popped up
    game.update(NEWS_UNIT_SECONDS)  # the last answers' news is told
    shown += sum(e.fresh for e in game.take_events() if isinstance(e, Rejudged))
    assert shown == game.shown_net == game.session.sheet.net
    assert_agrees(game.session)


def test_moves_judged_while_a_restart_took_them_off_are_told_when_they_come_back() -> None:
    """The eighth playtest: 70 points, R (held at 0, -25), then U gave 25, not 65: while the
    restart had taken the moves off the line, the coach's news judged one, unseen."""
    from game.core.actions import Restart

    board, line = walk_line(41, 24)
    away = next(m for m in board.legal_moves() if m != line[0])
    there = board.apply(away)
    game = MidEnd(board, spec_for(board), Quiet())
    game.take(CoachPacket((line_hint(board, line),), status=READY))
    events: list = []
    for action in (Move(away), Restart()):
        game.act(action)
        game.update(DT)
        events += game.take_events()
    assert not [e for e in events if isinstance(e, Scored)]  # it waits for the coach
    assert [cls for _, cls, _ in played_moves(game.session)] == []  # restarted away
    game.take(CoachPacket((line_hint(there, inverse(away) + line),), status=READY))
    assert not [e for e in game.take_events() if isinstance(e, Rejudged)]  # not on the line
    game.act(Undo())
    game.update(NEWS_UNIT_SECONDS)
    told = [e for e in game.take_events() if isinstance(e, Rejudged)]
    assert [e.gained for e in told] == [-10] and told[0].verb == "judged"
    assert game.view().footer == "undo -5: the restart's -25 given back; move 1 judged: " \
        "off the coach's line (-10)"
    assert [cls for _, cls, _ in played_moves(game.session)] == [MoveClass.OFF_LINE]


def test_a_kept_move_walked_back_is_judged_again() -> None:
    """A newcomer's Up then Down were both kept on the coach's line: +20 and a streak for no
    move at all. Coming back to a board the line of play stood on, the moves of the loop are
    kept no more: judged again with what is known, the pair nets one charge."""
    board, line = walk_line(41, 24)
    one = board.apply(line[0])
    away = next(m for m in one.legal_moves() if m not in (line[1], inverse(line[0])))
    there = one.apply(away)
    side = next(m for m in there.legal_moves() if m != inverse(away))
    rest = side + inverse(side) + inverse(away) + line[1:]
    game = MidEnd(board, spec_for(board), Quiet())
    game.take(CoachPacket((line_hint(board, line[0] + away + rest), line_hint(there, rest)),
                          status=READY))
    for move in line[0] + away:
        game.act(Move(move))
        game.update(DT)
    game.take(CoachPacket((line_hint(board, line),), status=READY))  # avoids the step away
    game.update(NEWS_UNIT_SECONDS)
    game.take_events()
    assert [cls for _, cls, _ in played_moves(game.session)] == [MoveClass.LINE] * 2  # kept
    game.act(Move(inverse(away)))  # walked back
    game.update(NEWS_UNIT_SECONDS)
    events = game.take_events()
    assert [e.gained for e in events if isinstance(e, Scored)] == [10]
    assert [e.gained for e in events if isinstance(e, Rejudged)] == [-20]
    assert "move 2 judged again: off the coach's line (-20)" in game.view().footer
    assert [cls for _, cls, _ in played_moves(game.session)] == [
        MoveClass.LINE, MoveClass.OFF_LINE, MoveClass.LINE]
    assert game.session.sheet.net == 10  # one move on, and the detour's one charge
    assert_agrees(game.session)
    # and it stays judged so: a later answer that would keep it again does not
    game.take(CoachPacket((line_hint(one, away + rest),), status=READY))
    game.update(NEWS_UNIT_SECONDS)
    assert [cls for _, cls, _ in played_moves(game.session)][1] is MoveClass.OFF_LINE


def test_kept_moves_in_one_click_are_marked_and_charted_as_the_end_screen_counts() -> None:
    """A newcomer's end screen counted 3 moves that kept their points; the replay named 2 (the
    third was in a click that slid two tiles), and its chart rose to 140 inside such clicks
    where the end screen's stayed under 120."""
    from game.core.actions import Slide

    board, line = walk_line(7, 24)
    one = board.apply(line[0])
    away = next(m for m in one.legal_moves() if m not in (line[1], inverse(line[0]))
                and one.apply(m).can_move(m))
    cell = next(i for i in range(one.size) if one.slide_moves(i) == away * 2)
    first = line_hint(board, line[0] + away * 2 + inverse(away) * 2 + line[1:])  # 4 longer
    game = MidEnd(board, spec_for(board), Quiet())
    game.take(CoachPacket((first,), status=READY))
    for action in (Move(line[0]), Slide(cell)):
        game.act(action)
        game.update(DT)
    game.take(CoachPacket((line_hint(board, line),), status=READY))  # avoids both
    game.update(NEWS_UNIT_SECONDS)
    assert not [e for e in game.take_events() if isinstance(e, Rejudged)]
    # (the game left here: walking back would make a loop, whose moves are kept no more)
    summary = game.session.summary()
    assert kept_moves(game.session.sheet, game.session.line_length()) == 2
    record = game.record()
    assert record.judgements == ("l", "kk")
    model = build_replay(record.recording(), Knowledge().known, record.judgements,
                         record.distances)
    assert model.frames[2].note == f"moves 2-3 {away * 2}: on the coach's line when judged, " \
        "on the coach's line when judged (25 to go)"
    assert model.chart == summary.distances == (24, 23, 24, 25)


def test_a_move_judged_on_the_coachs_line_stays_on_it_when_a_shorter_line_avoids_it() -> None:
    """Every newcomer on 5x5: "+10", then seconds later "move 2 judged again: off the coach's
    line (-20)" as the coach found a shorter line that avoided it. A judgement shown in play
    is kept; the replay says why the way to go grew (the end screen too:
    ``test_summary``); an analysis (not played live) still judges the move by the shorter
    line."""
    board, line = walk_line(41, 24)
    one = board.apply(line[0])
    away = next(m for m in one.legal_moves() if m not in (line[1], inverse(line[0])))
    there = one.apply(away)
    side = next(m for m in there.legal_moves() if m != inverse(away))
    rest = side + inverse(side) + inverse(away) + line[1:]  # the coach's first lines: 4 longer
    first = (line_hint(board, line[0] + away + rest), line_hint(there, rest))
    game = MidEnd(board, spec_for(board), Quiet())
    game.take(CoachPacket(first, status=READY))
    events: list = []
    for move in line[0] + away:
        game.act(Move(move))
        game.update(DT)
        events += game.take_events()
    assert [e.gained for e in events if isinstance(e, Scored)] == [10, 10]  # on its line
    game.take(CoachPacket((line_hint(board, line),), status=READY))  # avoids the move
    game.update(NEWS_UNIT_SECONDS)
    assert not [e for e in game.take_events() if isinstance(e, Rejudged)]
    assert game.session.sheet.net == 20 and game.view().footer == ""
    assert [cls for _, cls, _ in played_moves(game.session)] == [MoveClass.LINE] * 2
    assert [d for *_, d in played_moves(game.session)] == [23, 24]  # the second one kept
    assert_agrees(game.session)
    # (the game left here: walking back would make a loop, whose moves are kept no more)
    summary = game.session.summary()
    record = game.record()
    assert record.judgements == ("l", "k")  # the record marks it (KEPT_LETTER)
    # the replay names it so, beside its way to go growing by one, and draws the end
    # screen's chart; so does a replay code's
    code = decode_game(encode(record.recording(), record.judgements, record.distances))
    assert code.judgements == record.judgements
    for judgements, distances in ((record.judgements, record.distances),
                                  (code.judgements, code.distances)):
        model = build_replay(record.recording(), Knowledge().known, judgements, distances)
        notes = [frame.note for frame in model.frames]
        assert notes[1:3] == [f"move 1 {line[0]}: on the coach's line (23 to go)",
                              f"move 2 {away}: on the coach's line when judged (24 to go)"]
        assert model.chart == summary.distances
    # an analysis of the same moves, knowing the same lines, judges the move off the line
    knowledge = Knowledge()
    for hint in first:
        knowledge.add(hint)
    session = Session(board, oracle=knowledge.known)
    for move in line[0] + away:
        session.apply(Move(move))
    knowledge.add(line_hint(board, line))
    session.learned([board])
    assert [cls for _, cls, _ in played_moves(session)] == [MoveClass.LINE, MoveClass.OFF_LINE]


def test_the_steps_seen_are_never_charged_when_the_coach_changes_its_line() -> None:
    """A newcomer typed the numbered steps read a second before; the coach found a shorter
    line meanwhile, and two of the steps were charged, then drilled as mistakes. Beyond exact
    reach a move that follows the steps seen, on screen or hidden, is never charged (as a
    move that follows the hint on screen); it pays for them and is scored as hinted."""
    from game.core.actions import CycleHint
    from game.play.help import HELP_SEEN_SECONDS

    board, line = walk_line(41, 24)
    one = board.apply(line[0])
    away = next(m for m in one.legal_moves() if m not in (line[1], inverse(line[0])))
    there = one.apply(away)
    # the coach's first line turns three tiles round a square and back: 10 moves longer,
    # and its first six steps stand on six boards
    turn = next(side + perp + inverse(side) + inverse(perp)
                for side in there.legal_moves() if side != inverse(away)
                for perp in there.apply(side).legal_moves() if perp not in (side, inverse(side))
                and there.apply_all(side + perp + inverse(side)).can_move(inverse(perp)))
    rest = turn + inverse_moves(turn) + inverse(away) + line[1:]
    knowledge = Knowledge()
    knowledge.add(line_hint(board, line[0] + away + rest))
    knowledge.add(line_hint(there, rest))
    session = Session(board, oracle=knowledge.known, live=True)
    session.apply(CycleHint())
    session.apply(CycleHint())  # the numbered steps: line[0], away, then the turn
    session.tick(HELP_SEEN_SECONDS)
    session.apply(CycleHint())  # hidden, read
    knowledge.add(line_hint(board, line))  # meanwhile the coach found a shorter line
    session.learned([board])
    for move in line[0] + away:  # the steps read, from memory
        session.apply(Move(move))
    assert [cls for _, cls, _ in played_moves(session)] == [MoveClass.LINE] * 2
    assert session.hinted()[-2:] == [(True,), (True,)]  # paid for, as help used
    assert session.steps_due() == 10 and session.due_step() == turn[0]
    own = next(m for m in there.legal_moves() if m not in (turn[0], inverse(away)))
    session.apply(Move(own))  # their own move, off the steps: judged as any, not hinted
    assert session.hinted()[-1] == (False,) and session.steps_due() == 0
    assert_agrees(session)


def test_a_line_shown_mid_search_still_shows_after_a_move_along_it() -> None:
    """A newcomer followed "4 left" on the coach's line of 94, shown while its search ran,
    and was shown 95 and "4 back": the line the search had not finished was dropped. The
    rest of it shows on the board the move made (and judges nothing, as mid-search lines)."""
    from dataclasses import replace

    board, line = walk_line(43, 20)
    knowledge = Knowledge()
    knowledge.add(replace(line_hint(board, line), provisional=True))  # its search, mid-way
    session = Session(board, oracle=knowledge.known, live=True)
    assert session.hint is not None and session.hint.distance == 20
    session.apply(Move(line[0]))
    one = board.apply(line[0])
    assert session.hint is not None and session.hint.board == one
    assert session.hint.path == line[1:] and session.hint.provisional
    assert played_moves(session)[-1][1] is MoveClass.UNKNOWN  # not judged by it
    session.apply(Move(line[1]))
    assert session.hint.path == line[2:] and session.hint.provisional
    knowledge.add(line_hint(board, line))  # the search ends with it: now it judges
    session.learned([board])
    assert [cls for _, cls, _ in played_moves(session)] == [MoveClass.LINE] * 2
    assert session.hint.path == line[2:] and not session.hint.provisional


def test_a_5x5_replay_says_hint_seen_where_the_game_scored_a_hinted_move() -> None:
    """The ninth newcomer: the replay of a 5x5 game never wrote "(hint seen)" (but for the
    last move), where 4x4's does. Beyond exact reach a replay cannot tell what help was on
    screen, so the record keeps it: a capital judgement letter."""
    from game.core.actions import CycleHint
    from game.core.recording import Recording
    from game.play.help import HELP_SEEN_SECONDS
    from game.play.recorder import game_record
    from game.play.replay import HINT_SEEN, build_replay

    board, line = walk_line(21, 30)
    known = {}
    at = board
    for i in range(len(line)):
        known[at] = line_hint(at, line[i:])
        at = at.apply(line[i])
    session = Session(board, oracle=known.get)
    session.apply(CycleHint())  # the chevrons: every move along them is hinted
    session.tick(HELP_SEEN_SECONDS)
    for move in line[:3]:
        session.apply(Move(move))
        session.tick(HELP_SEEN_SECONDS)
    assert session.sheet.line is not None and session.sheet.line.assisted
    record = game_record(session, started="2026-11-25T01:00:00", run="r")
    assert record.judgements[1:4] == ("L", "L", "L")
    recording = Recording(board, tuple(session.actions), record.times_ms)
    notes = [f.note for f in build_replay(recording, lambda b: None, record.judgements,
                                          record.distances).frames[1:]]
    assert sum(HINT_SEEN in note for note in notes) == 3, notes
