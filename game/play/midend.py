"""The mid-end of the game on screen: actions in order, slides, cues, solve playback, the
coach's answers (one packet a frame), judging and the record. No pygame: scenes feed it
actions and packets, advance it by dt and draw the view it hands back."""

from __future__ import annotations

from collections import deque
from concurrent.futures import Future

from game.core.actions import BoardAction, CycleHint, Move, Slide, Source
from game.core.board import Board
from game.core.coach import CoachLink, CoachPacket, CoachState, WorkerStatus
from game.core.knowledge import Knowledge
from game.core.recording import Mode, Recording
from game.core.scoring import MoveClass
from game.core.spec import GameSpec
from game.core.tween import Flash, SlideTween
from game.play.autoplay import SOLVED_PAUSE, AutoPlayer, CoachPlay
from game.play.events import (
    DemoDone,
    Finished,
    Happened,
    Happening,
    Known,
    Moved,
    PlayEvent,
    Rejudged,
    Shown,
    Won,
)
from game.play.ghost_race import GhostRace
from game.play.news import News
from game.play.popups import charged, hint_cost, hint_paid, scored
from game.play.recorder import game_record
from game.play.session import Session
from game.play.showing import play_view
from game.play.steps import Change, ChangeKind
from game.play.view import PlayView
from game.play.words import hint_seen_words
from game.store.history import GameRecord

CUE_SECONDS = 0.35
WIN_FLASH_SECONDS = 0.9
STREAK_SOUND_EVERY = 5
DEFAULT_ANIM_SECONDS = 0.12
SHOW_JUDGED_SECONDS = 1.2
"""After the game waited for its judging, how long the HUD shows the judged figures (and the
pop-ups saying what changed) before the end screen."""
PLAYER_SOURCES = (Source.KEY, Source.MOUSE)
"""Moves whose failure is the player's: an illegal one bumps the board (hover does not)."""


