"""End screen, high-scores view and chart drawn headless; their texts checked exactly."""

from __future__ import annotations

import functools
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pygame
import pytest

from game.core.scoring import (
    BASE_POINTS,
    HINT_COST_PER_LEVEL,
    UNDO_COST,
    MoveClass,
    ScoreSheet,
)
from game.core.summary import PERFECT_BONUS_PER_MOVE, SOLVE_BONUS_PER_CELL, summarize
from game.store.highscores import Entry, HighScores
from game.ui.chart import chart_geometry
from game.ui.end_screen import draw_end_screen, end_screen_layout
from game.ui.end_words import (
    DRILL_KEY,
    HELP,
    EndScreenView,
    badge_text,
    end_screen_lines,
    end_screen_text,
)
from game.ui.scores_view import (
    SCORES_HELP,
    ScoresView,
    draw_high_scores,
    format_time,
    scores_view_for,
    scores_view_lines,
    step_shape,
)
from game.ui.theme import THEMES, get_theme

SIZES = [(960, 640), (640, 900), (1920, 1080), (640, 600), (3840, 2160)]
"""From the smallest window the game allows (640x600) up to 4K."""
T0 = datetime(2026, 11, 22, 5, 0, 0, tzinfo=UTC)
TOLERANCE = (1, 1, 1, 255)


@pytest.fixture(scope="module")
def font():
    pygame.display.init()
    pygame.font.init()

    @functools.cache
    def make(px: int) -> pygame.font.Font:
        return pygame.font.Font(None, px)

    return make


@pytest.fixture(autouse=True)
def private_data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))


def scripted_summary(by_player: bool = True):
    """A 3x3 game from distance 8: 3 optimal, 1 wasteful, undo, 5 optimal, one hint."""
    sheet = ScoreSheet.start(8, width=3, height=3)
    for _ in range(3):
        sheet = sheet.after_move(MoveClass.OPTIMAL)
    before = sheet.line
    sheet = sheet.after_move(MoveClass.WASTEFUL).after_undo(before).after_hint(1)
    for _ in range(5):
        sheet = sheet.after_move(MoveClass.OPTIMAL)
    assert sheet.distance == 0
    return summarize(sheet, 125.25, solved_by_player=by_player)


LONG_WHY = ("C: 80% efficiency is a B (A needs 85%), 1 wasteful move (-10); 6 hint levels "
            "used (-1 letter)")
"""A grade's reason that takes two lines beside the points at every window size."""


def table_entries(n: int) -> tuple[Entry, ...]:
    return tuple(Entry(f"p{i}", 900 - 10 * i, 30.0 + i, 20 + i, 8, "A", "2026-11-22T05:00:00Z")
                 for i in range(n))


def colour_count(surface: pygame.Surface, box, colour) -> int:
    area = surface.subsurface(pygame.Rect(box).clip(surface.get_rect()))
    return pygame.mask.from_threshold(area, colour, TOLERANCE).count()


def test_the_game_s_row_in_the_top_10_counts_up_with_its_points() -> None:
    """A newcomer read "1326 points" above the top-10 row of 3374 for the same game while the
    points counted up: the row shows the figure the header shows at every frame."""
    from game.ui.end_words import counting_entries

    view = EndScreenView(scripted_summary(), table_entries(3), rank=2)
    assert counting_entries(view) == view.entries  # counted up (or reduced motion)
    counting = replace(view, points_shown=123)
    assert [e.points for e in counting_entries(counting)] == [900, 123, 880]
    assert counting_entries(replace(counting, rank=None)) == view.entries


