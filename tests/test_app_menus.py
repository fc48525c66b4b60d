"""Menus, attract mode, settings, hover and picture mode through the real loop, headless."""

from __future__ import annotations

import pygame
import pytest

from game.core.notation import parse_board
from game.core.settings import THEME_CHOICES
from game.ui.scenes.end import ScoresScene
from game.ui.scenes.menus import Option, SettingsScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.title import ATTRACT_AFTER, GeneratingScene, TitleScene
from game.ui.theme import THEMES
from tests.app_driver import START, centre, click, frames, key, play
from tests.app_driver import make_app as make_app  # noqa: F401  (fixture)
from tests.fakes_front import FakeWorker, MemoryStore


def labels(title: TitleScene) -> list[str]:
    return [item.label for item in title.items()]

def test_title_starts_a_game_and_a_difficulty_waits_for_the_worker(make_app) -> None:
    worker = FakeWorker(hold_boards=True)
    app = make_app(worker)
    # a random board has one name, whatever the size offers (a newcomer saw "any" on one
    # size and "any (random)" on another)
    assert "Difficulty: any (random)" in labels(app.scene)
    key(pygame.K_DOWN)
    key(pygame.K_RIGHT)  # difficulty: easy
    frames(app)
    assert "Difficulty: easy" in labels(app.scene)
    key(pygame.K_DOWN)
    key(pygame.K_RETURN)  # Play
    frames(app)
    assert isinstance(app.scene, GeneratingScene)
    frames(app, 5)
    assert isinstance(app.scene, GeneratingScene)
    worker.release()
    frames(app)
    assert isinstance(app.scene, PlayScene) and app.scene.game.session.board.shape == "3x3"
    key(pygame.K_ESCAPE)
    frames(app)
    app.scene.menu.selected = 4  # Title
    key(pygame.K_RETURN)
    frames(app)
    assert isinstance(app.scene, TitleScene)


def test_a_size_without_difficulties_starts_a_random_board_whatever_was_chosen(
        make_app) -> None:
    """Newcomer playtest: a 5x5 started after a hard 4x4 read "Difficulty: any (random)" but
    was made as hard (no seed: no game ID on its end screen)."""
    app = make_app()
    title = app.scene
    key(pygame.K_DOWN)
    key(pygame.K_LEFT)  # difficulty: hard
    frames(app)
    assert "Difficulty: hard" in labels(title)
    title.width = title.height = 5
    assert "Difficulty: any (random)" in labels(title)
    title.menu.selected = labels(title).index("Play")
    key(pygame.K_RETURN)
    frames(app, 3)
    assert isinstance(app.scene, PlayScene)
    spec = app.scene.spec
    assert spec.difficulty.name == "ANY" and spec.seed is not None
    assert app.scene.game.game_id == f"5x5-{spec.seed}"


def test_title_custom_size_and_high_scores_view(make_app) -> None:
    app = make_app()
    title = app.scene
    key(pygame.K_LEFT)  # 3x3 -> custom
    frames(app)
    assert title.custom and "Width: 3" in labels(title)
    key(pygame.K_DOWN)
    key(pygame.K_RIGHT)  # width 4
    frames(app)
    assert (title.width, title.height) == (4, 3)
    title.menu.selected = labels(title).index("High scores")
    key(pygame.K_RETURN)
    frames(app)
    assert isinstance(app.scene, ScoresScene) and app.scene.shape == "4x3"
    key(pygame.K_ESCAPE)
    frames(app)
    title.menu.selected = labels(title).index("Play")
    key(pygame.K_RETURN)
    frames(app)
    assert app.scene.game.session.board.shape == "4x3"


def test_attract_mode_after_idle_and_any_key_returns(make_app, monkeypatch) -> None:
    monkeypatch.setattr("game.ui.app.ATTRACT_SHAPES", ((3, 3),))
    app = make_app(FakeWorker())
    app.frame(ATTRACT_AFTER / 2)
    assert isinstance(app.scene, TitleScene)
    for _ in range(int(ATTRACT_AFTER / 2 / 0.1) + 1):
        app.frame(0.1)
    demo = app.scene
    assert isinstance(demo, PlayScene) and demo.game.attract
    frames(app, 60)
    assert demo.game.session.moves > 0
    key(pygame.K_SPACE)
    frames(app)
    assert isinstance(app.scene, TitleScene)


