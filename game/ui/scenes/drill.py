"""The mistake drill screen: the position where a game lost the most, and play on from there."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.coach import CoachPacket
from game.core.knowledge import Knowledge
from game.core.recording import Recording
from game.core.scoring import MoveClass
from game.play.drill import NO_MISTAKES, Drill, find_drill
from game.play.replay import build_replay
from game.ui.context import SceneContext
from game.ui.intents import Pop, StartGame
from game.ui.layout import Type, compute_layout, type_px
from game.ui.render import BoardView, draw_board
from game.ui.scenes.base import Scene
from game.ui.scores_view import blit_fit
from game.ui.wrap import wrap_words

TITLE = "Mistake drill"
BOARD_SHARE = 0.62
"""Share of the window height the board may use (the rest: the words and the keys)."""
FOOTER = "Enter  play on from here (practice, not ranked)     Esc  back"
WORDS_TYPE = Type.BODY + 6
"""The better move's words: larger than the rest, on one line at the default window."""
PLAY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_p)


def drill_of(recording: Recording, judgements: Sequence[str] = (),
             distances: Sequence[int | None] = ()) -> Drill | None:
    """The drill of a recorded game from what was stored with it alone (no coach): None when
    no move was charged, so a key can say so at once."""
    return find_drill(build_replay(recording, lambda board: None, judgements, distances))


class DrillScene(Scene):
    """Shows the drill of ``recording``; asks the coach for the better move when it is not
    known yet; Enter starts a practice game from the position, Esc goes back."""

    def __init__(self, ctx: SceneContext, recording: Recording,
                 judgements: Sequence[str] = (), distances: Sequence[int | None] = ()) -> None:
        super().__init__(ctx)
        self.recording = recording
        self.judgements = tuple(judgements)
        self.distances = tuple(distances)
        self.knowledge = Knowledge()
        """What the coach told this screen (the better move at the position)."""
        self.drill: Drill | None = None
        self._asked = False
        self._build()

    def _build(self) -> None:
        model = build_replay(self.recording, self.knowledge.known, self.judgements,
                             self.distances)
        self.drill = find_drill(model)
        if self.drill is not None and not self.drill.better and not self._asked:
            self._asked = True
            self.ctx.coach.judge([self.drill.position])

    def receive(self, packet: CoachPacket) -> None:
        drill = self.drill
        if drill is None or drill.better:
            return
        for hint in packet.hints:
            self.knowledge.add(hint)
        if any(hint.board == drill.position for hint in packet.hints):
            self._build()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.emit(Pop())
        elif event.key in PLAY_KEYS and self.drill is not None:
            self.emit(StartGame(self.drill.spec()))

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        theme, fonts = ctx.theme, ctx.fonts
        surface.fill(theme.bg)
        w, h = ctx.window
        px = type_px(ctx.window, Type.CAPTION)
        drill = self.drill
        surface.blit(fonts.text(TITLE, px + 2, theme.hud_text, bold=True), (px, px // 2))
        if drill is None:
            surface.blit(fonts.text(NO_MISTAKES, px + 4, theme.hud_text), (px, h // 2))
            surface.blit(fonts.text("Esc back", px, theme.muted), (px, h // 2 + 2 * px))
            return
        board = drill.position
        layout = compute_layout((w, int(h * BOARD_SHARE)), board.width, board.height,
                                news_band=False)  # no news here: the board keeps the room
        draw_board(surface, BoardView(board=board, show_numbers=ctx.settings.show_numbers,
                                      picture=ctx.picture_tiles(board), hint_level=1,
                                      hint_moves=frozenset(drill.better),
                                      cue=MoveClass.WASTEFUL, cue_strength=0.6,
                                      cue_tile=board.tile_for(drill.played[0])),
                   layout, theme, ctx.tiles)
        y = int(h * BOARD_SHARE) + px // 2
        for line, colour, size in ((drill.played_words(), theme.bad, Type.BODY),
                                   (drill.words(), theme.hud_text, WORDS_TYPE)):
            body = type_px(ctx.window, size)
            for part in wrap_words(line, fonts, body, w - 2 * px):
                y += blit_fit(surface, fonts, body, part, colour, (w / 2, y), w - 2 * px,
                              "center") + body // 3
        blit_fit(surface, fonts, px, FOOTER, theme.muted, (w / 2, h - int(1.8 * px)),
                 w - 2 * px, "center")
        self.draw_notice(surface)