# --- texts ----------------------------------------------------------------------------------
def test_end_screen_lines_have_the_right_figures() -> None:
    summary = scripted_summary()
    view = EndScreenView(summary, table_entries(3), rank=2, badges=("best time",),
                         game_id="3x3-42")
    lines = end_screen_lines(view)
    # Move points: the first 3 optimal at 1x; the undo brings their streak of 3 back; the
    # assisted one at 1x holds it; then 4 more make it 4, 5, 6, 7: the last two at 2x.
    move_points = 6 * BASE_POINTS + 2 * 2 * BASE_POINTS
    costs = UNDO_COST + HINT_COST_PER_LEVEL
    bonus = SOLVE_BONUS_PER_CELL * 9  # 125 s is over par (24 s): no time bonus
    assert summary.move_points == move_points and summary.costs == costs
    assert lines == [
        "Solved!",
        "game 3x3-42",
        "Grade",
        "A",  # efficiency 100% is an A; one hint level is named but costs no letter
        "A: 100% efficiency, 1 hint level used",
        f"Costs: 1 hint level (-{HINT_COST_PER_LEVEL}), 1 undo (-{UNDO_COST}); they also cost "
        f"the perfect bonus (+{8 * PERFECT_BONUS_PER_MOVE}); moves taken back don't count",
        "No time bonus: it needs under 0:24.0 (3 s a move of the optimal line)",
        "New best time!",
        "Time: 2:05.2",
        "Moves: 8",
        "Optimal length: 8",
        "Efficiency: 100%",
        "Accuracy: 100%",
        "Best streak: 7",  # 3, held by the hinted move, then 4 more on the same line
        "Hint levels used: 1",
        "Undos, restarts: 1, 0",
        f"Move points: {move_points}",
        f"Solve bonus: +{bonus}",
        "Time, perfect bonus: +0, +0",  # over par; a hint cost the perfect bonus
        f"Costs: -{costs}",
        f"Points: {move_points + bonus - costs}",
        "#2 in the 3x3 top 10",
        "#  Name  Points  Time  Moves  Grade",
        "1  p0  900  0:30.0  20  A",
        "2  p1  890  0:31.0  21  A",
        "3  p2  880  0:32.0  22  A",
        # no move of the player's was charged: nothing to drill, no D (a newcomer pressed it
        # after a perfect game to read "no mistakes to drill")
        "N new game   R play it again   G race your ghost   Esc title",
    ]
    assert HELP.format(race="race your ghost", drill=DRILL_KEY) == \
        "N new game   R play it again   G race your ghost   D drill   Esc title"


def test_the_end_screen_counts_the_restarts_left_on_the_line() -> None:
    sheet = ScoreSheet.start(8, width=3, height=3).after_move(MoveClass.OPTIMAL)
    sheet = sheet.after_restart()
    for _ in range(8):
        sheet = sheet.after_move(MoveClass.OPTIMAL)
    text = end_screen_text(EndScreenView(summarize(sheet, 40.0, solved_by_player=True), ()))
    assert ("Undos, restarts", "0, 1") in text.stats


def test_end_screen_text_variants() -> None:
    auto = end_screen_text(EndScreenView(scripted_summary(by_player=False), table_entries(1)))
    assert auto.title == "Solved with the coach's help" and auto.grade == "-"  # none on the line
    assert auto.rank_line == "The coach played: not ranked, not a solve in stats"
    outside = end_screen_text(EndScreenView(scripted_summary(), table_entries(10), rank=None))
    assert outside.rank_line == "Not in the 3x3 top 10 this time"
    perfect = replace(scripted_summary(), perfect=True, grade="S", efficiency=None,
                      accuracy=-0.25)
    text = end_screen_text(EndScreenView(perfect, (), warning="scores.json was unusable"))
    assert text.title == "Perfect!"
    not_s = end_screen_text(EndScreenView(replace(perfect, grade="A"), ()))
    assert not_s.title == "Solved!"  # never "Perfect!" for a game not graded S
    assert ("Efficiency", "-") in text.stats and ("Accuracy", "-25%") in text.stats
    assert text.table == ("No 3x3 random-board scores yet: solve one yourself",)
    assert end_screen_lines(EndScreenView(perfect, (), warning="bad file"))[-2] == "bad file"


