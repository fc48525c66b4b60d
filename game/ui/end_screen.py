"""The end-of-game screen: figures, grade, new-best badges, distance chart and top-10 table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.core.averages import counted
from game.core.daily import SPARK_LEVELS, SPARK_UNKNOWN
from game.core.summary import GRADE_UNRATED
from game.ui.chart import draw_distance_chart
from game.ui.end_words import (
    GRADE_LABEL,
    EndScreenText,
    EndScreenView,
    counting_entries,
    empty_words,
    end_screen_text,
    raw_total,
)
from game.ui.layout import Type, type_px
from game.ui.scores_view import (
    FIT_SHRINK,
    MIN_TEXT_PX,
    FontFn,
    blit_fit,
    draw_table,
)
from game.ui.theme import Theme
from game.ui.wrap import wrap_words

Box = tuple[int, int, int, int]

PAD_SHARE = 0.018
"""Space between the parts, as a share of the window's short side."""
CONTENT_ASPECT = 1.05
"""The content column is at most this many times as wide as the window is high (landscape
windows centre it)."""
GRADE_PANEL_SHARE = 0.26
"""The grade panel's width, as a share of the content width."""
CHART_SHARE = 0.4
"""The chart's share of the bottom row's width (the top 10 gets the rest)."""
STAT_ROW_SPACING = 1.3
BADGE_PAD_MIN = 4
"""Pixels at least between the new-best badge's words and its outline, above and below."""
WHY_LINES = 3
"""The lines the grade's reason takes before its type shrinks to the smallest size (then
it takes as many as it needs)."""
WHY_READABLE = 0.8
"""The grade's reason shrinks to this share of its size to stay on two lines, no further:
a third line comes first."""
NOTE_LINES = 2
"""Lines the notes under the figures take (two notes), unless one has to wrap."""
MAX_NOTE_LINES = 3


@dataclass(frozen=True, slots=True)
class EndScreenLayout:
    """Boxes (x, y, width, height) for each part and the font sizes, for one window (pure)."""

    pad: int
    header: Box
    grade: Box
    hero: Box
    stats: Box
    notes: Box
    chart: Box
    table: Box
    footer: Box
    title_px: int
    body_px: int
    caption_px: int


def end_screen_layout(width: int, height: int, font: FontFn | None = None,
                      footer_lines: int = 2, why_lines: int = 1,
                      note_lines: int = NOTE_LINES) -> EndScreenLayout:
    """One column of parts, top to bottom: headline, grade and points, figures in two
    columns, notes, then the chart beside the top 10, then the keys. ``font`` measures line
    heights (the large-text setting makes them taller); without it they are estimated.
    ``why_lines``: the lines the grade's reason takes beside the points (with a badge under
    them, two need a taller panel: the badge was left off, a new best unsaid); ``note_lines``:
    the lines the notes under the figures take."""
    window = (width, height)
    pad = max(4, int(min(width, height) * PAD_SHARE))
    title_px = type_px(window, Type.HEADING + 10)
    body_px = type_px(window, Type.BODY)
    caption_px = type_px(window, Type.CAPTION)

    def line(px: int) -> int:
        return font(px).get_height() if font is not None else int(px * 0.75)

    content_w = min(width - 2 * pad, int(height * CONTENT_ASPECT))
    x = (width - content_w) // 2
    y = pad
    header = (x, y, content_w, line(title_px) + line(caption_px))
    y += header[3] + pad
    hero_h = line(title_px) + line(body_px) * why_lines + line(caption_px) * 2 + pad
    grade_w = int(content_w * GRADE_PANEL_SHARE)
    grade = (x, y, grade_w, hero_h)
    hero = (x + grade_w + pad, y, content_w - grade_w - pad, hero_h)
    y += hero_h + pad
    stats_h = int(line(body_px) * STAT_ROW_SPACING) * 6
    stats = (x, y, content_w, stats_h)
    y += stats_h + pad // 2
    notes = (x, y, content_w, line(caption_px) * note_lines)
    y += notes[3] + pad // 2
    footer_h = line(caption_px) * footer_lines + pad // 2
    footer = (x, height - pad - footer_h, content_w, footer_h)
    bottom_h = max(4, footer[1] - pad - y)
    chart_w = int((content_w - pad) * CHART_SHARE)
    chart = (x, y, chart_w, bottom_h)
    table = (x + chart_w + pad, y, content_w - chart_w - pad, bottom_h)
    return EndScreenLayout(pad, header, grade, hero, stats, notes, chart, table, footer,
                           title_px, body_px, caption_px)