class MidEnd:
    """One game on screen, from its first frame to its record; every change is an action."""

    def __init__(self, board: Board, spec: GameSpec, coach: CoachLink, *,
                 autoplayer: AutoPlayer | None = None, attract: bool = False,
                 ghost_pending: Future[Recording | None] | None = None) -> None:
        """``ghost_pending``: the Recording to race, being read from the history."""
        self.spec = spec
        self.coach = coach
        self.knowledge = Knowledge()
        self.session = Session(board, oracle=self.knowledge.known, game_id=spec.game_id(board),
                               live=True)
        self.status = WorkerStatus(CoachState.WARMING_UP)
        self.anim_seconds = DEFAULT_ANIM_SECONDS
        self.autoplayer = autoplayer
        self.attract = attract
        self.race = GhostRace(spec.ghost, board, ghost_pending) \
            if spec.ghost is not None and autoplayer is None else None
        self._pending: deque[BoardAction] = deque()
        self.tween: SlideTween | None = None
        self.cue: Flash[MoveClass] | None = None
        self.cue_tile = 0
        self.win: Flash[None] | None = None
        self.coach_play = CoachPlay()
        self.paused = False
        self.after_win = 0.0
        self.finished = False
        """The game was handed on (Finished or DemoDone): nothing more happens."""
        self._submitted: Board | None = None
        self._asked: dict[Board, float] = {}
        self._complete_shown = False
        self._events: list[PlayEvent] = []
        self.news = News()
        self._judged_at: float | None = None
        """Game time since the win when judging was over (None: not yet)."""
        self._held = False
        """The end waited for judging after the win flash."""
        self.searching = 0.0
        """Seconds the coach has been searching the board on screen (for the COACH column)."""
        self.unjudged = 0.0
        """Seconds the player's moves have waited for the coach's judgement (0: none waits)."""
        self._streak_shown: tuple[int, int, bool] | None = None
        """STREAK as shown before the coach's answers waiting to be told changed it."""
        if autoplayer is not None:  # the demo command shows the coach's hints
            for _ in range(autoplayer.hint_level):
                self.session.apply(CycleHint())

    @property
    def board(self) -> Board:
        """The board on screen."""
        return self.session.board

    @property
    def game_id(self) -> str:
        """The game's ID (the pause menu shows it)."""
        return self.session.game_id or ""

    # --- input ----------------------------------------------------------
    def act(self, action: BoardAction) -> None:
        """Queue a player's action; queued actions are applied in order in ``update``."""
        self._pending.append(action)

    def flush(self) -> None:
        """Apply every queued action now (before a command such as pause takes effect)."""
        while self._pending:
            self._do(self._pending.popleft())

    @property
    def solving(self) -> bool:
        """The coach is playing the rest of the game."""
        return self.coach_play.active

    def solve(self) -> None:
        """Let the coach play the rest of the game along its best line."""
        if not self.session.solved:
            self.coach_play.start()

    def stop_solving(self) -> bool:
        """Take the game back from the coach; True if it was playing."""
        return self.coach_play.stop()

    def set_paused(self, paused: bool) -> None:
        """Pause or resume the clock (the pause menu, focus loss)."""
        self.paused = paused

    def take(self, packet: CoachPacket) -> None:
        """The coach's answers and status since the last frame: learn them, judge with them."""
        self.status = packet.status
        if not packet.hints:
            return
        for hint in packet.hints:
            self.knowledge.add(hint)
        hints = self.session.sheet.hints_used
        streak = self.streak_view()
        if self.session.learned([hint.board for hint in packet.hints]):
            self._compare(later=True)  # told with the answers of the next moment, POINTS too
            if self.news.waiting and self._streak_shown is None:
                self._streak_shown = streak  # STREAK changes when the news says so
        self._paid(hints)  # the help asked for before the coach answered shows now
        self._note_complete()

    def streak_view(self) -> tuple[int, int, bool]:
        """STREAK as the HUD shows it: the streak, its multiplier, whether it is held."""
        sheet = self.session.sheet
        return self._streak_shown or (sheet.streak, sheet.streak_multiplier, sheet.held)

    def _tell_waiting(self) -> str:
        """Tell the coach's answers waiting to be told (``News.flush``): their pop-up, and
        POINTS and STREAK show what they did from now on; returns the footer's words for
        them ("" when nothing was told)."""
        told = self.news.flush()
        self._pop(told)
        self._streak_shown = None
        return self.news.shown if told is not None else ""

    @property
    def shown_net(self) -> int:
        """The points before POINTS' floor as the HUD shows them: the coach's answers count
        once they are told (``News.flush``), a moment after they came."""
        return self.session.sheet.net - self.news.pending

    def _paid(self, before_hints: int) -> None:
        """Pop up the help charged for the position on screen since ``before_hints`` were
        used, apart from any move (every change of the points is told)."""
        self._pop(hint_paid(self.session.board, before_hints, self.session.sheet))

    def _compare(self, later: bool = False) -> Rejudged | None:
        """Tell the player about moves on the line whose points changed since they were last
        shown, naming them (``News.compare``; ``later``: with the moment's other answers);
        returns that change (None: none)."""
        changed, told = self.news.compare(self.session.sheet.line, self.session.streak,
                                          later=later)
        if told is not None:
            self._events.append(told)  # its pop-up: what the moment's answers did to points
        return changed

    def take_events(self) -> list[PlayEvent]:
        """What happened since the last call, in order."""
        events, self._events = self._events, []
        return events

    # --- time -----------------------------------------------------------
    def update(self, dt: float) -> None:
        """Advance the game by ``dt`` seconds."""
        session = self.session
        self.flush()
        if self.autoplayer is not None and not session.solved:
            move = self.autoplayer.next_move(session, dt)
            if move is not None:
                self._do(move)
        if self.solving:
            move = self.coach_play.next_move(session, dt, self.tween is not None
                                             and not self.tween.done, self.anim_seconds)
            if move is not None:
                self._do(move)
                if not self.coach_play.path:
                    self.coach_play.stop()
        if self.tween is not None:
            self.tween.advance(dt)
            if self.tween.done:
                self.tween = None
        for flash in (self.cue, self.win):
            if flash is not None:
                flash.advance(dt)
        self.news.update(dt)
        if self.news.due:
            self._tell_waiting()
        thinking = self.status.state is CoachState.THINKING and self.status.board == session.board
        self.searching = self.searching + dt if thinking else 0.0
        waits = self.news.told_unknown(session.sheet.unknown)  # till their verdict is told
        self.unjudged = self.unjudged + dt if waits else 0.0
        session.set_paused(self.paused)
        hints = session.sheet.hints_used
        session.tick(dt)
        self._paid(hints)  # the help on screen, seen long enough, is paid now
        self._ask_coach()
        if self.race is not None:
            self.race.update(session.lookup, session.elapsed)
        if session.solved:
            self.after_win += dt
            self._after_solved()

    # --- the game's record ------------------------------------------------
    @property
    def judging(self) -> bool:
        """Won, and waiting for the coach to judge every move before the record is made."""
        return self.session.solved and not self.finished and not self._judged()

    def _judged(self) -> bool:
        """Every move is judged as well as it can be: exactly, on boards the coach solves,
        for as long as the coach is there to ask (warming up on a fresh machine included);
        a coach that is unavailable leaves the rest unjudged rather than the game unsaved."""
        return (not self.session.unjudged_boards()
                or self.status.state is CoachState.UNAVAILABLE)

    def record(self) -> GameRecord:
        """The game as it stands, as the history keeps it (stamped with its start and run by
        whoever writes it)."""
        spec, session = self.spec, self.session
        mode = Mode.DAILY if spec.daily else Mode.GHOST if spec.ghost else Mode.NORMAL
        race = None
        if self.race is not None:
            summary = session.summary()
            race = self.race.result(summary.seconds, summary.solved_by_player)
        return game_record(session, mode=mode, daily=spec.daily, started="", run="",
                           kind=spec.kind, race=race,
                           told=self.news.told_off_line(session.sheet.line))

    def wants_record(self) -> bool:
        """Whether leaving now should still record the game: an abandoned one the player moved
        in, even if every move was undone or restarted away (the README keeps a game left
        after one move; a newcomer's restarted 5x5 game was missing from the history)."""
        return self.autoplayer is None and not self.finished and self.session.played

    # --- applying actions ---------------------------------------------------
    def _do(self, action: BoardAction) -> None:
        waited = self._tell_waiting()  # the coach's news first: the action's comes after
        if self.tween is not None:
            self.tween.finish()
            self.tween = None
        session = self.session
        before_streak, before_net = session.streak, session.sheet.net
        before_hints, before_restarts = session.sheet.hints_used, session.sheet.restarts
        before_moves = session.sheet.line_moves
        if not isinstance(action, Move | Slide):
            self.news.close()  # an undo or a restart changes the line the news numbers
        change = session.apply(action)
        if change is not None:
            # moves before it judged again (beyond exact reach, the lines it reached; the
            # win, with its own line) are news of their own, not this move's points
            rejudging = self._compare()
            again = rejudging.gained if rejudging is not None else 0
            rejudged = rejudging is not None
            if session.solved:
                self._held = self._held or rejudged  # show it before the end
            self._animate(change, before_streak, before_net + again, before_hints, rejudged)
            if change.kind is not ChangeKind.MOVE and not self.solving:
                cost = session.sheet.last_points if change.kind is ChangeKind.UNDO else 0
                # the help drawn on the board it came to is paid apart (and said apart)
                hint = -hint_cost(before_hints, session.sheet)
                restarted = session.sheet.restarts - before_restarts
                # a restart's words count the moves it took away (or brought back)
                count = (abs(session.sheet.line_moves - before_moves) if restarted
                         else change.stepped)
                # the moves it judged again were told a moment ago: said with it, not lost
                self.news.points(change.kind, session.sheet.net - before_net - again + hint,
                                 restarted, cost, hint, coached=session.auto_solved,
                                 count=count, first=waited,
                                 also=self.news.shown if rejudged else "")
        elif isinstance(action, CycleHint):
            self.news.moved()  # the footer's hint words say what H costs (a newcomer read
            # an undo's words while H took 5 more)
            self._paid(before_hints)
        elif isinstance(action, Move | Slide) and action.source in PLAYER_SOURCES \
                and not session.solved:
            self._events.append(Happened(Happening.BUMP))  # a nudge, never a lost input

    def _animate(self, change: Change, before_streak: int, before_net: int,
                 before_hints: int, rejudged: bool = False) -> None:
        session = self.session
        tween = SlideTween(change.before, change.after, self.anim_seconds)
        self.tween = tween if tween.steps else None
        if change.kind is ChangeKind.MOVE:
            self.news.moved()  # any move, judged or not: words about the one before go (a
            # newcomer's burst of unjudged moves ran under "hint seen here" for an earlier one)
            self._events.append(Moved(len(change.cues)))
            cues = change.cues  # a slide's wasteful move is the one shown, else its last
            at = next((i for i, c in enumerate(cues) if c.bad), len(cues) - 1)
            paid = hint_cost(before_hints, session.sheet)
            if cues and (cues[at].good or cues[at].bad) and not self.solving:
                self._cue(change, at, session.sheet.net - before_net, paid)
            elif cues and paid and not self.solving:
                self._pop(charged(change, paid))
            if change.shorter > 0 and not self.solving:  # with any news of moves it rejudged
                found = f"you found a line {change.shorter} shorter than the coach's!"
                self.news.found(found, rejudged)  # the moves it judged again follow it
            streak = session.streak
            if streak >= STREAK_SOUND_EVERY and streak // STREAK_SOUND_EVERY \
                    > before_streak // STREAK_SOUND_EVERY:
                self._events.append(Happened(Happening.STREAK))
        if session.solved:
            self.coach_play.stop()
            self.win = Flash(None, WIN_FLASH_SECONDS)
            self.after_win = 0.0
            self._events.append(Won(hash(session.start.tiles)))
            self._events.append(Happened(Happening.WIN))

    def _cue(self, change: Change, at: int, gained: int, hint_cost: int) -> None:
        """Single-tile move ``at`` of ``change`` judged: its flash on its tile, its pop-up
        (``popups.scored``), and why a good move with no help on screen scored as hinted. A
        group slide judged both ways flashes its wasteful move's tile."""
        sheet = self.session.sheet
        self.cue = Flash(change.cues[at], CUE_SECONDS)
        self.cue_tile = change.tile_moved(at)
        self._pop(scored(sheet, change, at, gained, hint_cost))
        if sheet.last_assisted and not self.session.hint_level:
            self.news.tell(hint_seen_words(gained, sheet.streak, hint_cost),  # no hint on screen
                           of_a_move=True)

    def _pop(self, event: PlayEvent | None) -> None:
        if event is not None:
            self._events.append(event)

    # --- the coach --------------------------------------------------------
    def _ask_coach(self) -> None:
        """Tell the coach the board on screen when it changes, and which boards would judge
        moves made before it answered."""
        session = self.session
        board = session.board
        if board != self._submitted:
            self._submitted = board
            hint = session.hint
            self._complete_shown = hint is not None and hint.complete and hint.board == board
            self._events.append(Shown(board, self._complete_shown))
            if not board.is_solved():
                # Always tell the coach which board is on screen, even when the answer is
                # known (then no search runs): its prefetch follows that board.
                self.coach.submit(board)
        needed = session.judging_seconds()
        if list(needed.items()) != list(self._asked.items()):  # (in order)
            self._asked = needed
            self.coach.judge(list(needed), needed)

    def _note_complete(self) -> None:
        hint = self.session.hint
        if not self._complete_shown and hint is not None and hint.complete \
                and hint.board == self.session.board:
            self._complete_shown = True
            self._events.append(Known(hint.board))

    def _after_solved(self) -> None:
        if self.finished or (self.win is not None and not self.win.done):
            return
        if self.autoplayer is not None:
            if self.after_win >= SOLVED_PAUSE:
                self.finished = True
                self._events.append(DemoDone())
            return
        if not self._judged() or self.news.waiting:
            self._held = True  # when judging is over, the HUD shows its result first
            return
        if self._judged_at is None:
            self._judged_at = self.after_win
        if self._held and self.after_win - self._judged_at < SHOW_JUDGED_SECONDS:
            return
        self.finished = True
        session = self.session
        self._events.append(Finished(session.summary(), self.record(), session.start,
                                     session.game_id or ""))

    # --- the view ---------------------------------------------------------
    def view(self) -> PlayView:
        """What the screen shows now (``showing.play_view``)."""
        return play_view(self)
