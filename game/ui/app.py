"""The front end app: window, 60 fps dt loop, scene stack, coach and save plumbing, entries."""

from __future__ import annotations

import random
import sys
import time

import pygame

from game.core.board import Board
from game.core.settings import Settings
from game.core.spec import GameSpec
from game.play.events import Known, Moved, Shown
from game.store.highscores import HighScores
from game.store.history_scores import HistoryScores
from game.store.settings_file import SettingsStore, open_settings_store
from game.store.storage import BackgroundWriter
from game.ui import display, services
from game.ui.audio import Sounds
from game.ui.context import Clock, Worker, Writer
from game.ui.effects import Fade
from game.ui.fonts import Fonts
from game.ui.frameclock import FrameClock
from game.ui.idlegc import IdleCollector
from game.ui.intents import (
    BeginGame,
    ChangeSettings,
    Intent,
    NameGame,
    NextDemoBoard,
    OpenSettings,
    PlaySound,
    Pop,
    Quit,
    RecordGame,
    ShowDrill,
    ShowEnd,
    ShowKeys,
    ShowReplay,
    ShowScores,
    ShowStats,
    StartAttract,
    StartGame,
    ToTitle,
)
from game.ui.keeper import Keeper
from game.ui.layout import Layout, compute_layout
from game.ui.present import Presenter
from game.ui.render import TileCache
from game.ui.scenes import build as scenes
from game.ui.scenes.base import Scene
from game.ui.scenes.drill import DrillScene
from game.ui.scenes.end import EndScene, ScoresScene
from game.ui.scenes.keys import KeysScene
from game.ui.scenes.menus import SettingsScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.stats import StatsScene
from game.ui.stats import RunStats
from game.ui.theme import Theme, get_theme
from game.ui.window import Window

FPS = 60
MAX_DT = 0.1
"""A stall longer than this is not replayed as motion (dt is capped)."""
GIL_SWITCH_SECONDS = 0.0005
"""While the loop runs, a pure-Python search on the worker thread hands the GIL back this
often (CPython's default is 5 ms, which stretched 60 fps frames to ~21 ms on 5x5 boards)."""
DEFAULT_WINDOW = (760, 820)
ATTRACT_SHAPES = ((3, 3), (4, 4))
"""Sizes the attract-mode demo picks from."""
FULLSCREEN_GAP_SECONDS = 0.5
"""F11 again this soon after it changed the window is not obeyed: under X without a window
manager the new window's focus brought F11 presses nobody made, and the window flipped
between full screen and back, black, until the game was killed."""
EXIT_SAVE_SECONDS = 12.0
"""How long quitting waits for the last saves (the window is already gone): a history locked
by another instance is waited out (its busy timeout is 10 s) rather than lost."""


