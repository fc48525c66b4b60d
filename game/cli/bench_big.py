"""Big-board coach benchmarks: `python -m game.cli.bench_big line|whole|endgame|large|...`."""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import threading
import time
from collections.abc import Sequence
from enum import Enum

from game.cli.deepcubea import SIDES as DEEPCUBEA_SIDES
from game.cli.deepcubea import deepcubea_boards
from game.cli.korf import korf24
from game.core.board import Board
from game.core.generate import random_board

LINE_SEED = 2025
LINE_COUNT = 50
ENDGAME_SEED = 11
ENDGAME_WALKS = (30, 40, 50, 60, 70, 80)
ENDGAME_PER_WALK = 20
LARGE_SIZES = (8, 9, 10)
LARGE_COUNT = 10
WHOLE_SEED = 2519
WHOLE_COUNT = 50
WHOLE_SIZES = (6, 7)
DEEPCUBEA_MEANS = {6: 124.65, 7: 255.67}
"""DeepCubeA's published mean line on random 35- and 48-puzzles (Agostinelli et al., Nature
Machine Intelligence 2019, table 1) on its 500 test boards per size: the yardstick of issue 25."""


class BoardSet(Enum):
    """Which boards ``bench_big whole`` measures."""

    UNIFORM = "uniform"
    """Seeded uniformly random boards (harder than DeepCubeA's: their Manhattan bound alone
    averages more than DeepCubeA's lines on its own boards)."""
    DEEPCUBEA = "deepcubea"
    """The first boards of DeepCubeA's published test set, against its line for each."""


def _p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _memory_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _prepare(threads: int | None = None, base: bool = False) -> None:
    import os

    from game.solver import set_search_threads
    from game.solver.big import api as big

    # as `solve` does by default: the views on two cores; the game searches on one
    set_search_threads(threads if threads is not None else os.cpu_count() or 1)
    start = time.monotonic()
    big.prepare(None)
    _stronger_five(base)
    print(f"{big.tables_name()} tables ready in {time.monotonic() - start:.1f} s "
          f"(peak RSS {_memory_mb():.0f} MB)")


def _stronger_five(base: bool) -> None:
    """Load the 5x5 6-6-6-6 tables when they are cached (as commands do), unless ``base``."""
    from game.solver.exact.heuristic import cached_heuristic

    if not base and cached_heuristic(5, 5, strong=True) is None:
        print("(no 5x5 6-6-6-6 tables cached: python -m game.cli.prepare --strong-five)")


def bench_line(count: int, seconds: float, threads: int | None = None,
               base: bool = False, known_count: int | None = None) -> None:
    """5x5 line quality: optimal-known set (length / optimum) and seeded random boards
    (length / best admissible lower bound, which can only overstate the ratio); ``base``
    leaves the 6-6-6-6 tables out; ``known_count`` takes the first of the known set only."""
    from game.solver.big import api as big

    _prepare(threads, base)
    known = korf24()[:known_count]
    big.best_line(known[0][0], deadline=time.monotonic() + 0.2)  # compile
    lengths, optima, times = [], [], []
    for number, (board, optimum) in enumerate(known, 1):
        found = big.best_line(board, deadline=time.monotonic() + seconds)
        lengths.append(found.length)
        optima.append(optimum)
        times.append(found.seconds)
        print(f"korf-felner #{number:2d} opt {optimum:3d}: line {found.length:3d} "
              f"({found.length / optimum:.3f}x) in {found.seconds:.2f} s")
    each = statistics.mean(a / b for a, b in zip(lengths, optima, strict=True))
    first = sum(lengths[:10]) / sum(optima[:10])
    print(f"5x5 known optimum ({len(known)} boards): mean length / optimum "
          f"{sum(lengths) / sum(optima):.3f} (per board mean {each:.3f}; the first ten, Korf "
          f"and Taylor's: {first:.3f}), max time {max(times):.2f} s")
    if count == 0:
        return
    rng = random.Random(LINE_SEED)
    ratios, times = [], []
    total_len = total_lb = 0
    for i in range(count):
        board = random_board(5, 5, rng)
        bound = big.lower_bound(board)
        found = big.best_line(board, deadline=time.monotonic() + seconds)
        ratios.append(found.length / bound)
        times.append(found.seconds)
        total_len += found.length
        total_lb += bound
        print(f"5x5 #{i:2d}: lower bound {bound:3d} line {found.length:3d} "
              f"({found.length / bound:.3f}x) in {found.seconds:.2f} s")
    print(f"5x5 random ({count}, seed {LINE_SEED}, {seconds:g} s): mean line "
          f"{total_len / count:.1f} mean lower bound {total_lb / count:.1f}; "
          f"length / lower bound {total_len / total_lb:.3f}"
          f" (per board mean {statistics.mean(ratios):.3f}); max time {max(times):.2f} s;"
          f" peak RSS {_memory_mb():.0f} MB")


