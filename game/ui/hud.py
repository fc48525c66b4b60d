"""The heads-up strip (the game's name for a daily, moves, time, points, streak meter, coach)
and the key-help footer."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.clock import clock_text
from game.core.coach import CoachState
from game.core.scoring import MULTIPLIER_STEPS
from game.play.ghost_race import GhostLine
from game.ui.fonts import Fonts
from game.ui.layout import Layout, Type, type_px
from game.ui.theme import Theme

COLUMNS = 5
GHOST_LINE_SHARES = (0.53, 0.77)
"""The ghost column's two lines (moves to go, its clock): centres as shares of the HUD height."""
ICON_SHARE = 0.55
"""The mute icon's size as a share of the HUD label's line."""
METER_SHARE = 0.07
"""Streak meter thickness as a share of the HUD height."""
ROW_SHARES = (0.3, 0.64)
"""The labels' and the values' centres as shares of the HUD height."""
TITLED_ROW_SHARES = (0.37, 0.69)
"""The same, moved down under a title line."""
TITLED_LINE_SHARES = (0.58, 0.8)
"""The coach's and the ghost's two lines under a title line."""
TITLE_SHARE = 0.12
"""The title line's centre (a daily's name and date) as a share of the HUD height."""


@dataclass(frozen=True)
class HudView:
    """Numbers and words the HUD shows for one frame."""

    moves: int = 0
    seconds: float = 0.0
    points: int = 0
    moves_note: str = ""
    """Under MOVES once the coach has played: its moves, counted apart."""
    points_note: str = ""
    """Under POINTS while it is held at zero: the total below it."""
    streak: int = 0
    multiplier: int = 1
    """The streak's multiplier; shown "x3 held" while ``held`` (a move awaits its judgement)."""
    held: bool = False
    status: str = ""
    """The coach's words (only while hints are on); empty shows a quiet dot."""
    status_note: str = ""
    """A second line under them (proven, searching, the hints legend)."""
    quiet: bool = False
    """Hints off: ``status`` says only what the coach is doing, drawn muted beside its dot."""
    coach: CoachState = CoachState.READY
    footer: str = ""
    banner: str = ""
    muted: bool = False
    """Sound is off: a crossed-out speaker shows it."""
    ghost: GhostLine | None = None
    """Racing a ghost: a sixth column with its moves to go, clock and progress."""
    coach_progress: float | None = None
    """While the coach builds tables or compiles (share done): a bar under its column."""
    title: str = ""
    """A line above the figures naming the game (the daily and its date); "" for none."""


def streak_text(view: HudView) -> str:
    """STREAK's value: the streak and its multiplier, "x3 held" while a move's judgement
    holds it (the next optimal move then earns 1x; two newcomers read "x3?" as the game
    doubting their multiplier)."""
    if view.multiplier <= 1:
        return f"{view.streak}"
    return f"{view.streak} x{view.multiplier}" + (" held" if view.held else "")


def streak_progress(streak: int) -> float:
    """How far the streak has come from the last multiplier step to the next (1 at the top)."""
    below = max((s for s in MULTIPLIER_STEPS if s <= streak), default=0)
    above = min((s for s in MULTIPLIER_STEPS if s > streak), default=None)
    if above is None:
        return 1.0
    return (streak - below) / (above - below)


