"""The distance-to-goal chart: the player's distance after each move against the ideal line."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.ui.theme import Theme

Point = tuple[float, float]
Box = tuple[int, int, int, int]  # x, y, width, height

LABEL_FRACTION = 0.09
"""Axis label text height as a share of the chart box height."""
MIN_LABEL_PX = 10
MARGIN_LEFT_LABELS = 3.2
"""Left margin in label heights (room for the y tick numbers and the axis title), at least:
wider tick numbers get the room they take."""
TICK_GAP_LABELS = 0.45
"""Room either side of the y tick numbers (from the axis title, and from the axis), in label
heights."""
DIGIT_SHARE = 0.62
"""A digit's width as a share of the label height, where no font measures it."""
MARGIN_BOTTOM_LABELS = 2.7
MARGIN_TOP_LABELS = 1.4
MARGIN_RIGHT_LABELS = 0.8
LINE_WIDTH_FRACTION = 0.012
DOT_MOVES_MAX = 60
"""Mark every move with a dot only up to this many moves (more would be clutter)."""
X_TITLE = "moves"
Y_TITLE = "distance to goal"
LEGEND_YOU = "you"
LEGEND_IDEAL = "ideal"
LEGEND_BEST = "best known"
"""The straight line beyond exact reach: the coach's best line from the start, not proven
optimal (a newcomer read "ideal" on 5x5 as the optimum)."""
LEGEND_COACH = "coach"


@dataclass(frozen=True, slots=True)
class ChartGeometry:
    """Where everything in the chart goes, in surface pixels (pure, testable)."""

    plot: Box
    x_max: int
    y_max: int
    segments: tuple[tuple[Point, ...], ...]
    """Runs of known distances; an unknown distance breaks the line."""
    ideal: tuple[Point, Point] | None
    x_ticks: tuple[tuple[float, str], ...]
    y_ticks: tuple[tuple[float, str], ...]
    label_px: int


def chart_geometry(distances: Sequence[int | None], box: Box,
                   label_px: int | None = None,
                   scale: tuple[int, int] | None = None,
                   text_width: Callable[[str], int] | None = None) -> ChartGeometry:
    """Lay out the chart of ``distances`` (index = moves played) inside ``box``;
    ``label_px`` is the labels' line height (by default a share of the box); ``scale`` the
    (moves, distance) the axes run to, fixed by a replay for the whole game (by default they
    fit ``distances``); ``text_width`` measures a label in pixels (by default estimated), so
    the widest y tick number clears the axis title ("100" was drawn over it)."""
    x, y, w, h = box
    if label_px is None:
        label_px = max(MIN_LABEL_PX, int(h * LABEL_FRACTION))
    known = [d for d in distances if d is not None]
    start = distances[0] if distances else None
    x_max = max(1, len(distances) - 1, start or 0)
    y_max = max(1, *known) if known else 1
    if scale is not None:
        x_max, y_max = max(x_max, scale[0]), max(y_max, scale[1])
    y_values = _ticks(y_max)
    measure = text_width or (lambda text: int(len(text) * label_px * DIGIT_SHARE) + 1)
    widest = max(measure(str(d)) for d in y_values)
    needed = label_px + widest + int(2 * TICK_GAP_LABELS * label_px)  # title, gap, ticks, gap
    left = x + max(int(label_px * MARGIN_LEFT_LABELS), needed)
    top = y + int(label_px * MARGIN_TOP_LABELS)
    right = x + w - int(label_px * MARGIN_RIGHT_LABELS)
    bottom = y + h - int(label_px * MARGIN_BOTTOM_LABELS)
    plot = (left, top, max(1, right - left), max(1, bottom - top))

    def to_px(i: float, d: float) -> Point:
        return (plot[0] + plot[2] * i / x_max, plot[1] + plot[3] * (1 - d / y_max))

    segments: list[tuple[Point, ...]] = []
    run: list[Point] = []
    for i, d in enumerate(distances):
        if d is None:
            if run:
                segments.append(tuple(run))
            run = []
        else:
            run.append(to_px(i, d))
    if run:
        segments.append(tuple(run))
    ideal = (to_px(0, start), to_px(start, 0)) if start else None
    x_ticks = tuple((to_px(i, 0)[0], str(i)) for i in _ticks(x_max))
    y_ticks = tuple((to_px(0, d)[1], str(d)) for d in y_values)
    return ChartGeometry(plot, x_max, y_max, tuple(segments), ideal, x_ticks, y_ticks, label_px)