def _walk(rng: random.Random, length: int) -> Board:
    board = Board.goal(5, 5)
    last = ""
    for _ in range(length):
        options = [m for m in board.legal_moves() if m != {"U": "D", "D": "U", "L": "R",
                                                             "R": "L"}.get(last)]
        last = rng.choice(options)
        board = board.apply(last)
    return board


def _whole_boards(which: BoardSet, size: int, count: int) -> tuple[list[Board], list[int]]:
    """``count`` boards of a size, and DeepCubeA's line lengths for them when it has any."""
    if which is BoardSet.DEEPCUBEA:
        if size not in DEEPCUBEA_SIDES:
            raise SystemExit(f"DeepCubeA's test boards are 6x6 and 7x7, not {size}x{size}")
        rows = deepcubea_boards(size)[:count]
        return [board for board, _ in rows], [length for _, length in rows]
    rng = random.Random(WHOLE_SEED + size)
    return [random_board(size, size, rng) for _ in range(count)], []


def bench_whole(sizes: Sequence[int], count: int, seconds: float, threads: int,
                corner_only: bool, before: bool = False, whole_tables: bool = False,
                which: BoardSet = BoardSet.UNIFORM, base: bool = False) -> None:
    """Mean line on ``count`` boards per size (seeded random ones, or the first of DeepCubeA's
    test boards against its line for each) within ``seconds`` each: against DeepCubeA's
    published means (6x6, 7x7) and the Manhattan bound; ``corner_only`` searches with the 5x5
    tables alone (peel by beams to a 5x5 corner); ``before`` also peels by the reduction
    alone (the engine before issue 25)."""
    from game.solver import set_search_threads
    from game.solver.big import api as big
    from game.solver.big import corner

    corner.USE_STAGE_BEAMS = not before
    if whole_tables:
        big.WHOLE_BOARD_SIDES = frozenset({6, 7})
    if corner_only or before:
        big.WHOLE_BOARD_SIDES = frozenset()
    from game.solver.big.grid import manhattan

    set_search_threads(threads)
    big.AUTO_PREPARE = False  # only the tables loaded below are used
    own = [big.own_tables_shape(Board.goal(s, s), seconds) for s in sizes]
    for shape in [(5, 5)] + [o for o in own if o is not None and not (corner_only or before)]:
        start = time.monotonic()
        big.prepare(None, shape)
        if shape == (5, 5):
            _stronger_five(base)
        print(f"{big.tables_name(shape)} tables ready in {time.monotonic() - start:.1f} s "
              f"(peak RSS {_memory_mb():.0f} MB)")
    for size in sizes:
        boards, theirs = _whole_boards(which, size, count)
        big.best_line(boards[0], deadline=time.monotonic() + 0.3)  # compile, warm the caches
        lengths, bounds, lower, times = [], [], [], []
        for i, board in enumerate(boards):
            found = big.best_line(board, deadline=time.monotonic() + seconds)
            if not board.apply_all(found.moves).is_solved():
                raise RuntimeError(f"the line for {board} does not solve it")
            lengths.append(found.length)
            bounds.append(manhattan(board))
            lower.append(big.lower_bound(board))
            times.append(found.seconds)
            dca = f" DeepCubeA {theirs[i]:3d}" if theirs else ""
            print(f"{size}x{size} #{i:2d}: Manhattan {bounds[-1]:3d} bound {lower[-1]:3d} "
                  f"line {found.length:3d}{dca} in {found.seconds:.2f} s", flush=True)
        mean = statistics.mean(lengths)
        if theirs:
            ref = statistics.mean(theirs)
            versus = f" = {mean / ref:.3f}x DeepCubeA's {ref:.2f} on the same boards"
            kind = f"the first {len(boards)} of DeepCubeA's test boards"
        else:
            published = DEEPCUBEA_MEANS.get(size)
            versus = f" = {mean / published:.3f}x DeepCubeA's published {published}" if (
                published) else ""
            kind = f"{len(boards)} random boards, seed {WHOLE_SEED + size}"
        print(f"{size}x{size} ({kind}, {seconds:g} s, "
              f"{threads} thread{'s' if threads > 1 else ''}, "
              f"{big.engine_tables_name(boards[0], seconds) or 'no'} tables): mean line {mean:.2f}"
              f"{versus}; line / Manhattan {sum(lengths) / sum(bounds):.3f}, / best lower "
              f"bound {sum(lengths) / sum(lower):.3f} (mean Manhattan "
              f"{statistics.mean(bounds):.1f}, bound {statistics.mean(lower):.1f});"
              f" mean time {statistics.mean(times):.2f} s max {max(times):.2f} s; peak RSS "
              f"{_memory_mb():.0f} MB", flush=True)


