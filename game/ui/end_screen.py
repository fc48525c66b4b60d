"""The end-of-game screen: figures, grade, new-best badges, distance chart and top-10 table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.core.averages import counted
from game.core.summary import GRADE_UNRATED, GameSummary
from game.store.highscores import AddResult, Entry
from game.ui.chart import draw_distance_chart
from game.ui.layout import Type, type_px
from game.ui.scores_view import (
    EMPTY_NAMED,
    EMPTY_TABLE,
    FontFn,
    blit_fit,
    draw_table,
    format_time,
    table_lines,
)
from game.ui.theme import Theme

Box = tuple[int, int, int, int]

GRADE_LABEL = "Grade"
HELP = "N new game   R play it again   G race your ghost   D drill   Esc title"
HELP_SHARE = ("N new game   R play it again   G race your ghost   D drill   C copy result   "
              "Esc title")
"""The keys when there is a share line (the daily): C copies it."""
UNKNOWN = "-"
BADGE_TEXT = "New {badge}!"
RANK_IN_TABLE = "#{rank} in {table}"
RANK_OUTSIDE = "Not in {table} this time"
RANK_AUTO = "The coach played: not ranked, not a solve in stats"
RANK_PRACTICE = "Practice games are never ranked"

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
COUNT_UP_SECONDS = 0.9
"""The points count up this fast when the end screen opens (at once with reduced motion)."""


@dataclass(frozen=True, slots=True)
class EndScreenView:
    """Everything the end screen shows; the front end builds it once when a game ends."""

    summary: GameSummary
    entries: tuple[Entry, ...] = ()
    rank: int | None = None
    badges: tuple[str, ...] = ()
    game_id: str = ""
    warning: str | None = None
    points_shown: int | None = None
    """The points as counted up so far (None: the final figure)."""
    share: str = ""
    """The daily puzzle's one-line shareable result ("" for other games)."""
    share_note: str = ""
    """What became of the share line after C (copied, or printed only and why)."""
    share_copied: bool = False
    """The share line reached the clipboard (its note is drawn as good news)."""
    rank_note: str = ""
    """Said instead of the top-10 line (a daily's repeat: not ranked, and the first try)."""
    kind: str = ""
    """What kind of game it was and where it ranks ("custom board · its own top 10")."""
    table_title: str = ""
    """The table it is ranked in ("this board's top 10"; "": the size's top 10)."""
    scope: str = ""
    """Where its new bests are bests ("on this board"; "": the size's)."""
    ranked: bool = True
    """False for a game never ranked (practice)."""
    race: tuple[str, ...] = ()
    """A ghost race's result: who won and by how much, then both figures."""
    drill_note: str = ""
    """What the drill key has to say ("no mistakes to drill"), shown in place of the keys."""

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
    share: str = ""
    share_note: str = ""
    share_copied: bool = False


def empty_words(view: EndScreenView) -> str:
    """What an empty top 10 says: the table's name (a daily's, a board's own), the size's
    call to play, or nothing for a game never ranked (its rank line says why)."""
    if not view.ranked:
        return ""
    if view.table_title:
        return EMPTY_NAMED.format(table=view.table_title)
    return EMPTY_TABLE.format(shape=view.summary.shape)


def badge_text(badges: Sequence[str], scope: str = "") -> str:
    """One badge for every new best: ``New best points!`` or ``New best points and time!``
    (``New best time on this board!`` with a ``scope``)."""
    names = [b.removeprefix("best ").removeprefix("fewest ") for b in badges]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return BADGE_TEXT.format(badge=f"best {joined}" + (f" {scope}" if scope else ""))


def count_up(points: int, seconds: float) -> int:
    """The points shown ``seconds`` after the end screen opened (ease-out count-up)."""
    if seconds >= COUNT_UP_SECONDS or points <= 0:
        return points
    progress = seconds / COUNT_UP_SECONDS
    return round(points * (1 - (1 - progress) ** 3))


def raw_total(s: GameSummary) -> int:
    """The points before the floor at zero."""
    return s.move_points + s.solve_bonus + s.time_bonus + s.perfect_bonus - s.costs


def percent(value: float | None) -> str:
    """``85%`` (rounded), or the unknown mark."""
    return UNKNOWN if value is None else f"{round(value * 100)}%"


SUBTITLE_BOARD_MAX = 40
"""Board text longer than this (boards past 4x4) is left off the subtitle."""


def game_subtitle(shape: str, game_id: str) -> str:
    """"game 4x4-123" for a seeded game; "4x4 board 1 2 3/..." for a given board (the board
    text left off when long); the shape alone without an ID."""
    if game_id.startswith(f"{shape}-"):
        return f"game {game_id}"
    if game_id and len(game_id) <= SUBTITLE_BOARD_MAX:
        return f"{shape} board {game_id}"
    return shape


