"""The end-of-game screen: figures, grade, new-best badges, distance chart and top-10 table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.core.summary import GRADE_UNRATED, GameSummary
from game.store.highscores import AddResult, Entry
from game.ui.chart import draw_distance_chart
from game.ui.scores_view import (
    MIN_TEXT_PX,
    ROW_SPACING,
    FontFn,
    blit_fit,
    draw_table,
    format_time,
    table_lines,
)
from game.ui.theme import Theme

Box = tuple[int, int, int, int]

GRADE_LABEL = "Grade"
HELP = "N new game   R replay   Esc title"
UNKNOWN = "-"
BADGE_TEXT = "New {badge}!"
RANK_IN_TABLE = "#{rank} in the {shape} top 10"
RANK_OUTSIDE = "Not in the {shape} top 10 this time"
RANK_AUTO = "Auto-solved games do not enter the high scores"

PAD_FRACTION = 0.025
HEADER_SHARE = 0.15
FOOTER_SHARE = 0.06
LEFT_COLUMN_SHARE = 0.36
GRADE_SHARE = 0.24
BADGES_SHARE = 0.14
CHART_SHARE = 0.5
PORTRAIT_SHARES = (0.16, 0.30, 0.24, 0.30)
"""Portrait layout: grade and badges row, stats, chart, table (shares of the body height)."""
GRADE_LETTER_SHARE = 0.75
MAX_STAT_PX_PER_WIDTH = 1 / 14
TWO_COLUMN_ASPECT = 2.2
"""Stats go in two columns when their box is this many times wider than high."""
COLUMN_GAP_SHARE = 0.1


@dataclass(frozen=True, slots=True)
class EndScreenView:
    """Everything the end screen shows; the front end builds it once when a game ends."""

    summary: GameSummary
    entries: tuple[Entry, ...] = ()
    rank: int | None = None
    badges: tuple[str, ...] = ()
    game_id: str = ""
    warning: str | None = None

    @classmethod
    def build(cls, summary: GameSummary, result: AddResult | None,
              entries: Sequence[Entry] = (), *, game_id: str = "",
              warning: str | None = None) -> EndScreenView:
        """From ``HighScores.add``/``record``'s result (None: not entered; pass the table)."""
        if result is None:
            return cls(summary, tuple(entries), None, (), game_id, warning)
        return cls(summary, result.table, result.rank, result.badges, game_id, warning)


@dataclass(frozen=True, slots=True)
class EndScreenText:
    """Every text the end screen draws (pure; tested for the exact figures)."""

    title: str
    subtitle: str
    grade: str
    notes: tuple[str, ...]
    """Why the grade is what it is, how undos and restarts counted, the coach's part."""
    badges: tuple[str, ...]
    stats: tuple[tuple[str, str], ...]
    rank_line: str
    table: tuple[str, ...]
    help: str
    warning: str | None


def percent(value: float | None) -> str:
    """``85%`` (rounded), or the unknown mark."""
    return UNKNOWN if value is None else f"{round(value * 100)}%"


def end_screen_text(view: EndScreenView) -> EndScreenText:
    """The texts of the end screen, computed from the view alone."""
    s = view.summary
    if not s.solved_by_player:
        rank_line = RANK_AUTO
    else:
        template = RANK_IN_TABLE if view.rank is not None else RANK_OUTSIDE
        rank_line = template.format(rank=view.rank, shape=s.shape)
    subtitle = f"{s.shape}  {view.game_id}".strip()
    bonus = s.solve_bonus + s.time_bonus + s.perfect_bonus
    moves = str(s.moves) if not s.coach_moves else f"{s.moves} + {s.coach_moves} by the coach"
    notes = tuple(n for n in (s.grade_reason, s.history_note, s.coach_note) if n)
    stats = (
        ("Time", format_time(s.seconds)),
        ("Moves", moves),
        ("Optimal length", UNKNOWN if s.optimal_length is None else str(s.optimal_length)),
        ("Efficiency", percent(s.efficiency)),
        ("Accuracy", percent(s.accuracy)),
        ("Best streak", str(s.best_streak)),
        ("Hints used", str(s.hints_used)),
        ("Undos", str(s.undos)),
        ("Move points", str(s.move_points)),
        ("Bonuses", f"+{bonus}"),
        ("Costs", f"-{s.costs}"),
        ("Points", str(s.points)),
    )
    return EndScreenText(
        title=s.headline,
        subtitle=subtitle,
        grade=s.grade,
        notes=notes,
        badges=tuple(BADGE_TEXT.format(badge=b) for b in view.badges),
        stats=stats,
        rank_line=rank_line,
        table=tuple(table_lines(view.entries, s.shape)),
        help=HELP,
        warning=view.warning,
    )


