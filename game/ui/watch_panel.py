"""The arena window's pieces: one bot's animated panel, panel geometry and frame pacing."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from game.core.board import Board
from game.core.scoring import MoveClass
from game.core.tween import Flash, SlideTween
from game.ui.layout import Layout
from game.ui.render import BoardView

FPS = 60
SLIDE_SECONDS = 0.09
FLASH_SECONDS = 0.35
WIN_SECONDS = 0.6
GAP_SHARE = 0.06
SPIN_SECONDS = 0.0015
"""The end of each frame's wait is spent awake: sleeping wakes up late on a busy machine."""


@dataclass
class Panel:
    """One bot's live game as drawn: its board, the slide in progress and the last cue."""

    name: str
    board: Board
    game: int = 0
    moves: int = 0
    score: int = 0
    streak: int = 0
    status: str = "playing"
    tween: SlideTween | None = None
    cue: Flash[MoveClass] | None = None
    cue_tile: int = 0
    win: Flash | None = None
    whole: bool = True
    """The whole panel looks different from the last frame shown."""
    text: bool = True
    """Its two lines of text changed."""
    cells: set[int] = field(default_factory=set)
    """The cells the current slide and cue touch."""
    pending: set[int] = field(default_factory=set)
    """Cells that look different from the last frame shown."""

    def update(self, view: dict[str, Any]) -> None:
        """Take the server's newest view; one-cell changes slide, anything else snaps."""
        before = (self.game, self.moves, self.score, self.status, self.streak)
        self._take(view)
        if (self.game, self.moves, self.score, self.status, self.streak) != before:
            self.text = True

    def shown(self) -> None:
        """The panel as it is now has reached the screen."""
        self.whole = self.text = False
        self.pending.clear()

    def _take(self, view: dict[str, Any]) -> None:
        width, height = view["Size"]
        board = Board(int(width), int(height), tuple(view["Board"]))
        same_game = view["Game"] == self.game
        if board != self.board:
            if self.tween is not None:
                self.tween.finish()
            moved = [t for t in board.tiles if t and board.tiles.index(t) !=
                     self.board.tiles.index(t)] if board.shape == self.board.shape else []
            if same_game and len(moved) == 1:
                self.pending |= self.cells  # where the last cue was drawn
                self.cells = {self.board.blank, board.blank}
                self.pending |= self.cells
                self.tween = SlideTween(self.board, board, SLIDE_SECONDS)
                if view.get("Last") in ("optimal", "wasteful"):
                    self.cue = Flash(MoveClass(view["Last"]), FLASH_SECONDS)
                    self.cue_tile = moved[0]
            else:
                self.tween, self.cue, self.whole = None, None, True
            self.board = board
        if view["Status"] == "complete" and self.status != "complete":
            self.win = Flash("win", WIN_SECONDS)
        self.game, self.moves, self.score = view["Game"], view["Moves"], view["Score"]
        self.streak, self.status = view.get("Streak", 0), view["Status"]

    def advance(self, dt: float) -> None:
        """Move the animations on by ``dt`` seconds; a panel that moved or just settled is dirty."""
        for anim in (self.tween, self.cue):
            if anim is not None and not anim.done:
                anim.advance(dt)
                self.pending |= self.cells  # includes the frame it settles in
        if self.win is not None and not self.win.done:
            self.win.advance(dt)
            self.whole = True

    def board_view(self) -> BoardView:
        """What draw_board reads for this panel."""
        moving = self.tween.positions() if self.tween and not self.tween.done else {}
        cue = self.cue if self.cue and not self.cue.done else None
        return BoardView(self.board, moving=moving, cue=cue.kind if cue else None,
                         cue_strength=cue.strength if cue else 0.0, cue_tile=self.cue_tile,
                         win_flash=self.win.strength if self.win else 0.0)


def pace(due: float) -> float:
    """Sleep until the next frame of a fixed 1/FPS schedule (Clock.tick oversleeps); the
    last SPIN_SECONDS are waited out awake so frames land on time. Returns the next due time."""
    due += 1 / FPS
    now = time.perf_counter()
    if now > due + 1 / FPS:  # far behind (a stall): start the schedule again from now
        return now
    if due - now > SPIN_SECONDS:
        time.sleep(due - now - SPIN_SECONDS)
    while time.perf_counter() < due:
        pass
    return due


def grid(count: int, area: tuple[int, int, int, int], text_share: float) -> tuple[int, int]:
    """Columns and rows for ``count`` square panels that make the boards largest."""
    _, _, w, h = area
    best, best_side = (1, max(1, count)), -1.0
    for cols in range(1, max(1, count) + 1):
        rows = math.ceil(count / cols)
        side = min(w / cols, h / rows / (1 + 2 * text_share + 0.1))
        if side > best_side:
            best, best_side = (cols, rows), side
    return best


def board_layout(window: tuple[int, int], rect: tuple[int, int, int, int], cols: int,
                 rows: int) -> Layout:
    """The shared Layout value for a board drawn inside ``rect`` (no HUD of its own)."""
    x, y, w, h = rect
    pitch = min(w / cols, h / rows)
    bx = int(x + (w - pitch * cols) / 2)
    by = int(y + (h - pitch * rows) / 2)
    gap = max(1, int(pitch * GAP_SHARE))
    return Layout(window=window, cols=cols, rows=rows, board_x=bx, board_y=by, pitch=pitch,
                  gap=gap, hud=(x, y, 0, 0), footer=(x, y + h, 0, 0))
