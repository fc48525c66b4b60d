"""The stats screen: each kind of game apart, races won, bests, ao5-ao100, the last session's mean
explained, and a trend of random boards' solve times."""

from __future__ import annotations

import math

import pygame

from game.core.averages import (
    AVERAGE_SIZES,
    SizeStats,
    Stats,
    format_seconds,
    kind_line,
    races_words,
    session_words,
)
from game.core.spec import GameKind
from game.core.summary import percent_text
from game.store.history_scores import HistoryScores
from game.ui.context import SceneContext
from game.ui.intents import Pop, ShowReplay
from game.ui.menu import Back, page_key
from game.ui.scenes.base import Scene
from game.ui.scenes.replay import text_px

TREND_MAX = 100
"""The chart shows at most this many of the latest solves."""
TREND_HEADROOM = 1.2
"""The chart's top: the slowest solve's time times this."""
FOOTER = "Left/Right size  R replay the last game  Esc back"
MIN_PX = 10
"""The smallest text a long line is shrunk to."""


ROUND_STEPS = (1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)
"""The trend chart's top is one of these times a power of ten."""


def trend_title(shown: int, solves: int) -> str:
    """The solve-time chart's title for ``shown`` of ``solves`` times (a newcomer's first
    game read "last 1")."""
    if shown == 1:
        return "random boards' solve time, your first solve (s)"
    which = f"all {shown}" if shown == solves else f"last {shown}"
    return f"random boards' solve times, {which} (s)"


def round_top(value: float) -> float:
    """The least round number (``ROUND_STEPS`` times a power of ten) at or above ``value``:
    the chart's top label reads "500", not "408" (a newcomer's 5x5 chart)."""
    if value <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(value))
    for step in ROUND_STEPS:
        top = round(step * power, 10)
        if top >= value - 1e-9:
            return top
    return 10 * power


class StatsScene(Scene):
    """Per-size figures from the history; Left/Right change the size."""

    def __init__(self, ctx: SceneContext, shape: str) -> None:
        super().__init__(ctx)
        scores = ctx.scores
        self.history = scores if isinstance(scores, HistoryScores) else None
        shapes = self.history.played_shapes() if self.history is not None else []
        self.shapes = shapes or [shape]
        self.shape = shape if shape in shapes else self.shapes[-1] if shapes else shape

    def stats(self) -> SizeStats | None:
        """The figures for the size on show (None: no history at all)."""
        return self.history.size_stats(self.shape) if self.history is not None else None

    def handle(self, event: pygame.event.Event) -> None:
        step = page_key(event)
        if isinstance(step, Back):
            self.emit(Pop())
        elif step is not None:
            if self.shape in self.shapes:
                i = (self.shapes.index(self.shape) + step) % len(self.shapes)
            else:
                i = 0
            self.shape = self.shapes[i]
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_r \
                and self.history is not None:
            games = [g for g in self.history.games
                     if g.shape == self.shape and not g.imported and g.board is not None]
            if games:
                self.emit(ShowReplay(games[-1]))

    def lines(self, stats: SizeStats | None) -> list[str]:
        """The figures as text lines: totals and races, random boards in full (the size's
        bests), every other kind on a line of its own (never mixed into those bests)."""
        if stats is None or stats.games == 0:
            return [f"No {self.shape} games yet.", "Play one from the title screen:",
                    "every game is remembered here."]
        races = races_words(stats)
        lines = [f"games {stats.games}   solves {stats.solves}"
                 + (f"   {races}" if races else "")]
        for kind, figures in stats.kinds:
            if kind is not GameKind.RANDOM:
                lines.append(kind_line(kind, figures))
                continue
            lines.append(f"{kind_line(kind, figures, bests=False)} · the size's bests")
            tps = "-" if figures.best_tps is None else f"{figures.best_tps:.2f}"
            eff = "-" if figures.best_efficiency is None else percent_text(
                figures.best_efficiency)
            lines += [
                f"    best time {format_seconds(figures.best_time)}   best moves "
                f"{'-' if figures.best_moves is None else figures.best_moves}",
                f"    best tiles/s {tps}   best efficiency {eff}",
                "    " + "   ".join(f"ao{n} {format_seconds(figures.averages[n])}"
                                    for n in AVERAGE_SIZES),
            ]
            session = session_words(figures)
            if session:
                lines.append(f"    {session}")
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        surface.fill(theme.bg)
        w, h = self.ctx.window
        px = text_px(self.ctx.window)
        title = fonts.text(f"Stats  {self.shape}", px * 2, theme.accent, bold=True)
        surface.blit(title, ((w - title.get_width()) // 2, px))
        y = 3 * px + px // 2
        stats = self.stats()
        room = w - 3 * px
        for line in self.lines(stats):
            # a narrow window: two lines at the same size (the latest session's line was
            # shrunk to 8 px at 640x600), then smaller, never cut off
            indent = line[: len(line) - len(line.lstrip())]
            parts = fonts.two_lines(line.lstrip(), px + 2, room - fonts(px + 2).size(indent)[0])
            for part in parts:
                text = fonts.text(indent + part, px + 2, theme.hud_text)
                if text.get_width() > room:
                    text = fonts.text(indent + part,
                                      max(MIN_PX, px * room // text.get_width()), theme.hud_text)
                surface.blit(text, (2 * px, y))
                y += int(px * 1.6) if part is parts[-1] else int(px * 1.25)
        headline = stats.of(GameKind.RANDOM) if stats is not None else None
        if headline is not None and headline.trend:
            self._trend(surface, (2 * px, y + px, w - 4 * px, h - y - 5 * px), headline, px)
        foot = fonts.text(FOOTER, px, theme.muted)
        surface.blit(foot, ((w - foot.get_width()) // 2, h - 2 * px))

    def _trend(self, surface: pygame.Surface, box: tuple[int, int, int, int], stats: Stats,
               px: int) -> None:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        x, y, w, h = box
        if h < 3 * px:
            return
        times = stats.trend[-TREND_MAX:]
        label = fonts.text(trend_title(len(times), len(stats.trend)), px, theme.muted)
        surface.blit(label, (x, y))
        # from zero: one game, or equal times, read plainly; a fifth of headroom, so the
        # slowest solve's dot is drawn inside the plot, not on its top edge
        top, bottom = round_top(max(times) * TREND_HEADROOM), 0.0
        span = max(1e-6, top - bottom)
        plot = pygame.Rect(x + 3 * px, y + int(1.5 * px), w - 3 * px, h - int(2.5 * px))
        pygame.draw.rect(surface, theme.panel, plot)
        surface.blit(fonts.text(f"{top:g}", px, theme.muted), (x, plot.top))
        surface.blit(fonts.text(f"{bottom:.0f}", px, theme.muted), (x, plot.bottom - px))
        points = []
        for i, t in enumerate(times):
            share = i / (len(times) - 1) if len(times) > 1 else 0.5
            points.append((plot.left + int(share * (plot.width - 1)),
                           plot.bottom - 1 - int((t - bottom) / span * (plot.height - 1))))
        if len(points) > 1:
            pygame.draw.lines(surface, theme.chart_line, False, points, 3)
        for point in points[-TREND_MAX:]:
            pygame.draw.circle(surface, theme.accent, point, 4)
