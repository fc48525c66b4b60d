"""Game feel, all advanced by dt: point pop-ups, the illegal-move shake, win particles, fades.

Each effect is a small value the scene advances in ``update`` and drawing reads; with
reduced motion nothing moves (pop-ups only fade, no shake, no particles, no fades).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.core.scoring import MoveClass
from game.ui.fonts import Fonts, blit_faded
from game.ui.layout import Layout, Type, type_px
from game.ui.theme import Theme

POPUP_SECONDS = 0.8
PILL_ALPHA = 200
"""How opaque the plate behind a pop-up's words is (of 255)."""
POPUP_RISE_TILES = 0.45
HANDOVER_SECONDS = 0.15
"""How long a move's pop-up still shows, fading, once the next move's has come."""
MIN_POPUP_SHARE = 0.7
"""A move's pop-up words shrink to fit within its tile, down to this share of their size."""
"""How far a pop-up floats up over its life, in tile sides."""
SHAKE_SECONDS = 0.25
SHAKE_CYCLES = 3
SHAKE_TILES = 0.06
"""The board's shake amplitude, in tile sides."""
PARTICLES = 70
PARTICLE_SECONDS = 1.3
PARTICLE_SPEED_TILES = 3.2
PARTICLE_GRAVITY_TILES = 5.0
FADE_SECONDS = 0.15
"""A new scene fades in this fast; input goes to it at once."""


@dataclass
class Popup:
    """Points floating up from the tile that earned them: ``+20 x2``, ``+10 hint``, ``-10``."""

    text: str
    kind: MoveClass
    cell: tuple[float, float]
    """(row, column) the pop-up starts over."""
    age: float = 0.0
    life: float = POPUP_SECONDS
    """Seconds it shows (news about earlier moves stays longer, to be read)."""
    news: bool = False
    """News about earlier moves: it stands still in the band between the HUD and the board
    (``Layout.news``), where it covers neither."""
    left: float | None = None
    """Once a newer move's pop-up came: the seconds it still shows, fading out (a quick run of
    moves piled its pop-ups on one another)."""
    still: bool = False
    """Stays in the middle of its cell, not rising: a hint's charge on the gap, which rose
    into the tile above onto its chevron (a newcomer could not read "-5 hint" there)."""
    even: bool = False
    """Neither a gain nor a loss (news of moves judged both ways that cancel out): drawn in
    the HUD's own colour, not the good one (a newcomer saw "+30 -30 judged" in green)."""

    @property
    def done(self) -> bool:
        return self.age >= self.life or (self.left is not None and self.left <= 0)

    @property
    def alpha(self) -> int:
        """Its opacity now (0-255): fading as it ends, and faster once superseded."""
        fade = 1.0 - (self.age / self.life) ** 2
        if self.left is not None:
            fade *= max(0.0, self.left / HANDOVER_SECONDS)
        return int(255 * max(0.0, fade))


def _crossing(old: Popup, new: Popup) -> bool:
    """Whether ``old`` (rising from its tile) could cross ``new``'s words: the same column,
    on the same row or the one below (a pop-up rises under half a tile)."""
    (old_row, old_col), (new_row, new_col) = old.cell, new.cell
    return old_col == new_col and 0 <= old_row - new_row <= 1


@dataclass
class Shake:
    """The board shaking sideways after a move that cannot be made."""

    age: float = 0.0

    @property
    def done(self) -> bool:
        return self.age >= SHAKE_SECONDS

    def offset(self, tile_px: int) -> int:
        """Horizontal offset in pixels now."""
        if self.done:
            return 0
        progress = self.age / SHAKE_SECONDS
        return round(math.sin(progress * SHAKE_CYCLES * 2 * math.pi) * (1 - progress)
                     * SHAKE_TILES * tile_px)