def end_screen_text(view: EndScreenView) -> EndScreenText:
    """The texts of the end screen, computed from the view alone."""
    s = view.summary
    if not view.ranked:
        rank_line = RANK_PRACTICE
    elif not s.solved_by_player:
        rank_line = RANK_AUTO
    else:
        template = RANK_IN_TABLE if view.rank is not None else RANK_OUTSIDE
        rank_line = template.format(rank=view.rank,
                                    table=view.table_title or f"the {s.shape} top 10")
    if view.rank_note:
        rank_line = view.rank_note
    subtitle = game_subtitle(s.shape, view.game_id)
    if view.kind:
        subtitle = f"{subtitle} · {view.kind}" if subtitle else view.kind
    bonus = s.solve_bonus + s.time_bonus + s.perfect_bonus
    moves = str(s.moves) if not s.coach_moves else f"{s.moves} (+{s.coach_moves} coach)"
    race_head, race_detail = (*view.race, "", "")[:2]  # the winner first; figures if room
    notes = tuple(n for n in (s.grade_reason, race_head, s.history_note, s.coach_note,
                              race_detail) if n)
    stats = (
        ("Time", format_time(s.seconds)),
        ("Moves", moves),
        ("Optimal length" if s.exact else "Coach's line",
         UNKNOWN if s.optimal_length is None else str(s.optimal_length)),
        ("Efficiency", percent(s.efficiency)),
        ("Accuracy", percent(s.accuracy)),
        ("Best streak", s.streak_words),
        ("Hints used", str(s.hints_used)),
        ("Undos", str(s.undos)),
        ("Move points", str(s.move_points)),
        ("Bonuses", f"+{bonus}"),
        ("Costs", f"-{s.costs}" if s.costs else "0"),
        ("Points", str(s.points) if s.points or not raw_total(s) < 0 else "0 (never below 0)"),
    )
    return EndScreenText(
        title=s.headline,
        subtitle=subtitle,
        grade=s.grade,
        notes=notes,
        badges=(badge_text(view.badges, view.scope),) if view.badges else (),
        stats=stats,
        rank_line=rank_line,
        table=tuple(table_lines(view.entries, empty_words(view))),
        help=view.drill_note or (HELP_SHARE if view.share else HELP),
        warning=view.warning,
        share=view.share,
        share_note=view.share_note,
        share_copied=view.share_copied,
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
    if text.share:
        lines.append(text.share)
    if text.share_note:
        lines.append(text.share_note)
    lines.append(text.help)
    return lines


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
                      footer_lines: int = 2) -> EndScreenLayout:
    """One column of parts, top to bottom: headline, grade and points, figures in two
    columns, notes, then the chart beside the top 10, then the keys. ``font`` measures line
    heights (the large-text setting makes them taller); without it they are estimated."""
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
    hero_h = line(title_px) + line(body_px) + line(caption_px) * 2 + pad
    grade_w = int(content_w * GRADE_PANEL_SHARE)
    grade = (x, y, grade_w, hero_h)
    hero = (x + grade_w + pad, y, content_w - grade_w - pad, hero_h)
    y += hero_h + pad
    stats_h = int(line(body_px) * STAT_ROW_SPACING) * 6
    stats = (x, y, content_w, stats_h)
    y += stats_h + pad // 2
    notes = (x, y, content_w, line(caption_px) * 2)
    y += notes[3] + pad // 2
    footer_h = line(caption_px) * footer_lines + pad // 2
    footer = (x, height - pad - footer_h, content_w, footer_h)
    bottom_h = max(4, footer[1] - pad - y)
    chart_w = int((content_w - pad) * CHART_SHARE)
    chart = (x, y, chart_w, bottom_h)
    table = (x + chart_w + pad, y, content_w - chart_w - pad, bottom_h)
    return EndScreenLayout(pad, header, grade, hero, stats, notes, chart, table, footer,
                           title_px, body_px, caption_px)


def wrap_words(text: str, font: FontFn, px: int, width: float) -> list[str]:
    """``text`` in as few lines as fit ``width`` at ``px``, words kept whole (a word wider
    than that alone is left for ``blit_fit`` to shrink)."""
    face = font(px)
    lines: list[str] = []
    for word in text.split(" "):
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and face.size(joined)[0] <= width:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines


def grade_colour(letter: str, theme: Theme) -> tuple[int, int, int]:
    """The colour a grade letter is drawn in."""
    return {"S": theme.accent, "A": theme.good, "B": theme.hud_text, "C": theme.muted,
            "D": theme.bad, GRADE_UNRATED: theme.muted}.get(letter, theme.hud_text)