def test_build_from_add_result() -> None:
    scores = HighScores().load()
    summary = scripted_summary()
    result = scores.add(summary, name="zed", when=T0, game_id="3x3-7")
    view = EndScreenView.build(summary, result, game_id="3x3-7")
    assert view.rank == 1 and view.entries[0].name == "zed"
    assert "First 3x3 game: the bests to beat!" in end_screen_lines(view)  # not "New best"
    second = scores.add(summary, name="zed", when=T0, game_id="3x3-7")
    assert second is not None and second.badges == ()  # the same figures beat nothing
    auto = scripted_summary(by_player=False)
    view = EndScreenView.build(auto, scores.add(auto), scores.table("3x3"))
    assert view.rank is None and len(view.entries) == 2


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(0, "0:00.0"), (9.96, "0:10.0"), (59.95, "1:00.0"), (83.44, "1:23.4"), (3725, "1:02:05")],
)
def test_format_time(seconds: float, text: str) -> None:
    assert format_time(seconds) == text


# --- geometry -------------------------------------------------------------------------------
def test_chart_geometry() -> None:
    geo = chart_geometry([4, 3, 4, None, 2, 1, 0], (0, 0, 400, 200))
    px, py, pw, ph = geo.plot
    assert geo.x_max == 6 and geo.y_max == 4
    assert [len(run) for run in geo.segments] == [3, 3]
    assert geo.segments[0][0] == (px, py)  # start distance at the top-left
    assert geo.segments[-1][-1] == (px + pw, py + ph)  # goal at the bottom-right
    assert geo.ideal == ((px, py), (px + pw * 4 / 6, py + ph))
    assert [t for _, t in geo.y_ticks] == ["0", "2", "4"]
    assert chart_geometry([None, None], (0, 0, 50, 50)).ideal is None


@pytest.mark.parametrize("size", SIZES)
def test_layout_boxes_fit_the_surface(size: tuple[int, int]) -> None:
    layout = end_screen_layout(*size)
    for box in (layout.header, layout.grade, layout.hero, layout.stats, layout.notes,
                layout.chart, layout.table, layout.footer):
        x, y, w, h = box
        assert x >= 0 and y >= 0 and w > 0 and h > 0
        assert x + w <= size[0] and y + h <= size[1]
    assert pygame.Rect(layout.chart).colliderect(pygame.Rect(layout.table)) is False


# --- drawing --------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("theme_name", sorted(THEMES))
def test_end_screen_draws_at_every_size(font, size, theme_name) -> None:
    theme = get_theme(theme_name)
    view = EndScreenView(scripted_summary(), table_entries(10), rank=3,
                         badges=("best points", "best time"), game_id="3x3-1", warning="w")
    surface = pygame.Surface(size)
    surface.set_clip(pygame.Rect(0, 0, *size))
    draw_end_screen(surface, view, theme, font)
    assert surface.get_clip() == pygame.Rect(0, 0, *size)
    chart = end_screen_layout(*size).chart
    assert colour_count(surface, chart, theme.chart_line) > 0
    if size[1] >= 240:
        assert colour_count(surface, chart, theme.chart_ideal) > 0


def test_chart_pixels_follow_the_distances(font) -> None:
    theme = get_theme("classic")
    size = (960, 640)
    chart = end_screen_layout(*size).chart
    summary = scripted_summary()
    a, b = pygame.Surface(size), pygame.Surface(size)
    draw_end_screen(a, EndScreenView(summary), theme, font)
    detour = replace(summary, distances=(8, 9, 10, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0))
    draw_end_screen(b, EndScreenView(detour), theme, font)
    area = pygame.Rect(chart)
    assert pygame.image.tobytes(a.subsurface(area), "RGB") != pygame.image.tobytes(
        b.subsurface(area), "RGB")


def test_new_entry_is_highlighted(font) -> None:
    theme = get_theme("classic")
    size = (960, 640)
    table = end_screen_layout(*size).table
    ranked, unranked = pygame.Surface(size), pygame.Surface(size)
    draw_end_screen(ranked, EndScreenView(scripted_summary(), table_entries(10), rank=4),
                    theme, font)
    draw_end_screen(unranked, EndScreenView(scripted_summary(), table_entries(10), rank=None),
                    theme, font)
    assert colour_count(ranked, table, theme.accent) > colour_count(unranked, table,
                                                                    theme.accent) + 100


