"""A one-line progress bar on a terminal (redrawn in place); elsewhere one plain line, or none."""

from __future__ import annotations

import threading
import time
from typing import TextIO

BAR_CELLS = 24
REDRAW_SECONDS = 0.1
"""A terminal line is redrawn at most this often (the last state is always drawn at close)."""
LINE_WIDTH = 79


def progress_text(label: str, share: float, words: str) -> str:
    """``label [#####.....]  42% words``, cut to LINE_WIDTH characters."""
    share = min(1.0, max(0.0, share))
    filled = round(BAR_CELLS * share)
    text = f"{label} [{'#' * filled}{'.' * (BAR_CELLS - filled)}] {100 * share:3.0f}% {words}"
    return text[:LINE_WIDTH]


class ProgressLine:
    """Shows progress on ``stream``: a bar redrawn in place when it is a terminal.

    Not a terminal: the label alone when the first progress arrives and the closing words
    when done (one line in all), or nothing at all with ``quiet_off_terminal``. Thread-safe:
    builds report from their own threads.
    """

    def __init__(self, stream: TextIO, label: str, *, quiet_off_terminal: bool = False) -> None:
        self._stream = stream
        self._label = label
        try:
            self._tty = stream.isatty()
        except (AttributeError, ValueError):
            self._tty = False
        self._quiet = quiet_off_terminal and not self._tty
        self._lock = threading.Lock()
        self._shown = False
        self._last = 0.0
        self._text = ""

    def show(self, share: float, words: str) -> None:
        """Report ``share`` (0..1) done and what is happening."""
        if self._quiet:
            return
        with self._lock:
            now = time.monotonic()
            self._text = progress_text(self._label, share, words)
            if not self._tty:
                if not self._shown:
                    self._write(f"{self._label} ...")
                    self._shown = True
                return
            if self._shown and now - self._last < REDRAW_SECONDS and share < 1.0:
                return
            self._last = now
            self._shown = True
            self._write("\r" + self._text.ljust(LINE_WIDTH))

    def close(self, words: str = "") -> None:
        """End the line (with ``words`` after it, if anything was shown)."""
        with self._lock:
            if not self._shown or self._quiet:
                return
            if self._tty:
                self._write("\r" + f"{self._label}: done {words}".ljust(LINE_WIDTH) + "\n")
            else:
                self._write(f" done {words}\n")
            self._shown = False

    def clear(self) -> None:
        """Wipe a terminal line (nothing to keep), or end a plain one."""
        with self._lock:
            if not self._shown or self._quiet:
                return
            self._write("\r" + " " * LINE_WIDTH + "\r" if self._tty else "\n")
            self._shown = False

    def _write(self, text: str) -> None:
        try:
            self._stream.write(text)
            self._stream.flush()
        except (OSError, ValueError):
            pass  # a closed or broken stream only costs the progress display
