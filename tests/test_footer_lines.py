"""The play footer keeps its size: a line too long for the window takes two balanced lines
in the free band under the board (with large text at 640x600 a 5x5 hint footer was shrunk
to 9 px), never over the board, and a line that fits stays one."""

from __future__ import annotations

import pytest

from game.ui.fonts import Fonts
from game.ui.hud import HudView, draw_hud, footer_lines
from game.ui.layout import Layout, Type, compute_layout, type_px
from game.ui.theme import get_theme
from tests.test_hint_steps import TextSurface, record_text  # noqa: F401 (a fixture)

LONG = ("coach's best line so far: 90 moves; hints on: -10 a move, no perfect bonus "
        "(H hides them: steps seen still cost 10)")


SMALLEST = (640, 600)


def smallest_large(footer: str) -> tuple[TextSurface, Layout, Fonts, int]:
    """The HUD with ``footer`` drawn for 5x5 in the smallest window with large text; the
    caption's size."""
    layout = compute_layout(SMALLEST, 5, 5)
    fonts = Fonts()
    fonts.set_large(True)
    surface = TextSurface(SMALLEST)
    draw_hud(surface, HudView(footer=footer), layout, get_theme("classic"), fonts)
    return surface, layout, fonts, type_px(SMALLEST, Type.CAPTION)


@pytest.mark.usefixtures("record_text")
def test_a_long_footer_takes_two_lines_at_its_size_under_the_board() -> None:
    window = SMALLEST
    surface, layout, fonts, px = smallest_large(LONG)
    drawn = dict(surface.texts)
    lines = ["coach's best line so far: 90 moves",
             "hints on: -10 a move, no perfect bonus (H hides them: steps seen still cost 10)"]
    assert all(line in drawn for line in lines) and LONG not in drawn
    plate_bottom = layout.plate[1] + layout.plate[3]
    for line in lines:
        rect = drawn[line]
        assert rect.height >= fonts(px).get_height() - 1  # not shrunk
        assert rect.top > plate_bottom and rect.bottom <= window[1]
        assert 0 <= rect.left and rect.right <= window[0]
    assert drawn[lines[0]].bottom <= drawn[lines[1]].top + 1


@pytest.mark.usefixtures("record_text")
def test_a_footer_that_fits_stays_one_line() -> None:
    fonts = Fonts()
    assert footer_lines("arrows move  H hint", fonts, 14, 600, 80) == ("arrows move  H hint",)
    # no room for two lines: one, shrunk as before
    assert footer_lines(LONG, fonts, 14, 300, 10) == (LONG,)
    two = footer_lines(" ".join(["word"] * 12), fonts, 14, 300, 80)
    assert len(two) == 2 and abs(len(two[0]) - len(two[1])) < 12  # balanced


@pytest.mark.usefixtures("record_text")
def test_two_lines_split_at_a_semicolon_when_one_fits() -> None:
    fonts = Fonts()
    text = "coach's best line so far: 90 moves; hints on: -10 a move"
    width = fonts(14).size(text)[0] * 2 // 3
    assert fonts.two_lines(text, 14, width) == ("coach's best line so far: 90 moves",
                                                "hints on: -10 a move")
    assert fonts.two_lines(text, 14, 10_000) == (text,)
    assert fonts.two_lines(text, 14, 5) == (text,)  # no split fits: one line, shrunk where drawn


@pytest.mark.usefixtures("record_text")
def test_the_hint_footer_says_the_grade_letters_the_hints_cost_so_far() -> None:
    """A newcomer's 24 optimal moves of 24 with the steps on were a D, said only on the end
    screen: once the hint levels cost the grade a letter, the hint footer says how many; at
    the smallest window with large text it still takes two lines, unshrunk."""
    from game.core.board import Board
    from game.core.coach import Hint
    from game.play.words import hint_words

    goal = Board.goal(5, 5)
    board = goal.apply(next(m for m in "UDLR" if goal.can_move(m)))
    best = Hint(board, 90, frozenset(), False, False, "")
    assert hint_words(best, 2, False, False, used=4) == (
        "coach's best line so far: 90 moves; hints on: -10 a move "
        "(H hides them: steps seen still cost 10)")
    words = hint_words(best, 2, False, False, used=12)
    assert words.endswith("; 12 hint levels so far: a C at best")
    assert hint_words(best, 1, False, True, used=5).endswith("; 5 hint levels so far: a B at best")
    # a D at worst (a newcomer read "the grade 8 letters lower" with four letters below S)
    assert hint_words(best, 2, False, False, used=40).endswith(": a D at best")
    surface, _, fonts, px = smallest_large(words)
    lines = [(text, rect) for text, rect in surface.texts if len(text) > 20 and text in words]
    assert len(lines) == 2 and " ".join(text for text, _ in lines) == words
    assert all(rect.height >= fonts(px).get_height() - 1 for _, rect in lines)
