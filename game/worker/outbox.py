"""The worker's one channel to the game: what waits for the next take, handed out as a packet.

Every hint the worker learns goes in, whatever board it is for (the game keeps its own
knowledge, so a hint about another board is news, not stale), and so does every board made
for a request. The board on screen is remembered with the time it was submitted, so its
hints carry their latency. Used under the service's lock, except ``__bool__``, which the game
loop reads without it on the frames where nothing happened.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from game.core.board import Board
from game.core.coach import CoachPacket, Hint, NewBoard, WorkerStatus


class Outbox:
    """Hints and made boards since the last take, and the board on screen."""

    def __init__(self) -> None:
        self._hints: list[Hint] = []
        self._boards: list[NewBoard] = []
        self.latest: Board | None = None
        """The board submitted last (the one on screen)."""
        self.latest_at = 0.0
        """When it was submitted (the worker's clock)."""
        self._quiet = CoachPacket()

    def __bool__(self) -> bool:
        """Whether anything waits (two list reads: safe without the lock)."""
        return bool(self._hints) or bool(self._boards)

    def show(self, board: Board, now: float) -> None:
        """``board`` is the one on screen from ``now``."""
        self.latest, self.latest_at = board, now

    def put(self, hints: Iterable[Hint]) -> None:
        """Hints learned or looked up, in order."""
        self._hints.extend(hints)

    def put_board(self, made: NewBoard) -> None:
        """A board made for a request."""
        self._boards.append(made)

    def clear(self) -> None:
        """Drop everything waiting (the worker shut down)."""
        self._hints, self._boards = [], []

    def take(self, now: float, status: WorkerStatus) -> CoachPacket:
        """Everything waiting, as one packet; the on-screen board's hints get their latency."""
        if not self:
            return self.quiet(status)
        hints, self._hints = self._hints, []
        boards, self._boards = self._boards, []
        latest, since = self.latest, self.latest_at
        timed = tuple(replace(h, latency=max(0.0, now - since)) if h.board == latest else h
                      for h in hints)
        return CoachPacket(timed, tuple(boards), status)

    def quiet(self, status: WorkerStatus) -> CoachPacket:
        """The empty packet with ``status``: one kept object while the status stays the same,
        so a frame where nothing happened allocates nothing."""
        packet = self._quiet
        if packet.status != status:
            packet = self._quiet = CoachPacket(status=status)
        return packet
