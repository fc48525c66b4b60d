"""One game's rules: board, undo history, timer, hint charges, score sheet, judging, win check."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from game.core.actions import (
    Action,
    BoardAction,
    Command,
    CycleHint,
    Move,
    Redo,
    Restart,
    Slide,
    Source,
    Undo,
)
from game.core.board import Board
from game.core.coach import EXACT_CELLS, Hint
from game.core.history import EntryKind, History
from game.core.knowledge import follow
from game.core.scoring import MoveClass, ScoreSheet
from game.core.summary import GameSummary, summarize
from game.play.action_log import ActionLog, stood_on
from game.play.help import HelpClock, HelpLedger
from game.play.help_shown import HelpOnScreen
from game.play.lines import Lines, Oracle, carried, no_oracle
from game.play.steps import (
    Change,
    ChangeKind,
    Mark,
    Position,
    moves_anything,
    take_back,
    takes_back_anything,
)
from game.play.verdict import Kept, judge
from game.play.words import HINT_LEVELS
from game.store.highscores import SECONDS_DECIMALS


class Session(HelpOnScreen):
    """One game from its start board to the win; every change arrives as an action.

    The one history holds a position per single-tile move (a click sliding three tiles makes
    three entries) or per restart; each position carries the board and the record of the moves
    on its line, so an undo or redo restores both by moving the index: over every entry the
    last click made (``made_by``), or one entry for the per-tile undo of older recordings.

    Every action is also kept in order (Tatham's move records). A move the coach could not
    judge yet (it had not answered, or beyond exact reach had not searched the position the
    move made) is judged as soon as it has: ``learned`` replays the actions with what is known
    now, so the HUD, the chart and the end screen follow. ``unjudged_boards`` lists what the
    coach should look at for that. ``oracle`` is what the game knows (the mid-end's own
    knowledge of the coach's answers); it never blocks.
    """

    def __init__(self, start: Board, *, oracle: Oracle = no_oracle,
                 game_id: str | None = None, live: bool = False) -> None:
        self.start = start
        self.game_id = game_id
        self.lines = Lines(oracle)
        self.actions: list[BoardAction] = []
        self.times: list[float] = []
        """Game time (``elapsed``) when each of ``actions`` was applied, in step with it."""
        self.log = ActionLog()
        """What each of ``actions`` did, as last judged (the record's)."""
        self._current = -1
        """The index in ``actions`` of the action being applied (or last applied)."""
        self.help = HelpLedger()
        self.kept = Kept(live and start.size > EXACT_CELLS)
        """``live``: a game played now, whose good judgements beyond exact reach stay."""
        self._replaying = False
        self.elapsed = 0.0
        self.started = False
        self.played = False
        """Whether the player has moved a tile in this game, even one later undone or
        restarted away (the coach's moves do not count)."""
        self.paused = False
        self._clock = HelpClock()
        """How long the help on screen has been there (seen after HELP_SEEN_SECONDS)."""
        self._reset()

    def _reset(self) -> None:
        """Back to the start board with nothing played (the actions are kept)."""
        start = self.start
        self.history: History[Position] = History(Position(start))
        self.sheet = ScoreSheet.start(None, width=start.width, height=start.height)
        self.solved = start.is_solved()
        self.hint_level = 0
        self.hint: Hint | None = None
        self.auto_solved = False
        self.last_cue: MoveClass | None = None
        self._needed: dict[Board, float] = {}
        """Boards whose answers would judge a move, with the seconds of search each needs in
        all beyond exact reach (``Verdict.effort``)."""
        self.lines.visit(start)
        self._learn_start()
        self._refresh_hint()

    # --- reading ------------------------------------------------------
    @property
    def moves(self) -> int:
        """The player's moves on the current line of play (undone moves do not count)."""
        return self.sheet.moves

    @property
    def streak(self) -> int:
        """Optimal moves in a row."""
        return self.sheet.streak

    @property
    def points(self) -> int:
        """Live points."""
        return self.sheet.points

    def summary(self) -> GameSummary:
        """The game's figures as they stand (the end screen, the record, the high scores and
        the stats all read this one summary)."""
        return summarize(self.sheet, round(self.elapsed, SECONDS_DECIMALS),
                         solved_by_player=not self.auto_solved, finished=self.solved,
                         line_length=self.line_length(), coach_line=self.coach_line())

    def coach_line(self) -> int | None:
        """Beyond exact reach, the length of the coach's own line from the start board, as
        the COACH column showed it there: its search's, or the one found mid-search when the
        player moved on before it ended (a newcomer's same 100-move line, played twice, was
        said to beat the coach once), None if it had none."""
        told = self.lines.oracle(self.start)
        return told.distance if told is not None and told.board == self.start else None

    def line_length(self) -> int | None:
        """The best line known from the start board now (None if none is): beyond exact reach
        that joins the moves played (10 moves, and the coach's 98 from where they led, are a
        line of 108)."""
        hint = self.lookup(self.start)
        return None if hint is None else hint.distance

    # --- knowledge ----------------------------------------------------
    def lookup(self, board: Board) -> Hint | None:
        """The best line known from ``board`` now (``Lines.lookup``)."""
        return self.lines.lookup(board)

    def learned(self, boards: Iterable[Board] | None = None) -> bool:
        """The game's knowledge grew (about ``boards``, when the caller knows which): show
        the best hint for the board on screen and judge again the moves it now judges; True
        when the judgements changed."""
        self.lines.learned(boards)
        shown = self.hint if self.hint is not None and self.hint.board == self.board else None
        self.hint = self.lines.to_show(self.board, shown)
        if shown is None:
            self._charge_hint()  # the help asked for shows now
        return self.refresh(boards)

    def unjudged_boards(self) -> list[Board]:
        """Boards whose exact answer would judge a move (or the start), oldest first."""
        return list(self._needed)

    def judging_seconds(self) -> dict[Board, float]:
        """``unjudged_boards``, each with the seconds of search it needs in all before it
        judges its move beyond exact reach (0: any finished search)."""
        return dict(self._needed)

    def refresh(self, boards: Iterable[Board] | None = None) -> bool:
        """Judge again the moves what was learned judges; True if any were.

        Those are moves made before the coach answered, once it has; beyond exact reach
        also every move from a board whose best line changed, as soon as it changes (a
        judgement never reads a line shorter or longer than the one the figures show). Only
        the actions from the first one near what changed are played again."""
        changed = self.lines.settled()  # (asked every time: the next replay starts afresh)
        waited = any(self._informative(board, seconds)
                     for board, seconds in self._needed.items())
        if self.start.size <= EXACT_CELLS:
            if waited:
                self._rescore()
            return waited
        near = changed if boards is None else changed | set(boards)
        first = self.log.first_near(near, len(self.actions)) if near or waited else None
        if first is None and waited:
            first = 0
        if first is None:
            return False
        self._rescore(first)
        return True

    def _informative(self, board: Board, seconds: float = 0.0) -> bool:
        return self.lines.informs(board, self.start, seconds)

    def _need(self, board: Board, seconds: float = 0.0) -> None:
        if not board.is_solved():
            self._needed[board] = max(seconds, self._needed.get(board, 0.0))

    def _learn_start(self) -> None:
        hint = self.lookup(self.start)
        if hint is not None and hint.optimal:
            self.sheet = self.sheet.learn_start_distance(hint.distance)
        elif self.start.size <= EXACT_CELLS:
            self._need(self.start)

    def _learn_own_line(self) -> None:
        """Beyond exact reach, a won game's own line is a known line from every position on
        it: the moves that were left from there."""
        if self.start.size <= EXACT_CELLS or self.sheet.line is None:
            return
        self.lines.learn_own(self.start, "".join(node.move for node in self.sheet.line.walk()))

    def _rescore(self, first: int = 0) -> None:
        """Play the actions again from action ``first`` on with what is known now."""
        self.lines.settled()  # the replay reads every line known now
        self._replaying = True
        try:
            with self.lines.replay():
                if 0 < first < len(self.log.marks):
                    self._restore(self.log.marks[first])
                else:
                    first = 0
                    self._reset()
                self.log.forget_from(first)
                self.help.forget_from(first)
                for index in range(first, len(self.actions)):
                    self._step(index)
        finally:
            self._replaying = False

    def _step(self, index: int) -> Change | None:
        """Apply action ``index``, keeping the game before it, what it judged and the boards
        it stood on (a win's replay inside it keeps them for every action already)."""
        self._current = index
        before = self.board
        self.log.begin(Mark(self.history.snapshot(), self.sheet, self.solved, self.hint_level,
                            self.hint, self.auto_solved, self.last_cue,
                            tuple(self._needed.items())))
        action = self.actions[index]
        change = self._apply(action)
        if not self.log.logged(index):
            cues = change.cues if change is not None else ()
            self.log.end(cues, self._hinted_last(len(cues)), self._distance_here(),
                         stood_on(before, action, change is not None, self.board))
        return change

    def _distance_here(self) -> int | None:
        """The best line known from the board on screen (0 once solved, None unknown)."""
        if self.board.is_solved():
            return 0
        known = self.lookup(self.board)
        return None if known is None else known.distance

    def _restore(self, mark: Mark) -> None:
        """Back to the game as it stood at ``mark``."""
        self.history.restore(mark.history)
        self.sheet, self.solved, self.hint_level = mark.sheet, mark.solved, mark.hint_level
        self.hint, self.auto_solved, self.last_cue = mark.hint, mark.auto_solved, mark.last_cue
        self._needed = dict(mark.needed)

    # --- time ---------------------------------------------------------
    def tick(self, dt: float) -> None:
        """Advance the timer by ``dt`` seconds when it is running, and the time the help on
        screen has been there: seen for HELP_SEEN_SECONDS, it is paid for."""
        if self.started and not self.paused and not self.solved:
            self.elapsed += max(0.0, dt)
        self._clock.note(self._drawn_now(), self._steps_ahead)
        if not self.paused and self._clock.tick(dt):
            self._clock.foresee(self._steps_ahead())
            self._charge_hint()

    def set_paused(self, paused: bool) -> None:
        """Pause or resume the timer (focus loss, pause menu)."""
        self.paused = paused

    # --- actions ------------------------------------------------------
    def apply(self, action: Action) -> Change | None:
        """Apply one action; returns the change to animate, or None when nothing happened."""
        if isinstance(action, Command) or not moves_anything(action, self.board, self.solved) \
                or not takes_back_anything(action, self.history, self.solved):
            return None  # a move into a wall changes nothing: nothing to record or replay
        if self._follows_help(action):
            self.help.followed.add(len(self.actions))
        self.actions.append(action)
        self.times.append(self.elapsed)
        index = len(self.actions) - 1
        if self.start.size <= EXACT_CELLS:
            return self._step(index)
        known = self.line_length()
        change = self._step(index)
        if not self.solved:
            first = self.log.first_near(self.lines.settled(), index + 1)
            looped = self.kept.release_loop(self._line_of_play)
            if looped is not None:  # back where it stood: the loop's moves are judged anew
                first = looped if first is None else min(first, looped)
            if first is not None:  # the board it reached taught a better line to those before
                self._rescore(first)
                if change is not None:
                    change = replace(change, cues=self.log.cues[index])
        now = self.line_length()
        if change is not None and change.cues and known is not None and now is not None \
                and now < known:  # the move led to a shorter line than any known before
            change = replace(change, shorter=known - now)
        return change

    def _line_of_play(self) -> list[Position]:
        """The positions from the start (or the last restart) to the one on screen."""
        entries, at = self.history.snapshot()
        played = entries[: at + 1]
        begin = max((i for i, e in enumerate(played) if e.kind is EntryKind.RESTART), default=0)
        return [entry.state for entry in played[begin:]]

    def judgements(self) -> list[tuple[MoveClass, ...]]:
        """The judgement of each single-tile move of each action (``()`` for undo, hints...)
        as this game judged it last: what the screen shows is what the record keeps (a
        second replay would know the lines the first one derived, and could judge a move
        the screen still calls unknown)."""
        return list(self.log.cues)

    def hinted(self) -> list[tuple[bool, ...]]:
        """Per action, whether each of its moves was scored as hinted, as last judged (the
        record keeps it: a replay cannot tell what help was on screen beyond exact reach)."""
        return list(self.log.hinted)

    def _hinted_last(self, count: int) -> tuple[bool, ...]:
        line = self.sheet.line
        out = [node.assisted for node in line.last(count)] if line is not None and count else []
        return (*(False,) * (count - len(out)), *out)

    def distances(self) -> list[int | None]:
        """After each action, the best line known from the board it left, as judged."""
        return list(self.log.distances)

    def _apply(self, action: BoardAction) -> Change | None:
        if isinstance(action, CycleHint):
            self.hint_level = (self.hint_level + 1) % HINT_LEVELS
            self._charge_hint()
            return None
        if self.solved:
            return None
        before = self.board
        if isinstance(action, Move):
            moves = action.letter if before.can_move(action.letter) else ""
            return self._play(before, moves, action.source)
        if isinstance(action, Slide):
            return self._play(before, before.slide_moves(action.index), action.source)
        if isinstance(action, Undo | Redo | Restart):
            done = take_back(action, self.history, self.sheet, self.start)
            if done is None:
                return None
            self.sheet, kind, stepped = done
            return replace(self._changed(before, kind), stepped=stepped)
        return None

    def _play(self, before: Board, moves: str, source: Source) -> Change | None:
        if not moves:
            return None
        cues = []
        board = before
        by_coach = source is Source.SOLVE
        if by_coach:
            self.auto_solved = True  # before the moves: the solver's steps are not charged hints
        else:
            self.played = True
            # before the judgement: the move was made with the help shown, or read before
            self.sheet = self.help.on_move(self.sheet, self._sight_now())
            foreseen = None if self._replaying else self._clock.shows(before, moves[0])
            self.sheet = self.help.on_foreseen(self.sheet, self._sight_now(), foreseen)
        for offset, move in enumerate(moves):
            self.sheet = self.help.recall(self.sheet, board)
            on_screen = self.hint if self.hint is not None and self.hint.board == board else None
            shown = on_screen if on_screen is not None and not on_screen.provisional \
                else None  # mid-search: shown, not judged by
            verdict = judge(self.lines, board, move, shown, self.start,
                            (board is before and self._current in self.help.followed)
                            or self.kept.holds(self._current, offset))
            if not by_coach:
                self.kept.note(self._current, offset, verdict.cls)
            for wanted in verdict.wanted:
                self._need(wanted, verdict.effort if wanted == verdict.after else 0.0)
            cls, distance_after, after = verdict.cls, verdict.distance_after, verdict.after
            self.sheet = self.sheet.after_move(cls, distance_after, move=move, by_coach=by_coach,
                                               made=self._current)
            cues.append(cls)
            kind = EntryKind.SOLVE if by_coach else EntryKind.MOVE
            self.history.push(Position(after, self.sheet.line, self.sheet.restarts), kind, move)
            # a group slide's middle positions are not shown; along a line shown mid-search
            # the rest of it still shows (a newcomer followed "4 left" on a line of 94 and
            # was shown 95, moving 4 back: the line the search had not finished was dropped)
            self._refresh_hint(charge=False, carried=carried(on_screen, move, after))
            if self.hint is None:
                self.hint = follow(verdict.before, move, after)
            board = after
        if not by_coach and not self._replaying:
            self._clock.followed_to(board)
        self._charge_hint()
        self.started = True
        self.last_cue = cues[-1]
        return self._changed(before, ChangeKind.MOVE, tuple(cues), moves)

    def _changed(self, before: Board, kind: ChangeKind,
                 cues: tuple[MoveClass, ...] = (), moves: str = "") -> Change:
        if kind is not ChangeKind.MOVE:
            self._refresh_hint()
        after = self.board
        if after.is_solved():
            self.solved = True
            if not self._replaying:  # the game is over: judge it with everything known now
                self._learn_own_line()
                if self.lines.own:
                    self._rescore()
                else:
                    self.refresh()
        return Change(before, after, kind, cues, moves=moves)


__all__ = ["Change", "ChangeKind", "HINT_LEVELS", "MoveClass", "Position", "Session"]
