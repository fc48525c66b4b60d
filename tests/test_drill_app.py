"""The drill in the app: D on the end screen and in the replay viewer, and a practice game."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.ghost import GhostKind
from game.core.spec import GameKind, GameSpec
from game.play.drill import NO_MISTAKES
from game.ui.end_words import RANK_PRACTICE, end_screen_lines, end_screen_text
from game.ui.intents import ShowReplay
from game.ui.scenes.drill import DrillScene
from game.ui.scenes.end import EndScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.replay import ReplayScene
from tests.app_driver import KEYS, frames, key
from tests.history_driver import START, make_app
from tests.history_driver import data_home as data_home  # noqa: F401  (fixture)


def play(app, letters: str, spec: GameSpec | None = None) -> None:
    """Start ``spec`` (START by default), play ``letters``, wait for the end screen (a name
    prompt for a new top-10 entry is skipped with Esc)."""
    app.start_game(spec or GameSpec(3, 3, board=START))
    frames(app, 2)
    for letter in letters:
        key(KEYS[letter])
        frames(app, 10)
    frames(app, 90)
    if isinstance(app.scene, EndScene) and app.scene.naming is not None:
        key(pygame.K_ESCAPE)
        frames(app, 2)


def test_d_on_the_end_screen_opens_the_drill_and_plays_on_as_practice(data_home: Path) -> None:
    app = make_app(data_home)
    try:
        play(app, "URLL")
        end = app.scene
        assert isinstance(end, EndScene) and "D drill" in end_screen_text(end.view).help
        key(pygame.K_d)
        frames(app, 3)
        drill = app.scene
        assert isinstance(drill, DrillScene) and drill.drill is not None
        assert drill.drill.position == START.apply("U")
        assert drill.drill.words() == \
            "8 left kept you on course for a 2-move game; your move cost 2"
        key(pygame.K_ESCAPE)  # back to the end screen
        frames(app, 2)
        assert app.scene is end
        key(pygame.K_d)
        frames(app, 2)
        key(pygame.K_RETURN)
        frames(app, 2)
        game = app.scene
        assert isinstance(game, PlayScene) and game.spec.kind is GameKind.PRACTICE
        assert game.game.board == START.apply("U")
        ranked_before = [g for g in app.scores.games]
        for letter in "L":
            key(KEYS[letter])
            frames(app, 10)
        frames(app, 90)
        practice_end = app.scene
        assert isinstance(practice_end, EndScene) and not practice_end.view.ranked
        assert practice_end.view.rank is None and not practice_end.view.badges
        text = end_screen_text(practice_end.view)
        assert text.rank_line == RANK_PRACTICE == "Practice games are never ranked"
        assert RANK_PRACTICE in end_screen_lines(practice_end.view)
        assert len(app.scores.games) == len(ranked_before) + 1  # recorded all the same
        # G races the practice game just solved, the only one on that board (a newcomer
        # was set to race the coach)
        assert "G race your ghost" in text.help
        key(pygame.K_g)
        frames(app, 3)
        race = app.scene
        assert isinstance(race, PlayScene) and race.game.race is not None
        assert race.game.race.choice.kind is GhostKind.BEST
    finally:
        app.close()


def test_d_without_a_mistake_says_so(data_home: Path) -> None:
    app = make_app(data_home)
    try:
        play(app, "UL")
        end = app.scene
        assert isinstance(end, EndScene)
        key(pygame.K_d)
        frames(app, 2)
        assert app.scene is end and end_screen_text(end.view).help == NO_MISTAKES
        frames(app, 200)  # the note gives the keys back after a while
        assert end_screen_text(end.view).help != NO_MISTAKES
    finally:
        app.close()


def test_d_in_the_replay_viewer(data_home: Path) -> None:
    app = make_app(data_home)
    try:
        play(app, "URLL")
        game = app.scores.games[-1]
        app.to_title()
        app.carry_out(ShowReplay(game))
        frames(app, 2)
        viewer = app.scene
        assert isinstance(viewer, ReplayScene)
        key(pygame.K_d)
        frames(app, 2)
        assert isinstance(app.scene, DrillScene)
        assert viewer.index == 1 and viewer.paused  # the position before the mistake
        key(pygame.K_ESCAPE)
        frames(app, 2)
        assert app.scene is viewer
        play(app, "UL")
        app.to_title()
        app.carry_out(ShowReplay(app.scores.games[-1]))
        frames(app, 2)
        viewer = app.scene
        key(pygame.K_d)
        frames(app, 2)
        assert app.scene is viewer and viewer.note == NO_MISTAKES
    finally:
        app.close()
