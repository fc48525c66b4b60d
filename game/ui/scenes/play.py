"""The play screen: queued actions applied in order, tweens, cues, hints, solve, pause menu."""

from __future__ import annotations

import enum
from collections import deque

import pygame

from game.core.actions import Action, Command, CommandKind, Move, Restart, Source
from game.core.board import Board
from game.core.coach import CoachResult, Hint
from game.core.scoring import MoveClass
from game.core.settings import anim_label
from game.core.spec import GameSpec
from game.core.tween import Flash, SlideTween
from game.session import Change, ChangeKind, Session
from game.store.highscores import AddResult
from game.ui.audio import Sound
from game.ui.autoplay import SOLVED_PAUSE, AutoPlayer
from game.ui.context import SceneContext
from game.ui.hud import HudView, coach_status, draw_hud
from game.ui.input import HELP, HoverTracker, click_action, key_action
from game.ui.intents import (
    NextDemoBoard,
    OpenSettings,
    PlaySound,
    Pop,
    Quit,
    ShowEnd,
    StartGame,
    ToTitle,
)
from game.ui.menu import Back, MenuController, MenuItem, Nav
from game.ui.render import BoardView, MenuView, draw_board, draw_menu
from game.ui.scenes.base import Scene

CUE_SECONDS = 0.35
WIN_FLASH_SECONDS = 0.9
STREAK_SOUND_EVERY = 5
SOLVE_STEP_SECONDS = 0.12


class PauseItem(enum.Enum):
    """The pause menu's entries."""

    RESUME = "Resume"
    RESTART = "Restart"
    NEW = "New game"
    SETTINGS = "Settings"
    TITLE = "Title"
    QUIT = "Quit"


PAUSE_ITEMS = tuple(MenuItem(item, item.value) for item in PauseItem)