def end_screen_lines(view: EndScreenView) -> list[str]:
    """Every text drawn, top to bottom; a stat is ``label: value`` (drawn as two columns)."""
    text = end_screen_text(view)
    lines = [text.title]
    if text.subtitle:
        lines.append(text.subtitle)
    lines += [GRADE_LABEL, text.grade, *text.notes, *text.badges]
    lines += [f"{label}: {value}" for label, value in text.stats]
    lines += [text.rank_line, *text.table]
    if text.warning:
        lines.append(text.warning)
    lines.append(text.help)
    return lines


@dataclass(frozen=True, slots=True)
class EndScreenLayout:
    """Boxes (x, y, width, height) for each part, scaled to the surface (pure)."""

    pad: int
    header: Box
    grade: Box
    badges: Box
    stats: Box
    chart: Box
    table: Box
    footer: Box


def end_screen_layout(width: int, height: int) -> EndScreenLayout:
    """Landscape: figures left, chart and table right. Portrait: everything stacked."""
    pad = max(3, int(min(width, height) * PAD_FRACTION))
    header_h = int(height * HEADER_SHARE)
    footer_h = int(height * FOOTER_SHARE)
    top = pad + header_h
    body_h = max(4, height - top - footer_h - 2 * pad)
    inner_w = max(4, width - 2 * pad)
    header = (pad, pad, inner_w, header_h)
    footer = (pad, height - pad - footer_h, inner_w, footer_h)
    if width >= height:
        left_w = int((inner_w - pad) * LEFT_COLUMN_SHARE)
        right_x = pad + left_w + pad
        right_w = max(2, inner_w - left_w - pad)
        grade_h = int(body_h * GRADE_SHARE)
        badges_h = int(body_h * BADGES_SHARE)
        chart_h = int(body_h * CHART_SHARE)
        return EndScreenLayout(
            pad=pad,
            header=header,
            grade=(pad, top, left_w, grade_h),
            badges=(pad, top + grade_h, left_w, badges_h),
            stats=(pad, top + grade_h + badges_h, left_w, max(2, body_h - grade_h - badges_h)),
            chart=(right_x, top, right_w, max(2, chart_h - pad)),
            table=(right_x, top + chart_h, right_w, max(2, body_h - chart_h)),
            footer=footer,
        )
    rows = [int(body_h * share) for share in PORTRAIT_SHARES]
    ys = [top]
    for row_h in rows[:-1]:
        ys.append(ys[-1] + row_h)
    grade_w = inner_w // 3
    return EndScreenLayout(
        pad=pad,
        header=header,
        grade=(pad, ys[0], grade_w, rows[0]),
        badges=(pad + grade_w, ys[0], inner_w - grade_w, rows[0]),
        stats=(pad, ys[1], inner_w, rows[1]),
        chart=(pad, ys[2], inner_w, max(2, rows[2] - pad)),
        table=(pad, ys[3], inner_w, rows[3]),
        footer=footer,
    )


def grade_colour(letter: str, theme: Theme) -> tuple[int, int, int]:
    """The colour a grade letter is drawn in."""
    return {"S": theme.accent, "A": theme.good, "B": theme.hud_text, "C": theme.muted,
            "D": theme.bad, GRADE_UNRATED: theme.muted}.get(letter, theme.hud_text)


def draw_end_screen(surface: pygame.Surface, view: EndScreenView, theme: Theme,
                    font: FontFn) -> None:
    """Draw the whole end screen scaled to ``surface``; reads ``view``, changes nothing else."""
    w, h = surface.get_size()
    text = end_screen_text(view)
    box = end_screen_layout(w, h)
    surface.fill(theme.bg)
    _draw_header(surface, box.header, text, theme, font)
    _draw_grade(surface, box.grade, text.grade, theme, font)
    _draw_notes_and_badges(surface, box.badges, text.notes, text.badges, theme, font)
    _draw_stats(surface, box.stats, text.stats, theme, font)
    draw_distance_chart(surface, box.chart, view.summary.distances, theme, font)
    _draw_ranked_table(surface, box.table, view, text.rank_line, theme, font)
    _draw_footer(surface, box.footer, text, theme, font)


def _draw_header(surface: pygame.Surface, box: Box, text: EndScreenText, theme: Theme,
                 font: FontFn) -> None:
    x, y, w, h = box
    title_px = int(h * 0.6)
    used = blit_fit(surface, font, title_px, text.title, theme.accent, (x + w / 2, y), w,
                    "center")
    if text.subtitle:
        blit_fit(surface, font, int(h * 0.28), text.subtitle, theme.muted,
                 (x + w / 2, y + min(used, int(h * 0.68))), w, "center")