def why_lines(text: str, font: FontFn, px: int, width: float) -> tuple[int, list[str]]:
    """The grade's reason wrapped on lines of one size: two of ``px``, or smaller where two
    lines of it would not hold the reason (a newcomer saw a 5x5 reason's first line large
    and the rest shrunk on the second), down to WHY_READABLE of it; then three, smaller
    still where three do not hold it (with large text at 640x600 the second line ran off
    the window; a newcomer called two lines shrunk to the smallest size "tiny")."""
    readable = max(MIN_TEXT_PX, round(px * WHY_READABLE))
    lines = wrap_words(text, font, px, width)
    while len(lines) > 2 and px > readable:
        px = max(readable, int(px * FIT_SHRINK))
        lines = wrap_words(text, font, px, width)
    while len(lines) > WHY_LINES and px > MIN_TEXT_PX:
        px = max(MIN_TEXT_PX, int(px * FIT_SHRINK))
        lines = wrap_words(text, font, px, width)
    return px, lines  # more than WHY_LINES only at the smallest type: the panel grows (a
    # newcomer's reason, its overflow joined on a third line, ran off the window at 640x600)


def grade_colour(letter: str, theme: Theme) -> tuple[int, int, int]:
    """The colour a grade letter is drawn in."""
    return {"S": theme.accent, "A": theme.good, "B": theme.hud_text, "C": theme.muted,
            "D": theme.bad, GRADE_UNRATED: theme.muted}.get(letter, theme.hud_text)


def draw_end_screen(surface: pygame.Surface, view: EndScreenView, theme: Theme,
                    font: FontFn) -> None:
    """Draw the whole end screen scaled to ``surface``; reads ``view``, changes nothing else."""
    w, h = surface.get_size()
    text = end_screen_text(view)
    footer_lines = max(2, 1 + bool(text.warning))
    box = end_screen_layout(w, h, font, footer_lines)
    if text.share or text.share_note:  # the share line and its note wrap (long at 640 px)
        footer_lines = max(2, 1 + bool(text.warning) + len(_shared_lines(box, text, theme,
                                                                         font)))
    # the reason's lines, made once: they size the panel (its width and type do not change)
    why = why_lines(text.notes[0], font, box.body_px, box.hero[2]) if text.notes else None
    # the panel holds the points, one line of the reason and a badge's room (or a second
    # line): more lines, or two and a badge, make it taller
    rows = max(1, len(why[1]) - (0 if text.badges else 1)) if why is not None else 1
    notes = note_lines(text.notes[1:], font, box.caption_px, box.notes[2])
    if footer_lines > 2 or rows > 1 or len(notes) > NOTE_LINES:
        box = end_screen_layout(w, h, font, footer_lines, rows, max(NOTE_LINES, len(notes)))
    surface.fill(theme.bg)
    _draw_header(surface, box, text, theme, font)
    _draw_grade(surface, box, text.grade, theme, font)
    _draw_hero(surface, box, view, text, theme, font, why)
    _draw_stats(surface, box, text.stats[:-1], theme, font)
    _draw_notes(surface, box, notes, theme, font, view.race[:1])
    draw_distance_chart(surface, box.chart, view.summary.distances, theme, font,
                        box.caption_px, view.summary.by_coach, exact=view.summary.exact)
    _draw_ranked_table(surface, box, view, text.rank_line, theme, font)
    _draw_footer(surface, box, text, theme, font)


def _draw_header(surface: pygame.Surface, box: EndScreenLayout, text: EndScreenText,
                 theme: Theme, font: FontFn) -> None:
    x, y, w, _ = box.header
    used = blit_fit(surface, font, box.title_px, text.title, theme.accent, (x + w / 2, y), w,
                    "center")
    if text.subtitle:
        blit_fit(surface, font, box.caption_px, text.subtitle, theme.muted,
                 (x + w / 2, y + used), w, "center")


UNRATED_WORDS = "not graded"


