"""New scenes for the app's intents: a game (or its generation), a replay, the demo boards."""

from __future__ import annotations

import random
from concurrent.futures import Future
from dataclasses import replace

from game.core.generate import MAX_SEED
from game.core.recording import Recording
from game.core.replay_code import CodedGame
from game.core.spec import Difficulty, GameKind, GameSpec, difficulty_length
from game.play.autoplay import AutoPlayer
from game.play.ghost_race import Submit, find_ghost
from game.store.history import GameRecord
from game.store.history_scores import HistoryScores
from game.ui.context import SceneContext
from game.ui.intents import NextDemoBoard
from game.ui.scenes.base import Scene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.title import GeneratingScene


def game_scene(ctx: SceneContext, spec: GameSpec, submit: Submit) -> Scene:
    """``spec``'s game: at once for a fixed or random board, via the coach for a difficulty
    (``submit`` runs slow reads, such as a ghost's game, on the writer thread)."""
    if spec.board is None and spec.seed is None:
        chosen = spec.chosen or GameKind.RANDOM
        spec = replace(spec, seed=ctx.rng.randrange(MAX_SEED), chosen=chosen)
    length = difficulty_length(spec.width, spec.height, spec.difficulty)
    if spec.board is not None:
        board = spec.board
        spec, pending = find_ghost(ctx.scores, submit, spec)
        return PlayScene(ctx, board, spec, ghost_pending=pending)
    if length is None:
        return PlayScene(ctx, spec.seeded_board(), spec)
    assert spec.seed is not None
    request = ctx.coach.request_board(spec.width, spec.height, length, spec.seed)
    return GeneratingScene(ctx, spec, request)


def replay_scene(ctx: SceneContext, game: Recording | GameRecord | CodedGame, speed: float,
                 submit: Submit, *, closes: bool = False) -> ReplayScene:
    """A replay of a recording (or a replay code's game, its judgements with it), or of a
    history row whose actions load on the writer; ``closes``: Esc closes the program."""
    if isinstance(game, Recording):
        return ReplayScene(ctx, game, speed=speed, closes=closes)
    if isinstance(game, CodedGame):
        return ReplayScene(ctx, game.recording, speed=speed, judgements=game.judgements,
                           distances=game.distances, closes=closes)
    if game.tokens or game.id is None:  # played this run: its actions are in memory
        return ReplayScene(ctx, game.recording(), speed=speed, judgements=game.judgements,
                           distances=game.distances, closes=closes, kind=game.kind)
    scores = ctx.scores
    if not isinstance(scores, HistoryScores):
        return ReplayScene(ctx, None, speed=speed, closes=closes)
    history, row = scores.history, game.id
    pending = submit(lambda: history.game(row))
    if not isinstance(pending, Future):  # an inline writer in tests: already done
        done: Future = Future()
        done.set_result(history.game(row))
        pending = done
    return ReplayScene(ctx, None, pending=pending, speed=speed, closes=closes)


def attract_scene(ctx: SceneContext, shapes: tuple[tuple[int, int], ...]) -> Scene:
    """A self-playing game on one of ``shapes`` that any key ends."""
    width, height = ctx.rng.choice(shapes)
    spec = GameSpec(width, height, Difficulty.ANY, ctx.rng.randrange(MAX_SEED),
                    chosen=GameKind.RANDOM)
    return PlayScene(ctx, spec.seeded_board(), spec,
                     autoplayer=AutoPlayer(random.Random(spec.seed)), attract=True)


def next_demo_scene(ctx: SceneContext, done: NextDemoBoard) -> Scene:
    """The next seeded board for a self-playing game that just finished."""
    spec = replace(done.spec.fresh(), seed=ctx.rng.randrange(MAX_SEED), chosen=GameKind.RANDOM)
    assert spec.seed is not None
    autoplayer = AutoPlayer(random.Random(spec.seed), hint_level=done.hint_level)
    return PlayScene(ctx, spec.seeded_board(), spec, autoplayer=autoplayer,
                     attract=done.attract)
