"""The play screen: input to actions for the mid-end, its events to intents, its view drawn."""

from __future__ import annotations

from concurrent.futures import Future

import pygame

from game.core.actions import Action, Command, CommandKind, Restart
from game.core.board import Board
from game.core.coach import CoachPacket
from game.core.scoring import MoveClass
from game.core.spec import GameSpec
from game.play.autoplay import AutoPlayer
from game.play.events import (
    DemoDone,
    Finished,
    Happened,
    Happening,
    HintPaid,
    Known,
    Moved,
    PlayEvent,
    Rejudged,
    Scored,
    Shown,
    Won,
)
from game.play.midend import MidEnd
from game.play.view import PlayView
from game.ui.audio import Sound
from game.ui.context import SceneContext
from game.ui.effects import Effects, Popup, draw_effects
from game.ui.ghost_view import draw_ghost_tiles
from game.ui.hud import HudView, draw_hud
from game.ui.input import HELP, HoverTracker, click_action, key_action
from game.ui.intents import (
    ChangeSettings,
    NextDemoBoard,
    OpenSettings,
    PlaySound,
    Pop,
    Quit,
    RecordGame,
    ShowEnd,
    ShowKeys,
    StartGame,
    ToTitle,
)
from game.ui.render import BoardView, draw_board, draw_steps
from game.ui.scenes.base import Scene
from game.ui.scenes.pause import PauseItem, PauseMenu, game_title

SOUNDS = {Happening.BUMP: Sound.BUMP, Happening.STREAK: Sound.STREAK, Happening.WIN: Sound.WIN}
NEWS_POPUP_SECONDS = 2.0
"""A pop-up about earlier moves judged again stays this long (it is read, not glanced at);
it starts over the top row's middle, and a newer one replaces it rather than drawing over
it."""
LEAVE_SECONDS = 3.0
"""N in a game the player has moved in asks first: N again within this long leaves it (a
newcomer's N mid-game left it at once, a DNF in their 5x5 average of five)."""
LEAVE_WORDS = "N again: leave this game for a new one (unfinished: a DNF in your stats)"
HINT_POPUP_SECONDS = 1.6
"""A hint's charge apart from any move ("-5 hint" on the gap) stays this long, till a move's
pop-up takes over: at a move's 0.8 s, a newcomer who pressed H never saw it."""


