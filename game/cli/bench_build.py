"""Strong-table build benchmark: `python -m game.cli.bench_build [--group 9..15] [--threads N]`.

Builds one group's packed table with ``build_excess`` in this process (the table cache is
neither read nor written) and prints each level's wall and CPU time, placements written,
regions marked (and rounds, when an outbox filled), then the total wall and CPU time, the
peak resident memory and the table's sha256 (``--save`` writes it to a file, ``--expect``
compares it with one). The CPU time (all threads) tells more than the wall time on a busy machine.
Figures are printed, never asserted. The first call compiles the kernels: run
``--group 9 10 11`` (a few seconds) or read the compile time off level 0.
"""

from __future__ import annotations

import argparse
import hashlib
import resource
import time
from collections.abc import Sequence
from pathlib import Path

from game.solver.exact.strong import BUILD_THREADS, STRONG_GROUPS
from game.solver.exact.strong_build import build_excess


def bench(group: tuple[int, ...], threads: int, each: bool) -> str:
    """Build ``group`` on 4x4 and print the figures; returns the table's sha256."""
    start = time.perf_counter()
    cpu = time.process_time()
    last = [start, cpu]

    def on_level(level: int, written: int, marked: int, rounds: int) -> None:
        now, spent = time.perf_counter(), time.process_time()
        if each:
            print(f"  level {level:2d}: {now - last[0]:7.2f} s ({spent - last[1]:7.2f} s CPU), "
                  f"{written:>11,} placements written, {marked:>11,} regions marked"
                  + (f", {rounds} rounds" if rounds > 1 else ""), flush=True)
        last[:] = [now, spent]

    table = build_excess(4, 4, group, threads=threads, on_level=on_level)
    wall = time.perf_counter() - start
    used = time.process_time() - cpu
    if table is None:
        raise SystemExit("the build was cancelled")
    sha = hashlib.sha256(table.data).hexdigest()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"group {'-'.join(map(str, group))} on {threads} threads: {wall:.1f} s wall, "
          f"{used:.1f} s CPU ({100 * used / wall:.0f}%), peak RSS {peak:,.0f} MiB; "
          f"sha256 {sha}", flush=True)
    return sha


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the arguments and run the benchmark."""
    parser = argparse.ArgumentParser(prog="python -m game.cli.bench_build",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--group", type=int, nargs="+", default=list(STRONG_GROUPS[1]),
                        help="the tiles of the group (default 9..15, the 7-tile table)")
    parser.add_argument("--threads", type=int, default=BUILD_THREADS)
    parser.add_argument("--quiet", action="store_true", help="no per-level lines")
    parser.add_argument("--save", type=Path, help="write the table's sha256 here")
    parser.add_argument("--expect", type=Path, help="compare the sha256 with this file's")
    args = parser.parse_args(argv)
    sha = bench(tuple(args.group), args.threads, not args.quiet)
    if args.save is not None:
        args.save.write_text(sha + "\n")
    if args.expect is not None:
        same = args.expect.read_text().strip() == sha
        print("the same table as " + str(args.expect) if same
              else "DIFFERENT from " + str(args.expect))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
