"""The play screen: queued actions applied in order, tweens, cues, hints, solve, pause menu."""

from __future__ import annotations

from collections import deque
from concurrent.futures import Future

import pygame

from game.core.actions import (
    Action,
    Command,
    CommandKind,
    CycleHint,
    Move,
    Restart,
    Slide,
    Source,
)
from game.core.board import Board
from game.core.coach import CoachResult, Hint
from game.core.scoring import BASE_POINTS, HINT_COST_PER_LEVEL, MoveClass
from game.core.spec import GameSpec
from game.core.tween import Flash, SlideTween
from game.session import HINT_LEVELS, Change, ChangeKind, Session
from game.store.highscores import AddResult
from game.ui.audio import Sound
from game.ui.autoplay import SOLVED_PAUSE, AutoPlayer
from game.ui.context import SceneContext
from game.ui.effects import Effects, Popup, draw_effects, popup_text
from game.ui.ghost_race import GhostRace
from game.ui.ghost_view import draw_ghost_tiles
from game.ui.hud import HudView, coach_status, draw_hud, work_words
from game.ui.input import HELP, HoverTracker, click_action, key_action
from game.ui.intents import (
    ChangeSettings,
    NextDemoBoard,
    OpenSettings,
    PlaySound,
    Pop,
    Quit,
    ShowEnd,
    ShowKeys,
    StartGame,
    ToTitle,
)
from game.ui.render import BoardView, draw_board
from game.ui.scenes.base import Scene
from game.ui.scenes.pause import PauseItem, PauseMenu

CUE_SECONDS = 0.35
WIN_FLASH_SECONDS = 0.9
STREAK_SOUND_EVERY = 5
SOLVE_STEP_SECONDS = 0.12
JUDGE_EVERY_SECONDS = 0.25
"""How often the scene checks whether the coach can now judge moves made before it answered."""
PLAYER_SOURCES = (Source.KEY, Source.MOUSE)
"""Moves whose failure is the player's: an illegal one shakes the board (hover does not)."""


