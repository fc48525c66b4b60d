"""The COACH column tells the truth: the dot's colour and shape for each state of the coach."""

from __future__ import annotations

import pygame
import pytest

from game.core.coach import CoachState
from game.ui.fonts import Fonts
from game.ui.hud import HudView, draw_hud
from game.ui.layout import compute_layout
from game.ui.theme import THEMES, Theme
from tests.app_driver import make_app as make_app  # noqa: F401  (fixture)

COLOUR = {CoachState.READY: "good", CoachState.THINKING: "busy",
          CoachState.WARMING_UP: "muted", CoachState.UNAVAILABLE: "bad"}


def coach_column(state: CoachState, theme: Theme, window: tuple[int, int],
                 words: str = "") -> pygame.Surface:
    """The HUD's COACH column (below its label) drawn for ``state`` with hints off (and the
    ``words`` saying what it is doing)."""
    pygame.init()
    layout = compute_layout(window, 5, 5)
    surface = pygame.Surface(window)
    surface.fill(theme.bg)
    draw_hud(surface, HudView(coach=state, status=words, status_note="H: hints", quiet=True),
             layout, theme, Fonts())
    x, y, w, h = layout.hud
    column = w // 5  # the last of five columns
    return surface.subsurface((x + w - column, y + h // 3, column, h // 3)).copy()


def count(surface: pygame.Surface, colour: tuple[int, int, int]) -> int:
    return pygame.mask.from_threshold(surface, colour, (1, 1, 1, 255)).count()


@pytest.mark.parametrize("window", [(640, 600), (1280, 800)], ids=["smallest", "default"])
@pytest.mark.parametrize("theme", sorted(THEMES))
def test_each_state_of_the_coach_has_its_own_dot(theme: str, window: tuple[int, int]) -> None:
    """Green ready, amber thinking, grey warming up, red unavailable, as the README says
    (newcomer playtest: the dot stayed grey through a whole 5x5 game the coach searched)."""
    colours = THEMES[theme]
    drawn = {state: coach_column(state, colours, window) for state in CoachState}
    for state, name in COLOUR.items():
        assert count(drawn[state], getattr(colours, name)) > 0, (state, name)
    thinking, warming = drawn[CoachState.THINKING], drawn[CoachState.WARMING_UP]
    assert count(thinking, colours.muted) < count(warming, colours.muted)
    assert count(warming, colours.busy) == 0
    shapes = {state: pygame.mask.from_threshold(image, colours.bg, (1, 1, 1, 255)).count()
              for state, image in drawn.items()}
    assert len(set(shapes.values())) == len(shapes)  # a shape each, not just a colour


@pytest.mark.parametrize("window", [(640, 600), (1280, 800)], ids=["smallest", "default"])
def test_a_long_search_with_hints_off_keeps_its_dot_beside_its_words(
        window: tuple[int, int]) -> None:
    """A newcomer saw the ring spin 40 s with no word: the words say how long, muted (they
    tell nothing of the board), and the ring still says the state."""
    colours = THEMES["classic"]
    drawn = coach_column(CoachState.THINKING, colours, window, "shortening 45 s")
    assert count(drawn, colours.busy) > 0  # the ring
    assert count(drawn, colours.hint) == 0  # not in the hints' colour
    plain = coach_column(CoachState.THINKING, colours, window)
    assert count(drawn, colours.bg) < count(plain, colours.bg)  # and the words beside it


def test_the_keys_overlay_names_the_drill_and_the_dots_meaning(make_app) -> None:
    """Newcomer playtest: ? listed neither D (the drill) nor what the COACH dot's colours say."""
    from game.ui import fonts as fonts_module
    from game.ui.scenes.keys import KeysScene

    app = make_app()
    fonts_module.RENDERED = fonts_module.TextLog()
    drawn: list[str] = []

    class Log(pygame.Surface):
        def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
            assert fonts_module.RENDERED is not None
            text = fonts_module.RENDERED.text_of(source)
            if text:
                drawn.append(text)
            return super().blit(source, dest, area, special_flags)

    try:
        KeysScene(app).draw(Log((640, 600)))
    finally:
        fonts_module.RENDERED = None
    words = " ".join(drawn)
    assert "D" in drawn and "mistake drill" in words
    for state in ("disc: ready", "ring: thinking", "small disc: warming up",
                  "cross: unavailable"):
        assert state in words
