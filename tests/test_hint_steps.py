"""Level-2 hints: every shown step is on the tile that makes it, a tile moved twice too."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.core.board import Board
from game.core.scoring import MoveClass
from game.ui import fonts as fonts_module
from game.ui.effects import Effects, Popup, draw_effects
from game.ui.fonts import Fonts
from game.ui.layout import Type, compute_layout, type_px
from game.ui.render import (
    NUMBER_SHARE,
    BoardView,
    TileCache,
    draw_board,
    path_steps,
    step_label,
)
from game.ui.theme import get_theme

GOAL = Board.goal(3, 3)
AROUND = "DRUL"
"""From the goal: 6 down, 5 right, 8 up, then 6 again (left): tile 6 makes steps 1 and 4."""


def test_a_tile_moved_twice_carries_both_its_steps() -> None:
    steps = path_steps(GOAL, AROUND)
    assert steps == {5: (1, 4), 4: (2,), 7: (3,)}  # cells on the board as it is now
    assert sorted(s for cell in steps.values() for s in cell) == [1, 2, 3, 4]
    assert step_label(steps[5]) == "1\u00b74" and step_label(steps[7]) == "3"


def test_steps_stop_at_a_move_the_board_cannot_make() -> None:
    assert path_steps(GOAL, "DDDL") == {5: (1,), 2: (2,)}


class TextSurface(pygame.Surface):
    """A window that notes where each rendered text is blitted."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.texts: list[tuple[str, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        assert fonts_module.RENDERED is not None
        text = fonts_module.RENDERED.text_of(source)
        if text is not None:
            rect = pygame.Rect(dest) if isinstance(dest, pygame.Rect) or len(dest) == 4 \
                else pygame.Rect(dest, source.get_size())
            self.texts.append((text, rect))
        return super().blit(source, dest, area, special_flags)


@pytest.fixture
def record_text() -> Iterator[None]:
    pygame.init()
    fonts_module.RENDERED = fonts_module.TextLog()
    yield
    fonts_module.RENDERED = None


@pytest.mark.parametrize("window", [(640, 600), (760, 820)], ids=["smallest", "default"])
def test_every_step_is_drawn_inside_its_tile(record_text: None,
                                             window: tuple[int, int]) -> None:
    board = GOAL
    layout = compute_layout(window, board.width, board.height)
    fonts = Fonts()
    surface = TextSurface(window)
    draw_board(surface, BoardView(board, hint_level=2, path=AROUND, show_numbers=False),
               layout, get_theme("classic"), TileCache(fonts), fonts)
    drawn = {text: rect for text, rect in surface.texts}
    assert set(drawn) == {"1\u00b74", "2", "3"}
    for cell, steps in path_steps(board, AROUND).items():
        tile = pygame.Rect(layout.cell_rect(cell))
        assert tile.contains(drawn[step_label(steps)]), f"{step_label(steps)} leaves its tile"


@pytest.mark.parametrize("window", [(640, 600), (1280, 800)], ids=["smallest", "default"])
def test_steps_leave_the_shared_digits_drawable(window: tuple[int, int]) -> None:
    """The badges fade cached digit surfaces; a tile face whose number is the same text, size
    and colour (the mistake drill at the smallest window) must still draw its digit, not the
    transparent box around it (it did: tiles 2-6 were dark blocks)."""
    pygame.init()
    theme = get_theme("classic")
    fonts = Fonts()
    cache = TileCache(fonts)
    layout = compute_layout(window, 3, 3)
    draw_board(pygame.Surface(window), BoardView(GOAL, hint_level=2, path=AROUND), layout,
               theme, cache, fonts)
    px = type_px(window, Type.BODY)  # the badges' digits, step 2 in the tile text colour
    digit = fonts.text("2", px, theme.tile_text, bold=True)
    plate = pygame.Surface((digit.get_width() + 4, digit.get_height() + 4))
    plate.fill(theme.tile)
    plate.blit(digit, (2, 2))
    assert plate.get_at((2, 2))[:3] == theme.tile  # the glyph's clear corner stays clear
    side = next(s for s in range(8, 400) if int(s * NUMBER_SHARE) == px)
    face = cache.face(2, False, side, theme, BoardView(Board.goal(5, 5)))
    label = digit.get_rect(center=(side // 2, side // 2 - side // 40))
    assert face.get_at(label.topleft).a == 255  # no hole through the tile face


def test_a_fading_popup_leaves_its_cached_words_drawable() -> None:
    """A pop-up fades the same cached words other screens draw: they keep blending."""
    pygame.init()
    window = (640, 600)
    theme = get_theme("classic")
    fonts = Fonts()
    effects = Effects(popups=[Popup("+10", MoveClass.OPTIMAL, (1, 1), age=0.3)])
    draw_effects(pygame.Surface(window), effects, compute_layout(window, 3, 3), theme, fonts)
    words = fonts.text("+10", type_px(window, Type.BODY), theme.good, bold=True)
    plate = pygame.Surface(words.get_size())
    plate.fill(theme.bg)
    plate.blit(words, (0, 0))
    assert plate.get_at((0, 0))[:3] == theme.bg


@pytest.mark.parametrize("window", [(640, 600), (760, 720)], ids=["smallest", "default"])
def test_a_badge_keeps_left_of_a_chevron_on_its_tiles_top_edge(
        record_text: None, window: tuple[int, int]) -> None:
    """Newcomer playtest: with large text a "1·6" pill covered the up-chevron beside it."""
    from game.ui.fonts import LARGE_TEXT_SCALE
    from game.ui.render import CHEVRON_HALF_WIDTH

    board = Board(4, 4, tuple(range(16)))  # tile 4 goes up, then comes back
    path = "ULDR"
    assert path_steps(board, path)[4] == (1, 4)
    layout = compute_layout(window, 4, 4)
    fonts = Fonts(LARGE_TEXT_SCALE)
    surface = TextSurface(window)
    draw_board(surface, BoardView(board, hint_level=2, path=path, hint_moves=frozenset("U"),
                                  show_numbers=False),
               layout, get_theme("classic"), TileCache(fonts), fonts)
    drawn = {text: rect for text, rect in surface.texts}
    x, y, s, _ = layout.cell_rect(4)
    chevron = pygame.Rect(x + s / 2 - s * CHEVRON_HALF_WIDTH, y, 2 * s * CHEVRON_HALF_WIDTH,
                          s // 4)
    badge = drawn["1\u00b74"].inflate(6, 6)  # the digits and the pill's least room
    assert not badge.colliderect(chevron), (badge, chevron)
    assert pygame.Rect(x, y, s, s).contains(badge)