@dataclass
class Particles:
    """A burst of confetti over the board when it is solved (positions in tile sides)."""

    seed: int
    age: float = 0.0
    bits: list[tuple[float, float, float, float, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        rng = random.Random(self.seed)
        for _ in range(PARTICLES):
            angle = rng.uniform(-math.pi * 0.95, -math.pi * 0.05)
            speed = PARTICLE_SPEED_TILES * rng.uniform(0.4, 1.0)
            self.bits.append((0.0, 0.0, math.cos(angle) * speed, math.sin(angle) * speed,
                              rng.randrange(3)))

    @property
    def done(self) -> bool:
        return self.age >= PARTICLE_SECONDS

    def positions(self) -> list[tuple[float, float, int]]:
        """(x, y, colour index) of every particle now, in tile sides from the board centre."""
        t = self.age
        return [(vx * t, vy * t + PARTICLE_GRAVITY_TILES * t * t / 2, colour)
                for _, _, vx, vy, colour in self.bits]


@dataclass
class Effects:
    """Everything moving on the play screen besides the tiles."""

    reduced: bool = False
    popups: list[Popup] = field(default_factory=list)
    shake: Shake | None = None
    particles: Particles | None = None

    def advance(self, dt: float) -> None:
        """Move every effect on by ``dt`` seconds and drop the finished ones."""
        dt = max(0.0, dt)
        for popup in self.popups:
            popup.age += dt
            if popup.left is not None:
                popup.left -= dt
        self.popups = [p for p in self.popups if not p.done]
        if self.shake is not None:
            self.shake.age += dt
            if self.shake.done:
                self.shake = None
        if self.particles is not None:
            self.particles.age += dt
            if self.particles.done:
                self.particles = None

    def pop(self, popup: Popup) -> None:
        """A new pop-up (older ones keep floating; news replaces the news shown, rather than
        drawing over it)."""
        if popup.news:
            self.popups = [old for old in self.popups if not old.news]
        else:  # the newest move's pop-up is the one to read: the older ones make way, at
            # once where they would cross its words (a tile moved back and forth carried two)
            self.popups = [old for old in self.popups if old.news or not _crossing(old, popup)]
            for old in self.popups:
                if not old.news and old.left is None:
                    old.left = HANDOVER_SECONDS
        self.popups.append(popup)

    def tiles_moved(self) -> None:
        """The tiles moved (a move, an undo, a restart): a hint's charge on the gap fades out
        at once (after an undo a tile slid into that cell, and "-5 hint" sat over its number)."""
        for old in self.popups:
            if old.still and old.left is None:
                old.left = HANDOVER_SECONDS

    def drop_news(self) -> None:
        """Take the news pop-up away (what it told was undone a moment later)."""
        self.popups = [old for old in self.popups if not old.news]

    def bump(self) -> None:
        """An illegal move: shake the board (not with reduced motion)."""
        if not self.reduced:
            self.shake = Shake()

    def celebrate(self, seed: int) -> None:
        """The board is solved: confetti (not with reduced motion)."""
        if not self.reduced:
            self.particles = Particles(seed)

    def board_offset(self, layout: Layout) -> int:
        """The board's horizontal shake offset in pixels now."""
        return 0 if self.shake is None else self.shake.offset(layout.tile_px)


def draw_effects(surface: pygame.Surface, effects: Effects, layout: Layout, theme: Theme,
                 fonts: Fonts) -> None:
    """Pop-ups and particles over the board; reads ``effects`` only."""
    if effects.particles is not None:
        _draw_particles(surface, effects.particles, layout, theme)
    px = type_px(layout.window, Type.BODY)
    for popup in effects.popups:
        colour = theme.hud_text if popup.even else theme.good if popup.kind.good else theme.bad
        plate = _plate(fonts, popup.text, px, colour, theme.bg)
        if not popup.news and plate.get_width() > layout.tile_px:  # "+10 -10 hint" over a
            # tile covered its neighbours' step badges: within the tile, on two lines at
            # full size (one line shrunk was hard to read on 5x5 at 640x600), else smaller
            wide = plate.get_width()
            plate = _plate(fonts, two_lines(popup.text), px, colour, theme.bg)
            if plate.get_width() > layout.tile_px:
                small = max(int(px * MIN_POPUP_SHARE), px * layout.tile_px // wide)
                plate = _plate(fonts, popup.text, small, colour, theme.bg)
        rect = pygame.Rect(popup_rect(popup, plate.get_size(), layout, effects.reduced))
        blit_faded(surface, plate, rect, popup.alpha)  # a dark pill: legible over any tile


def popup_rect(popup: Popup, size: tuple[int, int], layout: Layout,
               reduced: bool = False) -> tuple[int, int, int, int]:
    """Where a pop-up's pill of ``size`` goes now: news centred in the band between the HUD
    and the board; a move's pop-up rising from its tile, kept on the board's plate (it went
    over the footer, and over the HUD from the top row, at 640x600)."""
    if popup.news:
        nx, ny, nw, nh = layout.news
        box = pygame.Rect((0, 0), size)
        box.center = (nx + nw // 2, ny + nh // 2)
        return box.x, box.y, box.width, box.height
    progress = popup.age / popup.life
    rise = 0.0 if reduced or popup.still else progress * POPUP_RISE_TILES * layout.pitch
    row, col = popup.cell
    x, y = layout.cell_origin(row, col)
    box = pygame.Rect((0, 0), size)
    box.center = (x + layout.tile_px // 2,
                  y + layout.tile_px // 2 if popup.still else int(y + layout.tile_px * 0.18 - rise))
    box = box.clamp(pygame.Rect(layout.plate))
    return box.x, box.y, box.width, box.height


@lru_cache(maxsize=32)
def _plate(fonts: Fonts, text: str, px: int, colour: tuple[int, int, int],
           bg: tuple[int, int, int]) -> pygame.Surface:
    """A pop-up's words on their pill, as one image: faded as one, the words and the pill
    vanish together (faded apart, the words went first and left an empty pill behind)."""
    labels = [fonts.text(line, px, colour, bold=True) for line in text.split("\n")]
    line_h = labels[0].get_height()
    words = pygame.Rect(0, 0, max(label.get_width() for label in labels), line_h * len(labels))
    size = words.inflate(line_h * 2 // 3, line_h // 4).size
    plate = _pill(size, bg, min(size[1], line_h + line_h // 4) // 2).copy()
    top = (size[1] - words.height) // 2
    for label in labels:
        plate.blit(label, label.get_rect(centerx=size[0] // 2, top=top))
        top += line_h
    return plate


def two_lines(text: str) -> str:
    """``text`` on two lines for a pop-up too wide for its tile: the move's own figure, then
    the rest ("+10 -10 hint" -> "+10" over "-10 hint": the hint's charge with its word)."""
    first, _, rest = text.partition(" ")
    return f"{first}\n{rest}" if rest else text


@lru_cache(maxsize=64)
def _pill(size: tuple[int, int], colour: tuple[int, int, int], radius: int) -> pygame.Surface:
    """A rounded dark plate for a pop-up's words (made once per size)."""
    plate = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(plate, (*colour, PILL_ALPHA), plate.get_rect(), border_radius=radius)
    return plate


def _draw_particles(surface: pygame.Surface, particles: Particles, layout: Layout,
                    theme: Theme) -> None:
    bx, by, bw, bh = layout.board_rect
    cx, cy = bx + bw / 2, by + bh / 2
    colours = (theme.good, theme.accent, theme.hint)
    radius = max(2, layout.tile_px // 18)
    fade = 1.0 - particles.age / PARTICLE_SECONDS
    for x, y, colour in particles.positions():
        point = (int(cx + x * layout.pitch), int(cy + y * layout.pitch))
        pygame.draw.circle(surface, colours[colour], point, max(1, int(radius * (0.5 + fade))))


class Fade:
    """A scene fading in over FADE_SECONDS (a cached shade surface, one per window size)."""

    def __init__(self) -> None:
        self.age = FADE_SECONDS
        self._shade: pygame.Surface | None = None

    def start(self) -> None:
        """A new scene is on top."""
        self.age = 0.0

    def advance(self, dt: float) -> None:
        """Move on by ``dt`` seconds."""
        self.age = min(FADE_SECONDS, self.age + max(0.0, dt))

    def draw(self, surface: pygame.Surface, colour: tuple[int, int, int]) -> None:
        """Cover the frame with the background colour, less and less."""
        if self.age >= FADE_SECONDS:
            return
        size = surface.get_size()
        if self._shade is None or self._shade.get_size() != size:
            self._shade = pygame.Surface(size)
        self._shade.fill(colour)
        self._shade.set_alpha(int(255 * (1.0 - self.age / FADE_SECONDS)))
        surface.blit(self._shade, (0, 0))
