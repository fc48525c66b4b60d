"""Benchmarks kept in the repo, not tests: `python -m game.cli.bench solver|frames|gate|judging`."""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import TypeVar

from game.core.generate import random_board
from game.core.notation import parse_board

FIFTEEN_SEED = 2024
EIGHT_SEED = 8
FIFTEEN_COUNT = 100
EIGHT_COUNT = 1000
HINT_COUNT = 20
LENGTH_TARGETS = (30, 40, 50, 60)
HARD_4X4 = "0 14 15 2/10 3 1 5/12 7 13 11/4 8 6 9"
"""64 moves, about 11M nodes."""
CANCELS = 10
GATE_RUNS = 100
GATE_HOLD = 0.005
"""Seconds a frame holds the gate in the gate benchmark (a frame's work is about 2-5 ms)."""

T = TypeVar("T")


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def _summary(name: str, seconds: Sequence[float]) -> None:
    print(
        f"{name}: n={len(seconds)} median={statistics.median(seconds):.4f}s "
        f"p95={_percentile(seconds, 0.95):.4f}s max={max(seconds):.4f}s "
        f"total={sum(seconds):.3f}s"
    )


def _timed(fn: Callable[[], T]) -> tuple[T, float]:
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def _cancel_latency(board_text: str, delay: float) -> float:
    """Seconds from CancelToken.cancel() to the solving thread having stopped."""
    from game.solver import CancelToken, SolveCancelled, solve

    token = CancelToken()
    done = threading.Event()

    def run() -> None:
        try:
            solve(parse_board(board_text), cancel=token)
        except SolveCancelled:
            pass
        done.set()

    thread = threading.Thread(target=run)
    thread.start()
    time.sleep(delay)
    start = time.perf_counter()
    token.cancel()
    done.wait()
    latency = time.perf_counter() - start
    thread.join()
    return latency


def bench_solver(fifteen: int, eight: int, verbose: bool) -> None:
    """Table/PDB set-up, 8-puzzles, 15-puzzles, hints and chosen-length boards."""
    from game.solver import exact_distance, optimal_moves, random_board_with_length, solve, warm_up
    from game.solver.exact.heuristic import forget_heuristics, get_heuristic

    with tempfile.TemporaryDirectory(prefix="fifteen-bench-") as cache_home:
        os.environ["XDG_CACHE_HOME"] = cache_home  # measure a fresh build, then a load
        _, seconds = _timed(lambda: warm_up(((3, 3), (4, 3))))
        print(f"warm-up (compile kernels, 3x3 table, 4x3 databases): {seconds:.2f}s")
        heur, seconds = _timed(lambda: get_heuristic(4, 4))
        print(f"4x4 pattern databases 6-6-3 built in {seconds:.2f}s "
              f"({heur.pdbs.size / 1e6:.1f} MB)")
        forget_heuristics()
        heur, seconds = _timed(lambda: get_heuristic(4, 4))
        print(f"4x4 pattern databases loaded in {seconds:.3f}s")
        _, seconds = _timed(lambda: warm_up(((4, 4),)))
        print(f"4x4 first solve (kernel ready): {seconds:.3f}s")

        rng = random.Random(EIGHT_SEED)
        times = []
        lookups = []
        for i in range(eight):
            board = random_board(3, 3, rng)
            solution, seconds = _timed(partial(solve, board))
            _, lookup = _timed(partial(exact_distance, board))
            times.append(seconds)
            lookups.append(lookup)
            if verbose:
                print(f"3x3 #{i}: length={solution.length} nodes={solution.nodes} "
                      f"seconds={seconds:.5f}")
        _summary("8-puzzle solve (checked solution)", times)
        _summary("8-puzzle exact_distance lookup", lookups)

        rng = random.Random(FIFTEEN_SEED)
        boards = [random_board(4, 4, rng) for _ in range(fifteen)]
        times = []
        nodes = []
        for i, board in enumerate(boards):
            solution, seconds = _timed(partial(solve, board))
            times.append(seconds)
            nodes.append(solution.nodes)
            print(f"4x4 #{i}: length={solution.length} nodes={solution.nodes} "
                  f"seconds={seconds:.4f}", flush=True)
        _summary("15-puzzle solve", times)
        print(f"15-puzzle nodes: median={statistics.median(nodes):.0f} max={max(nodes)} "
              f"total={sum(nodes)} rate={sum(nodes) / sum(times) / 1e6:.1f}M nodes/s")

        hints = [_timed(partial(optimal_moves, b))[1] for b in boards[:HINT_COUNT]]
        _summary(f"15-puzzle optimal_moves (all optimal moves), first {HINT_COUNT}", hints)

        for length in LENGTH_TARGETS:
            made = [
                _timed(partial(random_board_with_length, 4, 4, length, random.Random(s)))
                for s in range(3)
            ]
            print(f"random_board_with_length(4, 4, {length}): "
                  + ", ".join(f"{seconds:.2f}s" for _, seconds in made))
        latencies = [_cancel_latency(HARD_4X4, 0.05 + 0.05 * i) for i in range(CANCELS)]
        print(f"cancel latency (hard 4x4 search, cancel from another thread, n={CANCELS}): "
              f"median={1000 * statistics.median(latencies):.2f}ms "
              f"max={1000 * max(latencies):.2f}ms")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS): {peak:.0f} MB")