# --- the high-scores view -------------------------------------------------------------------
def test_scores_view_from_store_and_size_stepping() -> None:
    scores = HighScores().load()
    scores.add(scripted_summary(), name="amy", when=T0)
    view = scores_view_for(scores)
    assert view.current == "3x3" and view.shapes == ("3x3", "4x4", "5x5")
    assert [e.name for e in view.entries] == ["amy"]
    assert step_shape(view, 1) == "4x4" and step_shape(view, -1) == "5x5"
    odd = scores_view_for(scores, "7x3")
    assert odd.shapes == ("3x3", "4x4", "7x3", "5x5") and odd.entries == ()
    assert step_shape(odd, 1) == "5x5"
    lines = scores_view_lines(view)
    assert lines[:4] == ["High scores", "3x3", "4x4", "5x5"]
    assert lines[4] == "#  Name  Points  Time  Moves  Grade"
    assert lines[5].startswith("1  amy  ") and lines[-1] == SCORES_HELP
    empty = scores_view_lines(replace(view, current="4x4", entries=(), warning="oops"))
    assert empty[-3:] == ["No 4x4 random-board scores yet: solve one yourself", "oops",
                          SCORES_HELP]


@pytest.mark.parametrize("size", SIZES)
def test_scores_view_draws_at_every_size(font, size) -> None:
    theme = get_theme("high-contrast")
    view = ScoresView(("3x3", "4x4", "5x5"), "4x4", table_entries(10), highlight=2,
                      warning="scores.json was unusable")
    surface = pygame.Surface(size)
    draw_high_scores(surface, view, theme, font)
    assert colour_count(surface, (0, 0, *size), theme.accent) > 0
    blank = pygame.Surface(size)
    draw_high_scores(blank, replace(view, entries=(), highlight=None), theme, font)
    assert pygame.image.tobytes(surface, "RGB") != pygame.image.tobytes(blank, "RGB")


