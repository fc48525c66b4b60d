"""The per-size high-scores view, and the score table it shares with the end screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.core.clock import clock_text as format_time
from game.store.highscores import TABLE_SIZE, Entry, HighScores, shape_key
from game.ui.layout import Type, type_px
from game.ui.theme import Theme

FontFn = Callable[[int], pygame.font.Font]
Box = tuple[int, int, int, int]

STANDARD_SHAPES = ("3x3", "4x4", "5x5")
TABLE_HEADER = ("#", "Name", "Points", "Time", "Moves", "Grade")
COLUMN_SHARES = (0.09, 0.19, 0.18, 0.18, 0.18, 0.18)
RIGHT_ALIGNED = (False, False, True, True, True, True)
ROW_SPACING = 1.25
"""Row height as a multiple of the text size."""
MIN_TEXT_PX = 16
"""Text shrunk to fit its column never gets smaller than this font size."""
FIT_SHRINK = 0.9
EMPTY_TABLE = "No {shape} random-board scores yet: solve one yourself"
"""The size's top 10 ranks random boards only (a newcomer who had solved seeded boards read
"No scores yet for 3x3")."""
EMPTY_NAMED = "No scores yet in {table}"
"""The empty message of a named table (a daily's, a board's own) on the end screen."""
SCORES_TITLE = "High scores"
DAILY_TITLE = "Daily high scores"
SCORES_HELP = "Random boards (seeded boards rank apart)   Up/Down dailies   " \
    "Left/Right size   Esc back"
DAILY_HELP = "First tries at each day's daily   Up/Down random boards   Left/Right size   Esc back"
EMPTY_DAILY = "No scores yet in the {shape} daily top 10: play the daily from the title"
PAD_FRACTION = 0.03


def table_rows(entries: Sequence[Entry]) -> list[tuple[str, ...]]:
    """The table's text, one tuple of cells per entry (header not included)."""
    return [
        (str(i), e.name, str(e.points), format_time(e.seconds), str(e.moves), e.grade)
        for i, e in enumerate(entries, start=1)
    ]


@dataclass(frozen=True, slots=True)
class ScoresView:
    """What the high-scores screen shows: the sizes, the chosen one and its table."""

    shapes: tuple[str, ...]
    current: str
    entries: tuple[Entry, ...]
    highlight: int | None = None
    """1-based rank of a row to highlight (e.g. the game just finished)."""
    warning: str | None = None
    daily: bool = False
    """The size's daily top 10 (first tries), not its random boards'."""

    @property
    def title(self) -> str:
        """The screen's heading."""
        return DAILY_TITLE if self.daily else SCORES_TITLE

    @property
    def help(self) -> str:
        """The keys line at the bottom."""
        return DAILY_HELP if self.daily else SCORES_HELP

    @property
    def empty(self) -> str:
        """What the table says with no scores in it."""
        return (EMPTY_DAILY if self.daily else EMPTY_TABLE).format(shape=self.current)


def scores_view_for(scores: HighScores, current: str | None = None, *,
                    warning: str | None = None, daily: bool = False) -> ScoresView:
    """The view for ``current`` (default: the first size with scores, else 4x4): its random
    boards' top 10, or its dailies' (``daily``)."""
    shapes = sorted({*STANDARD_SHAPES, *scores.shapes(), *([current] if current else [])},
                    key=shape_key)
    if current is None:
        current = next(iter(scores.shapes()), "4x4")
    entries = scores.daily_table(current) if daily else scores.table(current)
    return ScoresView(tuple(shapes), current, tuple(entries), warning=warning, daily=daily)


def step_shape(view: ScoresView, step: int) -> str:
    """The size ``step`` places left (-1) or right (+1) of the current one, wrapping."""
    if not view.shapes:
        return view.current
    i = view.shapes.index(view.current) if view.current in view.shapes else 0
    return view.shapes[(i + step) % len(view.shapes)]


def scores_view_lines(view: ScoresView) -> list[str]:
    """Every text the view draws, top to bottom (a table row's cells joined by two spaces)."""
    lines = [view.title, *view.shapes]
    lines += table_lines(view.entries, view.empty)
    if view.warning:
        lines.append(view.warning)
    lines.append(view.help)
    return lines


def table_lines(entries: Sequence[Entry], empty: str) -> list[str]:
    """The table text as lines: the header and one line per row, or ``empty`` (no line when
    it is "")."""
    if not entries:
        return [empty] if empty else []
    return ["  ".join(TABLE_HEADER)] + ["  ".join(row) for row in table_rows(entries)]


def blit_fit(surface: pygame.Surface, font: FontFn, size: int, text: str,
             colour: tuple[int, int, int], pos: tuple[float, float], max_w: float,
             align: str = "left") -> int:
    """Draw ``text`` at ``pos`` (top edge), shrinking the font until it fits ``max_w``;
    ``align`` is left, right (pos is the right edge) or center. Returns the height used."""
    size = max(MIN_TEXT_PX, size)
    face = font(size)
    while face.size(text)[0] > max_w and size > MIN_TEXT_PX:
        size = max(MIN_TEXT_PX, int(size * FIT_SHRINK))
        face = font(size)
    img = face.render(text, True, colour)
    x, y = pos
    if align == "right":
        x -= img.get_width()
    elif align == "center":
        x -= img.get_width() / 2
    surface.blit(img, (x, y))
    return img.get_height()