class App:
    """Window, loop, scene stack and services; scenes see it only as their SceneContext.

    Scenes never call the app: they emit intents (see ``game.ui.intents``), which the app
    carries out after each call into a scene. Every collaborator can be injected for tests.
    """

    def __init__(self, *, worker: Worker | None = None, clock: Clock | None = None,
                 settings_store: SettingsStore | None = None, writer: Writer | None = None,
                 sounds: Sounds | None = None, scores: HighScores | None = None,
                 window: tuple[int, int] = DEFAULT_WINDOW, image: str | None = None,
                 rng: random.Random | None = None) -> None:
        display.start_pygame()  # raises NoDisplayError (one line, exit 2) with no display
        self._window = Window(window)
        self.worker: Worker = worker if worker is not None else services.default_worker()
        # The coach's Python waits from just before each frame's deadline to the end of its
        # work, so the wake-up is on time too (the compiled search runs on regardless).
        self.clock: Clock = clock if clock is not None else FrameClock(
            before_deadline=self.worker.gate.hold)
        store = settings_store if settings_store is not None else open_settings_store()
        self.writer: Writer = writer if writer is not None else BackgroundWriter()
        self.keeper = Keeper(store, self.writer,
                             scores if scores is not None else HistoryScores().load())
        """The player's settings and records, and their saves."""
        self._rng = rng if rng is not None else random.Random()
        self._fonts = Fonts()
        self._fonts.set_large(self.settings.large_text)
        self._tiles = TileCache(self._fonts)
        self.sounds = sounds if sounds is not None else Sounds.load(self.settings.sound)
        self.pictures = services.PictureTiles(image)
        self._stats = RunStats()
        self.scenes: list[Scene] = []
        self.running = True
        self.frames = 0
        self._presenter = Presenter()
        self._layout_key: tuple[tuple[int, int], int, int] | None = None
        self._layout: Layout | None = None
        self._started_worker = False
        self._fade = Fade()
        self._since_fullscreen = FULLSCREEN_GAP_SECONDS
        """Seconds since F11 last changed the window (FULLSCREEN_GAP_SECONDS)."""
        self._shown: Scene | None = None

    # --- the scene context ------------------------------------------------
    @property
    def settings(self) -> Settings:
        """The player's settings."""
        return self.keeper.settings

    @property
    def theme(self) -> Theme:
        """The colour theme in use."""
        return get_theme(self.settings.theme)

    @property
    def fonts(self) -> Fonts:
        """The font cache."""
        return self._fonts

    @property
    def tiles(self) -> TileCache:
        """Rendered tile faces."""
        return self._tiles

    @property
    def coach(self) -> Worker:
        """The coach worker."""
        return self.worker

    @property
    def scores(self) -> HighScores:
        """The high-score tables."""
        return self.keeper.scores

    @property
    def stats(self) -> RunStats:
        """This run's frame and hint-latency figures."""
        return self._stats

    @property
    def rng(self) -> random.Random:
        """Randomness for new boards."""
        return self._rng

    @property
    def warning(self) -> str | None:
        """A one-line note about a settings file that was set aside, if any."""
        return self.keeper.warning

    @property
    def notice(self) -> str | None:
        """The notice every scene shows across the top for a few seconds, or None."""
        return self.keeper.saves.notice

    @property
    def window(self) -> tuple[int, int]:
        """The window's size in pixels."""
        return self.screen.get_size()

    def layout_for(self, board: Board) -> Layout:
        """Board geometry for the current window size (cached until either changes)."""
        key = (self.screen.get_size(), board.width, board.height)
        if key != self._layout_key or self._layout is None:
            self._layout_key = key
            self._layout = compute_layout(key[0], board.width, board.height)
        return self._layout

    def picture_tiles(self, board: Board) -> dict[int, pygame.Surface] | None:
        """Tile images for picture mode at the current tile size, or None."""
        if not (self.settings.picture or self.pictures.image):
            return None
        return self.pictures.tiles(board, self.layout_for(board), self.settings.show_numbers,
                                   self._fonts)

    # --- window -------------------------------------------------------
    @property
    def screen(self) -> pygame.Surface:
        """The surface the scenes draw on (the window's)."""
        return self._window.screen

    @screen.setter
    def screen(self, surface: pygame.Surface) -> None:
        self._window.screen = surface

    def resize(self, size: tuple[int, int]) -> None:
        """Follow a window resize (see ``Window.resize``)."""
        self._window.resize(size)

    def toggle_fullscreen(self) -> None:
        """F11: full screen and back (see ``Window.toggle_fullscreen``)."""
        self._window.toggle_fullscreen()

    # --- scenes -------------------------------------------------------
    @property
    def scene(self) -> Scene:
        """The scene on top of the stack."""
        return self.scenes[-1]

    def _closed(self, scenes: list[Scene]) -> None:
        """Scenes leaving for good: what they ask for as they go (a game to record) is done."""
        for scene in reversed(scenes):
            scene.closed()
            self._carry_out_from(scene)

    def push(self, scene: Scene) -> None:
        """Show ``scene`` above the current one."""
        self.scenes.append(scene)

    def pop(self) -> None:
        """Back to the scene below (never below the bottom one)."""
        if len(self.scenes) > 1:
            self._closed([self.scenes.pop()])
            self.scene.shown_again()

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.scenes:
            self._closed([self.scenes.pop()])
        self.scenes.append(scene)

    def to_title(self) -> None:
        """Back to the title screen at the bottom of the stack."""
        gone, self.scenes[1:] = self.scenes[1:], []
        self._closed(gone)
        self.scenes[0].shown_again()

    def quit(self) -> None:
        """Leave the loop at the end of this frame."""
        self.running = False

    def start_game(self, spec: GameSpec, *, on_top: bool = False) -> None:
        """Start ``spec``: at once for a fixed or random board, via the worker for a difficulty."""
        scene = scenes.game_scene(self, spec, self.writer.submit)
        if on_top or len(self.scenes) <= 1:
            self.push(scene)
        else:
            self.replace(scene)

    def carry_out(self, intent: Intent) -> None:
        """Do what a scene asked for."""
        match intent:
            case Quit():
                self.quit()
            case Pop():
                self.pop()
            case ToTitle():
                self.to_title()
            case StartGame(spec=spec, on_top=on_top):
                self.start_game(spec, on_top=on_top)
            case BeginGame(board=board, spec=spec, note=note):
                self.replace(PlayScene(self, board, spec))
                if note:
                    self.keeper.saves.tell(note)
            case OpenSettings():
                self.push(SettingsScene(self))
            case ShowScores(shape=shape):
                self.push(ScoresScene(self, shape, warning=self.keeper.scores.take_warning()))
            case ShowEnd(summary=summary, spec=spec, start=start, game_id=game_id, record=game):
                game, result = self.keeper.record(game)
                self.replace(EndScene(self, summary, spec, start, game_id, result,
                                      warning=self.keeper.scores.take_warning(), record=game))
            case RecordGame(record=game):
                self.keeper.record(game)
            case NameGame(record=game, name=name):
                self.keeper.name_game(game, name)
            case Moved(tiles=tiles):
                self._stats.moves += tiles
            case Shown(board=board, known=known):
                self._stats.board_changed(board)
                if known:
                    self._stats.hint_known(board)
            case Known(board=board):
                self._stats.hint_known(board)
            case ShowKeys():
                self.push(KeysScene(self))
            case ShowStats(shape=shape):
                self.push(StatsScene(self, shape))
            case ShowReplay(game=game, speed=speed):
                self.push(scenes.replay_scene(self, game, speed, self.writer.submit))
            case ShowDrill(recording=recording, judgements=judgements, distances=distances):
                self.push(DrillScene(self, recording, judgements, distances))
            case StartAttract():
                self.push(scenes.attract_scene(self, ATTRACT_SHAPES))
            case NextDemoBoard():
                self._stats.boards_solved += 1
                self.replace(scenes.next_demo_scene(self, intent))
            case PlaySound(sound=sound):
                if self.settings.sound:
                    self.sounds.play(sound)
            case ChangeSettings(settings=settings):
                self.set_settings(settings)

    def _carry_out_from(self, scene: Scene) -> None:
        for intent in scene.take_intents():
            self.carry_out(intent)

    # --- settings and pictures -------------------------------------------
    def set_settings(self, settings: Settings) -> None:
        """Use new settings now and save the fields that changed in the background."""
        old = self.settings
        self.keeper.change(settings)
        self._fonts.set_large(settings.large_text)
        if settings.sound != old.sound:
            if settings.sound and not self.sounds.available:
                self.sounds = Sounds.load(True)
            self.sounds.set_muted(not settings.sound)

    def use_picture(self, source: pygame.Surface | None) -> None:
        """Use this already loaded picture (a Surface) for picture mode; None keeps the default."""
        self.pictures.use(source)

    # --- the loop -------------------------------------------------------
    def frame(self, dt: float) -> None:
        """One frame: events to the scene, worker results, update by ``dt``, draw, flip."""
        if not self._started_worker:
            self._started_worker = True
            self.worker.start()
        for event in pygame.event.get():
            self._event(event)
            if not self.running:
                return
        packet = self.worker.take()  # the coach's one channel: a packet a frame
        for scene in reversed(self.scenes):
            scene.receive(packet)
            self._carry_out_from(scene)
        self.keeper.saves.update(dt)
        self._since_fullscreen += dt
        scene = self.scene
        scene.update(dt)
        self._carry_out_from(scene)
        if self.scene is not self._shown and not self.settings.reduced_motion:
            self._fade.start()  # a short fade-in; input already goes to the new scene
        self._shown = self.scene
        self._fade.advance(dt)
        self.scene.draw(self.screen)
        self._fade.draw(self.screen, self.theme.bg)
        shown = self._presenter.present(self.screen)
        if isinstance(self.clock, FrameClock):
            self.clock.exact = shown  # a still screen needs no exact pacing
        self.frames += 1

    def _event(self, event: pygame.event.Event) -> None:
        self._presenter.invalidate()  # exposed, resized, refocused...: show the next frame
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            if self._since_fullscreen >= FULLSCREEN_GAP_SECONDS:
                self._since_fullscreen = 0.0
                self.toggle_fullscreen()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_m \
                and not self.scene.demo_input and not self.scene.text_input:
            self.set_settings(self.settings.cycled("sound"))
        else:
            scene = self.scene
            scene.handle(event)
            self._carry_out_from(scene)

    def run(self, seconds: float | None = None, max_frames: int | None = None) -> int:
        """Loop until quit (or for ``seconds`` of real time / ``max_frames`` frames)."""
        start = last = time.perf_counter()
        switch = sys.getswitchinterval()
        sys.setswitchinterval(GIL_SWITCH_SECONDS)
        try:
            with IdleCollector() as collector:
                while self.running:
                    dt = min(MAX_DT, self.clock.tick(FPS) / 1000.0)
                    now = time.perf_counter()
                    interval, last = now - last, now
                    gate = self.worker.gate
                    gate.hold()  # held already by the frame clock; the coach's Python waits
                    try:
                        self.frame(dt)
                    finally:
                        gate.release()
                    work = time.perf_counter() - now
                    idle_gc = collector.collect_due()  # in the time the clock would sleep
                    self._stats.frame(interval, work, self.worker.status.state, idle_gc)
                    if seconds is not None and time.perf_counter() - start >= seconds:
                        break
                    if max_frames is not None and self.frames >= max_frames:
                        break
        finally:
            sys.setswitchinterval(switch)
        return 0

    def close(self) -> None:
        """Record and queue what is left, take the window away at once, then stop the worker
        and the writer: their waits (a search being cancelled, saves finishing) happen with
        no window on screen, and every save queued still completes."""
        try:
            self._closed(self.scenes)  # a game left open by quitting is recorded too
            self.scenes = []
            self.keeper.close()  # games held in memory, settings a failed save left
        finally:
            try:
                pygame.display.quit()  # no black window while the threads below wind down
            finally:
                try:
                    self.worker.shutdown()
                finally:
                    try:
                        self.writer.close(EXIT_SAVE_SECONDS)
                    finally:
                        pygame.quit()
