"""Arena benchmark: moves served a second and latency per move with 1, 8 and 32 bots.

The server runs in its own process on a loopback port; the reference bots run here, each for
the same number of seconds. On 4x4 both sides search every board, so the solver sets the pace;
the 3x3 rounds (table lookups) show what the server itself can serve. Figures are printed,
never asserted. Run: ``python -m game.arena.bench [--seconds S] [--bots 1,8,32]``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import statistics
import sys
from typing import TYPE_CHECKING

from game.arena.bot import ReferenceBot
from game.arena.server import ArenaServer, ServerOptions

if TYPE_CHECKING:  # multiprocessing.Event is a factory; the class lives here
    from multiprocessing.synchronize import Event

DEFAULT_SECONDS = 5.0
DEFAULT_BOTS = (1, 8, 32)
SIZES = ((4, 4), (3, 3))
START_SECONDS = 120.0
ENDLESS = 10**9


def _serve(ports: multiprocessing.Queue, stop: Event, width: int,
           height: int) -> None:
    import logging

    logging.basicConfig(level=logging.WARNING)
    server = ArenaServer(ServerOptions(port=0, width=width, height=height, seed=1))

    async def main() -> None:
        done = asyncio.Event()
        loop = asyncio.get_running_loop()
        loop.run_in_executor(None, lambda: (stop.wait(), loop.call_soon_threadsafe(done.set)))
        await server.run(done, ports.put)

    asyncio.run(main())
    print(f"      server side: {server.handling_summary()}", flush=True)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def _round(url: str, bots: int, seconds: float) -> str:
    players = [ReferenceBot(url, ENDLESS, 0.0, f"bench{bots}-{i + 1}") for i in range(bots)]
    tasks = [asyncio.create_task(p.run()) for p in players]
    await asyncio.wait(tasks, timeout=seconds)
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
    ms = [1000 * x for p in players for x in p.report.latencies]
    deals = [1000 * x for p in players for x in p.report.deal_latencies]
    errors = sum(len(p.report.errors) for p in players)
    if not ms:
        return f"{bots:>3} bots: no replies"
    line = (f"{bots:>3} bots: {len(ms) / seconds:6.0f} moves/s served; latency per move ms "
            f"p50 {statistics.median(ms):5.2f} p95 {_percentile(ms, 0.95):5.2f} "
            f"p99 {_percentile(ms, 0.99):6.2f} max {max(ms):6.1f}; ")
    if deals:
        line += f"new board p50 {statistics.median(deals):5.1f} ms; "
    return line + f"{sum(p.report.solved for p in players)} games solved, {errors} errors"


def main(argv: list[str] | None = None) -> int:
    """Start a server process, run each round of bots, print one line per round."""
    parser = argparse.ArgumentParser(prog="python -m game.arena.bench")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS)
    parser.add_argument("--bots", default=",".join(map(str, DEFAULT_BOTS)))
    args = parser.parse_args(argv)
    try:
        rounds = [int(b) for b in args.bots.split(",")]
    except ValueError:
        print(f"bench: error: --bots '{args.bots}' must be numbers like 1,8,32", file=sys.stderr)
        return 2
    if not 0 < args.seconds <= 600 or not all(0 < b <= 256 for b in rounds):
        print("bench: error: --seconds must be in 0..600 and bot counts in 1..256",
              file=sys.stderr)
        return 2
    print(f"arena bench: 10% unsolvable, {args.seconds:g} s per round, a fresh server "
          "process per round on a loopback port")
    for width, height in SIZES:
        for bots in rounds:
            _bench_round(width, height, bots, args.seconds)
    return 0


def _bench_round(width: int, height: int, bots: int, seconds: float) -> None:
    ctx = multiprocessing.get_context("spawn")
    ports: multiprocessing.Queue = ctx.Queue()
    stop = ctx.Event()
    proc = ctx.Process(target=_serve, args=(ports, stop, width, height), daemon=True)
    proc.start()
    try:
        port = ports.get(timeout=START_SECONDS)
        url = f"ws://127.0.0.1:{port}"
        print(f"{width}x{height} " + asyncio.run(_round(url, bots, seconds)), flush=True)
    finally:
        stop.set()
        proc.join(10)
        if proc.is_alive():
            proc.terminate()


if __name__ == "__main__":
    sys.exit(main())