def test_settings_are_saved_and_remembered(make_app) -> None:
    store = MemoryStore()
    app = make_app(store=store)
    for _ in range(5):
        key(pygame.K_DOWN)  # Settings (Size, Difficulty, Play, Daily, High scores, Settings)
    key(pygame.K_RETURN)
    frames(app)
    assert isinstance(app.scene, SettingsScene)
    key(pygame.K_DOWN)
    key(pygame.K_RETURN)  # hover on
    frames(app)
    assert app.settings.hover and store.data["hover"] is True
    key(pygame.K_m)  # mute anywhere
    frames(app)
    assert not app.settings.sound and store.data["sound"] is False
    again = make_app(store=store)
    assert again.settings.hover and not again.settings.sound
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    scene.menu.selected = [item.key for item in scene.items()].index(Option.THEME)
    key(pygame.K_LEFT)  # Left steps the theme back, Right on
    frames(app)
    assert app.settings.theme == THEME_CHOICES[-1]
    key(pygame.K_RIGHT)
    frames(app)
    assert app.settings.theme == THEME_CHOICES[0]


def motion(pos: tuple[int, int], rel: tuple[int, int] = (3, 0)) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel,
                                         buttons=(0, 0, 0)))


def test_hover_mode_slides_tiles_under_the_pointer(make_app) -> None:
    app = make_app(store=MemoryStore({"hover": True}))
    board = parse_board("1 2 3/4 5 6/7 0 8")
    scene = play(app, board)
    motion(centre(app, board, 0))  # where the pointer was when the game opened
    motion(centre(app, board, 8))
    frames(app)
    assert scene.game.session.board == board.apply("L")


def test_hover_ignores_a_resting_pointer_when_a_game_opens(make_app) -> None:
    """The bug: hover mode moved a tile by itself (and started the clock) under the pointer."""
    app = make_app(store=MemoryStore({"hover": True}))
    board = parse_board("1 2 3/4 5 6/7 0 8")
    scene = play(app, board)
    motion(centre(app, board, 8), rel=(0, 0))  # SDL's event for the resting pointer
    motion(centre(app, board, 8))
    frames(app, 3)
    assert scene.game.session.board == board and not scene.game.session.started
    motion(centre(app, board, 5))
    motion(centre(app, board, 8))
    frames(app)
    assert scene.game.session.board == board.apply("L")


def test_hover_acts_on_the_first_real_move_after_a_game_started_from_the_keyboard(
        make_app) -> None:
    """The bug: the first real hover after a keyboard start was taken for a resting pointer."""
    app = make_app(store=MemoryStore({"hover": True}))
    board = parse_board("1 2 3/4 5 6/7 0 8")
    scene = play(app, board)  # started from the keyboard: no event for the pointer yet
    a, b = centre(app, board, 6), centre(app, board, 8)
    motion(b, rel=(b[0] - a[0], b[1] - a[1]))  # from cell 6 (left of the gap) into cell 8
    frames(app)
    assert scene.game.session.board == board.apply("L")


def test_picture_mode_renders(make_app) -> None:
    app = make_app(store=MemoryStore({"picture": True}))
    scene = play(app)
    tiles = app.picture_tiles(START)
    assert tiles is not None and set(tiles) == set(range(1, 9))
    assert scene.board_view().picture is tiles


def test_title_offers_todays_daily_for_the_chosen_size(make_app) -> None:
    import datetime as dt
    import random

    from game.core.daily import daily_spec
    from game.core.generate import random_board
    from game.core.spec import GameKind

    app = make_app()
    title = app.scene
    title.today = lambda: dt.date(2026, 11, 24)
    key(pygame.K_RIGHT)  # 3x3 -> 4x4
    frames(app)
    assert "Daily 4x4 · Tue 24 Nov 2026" in labels(title)
    title.menu.selected = labels(title).index("Daily 4x4 · Tue 24 Nov 2026")
    key(pygame.K_RETURN)
    frames(app, 3)
    game = app.scene
    want = daily_spec(dt.date(2026, 11, 24), 4, 4)
    assert isinstance(game, PlayScene) and game.spec == want
    assert game.spec.kind is GameKind.DAILY
    # the same board as `play --daily` and `daily` name for that date and size
    assert game.game.session.board == random_board(4, 4, random.Random(want.seed))


