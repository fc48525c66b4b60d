"""The spectator side of the arena: a thread that keeps the newest snapshot from ``/watch``."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from game.arena.protocol import WATCH_PATH

RETRY_SECONDS = 1.0
RECV_SECONDS = 0.5
OPEN_SECONDS = 5.0


def watch_url(url: str) -> str:
    """The spectator URL of a server URL (its path replaced by ``/watch``)."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, WATCH_PATH, "", ""))


@dataclass
class Snapshot:
    """The newest arena state: live bots and the leaderboard, as the server sent them."""

    bots: list[dict[str, Any]] = field(default_factory=list)
    leaderboard: list[dict[str, Any]] = field(default_factory=list)
    served: int = 0
    received: int = 0


class SpectatorFeed:
    """Connects (and reconnects) to a server's spectator feed in a daemon thread."""

    def __init__(self, url: str) -> None:
        self.url = watch_url(url)
        self.status = "connecting"
        self._lock = threading.Lock()
        self._snapshot = Snapshot()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="arena-spectator", daemon=True)

    def start(self) -> SpectatorFeed:
        """Start the thread; returns self."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop and join the thread (within about RECV_SECONDS)."""
        self._stop.set()
        self._thread.join(RECV_SECONDS + OPEN_SECONDS)

    def snapshot(self) -> Snapshot:
        """The newest snapshot (never blocks for long)."""
        with self._lock:
            return self._snapshot

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                with connect(self.url, open_timeout=OPEN_SECONDS, max_size=None) as ws:
                    self.status = "connected"
                    while not self._stop.is_set():
                        try:
                            text = ws.recv(timeout=RECV_SECONDS)
                        except TimeoutError:
                            continue
                        self._take(text)
            except (OSError, WebSocketException, TimeoutError) as exc:
                gone = "server gone" if self.status.startswith(("connected", "server gone")) \
                    else "no server"
                self.status = f"{gone}: nothing at {self.url} ({type(exc).__name__}); retrying"
            self._stop.wait(RETRY_SECONDS)

    def _take(self, text: str | bytes) -> None:
        try:
            arena = json.loads(text)["Arena"]
            snap = Snapshot(list(arena["Bots"]), list(arena["Leaderboard"]),
                            int(arena.get("Served", 0)), self._snapshot.received + 1)
        except (ValueError, KeyError, TypeError):
            return  # not a snapshot: ignore it rather than show something wrong
        with self._lock:
            self._snapshot = snap
