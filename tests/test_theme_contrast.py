"""The accessibility themes: hints read on the tiles by brightness alone, not by hue."""

from __future__ import annotations

import pytest

from game.ui.theme import THEMES, contrast


@pytest.mark.parametrize("name", ["colour-blind", "high-contrast"])
def test_hints_stand_out_on_tiles_and_on_the_background(name: str) -> None:
    """A newcomer could hardly see the colour-blind theme's yellow chevron on its off-white
    tiles (contrast 1.1); the high-contrast theme's cyan on white was as faint."""
    theme = THEMES[name]
    for tile in (theme.tile, theme.tile_home):
        assert contrast(theme.hint, tile) >= 2.0, (name, tile)
    assert contrast(theme.hint, theme.bg) >= 4.5  # "12 to go" in the HUD


@pytest.mark.parametrize("name", sorted(THEMES))
def test_step_badge_digits_read_on_their_badges(name: str) -> None:
    from game.ui.render import badge_colours

    theme = THEMES[name]
    for first in (True, False):
        fill, ink = badge_colours(theme, first)
        assert contrast(fill, ink) >= 4.5, (name, first, fill, ink)