class PlayScene(Scene):
    """One game on screen: the mid-end (``self.game``) plays it; this scene only turns events
    into its actions, its events into intents, and draws its view."""

    demo_input = False
    """Whether the keys belong to a demo (any key leaves it; M does not mute)."""

    def __init__(self, ctx: SceneContext, board: Board, spec: GameSpec, *,
                 autoplayer: AutoPlayer | None = None, attract: bool = False,
                 ghost_pending: Future | None = None) -> None:
        super().__init__(ctx)
        self.game = MidEnd(board, spec, ctx.coach, autoplayer=autoplayer, attract=attract,
                           ghost_pending=ghost_pending)
        self.demo_input = autoplayer is not None
        self.menu: PauseMenu | None = None
        self.effects = Effects(reduced=ctx.settings.reduced_motion)
        self.pointer: tuple[int, int] | None = None
        """Where the mouse is, for the movable-tiles highlight (None: not over the window)."""
        self.hover = HoverTracker()
        self.focus_lost = False
        self.leaving = 0.0
        """Seconds left for N again to leave the game (0: not asked)."""
        self.tiles_at = board
        """The board the effects were last drawn over."""

    @property
    def spec(self) -> GameSpec:
        """The game's spec."""
        return self.game.spec

    # --- input ------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        game = self.game
        if self.demo_input:
            if self.game.attract and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.emit(Pop())
            return
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self.focus_lost = True
        elif event.type in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED):
            self.focus_lost = False
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            # input reached the window, so the player is at it: the clock runs (keys sent to
            # a window another one had taken the focus from played 20 moves on a clock
            # stopped at 0:05.2, and that time went to the top 10)
            self.focus_lost = False
        if self.menu is not None:
            self._menu_event(event)
            return
        asked = self.leaving > 0
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.leaving = 0.0  # any other key or click: the game goes on
        action: Action | None = None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_g \
                and game.race is not None and not game.solving:
            self.emit(ChangeSettings(self.ctx.settings.cycled("ghost_tiles")))
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and game.stop_solving():
            return  # any key or click takes the game back from the coach
        if event.type == pygame.KEYDOWN:
            action = key_action(event, self.ctx.settings.invert_keys)
            # playing from the keys: the ring of the tile a click would slide goes till the
            # mouse moves (a newcomer read rings left under a resting pointer as stale marks)
            self.pointer = None
        elif event.type == pygame.MOUSEBUTTONDOWN:
            action = click_action(event, self.ctx.layout_for(game.board))
        elif event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            if self.ctx.settings.hover and not game.solving:
                action = self.hover.motion(event, self.ctx.layout_for(game.board))
        elif event.type == pygame.WINDOWLEAVE:
            self.pointer = None
        if isinstance(action, Command):
            # Pause and solve take effect now, after the moves before them, so later events
            # of this same frame go to the menu (or stop the solve) instead of moving tiles.
            game.flush()
            self._command(action.kind, asked)
        elif action is not None:
            game.act(action)

    def _menu_event(self, event: pygame.event.Event) -> None:
        assert self.menu is not None
        choice = self.menu.handle(event, self.ctx.window, self.ctx.fonts.scale)
        if choice is None:
            return
        if choice is PauseItem.SETTINGS:
            self.emit(OpenSettings())  # the menu stays: Esc in Settings comes back to it
            return
        self.menu = None
        if choice is PauseItem.RESTART:
            self.game.act(Restart())
        elif choice is PauseItem.NEW:
            self.emit(StartGame(self.spec.fresh()))
        elif choice is PauseItem.TITLE:
            self.emit(ToTitle())
        elif choice is PauseItem.QUIT:
            self.emit(Quit())

    def _command(self, kind: CommandKind, asked: bool = False) -> None:
        if kind is CommandKind.PAUSE:
            self.menu = PauseMenu()
        elif kind is CommandKind.KEYS:
            self.emit(ShowKeys())
        elif kind is CommandKind.NEW and not asked and self.game.wants_record() \
                and not self.game.session.solved:
            self.leaving = LEAVE_SECONDS
        elif kind is CommandKind.NEW:
            self.emit(StartGame(self.spec.fresh()))
        elif kind is CommandKind.SOLVE:
            self.game.solve()

    # --- update -----------------------------------------------------------
    def receive(self, packet: CoachPacket) -> None:
        self.game.take(packet)

    def update(self, dt: float) -> None:
        game = self.game
        game.anim_seconds = self.ctx.settings.anim_seconds
        game.set_paused(self.menu is not None or self.focus_lost)
        game.update(dt)
        if game.board != self.tiles_at:  # before this frame's pop-ups
            self.tiles_at = game.board
            self.effects.tiles_moved()
        self.leaving = max(0.0, self.leaving - dt)
        self.effects.reduced = self.ctx.settings.reduced_motion
        self.effects.advance(dt)
        for event in game.take_events():
            self._event(event)

    def _event(self, event: PlayEvent) -> None:
        """One thing the game did, made into sounds, effects and intents."""
        match event:
            case Moved():
                self.emit(PlaySound(Sound.SLIDE))
                self.emit(event)  # this run's figures count the tiles
            case Happened(what=what):
                if what is Happening.BUMP:
                    self.effects.bump()
                self.emit(PlaySound(SOUNDS[what]))
            case Scored():
                self.effects.pop(Popup(event.words, event.cls, event.cell))
            case HintPaid():
                self.effects.pop(Popup(event.words, MoveClass.UNKNOWN, event.cell, still=True,
                                       life=HINT_POPUP_SECONDS))
            case Rejudged(moves=0):
                self.effects.drop_news()
            case Rejudged(gained=gained, refunds=refunds, charges=charges):
                kind = MoveClass.LINE if gained >= 0 else MoveClass.OFF_LINE
                board = self.game.board
                points = f"{refunds:+d} {charges:+d}" if refunds and charges else f"{gained:+d}"
                self.effects.pop(Popup(f"{points} {event.verb}", kind,
                                       (0.0, (board.width - 1) / 2), life=NEWS_POPUP_SECONDS,
                                       news=True, even=gained == 0))
            case Won(seed=seed):
                self.effects.celebrate(seed)
            case Finished():
                self.emit(ShowEnd(event.summary, self.spec, event.start, event.game_id,
                                  event.record))
            case DemoDone():
                autoplayer = self.game.autoplayer
                level = autoplayer.hint_level if autoplayer is not None else 0
                self.emit(NextDemoBoard(self.spec, level, self.game.attract))
            case Shown() | Known():
                self.emit(event)  # the hint latency in this run's figures

    def closed(self) -> None:
        if self.game.wants_record():
            self.emit(RecordGame(self.game.record()))  # abandoned: a DNF in the stats

    # --- drawing ------------------------------------------------------------
    def movable_cells(self, view: PlayView) -> frozenset[int]:
        """The cells a click at the pointer would slide (none while anything else goes on)."""
        board = view.board
        if self.pointer is None or view.busy or self.menu is not None:
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

    def board_view(self, view: PlayView | None = None) -> BoardView:
        """What the board drawing reads this frame."""
        view = view or self.game.view()
        layout = self.ctx.layout_for(view.board)
        return BoardView(
            board=view.board, moving=view.moving, hint_level=view.hint_level,
            hint_moves=view.hint_moves, path=view.path, cue=view.cue,
            cue_strength=view.cue_strength, cue_tile=view.cue_tile, win_flash=view.win_flash,
            show_numbers=self.ctx.settings.show_numbers,
            picture=self.ctx.picture_tiles(view.board),
            hover_cells=self.movable_cells(view),
            offset=self.effects.board_offset(layout),
        )

    def hud_view(self, view: PlayView | None = None) -> HudView:
        """What the HUD reads this frame."""
        view = view or self.game.view()
        return HudView(
            moves=view.moves, seconds=view.seconds, points=view.points,
            moves_note=view.moves_note, points_note=view.points_note, streak=view.streak,
            multiplier=view.multiplier, held=view.held, status=view.coach_words,
            status_note=view.coach_note, coach=view.coach_state, quiet=view.coach_quiet,
            footer=LEAVE_WORDS if self.leaving else view.footer or HELP, banner=view.banner,
            muted=not self.ctx.settings.sound,
            ghost=view.ghost, coach_progress=view.coach_progress, title=game_title(self.spec),
        )

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        surface.fill(ctx.theme.bg)
        view = self.game.view()
        layout = ctx.layout_for(view.board)
        board_view = self.board_view(view)
        draw_board(surface, board_view, layout, ctx.theme, ctx.tiles, ctx.fonts, steps=False)
        if view.ghost_board is not None and ctx.settings.ghost_tiles:
            draw_ghost_tiles(surface, view.ghost_board, view.board, layout, ctx.theme,
                             ctx.fonts, board_view.offset)
        draw_hud(surface, self.hud_view(view), layout, ctx.theme, ctx.fonts)
        # a move's pop-up over the step badges: it shows for a moment and says what the move
        # did (two newcomers read "+10 -10 hint" under a badge as "10 -10 hint"); the badge
        # it covers is back as it fades
        draw_steps(surface, board_view, layout, ctx.theme, ctx.fonts)
        draw_effects(surface, self.effects, layout, ctx.theme, ctx.fonts)
        if self.menu is not None:
            self.menu.draw(surface, ctx, self.spec, self.game.game_id)
        self.draw_notice(surface)