class BlitLog(pygame.Surface):
    """A surface that keeps the rectangle of everything blitted on it."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.blits: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        rect = pygame.Rect(dest, source.get_size()) if len(dest) == 2 else pygame.Rect(dest)
        self.blits.append((source, rect))
        return super().blit(source, dest, area, special_flags)


@pytest.mark.parametrize("top", [243, 1200])
@pytest.mark.parametrize("size", SIZES)
def test_the_y_tick_numbers_clear_the_axis_title(size: tuple[int, int], top: int) -> None:
    """A 6x6 game's chart drew its "100" over "distance to goal" (newcomer playtest): the
    widest tick number gets its room, at every window size."""
    from game.ui import fonts as fonts_module
    from game.ui.chart import draw_distance_chart
    from game.ui.fonts import Fonts

    pygame.init()
    fonts = Fonts()
    layout = end_screen_layout(*size, fonts)
    surface = BlitLog(size)
    fonts_module.RENDERED = fonts_module.TextLog()
    try:
        draw_distance_chart(surface, layout.chart, list(range(top, -1, -1)), get_theme("classic"),
                            fonts, layout.caption_px)
        texts = [(fonts_module.RENDERED.text_of(image), rect) for image, rect in surface.blits]
    finally:
        fonts_module.RENDERED = None
    title = next(rect for image, rect in surface.blits
                 if rect.height > 3 * rect.width and image.get_height() > image.get_width())
    ticks = [rect for text, rect in texts if text is not None and text.isdigit()]
    assert len(ticks) >= 5  # 0, the middle and the top on the y axis; the x ticks too
    for tick in ticks:
        assert not tick.colliderect(title), (tick, title)
        assert tick.left >= layout.chart[0]


def test_share_line_bars_stand_on_their_line() -> None:
    """The daily's sparkline is drawn as bars on the words' baseline, inside the line's
    height (as glyphs they hung below it, over the keys' line)."""
    import pygame

    from game.core.daily import share_line
    from game.ui.end_screen import _blit_shared, split_sparkline

    pygame.font.init()
    line = share_line(__import__("datetime").date(2026, 11, 24), "3x3", 17, 17, 2.2, "S",
                      distances=list(range(17, -1, -1)))
    words, bars = split_sparkline(line)
    assert bars and not any(c in words for c in bars) and line == f"{words} {bars}"
    surface = pygame.Surface((760, 80))
    surface.fill((0, 0, 0))
    used = _blit_shared(surface, lambda px: pygame.font.Font(None, px), 18,
                        (words, (255, 0, 0), bars), (380, 20), 760)
    red = [(x, y) for x in range(760) for y in range(80)
           if surface.get_at((x, y))[:3] == (255, 0, 0)]
    assert red and all(20 <= y < 20 + used for _, y in red)
    text_right = 380 + pygame.font.Font(None, 18).size(words)[0] // 2
    assert max(x for x, _ in red) > text_right  # the bars come after the words


def test_a_long_share_line_breaks_after_its_head() -> None:
    """Too long for one line, the daily's result breaks after "(first try):", not inside a
    figure such as "(optimal 57)"."""
    import pygame

    from game.ui.end_screen import wrap_share

    pygame.font.init()
    words = ("Fifteen daily 2026-11-24 4x4 (first try): 61 moves (optimal 57) in 1:02.3, "
             "grade B")

    def font(px: int) -> pygame.font.Font:
        return pygame.font.Font(None, px)

    assert wrap_share(words, font, 18, 2000) == [words]
    narrow = font(18).size("Fifteen daily 2026-11-24 4x4 (first try): 61 moves")[0]
    lines = wrap_share(words, font, 18, narrow)
    assert lines[0] == "Fifteen daily 2026-11-24 4x4 (first try):"
    assert all("(optimal 57)" in line for line in lines if "optimal" in line)
    assert " ".join(lines) == words


def test_a_short_last_word_is_never_left_alone_on_its_line() -> None:
    """The tenth playtest: the drill wrapped as "your moves 4-9 cost" / "12" at 640x600:
    wrapped lines are balanced."""
    from game.ui.wrap import wrap_words

    def font(px: int) -> pygame.font.Font:
        return pygame.font.Font(None, px)

    face = font(20)
    text = "the better move kept you on course; your moves 4-9 cost 12"
    width = face.size("the better move kept you on course; your moves 4-9 cost")[0] + 2
    lines = wrap_words(text, font, 20, width)
    assert len(lines) == 2 and len(lines[-1].split()) > 2 and " ".join(lines) == text
    assert all(face.size(line)[0] <= width for line in lines)
    # a newcomer at full screen: "... moves taken back" / "don't count" under it; the
    # lines are balanced, each about half the text
    note = ("Costs: 3 hint levels (-15), 3 undos (-15), 1 restart (-25); they also cost the "
            "perfect bonus (+800); moves taken back don't count")
    width = face.size(note.removesuffix(" don't count"))[0] + 2
    lines = wrap_words(note, font, 20, width)
    widths = [face.size(line)[0] for line in lines]
    assert len(lines) == 2 and " ".join(lines) == note and max(widths) <= width
    assert max(widths) - min(widths) < face.size("(+800); moves")[0]


def test_a_long_grade_note_takes_two_lines_at_the_smallest_window(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Newcomer playtest: "B: 98% efficiency, 9 hint levels used (-1 letter) (against the
    coach's" was cut off at 640x600, and shrunk to 11 px at 1280x800."""
    from game.ui import end_screen
    from game.ui.fonts import Fonts

    pygame.init()
    note = "B: 98% efficiency, 9 hint levels used (-1 letter) (against the coach's line)"
    drawn: list[tuple[str, float]] = []
    real = end_screen.blit_fit

    def logged(surface, font, size, text, colour, pos, max_w, align="left"):
        drawn.append((text, max_w))
        return real(surface, font, size, text, colour, pos, max_w, align)

    monkeypatch.setattr(end_screen, "blit_fit", logged)
    fonts = Fonts()
    for size in ((640, 600), (1280, 800)):
        drawn.clear()
        text = replace(end_screen_text(EndScreenView(scripted_summary())), notes=(note,))
        monkeypatch.setattr(end_screen, "end_screen_text", lambda view, text=text: text)
        draw_end_screen(pygame.Surface(size), EndScreenView(scripted_summary()),
                        get_theme("classic"), fonts)
        layout = end_screen_layout(*size, fonts)
        lines = [(t, w) for t, w in drawn if t and (note.startswith(t) or note.endswith(t))]
        assert " ".join(t for t, _ in lines) == note, (size, lines)
        for line, width in lines:  # each at the body size, never shrunk
            assert fonts(layout.body_px).size(line)[0] <= width


def test_a_long_note_under_the_figures_wraps_at_the_notes_size(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A newcomer with large text at 760x820: the Costs note, shrunk to fit its line, was in
    smaller type than the time note under it. Now it wraps and both keep the caption size
    (the notes take a third line)."""
    from game.ui import end_screen
    from game.ui.fonts import Fonts

    pygame.init()
    costs = ("Costs: 1 undo (-5), 1 restart (-25); they also cost the perfect bonus (+460); "
             "moves taken back don't count")
    timed = "Time bonus +94: 0:12.6 against a par of 1:09.0 (3 s a move of the optimal line)"
    drawn: list[tuple[str, int, float]] = []
    real = end_screen.blit_fit

    def logged(surface, font, size, text, colour, pos, max_w, align="left"):
        drawn.append((text, size, max_w))
        return real(surface, font, size, text, colour, pos, max_w, align)

    monkeypatch.setattr(end_screen, "blit_fit", logged)
    fonts = Fonts()
    fonts.set_large(True)
    for size in ((760, 820), (640, 600)):
        drawn.clear()
        text = replace(end_screen_text(EndScreenView(scripted_summary())),
                       notes=("A: 100% efficiency", costs, timed))
        monkeypatch.setattr(end_screen, "end_screen_text", lambda view, text=text: text)
        draw_end_screen(pygame.Surface(size), EndScreenView(scripted_summary()),
                        get_theme("classic"), fonts)
        layout = end_screen_layout(*size, fonts, note_lines=3)
        lines = [(t, px, w) for t, px, w in drawn if t and t != "Costs" and (
            costs.startswith(t) or costs.endswith(t) or t == timed)]  # not the figure's name
        assert " ".join(t for t, _, _ in lines) == f"{costs} {timed}", (size, lines)
        assert len(lines) == 3
        for line, px, width in lines:  # each at the caption size, never shrunk
            assert px == layout.caption_px and fonts(px).size(line)[0] <= width


def drawn_chart(size: tuple[int, int], fonts, theme, by_coach: list[bool]):
    """The end screen's chart of a game home in ``len(by_coach)`` moves, drawn alone on a
    window of ``size``: the surface, the layout and the chart's geometry."""
    from game.ui.chart import chart_geometry, draw_distance_chart

    layout = end_screen_layout(*size, fonts)
    surface = pygame.Surface(size)
    surface.fill(theme.bg)
    distances = list(range(len(by_coach), -1, -1))
    draw_distance_chart(surface, layout.chart, distances, theme, fonts, layout.caption_px,
                        by_coach)
    label = fonts(layout.caption_px)
    geo = chart_geometry(distances, layout.chart, label.get_height(), None,
                         lambda text: label.size(text)[0])
    return surface, layout, geo


def test_the_legend_stays_over_the_plot_with_large_text() -> None:
    """Newcomer playtest: at 640x600 with large text, a game the coach finished had its
    three-entry legend run past the plot onto the rotated axis title."""
    from game.ui.fonts import LARGE_TEXT_SCALE, Fonts

    pygame.init()
    theme = get_theme("classic")
    fonts = Fonts(LARGE_TEXT_SCALE)
    size = (640, 600)
    by_coach = [False, False] + [True] * 24
    surface, layout, geo = drawn_chart(size, fonts, theme, by_coach)
    px, py, _, _ = geo.plot
    colours = {theme.chart_line, theme.chart_ideal, theme.chart_coach}
    band = range(max(0, py - 3 * layout.caption_px), py - layout.caption_px // 2)  # the legend
    stray = [(x, y) for x in range(layout.chart[0], px) for y in band
             if surface.get_at((x, y))[:3] in colours]
    assert not stray, stray[:3]


@pytest.mark.parametrize("why", ["", LONG_WHY], ids=["short", "long"])
@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("size", [(640, 600), (760, 820), (1280, 900)])
def test_the_new_best_badge_has_room_inside_its_outline(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], large: bool, why: str) -> None:
    """This session's playtest: at 640x600 the badge's words touched its outline above and
    below. And under a grade's reason on two lines it was left off (a new best unsaid)."""
    from game.ui import end_screen
    from game.ui.fonts import Fonts

    pygame.init()
    fonts = Fonts()
    fonts.set_large(large)
    theme = get_theme("classic")
    pills: list[pygame.Rect] = []
    words: list[tuple[str, int, float]] = []
    real_rect, real_blit = pygame.draw.rect, end_screen.blit_fit

    def rect(surface, colour, box, width=0, **kw):
        if colour == theme.accent and width == 2:
            pills.append(pygame.Rect(box))
        return real_rect(surface, colour, box, width, **kw)

    def blit(surface, font, px, text, colour, pos, max_w, align="left"):
        if text.startswith("New best"):
            words.append((text, px, pos[1]))
        return real_blit(surface, font, px, text, colour, pos, max_w, align)

    monkeypatch.setattr(end_screen.pygame.draw, "rect", rect)
    monkeypatch.setattr(end_screen, "blit_fit", blit)
    summary = scripted_summary()
    view = EndScreenView(replace(summary, grade_reason=why or summary.grade_reason),
                         table_entries(10), rank=1,
                         badges=("best points", "best time", "fewest moves"))
    end_screen.draw_end_screen(pygame.Surface(size), view, theme, fonts)
    assert len(pills) == 1 and len(words) == 1, (pills, words)
    pill, (_, px, top) = pills[0], words[0]
    height = fonts(px).get_height()
    assert top - pill.top >= end_screen.BADGE_PAD_MIN
    assert pill.bottom - (top + height) >= end_screen.BADGE_PAD_MIN


@pytest.mark.parametrize("large", [False, True])
def test_every_figure_label_is_drawn_at_one_size(monkeypatch: pytest.MonkeyPatch,
                                                 large: bool) -> None:
    """Newcomer playtest: "Time, perfect bonus" was smaller beside "+231, +960" than beside
    "+224, +0" (each label took what its own value left)."""
    from game.ui import end_screen
    from game.ui.fonts import Fonts

    pygame.init()
    sheet = ScoreSheet.start(40, width=4, height=4)
    for _ in range(40):
        sheet = sheet.after_move(MoveClass.OPTIMAL)
    fast = summarize(sheet, 30.0, solved_by_player=True)  # both bonuses: long values
    assert fast.time_bonus and fast.perfect_bonus
    labels = {label for label, _ in end_screen_text(EndScreenView(fast)).stats}
    fonts = Fonts()
    fonts.set_large(large)
    for size in ((640, 600), (760, 820), (1920, 1080)):
        sizes: dict[str, int] = {}
        real = end_screen.blit_fit

        def logged(surface, font, px, text, colour, pos, max_w, align="left",
                   sizes=sizes, real=real):
            used = real(surface, font, px, text, colour, pos, max_w, align)
            if text in labels:
                sizes[text] = used  # the height drawn: the size blit_fit settled on
            return used

        monkeypatch.setattr(end_screen, "blit_fit", logged)
        draw_end_screen(pygame.Surface(size), EndScreenView(fast), get_theme("classic"), fonts)
        monkeypatch.undo()
        assert "Time, perfect bonus" in sizes and len(set(sizes.values())) == 1, (size, sizes)


def test_the_charts_middle_tick_sits_near_the_middle() -> None:
    """Newcomer playtest: the distance axis read 0 / 20 / 50 for a 50-move chart."""
    from game.ui.chart import _ticks

    assert _ticks(50) == [0, 25, 50] and _ticks(49) == [0, 25, 49]
    for top in range(4, 2000):
        ticks = _ticks(top)
        assert ticks[0] == 0 and ticks[-1] == top
        if len(ticks) == 3:
            assert 0.35 <= ticks[1] / top <= 0.65, top


@pytest.mark.parametrize("by_coach", [[True] * 8, [False] + [True] * 7])
def test_the_legend_names_you_only_when_you_moved(by_coach: list[bool]) -> None:
    """Newcomer playtest: a game the coach played alone had "you" in its chart's key."""
    from game.ui.fonts import Fonts

    pygame.init()
    theme, fonts = get_theme("classic"), Fonts()
    surface, layout, geo = drawn_chart((760, 820), fonts, theme, by_coach)
    px, py, pw, _ = geo.plot
    band = range(max(0, py - 3 * layout.caption_px), py - layout.caption_px // 2)
    you = [(x, y) for x in range(px, px + pw) for y in band
           if surface.get_at((x, y))[:3] == theme.chart_line]
    assert bool(you) == (not all(by_coach))


@pytest.mark.parametrize("exact", [True, False])
def test_the_straight_line_is_ideal_only_when_the_optimum_is_known(exact: bool) -> None:
    """Newcomer playtest: the 5x5 chart called the coach's best line "ideal"."""
    from game.ui.chart import LEGEND_BEST, LEGEND_IDEAL, draw_distance_chart
    from game.ui.fonts import Fonts

    pygame.init()
    fonts, said = Fonts(), []

    def font(px: int):
        real = fonts(px)

        class Recorder:
            def __getattr__(self, name):
                return getattr(real, name)

            def render(self, text, *args):
                said.append(text)
                return real.render(text, *args)

        return Recorder()

    draw_distance_chart(pygame.Surface((400, 300)), (0, 0, 400, 300), [5, 4, 3, 2, 1, 0],
                        get_theme("classic"), font, exact=exact)
    assert (LEGEND_IDEAL in said, LEGEND_BEST in said) == (exact, not exact)


def test_first_game_badge_names_its_table() -> None:
    assert badge_text(("first game",), "", "5x5") == "First 5x5 game: the bests to beat!"
    assert badge_text(("first game",), "of the 4x4 dailies", "4x4") == \
        "First game of the 4x4 dailies: the bests to beat!"
    assert badge_text(("best time", "fewest moves"), "on this board", "4x4") == \
        "New best time and moves on this board!"


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("size", [(640, 600), (760, 820), (1920, 1080)])
def test_a_long_grade_reason_is_lines_of_one_size(size: tuple[int, int], large: bool) -> None:
    """A newcomer's 5x5 reason had its first line large and the rest shrunk on the second;
    with large text at 640x600 the next one's second line ran off the window."""
    from game.ui.end_screen import WHY_LINES, WHY_READABLE, why_lines
    from game.ui.fonts import Fonts
    from game.ui.scores_view import MIN_TEXT_PX

    pygame.init()
    fonts = Fonts()
    fonts.set_large(large)
    box = end_screen_layout(*size, fonts)
    why = ("D: 90% efficiency against the best line known is an A, 4 moves off the coach's "
           "line (-40); 20 hint levels used (one letter per 5 levels: 4 letters, stopped at D)")
    px, lines = why_lines(why, fonts, box.body_px, box.hero[2])
    assert len(lines) <= WHY_LINES and " ".join(lines) == why
    assert all(fonts(px).size(line)[0] <= box.hero[2] for line in lines)  # none shrunk apart
    # a third line before type too small to read (a newcomer called two shrunk lines "tiny")
    if len(lines) == WHY_LINES:
        assert px >= round(box.body_px * WHY_READABLE) or px == MIN_TEXT_PX
    else:
        assert px >= round(box.body_px * WHY_READABLE)


def test_the_longest_grade_reason_stays_in_the_smallest_window_with_large_text() -> None:
    """A newcomer's 5x5 reason ran off the 640x600 window, ending "(on the coach's line when
    j", and the hint levels after it were lost: past three lines at the smallest type it
    takes a fourth, whole."""
    from game.ui.end_screen import end_screen_layout, why_lines
    from game.ui.fonts import Fonts

    pygame.init()
    reason = ("C: 74% efficiency against the best line known is a B (A needs 85%), 12 moves "
              "off the coach's line (-120), 1 wasteful move (-10), 6 moves kept their points "
              "(on the coach's line when judged), 5 hint levels used (-1 letter)")
    fonts = Fonts()
    fonts.set_large(True)
    box = end_screen_layout(640, 600, fonts)
    px, lines = why_lines(reason, fonts, box.body_px, box.hero[2])
    assert " ".join(lines) == reason and len(lines) > 3
    assert all(fonts(px).size(line)[0] <= box.hero[2] for line in lines)
