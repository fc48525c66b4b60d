"""The ? overlay: every key of the play screen in two columns; any key or click closes it."""

from __future__ import annotations

import pygame

from game.ui.context import SceneContext
from game.ui.input import KEYS_HELP
from game.ui.intents import Pop
from game.ui.layout import Type, type_px
from game.ui.scenes.base import Scene

TITLE = "Keys"
FOOTER = "any key to go back"
ROW_SPACING = 1.5


class KeysScene(Scene):
    """Shows KEYS_HELP; the game below waits (its clock is paused by the app's stack)."""

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.emit(Pop())

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        theme, fonts = ctx.theme, ctx.fonts
        w, h = surface.get_size()
        surface.fill(theme.bg)
        title_px = type_px((w, h), Type.HEADING)
        body_px = type_px((w, h), Type.BODY)
        fonts.blit_center(surface, TITLE, title_px, theme.accent, (w // 2, int(h * 0.1)),
                          bold=True)
        line = fonts(body_px).get_height()
        row_h = max(line + 4, min(int(line * ROW_SPACING),
                                  int(h * 0.72) // max(1, len(KEYS_HELP))))
        top = int(h * 0.2)
        split = int(w * 0.4)
        # every row's words at one size and on one edge (with large text four long ones
        # were shrunk and centred on their own)
        key_px = fonts.fit_all([k for k, _ in KEYS_HELP], body_px, split - body_px, bold=True)
        what_px = fonts.fit_all([t for _, t in KEYS_HELP], body_px, w - split - body_px)
        for i, (keys, what) in enumerate(KEYS_HELP):
            y = top + i * row_h
            key_img = fonts.text(keys, key_px, theme.hud_text, bold=True)
            surface.blit(key_img, key_img.get_rect(midright=(split - body_px // 2, y)))
            what_img = fonts.text(what, what_px, theme.muted)
            surface.blit(what_img, what_img.get_rect(midleft=(split + body_px // 2, y)))
        fonts.blit_center(surface, FOOTER, type_px((w, h), Type.CAPTION), theme.muted,
                          (w // 2, h - int(h * 0.05)))