def bench_endgame(per_walk: int) -> None:
    """Exact 5x5 endgames: time for the distance and every optimal move, by lower bound."""
    from game.solver.big import api as big

    _prepare()
    big.exact_endgame(_walk(random.Random(0), 20))  # compile
    rng = random.Random(ENDGAME_SEED)
    by_bound: dict[int, list[float]] = {}
    rows = []
    for walk in ENDGAME_WALKS:
        for _ in range(per_walk):
            board = _walk(rng, walk)
            bound = big.lower_bound(board)
            start = time.monotonic()
            result = big.exact_endgame(board, deadline=start + 30)
            spent = time.monotonic() - start
            rows.append((bound, result.distance, spent))
            by_bound.setdefault(bound // 4 * 4, []).append(spent)
    for low in sorted(by_bound):
        times = by_bound[low]
        dist = [d for b, d, _ in rows if b // 4 * 4 == low]
        print(f"lower bound {low:2d}-{low + 3:2d}: n={len(times):3d} distance {min(dist)}-"
              f"{max(dist)} median {statistics.median(times):.3f} s p95 {_p95(times):.3f} s "
              f"max {max(times):.3f} s")
    reach = big.ENDGAME_REACH
    inside = [s for b, _, s in rows if b <= reach]
    print(f"within reach (lower bound <= {reach}): n={len(inside)} median "
          f"{statistics.median(inside):.3f} s p95 {_p95(inside):.3f} s max {max(inside):.3f} s;"
          f" longest exact distance {max(d for b, d, _ in rows if b <= reach)}")


def bench_large(count: int, seconds: float, sizes: Sequence[int] = LARGE_SIZES,
                before: bool = False, base: bool = False) -> None:
    """Line length / Manhattan bound on bigger boards within ``seconds`` (``before``: peeled
    by the reduction alone, as before issue 25; ``base``: no 6-6-6-6 corner tables)."""
    from game.solver.big import api as big
    from game.solver.big import corner
    from game.solver.big.grid import manhattan

    corner.USE_STAGE_BEAMS = not before
    _prepare(base=base or before)
    big.best_line(random_board(6, 6, random.Random(99)), deadline=time.monotonic() + 0.3)
    for size in sizes:
        total = bound = 0
        worst = 0.0
        for seed in range(count):
            board = random_board(size, size, random.Random(seed))
            found = big.best_line(board, deadline=time.monotonic() + seconds)
            total += found.length
            bound += manhattan(board)
            worst = max(worst, found.seconds)
        print(f"{size}x{size} ({count} boards, seeds 0-{count - 1}, {seconds:g} s): mean line "
              f"{total / count:.1f} mean Manhattan {bound / count:.1f} ratio {total / bound:.2f}x "
              f"max time {worst:.2f} s")


def bench_cancel(runs: int, threads: int | None = None) -> None:
    """Seconds from CancelToken.cancel() to best_line having returned, on 5x5, 6x6, 7x7 (peeled
    by beams) and 10x10 (``--threads 1`` as the game searches, 2 as `solve` does on two
    cores)."""
    from game.solver import CancelToken, SolveCancelled
    from game.solver.big import api as big

    _prepare(threads)
    for size in (5, 6, 7, 10):
        big.best_line(random_board(size, size, random.Random(99)), deadline=time.monotonic() + 0.3)
        latencies = []
        for seed in range(runs):
            board = random_board(size, size, random.Random(seed))
            token = CancelToken()
            stopped: list[float] = []

            def run(board: Board = board, token: CancelToken = token,
                    stopped: list[float] = stopped) -> None:
                try:
                    big.best_line(board, cancel=token, deadline=time.monotonic() + 10)
                except SolveCancelled:
                    stopped.append(time.monotonic())

            thread = threading.Thread(target=run)
            thread.start()
            time.sleep(0.2 + 0.03 * seed)
            asked = time.monotonic()
            token.cancel()
            thread.join()
            if stopped:
                latencies.append(stopped[0] - asked)
        print(f"{size}x{size} cancel latency (search threads: {threads or 'one per core'}): "
              f"n={len(latencies)} max "
              f"{max(latencies) * 1000:.1f} ms median {statistics.median(latencies) * 1000:.1f} ms")


def bench_frames(seconds: float) -> None:
    """A 60 Hz loop's frame times on the main thread while 5x5 searches run back to back on
    another thread (the kernels release the GIL; the drivers hold it only briefly)."""
    from game.solver import CancelToken, SolveCancelled
    from game.solver.big import api as big

    _prepare()
    big.best_line(random_board(5, 5, random.Random(1)), deadline=time.monotonic() + 0.3)
    frame = 1 / 60

    def frames(span: float) -> list[float]:
        out = []
        last = time.perf_counter()
        end = last + span
        while last < end:
            time.sleep(frame)
            now = time.perf_counter()
            out.append(now - last)
            last = now
        return out

    idle = frames(seconds / 2)
    token = CancelToken()

    def searches() -> None:
        rng = random.Random(7)
        while not token.cancelled:
            try:
                big.best_line(random_board(5, 5, rng), cancel=token,
                              deadline=time.monotonic() + 1.0)
            except SolveCancelled:
                return

    thread = threading.Thread(target=searches)
    thread.start()
    busy = frames(seconds)
    token.cancel()
    thread.join()
    for name, spans in (("idle", idle), ("5x5 search running", busy)):
        ms = [s * 1000 for s in spans]
        worst = ", ".join(f"{m:.0f}" for m in sorted(ms)[-5:])
        print(f"frames {name}: n={len(ms)} median {statistics.median(ms):.1f} ms "
              f"p95 {_p95(ms):.1f} ms max {max(ms):.1f} ms (five worst: {worst} ms)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.cli.bench_big")
    sub = parser.add_subparsers(dest="what", required=True)
    line = sub.add_parser("line", help="5x5 line quality and time")
    line.add_argument("--count", type=int, default=LINE_COUNT)
    line.add_argument("--seconds", type=float, default=1.0)
    line.add_argument("--threads", type=int, default=None,
                      help="search threads (default: one per core; the game uses 1)")
    line.add_argument("--known", type=int, default=None,
                      help="only the first KNOWN of Korf and Felner's 50 boards")
    whole = sub.add_parser("whole", help="6x6/7x7 (or any sizes) mean line vs DeepCubeA")
    whole.add_argument("--sizes", type=int, nargs="+", default=list(WHOLE_SIZES))
    whole.add_argument("--count", type=int, default=WHOLE_COUNT)
    whole.add_argument("--seconds", type=float, default=1.0)
    whole.add_argument("--threads", type=int, default=1, help="search threads (default 1)")
    whole.add_argument("--corner-only", action="store_true",
                       help="search with the 5x5 tables alone (beam peeling to a 5x5 corner; "
                       "no 6x6 whole-board tables)")
    whole.add_argument("--whole-tables", action="store_true",
                       help="also search 7x7 whole on its own tables (61 MB; 6x6 is by default)")
    whole.add_argument("--before", action="store_true",
                       help="the engine before issue 25 (5x5 tables, peeling by reduction)")
    whole.add_argument("--boards", type=BoardSet, default=BoardSet.UNIFORM,
                       choices=list(BoardSet), metavar="{uniform,deepcubea}",
                       help="seeded uniformly random boards (default) or the first --count of "
                            "DeepCubeA's test boards, against its line for each")
    end = sub.add_parser("endgame", help="exact 5x5 endgame reach and times")
    end.add_argument("--per-walk", type=int, default=ENDGAME_PER_WALK)
    large = sub.add_parser("large", help="8x8-10x10 (or --sizes) line / Manhattan bound")
    large.add_argument("--count", type=int, default=LARGE_COUNT)
    large.add_argument("--seconds", type=float, default=1.0)
    large.add_argument("--sizes", type=int, nargs="+", default=list(LARGE_SIZES))
    large.add_argument("--before", action="store_true",
                       help="peel by the reduction alone (the engine before issue 25)")
    cancel = sub.add_parser("cancel", help="cancel latency of a running big-board search")
    cancel.add_argument("--runs", type=int, default=10)
    cancel.add_argument("--threads", type=int, default=None,
                        help="search threads (default: one per core; the game uses 1)")
    frames = sub.add_parser("frames", help="frame times while 5x5 searches run")
    frames.add_argument("--seconds", type=float, default=10.0)
    for each in (line, whole, large):
        each.add_argument("--base-five", action="store_true",
                          help="leave the 5x5 6-6-6-6 tables out even when they are cached")
    args = parser.parse_args(argv)
    if args.what == "line":
        bench_line(args.count, args.seconds, args.threads, args.base_five, args.known)
    elif args.what == "whole":
        bench_whole(args.sizes, args.count, args.seconds, args.threads, args.corner_only,
                    args.before, args.whole_tables, args.boards, args.base_five or args.before)
    elif args.what == "endgame":
        bench_endgame(args.per_walk)
    elif args.what == "large":
        bench_large(args.count, args.seconds, args.sizes, args.before, args.base_five)
    elif args.what == "frames":
        bench_frames(args.seconds)
    else:
        bench_cancel(args.runs, args.threads)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