def _draw_grade(surface: pygame.Surface, box: Box, grade: str, theme: Theme,
                font: FontFn) -> None:
    x, y, w, h = box
    label_px = max(MIN_TEXT_PX, int(h * 0.2))
    pygame.draw.rect(surface, theme.panel, pygame.Rect(box), border_radius=max(2, h // 10))
    blit_fit(surface, font, label_px, GRADE_LABEL, theme.muted, (x + w / 2, y), w, "center")
    letter_px = max(MIN_TEXT_PX, int((h - label_px) * GRADE_LETTER_SHARE / 0.75))
    blit_fit(surface, font, letter_px, grade, grade_colour(grade, theme),
             (x + w / 2, y + label_px), w, "center")


def _draw_notes_and_badges(surface: pygame.Surface, box: Box, notes: Sequence[str],
                           badges: Sequence[str], theme: Theme, font: FontFn) -> None:
    x, y, w, h = box
    if notes:
        notes_h = h if not badges else h // 2
        row_h = notes_h / len(notes)
        text_px = max(MIN_TEXT_PX, int(min(row_h / ROW_SPACING, w / 22)))
        for i, note in enumerate(notes):
            blit_fit(surface, font, text_px, note, theme.hud_text if i == 0 else theme.muted,
                     (x + w / 2, y + i * row_h + (row_h - text_px) / 2), w, "center")
        y, h = y + notes_h, h - notes_h
    _draw_badges(surface, (x, y, w, h), badges, theme, font)


def _draw_badges(surface: pygame.Surface, box: Box, badges: Sequence[str], theme: Theme,
                 font: FontFn) -> None:
    if not badges:
        return
    x, y, w, h = box
    row_h = h / len(badges)
    text_px = max(MIN_TEXT_PX, int(min(row_h / ROW_SPACING, w / 12)))
    for i, badge in enumerate(badges):
        top = y + i * row_h
        pill = pygame.Rect(x, top + row_h * 0.08, w, row_h * 0.84)
        pygame.draw.rect(surface, theme.good, pill, border_radius=max(2, int(row_h / 3)))
        blit_fit(surface, font, text_px, badge, theme.bg,
                 (x + w / 2, top + (row_h - text_px) / 2), w * 0.92, "center")


def _draw_stats(surface: pygame.Surface, box: Box, stats: Sequence[tuple[str, str]],
                theme: Theme, font: FontFn) -> None:
    x, y, w, h = box
    columns = 2 if w > TWO_COLUMN_ASPECT * h else 1
    per_column = -(-len(stats) // columns)
    col_w = (w - (columns - 1) * h * COLUMN_GAP_SHARE) / columns
    row_h = h / max(1, per_column)
    text_px = max(MIN_TEXT_PX, int(min(row_h / ROW_SPACING, col_w * MAX_STAT_PX_PER_WIDTH)))
    for i, (label, value) in enumerate(stats):
        col, row = divmod(i, per_column)
        left = x + col * (col_w + h * COLUMN_GAP_SHARE)
        top = y + row * row_h + (row_h - text_px) / 2
        last = i == len(stats) - 1  # the points total stands out
        colour = theme.accent if last else theme.hud_text
        blit_fit(surface, font, text_px, label, theme.muted, (left, top), col_w * 0.6)
        blit_fit(surface, font, text_px, value, colour, (left + col_w, top), col_w * 0.4,
                 "right")


def _draw_ranked_table(surface: pygame.Surface, box: Box, view: EndScreenView, rank_line: str,
                       theme: Theme, font: FontFn) -> None:
    x, y, w, h = box
    line_px = max(MIN_TEXT_PX, int(h * 0.08))
    used = blit_fit(surface, font, line_px, rank_line,
                    theme.good if view.rank is not None else theme.muted, (x + w / 2, y), w,
                    "center")
    draw_table(surface, (x, y + used, w, max(1, h - used)), view.entries,
               view.summary.shape, view.rank, theme, font)


def _draw_footer(surface: pygame.Surface, box: Box, text: EndScreenText, theme: Theme,
                 font: FontFn) -> None:
    x, y, w, h = box
    if text.warning:
        half = max(MIN_TEXT_PX, int(h * 0.45))
        blit_fit(surface, font, half, text.warning, theme.bad, (x + w / 2, y), w, "center")
        blit_fit(surface, font, half, text.help, theme.muted, (x + w / 2, y + h / 2), w,
                 "center")
        return
    blit_fit(surface, font, int(h * 0.7), text.help, theme.muted, (x + w / 2, y), w, "center")