class PlayScene(Scene):
    """One game on screen; input becomes actions queued and applied in arrival order."""

    def __init__(self, ctx: SceneContext, board: Board, spec: GameSpec, *,
                 autoplayer: AutoPlayer | None = None, attract: bool = False,
                 ghost_pending: Future | None = None) -> None:
        """``ghost_pending``: the Recording to race, being read from the history (when
        ``spec.ghost`` asks for a past game that was not at hand)."""
        super().__init__(ctx)
        self.spec = spec
        self.session = Session(board, oracle=ctx.coach.known,
                               game_id=spec.game_id(board))
        self.pending: deque[Action] = deque()
        self.tween: SlideTween | None = None
        self.cue: Flash[MoveClass] | None = None
        self.cue_tile = 0
        self.win: Flash[None] | None = None
        self.menu: PauseMenu | None = None
        self.effects = Effects(reduced=ctx.settings.reduced_motion)
        self.pointer: tuple[int, int] | None = None
        """Where the mouse is, for the movable-tiles highlight (None: not over the window)."""
        self.solving = False
        self.solve_path = ""
        self.solve_wait = 0.0
        self.hover = HoverTracker()
        self.submitted: Board | None = None
        self.autoplayer = autoplayer
        self.attract = attract
        self.after_win = 0.0
        self.focus_lost = False
        self.judge_wait = 0.0
        self.asked: tuple[Board, ...] = ()
        """The boards last handed to the coach to judge earlier moves with."""
        if autoplayer is not None:  # the demo command shows the coach's hints
            for _ in range(autoplayer.hint_level):
                self.session.apply(CycleHint())
        self.race = GhostRace(spec.ghost, board, ghost_pending) \
            if spec.ghost is not None and autoplayer is None else None
        self.score: AddResult | None = None
        """The high-score result, entered the moment the player wins (not when the end
        screen opens, so leaving during the win flash loses nothing)."""

    # --- input ------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.autoplayer is not None:
            if self.attract and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.emit(Pop())
            return
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self.focus_lost = True
        elif event.type in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED):
            self.focus_lost = False
        if self.menu is not None:
            self._menu_event(event)
            return
        action: Action | None = None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_g and self.race is not None \
                and not self.solving:
            self.emit(ChangeSettings(self.ctx.settings.cycled("ghost_tiles")))
            return
        if event.type == pygame.KEYDOWN:
            if self.solving:
                self.solving = False
                return
            action = key_action(event, self.ctx.settings.invert_keys)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if self.solving:
                self.solving = False
                return
            action = click_action(event, self.ctx.layout_for(self.session.board))
        elif event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            if self.ctx.settings.hover and not self.solving:
                action = self.hover.motion(event, self.ctx.layout_for(self.session.board))
        elif event.type == pygame.WINDOWLEAVE:
            self.pointer = None
        if action is not None:
            self.pending.append(action)
            if isinstance(action, Command):
                # Pause and solve take effect now, so later events of this same frame go to
                # the menu (or stop the solve) instead of moving tiles.
                while self.pending:
                    self._do(self.pending.popleft())

    def _menu_event(self, event: pygame.event.Event) -> None:
        assert self.menu is not None
        choice = self.menu.handle(event, self.ctx.window)
        if choice is None:
            return
        if choice is PauseItem.SETTINGS:
            self.emit(OpenSettings())  # the menu stays: Esc in Settings comes back to it
            return
        self._close_menu()
        if choice is PauseItem.RESTART:
            self.pending.append(Restart())
        elif choice is PauseItem.NEW:
            self.emit(StartGame(self.spec.fresh()))
        elif choice is PauseItem.TITLE:
            self.emit(ToTitle())
        elif choice is PauseItem.QUIT:
            self.emit(Quit())

    def _close_menu(self) -> None:
        self.menu = None

    # --- update -----------------------------------------------------------
    def update(self, dt: float) -> None:
        session = self.session
        while self.pending:
            self._do(self.pending.popleft())
        if self.autoplayer is not None and not session.solved:
            move = self.autoplayer.next_move(session, dt)
            if move is not None:
                self._do(move)
        if self.solving:
            self._solve_step(dt)
        if self.tween is not None:
            self.tween.advance(dt)
            if self.tween.done:
                self.tween = None
        for flash in (self.cue, self.win):
            if flash is not None:
                flash.advance(dt)
        self.effects.reduced = self.ctx.settings.reduced_motion
        self.effects.advance(dt)
        session.set_paused(self.menu is not None or self.focus_lost)
        session.tick(dt)
        self._ask_worker()
        self._judge_late(dt)
        if self.race is not None:
            self.race.update(session.lookup, session.elapsed)
        if session.solved:
            self.after_win += dt
            self._after_solved()

    def _do(self, action: Action) -> None:
        if isinstance(action, Command):
            self._command(action.kind)
            return
        if self.tween is not None:
            self.tween.finish()
            self.tween = None
        before_streak, before_net = self.session.streak, self.session.sheet.net
        change = self.session.apply(action)
        if change is not None:
            self._animate(change, before_streak, before_net)
        elif isinstance(action, Move | Slide) and action.source in PLAYER_SOURCES \
                and not self.session.solved:
            self.effects.bump()  # a move that cannot be made: a nudge, never a lost input
            self.emit(PlaySound(Sound.BUMP))

    def _animate(self, change: Change, before_streak: int, before_net: int) -> None:
        seconds = self.ctx.settings.anim_seconds
        self.tween = SlideTween(change.before, change.after, seconds)
        if change.kind is ChangeKind.MOVE:
            self.ctx.stats.moves += len(change.cues)
            self.emit(PlaySound(Sound.SLIDE))
            last = change.cues[-1] if change.cues else None
            if last is not None and (last.good or last.bad) and not self.solving:
                self._cue(change, last, self.session.sheet.net - before_net)
            streak = self.session.streak
            if streak >= STREAK_SOUND_EVERY and streak // STREAK_SOUND_EVERY \
                    > before_streak // STREAK_SOUND_EVERY:
                self.emit(PlaySound(Sound.STREAK))
        if self.session.solved:
            self.solving = False
            self.win = Flash(None, WIN_FLASH_SECONDS)
            self.after_win = 0.0
            self.effects.celebrate(hash(self.session.start.tiles))
            self.emit(PlaySound(Sound.WIN))
            if self.autoplayer is None:
                self.score = self.ctx.record_session(self.session, self.spec)

    def _cue(self, change: Change, cue: MoveClass, gained: int) -> None:
        """The judged move's flash on its tile and, floating up, what it gained or cost: its
        points less any hint cost it brought ("+0 hint" at level 2), before POINTS' floor
        of zero (a wasteful move at 0 points still says what it cost)."""
        sheet = self.session.sheet
        self.cue = Flash(cue, CUE_SECONDS)
        after, before = change.after, change.before
        moved = [t for i, t in enumerate(after.tiles) if t and before.tiles[i] != t]
        self.cue_tile = moved[-1] if moved else 0
        if self.cue_tile:
            cell = divmod(after.tiles.index(self.cue_tile), after.width)
            multiplier = sheet.last_points // BASE_POINTS if cue.good else 1
            self.effects.pop(Popup(popup_text(gained, multiplier, sheet.last_assisted), cue, cell))

    def _command(self, kind: CommandKind) -> None:
        if kind is CommandKind.PAUSE:
            self.menu = PauseMenu()
        elif kind is CommandKind.KEYS:
            self.emit(ShowKeys())
        elif kind is CommandKind.NEW:
            self.emit(StartGame(self.spec.fresh()))
        elif kind is CommandKind.SOLVE and not self.session.solved:
            self.solving = True
            self.solve_path = ""
            self.solve_wait = 0.0

    def _solve_step(self, dt: float) -> None:
        session = self.session
        hint = session.hint
        if not self.solve_path:
            if hint is None or hint.board != session.board or not hint.path:
                return
            self.solve_path = hint.path
        self.solve_wait -= dt
        if self.solve_wait > 0 or (self.tween is not None and not self.tween.done):
            return
        move, self.solve_path = self.solve_path[0], self.solve_path[1:]
        if not session.board.can_move(move):
            self.solve_path = ""
            return
        self.solve_wait = max(SOLVE_STEP_SECONDS, self.ctx.settings.anim_seconds)
        self._do(Move(move, source=Source.SOLVE))
        if not self.solve_path:
            self.solving = False

    def _ask_worker(self) -> None:
        board = self.session.board
        if board == self.submitted:
            return
        self.submitted = board
        self.ctx.stats.board_changed(board)
        hint = self.session.hint
        if hint is not None and hint.complete:
            self.ctx.stats.hint_known(board)
        if not board.is_solved():
            # Always tell the worker which board is on screen, even when the answer is known
            # (then no search runs): its prefetch and stale-result checks follow that board.
            self.ctx.coach.submit(board)

    def _judge_late(self, dt: float) -> None:
        """Moves made before the coach answered: have it look at their boards, and judge them
        (the HUD, chart and end screen follow) as soon as it has."""
        self.judge_wait -= dt
        if self.judge_wait > 0:
            return
        self.judge_wait = JUDGE_EVERY_SECONDS
        self.session.refresh()
        boards = tuple(self.session.unjudged_boards())
        if boards != self.asked:
            self.asked = boards
            self.ctx.coach.judge(list(boards))

    def _after_solved(self) -> None:
        if self.win is not None and not self.win.done:
            return
        if self.autoplayer is not None:
            if self.after_win >= SOLVED_PAUSE:
                self.emit(NextDemoBoard(self.spec, self.autoplayer, self.attract))
            return
        self.emit(ShowEnd(self.session, self.spec, self.score))

    def closed(self) -> None:
        if self.autoplayer is None and not self.session.solved and self.session.moves:
            self.ctx.record_session(self.session, self.spec)  # abandoned: a DNF in the stats

    def receive(self, result: CoachResult) -> bool:
        if not isinstance(result, Hint):
            return False
        used = self.session.receive_hint(result)
        if used and result.complete:
            self.ctx.stats.hint_known(result.board)
        return used

    # --- drawing ------------------------------------------------------------
    def movable_cells(self) -> frozenset[int]:
        """The cells a click at the pointer would slide (none while anything else goes on)."""
        board = self.session.board
        if self.pointer is None or self.tween is not None or self.solving \
                or self.autoplayer is not None or self.menu is not None or self.session.solved:
            return frozenset()
        cell = self.ctx.layout_for(board).cell_at(*self.pointer)
        if cell is None or not board.slide_moves(cell):
            return frozenset()
        blank = board.blank
        (r0, c0), (r1, c1) = divmod(cell, board.width), divmod(blank, board.width)
        if r0 == r1:
            cols = range(min(c0, c1), max(c0, c1) + 1)
            return frozenset(r0 * board.width + c for c in cols) - {blank}
        rows = range(min(r0, r1), max(r0, r1) + 1)
        return frozenset(r * board.width + c0 for r in rows) - {blank}

    def board_view(self) -> BoardView:
        """What the board drawing reads this frame."""
        session = self.session
        hint = session.hint
        moves = hint.moves if hint is not None and hint.complete else frozenset()
        if hint is not None and not hint.complete and hint.path:
            moves = frozenset(hint.path[0])
        layout = self.ctx.layout_for(session.board)
        return BoardView(
            board=session.board,
            moving=self.tween.positions() if self.tween is not None else {},
            hint_level=session.hint_level if not session.solved else 0,
            hint_moves=moves,
            path=session.path_preview(),
            cue=self.cue.kind if self.cue is not None else None,
            cue_strength=self.cue.strength if self.cue is not None else 0.0,
            cue_tile=self.cue_tile,
            win_flash=self.win.strength if self.win is not None else 0.0,
            show_numbers=self.ctx.settings.show_numbers,
            picture=self.ctx.picture_tiles(session.board),
            hover_cells=self.movable_cells(),
            offset=self.effects.board_offset(layout),
        )

    def hud_view(self) -> HudView:
        """What the HUD reads this frame."""
        session = self.session
        status = self.ctx.coach.status
        hint = session.hint
        words = ""
        if session.hint_level > 0:  # hints off: no coach words, at most a quiet dot
            words = coach_status(status.state, status.bound,
                                 hint.distance if hint is not None else None,
                                 hint.optimal if hint is not None else True)
        banner = ""
        if self.solving:
            banner = "the coach is playing - any key stops"
        elif self.autoplayer is not None:
            banner = "DEMO - press any key" if self.attract else "demo"
        elif session.solved:
            verdict = self.race.verdict(session.elapsed) if self.race is not None else ""
            banner = f"solved! {verdict}" if verdict else "solved!"
        footer = status.detail or self._line_words() or HELP
        if status.progress is not None and not status.detail:
            footer = work_words(status.work, status.progress)
        return HudView(
            moves=session.moves, seconds=session.elapsed,
            points=session.points, streak=session.streak,
            multiplier=session.sheet.multiplier, status=words, coach=status.state,
            footer=footer, banner=banner, muted=not self.ctx.settings.sound,
            ghost=self.race.line(session.elapsed) if self.race is not None else None,
            coach_progress=status.progress,
        )

    def _line_words(self) -> str:
        """With hints on: what they cost, and beyond exact reach the coach's best line."""
        session = self.session
        hint = session.hint
        if session.hint_level == 0 or session.solved:
            return ""
        then = "H shows the next steps" if session.hint_level < HINT_LEVELS - 1 else "H hides them"
        cost = f"hints on: -{HINT_COST_PER_LEVEL * session.hint_level} a move ({then})"
        if hint is None or hint.optimal:
            return cost
        return f"coach's best line so far: {hint.distance} moves; {cost}"

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        surface.fill(ctx.theme.bg)
        layout = ctx.layout_for(self.session.board)
        view = self.board_view()
        draw_board(surface, view, layout, ctx.theme, ctx.tiles, ctx.fonts)
        ghost = self.race.board_at(self.session.elapsed) if self.race is not None else None
        if ghost is not None and ctx.settings.ghost_tiles and not self.session.solved:
            draw_ghost_tiles(surface, ghost, self.session.board, layout, ctx.theme, ctx.fonts,
                             view.offset)
        draw_hud(surface, self.hud_view(), layout, ctx.theme, ctx.fonts)
        draw_effects(surface, self.effects, layout, ctx.theme, ctx.fonts)  # pop-ups on top
        if self.menu is not None:
            self.menu.draw(surface, ctx, self.spec, self.session.game_id or "")
        self.draw_notice(surface)
