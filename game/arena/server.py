"""The arena's websocket server: one Match per bot connection, spectator feeds, clean shutdown."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import random
import signal
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.arena.leaderboard import BotResults, Leaderboard
from game.arena.limits import FLOOD_MESSAGES, SEARCH_BURST, SEARCH_RATE, FloodGate, Pacer
from game.arena.match import Dealer, Match
from game.arena.oracle import Oracle
from game.arena.protocol import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    MAX_MESSAGE_BYTES,
    WATCH_PATH,
    ProtocolError,
    error_json,
    parse_client,
)
from game.arena.records import ArenaRecords

log = logging.getLogger("game.arena")

IDLE_SECONDS = 60.0
"""A bot connection that sends nothing for this long is closed."""
SPECTATOR_HZ = 30
"""Snapshots a second sent to each spectator."""
LEADERBOARD_ROWS = 10
MAX_NAME = 24
CLOSE_POLICY = 1008
CLOSE_INTERNAL = 1011
PING_SECONDS = 20.0
HANDLING_SAMPLES = 100_000
CLOSE_SECONDS = 1.0
"""A flooder whose backlog hides its closing reply is dropped after this long."""


@dataclass(frozen=True, slots=True)
class ServerOptions:
    """What `serve` was asked for, already validated."""

    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    width: int = 4
    height: int = 4
    unsolvable: float = 0.1
    seed: int | None = None
    idle_seconds: float = IDLE_SECONDS


def bot_name(path: str, address: object) -> str:
    """The name a bot gave in its URL (``?name=...``), else its address ``host:port``."""
    query = parse_qs(urlsplit(path).query)
    given = query.get("name", [""])[0]
    clean = "".join(c for c in given if c.isprintable()).strip()[:MAX_NAME]
    if clean:
        return clean
    if isinstance(address, tuple) and len(address) >= 2:
        return f"{address[0]}:{address[1]}"
    return str(address)


class ArenaServer:
    """Serves games to bots and snapshots to spectators; ``run`` until ``stop`` is set."""

    def __init__(self, options: ServerOptions) -> None:
        self.options = options
        self.dealer = Dealer(options.width, options.height, options.unsolvable)
        self.oracle = Oracle()
        self.leaderboard = Leaderboard()
        self.records: ArenaRecords | None = None
        """The arena's game history (opened when the server runs)."""
        self.live: dict[int, Match] = {}
        self.served = 0
        self.handling: deque[float] = deque(maxlen=HANDLING_SAMPLES)
        self.spectators = 0
        self._ids = itertools.count(1)
        self._seeds = random.Random(options.seed)
        self.port = options.port

    async def run(self, stop: asyncio.Event, ready: Callable[[int], None] | None = None) -> None:
        """Warm up the solver, listen, and serve until ``stop`` is set; then close everything."""
        self.records = ArenaRecords()
        try:
            await self.oracle.warm_up(self.options.width, self.options.height)
            async with serve(self._handler, self.options.host, self.options.port,
                             max_size=MAX_MESSAGE_BYTES, ping_interval=PING_SECONDS,
                             ping_timeout=PING_SECONDS, close_timeout=CLOSE_SECONDS) as server:
                self.port = next(iter(server.sockets)).getsockname()[1]
                log.info("arena listening on ws://%s:%d (%dx%d, %.0f%% unsolvable)",
                         self.options.host, self.port, self.options.width,
                         self.options.height, 100 * self.options.unsolvable)
                if ready is not None:
                    ready(self.port)
                await stop.wait()
                log.info("arena stopping: closing %d connections", len(server.connections))
        finally:
            self.oracle.close()
            self.records.close()

    # --- connections --------------------------------------------------
    async def _handler(self, ws: ServerConnection) -> None:
        path = ws.request.path if ws.request is not None else "/"
        if urlsplit(path).path.rstrip("/") == WATCH_PATH:
            await self._spectate(ws)
            return
        conn_id = next(self._ids)
        results = BotResults(bot_name(path, ws.remote_address))
        self.leaderboard.add(conn_id, results)
        match = Match(self.dealer, self.oracle, results, random.Random(self._seeds.random()))
        match.log = log.info
        if self.records is not None:
            match.record, match.run = self.records.add, self.records.run
        self.live[conn_id] = match
        try:
            await ws.send((await match.start()).to_json())
            await self._serve_bot(ws, match)
        except ConnectionClosed:
            pass
        except Exception:  # one bot's failure must never reach the server or other bots
            log.exception("connection %s failed", results.name)
            with contextlib.suppress(Exception):
                await ws.close(CLOSE_INTERNAL, "internal error")
        finally:
            match.close("abandoned (disconnected)")
            results.connected = False
            self.live.pop(conn_id, None)

    async def _serve_bot(self, ws: ServerConnection, match: Match) -> None:
        """Read frames (idle timeout, flood check) while a second task answers them in order."""
        queue: asyncio.Queue[tuple[str | bytes, float]] = asyncio.Queue()
        gate = FloodGate()
        loop = asyncio.get_running_loop()
        worker = asyncio.create_task(self._answer(ws, match, queue))
        idle = self.options.idle_seconds
        try:
            while not worker.done():
                try:
                    async with asyncio.timeout(idle):
                        frame = await ws.recv()
                except TimeoutError:
                    await ws.send(error_json(f"idle for {idle:g} s: closing the connection"))
                    await ws.close(reason="idle timeout")
                    return
                if not gate.arrive(loop.time()) or queue.qsize() >= FLOOD_MESSAGES:
                    await ws.send(error_json(f"flood: more than {FLOOD_MESSAGES} messages in "
                                             "one second: closing the connection"))
                    await ws.close(CLOSE_POLICY, "flood")
                    return
                queue.put_nowait((frame, time.perf_counter()))
        finally:
            worker.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await worker

    async def _answer(self, ws: ServerConnection, match: Match,
                      queue: asyncio.Queue[tuple[str | bytes, float]]) -> None:
        try:
            await self._answer_all(ws, match, queue)
        except ConnectionClosed:
            pass
        except Exception:  # close this connection (which wakes the reader); others go on
            log.exception("connection %s failed", match.results.name)
            await ws.close(CLOSE_INTERNAL, "internal error")

    async def _answer_all(self, ws: ServerConnection, match: Match,
                          queue: asyncio.Queue[tuple[str | bytes, float]]) -> None:
        pacer = Pacer()
        budget, searched = Pacer(SEARCH_RATE, SEARCH_BURST), match.searches
        loop = asyncio.get_running_loop()
        while True:
            frame, arrived = await queue.get()
            wait = pacer.delay(loop.time())
            if wait > 0:
                await asyncio.sleep(wait)
            if isinstance(frame, bytes):
                reply = match.error("binary frames are not accepted: send JSON text frames")
            else:
                try:
                    reply = await match.handle(parse_client(frame))
                except ProtocolError as exc:
                    reply = match.error(str(exc))
            self.served += 1
            await ws.send(reply.to_json())
            self.handling.append(time.perf_counter() - arrived)
            owed = 0.0
            while searched < match.searches:  # over its budget, this bot's next message waits
                searched += 1
                owed = max(owed, budget.delay(loop.time()))
            if owed > 0:
                await asyncio.sleep(owed)

    def handling_summary(self) -> str:
        """Server-side time from a frame's arrival to its reply being sent (recent frames)."""
        if not self.handling:
            return "no messages served"
        ms = sorted(1000 * t for t in self.handling)
        return (f"served {self.served} messages; server-side ms per message (last {len(ms)}): "
                f"p50 {ms[len(ms) // 2]:.2f} p99 {ms[int(0.99 * len(ms))]:.2f} max {ms[-1]:.1f}")

    # --- spectators ---------------------------------------------------
    def snapshot(self) -> dict[str, object]:
        """Everything a spectator window draws: the live games and the leaderboard."""
        return {"Arena": {
            "Bots": [m.view() for m in list(self.live.values())],
            "Leaderboard": [r.to_dict() for r in self.leaderboard.ranked(LEADERBOARD_ROWS)],
            "Served": self.served,
        }}

    async def _spectate(self, ws: ServerConnection) -> None:
        self.spectators += 1
        log.info("spectator %s joined", bot_name("", ws.remote_address))
        try:
            while True:
                await ws.send(json.dumps(self.snapshot()))
                await asyncio.sleep(1 / SPECTATOR_HZ)
        except ConnectionClosed:
            pass
        finally:
            self.spectators -= 1


def serve_forever(options: ServerOptions) -> int:
    """Run the server until Ctrl+C or SIGTERM; print the leaderboard at the end."""
    server = ArenaServer(options)

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        await server.run(stop)

    asyncio.run(main())
    if len(server.leaderboard):
        print(server.leaderboard.table())
    return 0
