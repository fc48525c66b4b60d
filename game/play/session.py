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
from game.core.knowledge import follow, merge
from game.core.scoring import MoveClass, ScoreSheet, judge_line, judge_move
from game.core.summary import GameSummary, summarize
from game.play.help import PAID_ON_SIGHT, HelpLedger, follows_hint
from game.play.lines import Lines, Oracle, no_oracle
from game.play.steps import Change, ChangeKind, Mark, Position, moves_anything
from game.play.words import HINT_LEVELS
from game.store.highscores import SECONDS_DECIMALS

PATH_PREVIEW = 6
"""How many upcoming optimal moves level 2 draws."""


class Session:
    """One game from its start board to the win; every change arrives as an action.

    The one history holds a position per single-tile move (a click sliding three tiles makes
    three entries) or per restart; each position carries the board and the record of the moves
    on its line, so an undo or redo restores both by moving one index.

    Every action is also kept in order (Tatham's move records). A move the coach could not
    judge yet (it had not answered, or beyond exact reach had not searched the position the
    move made) is judged as soon as it has: ``learned`` replays the actions with what is known
    now, so the HUD, the chart and the end screen follow. ``unjudged_boards`` lists what the
    coach should look at for that. ``oracle`` is what the game knows (the mid-end's own
    knowledge of the coach's answers); it never blocks.
    """

    def __init__(self, start: Board, *, oracle: Oracle = no_oracle,
                 game_id: str | None = None) -> None:
        self.start = start
        self.game_id = game_id
        self.lines = Lines(oracle)
        self.actions: list[BoardAction] = []
        self.times: list[float] = []
        """Game time (``elapsed``) when each of ``actions`` was applied, in step with it."""
        self._cues: list[tuple[MoveClass, ...]] = []
        """The judgements of each of ``actions``' moves, as last judged (the record's)."""
        self._hinted: list[tuple[bool, ...]] = []
        """Per action, whether each of its moves was scored as hinted (help seen there)."""
        self._distances: list[int | None] = []
        """After each of ``actions``, the best line known from the board it left, as known
        when it was last judged (0 once solved, None unknown): the record's, beside
        ``_cues``, so a move on the line never shows a longer way to go."""
        self._marks: list[Mark] = []
        """The game before each of ``actions`` (a replay restarts at the first one the
        news can change)."""
        self._visits: list[tuple[Board, ...]] = []
        """The boards each of ``actions`` stood on: before it and after each of its moves."""
        self._current = -1
        """The index in ``actions`` of the action being applied (or last applied)."""
        self.help = HelpLedger()
        self._replaying = False
        self.elapsed = 0.0
        self.started = False
        self.paused = False
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
        self._needed: dict[Board, None] = {}
        self.lines.visit(start)
        self._learn_start()
        self._refresh_hint()

    # --- reading ------------------------------------------------------
    @property
    def board(self) -> Board:
        """The board on screen."""
        return self.history.state.board

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

    def path_preview(self) -> str:
        """The next few optimal moves for the hint path (level 2), or ''."""
        if self.hint is None or self.hint_level < 2:
            return ""
        return self.hint.path[:PATH_PREVIEW]

    def summary(self) -> GameSummary:
        """The game's figures as they stand (the end screen, the record, the high scores and
        the stats all read this one summary)."""
        return summarize(self.sheet, round(self.elapsed, SECONDS_DECIMALS),
                         solved_by_player=not self.auto_solved, finished=self.solved,
                         line_length=self.line_length())

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
        self.hint = merge(shown, self.lookup(self.board))
        if shown is None:
            self._charge_hint()  # the help asked for shows now
        return self.refresh(boards)

    def unjudged_boards(self) -> list[Board]:
        """Boards whose exact answer would judge a move (or the start), oldest first."""
        return list(self._needed)

    def refresh(self, boards: Iterable[Board] | None = None) -> bool:
        """Judge again the moves what was learned judges; True if any were.

        Those are moves made before the coach answered, once it has; beyond exact reach
        also every move from a board whose best line changed, as soon as it changes (a
        judgement never reads a line shorter or longer than the one the figures show). Only
        the actions from the first one near what changed are played again."""
        changed = self.lines.settled()  # (asked every time: the next replay starts afresh)
        waited = any(self._informative(board) for board in self._needed)
        if self.start.size <= EXACT_CELLS:
            if waited:
                self._rescore()
            return waited
        near = changed if boards is None else changed | set(boards)
        first = self._first_near(near, len(self.actions)) if near or waited else None
        if first is None and waited:
            first = 0
        if first is None:
            return False
        self._rescore(first)
        return True

    def _first_near(self, near: set[Board], end: int) -> int | None:
        """The first of the first ``end`` actions that stood on a board of ``near``."""
        return next((i for i, visited in enumerate(self._visits[:end])
                     if not near.isdisjoint(visited)), None)

    def _informative(self, board: Board) -> bool:
        return self.lines.informs(board, self.start)

    def _need(self, board: Board) -> None:
        if not board.is_solved():
            self._needed[board] = None

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
                if 0 < first < len(self._marks):
                    self._restore(self._marks[first])
                else:
                    first = 0
                    self._reset()
                del self._marks[first:], self._visits[first:], self._cues[first:]
                del self._hinted[first:]
                self.help.forget_from(first)
                del self._distances[first:]
                for index in range(first, len(self.actions)):
                    self._step(index)
        finally:
            self._replaying = False

    def _step(self, index: int) -> Change | None:
        """Apply action ``index``, keeping the game before it, what it judged and the boards
        it stood on (a win's replay inside it keeps them for every action already)."""
        self._current = index
        before = self.board
        self._marks.append(Mark(self.history.snapshot(), self.sheet, self.solved,
                                self.hint_level, self.hint, self.auto_solved, self.last_cue,
                                tuple(self._needed)))
        action = self.actions[index]
        change = self._apply(action)
        if len(self._cues) == index:
            self._cues.append(change.cues if change is not None else ())
            self._hinted.append(self._hinted_last(len(self._cues[-1])))
            self._distances.append(self._distance_here())
            visited = [before]
            if isinstance(action, (Move, Slide)) and change is not None:
                for move in before.slide_moves(action.index) if isinstance(action, Slide) \
                        else action.letter:
                    visited.append(visited[-1].apply(move))
            self._visits.append((*visited, self.board))
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
        self._needed = dict.fromkeys(mark.needed)

    def _refresh_hint(self, charge: bool = True) -> None:
        self.hint = self.lookup(self.board)
        if charge:
            self._charge_hint()

    def _charge_hint(self) -> None:
        """Charge the levels paid on sight (the chevrons) for the position on screen, if help
        is drawn there: a hint the coach has not given yet costs nothing until it shows (the
        newcomer paid 5 for pressing H on a fresh 5x5 while the coach was still thinking)."""
        level = min(self.hint_level, PAID_ON_SIGHT)
        if level and self._chargeable() and self.help.seen(self.help.drawn, self._current,
                                                           self._on_screen()):
            self._pay(level)

    def _charge_steps(self) -> None:
        """The player moves from the position on screen: the levels shown there that were
        not paid on sight are paid now, as they were used. Those are the ones above
        PAID_ON_SIGHT, so H, pressed past the numbered steps to hide hints, costs nothing
        more (a newcomer paid 5 for level 2 on the way to off); and every level on a board
        the coach's own move brought, which was not charged while the coach played (a
        newcomer stopped the coach and followed its hints for free, streak growing)."""
        unpaid = 0 if self._coach_brought() else PAID_ON_SIGHT
        if self.hint_level > unpaid and not self.board.is_solved() \
                and self.help.seen(self.help.stepped, self._current, self._on_screen()):
            self._pay(self.hint_level)

    def _recall_help(self, board: Board) -> None:
        """Help paid for ``board`` on an earlier visit was seen there: a move from it is a
        hinted one (1x, the streak held), with hints off now too, as within one visit (help
        is per position; a newcomer came back to a paid position and grew the streak)."""
        paid = self.help.paid(board)
        if paid > self.sheet.hint_level_here:
            self.sheet = self.sheet.after_hint(paid, paid)  # nothing charged again

    def _chargeable(self) -> bool:
        """Whether help drawn for the board on screen is paid on sight: not on a board the
        coach's move brought (the coach is playing, or was stopped there: the help is paid
        when the player moves from it), nor once solved."""
        return not self._coach_brought() and not self.board.is_solved()

    def _coach_brought(self) -> bool:
        return self.history.current.kind is EntryKind.SOLVE

    def _on_screen(self) -> bool | None:
        """Whether help is drawn for the board on screen; None in a replay, which reads what
        was on screen then from the ledger, not what is known now."""
        return None if self._replaying else self.hint is not None and self.hint.board == self.board

    def _pay(self, level: int) -> None:
        self.sheet = self.sheet.after_hint(level, self.help.paid(self.board))
        self.help.pay(self._current, self.board, level)

    # --- time ---------------------------------------------------------
    def tick(self, dt: float) -> None:
        """Advance the timer by ``dt`` seconds when it is running."""
        if self.started and not self.paused and not self.solved:
            self.elapsed += max(0.0, dt)

    def set_paused(self, paused: bool) -> None:
        """Pause or resume the timer (focus loss, pause menu)."""
        self.paused = paused

    # --- actions ------------------------------------------------------
    def apply(self, action: Action) -> Change | None:
        """Apply one action; returns the change to animate, or None when nothing happened."""
        if isinstance(action, Command) or not moves_anything(action, self.board, self.solved) \
                or not self._undoes_anything(action):
            return None  # a move into a wall changes nothing: nothing to record or replay
        if self.hint_level and not self.solved and follows_hint(self.board, self.hint, action):
            self.help.followed.add(len(self.actions))
        self.actions.append(action)
        self.times.append(self.elapsed)
        index = len(self.actions) - 1
        if self.start.size <= EXACT_CELLS:
            return self._step(index)
        known = self.line_length()
        change = self._step(index)
        if not self.solved:
            first = self._first_near(self.lines.settled(), index + 1)
            if first is not None:  # the board it reached taught a better line to those before
                self._rescore(first)
                if change is not None:
                    change = replace(change, cues=self._cues[index])
        now = self.line_length()
        if change is not None and change.cues and known is not None and now is not None \
                and now < known:  # the move led to a shorter line than any known before
            change = replace(change, shorter=known - now)
        return change

    def _undoes_anything(self, action: BoardAction) -> bool:
        """False for an undo, redo or restart with nothing to take back, bring back or clear
        (a U at move 0 was recorded, and the replay listed an undo no total counted)."""
        if isinstance(action, Undo | Redo | Restart) and self.solved:
            return False
        if isinstance(action, Undo):
            return self.history.can_undo()
        if isinstance(action, Redo):
            return self.history.can_redo()
        return not isinstance(action, Restart) or self.board != self.start

    def judgements(self) -> list[tuple[MoveClass, ...]]:
        """The judgement of each single-tile move of each action (``()`` for undo, hints...)
        as this game judged it last: what the screen shows is what the record keeps (a
        second replay would know the lines the first one derived, and could judge a move
        the screen still calls unknown)."""
        return list(self._cues)

    def hinted(self) -> list[tuple[bool, ...]]:
        """Per action, whether each of its moves was scored as hinted, as last judged (the
        record keeps it: a replay cannot tell what help was on screen beyond exact reach)."""
        return list(self._hinted)

    def _hinted_last(self, count: int) -> tuple[bool, ...]:
        out: list[bool] = []
        node = self.sheet.line
        while node is not None and len(out) < count:
            out.append(node.assisted)
            node = node.prev
        return (*(False,) * (count - len(out)), *reversed(out))

    def distances(self) -> list[int | None]:
        """After each action, the best line known from the board it left, as judged."""
        return list(self._distances)

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
        if isinstance(action, Undo):
            undone = self.history.undo()
            if undone is None:
                return None
            here = self.history.state
            self.sheet = self.sheet.after_undo(here.line, coach=undone.kind is EntryKind.SOLVE,
                                               restarts=here.restarts)
            return self._changed(before, ChangeKind.UNDO)
        if isinstance(action, Redo):
            if self.history.redo() is None:
                return None
            here = self.history.state
            self.sheet = self.sheet.after_redo(here.line, restarts=here.restarts)
            return self._changed(before, ChangeKind.REDO)
        if isinstance(action, Restart):
            if before == self.start:
                return None
            self.sheet = self.sheet.after_restart()
            self.history.push(Position(self.start, self.sheet.line, self.sheet.restarts),
                              EntryKind.RESTART)
            return self._changed(before, ChangeKind.RESTART)
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
            self._charge_steps()  # before the judgement: the move was made with them shown
        for move in moves:
            self._recall_help(board)
            shown = self.hint if self.hint is not None and self.hint.board == board else None
            before_hint = merge(shown, self.lookup(board))
            after = board.apply(move)
            self.lines.visit(after)
            after_hint = self.lookup(after)
            cls, distance_after = judge_move(move, before_hint, after_hint)
            if cls is MoveClass.UNKNOWN and before_hint is not None \
                    and (not before_hint.optimal or board.size > EXACT_CELLS):
                searched = self._informative(after)
                cls, distance_after = judge_line(move, before_hint, after_hint,
                                                 searched=searched)
            if (cls.bad or (cls is MoveClass.UNKNOWN and board.size > EXACT_CELLS)) \
                    and board is before and self._current in self.help.followed:
                cls = MoveClass.LINE  # it followed the hint shown then: never charged
            if cls is MoveClass.UNKNOWN:  # what would judge it: the board before it, exactly;
                # beyond exact reach, a search of the board it made (and of the one before it,
                # when no line from there is known either)
                if board.size <= EXACT_CELLS or before_hint is None:
                    self._need(board)
                if board.size > EXACT_CELLS:
                    self._need(after)
            self.sheet = self.sheet.after_move(cls, distance_after, move=move, by_coach=by_coach,
                                               made=self._current)
            cues.append(cls)
            kind = EntryKind.SOLVE if by_coach else EntryKind.MOVE
            self.history.push(Position(after, self.sheet.line, self.sheet.restarts), kind, move)
            self._refresh_hint(charge=False)  # a group slide's middle positions are not shown
            if self.hint is None:
                self.hint = follow(before_hint, move, after)
            board = after
        self._charge_hint()
        self.started = True
        self.last_cue = cues[-1]
        return self._changed(before, ChangeKind.MOVE, tuple(cues))

    def _changed(self, before: Board, kind: ChangeKind,
                 cues: tuple[MoveClass, ...] = ()) -> Change:
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
        return Change(before, after, kind, cues)


__all__ = ["Change", "ChangeKind", "HINT_LEVELS", "MoveClass", "Position", "Session"]
