"""Level-2 hints: every shown step is on the tile that makes it, a tile moved twice too."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.core.board import Board
from game.ui import fonts as fonts_module
from game.ui.fonts import Fonts
from game.ui.layout import compute_layout
from game.ui.render import BoardView, TileCache, draw_board, path_steps, step_label
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
