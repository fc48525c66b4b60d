"""The heads-up strip (moves, time, points, streak, coach status) and the key-help footer."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.coach import CoachState
from game.core.scoring import MoveClass
from game.ui.fonts import Fonts
from game.ui.layout import Layout
from game.ui.theme import Theme

SECONDS_PER_MINUTE = 60


@dataclass(frozen=True)
class HudView:
    """Numbers and words the HUD shows for one frame."""

    moves: int = 0
    seconds: float = 0.0
    points: int = 0
    streak: int = 0
    multiplier: int = 1
    status: str = ""
    cue: MoveClass | None = None
    cue_strength: float = 0.0
    footer: str = ""
    banner: str = ""


def format_time(seconds: float) -> str:
    """m:ss.t for the HUD clock."""
    minutes, rest = divmod(max(0.0, seconds), SECONDS_PER_MINUTE)
    return f"{int(minutes)}:{rest:04.1f}"


def coach_status(worker_state: CoachState, bound: int, distance: int | None,
                 optimal: bool, detail: str = "") -> str:
    """The words for the coach corner from the worker status and what is known."""
    if distance is not None:
        return f"{distance} to go" if optimal else f"best found: {distance} to go"
    if worker_state == CoachState.WARMING_UP:
        return "warming up"
    if worker_state == CoachState.UNAVAILABLE:
        return detail or "hint unavailable"
    if worker_state == CoachState.THINKING:
        return f"thinking... depth {bound}" if bound else "thinking..."
    return ""


def draw_hud(surface: pygame.Surface, view: HudView, layout: Layout, theme: Theme,
             fonts: Fonts) -> None:
    """HUD strip at the top and footer at the bottom of the window."""
    x, y, w, h = layout.hud
    size = layout.text_px
    small = max(10, int(size * 0.62))
    cells = (
        ("MOVES", str(view.moves)),
        ("TIME", format_time(view.seconds)),
        ("POINTS", str(view.points)),
        ("STREAK", f"{view.streak}" + (f"  x{view.multiplier}" if view.multiplier > 1 else "")),
    )
    col_w = w / (len(cells) + 1.6)
    for i, (label, value) in enumerate(cells):
        cx = int(x + col_w * (i + 0.6))
        fonts.blit_center(surface, label, small, theme.muted, (cx, y + int(h * 0.32)))
        color = theme.hud_text
        if label == "STREAK" and view.multiplier > 1:
            color = theme.good
        fonts.blit_center(surface, value, size, color, (cx, y + int(h * 0.68)), bold=True)
    status_x = int(x + col_w * (len(cells) + 0.55))
    fonts.blit_center(surface, "COACH", small, theme.muted, (status_x, y + int(h * 0.32)))
    fonts.blit_center(surface, view.status or "-", small, theme.hint,
                      (status_x, y + int(h * 0.68)))
    if view.cue and view.cue_strength > 0:
        good = view.cue is MoveClass.OPTIMAL
        color = theme.good if good else theme.bad
        word = "optimal!" if good else "wasteful"
        label = fonts.text(word, size, color, bold=True)
        label.set_alpha(int(255 * view.cue_strength))
        surface.blit(label, label.get_rect(midtop=(w // 2, y + h)))
    fx, fy, fw, fh = layout.footer
    if view.banner:
        fonts.blit_center(surface, view.banner, max(12, int(fh * 0.5)), theme.accent,
                          (fx + fw // 2, fy + fh // 2), bold=True)
    elif view.footer:
        fonts.blit_center(surface, view.footer, max(10, int(fh * 0.4)), theme.muted,
                          (fx + fw // 2, fy + fh // 2))
