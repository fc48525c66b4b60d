"""The front end app: window, 60 fps dt loop, scene stack, worker and save plumbing, CLI entries."""

from __future__ import annotations

import logging
import random
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from game.core.board import Board
from game.cli.main import EXIT_BAD_INPUT, DemoOptions, PlayOptions
from game.core.generate import MAX_SEED, random_board
from game.core.settings import Settings, open_settings_store
from game.ui import services
from game.ui.fonts import Fonts
from game.ui.layout import MIN_WINDOW, Layout, compute_layout
from game.ui.render import TileCache
from game.core.spec import GameSpec, difficulty_length
from game.ui.stats import RunStats, format_summary, write_json
from game.ui.theme import get_theme

log = logging.getLogger(__name__)

FPS = 60
MAX_DT = 0.1
"""A stall longer than this is not replayed as motion (dt is capped)."""
GIL_SWITCH_SECONDS = 0.0005
"""While the loop runs, a pure-Python search on the worker thread hands the GIL back this
often (CPython's default is 5 ms, which stretched 60 fps frames to ~21 ms on 5x5 boards)."""
DEFAULT_WINDOW = (760, 820)


class App:
    """Window, loop and scene stack; every collaborator can be injected for tests."""

    def __init__(self, *, worker: Any = None, clock: Any = None, settings_store: Any = None,
                 writer: Any = None, sounds: Any = None, scores: Any = None,
                 window: tuple[int, int] = DEFAULT_WINDOW, image: str | None = None,
                 rng: random.Random | None = None) -> None:
        pygame.init()
        self.screen = pygame.display.set_mode(self._fit_window(window), pygame.RESIZABLE)
        pygame.display.set_caption("Fifteen")
        self.clock = clock if clock is not None else pygame.time.Clock()
        self.worker = worker if worker is not None else services.default_worker()
        self.store = settings_store if settings_store is not None else open_settings_store()
        self.writer = writer if writer is not None else services.default_writer()
        self.settings = Settings.from_dict(self.store.load())
        self.warning: str | None = getattr(self.store, "warning", None)
        self.scores = scores if scores is not None else services.default_scores()
        self.rng = rng if rng is not None else random.Random()
        self.fonts = Fonts()
        self.tiles = TileCache(self.fonts)
        self.sounds = sounds if sounds is not None else services.load_sounds(self.settings.sound)
        self.image = image
        self.stats = RunStats()
        self.scenes: list[Any] = []
        self.running = True
        self.frames = 0
        self._layout_key: tuple = ()
        self._layout: Layout | None = None
        self._picture_src: Any = None
        self._picture_key: tuple = ()
        self._picture_tiles: dict | None = None
        self._started_worker = False

    # --- window -------------------------------------------------------
    @staticmethod
    def _fit_window(size: tuple[int, int]) -> tuple[int, int]:
        try:
            desk = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            desk = size
        w = max(MIN_WINDOW[0], min(size[0], int(desk[0] * 0.95) or size[0]))
        h = max(MIN_WINDOW[1], min(size[1], int(desk[1] * 0.9) or size[1]))
        return w, h

    @property
    def theme(self) -> Any:
        """The colour theme in use."""
        return get_theme(self.settings.theme)

    def layout_for(self, board: Board) -> Layout:
        """Board geometry for the current window size (cached until either changes)."""
        key = (self.screen.get_size(), board.width, board.height)
        if key != self._layout_key or self._layout is None:
            self._layout_key = key
            self._layout = compute_layout(key[0], board.width, board.height)
        return self._layout

    def resize(self, size: tuple[int, int]) -> None:
        """Follow a window resize (the layout is recomputed from the new size)."""
        size = (max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1]))
        if size != self.screen.get_size():
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        """F11: full screen and back; ignored where the video driver cannot do it."""
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error as exc:
            log.info("fullscreen unavailable: %s", exc)
        self.screen = pygame.display.get_surface() or self.screen

    # --- scenes -------------------------------------------------------
    @property
    def scene(self) -> Any:
        """The scene on top of the stack."""
        return self.scenes[-1]

    def push(self, scene: Any) -> None:
        """Show ``scene`` above the current one."""
        self.scenes.append(scene)

    def pop(self) -> None:
        """Back to the scene below (never below the bottom one)."""
        if len(self.scenes) > 1:
            self.scenes.pop()

    def replace(self, scene: Any) -> None:
        """Swap the top scene for ``scene``."""
        if self.scenes:
            self.scenes.pop()
        self.scenes.append(scene)

    def to_title(self) -> None:
        """Back to the title screen at the bottom of the stack."""
        del self.scenes[1:]
        self.scenes[0].reset_idle()

    def quit(self) -> None:
        """Leave the loop at the end of this frame."""
        self.running = False

    def start_game(self, spec: GameSpec, *, on_top: bool = False) -> None:
        """Start ``spec``: at once for a fixed or random board, via the worker for a difficulty."""
        from game.ui.scenes.play import PlayScene
        from game.ui.scenes.title import GeneratingScene

        if spec.board is None and spec.seed is None:
            spec = replace(spec, seed=self.rng.randrange(MAX_SEED))
        length = difficulty_length(spec.width, spec.height, spec.difficulty)
        if spec.board is not None:
            scene: Any = PlayScene(self, spec.board, spec)
        elif length is None:
            board = random_board(spec.width, spec.height, random.Random(spec.seed))
            scene = PlayScene(self, board, spec)
        else:
            request = self.worker.request_board(spec.width, spec.height, length, spec.seed)
            scene = GeneratingScene(self, spec, request)
        if on_top or len(self.scenes) <= 1:
            self.push(scene)
        else:
            self.replace(scene)

    def open_settings(self) -> None:
        """Push the settings menu."""
        from game.ui.scenes.menus import SettingsScene

        self.push(SettingsScene(self))

    def show_end(self, session: Any, spec: GameSpec, result: Any = None) -> None:
        """Replace the finished game with the end-of-game screen (``result``: its score)."""
        from game.ui.scenes.end import EndScene

        self.replace(EndScene(self, session, spec, result))

    def demo_solved(self, scene: Any) -> None:
        """A self-playing game finished: count it and start the next seeded board."""
        from game.ui.scenes.play import PlayScene

        self.stats.boards_solved += 1
        spec = scene.spec.fresh()
        spec = replace(spec, seed=self.rng.randrange(MAX_SEED))
        board = random_board(spec.width, spec.height, random.Random(spec.seed))
        self.replace(PlayScene(self, board, spec, autoplayer=scene.autoplayer,
                               attract=scene.attract))

    # --- settings, sound, pictures --------------------------------------
    def set_settings(self, settings: Settings) -> None:
        """Use new settings now and save them in the background."""
        old, self.settings = self.settings, settings
        if settings.sound != old.sound:
            if settings.sound and not self.sounds.available:
                self.sounds = services.load_sounds(True)
            self.sounds.set_muted(not settings.sound)
        self.save_settings()

    def save_settings(self) -> None:
        """Queue a save of the settings on the writer thread."""
        data, store = self.settings.to_dict(), self.store
        self.writer.submit(lambda: store.save(data))

    def play_sound(self, name: str) -> None:
        """Play an effect unless muted (silent without audio)."""
        if self.settings.sound:
            self.sounds.play(name)

    def use_picture(self, source: Any) -> None:
        """Use this already loaded picture (a Surface) for picture mode; None keeps the default."""
        if source is not None:
            self._picture_src = source
            self._picture_key = None

    def picture_tiles(self, board: Board) -> dict | None:
        """Tile images for picture mode at the current tile size, or None."""
        if not (self.settings.picture or self.image):
            return None
        layout = self.layout_for(board)
        key = (layout.tile_px, board.width, board.height, self.settings.show_numbers)
        if key == self._picture_key:
            return self._picture_tiles
        from game.ui import picture

        if self._picture_src is None:
            self._picture_src = services.load_picture(self.image)
        self._picture_key = key
        self._picture_tiles = picture.cut_tiles(self._picture_src, board.width, board.height,
                                                layout.tile_px, layout.tile_px,
                                                self.settings.show_numbers, self.fonts)
        return self._picture_tiles

    # --- scores ---------------------------------------------------------
    def record_score(self, summary: Any, game_id: str) -> Any:
        """Enter a finished game (the file update runs on the writer thread)."""
        result, _saved = self.scores.record(summary, self.writer, game_id=game_id)
        return result

    # --- worker ---------------------------------------------------------
    def known(self, board: Board) -> Any:
        """What the worker knows about ``board`` right now (never blocks)."""
        return self.worker.known(board)

    def submit(self, board: Board) -> None:
        """Ask the worker about ``board`` (returns at once)."""
        self.worker.submit(board)

    def worker_status(self) -> Any:
        """The worker's status for the HUD."""
        return self.worker.status

    def board_changed(self, board: Board) -> None:
        """A new board is on screen (starts a hint-latency measurement)."""
        self.stats.board_changed(board, time.perf_counter())

    def hint_known(self, board: Board) -> None:
        """Complete optimal moves are known for ``board``."""
        self.stats.hint_known(board, time.perf_counter())

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
        for result in self.worker.poll():
            for scene in reversed(self.scenes):
                if scene.receive(result):
                    break
        self.scene.update(dt)
        self.scene.draw(self.screen)
        pygame.display.flip()
        self.frames += 1

    def _event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_m \
                and not getattr(self.scene, "autoplayer", None):
            self.set_settings(self.settings.cycled("sound"))
        else:
            self.scene.handle(event)

    def run(self, seconds: float | None = None, max_frames: int | None = None) -> int:
        """Loop until quit (or for ``seconds`` of real time / ``max_frames`` frames)."""
        start = last = time.perf_counter()
        switch = sys.getswitchinterval()
        sys.setswitchinterval(GIL_SWITCH_SECONDS)
        try:
            while self.running:
                dt = min(MAX_DT, self.clock.tick(FPS) / 1000.0)
                now = time.perf_counter()
                interval, last = now - last, now
                self.frame(dt)
                work = time.perf_counter() - now
                self.stats.frame(interval, work, self.worker.status.state)
                if seconds is not None and time.perf_counter() - start >= seconds:
                    break
                if max_frames is not None and self.frames >= max_frames:
                    break
        finally:
            sys.setswitchinterval(switch)
        return 0

    def close(self) -> None:
        """Save settings, stop the worker and the writer, close the window."""
        try:
            self.save_settings()
        finally:
            try:
                self.worker.shutdown()
            finally:
                try:
                    self.writer.close()
                finally:
                    pygame.quit()