def draw_hud(surface: pygame.Surface, view: HudView, layout: Layout, theme: Theme,
             fonts: Fonts) -> None:
    """HUD strip at the top and footer at the bottom of the window."""
    x, y, w, h = layout.hud
    window = layout.window
    label_px = type_px(window, Type.CAPTION)
    value_px = type_px(window, Type.VALUE)
    label_h = fonts(label_px).get_height()
    icon = max(8, int(label_h * ICON_SHARE * 2))
    usable = w - 2 * icon
    columns = COLUMNS + (1 if view.ghost is not None else 0)
    col_w = usable / columns
    cells = (
        ("MOVES", str(view.moves)),
        ("TIME", clock_text(view.seconds)),
        ("POINTS", str(view.points)),
        ("STREAK", streak_text(view)),
    )
    label_share, value_share = TITLED_ROW_SHARES if view.title else ROW_SHARES
    line_shares = TITLED_LINE_SHARES if view.title else GHOST_LINE_SHARES
    label_y = y + int(h * label_share)
    value_y = y + int(h * value_share)
    if view.title:
        fonts.blit_center(surface, view.title, label_px, theme.accent,
                          (x + w // 2, y + int(h * TITLE_SHARE)), bold=True,
                          max_width=int(usable))
    for i, (label, value) in enumerate(cells):
        cx = int(x + icon + col_w * (i + 0.5))
        fonts.blit_center(surface, label, label_px, theme.muted, (cx, label_y),
                          max_width=int(col_w * 0.95))
        color = (theme.good if label == "STREAK" and view.multiplier > 1 and not view.held
                 else theme.hud_text)
        fonts.blit_chars(surface, value, value_px, color, (cx, value_y), bold=True,
                         max_width=int(col_w * 0.95))
        note = {"MOVES": (view.moves_note, theme.muted),
                "POINTS": (view.points_note, theme.bad)}.get(label)
        if note is not None and note[0]:
            fonts.blit_center(surface, note[0], label_px, note[1],
                              (cx, y + h - int(h * 0.12)), max_width=int(col_w * 0.95))
        if label == "STREAK":
            _streak_meter(surface, view, (int(cx - col_w * 0.35), y + h - int(h * 0.1)),
                          int(col_w * 0.7), max(3, int(h * METER_SHARE)), theme)
    cx = int(x + icon + col_w * (COLUMNS - 0.5))
    fonts.blit_center(surface, "COACH", label_px, theme.muted, (cx, label_y),
                      max_width=int(col_w * 0.95))
    first = value_y
    if view.status_note:  # two lines, as the ghost's column
        first, second = (y + int(h * share) for share in line_shares)
        fonts.blit_center(surface, view.status_note, label_px, theme.muted, (cx, second),
                          max_width=int(col_w * 0.98))
    radius = max(5, label_h * 2 // 5)
    if view.status and view.quiet:  # the dot still tells the state, the words how long
        words = fonts.blit_center(surface, view.status, label_px, theme.muted,
                                  (cx + radius, first), max_width=int(col_w * 0.98) - 3 * radius)
        _coach_dot(surface, view.coach, (words.left - radius * 2, first), radius, theme)
    elif view.status:
        fonts.blit_center(surface, view.status, label_px, theme.hint, (cx, first),
                          max_width=int(col_w * 0.98))
    else:
        _coach_dot(surface, view.coach, (cx, first), radius, theme)
    if view.coach_progress is not None:
        _bar(surface, (int(cx - col_w * 0.35), y + h - int(h * 0.1)), int(col_w * 0.7),
             max(3, int(h * METER_SHARE)), view.coach_progress, theme.hint, theme)
    if view.ghost is not None:
        _ghost_column(surface, view.ghost, (int(x + icon + col_w * (COLUMNS + 0.5)), label_y),
                      (y, h), int(col_w), theme, fonts, label_px, line_shares)
    if view.muted:
        _mute_icon(surface, (w - icon - icon // 2, y + icon // 2), icon, theme)
    _draw_footer(surface, view, layout, theme, fonts)


def _streak_meter(surface: pygame.Surface, view: HudView, origin: tuple[int, int],
                  width: int, height: int, theme: Theme) -> None:
    _bar(surface, origin, width, height, streak_progress(view.streak), theme.good, theme)


def _bar(surface: pygame.Surface, origin: tuple[int, int], width: int, height: int,
         share: float, colour: tuple[int, int, int], theme: Theme) -> None:
    """A rounded bar ``share`` full (clamped to 0..1) on the panel colour."""
    x, y = origin
    pygame.draw.rect(surface, theme.panel, (x, y, width, height), border_radius=height // 2)
    filled = int(width * min(1.0, max(0.0, share)))
    if filled > 0:
        pygame.draw.rect(surface, colour, (x, y, filled, height), border_radius=height // 2)


def _ghost_column(surface: pygame.Surface, ghost: GhostLine, top: tuple[int, int],
                  band: tuple[int, int], col_w: int, theme: Theme, fonts: Fonts,
                  px: int, line_shares: tuple[float, float] = GHOST_LINE_SHARES) -> None:
    """GHOST, its moves to go and clock, and a bar of how far through its run it is."""
    cx, label_y = top
    y, h = band
    fit = int(col_w * 0.95)
    fonts.blit_center(surface, "GHOST", px, theme.muted, (cx, label_y), max_width=fit)
    first, second = (y + int(h * share) for share in line_shares)
    fonts.blit_center(surface, ghost.words, px, theme.accent, (cx, first), max_width=fit)
    if ghost.clock:
        fonts.blit_center(surface, ghost.clock, px, theme.hud_text, (cx, second),
                          max_width=fit)
    bar_w, bar_h = int(col_w * 0.7), max(3, int(h * METER_SHARE))
    bx, by = cx - bar_w // 2, y + h - int(h * 0.1)
    pygame.draw.rect(surface, theme.panel, (bx, by, bar_w, bar_h), border_radius=bar_h // 2)
    filled = int(bar_w * min(1.0, max(0.0, ghost.progress)))
    if filled > 0:
        pygame.draw.rect(surface, theme.accent, (bx, by, filled, bar_h),
                         border_radius=bar_h // 2)


def _coach_dot(surface: pygame.Surface, state: CoachState, centre: tuple[int, int],
               radius: int, theme: Theme) -> None:
    """Hints off: just a quiet dot, as the keys help tells it by shape: a disc ready, a ring
    thinking, a small disc warming up, a cross unavailable (the classic theme's green,
    amber, grey and red; a shape each, so every theme reads them apart)."""
    if state is CoachState.READY:
        pygame.draw.circle(surface, theme.good, centre, radius)
    elif state is CoachState.THINKING:
        pygame.draw.circle(surface, theme.busy, centre, radius, max(2, radius // 3))
    elif state is CoachState.UNAVAILABLE:
        x, y = centre
        width = max(2, radius // 2)
        pygame.draw.line(surface, theme.bad, (x - radius, y - radius), (x + radius, y + radius),
                         width)
        pygame.draw.line(surface, theme.bad, (x - radius, y + radius), (x + radius, y - radius),
                         width)
    else:
        pygame.draw.circle(surface, theme.muted, centre, max(2, radius * 2 // 3))


def _mute_icon(surface: pygame.Surface, topleft: tuple[int, int], size: int,
               theme: Theme) -> None:
    """A speaker with a slash through it."""
    x, y = topleft
    s = size
    body = [(x, y + s * 0.35), (x + s * 0.25, y + s * 0.35), (x + s * 0.55, y + s * 0.1),
            (x + s * 0.55, y + s * 0.9), (x + s * 0.25, y + s * 0.65), (x, y + s * 0.65)]
    pygame.draw.polygon(surface, theme.muted, body)
    pygame.draw.line(surface, theme.bad, (x + s * 0.05, y + s), (x + s, y), max(2, s // 8))


def _draw_footer(surface: pygame.Surface, view: HudView, layout: Layout, theme: Theme,
                 fonts: Fonts) -> None:
    fx, fy, fw, fh = layout.footer
    px = type_px(layout.window, Type.CAPTION)
    if view.banner:
        fonts.blit_center(surface, view.banner, type_px(layout.window, Type.BODY), theme.accent,
                          (fx + fw // 2, fy + fh // 2), bold=True, max_width=int(fw * 0.96))
    elif view.footer:
        width = int(fw * 0.96)
        plate_bottom = layout.plate[1] + layout.plate[3]
        room = fy + fh - plate_bottom - layout.gap  # the footer and the free band above it
        lines = footer_lines(view.footer, fonts, px, width, room)
        pitch = fonts(px).get_linesize()
        middle = fy + fh // 2 if len(lines) == 1 else plate_bottom + layout.gap + room // 2
        for i, line in enumerate(lines):
            y = middle + round((i - (len(lines) - 1) / 2) * pitch)
            fonts.blit_center(surface, line, px, theme.muted, (fx + fw // 2, y),
                              max_width=width)


def footer_lines(text: str, fonts: Fonts, px: int, width: int, room: int) -> tuple[str, ...]:
    """The footer as one line, or as two balanced lines (``Fonts.two_lines``) when one would
    be shrunk to fit ``width`` and two fit ``room`` pixels high (with large text at 640x600
    a 5x5 hint footer was shrunk to 9 px)."""
    if 2 * fonts(px).get_linesize() > room:
        return (text,)
    return fonts.two_lines(text, px, width)