def _gate_wait(hold: str) -> tuple[float, float]:
    """One worker-thread ``FrameGate.wait``: (seconds it waited, seconds from the release to
    its return, 0 when nothing was released). ``hold`` is open, released or overrun."""
    from game.worker.gate import FrameGate

    gate = FrameGate()
    if hold != "open":
        gate.hold()
    took: list[float] = []

    def run() -> None:
        start = time.perf_counter()
        gate.wait()
        took.append(time.perf_counter() - start)
        took.append(time.perf_counter())

    thread = threading.Thread(target=run)
    thread.start()
    released = 0.0
    if hold == "released":
        time.sleep(GATE_HOLD)
        released = time.perf_counter()
        gate.release()
    thread.join()
    return took[0], (took[1] - released if released else 0.0)


def bench_gate(runs: int = GATE_RUNS) -> None:
    """The frame gate as the worker thread meets it: open (no wait), held for a frame then
    released (woken at the release), and a frame that overruns (goes on after MAX_WAIT)."""
    from game.worker.gate import MAX_WAIT

    for hold, what in (("open", "open gate: wait"),
                       ("released", f"gate held {GATE_HOLD * 1000:.0f} ms then released: "
                                    "release to wake-up"),
                       ("overrun", f"gate held past MAX_WAIT {MAX_WAIT * 1000:.0f} ms: wait")):
        waits = [_gate_wait(hold) for _ in range(runs)]
        _summary(what, [wake if hold == "released" else wait for wait, wake in waits])


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m game.cli.bench solver|frames [options]`."""
    parser = argparse.ArgumentParser(prog="python -m game.cli.bench")
    parser.add_argument("what", choices=["solver", "frames", "gate", "judging"],
                        help="which benchmark to run")
    parser.add_argument("--seconds", type=float, default=20.0, help="frames: how long")
    parser.add_argument("--fifteen", type=int, default=FIFTEEN_COUNT, help="15-puzzles")
    parser.add_argument("--eight", type=int, default=EIGHT_COUNT, help="8-puzzles")
    parser.add_argument("--hardest", action="store_true",
                        help="frames: the busy worker takes the 80-move 15-puzzles")
    parser.add_argument("--quiet", action="store_true", help="leave out the 1,000 8-puzzle lines")
    args = parser.parse_args(argv)
    if args.what == "frames":
        from game.cli.bench_frames import bench_frames

        bench_frames(args.seconds, hardest=args.hardest)
        return 0
    if args.what == "gate":
        bench_gate()
        return 0
    if args.what == "judging":
        from game.cli.bench_judging import bench_judging

        bench_judging()
        return 0
    bench_solver(args.fifteen, args.eight, not args.quiet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