def visible_rows(count: int, fits: int, highlight: int | None) -> range:
    """Which of ``count`` entries to show when ``fits`` rows fit: from the top, or a window
    that keeps the highlighted (1-based) rank in view."""
    fits = max(1, fits)
    if count <= fits or highlight is None or highlight <= fits:
        return range(min(count, fits))
    start = min(count - fits, highlight - 1 - fits // 2)
    return range(start, start + fits)


def draw_table(surface: pygame.Surface, box: Box, entries: Sequence[Entry], empty: str,
               highlight: int | None, theme: Theme, font: FontFn,
               text_px: int | None = None) -> None:
    """The top-10 table in ``box`` (as many rows as fit, the highlighted one always among
    them); the ``highlight`` rank gets an accent bar; ``empty`` is said when there is no row
    (nothing is drawn when it is "")."""
    previous_clip = surface.get_clip()
    surface.set_clip(pygame.Rect(box).clip(previous_clip))
    try:
        _draw_table_rows(surface, box, entries, empty, highlight, theme, font, text_px)
    finally:
        surface.set_clip(previous_clip)


def _draw_table_rows(surface: pygame.Surface, box: Box, entries: Sequence[Entry], empty: str,
                     highlight: int | None, theme: Theme, font: FontFn,
                     text_px: int | None) -> None:
    if not entries and not empty:
        return
    x, y, w, h = box
    if text_px is None:
        text_px = max(MIN_TEXT_PX, int(h / ((TABLE_SIZE + 1) * ROW_SPACING)))
    row_h = int(font(text_px).get_height() * ROW_SPACING)
    fits = h // row_h - 1
    panel_h = min(h, row_h * (1 + min(len(entries), fits)) + row_h // 2 if entries
                  else row_h * 3)
    pygame.draw.rect(surface, theme.panel, pygame.Rect(x, y, w, panel_h),
                     border_radius=max(2, row_h // 4))
    if not entries:  # a margin of half a line each side (it ran to 1 px of the panel)
        blit_fit(surface, font, text_px, empty, theme.muted,
                 (x + w / 2, y + panel_h / 2 - font(text_px).get_height() / 2),
                 w - text_px, "center")
        return
    edges: list[float] = [x]
    for share in COLUMN_SHARES:
        edges.append(edges[-1] + w * share)
    gap = text_px * 0.3
    all_rows = table_rows(entries)
    shown = visible_rows(len(all_rows), fits, highlight)
    rows = [(0, TABLE_HEADER), *((i + 1, all_rows[i]) for i in shown)]
    for r, (rank, cells) in enumerate(rows):
        top = y + r * row_h + (row_h - font(text_px).get_height()) // 2
        colour = theme.muted if r == 0 else theme.hud_text
        if highlight is not None and rank == highlight:
            pygame.draw.rect(surface, theme.accent, pygame.Rect(x, y + r * row_h, w, row_h),
                             border_radius=max(2, row_h // 4))
            colour = theme.bg
        for c, text in enumerate(cells):
            left, right = edges[c] + gap, edges[c + 1] - gap
            if RIGHT_ALIGNED[c]:
                blit_fit(surface, font, text_px, text, colour, (right, top), right - left,
                         "right")
            else:
                blit_fit(surface, font, text_px, text, colour, (left, top), right - left)


def draw_high_scores(surface: pygame.Surface, view: ScoresView, theme: Theme,
                     font: FontFn) -> None:
    """The per-size high-scores screen; reads ``view`` and changes nothing else."""
    w, h = surface.get_size()
    pad = max(4, int(min(w, h) * PAD_FRACTION))
    title_px = type_px((w, h), Type.HEADING + 10)
    text_px = type_px((w, h), Type.BODY)
    line = int(font(text_px).get_height() * ROW_SPACING)
    surface.fill(theme.bg)
    y = pad
    y += blit_fit(surface, font, title_px, view.title, theme.accent, (w / 2, y),
                  w - 2 * pad, "center")
    content_w = min(w - 2 * pad, int(h * 1.1))
    left = (w - content_w) // 2
    _draw_shape_tabs(surface, view, theme, font, text_px, (left, y + pad // 2, content_w))
    y += pad // 2 + line + pad
    bottom = h - pad - line * (2 if view.warning else 1)
    draw_table(surface, (left, y, content_w, max(1, bottom - y - pad)),
               view.entries, view.empty, view.highlight, theme, font, text_px)
    if view.warning:
        blit_fit(surface, font, text_px, view.warning, theme.bad,
                 (w / 2, bottom), w - 2 * pad, "center")
    blit_fit(surface, font, type_px((w, h), Type.CAPTION), view.help, theme.muted,
             (w / 2, h - pad - line), w - 2 * pad, "center")


def _draw_shape_tabs(surface: pygame.Surface, view: ScoresView, theme: Theme, font: FontFn,
                     text_px: int, row: tuple[int, int, int]) -> None:
    x, y, w = row
    if not view.shapes:
        return
    cell = w / len(view.shapes)
    for i, shape in enumerate(view.shapes):
        left = x + i * cell
        chosen = shape == view.current
        line = font(text_px).get_height()
        if chosen:
            pygame.draw.rect(surface, theme.accent,
                             pygame.Rect(left, y, cell, int(line * ROW_SPACING)),
                             border_radius=max(2, line // 3))
        blit_fit(surface, font, text_px, shape, theme.bg if chosen else theme.muted,
                 (left + cell / 2, y + line * (ROW_SPACING - 1) / 2), cell * 0.9, "center")