def _ticks(top: int) -> list[int]:
    """0, a round value near the middle when there is room, and ``top`` (a multiple of half
    a power of ten: 0 / 25 / 50, where 0 / 20 / 50 looked uneven to a newcomer)."""
    if top < 4:
        return [0, top]
    step = max(1, 10 ** (len(str(top // 2)) - 1) // 2)
    middle = round(top / 2 / step) * step
    return [0, middle, top] if 0 < middle < top else [0, top]


def draw_distance_chart(surface: pygame.Surface, box: Box, distances: Sequence[int | None],
                        theme: Theme, font: Callable[[int], pygame.font.Font],
                        text_px: int | None = None, by_coach: Sequence[bool] = (),
                        scale: tuple[int, int] | None = None, exact: bool = True) -> None:
    """Draw the chart into ``box`` with labels of font size ``text_px`` (by default a share of
    the box); ``by_coach[i]`` marks move i + 1 as the coach's (drawn in its own colour);
    ``scale``: see ``chart_geometry``; ``exact``: the straight line is the optimum ("ideal"),
    not the best line known ("best known"). Reads its inputs and changes nothing else."""
    previous_clip = surface.get_clip()
    surface.set_clip(pygame.Rect(box).clip(previous_clip))
    try:
        _draw_chart(surface, box, distances, theme, font, text_px, by_coach, scale, exact)
    finally:
        surface.set_clip(previous_clip)


def _draw_chart(surface: pygame.Surface, box: Box, distances: Sequence[int | None],
                theme: Theme, font: Callable[[int], pygame.font.Font],
                text_px: int | None, by_coach: Sequence[bool],
                scale: tuple[int, int] | None, exact: bool = True) -> None:
    label = font(text_px if text_px is not None else max(MIN_LABEL_PX,
                                                         int(box[3] * LABEL_FRACTION)))
    geo = chart_geometry(distances, box, label.get_height(), scale,
                         lambda text: label.size(text)[0])
    px, py, pw, ph = geo.plot
    line_w = max(1, int(min(box[2], box[3]) * LINE_WIDTH_FRACTION))
    gap = int(TICK_GAP_LABELS * geo.label_px)
    pygame.draw.rect(surface, theme.panel, pygame.Rect(box))
    pygame.draw.line(surface, theme.muted, (px, py), (px, py + ph), 1)
    pygame.draw.line(surface, theme.muted, (px, py + ph), (px + pw, py + ph), 1)
    for i, (tx, text) in enumerate(geo.x_ticks[1:], start=1):  # the y axis's 0: the corner
        img = label.render(text, True, theme.muted)
        last = i == len(geo.x_ticks) - 1
        left = tx - img.get_width() if last else tx - img.get_width() / 2  # inside the frame
        surface.blit(img, (left, py + ph + line_w))
    for ty, text in geo.y_ticks:
        img = label.render(text, True, theme.muted)
        surface.blit(img, (px - img.get_width() - gap, ty - img.get_height() / 2))
    x_title = label.render(X_TITLE, True, theme.muted)
    surface.blit(x_title, (px + pw / 2 - x_title.get_width() / 2,
                           box[1] + box[3] - x_title.get_height()))
    y_title = pygame.transform.rotate(label.render(Y_TITLE, True, theme.muted), 90)
    surface.blit(y_title, (box[0], py + ph / 2 - y_title.get_height() / 2))
    if geo.ideal is not None:
        pygame.draw.line(surface, theme.chart_ideal, geo.ideal[0], geo.ideal[1], line_w)
    dots = geo.x_max <= DOT_MOVES_MAX  # by the scale: a replay does not change as it steps
    for run in geo.segments:
        if len(run) > 1:
            pygame.draw.lines(surface, theme.chart_line, False, run, line_w)
        if dots or len(run) == 1:
            for point in run:
                pygame.draw.circle(surface, theme.chart_line, point, line_w + 1)
    for start, end in coach_segments(geo, distances, by_coach):
        pygame.draw.line(surface, theme.chart_coach, start, end, line_w)
        if dots:
            pygame.draw.circle(surface, theme.chart_coach, end, line_w + 1)
    moves = len(distances) - 1
    yours = any(i >= len(by_coach) or not by_coach[i] for i in range(moves))
    _legend(surface, geo, theme, label, line_w, any(by_coach), yours,
            LEGEND_IDEAL if exact else LEGEND_BEST)


def coach_segments(geo: ChartGeometry, distances: Sequence[int | None],
                   by_coach: Sequence[bool]) -> list[tuple[Point, Point]]:
    """The chart's segments for the moves the coach played (both ends known)."""
    px, py, pw, ph = geo.plot

    def at(i: int, d: int) -> Point:
        return (px + pw * i / geo.x_max, py + ph * (1 - d / geo.y_max))

    out = []
    for move, coach in enumerate(by_coach, start=1):
        if coach and move < len(distances):
            before, after = distances[move - 1], distances[move]
            if before is not None and after is not None:
                out.append((at(move - 1, before), at(move, after)))
    return out


def _legend(surface: pygame.Surface, geo: ChartGeometry, theme: Theme,
            label: pygame.font.Font, line_w: int, coach: bool, yours: bool = True,
            straight: str = LEGEND_IDEAL) -> None:
    """The key of the lines drawn: "you" only when a move of the player's is (a game the
    coach played alone named a line it did not draw)."""
    px, py, pw, _ = geo.plot
    entries = [(straight, theme.chart_ideal)]
    if yours:
        entries.append((LEGEND_YOU, theme.chart_line))
    if coach:
        entries.insert(0, (LEGEND_COACH, theme.chart_coach))
    images = [(label.render(text, True, theme.muted), colour) for text, colour in entries]
    words = sum(img.get_width() for img, _ in images)
    swatch, gap = geo.label_px * 2, geo.label_px
    if words + len(images) * (swatch + swatch // 4 + gap) > pw:  # large text, three entries:
        swatch, gap = geo.label_px, geo.label_px // 2  # it ran past the plot onto the axis
    x = px + pw
    for img, colour in images:
        x -= img.get_width()
        surface.blit(img, (x, py - int(geo.label_px * MARGIN_TOP_LABELS)))
        x -= swatch // 4 + swatch
        mid = py - int(geo.label_px * MARGIN_TOP_LABELS) + img.get_height() / 2
        pygame.draw.line(surface, colour, (x, mid), (x + swatch, mid), line_w)
        x -= gap
