"""Speed figures of issue 14, each measured in fresh processes: `python -m game.cli.bench_fast`.

- ``first-run``: from a clean cache (empty user cache and numba cache, both private to the
  run), the time from the coach starting (the window opening) to its first 4x4 and 3x3
  answers, without set-up and after ``game.cli.prepare`` (timed too).
- ``deadline``: ``solve --seconds 0.02`` wall time on a clean cache, and on the prepared
  cache for a hard 15-puzzle (64 moves): its wall time and the best-found line's length.
- ``batch``: ``solve --batch`` on Korf's 100 standard 15-puzzles (``data/korf100.tsv``), then
  on 100 seeded random 15-puzzles plus the 50 boards of known optimal length
  (``../shared/boards/optimal_4x4.tsv``), one call each, lengths checked.
- ``startup``: wall time of ``--help`` and ``check``, and the start-up of ``solve`` on a warm
  cache (wall time less the search time it reports), median of five, and whether numpy or
  numba were imported.
- ``frames``: the demo's frame interval percentiles on 3x3, 4x4 and 5x5 while its coach works.
- ``all``: everything above, in that order.
Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from game.cli.korf import korf100
from game.core.generate import random_board

ROOT = Path(__file__).resolve().parents[2]
KNOWN = ROOT.parent / "shared" / "boards" / "optimal_4x4.tsv"
BATCH_SEED = 100
BATCH_RANDOM = 100
RUNS = 5
HARD_4X4 = "0 14 15 2/10 3 1 5/12 7 13 11/4 8 6 9"
HARD_LENGTH = 64
FRAME_SIZES = ("3x3", "4x4", "5x5")
FIRST_ANSWER = """
import sys, time
t0 = time.monotonic()
from game.cli.korf import korf100
from game.core.generate import random_board
from game.worker import SolverWorker
import random
worker = SolverWorker(warm_shapes=((3, 3), (4, 4)))
worker.start()
for shape in ((4, 4), (3, 3)):
    board = random_board(*shape, random.Random(1))
    worker.submit(board)
    while not any(h.board == board for h in worker.take().hints):
        time.sleep(0.005)
    print(f"{shape[0]}x{shape[1]} {time.monotonic() - t0:.2f}", flush=True)
worker.shutdown()
"""


def _python() -> str:
    return sys.executable


def _run(args: list[str], env: dict[str, str] | None = None,
         stdin: str | None = None) -> tuple[float, subprocess.CompletedProcess[str]]:
    start = time.perf_counter()
    done = subprocess.run(args, cwd=ROOT, env=env, input=stdin, capture_output=True,
                          text=True, check=False)
    return time.perf_counter() - start, done


def _clean_env(folder: str) -> dict[str, str]:
    """An environment with an empty user cache and an empty numba cache in ``folder``."""
    env = dict(os.environ)
    env["XDG_CACHE_HOME"] = os.path.join(folder, "cache")
    env["NUMBA_CACHE_DIR"] = os.path.join(folder, "numba")
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    return env


def _first_answers(env: dict[str, str]) -> str:
    _, done = _run([_python(), "-c", FIRST_ANSWER], env)
    lines = done.stdout.split()
    if done.returncode != 0 or len(lines) < 4:
        return f"failed: {done.stderr.strip()[-200:]}"
    return f"4x4 {lines[1]} s, 3x3 {lines[3]} s"


def bench_first_run() -> None:
    """First coach answers from a clean cache, without and with the set-up's prepare step."""
    with tempfile.TemporaryDirectory(prefix="fifteen-first-") as folder:
        answers = _first_answers(_clean_env(folder))
        print(f"first run, clean cache, no set-up: first answers at {answers} after the coach "
              "starts", flush=True)
    with tempfile.TemporaryDirectory(prefix="fifteen-first-") as folder:
        env = _clean_env(folder)
        seconds, done = _run([_python(), "-m", "game.cli.prepare"], env)
        print(f"set-up step (python -m game.cli.prepare, clean cache): {seconds:.1f} s"
              + ("" if done.returncode == 0 else f" FAILED {done.stderr[-200:]}"), flush=True)
        print(f"first run after set-up: first answers at {_first_answers(env)}"
              " after the coach starts", flush=True)


def bench_deadline() -> None:
    """`solve --seconds 0.02` on a clean cache."""
    with tempfile.TemporaryDirectory(prefix="fifteen-deadline-") as folder:
        env = _clean_env(folder)
        seconds, done = _run([_python(), "main.py", "solve", "4x4-123456", "--seconds", "0.02"],
                             env)
        answer = done.stdout.strip().splitlines()[-1:] or done.stderr.strip().splitlines()[-1:]
        print(f"solve --seconds 0.02, clean cache: {seconds:.2f} s wall, exit "
              f"{done.returncode}: {answer[0][:90] if answer else ''}", flush=True)
    seconds, done = _run([_python(), "main.py", "solve", HARD_4X4, "--json", "--seconds",
                          "0.02"])
    found = json.loads(done.stdout) if done.returncode == 0 else {}
    print(f"solve --seconds 0.02, hard 4x4 ({HARD_LENGTH} moves), prepared cache: "
          f"{seconds:.2f} s wall, exit {done.returncode}, "
          f"{found.get('length')} moves, optimal {found.get('optimal')}", flush=True)