def draw_end_screen(surface: pygame.Surface, view: EndScreenView, theme: Theme,
                    font: FontFn) -> None:
    """Draw the whole end screen scaled to ``surface``; reads ``view``, changes nothing else."""
    w, h = surface.get_size()
    text = end_screen_text(view)
    box = end_screen_layout(w, h, font, max(2, 1 + bool(text.warning)))
    if text.share or text.share_note:  # the share line and its note wrap (long at 640 px)
        shared = len(_shared_lines(box, text, theme, font))
        box = end_screen_layout(w, h, font, max(2, 1 + bool(text.warning) + shared))
    surface.fill(theme.bg)
    _draw_header(surface, box, text, theme, font)
    _draw_grade(surface, box, text.grade, theme, font)
    _draw_hero(surface, box, view, text, theme, font)
    _draw_stats(surface, box, text.stats[:-1], theme, font)
    _draw_notes(surface, box, text.notes[1:], theme, font, view.race[:1])
    draw_distance_chart(surface, box.chart, view.summary.distances, theme, font,
                        box.caption_px, view.summary.by_coach)
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
               text: EndScreenText, theme: Theme, font: FontFn) -> None:
    """The points (counting up), why the grade is what it is, and one badge for new bests."""
    x, y, w, h = box.hero
    points = view.summary.points if view.points_shown is None else view.points_shown
    words = counted(points, "point")  # counting up passes 1
    if points == 0 and raw_total(view.summary) < 0:  # the stats' "Points" note, said here
        words += " (never below 0)"
    used = blit_fit(surface, font, box.title_px, words, theme.hud_text, (x, y), w)
    if text.notes:
        used += blit_fit(surface, font, box.body_px, text.notes[0], theme.hud_text,
                         (x, y + used), w)
    if text.badges:
        px = box.caption_px
        badge = font(px).render(text.badges[0], True, theme.accent)
        pill = pygame.Rect(x, y + used + box.pad // 2, min(w, badge.get_width() + px),
                           badge.get_height() + px // 3)
        if pill.bottom <= y + h:
            pygame.draw.rect(surface, theme.accent, pill, 2, border_radius=pill.height // 2)
            blit_fit(surface, font, px, text.badges[0], theme.accent,
                     (pill.centerx, pill.y + px // 6), pill.width - px // 2, "center")


def _draw_stats(surface: pygame.Surface, box: EndScreenLayout,
                stats: Sequence[tuple[str, str]], theme: Theme, font: FontFn) -> None:
    """The figures in two columns of label and value."""
    x, y, w, h = box.stats
    per_column = -(-len(stats) // 2)
    gap = box.pad * 2
    col_w = (w - gap) / 2
    row_h = h / max(1, per_column)
    for i, (label, value) in enumerate(stats):
        col, row = divmod(i, per_column)
        left = x + col * (col_w + gap)
        top = y + row * row_h
        blit_fit(surface, font, box.body_px, label, theme.muted, (left, top), col_w * 0.52)
        blit_fit(surface, font, box.body_px, value, theme.hud_text, (left + col_w, top),
                 col_w * 0.46, "right")


def _draw_notes(surface: pygame.Surface, box: EndScreenLayout, notes: Sequence[str],
                theme: Theme, font: FontFn, lit: Sequence[str] = ()) -> None:
    """Up to two notes; those in ``lit`` (who won a ghost race) in the accent colour."""
    x, y, w, h = box.notes
    for note in notes[:2]:
        colour = theme.accent if note in lit else theme.muted
        y += blit_fit(surface, font, box.caption_px, note, colour, (x + w / 2, y), w, "center")


def _draw_ranked_table(surface: pygame.Surface, box: EndScreenLayout, view: EndScreenView,
                       rank_line: str, theme: Theme, font: FontFn) -> None:
    x, y, w, h = box.table
    used = 0
    for line in wrap_words(rank_line, font, box.caption_px, w):  # a repeat's words are long
        used += blit_fit(surface, font, box.caption_px, line,
                         theme.good if view.rank is not None else theme.muted,
                         (x + w / 2, y + used), w, "center")
    draw_table(surface, (x, y + used, w, max(1, h - used)), view.entries, empty_words(view),
               view.rank, theme, font, box.caption_px)


def _shared_lines(box: EndScreenLayout, text: EndScreenText, theme: Theme,
                  font: FontFn) -> list[tuple[str, tuple[int, int, int]]]:
    """The share line and the note after C, wrapped to the footer, with their colours."""
    parts = ((text.share, theme.accent),
             (text.share_note, theme.good if text.share_copied else theme.hud_text))
    return [(line, colour) for part, colour in parts if part
            for line in wrap_words(part, font, box.caption_px, box.footer[2])]


def _draw_footer(surface: pygame.Surface, box: EndScreenLayout, text: EndScreenText,
                 theme: Theme, font: FontFn) -> None:
    x, y, w, h = box.footer
    if text.warning:
        y += blit_fit(surface, font, box.caption_px, text.warning, theme.bad, (x + w / 2, y),
                      w, "center")
    for line, colour in _shared_lines(box, text, theme, font):
        y += blit_fit(surface, font, box.caption_px, line, colour, (x + w / 2, y), w, "center")
    blit_fit(surface, font, box.caption_px, text.help, theme.muted, (x + w / 2, y), w,
             "center")
