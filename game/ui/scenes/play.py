"""The play screen: queued actions applied in order, tweens, cues, hints, solve, pause menu."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

import pygame

from game.core.actions import Action, Command, Move, Restart
from game.core.board import Board
from game.session import Change, Session
from game.core.settings import anim_label
from game.core.tween import Flash, SlideTween
from game.ui.autoplay import SOLVED_PAUSE, AutoPlayer
from game.ui.hud import HudView, coach_status, draw_hud
from game.ui.input import HELP, HoverTracker, click_action, key_action
from game.ui.render import BoardView, MenuView, draw_board, draw_menu
from game.ui.scenes.base import MenuState, Scene

if TYPE_CHECKING:
    from game.ui.app import App
    from game.core.spec import GameSpec

CUE_SECONDS = 0.35
WIN_FLASH_SECONDS = 0.9
STREAK_SOUND_EVERY = 5
SOLVE_STEP_SECONDS = 0.12
PAUSE_ITEMS = ("Resume", "Restart", "New game", "Settings", "Title", "Quit")


class PlayScene(Scene):
    """One game on screen; input becomes actions queued and applied in arrival order."""

    def __init__(self, app: App, board: Board, spec: GameSpec, *,
                 autoplayer: AutoPlayer | None = None, attract: bool = False) -> None:
        super().__init__(app)
        self.spec = spec
        self.session = Session(board, oracle=app.known,
                               game_id=spec.game_id(board))
        self.pending: deque[Action] = deque()
        self.tween: SlideTween | None = None
        self.cue: Flash | None = None
        self.cue_tile = 0
        self.win: Flash | None = None
        self.menu: MenuState | None = None
        self.solving = False
        self.solve_path = ""
        self.solve_wait = 0.0
        self.hover = HoverTracker()
        self.submitted: Board | None = None
        self.autoplayer = autoplayer
        self.attract = attract
        self.after_win = 0.0
        self.focus_lost = False
        self.score: Any = None
        """The high-score result, entered the moment the player wins (not when the end
        screen opens, so leaving during the win flash loses nothing)."""

    # --- input ------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.autoplayer is not None:
            if self.attract and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.app.pop()
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
            action = key_action(event, self.app.settings.invert_keys)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if self.solving:
                self.solving = False
                return
            action = click_action(event, self.app.layout_for(self.session.board))
        elif event.type == pygame.MOUSEMOTION and self.app.settings.hover and not self.solving:
            action = self.hover.motion(event, self.app.layout_for(self.session.board))
        if action is not None:
            self.pending.append(action)
            if isinstance(action, Command):
                # Pause and solve take effect now, so later events of this same frame go to
                # the menu (or stop the solve) instead of moving tiles.
                while self.pending:
                    self._do(self.pending.popleft())

    def _menu_event(self, event: pygame.event.Event) -> None:
        assert self.menu is not None
        choice = ""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self._close_menu()
                return
            if self.menu.key(event.key) == "enter":
                choice = PAUSE_ITEMS[self.menu.selected]
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.menu.click(event.pos):
                choice = PAUSE_ITEMS[self.menu.selected]
        if not choice:
            return
        self._close_menu()
        if choice == "Restart":
            self.pending.append(Restart())
        elif choice == "New game":
            self.app.start_game(self.spec.fresh())
        elif choice == "Settings":
            self.app.open_settings()
        elif choice == "Title":
            self.app.to_title()
        elif choice == "Quit":
            self.app.quit()

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
            self._command(action.name)
            return
        if self.tween is not None:
            self.tween.finish()
            self.tween = None
        before_streak = self.session.streak
        change = self.session.apply(action)
        if change is not None:
            self._animate(change, before_streak)

    def _animate(self, change: Change, before_streak: int) -> None:
        seconds = self.app.settings.anim_seconds
        self.tween = SlideTween(change.before, change.after, seconds)
        if change.kind == "move":
            self.app.stats.moves += len(change.cues)
            self.app.play_sound("slide")
            last = change.cues[-1] if change.cues else ""
            if last in ("optimal", "wasteful"):
                self.cue = Flash(last, CUE_SECONDS)
                moved = [t for t in change.after.tiles if t and
                         change.after.tiles.index(t) != change.before.tiles.index(t)]
                self.cue_tile = moved[-1] if moved else 0
            streak = self.session.streak
            if streak >= STREAK_SOUND_EVERY and streak // STREAK_SOUND_EVERY \
                    > before_streak // STREAK_SOUND_EVERY:
                self.app.play_sound("streak")
        if self.session.solved:
            self.solving = False
            self.win = Flash("win", WIN_FLASH_SECONDS)
            self.after_win = 0.0
            self.app.play_sound("win")
            if self.autoplayer is None:
                session = self.session
                self.score = self.app.record_score(session.summary(), session.game_id or "")

    def _command(self, name: str) -> None:
        if name == "pause":
            self.menu = MenuState(len(PAUSE_ITEMS))
        elif name == "new":
            self.app.start_game(self.spec.fresh())
        elif name == "solve" and not self.session.solved:
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
        self.solve_wait = max(SOLVE_STEP_SECONDS, self.app.settings.anim_seconds)
        self._do(Move(move, source="solve"))
        if not self.solve_path:
            self.solving = False

    def _ask_worker(self) -> None:
        board = self.session.board
        if board == self.submitted:
            return
        self.submitted = board
        self.app.board_changed(board)
        hint = self.session.hint
        if hint is not None and hint.complete:
            self.app.hint_known(board)
        if not board.is_solved():
            # Always tell the worker which board is on screen, even when the answer is known
            # (then no search runs): its prefetch and stale-result checks follow that board.
            self.app.submit(board)

    def _after_solved(self) -> None:
        if self.win is not None and not self.win.done:
            return
        if self.autoplayer is not None:
            if self.after_win >= SOLVED_PAUSE:
                self.app.demo_solved(self)
            return
        self.app.show_end(self.session, self.spec, self.score)

    def receive(self, result: Any) -> bool:
        if not hasattr(result, "distance"):
            return False
        used = self.session.receive_hint(result)
        if used and result.complete:
            self.app.hint_known(result.board)
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
            cue=self.cue.kind if self.cue is not None else "",
            cue_strength=self.cue.strength if self.cue is not None else 0.0,
            cue_tile=self.cue_tile,
            win_flash=self.win.strength if self.win is not None else 0.0,
            show_numbers=self.app.settings.show_numbers,
            picture=self.app.picture_tiles(session.board),
        )

    def hud_view(self) -> HudView:
        """What the HUD reads this frame."""
        session = self.session
        status = self.app.worker_status()
        hint = session.hint
        words = coach_status(status.state, status.bound,
                             hint.distance if hint is not None else None,
                             hint.optimal if hint is not None else True)
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
            cue=self.cue.kind if self.cue is not None else "",
            cue_strength=self.cue.strength if self.cue is not None else 0.0,
            footer=f"{HELP}   [anim {anim_label(self.app.settings.anim_seconds)}]",
            banner=banner,
        )

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.fill(app.theme.bg)
        layout = app.layout_for(self.session.board)
        draw_board(surface, self.board_view(), layout, app.theme, app.tiles)
        draw_hud(surface, self.hud_view(), layout, app.theme, app.fonts)
        if self.menu is not None:
            view = MenuView("Paused", PAUSE_ITEMS, self.menu.selected,
                            subtitle=f"{self.session.board.shape}  game {self.session.game_id}",
                            footer="Esc resume  Enter choose")
            self.menu.rects = draw_menu(surface, view, app.theme, app.fonts, dim=True)
