"""`play` and `demo`: build the app, run its loop, close it; the only place that starts the app."""

from __future__ import annotations

import random
import signal
import sys
from collections.abc import Callable
from types import FrameType

from game.core.recording import Recording
from game.core.replay_code import CodedGame
from game.core.spec import Difficulty, GameSpec
from game.play.autoplay import DEMO_HINT_LEVEL, AutoPlayer
from game.store.history import GameRecord
from game.ui import services
from game.ui.app import App
from game.ui.audio import Sounds
from game.ui.options import DemoOptions, PlayOptions
from game.ui.picture import load_picture
from game.ui.scenes import build as scenes
from game.ui.scenes.play import PlayScene
from game.ui.scenes.title import TitleScene
from game.ui.stats import format_summary, write_json

SigtermHandler = Callable[[int, FrameType | None], object] | int | None


def _install_sigterm(handler: Callable[[], None]) -> SigtermHandler:
    try:
        return signal.signal(signal.SIGTERM, lambda signum, frame: handler())
    except ValueError:  # not the main thread
        return None


def _restore_sigterm(previous: SigtermHandler) -> None:
    if previous is not None:
        signal.signal(signal.SIGTERM, previous)


def run_play(options: PlayOptions) -> int:
    """`play`: the title screen (or straight into a game when a size/board/seed was given).

    Raises PictureError (a LaunchError) for an unreadable ``--image``, before any window opens.
    """
    picture_source = load_picture(options.image) if options.image else None
    game = (options.width, options.height) if options.board is not None \
        or options.seed is not None or options.size_given else None
    app = App(image=options.image, worker=services.default_worker(first=game))
    if picture_source is None and app.settings.picture:
        picture_source = services.load_picture(None)  # drawn now, not in the first frame
    app.use_picture(picture_source)
    previous = _install_sigterm(app.quit)
    try:
        app.push(TitleScene(app, options.width, options.height))
        if options.board is not None or options.seed is not None or options.size_given:
            app.start_game(GameSpec(options.width, options.height, Difficulty.ANY, options.seed,
                                    options.board, daily=options.daily, ghost=options.ghost))
        return app.run()
    finally:
        app.close()
        _restore_sigterm(previous)
        tell_unsaved(app)


def tell_unsaved(app: App) -> None:
    """On quit: one line on stderr if games could not be written (they are lost now)."""
    left = app.scores.unsaved
    if left:
        why = app.scores.save_problem or "the writer did not finish in time"
        print(f"fifteen: {left} game{'s were' if left != 1 else ' was'} not saved to the "
              f"history ({why})", file=sys.stderr)


def run_replay(game: Recording | GameRecord | CodedGame, speed: float = 1.0) -> int:
    """`replay`: the replay over the title screen; Esc closes the viewer (and the program),
    as the command line opened it. A history row, or a replay code, brings the judgements
    stored with it."""
    if isinstance(game, GameRecord):
        shape = (game.width, game.height)
    else:
        board = game.recording.board if isinstance(game, CodedGame) else game.board
        shape = (board.width, board.height)
    app = App(worker=services.default_worker(shape))
    previous = _install_sigterm(app.quit)
    try:
        app.push(TitleScene(app, *shape))  # under the viewer, for a practice game's end
        app.push(scenes.replay_scene(app, game, speed, app.writer.submit, closes=True))
        return app.run()
    finally:
        app.close()
        _restore_sigterm(previous)


def run_demo(options: DemoOptions) -> int:
    """`demo`: the real loop playing itself for options.seconds, then the figures."""
    app = App(rng=random.Random(options.seed), sounds=Sounds.silent(),
              worker=services.default_worker((options.width, options.height)))
    previous = _install_sigterm(app.quit)
    try:
        app.push(TitleScene(app, options.width, options.height))
        spec = GameSpec(options.width, options.height, Difficulty.ANY, options.seed)
        board = spec.seeded_board()
        player = AutoPlayer(random.Random(options.seed), hint_level=DEMO_HINT_LEVEL)
        app.push(PlayScene(app, board, spec, autoplayer=player))
        app.run(seconds=options.seconds)
        data = app.stats.summary(f"{options.width}x{options.height}", options.seconds)
        print(format_summary(data))
        if options.stats:
            write_json(options.stats, data)
        return 0
    finally:
        app.close()
        _restore_sigterm(previous)
