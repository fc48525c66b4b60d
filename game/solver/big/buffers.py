"""Large arrays the beams use again instead of asking the system for fresh memory each time.

A beam's seen-board table and layer links take tens of MB, and a widening ladder makes a new
beam every step. Fresh memory is mapped page by page on first touch: on this project's
virtual machines faulting in a 32 MB table and its links took 0.2 s, a fifth of a one-second
line, where clearing memory already mapped takes a few ms. So a beam takes its arrays from
here and hands them back when it is dropped; the pool keeps the most recent few (never more
than ``KEEP_BYTES``), mapped between searches.
"""

from __future__ import annotations

import threading
import weakref

import numpy as np

KEEP = 12
"""Buffers kept at most (each view of a beam holds five)."""
KEEP_BYTES = 256 << 20
"""Bytes kept at most; the oldest go first. A widening ladder's beams take the smallest
buffers that fit, so the pool holds about one ladder: a search's peak grows by the smaller
steps' arrays (a third of the widest step's) at most, by this bound in any case."""

_free: list[np.ndarray] = []
_lock = threading.Lock()


def take(owner: object, shape: tuple[int, ...], dtype: type[np.generic],
         zeroed: bool = True) -> np.ndarray:
    """An array of ``shape`` and ``dtype`` (all zeros if ``zeroed``, else whatever it held),
    handed back to the pool once ``owner`` is garbage collected."""
    nbytes = int(np.prod(shape)) * np.dtype(dtype).itemsize
    raw: np.ndarray | None = None
    with _lock:
        fits = [i for i, b in enumerate(_free) if nbytes <= b.size]
        if fits:
            raw = _free.pop(min(fits, key=lambda i: _free[i].size))
    if raw is None:
        raw = np.zeros(nbytes, dtype=np.uint8)
    elif zeroed:
        raw[:nbytes] = 0
    weakref.finalize(owner, _give_back, raw)
    return raw[:nbytes].view(dtype).reshape(shape)


def _give_back(raw: np.ndarray) -> None:
    with _lock:
        _free.append(raw)
        while len(_free) > KEEP or sum(b.size for b in _free) > KEEP_BYTES:
            _free.pop(0)


def kept_bytes() -> int:
    """Bytes the pool holds now."""
    with _lock:
        return sum(b.size for b in _free)


def release() -> None:
    """Drop every kept buffer (their memory goes back to the system)."""
    with _lock:
        _free.clear()
