"""The top-10 table's panel: an empty table's words keep a margin inside it."""

from __future__ import annotations

import pygame

from game.ui.scores_view import EMPTY_DAILY, draw_table
from game.ui.theme import get_theme


class _Blits(pygame.Surface):
    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.rects: list[pygame.Rect] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        self.rects.append(pygame.Rect(dest, source.get_size()))
        return super().blit(source, dest, area, special_flags)


def test_an_empty_tables_words_keep_half_a_line_from_the_panels_edges() -> None:
    pygame.font.init()
    words = EMPTY_DAILY.format(shape="5x5")  # ran to 1 px of its panel at 760x820, large text
    px = 20
    font = pygame.font.Font(None, px)
    width = font.size(words)[0] + 4  # room for the words alone, not their margins
    surface = _Blits((width + 40, 200))
    draw_table(surface, (20, 10, width, 180), [], words, None, get_theme("classic"),
               lambda size: pygame.font.Font(None, size), text_px=px)
    (drawn,) = surface.rects
    assert drawn.left >= 20 + px // 2 - 1 and drawn.right <= 20 + width - px // 2 + 1
