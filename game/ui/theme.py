"""Colour themes for every screen, including a high-contrast one."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

Color = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    """The colours one theme uses; drawing code reads them and nothing else."""

    name: str
    bg: Color
    board_bg: Color
    tile: Color
    tile_edge: Color
    tile_text: Color
    tile_home: Color
    hud_text: Color
    muted: Color
    accent: Color
    good: Color
    bad: Color
    hint: Color
    chart_line: Color
    chart_ideal: Color
    chart_coach: Color
    """The coach's moves on the chart (auto-solve), apart from the player's line."""
    panel: Color
    busy: Color
    """Amber: the coach is thinking (the COACH column's dot)."""


THEMES: dict[str, Theme] = {
    "classic": Theme(
        name="classic",
        bg=(24, 26, 38),
        board_bg=(40, 44, 62),
        tile=(236, 196, 112),
        tile_edge=(176, 132, 60),
        tile_text=(50, 36, 20),
        tile_home=(246, 214, 140),
        hud_text=(230, 232, 240),
        muted=(140, 146, 170),
        accent=(110, 190, 255),
        good=(110, 220, 130),
        bad=(240, 100, 90),
        hint=(120, 230, 255),
        chart_line=(255, 200, 90),
        chart_ideal=(120, 130, 160),
        chart_coach=(110, 190, 255),
        panel=(34, 37, 54),
        busy=(255, 184, 64),
    ),
    "ocean": Theme(
        name="ocean",
        bg=(12, 30, 44),
        board_bg=(22, 50, 70),
        tile=(92, 170, 210),
        tile_edge=(46, 110, 150),
        tile_text=(240, 250, 255),
        tile_home=(120, 196, 230),
        hud_text=(225, 240, 250),
        muted=(120, 160, 185),
        accent=(255, 210, 120),
        good=(120, 230, 160),
        bad=(255, 120, 110),
        hint=(255, 230, 120),
        chart_line=(255, 210, 120),
        chart_ideal=(110, 150, 175),
        chart_coach=(190, 150, 255),
        panel=(18, 42, 60),
        busy=(255, 176, 72),
    ),
    "high-contrast": Theme(
        name="high-contrast",
        bg=(0, 0, 0),
        board_bg=(0, 0, 0),
        tile=(255, 255, 255),
        tile_edge=(255, 255, 0),
        tile_text=(0, 0, 0),
        tile_home=(255, 255, 160),
        hud_text=(255, 255, 255),
        muted=(200, 200, 200),
        accent=(255, 255, 0),
        good=(0, 255, 0),
        bad=(255, 64, 64),
        hint=(255, 0, 255),  # magenta: cyan hints hardly showed on the white tiles
        chart_line=(255, 255, 0),
        chart_ideal=(255, 255, 255),
        chart_coach=(0, 255, 255),
        panel=(20, 20, 20),
        busy=(255, 160, 0),
    ),
    "colour-blind": Theme(
        # Okabe-Ito colours: optimal blue and wasteful orange read apart with every common
        # colour-vision deficiency (and every cue also has its own shape).
        name="colour-blind",
        bg=(22, 24, 30),
        board_bg=(44, 48, 60),
        tile=(230, 230, 222),
        tile_edge=(150, 150, 140),
        tile_text=(20, 20, 24),
        tile_home=(200, 225, 240),
        hud_text=(240, 240, 240),
        muted=(160, 164, 176),
        accent=(86, 180, 233),
        good=(0, 158, 255),
        bad=(230, 159, 0),
        hint=(204, 121, 167),  # reddish purple: Okabe-Ito's yellow vanished on the tiles
        chart_line=(230, 159, 0),
        chart_ideal=(150, 154, 170),
        chart_coach=(86, 180, 233),
        panel=(34, 37, 46),
        busy=(240, 228, 66),
    ),
}
DEFAULT_THEME = "classic"


def luminance(colour: tuple[int, ...]) -> float:
    """WCAG relative luminance of an sRGB colour (its first three channels)."""
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@lru_cache(maxsize=64)
def ink_on(fill: tuple[int, int, int], *inks: tuple[int, int, int]) -> tuple[int, int, int]:
    """Of ``inks``, the one that reads best on ``fill`` (white digits on the ocean theme's
    light yellow badges did not)."""
    return max(inks, key=lambda ink: contrast(ink, fill))


def get_theme(name: str) -> Theme:
    """The named theme, or the default one for an unknown name."""
    return THEMES.get(name, THEMES[DEFAULT_THEME])