class PlayScene(Scene):
    """One game on screen; input becomes actions queued and applied in arrival order."""

    def __init__(self, ctx: SceneContext, board: Board, spec: GameSpec, *,
                 autoplayer: AutoPlayer | None = None, attract: bool = False) -> None:
        super().__init__(ctx)
        self.spec = spec
        self.session = Session(board, oracle=ctx.coach.known,
                               game_id=spec.game_id(board))
        self.pending: deque[Action] = deque()
        self.tween: SlideTween | None = None
        self.cue: Flash[MoveClass] | None = None
        self.cue_tile = 0
        self.win: Flash[None] | None = None
        self.menu: MenuController[PauseItem] | None = None
        self.solving = False
        self.solve_path = ""
        self.solve_wait = 0.0
        self.hover = HoverTracker()
        self.submitted: Board | None = None
        self.autoplayer = autoplayer
        self.attract = attract
        self.after_win = 0.0
        self.focus_lost = False
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
        elif event.type == pygame.MOUSEMOTION and self.ctx.settings.hover and not self.solving:
            action = self.hover.motion(event, self.ctx.layout_for(self.session.board))
        if action is not None:
            self.pending.append(action)
            if isinstance(action, Command):
                # Pause and solve take effect now, so later events of this same frame go to
                # the menu (or stop the solve) instead of moving tiles.
                while self.pending:
                    self._do(self.pending.popleft())

    def _menu_event(self, event: pygame.event.Event) -> None:
        assert self.menu is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button != 1:
            return
        pick = self.menu.handle(event, PAUSE_ITEMS, self.ctx.window)
        if isinstance(pick, Back):
            self._close_menu()
            return
        if pick is None or pick.nav is not Nav.ACTIVATE:
            return
        self._close_menu()
        choice = pick.key
        if choice is PauseItem.RESTART:
            self.pending.append(Restart())
        elif choice is PauseItem.NEW:
            self.emit(StartGame(self.spec.fresh()))
        elif choice is PauseItem.SETTINGS:
            self.emit(OpenSettings())
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
        session.set_paused(self.menu is not None or self.focus_lost)
        session.tick(dt)
        self._ask_worker()
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
        before_streak = self.session.streak
        change = self.session.apply(action)
        if change is not None:
            self._animate(change, before_streak)

    def _animate(self, change: Change, before_streak: int) -> None:
        seconds = self.ctx.settings.anim_seconds
        self.tween = SlideTween(change.before, change.after, seconds)
        if change.kind is ChangeKind.MOVE:
            self.ctx.stats.moves += len(change.cues)
            self.emit(PlaySound(Sound.SLIDE))
            last = change.cues[-1] if change.cues else None
            if last in (MoveClass.OPTIMAL, MoveClass.WASTEFUL):
                self.cue = Flash(last, CUE_SECONDS)
                moved = [t for t in change.after.tiles if t and
                         change.after.tiles.index(t) != change.before.tiles.index(t)]
                self.cue_tile = moved[-1] if moved else 0
            streak = self.session.streak
            if streak >= STREAK_SOUND_EVERY and streak // STREAK_SOUND_EVERY \
                    > before_streak // STREAK_SOUND_EVERY:
                self.emit(PlaySound(Sound.STREAK))
        if self.session.solved:
            self.solving = False
            self.win = Flash(None, WIN_FLASH_SECONDS)
            self.after_win = 0.0
            self.emit(PlaySound(Sound.WIN))
            if self.autoplayer is None:
                session = self.session
                self.score = self.ctx.record_game(session.summary(), session.game_id or "")

    def _command(self, kind: CommandKind) -> None:
        if kind is CommandKind.PAUSE:
            self.menu = MenuController()
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

    def _after_solved(self) -> None:
        if self.win is not None and not self.win.done:
            return
        if self.autoplayer is not None:
            if self.after_win >= SOLVED_PAUSE:
                self.emit(NextDemoBoard(self.spec, self.autoplayer, self.attract))
            return
        self.emit(ShowEnd(self.session, self.spec, self.score))

    def receive(self, result: CoachResult) -> bool:
        if not isinstance(result, Hint):
            return False
        used = self.session.receive_hint(result)
        if used and result.complete:
            self.ctx.stats.hint_known(result.board)
        return used

    # --- drawing ------------------------------------------------------------
    def board_view(self) -> BoardView:
        """What the board drawing reads this frame."""
        session = self.session
        hint = session.hint
        moves = hint.moves if hint is not None and hint.complete else frozenset()
        if hint is not None and not hint.complete and hint.path:
            moves = frozenset(hint.path[0])
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
        )

    def hud_view(self) -> HudView:
        """What the HUD reads this frame."""
        session = self.session
        status = self.ctx.coach.status
        hint = session.hint
        words = coach_status(status.state, status.bound,
                             hint.distance if hint is not None else None,
                             hint.optimal if hint is not None else True, status.detail)
        if session.hint_level == 0 and words.endswith("to go"):
            words = "H for hints"
        banner = ""
        if self.solving:
            banner = "solving... any key stops"
        elif self.autoplayer is not None:
            banner = "DEMO - press any key" if self.attract else "demo"
        elif session.solved:
            banner = "solved!"
        return HudView(
            moves=session.moves, seconds=session.elapsed,
            points=session.points, streak=session.streak,
            multiplier=session.sheet.multiplier, status=words,
            cue=self.cue.kind if self.cue is not None else None,
            cue_strength=self.cue.strength if self.cue is not None else 0.0,
            footer=f"{HELP}   [anim {anim_label(self.ctx.settings.anim_seconds)}]",
            banner=banner,
        )

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        surface.fill(ctx.theme.bg)
        layout = ctx.layout_for(self.session.board)
        draw_board(surface, self.board_view(), layout, ctx.theme, ctx.tiles)
        draw_hud(surface, self.hud_view(), layout, ctx.theme, ctx.fonts)
        if self.menu is not None:
            view = MenuView("Paused", self.menu.labels(PAUSE_ITEMS), self.menu.selected,
                            subtitle=f"{self.session.board.shape}  game {self.session.game_id}",
                            footer="Esc resume  Enter choose")
            draw_menu(surface, view, ctx.theme, ctx.fonts, dim=True)
        self.draw_notice(surface)