def _install_sigterm(handler: Callable[[], None]) -> Any:
    try:
        return signal.signal(signal.SIGTERM, lambda signum, frame: handler())
    except ValueError:  # not the main thread
        return None


def run_play(options: PlayOptions) -> int:
    """`play`: the title screen (or straight into a game when a size/board/seed was given)."""
    from game.ui.scenes.title import TitleScene

    picture_source = None
    if options.image:
        # Read the player's picture before any window opens: a bad file is bad input.
        from game.ui.picture import PictureError, load_picture

        try:
            picture_source = load_picture(options.image)
        except PictureError as exc:
            print(f"fifteen: error: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
    app = App(image=options.image)
    if picture_source is None and app.settings.picture:
        picture_source = services.load_picture(None)  # drawn now, not in the first frame
    app.use_picture(picture_source)
    previous = _install_sigterm(app.quit)
    try:
        app.push(TitleScene(app, options.width, options.height))
        if options.board is not None or options.seed is not None or options.size_given:
            app.start_game(GameSpec(options.width, options.height, "any", options.seed,
                                    options.board))
        return app.run()
    finally:
        app.close()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def run_demo(options: DemoOptions) -> int:
    """`demo`: the real loop playing itself for options.seconds, then the figures."""
    from game.ui.autoplay import AutoPlayer
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.title import TitleScene

    app = App(rng=random.Random(options.seed), sounds=services.silent_sounds(),
              worker=services.default_worker((options.width, options.height)))
    previous = _install_sigterm(app.quit)
    try:
        app.push(TitleScene(app, options.width, options.height))
        spec = GameSpec(options.width, options.height, "any", options.seed)
        board = random_board(spec.width, spec.height, random.Random(spec.seed))
        app.push(PlayScene(app, board, spec, autoplayer=AutoPlayer(random.Random(options.seed))))
        app.run(seconds=options.seconds)
        data = app.stats.summary(f"{options.width}x{options.height}", options.seconds)
        print(format_summary(data))
        if options.stats:
            write_json(options.stats, data)
        return 0
    finally:
        app.close()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
