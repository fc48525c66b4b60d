"""The replay screen: a recorded game played back at 0.25x-4x with the coach's commentary."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future

import pygame

from game.core.board import Board
from game.core.coach import EXACT_CELLS, CoachPacket
from game.core.knowledge import Knowledge
from game.core.recording import Mode, Recording
from game.core.spec import GameKind
from game.core.summary import CoachPart
from game.play.drill import NO_MISTAKES, find_drill
from game.play.replay import ReplayModel, build_replay
from game.play.words import game_label
from game.ui.chart import draw_distance_chart
from game.ui.context import SceneContext
from game.ui.intents import Pop, Quit, ShowDrill
from game.ui.layout import Type, compute_layout, type_px
from game.ui.render import BoardView, draw_board
from game.ui.scenes.base import Scene
from game.ui.wrap import wrap_words

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)
LEAD_MS = 600.0
"""The start board shows this long before the first move plays."""
BOARD_SHARE = 0.52
"""Share of the window height the board may use (the rest: text, chart, scrub bar)."""
FOOTER = "Space pause  Left/Right step  Up/Down speed  D drill  Esc back"
FOOTER_CLOSES = "Space pause  Left/Right step  Up/Down speed  D drill  Esc close"
NOTE_SECONDS = 3.0
"""How long a note such as "no mistakes to drill" stays in place of the keys."""


def text_px(window: tuple[int, int]) -> int:
    """Body text size, on the game's type scale."""
    return type_px(window, Type.CAPTION)


