"""Text wrapped to a width in whole words: balanced lines, no short last word alone."""

from __future__ import annotations

import functools

import pygame

from game.ui.scores_view import FontFn

WIDOW_CHARS = 8
"""A last line of one word this short takes the word before it along (at 640 px the time
note's "known)" stood alone)."""
BALANCE_STEPS = 7
"""Halvings of the width when a wrapped text's lines are balanced (within 1% of the width)."""


def wrap_words(text: str, font: FontFn, px: int, width: float) -> list[str]:
    """``text`` in as few lines as fit ``width`` at ``px``, words kept whole (a word wider
    than that alone is left for ``blit_fit`` to shrink), and balanced: the narrowest width
    that takes as few lines (at full screen the Costs note's "don't count" stood alone under
    a line as wide as the screen's column). Remembered: the screen redraws them each frame."""
    return list(_wrapped(text, font, px, width, getattr(font, "scale", 1.0)))


@functools.lru_cache(maxsize=256)
def _wrapped(text: str, font: FontFn, px: int, width: float,
             scale: float) -> tuple[str, ...]:
    """``wrap_words`` for ``font`` at its ``scale`` now (large text changes it)."""
    face = font(px)
    words = text.split(" ")
    lines = _greedy(words, face, width)
    if len(lines) > 1:
        low, high = width / len(lines), width
        for _ in range(BALANCE_STEPS):
            middle = (low + high) / 2
            if len(_greedy(words, face, middle)) == len(lines):
                high = middle
            else:
                low = middle
        lines = _greedy(words, face, high)
    if len(lines) > 1 and " " not in lines[-1] and len(lines[-1]) <= WIDOW_CHARS \
            and " " in lines[-2]:
        # a short last word never stands alone ("cost" / "12"): its neighbour goes with it
        head, last = lines[-2].rsplit(" ", 1)
        if face.size(f"{last} {lines[-1]}")[0] <= width:
            lines[-2:] = [head, f"{last} {lines[-1]}"]
    return tuple(lines)


def _greedy(words: list[str], face: pygame.font.Font, width: float) -> list[str]:
    """``words`` wrapped greedily: each line takes as many as fit ``width``."""
    lines: list[str] = []
    for word in words:
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and face.size(joined)[0] <= width:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines
