"""Test support for the arena: a real server on a loopback port, run in its own thread."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from game.arena.server import ArenaServer, ServerOptions

START_SECONDS = 120.0
"""Generous: a cold cache builds the 4x4 tables first (about 15 s)."""
STOP_SECONDS = 10.0


@contextmanager
def arena(**options: Any) -> Iterator[tuple[ArenaServer, str]]:
    """A running ArenaServer on 127.0.0.1 and a free port; stopped and joined on exit."""
    server = ArenaServer(ServerOptions(host="127.0.0.1", port=0, **options))
    ready = threading.Event()
    box: dict[str, Any] = {}

    async def main() -> None:
        box["loop"] = asyncio.get_running_loop()
        box["stop"] = stop = asyncio.Event()
        await server.run(stop, lambda port: ready.set())

    def target() -> None:
        try:
            asyncio.run(main())
        except BaseException as exc:  # surfaced by the test through box["error"]
            box["error"] = exc
            ready.set()

    thread = threading.Thread(target=target, name="arena-test-server", daemon=True)
    thread.start()
    if not ready.wait(START_SECONDS) or "error" in box:
        raise RuntimeError(f"arena server did not start: {box.get('error')}")
    try:
        yield server, f"ws://127.0.0.1:{server.port}"
    finally:
        box["loop"].call_soon_threadsafe(box["stop"].set)
        thread.join(STOP_SECONDS)
        assert not thread.is_alive(), "arena server did not stop"
