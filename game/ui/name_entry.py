"""The arcade name prompt over the end screen: type initials or a short name for a new
top-10 entry (Backspace erases, Enter keeps it, Esc skips); it takes every key while open."""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pygame

from game.core.names import NAME_LIMIT, clean_name, name_char_ok, shown_name
from game.ui.fonts import Fonts
from game.ui.layout import Type, type_px
from game.ui.render import OVERLAY_ALPHA
from game.ui.theme import Theme

PROMPT_TITLE = "New #{rank} in {table}!"
PROMPT_ASK = f"Your name: up to {NAME_LIMIT} letters, digits or spaces"
PROMPT_HELP = "Enter keep   Backspace erase   Esc skip (kept as {name})"
PANEL_SHARE = (0.8, 0.36)
"""The prompt panel's size as shares of the window (width, height)."""
PANEL_ASPECT = 0.85
"""The panel is at most this many times as wide as the window is high: full screen on a wide
desktop centres it over the end screen's column (it spanned 1,536 of 1,920 px, the name box
lost in its middle)."""
BOX_CHARS = NAME_LIMIT + 2
"""The text box is as wide as this many wide letters (a full name and the caret fit)."""
CARET_PX = 2


class NameChoice(enum.Enum):
    """How the prompt was closed."""

    KEPT = "kept"
    """Enter with a name: the game is saved under it, and it is remembered."""
    SKIPPED = "skipped"
    """Esc (or Enter on an empty box): the name the game was saved under stays."""


@dataclass(frozen=True, slots=True)
class NameDone:
    """The prompt's answer: the choice, and the name when one was kept."""

    choice: NameChoice
    name: str = ""


class NameEntry:
    """The name being typed; ``handle`` takes every event while the prompt is open.

    The remembered name is filled in selected: Enter keeps it, the first letter typed
    replaces it, Backspace clears it.
    """

    def __init__(self, remembered: str, rank: int, table: str) -> None:
        self.remembered = clean_name(remembered)
        self.text = self.remembered
        self.selected = bool(self.text)
        """The filled-in name is still whole and selected (typing replaces it)."""
        self.rank = rank
        self.table = table
        """The table entered, in words ("the 4x4 top 10", "this board's top 10")."""

    def handle(self, event: pygame.event.Event) -> NameDone | None:
        """Type, erase, keep or skip; other events are swallowed. The answer once closed."""
        if event.type == pygame.TEXTINPUT:
            self._type(event.text)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = "" if self.selected else self.text[:-1]
                self.selected = False
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                name = clean_name(self.text)
                return NameDone(NameChoice.KEPT, name) if name else NameDone(NameChoice.SKIPPED)
            elif event.key == pygame.K_ESCAPE:
                return NameDone(NameChoice.SKIPPED)
        return None

    def _type(self, text: str) -> None:
        for char in text:
            if not name_char_ok(char):
                continue
            if self.selected:
                self.text, self.selected = "", False
            if len(self.text) < NAME_LIMIT and not (char == " " and
                                                   (not self.text or self.text[-1] == " ")):
                self.text += char  # no leading or double spaces: what is shown is kept

    def lines(self) -> list[str]:
        """Every text the prompt draws, top to bottom (the box's text as typed)."""
        return [PROMPT_TITLE.format(rank=self.rank, table=self.table), PROMPT_ASK, self.text,
                PROMPT_HELP.format(name=shown_name(self.remembered))]

    def draw(self, surface: pygame.Surface, theme: Theme, fonts: Fonts) -> None:
        """The prompt on a panel over the dimmed screen; reads the state, changes nothing."""
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, OVERLAY_ALPHA))
        surface.blit(shade, (0, 0))
        title, ask, text, help_text = self.lines()
        heading_px = type_px((w, h), Type.HEADING)
        value_px = type_px((w, h), Type.VALUE)
        caption_px = type_px((w, h), Type.CAPTION)
        pad = max(6, caption_px // 2)
        panel = pygame.Rect(0, 0, int(min(w * PANEL_SHARE[0], h * PANEL_ASPECT)),
                            int(h * PANEL_SHARE[1]))
        panel.center = (w // 2, h // 2)
        radius = max(6, pad)
        pygame.draw.rect(surface, theme.panel, panel, border_radius=radius)
        pygame.draw.rect(surface, theme.accent, panel, 2, border_radius=radius)
        inner = panel.width - 2 * pad
        rows = (0.17, 0.36, 0.6, 0.86)
        cx = panel.centerx
        fonts.blit_center(surface, title, heading_px, theme.accent,
                          (cx, panel.y + int(panel.height * rows[0])), bold=True,
                          max_width=inner)
        fonts.blit_center(surface, ask, caption_px, theme.muted,
                          (cx, panel.y + int(panel.height * rows[1])), max_width=inner)
        font = fonts(value_px)
        box_w = min(inner, font.size("W" * BOX_CHARS)[0])
        box = pygame.Rect(0, 0, box_w, int(font.get_height() * 1.4))
        box.center = (cx, panel.y + int(panel.height * rows[2]))
        pygame.draw.rect(surface, theme.bg, box, border_radius=radius // 2)
        pygame.draw.rect(surface, theme.muted, box, 1, border_radius=radius // 2)
        colour = theme.bg if self.selected else theme.hud_text
        shown = pygame.Rect(box.centerx, box.centery, 0, 0)
        if text:
            shown = fonts.text(text, value_px, colour, bold=True).get_rect(center=box.center)
            if self.selected:  # the filled-in name, selected: drawn inverted
                pygame.draw.rect(surface, theme.accent, shown.inflate(pad // 2, 0),
                                 border_radius=2)
            shown = fonts.blit_center(surface, text, value_px, colour, box.center, bold=True,
                                      max_width=box.width - 2 * pad)
        caret_h = int(font.get_height() * 0.9)
        caret_x = shown.right + (pad // 2 if self.selected and text else 2)
        pygame.draw.rect(surface, theme.accent,
                         (caret_x, box.centery - caret_h // 2, CARET_PX, caret_h))
        fonts.blit_center(surface, help_text, caption_px, theme.muted,
                          (cx, panel.y + int(panel.height * rows[3])), max_width=inner)