class ReplayScene(Scene):
    """Plays back ``recording`` (or the game ``pending`` loads on the writer thread)."""

    def __init__(self, ctx: SceneContext, recording: Recording | None = None, *,
                 pending: Future | None = None, speed: float = 1.0,
                 judgements: Sequence[str] = (), distances: Sequence[int | None] = (),
                 closes: bool = False, kind: GameKind | None = None) -> None:
        """``judgements`` and ``distances``: those stored with the game in the history (see
        build_replay); ``closes``: Esc closes the program (a viewer the command line opened)
        instead of going back to the scene below; ``kind``: the game's kind, when known."""
        super().__init__(ctx)
        self.recording = recording
        self.judgements = tuple(judgements)
        self.distances = tuple(distances)
        self.closes = closes
        self.kind = kind
        self.note = ""
        self.note_left = 0.0
        self.pending = pending
        self.model: ReplayModel | None = None
        self.t_ms = -LEAD_MS
        self.pinned: int | None = None
        """The frame chosen by stepping (several actions can share one time stamp)."""
        self.knowledge = Knowledge()
        """What the coach told this replay (its packets), for judging the moves."""
        self._asked: tuple[Board, ...] = ()
        self.speed = speed if speed in SPEEDS else 1.0
        self.paused = False
        self.problem = ""
        self.dragging = False
        if recording is not None:
            self._build()
        elif pending is None:
            self.problem = "no such game in the history"

    def _build(self) -> None:
        assert self.recording is not None
        self.model = build_replay(self.recording, self.knowledge.known, self.judgements,
                                  self.distances)
        if not self.model.frames[1:]:
            self.problem = "this game has no moves to replay"
        if self.model.unjudged != self._asked:
            self._asked = self.model.unjudged
            self.ctx.coach.judge(list(self.model.unjudged))

    # --- input ------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._scrub(event.pos):
                self.dragging = True
        elif event.type == pygame.MOUSEBUTTONUP:
            self.dragging = False
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self._scrub(event.pos)

    def _key(self, key: int) -> None:
        model = self.model
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.emit(Quit() if self.closes else Pop())
        elif model is None:
            return
        elif key == pygame.K_d:
            self._drill(model)
        elif key == pygame.K_SPACE:
            if self.t_ms >= model.duration_ms and self.paused:
                self.t_ms = -LEAD_MS
            self.paused = not self.paused
            self.pinned = None
        elif key in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_PERIOD, pygame.K_COMMA):
            self.paused = True
            step = 1 if key in (pygame.K_RIGHT, pygame.K_PERIOD) else -1
            index = max(0, min(len(model.frames) - 1, self.index + step))
            self.pinned = index
            self.t_ms = float(model.frames[index].t_ms) if index else -LEAD_MS
        elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PLUS, pygame.K_MINUS,
                     pygame.K_EQUALS):
            step = 1 if key in (pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS) else -1
            i = max(0, min(len(SPEEDS) - 1, SPEEDS.index(self.speed) + step))
            self.speed = SPEEDS[i]
        elif key == pygame.K_HOME:
            self.t_ms, self.pinned = -LEAD_MS, None
        elif key == pygame.K_END:
            self.t_ms, self.pinned = float(model.duration_ms), None

    def _drill(self, model: ReplayModel) -> None:
        """D: pause at the position where the most was lost and open the drill there."""
        drill = find_drill(model)
        if drill is None or self.recording is None:
            self.note, self.note_left = NO_MISTAKES, NOTE_SECONDS
            return
        self.paused, self.pinned = True, drill.frame
        self.t_ms = float(model.frames[drill.frame].t_ms) if drill.frame else -LEAD_MS
        self.emit(ShowDrill(self.recording, self.judgements, self.distances))

    def _scrub(self, pos: tuple[int, int]) -> bool:
        x, y, w, h = self.bar_rect()
        if self.model is None or not (x <= pos[0] <= x + w and y - h <= pos[1] <= y + 2 * h):
            return False
        share = min(1.0, max(0.0, (pos[0] - x) / max(1, w)))
        self.t_ms = share * (self.model.duration_ms + LEAD_MS) - LEAD_MS
        self.pinned = None
        return True

    # --- time -------------------------------------------------------------
    @property
    def index(self) -> int:
        """The frame on show."""
        if self.model is None:
            return 0
        if self.pinned is not None:
            return min(self.pinned, len(self.model.frames) - 1)
        return self.model.index_at(self.t_ms)

    def receive(self, packet: CoachPacket) -> None:
        for hint in packet.hints:
            self.knowledge.add(hint)
        model = self.model
        if packet.hints and model is not None and any(
                (known := self.knowledge.known(board)) is not None and known.proven
                for board in model.unjudged):
            self._build()  # the coach can judge more moves now

    def update(self, dt: float) -> None:
        self.note_left = max(0.0, self.note_left - dt)
        if self.pending is not None and self.pending.done():
            pending, self.pending = self.pending, None
            try:
                game = pending.result()
                self.recording = game.recording() if game is not None else None
                self.judgements = game.judgements if game is not None else ()
                self.distances = game.distances
                self.kind = game.kind if game is not None else None
            except Exception as exc:  # a broken row must not stop the game
                self.problem = f"this game cannot be replayed ({exc})"
            else:
                if self.recording is None:
                    self.problem = "no such game in the history"
                else:
                    self._build()
        model = self.model
        if model is None:
            return
        if not self.paused:
            self.pinned = None
            self.t_ms = min(model.duration_ms, self.t_ms + dt * 1000 * self.speed)
            if self.t_ms >= model.duration_ms:
                self.paused = True

    # --- drawing ----------------------------------------------------------
    def bar_rect(self) -> tuple[int, int, int, int]:
        """The scrub bar."""
        w, h = self.ctx.window
        px = text_px(self.ctx.window)
        return (px, h - 3 * px, w - 2 * px, max(6, px // 2))

    def _label(self) -> str:
        assert self.recording is not None
        coach = CoachPart.NONE if self.model is None else \
            self.model.coach_part(self.recording.mode is Mode.AUTO)
        label = game_label(self.recording.mode, self.kind, coach)
        # as `replay --text` says it (a newcomer's replay of a game left never said so)
        return label if self.model is None or self.model.solved else f"{label}, left unsolved"

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        theme, fonts = ctx.theme, ctx.fonts
        surface.fill(theme.bg)
        w, h = ctx.window
        px = text_px(ctx.window)
        if self.model is None or self.recording is None:
            words = self.problem or "loading the game..."
            surface.blit(fonts.text(words, px + 4, theme.hud_text), (px, h // 2))
            surface.blit(fonts.text("Esc back", px, theme.muted), (px, h // 2 + 2 * px))
            return
        model, index = self.model, self.index
        frame = model.frames[index]
        board = frame.board
        layout = compute_layout((w, int(h * BOARD_SHARE)), board.width, board.height,
                                news_band=False)  # no news here: the board keeps the room
        draw_board(surface, BoardView(board=board, show_numbers=ctx.settings.show_numbers,
                                      picture=ctx.picture_tiles(board)),
                   layout, theme, ctx.tiles)
        state = "paused" if self.paused else "playing"
        title = (f"Replay {board.shape} {self._label()}  {max(0.0, self.t_ms) / 1000:.1f} / "
                 f"{model.duration_ms / 1000:.1f} s  x{self.speed:g}  {state}")
        surface.blit(fonts.text(title, px + 2, theme.hud_text, bold=True), (px, px // 2))
        y = int(h * BOARD_SHARE) + px // 2
        cue = frame.cues[-1] if frame.cues else None
        colour = {"optimal": theme.good, "wasteful": theme.bad}.get(
            cue.value if cue is not None else "", theme.hud_text)
        for line, col in ((frame.note, colour), (model.headline(), theme.muted)):
            for part in wrap_words(line, fonts, px, w - 2 * px):
                surface.blit(fonts.text(part, px, col), (px, y))
                y += int(px * 1.2)
        chart_h = max(40, h - 3 * px - y - px)
        draw_distance_chart(surface, (px, y, w - 2 * px, chart_h), model.distances(index),
                            theme, fonts, px, model.by_coach, model.scale,
                            exact=model.start.size <= EXACT_CELLS)
        bx, by, bw, bh = self.bar_rect()
        pygame.draw.rect(surface, theme.panel, (bx, by, bw, bh), border_radius=bh // 2)
        share = (self.t_ms + LEAD_MS) / (model.duration_ms + LEAD_MS)
        pygame.draw.rect(surface, theme.accent, (bx, by, int(bw * share), bh),
                         border_radius=bh // 2)
        footer = self.note if self.note_left > 0 else FOOTER_CLOSES if self.closes else FOOTER
        surface.blit(fonts.text(footer, px, theme.hud_text if self.note_left > 0 else
                                theme.muted), (px, h - int(1.8 * px)))