def _draw_grade(surface: pygame.Surface, box: EndScreenLayout, grade: str, theme: Theme,
                font: FontFn) -> None:
    x, y, w, h = box.grade
    pygame.draw.rect(surface, theme.panel, pygame.Rect(box.grade), border_radius=max(4, h // 8))
    label_h = blit_fit(surface, font, box.caption_px, GRADE_LABEL, theme.muted,
                       (x + w / 2, y + box.pad // 2), w, "center")
    if grade == GRADE_UNRATED:  # words, not a lone dash that reads as an empty box
        middle = y + (label_h + h) // 2 - font(box.body_px).get_height() // 2
        blit_fit(surface, font, box.body_px, UNRATED_WORDS, theme.muted, (x + w / 2, middle),
                 w - box.pad, "center")
        return
    letter_px = max(box.title_px, int((h - label_h - box.pad) / 0.72))
    while font(letter_px).get_height() > h - label_h - box.pad // 2 and letter_px > box.body_px:
        letter_px = int(letter_px * 0.9)
    blit_fit(surface, font, letter_px, grade, grade_colour(grade, theme),
             (x + w / 2, y + label_h + box.pad // 2), w, "center")


def _draw_hero(surface: pygame.Surface, box: EndScreenLayout, view: EndScreenView,
               text: EndScreenText, theme: Theme, font: FontFn,
               why: tuple[int, list[str]] | None) -> None:
    """The points (counting up), why the grade is what it is (``why_lines``), and one badge
    for new bests."""
    x, y, w, h = box.hero
    points = view.summary.points if view.points_shown is None else view.points_shown
    words = counted(points, "point")  # counting up passes 1
    if points == 0 and raw_total(view.summary) < 0:  # the stats' "Points" note, said here
        words += " (never below 0)"
    used = blit_fit(surface, font, box.title_px, words, theme.hud_text, (x, y), w)
    if why is not None:  # why the grade, on the lines ``why_lines`` made
        px, lines = why
        for line in lines:
            used += blit_fit(surface, font, px, line, theme.hud_text, (x, y + used), w)
    if text.badges:
        px = box.caption_px
        badge = font(px).render(text.badges[0], True, theme.accent)
        # room inside the outline above and below the words (at 640x600 they touched it)
        pad_y = max(BADGE_PAD_MIN, px // 4)
        pill = pygame.Rect(x, y + used + box.pad // 2, min(w, badge.get_width() + px),
                           badge.get_height() + 2 * pad_y)
        if pill.bottom <= y + h:
            pygame.draw.rect(surface, theme.accent, pill, 2, border_radius=pill.height // 2)
            blit_fit(surface, font, px, text.badges[0], theme.accent,
                     (pill.centerx, pill.y + pad_y), pill.width - px // 2, "center")


def _draw_stats(surface: pygame.Surface, box: EndScreenLayout,
                stats: Sequence[tuple[str, str]], theme: Theme, font: FontFn) -> None:
    """The figures in two columns of label and value."""
    x, y, w, h = box.stats
    per_column = -(-len(stats) // 2)
    gap = box.pad * 2
    col_w = (w - gap) / 2
    row_h = h / max(1, per_column)
    px = _stats_px(font, box.body_px, stats, col_w)
    for i, (label, value) in enumerate(stats):
        col, row = divmod(i, per_column)
        left = x + col * (col_w + gap)
        top = y + row * row_h
        value_w = min(font(px).size(value)[0], col_w * 0.46)
        blit_fit(surface, font, px, value, theme.hud_text, (left + col_w, top),
                 col_w * 0.46, "right")
        # the label takes what its value leaves ("Time, perfect bonus" was drawn smaller
        # than its neighbours beside a short "+104, +0")
        blit_fit(surface, font, px, label, theme.muted, (left, top), col_w - value_w - px)


def _stats_px(font: FontFn, px: int, stats: Sequence[tuple[str, str]], col_w: float) -> int:
    """One font size for every label and value, the largest up to ``px`` at which each row
    fits its column (a long value shrank its own label only: "Time, perfect bonus" beside
    "+231, +960" was smaller than beside "+224, +0")."""
    while px > MIN_TEXT_PX and any(
            font(px).size(label)[0] + font(px).size(value)[0] + px > col_w
            for label, value in stats):
        px = max(MIN_TEXT_PX, int(px * FIT_SHRINK))
    return px


def note_lines(notes: Sequence[str], font: FontFn, px: int,
               width: float) -> list[tuple[str, str]]:
    """The first two notes as (line, note) pairs: a note too wide for ``width`` wraps when the
    two then take at most MAX_NOTE_LINES lines (with large text at 640 px the Costs note,
    shrunk to fit, was in smaller type than the note under it), else each stays one line,
    shrunk where drawn."""
    wrapped = [(line, note) for note in notes[:2] for line in wrap_words(note, font, px, width)]
    if len(wrapped) <= MAX_NOTE_LINES:
        return wrapped
    return [(note, note) for note in notes[:2]]


def _draw_notes(surface: pygame.Surface, box: EndScreenLayout, lines: Sequence[tuple[str, str]],
                theme: Theme, font: FontFn, lit: Sequence[str] = ()) -> None:
    """The notes' lines; those of a note in ``lit`` (who won a ghost race) in the accent
    colour."""
    x, y, w, h = box.notes
    for line, note in lines:
        colour = theme.accent if note in lit else theme.muted
        y += blit_fit(surface, font, box.caption_px, line, colour, (x + w / 2, y), w, "center")


def _draw_ranked_table(surface: pygame.Surface, box: EndScreenLayout, view: EndScreenView,
                       rank_line: str, theme: Theme, font: FontFn) -> None:
    x, y, w, h = box.table
    used = 0
    for line in wrap_words(rank_line, font, box.caption_px, w):  # a repeat's words are long
        used += blit_fit(surface, font, box.caption_px, line,
                         theme.good if view.rank is not None else theme.muted,
                         (x + w / 2, y + used), w, "center")
    draw_table(surface, (x, y + used, w, max(1, h - used)), counting_entries(view),
               empty_words(view), view.rank, theme, font, box.caption_px)


SharedLine = tuple[str, tuple[int, int, int], str]
"""A footer line under the daily's result: words, colour, and the sparkline drawn after them."""
BAR_WIDTH = 0.4
"""A sparkline bar's width, as a share of the caption's size (a one-pixel gap between)."""


def _shared_lines(box: EndScreenLayout, text: EndScreenText, theme: Theme,
                  font: FontFn) -> list[SharedLine]:
    """The share line (its sparkline on its last line) and the note after C, wrapped to the
    footer, with their colours."""
    px, width = box.caption_px, box.footer[2]
    words, bars = split_sparkline(text.share)
    found: list[SharedLine] = []
    if words:
        lines = wrap_share(words, font, px, width - bars_width(px, bars))
        found += [(line, theme.accent, bars if i == len(lines) - 1 else "")
                  for i, line in enumerate(lines)]
    if text.share_note:
        colour = theme.good if text.share_copied else theme.hud_text
        found += [(line, colour, "") for line in wrap_words(text.share_note, font, px, width)]
    return found


def wrap_share(words: str, font: FontFn, px: int, width: float) -> list[str]:
    """A share line's words on one line if they fit, else broken first after its head
    ("Fifteen daily ... (first try):"), so no figure is cut from its label ("(optimal /
    57)" read as two things)."""
    head, colon, figures = words.partition(": ")
    if not colon or font(px).size(words)[0] <= width:
        return wrap_words(words, font, px, width)
    return wrap_words(head + ":", font, px, width) + wrap_words(figures, font, px, width)


def split_sparkline(line: str) -> tuple[str, str]:
    """A share line's words and its closing sparkline ("" when it has none)."""
    words, _, last = line.rpartition(" ")
    if words and last and all(c in SPARK_LEVELS or c == SPARK_UNKNOWN for c in last):
        return words, last
    return line, ""


def bars_width(px: int, bars: str) -> int:
    """Pixels the sparkline ``bars`` takes after its words, the space before included."""
    return len(bars) * (max(2, int(px * BAR_WIDTH)) + 1) + px // 2 if bars else 0


def _blit_shared(surface: pygame.Surface, font: FontFn, px: int, line: SharedLine,
                 centre: tuple[float, float], max_w: float) -> int:
    """A footer line, its sparkline drawn as bars standing on the words' baseline (the
    font's block glyphs hung below it, over the keys' line); shrunk to fit. Returns the
    height used."""
    words, colour, bars = line
    px = max(MIN_TEXT_PX, px)
    face = font(px)
    while face.size(words)[0] + bars_width(px, bars) > max_w and px > MIN_TEXT_PX:
        px = max(MIN_TEXT_PX, int(px * FIT_SHRINK))
        face = font(px)
    img = face.render(words, True, colour)
    x = centre[0] - (img.get_width() + bars_width(px, bars)) / 2
    y = centre[1]
    surface.blit(img, (x, y))
    bar = max(2, int(px * BAR_WIDTH))
    base = y + face.get_ascent()
    tall = face.get_ascent()  # the words' full height: 8 levels need every pixel
    bx = x + img.get_width() + px // 2
    for c in bars:
        level = SPARK_LEVELS.find(c)
        high = 2 if level < 0 else max(2, round(tall * (level + 1) / len(SPARK_LEVELS)))
        pygame.draw.rect(surface, colour, (int(bx), int(base - high), bar, high))
        bx += bar + 1
    return img.get_height() + (px // 4 if bars else 0)  # the bars clear the keys' line


def _draw_footer(surface: pygame.Surface, box: EndScreenLayout, text: EndScreenText,
                 theme: Theme, font: FontFn) -> None:
    x, y, w, h = box.footer
    if text.warning:
        y += blit_fit(surface, font, box.caption_px, text.warning, theme.bad, (x + w / 2, y),
                      w, "center")
    for line in _shared_lines(box, text, theme, font):
        y += _blit_shared(surface, font, box.caption_px, line, (x + w / 2, y), w)
    blit_fit(surface, font, box.caption_px, text.help, theme.muted, (x + w / 2, y), w,
             "center")