def test_playing_from_the_keys_hides_the_ring_under_a_resting_pointer(make_app) -> None:
    """The ninth playtest: white rings stayed on tiles while the player used the keys (the
    ring marks the tile a click at the pointer would slide)."""
    app = make_app()
    board = parse_board("1 2 3/4 5 6/7 0 8")
    scene = play(app, board)
    motion(centre(app, board, 6))  # over tile 7, which a click would slide
    frames(app)
    assert scene.board_view().hover_cells == frozenset({6})
    key(pygame.K_UP)  # a key move: no ring till the mouse moves again
    frames(app, 30)
    assert scene.board_view().hover_cells == frozenset()
    now = scene.game.board
    beside = next(i for i in range(now.size) if now.slide_moves(i))
    motion(centre(app, now, beside))
    frames(app)
    assert beside in scene.board_view().hover_cells


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_the_ring_under_the_pointer_shows_on_every_theme(make_app, theme: str) -> None:
    """Newcomer playtest: on the high-contrast theme the white ring round the tile a click
    would slide was lost on the white tiles; a dark line inside it shows on any tile."""
    from dataclasses import replace

    from game.ui.theme import contrast

    app = make_app()
    app.set_settings(replace(app.settings, theme=theme))
    board = parse_board("1 2 3/4 5 6/7 0 8")
    play(app, board)
    frames(app, 30)  # the scene's fade-in over
    motion(centre(app, board, 6))
    frames(app, 3)
    x, y, size, _ = app.layout_for(board).cell_rect(6)
    colours = {app.screen.get_at((x + size // 2, y + d))[:3] for d in range(size // 8)}
    tile = app.screen.get_at((x + size // 4, y + size // 4))[:3]  # the tile's face
    assert max(contrast(c, tile) for c in colours) >= 3.0, (theme, colours, tile)


def test_a_click_with_large_text_picks_the_entry_drawn_under_it(make_app) -> None:
    """With large text at the smallest window the settings rows move up and grow: a click
    is tested on the rows as drawn (the first, Animation, is above where it was)."""
    from dataclasses import replace

    from game.ui.layout import MIN_WINDOW, menu_rects

    app = make_app()
    app.set_settings(replace(app.settings, large_text=True))
    app.screen = pygame.display.set_mode(MIN_WINDOW)
    app.push(SettingsScene(app))
    frames(app, 2)
    count = len(Option)
    normal, large = menu_rects(MIN_WINDOW, count), menu_rects(MIN_WINDOW, count, 1.25)
    assert normal != large
    x, y, w, h = large[0]
    assert y + h < normal[0][1]  # moved up out of the old row
    before = app.settings.anim_seconds
    click((x + w // 2, y + h // 2))
    frames(app, 2)
    assert app.settings.anim_seconds != before


def test_back_from_a_game_started_on_a_choice_the_title_is_on_play(make_app) -> None:
    """A newcomer's blind Enter after one game started from Size (Enter there had started
    it), after another from Play: back from a game, the cursor is on Play; from a menu
    below, where it was."""
    app = make_app()
    title = app.scene
    assert title.menu.selected == labels(title).index("Size: 3x3")
    key(pygame.K_RETURN)  # Enter on a choice starts the game
    frames(app, 3)
    assert isinstance(app.scene, PlayScene)
    app.to_title()
    frames(app)
    assert app.scene is title and title.menu.selected == labels(title).index("Play")
    title.menu.selected = labels(title).index("Settings")
    key(pygame.K_RETURN)
    frames(app)
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.scene is title and title.menu.selected == labels(title).index("Settings")


def test_left_and_right_on_a_size_without_difficulties_change_nothing(make_app) -> None:
    """A newcomer pressed Left/Right on "Difficulty: any (random)" with 5x5 chosen: nothing
    showed, but the hidden choice moved, and a 3x3 then read "Difficulty: hard"."""
    app = make_app()
    title = app.scene
    title.width = title.height = 5
    title.menu.selected = labels(title).index("Difficulty: any (random)")
    for k in (pygame.K_LEFT, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_LEFT):
        key(k)
        frames(app)
    assert "Difficulty: any (random)" in labels(title)
    title.width = title.height = 3
    assert "Difficulty: any (random)" in labels(title)
