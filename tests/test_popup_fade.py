"""A pop-up fades as one image: its words stay as legible against their pill to the end
(faded apart, the words went first and an empty pill floated on)."""

from __future__ import annotations

import pygame

from game.core.scoring import MoveClass
from game.ui.effects import Effects, Popup, draw_effects, popup_rect
from game.ui.fonts import Fonts
from game.ui.layout import REFERENCE_WINDOW, compute_layout
from game.ui.theme import get_theme


def _contrast(age: float) -> tuple[float, float]:
    """(words against pill, pill against the board behind) on a drawn pop-up at ``age``."""
    layout = compute_layout(REFERENCE_WINDOW, 4, 4)
    theme = get_theme("")
    fonts = Fonts()
    backdrop = (236, 196, 112)  # a tile's face
    surface = pygame.Surface(REFERENCE_WINDOW)
    surface.fill(backdrop)
    popup = Popup("+10", MoveClass.OPTIMAL, (1, 1), age=age)
    effects = Effects(reduced=True, popups=[popup])
    draw_effects(surface, effects, layout, theme, fonts)
    box = pygame.Rect(popup_rect(popup, (60, 30), layout, reduced=True)).inflate(120, 60)
    pixels = [surface.get_at((x, y))[:3] for x in range(box.left, box.right)
              for y in range(box.top, box.bottom)]
    changed = [p for p in pixels if p != backdrop]
    assert changed, "the pop-up drew nothing"
    pill = max(set(changed), key=changed.count)  # the pill's own colour covers the most
    words = max(changed, key=lambda p: sum(abs(a - b) for a, b in zip(p, pill, strict=True)))

    def far(a: tuple[int, ...], b: tuple[int, ...]) -> float:
        return float(sum(abs(x - y) for x, y in zip(a, b, strict=True)))

    return far(words, pill), far(pill, backdrop)


def test_words_fade_with_their_pill() -> None:
    pygame.init()
    fresh_words, fresh_pill = _contrast(0.0)
    late_words, late_pill = _contrast(0.7)  # of 0.8 s: the pill still shows
    assert late_pill > 0
    # the words' contrast on the pill falls no faster than the pill's on the board
    assert late_words / fresh_words >= 0.8 * late_pill / fresh_pill


def test_a_quick_run_of_moves_shows_one_pop_up_at_a_time() -> None:
    """The seventh playtest: a streak's pop-ups piled up on one another. A new move's pop-up
    makes the older ones fade out at once; news of earlier moves stays."""
    from game.ui.effects import HANDOVER_SECONDS

    effects = Effects()
    news = Popup("+20 judged again", MoveClass.LINE, (0, 0), life=3.0, news=True)
    first = Popup("+10", MoveClass.OPTIMAL, (1, 1))
    effects.pop(news)
    effects.pop(first)
    effects.advance(0.05)
    effects.pop(Popup("+10", MoveClass.OPTIMAL, (1, 2)))
    assert 0 < first.alpha < 255
    effects.advance(HANDOVER_SECONDS)
    assert first not in effects.popups and news in effects.popups
    assert len(effects.popups) == 2


def test_a_pop_up_rising_into_the_new_ones_place_goes_at_once() -> None:
    """Newcomer playtest: a tile moved up and back carried two pop-ups at once, the older
    rising through the newer's words; one beside it still fades out."""
    effects = Effects()
    below = Popup("+10", MoveClass.OPTIMAL, (2, 1))
    beside = Popup("+10", MoveClass.OPTIMAL, (1, 2))
    effects.pop(beside)
    effects.pop(below)
    effects.pop(Popup("-10", MoveClass.WASTEFUL, (1, 1)))
    assert below not in effects.popups and beside in effects.popups
    effects.advance(0.05)
    assert 0 < beside.alpha < 255


def test_a_move_pop_up_with_a_hint_cost_fits_its_tile() -> None:
    """The seventh playtest: "+10 -10 hint" was wider than a tile and covered the numbered
    step on the tile beside it."""
    pygame.init()
    fonts, theme = Fonts(), get_theme("")
    for window, side in ((REFERENCE_WINDOW, 4), (REFERENCE_WINDOW, 5), ((640, 600), 5)):
        layout = compute_layout(window, side, side)
        surface = pygame.Surface(window)
        surface.fill((0, 0, 0))
        effects = Effects(reduced=True, popups=[Popup("+10 -10 hint", MoveClass.OPTIMAL,
                                                      (1, 1))])
        draw_effects(surface, effects, layout, theme, fonts)
        drawn = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
        drawn.invert()
        (box,) = drawn.get_bounding_rects()
        assert box.width <= layout.tile_px


def test_a_pop_up_too_wide_for_its_tile_goes_on_two_lines_at_full_size() -> None:
    """A newcomer could hardly read "+10 -10 hint" shrunk to one line on 5x5 at 640x600:
    within the tile, it goes on two lines at the pop-ups' own size."""
    from game.ui.effects import two_lines
    from game.ui.layout import Type, type_px

    assert two_lines("+10 -10 hint") == "+10\n-10 hint"
    assert two_lines("-5") == "-5"
    pygame.init()
    fonts, theme = Fonts(), get_theme("")
    window = (640, 600)
    layout = compute_layout(window, 5, 5)
    surface = pygame.Surface(window)
    surface.fill((0, 0, 0))
    effects = Effects(reduced=True, popups=[Popup("+10 -10 hint", MoveClass.OPTIMAL, (1, 1))])
    draw_effects(surface, effects, layout, theme, fonts)
    drawn = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
    drawn.invert()
    (box,) = drawn.get_bounding_rects()
    line = fonts(type_px(window, Type.BODY)).get_height()
    assert box.width <= layout.tile_px and box.height >= 2 * line