def _batch_boards() -> tuple[list[str], list[int | None]]:
    rng = random.Random(BATCH_SEED)
    boards = [random_board(4, 4, rng).text() for _ in range(BATCH_RANDOM)]
    lengths: list[int | None] = [None] * len(boards)
    if KNOWN.exists():
        for row in KNOWN.read_text(encoding="utf-8").splitlines():
            parts = row.split("\t")
            if len(parts) >= 2 and parts[1].strip().isdigit():
                boards.append(parts[0].strip())
                lengths.append(int(parts[1]))
    return boards, lengths


def _batch(name: str, boards: list[str], lengths: list[int | None]) -> None:
    seconds, done = _run([_python(), "main.py", "solve", "--batch", "-"],
                         stdin="\n".join(boards) + "\n")
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    known = [(row, want) for row, want in zip(rows, lengths, strict=False) if want is not None]
    wrong = sum(1 for row, want in known if row.get("length") != want)
    print(f"solve --batch, {name}: {len(rows)} boards ({len(known)} of known length, {wrong} "
          f"wrong) in {seconds:.2f} s wall, one call, start-up included", flush=True)


def bench_batch() -> None:
    """One `solve --batch` call on Korf's 100, then one on the seeded and known-length set."""
    korf = korf100()
    _batch("Korf's 100", [b.text() for b, _ in korf], [n for _, n in korf])
    boards, lengths = _batch_boards()
    _batch(f"{BATCH_RANDOM} seeded random 15-puzzles + the known-length set", boards, lengths)


def _median_wall(args: list[str]) -> float:
    return statistics.median(_run([_python(), *args])[0] for _ in range(RUNS))


def _median_start_up(args: list[str]) -> tuple[float, float]:
    """Median wall time and median start-up (wall less the search time ``--json`` reports)."""
    walls, starts = [], []
    for _ in range(RUNS):
        seconds, done = _run([_python(), *args, "--json"])
        walls.append(seconds)
        starts.append(seconds - float(json.loads(done.stdout)["seconds"]))
    return statistics.median(walls), statistics.median(starts)


def bench_startup() -> None:
    """Wall times of light commands, start-up of ``solve``; which heavy modules they import."""
    probe = ("import sys, runpy; sys.argv = ['main.py'] + sys.argv[1:]\n"
             "try:\n    runpy.run_path('main.py', run_name='__main__')\n"
             "except SystemExit:\n    pass\n"
             "print([m for m in ('numpy', 'numba', 'pygame') if m in sys.modules], "
             "file=sys.stderr)")
    for name, args in (("--help", ["--help"]), ("check", ["check", "1 2 3/4 5 6/8 7 0"]),
                       ("solve 3x3 (warm cache)", ["solve", "1 2 3/4 5 6/7 0 8"]),
                       ("solve 4x4 (warm cache)", ["solve", "4x4-123456"])):
        _, done = _run([_python(), "-c", probe, *args])
        heavy = done.stderr.strip().splitlines()[-1:] or ["?"]
        if args[0] == "solve":
            wall, start_up = _median_start_up(["main.py", *args])
            print(f"start-up {name}: median {start_up:.2f} s before the search "
                  f"({wall:.2f} s wall) of {RUNS}; heavy imports {heavy[0]}", flush=True)
        else:
            seconds = _median_wall(["main.py", *args])
            print(f"start-up {name}: median {seconds:.2f} s of {RUNS}; heavy imports {heavy[0]}",
                  flush=True)


def bench_frames(seconds: float) -> None:
    """The demo's frame interval percentiles per size (its own coach searching meanwhile)."""
    with tempfile.TemporaryDirectory(prefix="fifteen-frames-") as folder:
        for size in FRAME_SIZES:
            stats = os.path.join(folder, f"{size}.json")
            _, done = _run([_python(), "main.py", "demo", "--size", size, "--seconds",
                            f"{seconds:g}", "--stats", stats], _display_env())
            if done.returncode != 0:
                print(f"demo {size}: failed {done.stderr.strip()[-200:]}")
                continue
            with open(stats, encoding="utf-8") as handle:
                data = json.load(handle)
            f = data["frame_ms"]
            print(f"demo {size} frame interval ms: p50 {f['p50']:.2f} p95 {f['p95']:.2f} "
                  f"p99 {f['p99']:.2f} max {f['max']:.2f} ({data['frames']} frames, "
                  f"load average {os.getloadavg()[0]:.1f})", flush=True)


def _display_env() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    return env


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m game.cli.bench_fast first-run|deadline|batch|startup|frames|all`."""
    parser = argparse.ArgumentParser(prog="python -m game.cli.bench_fast")
    parser.add_argument("what", choices=["first-run", "deadline", "batch", "startup", "frames",
                                         "all"])
    parser.add_argument("--seconds", type=float, default=20.0, help="frames: seconds per size")
    args = parser.parse_args(argv)
    steps = {
        "first-run": bench_first_run,
        "deadline": bench_deadline,
        "batch": bench_batch,
        "startup": bench_startup,
        "frames": lambda: bench_frames(args.seconds),
    }
    for name, step in steps.items():
        if args.what in (name, "all"):
            step()
    return 0


if __name__ == "__main__":
    sys.exit(main())
