"""The project's own procedurally drawn picture: a sunset over a lake, no third-party art."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

Color = tuple[int, int, int]

# --- the built-in sunset scene -------------------------------------------------------------
SUPERSAMPLE = 2  # draw at twice the size and scale down smoothly: cheap anti-aliasing
MAX_INTERNAL_PX = 2400  # cap on the supersampled canvas so huge requests stay affordable
MIN_PICTURE_PX = 8

# Sky gradient stops: (height fraction, colour), top to horizon.
SKY_STOPS: tuple[tuple[float, Color], ...] = (
    (0.00, (12, 14, 48)), (0.20, (38, 28, 94)), (0.36, (104, 46, 132)),
    (0.50, (206, 78, 128)), (0.62, (255, 140, 96)), (0.74, (255, 212, 128)))
WATER_STOPS: tuple[tuple[float, Color], ...] = (
    (0.82, (226, 120, 128)), (0.90, (110, 54, 124)), (1.00, (28, 20, 64)))
WATERLINE = 0.82

STAR_COUNT = 70
STAR_REGION = 0.46  # stars only in the upper part of the sky, fading toward its bottom
STAR_COLOR: Color = (255, 246, 226)
BIG_STAR_CHANCE = 0.12

BAND_COLOR: Color = (170, 140, 230)  # a faint milky-way band crossing the night sky
BAND_ALPHA = 34
BAND_STARS = 60

MOON_CENTER = (0.20, 0.16)
MOON_RADIUS = 0.065
MOON_COLOR: Color = (250, 244, 214)
MOON_SHADOW_OFFSET = (0.032, -0.018)
MOON_HALO_RINGS = 8
MOON_HALO_ALPHA = 40

SUN_CENTER = (0.62, 0.55)
SUN_RADIUS = 0.15
SUN_TOP: Color = (255, 242, 150)
SUN_BOTTOM: Color = (255, 104, 120)
SUN_GLOW: Color = (255, 170, 120)
SUN_GLOW_RINGS = 24
SUN_GLOW_ALPHA = 90  # alpha of the innermost glow ring
# Retro stripes cut through the sun: (offset from centre, thickness), both in sun radii.
SUN_STRIPES = ((-0.22, 0.03), (-0.06, 0.05), (0.09, 0.07), (0.24, 0.09), (0.40, 0.11))

CLOUDS = 5
CLOUD_COLOR: Color = (255, 176, 170)
CLOUD_ALPHA = 110

# (baseline, amplitude, roughness, top colour, bottom colour, rim colour) nearest last.
MOUNTAIN_LAYERS: tuple[tuple[float, float, float, Color, Color, Color], ...] = (
    (0.70, 0.11, 0.52, (224, 128, 150), (190, 92, 130), (255, 200, 170)),
    (0.77, 0.10, 0.50, (140, 64, 130), (96, 42, 108), (250, 150, 150)),
    (0.83, 0.05, 0.45, (70, 36, 98), (50, 26, 80), (200, 110, 150)),
)
RIDGE_DETAIL = 6  # 2**6 + 1 ridge points

REFLECTION_LINES = 16
REFLECTION_COLOR: Color = (255, 210, 140)

TREE_COLOR: Color = (22, 14, 40)
SHORE_COLOR: Color = (30, 18, 52)
TREES = 11

BIRDS = 4
BIRD_COLOR: Color = (50, 24, 60)



def _lerp(a: Color, b: Color, t: float) -> Color:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def _gradient_at(stops: tuple[tuple[float, Color], ...], y: float) -> Color:
    if y <= stops[0][0]:
        return stops[0][1]
    for (y0, c0), (y1, c1) in zip(stops, stops[1:], strict=False):
        if y <= y1:
            return _lerp(c0, c1, (y - y0) / (y1 - y0))
    return stops[-1][1]


def _fill_rows(surface: pygame.Surface, top: int, bottom: int,
               color_at: Callable[[float], Color]) -> None:
    width, size = surface.get_width(), surface.get_height()
    for y in range(top, bottom):
        pygame.draw.line(surface, color_at(y / size), (0, y), (width - 1, y))


def _vertical_gradient(size: tuple[int, int], top: Color, bottom: Color) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    height = max(1, size[1] - 1)
    for y in range(size[1]):
        pygame.draw.line(surface, _lerp(top, bottom, y / height), (0, y), (size[0] - 1, y))
    return surface


def _masked(fill: pygame.Surface, mask: pygame.Surface) -> pygame.Surface:
    """`fill` kept only where `mask` is opaque white."""
    out = fill.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _ridge(rng: random.Random, roughness: float) -> list[float]:
    """A mountain ridge by midpoint displacement: heights in about [-1, 1]."""
    count = 2**RIDGE_DETAIL + 1
    heights = [0.0] * count
    heights[0], heights[-1] = rng.uniform(-0.6, 0.6), rng.uniform(-0.6, 0.6)
    step, scale = count - 1, 1.0
    while step > 1:
        half = step // 2
        for left in range(0, count - 1, step):
            mid = (heights[left] + heights[left + step]) / 2
            heights[left + half] = mid + rng.uniform(-scale, scale)
        step, scale = half, scale * roughness
    peak = max(abs(h) for h in heights) or 1.0
    return [h / peak for h in heights]


def _draw_stars(canvas: pygame.Surface, rng: random.Random) -> None:
    size = canvas.get_width()
    unit = max(1, size // 400)
    for _ in range(STAR_COUNT):
        x, y = rng.random(), rng.random() * STAR_REGION
        fade = 1.0 - y / STAR_REGION
        color = _lerp(_gradient_at(SKY_STOPS, y), STAR_COLOR, 0.35 + 0.65 * fade)
        center = (round(x * size), round(y * size))
        if rng.random() < BIG_STAR_CHANCE:
            arm = unit * 5
            x0, y0 = center
            pygame.draw.line(canvas, color, (x0 - arm, y0), (x0 + arm, y0), unit)
            pygame.draw.line(canvas, color, (x0, y0 - arm), (x0, y0 + arm), unit)
            pygame.draw.circle(canvas, STAR_COLOR, center, unit * 2)
        else:
            pygame.draw.circle(canvas, color, center, unit * rng.choice((1, 1, 2)))


def _draw_band(canvas: pygame.Surface, rng: random.Random) -> None:
    """A soft diagonal band of light and dense faint stars: the milky way."""
    size = canvas.get_width()
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    steps = 8
    start, end = (-0.1 * size, 0.40 * size), (1.1 * size, -0.05 * size)
    for i in range(steps):  # narrower strokes overwrite wider ones with more alpha: a soft band
        width = max(1, round(size * 0.18 * (steps - i) / steps))
        pygame.draw.line(layer, (*BAND_COLOR, BAND_ALPHA * (i + 1) // steps), start, end, width)
    for _ in range(BAND_STARS):
        t, off = rng.random(), rng.gauss(0.0, 0.04)
        x, y = (-0.1 + 1.2 * t) * size, (0.40 - 0.45 * t + off) * size
        pygame.draw.circle(layer, (255, 255, 255, 90), (round(x), round(y)), max(1, size // 700))
    canvas.blit(layer, (0, 0))


def _draw_moon(canvas: pygame.Surface) -> None:
    size = canvas.get_width()
    radius = round(MOON_RADIUS * size)
    halo = pygame.Surface((radius * 4, radius * 4), pygame.SRCALPHA)
    mid = (radius * 2, radius * 2)
    for ring in range(MOON_HALO_RINGS, 0, -1):  # a soft halo, fainter outward
        alpha = MOON_HALO_ALPHA * (MOON_HALO_RINGS + 1 - ring) // MOON_HALO_RINGS
        pygame.draw.circle(halo, (*MOON_COLOR, alpha), mid,
                           radius + ring * radius // MOON_HALO_RINGS)
    layer = pygame.Surface(halo.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(layer, (*MOON_COLOR, 255), mid, radius)
    shadow = (mid[0] + round(MOON_SHADOW_OFFSET[0] * size),
              mid[1] + round(MOON_SHADOW_OFFSET[1] * size))
    pygame.draw.circle(layer, (0, 0, 0, 0), shadow, radius)  # draw writes alpha: cuts a crescent
    corner = (round(MOON_CENTER[0] * size) - mid[0], round(MOON_CENTER[1] * size) - mid[1])
    canvas.blit(halo, corner)
    canvas.blit(layer, corner)


def _draw_sun(canvas: pygame.Surface) -> None:
    size = canvas.get_width()
    cx, cy = round(SUN_CENTER[0] * size), round(SUN_CENTER[1] * size)
    radius = round(SUN_RADIUS * size)
    reach = radius * 3  # the glow extends two radii beyond the disc
    glow = pygame.Surface((reach * 2, reach * 2), pygame.SRCALPHA)
    for ring in range(SUN_GLOW_RINGS, 0, -1):  # drawing overwrites alpha: outer rings fainter
        alpha = SUN_GLOW_ALPHA * (SUN_GLOW_RINGS + 1 - ring) ** 2 // SUN_GLOW_RINGS**2
        pygame.draw.circle(glow, (*SUN_GLOW, alpha), (reach, reach),
                           radius + ring * radius * 2 // SUN_GLOW_RINGS)
    canvas.blit(glow, (cx - reach, cy - reach))
    box = (radius * 2 + 2, radius * 2 + 2)
    mask = pygame.Surface(box, pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (radius + 1, radius + 1), radius)
    for offset, thickness in SUN_STRIPES:
        top = radius + 1 + round(offset * radius)
        pygame.draw.rect(mask, (0, 0, 0, 0), (0, top, box[0], max(1, round(thickness * radius))))
    disc = _masked(_vertical_gradient(box, SUN_TOP, SUN_BOTTOM), mask)
    canvas.blit(disc, (cx - radius - 1, cy - radius - 1))


def _draw_clouds(canvas: pygame.Surface, rng: random.Random) -> None:
    size = canvas.get_width()
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    for _ in range(CLOUDS):
        x, y = rng.uniform(0.05, 0.85), rng.uniform(0.30, 0.55)
        length = rng.uniform(0.18, 0.36)
        color = (*_lerp(CLOUD_COLOR, (255, 230, 200), (y - 0.30) / 0.25), CLOUD_ALPHA)
        for puff in range(4):  # overlapping flat ellipses, each a little shorter and higher
            w, h = length * (1.0 - puff * 0.18), 0.018 + 0.008 * (puff % 2)
            px, py = x + length * 0.08 * puff, y - 0.007 * puff
            rect = (round(px * size), round(py * size), round(w * size), round(h * size))
            pygame.draw.ellipse(layer, color, rect)
    canvas.blit(layer, (0, 0))


def _draw_mountains(canvas: pygame.Surface, rng: random.Random) -> None:
    size = canvas.get_width()
    for base, amplitude, roughness, top, bottom, rim in MOUNTAIN_LAYERS:
        heights = _ridge(rng, roughness)
        last = len(heights) - 1
        ridge = [(round(i / last * size), round((base - amplitude * (h + 1) / 2) * size))
                 for i, h in enumerate(heights)]
        crest = min(y for _, y in ridge)
        box = (size, size - crest)
        mask = pygame.Surface(box, pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255),
                            [*((x, y - crest) for x, y in ridge), (size, box[1]), (0, box[1])])
        canvas.blit(_masked(_vertical_gradient(box, top, bottom), mask), (0, crest))
        pygame.draw.lines(canvas, rim, False, ridge, max(1, size // 300))


def _draw_water(canvas: pygame.Surface, rng: random.Random) -> None:
    size = canvas.get_width()
    _fill_rows(canvas, round(WATERLINE * size), size, lambda y: _gradient_at(WATER_STOPS, y))
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    cx = SUN_CENTER[0] * size
    for i in range(REFLECTION_LINES):
        t = i / REFLECTION_LINES
        y = (WATERLINE + 0.01 + t * (1.0 - WATERLINE - 0.02)) * size
        half = (SUN_RADIUS * (1.0 - 0.6 * t) * rng.uniform(0.5, 1.0)) * size
        shift = rng.uniform(-0.02, 0.02) * size
        alpha = round(200 * (1.0 - t) + 30)
        pygame.draw.line(layer, (*REFLECTION_COLOR, alpha), (cx - half + shift, y),
                         (cx + half + shift, y), max(1, size // 250))
    canvas.blit(layer, (0, 0))


def _draw_shore_and_trees(canvas: pygame.Surface, rng: random.Random) -> None:
    size = canvas.get_width()
    ground = WATERLINE + 0.015
    pygame.draw.ellipse(canvas, SHORE_COLOR, (round(-0.15 * size), round((ground - 0.03) * size),
                                              round(0.5 * size), round(0.09 * size)))
    pygame.draw.ellipse(canvas, SHORE_COLOR, (round(0.78 * size), round((ground - 0.02) * size),
                                              round(0.4 * size), round(0.07 * size)))
    for i in range(TREES):
        on_left = i < TREES * 2 // 3
        x = rng.uniform(-0.02, 0.30) if on_left else rng.uniform(0.84, 1.02)
        height = rng.uniform(0.10, 0.22)
        width, foot = height * 0.34, (ground + rng.uniform(-0.01, 0.015)) * size
        for tier in range(4):  # stacked triangles: a pine silhouette
            tier_top = foot - height * size * (1.0 - tier * 0.2)
            tier_bottom = foot - height * size * (0.45 - tier * 0.15)
            half = width * size * (0.35 + tier * 0.22)
            pygame.draw.polygon(canvas, TREE_COLOR, [(x * size, tier_top),
                                                     (x * size + half, tier_bottom),
                                                     (x * size - half, tier_bottom)])
        trunk = max(2, round(width * size * 0.12))
        pygame.draw.rect(canvas, TREE_COLOR, (round(x * size - trunk / 2),
                                              round(foot - height * size * 0.35), trunk,
                                              round(height * size * 0.4)))


def _draw_birds(canvas: pygame.Surface, rng: random.Random) -> None:
    size = canvas.get_width()
    for _ in range(BIRDS):
        x, y = rng.uniform(0.40, 0.90) * size, rng.uniform(0.38, 0.50) * size
        span = rng.uniform(0.012, 0.022) * size
        pygame.draw.lines(canvas, BIRD_COLOR, False,
                          [(x - span, y - span * 0.4), (x, y), (x + span, y - span * 0.4)],
                          max(1, size // 350))


def builtin_picture(size_px: int, seed: int = 0) -> pygame.Surface:
    """The project's own sunset-over-a-lake picture, `size_px` square; the same for a seed."""
    if size_px < MIN_PICTURE_PX:
        raise ValueError(f"picture size {size_px} too small: expected at least {MIN_PICTURE_PX}")
    internal = min(size_px * SUPERSAMPLE, max(size_px, MAX_INTERNAL_PX))
    rng = random.Random(seed)
    canvas = pygame.Surface((internal, internal))
    _fill_rows(canvas, 0, round(WATERLINE * internal) + 1, lambda y: _gradient_at(SKY_STOPS, y))
    _draw_band(canvas, rng)
    _draw_stars(canvas, rng)
    _draw_moon(canvas)
    _draw_sun(canvas)
    _draw_clouds(canvas, rng)
    _draw_birds(canvas, rng)
    _draw_mountains(canvas, rng)
    _draw_water(canvas, rng)
    _draw_shore_and_trees(canvas, rng)
    if internal == size_px:
        return canvas
    return pygame.transform.smoothscale(canvas, (size_px, size_px))
