"""`python -m game.cli.prepare`: build the quick shapes' tables and compile the kernels at set-up.

Run by the Makefile's install step, so the first `make play` finds the coach ready: the
pattern databases go to the user cache (versioned, checksummed; see ``game.solver.cache``),
the compiled kernels to numba's cache beside the sources, and the entry kernels, compiled
ahead of time, to the user cache, so one-shot `solve` commands start without numba. It
byte-compiles the sources too. One progress line on stderr (redrawn in place on a terminal).
It builds the 5x5 tables too (20-35 s on two cores, 26 MB; ``--no-big`` leaves them, and the
5x5 kernels, to the first 5x5 game or command that needs them), so the first `solve` of a big
board answers at once and as well as later ones. Running it again only loads what is there
(about 2 s). ``--strong`` builds the strong 4x4 tables too (7-8 additive, 290 MB on disk, 4-5
minutes on two cores and 3 GB of memory while it runs; optional: the game builds them
in the background the first time it wants them), and compiles their search. ``--six`` builds
the 6x6 boards' own tables (about 200 s on two cores, 317 MB; else built the first time a 6x6
game or command wants them); ``--seven`` the 7x7 boards' (about 32 s, 61 MB; they serve
budgets of 5 s and more); ``--strong-five`` the 5x5 6-6-6-6 tables (about 8.5 minutes on two
cores, 255 MB packed; else the game builds them in the background once the 5x5 tables are
in; commands use them when they are there).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from game.cli.progress import ProgressLine
from game.core.spec import DIFFICULTY_LENGTHS

QUICK_SHAPES: tuple[tuple[int, int], ...] = tuple(
    sorted(DIFFICULTY_LENGTHS, key=lambda shape: (shape[0] * shape[1], shape))
)
"""The title screen's quick shapes (those with difficulties), smallest first: 2x3 ... 4x4."""
STRONG_ATTEMPTS = 2
BIG_SHARES = (0.45, 0.85)
"""Where the 5x5 tables' build starts and ends on the bar (about as long as the quick shapes')."""


def prepare(shapes: tuple[tuple[int, int], ...], line: ProgressLine,
            big: bool = True) -> str | None:
    """Warm up ``shapes`` (tables built or loaded, kernels compiled), then, when ``big``, the
    5x5 tables (built or loaded) and the big-board kernels, then the ahead-of-time kernels;
    returns a note for the user when those could not be built."""
    from game.solver import warm_up, warm_up_big
    from game.solver.big.api import start_build

    share = BIG_SHARES[0] if big else 1.0
    warm_up(shapes, progress=lambda done, words: line.show(share * done, words))
    if big:
        low, high = BIG_SHARES
        line.show(low, "loading the 5x5 tables")
        start_build(lambda done, words: line.show(low + (high - low) * done, words)).join()
        line.show(high, "compiling the 5x5 search")
        warm_up_big()
        share = high
    line.show(share, "compiling the command line's solver")
    note = build_prepared()
    line.show(1.0, "coach ready")
    return note


def prepare_whole(shape: tuple[int, int]) -> str | None:
    """Build (or load) a big board's own tables (6x6) with every build thread, a progress
    line on stderr; a note for the user when they could not be built."""
    from game.solver.big.api import start_build, tables_ready

    name = f"{shape[0]}x{shape[1]}"
    start = time.monotonic()
    line = ProgressLine(sys.stderr, f"{name} tables")
    try:
        start_build(line.show, shape).join()
    finally:
        line.close(f"in {time.monotonic() - start:.0f} s")
    return None if tables_ready(shape) else f"the {name} tables could not be built"


def prepare_strong_five() -> str | None:
    """Build (or load) the 5x5 6-6-6-6 tables with every build thread, a progress line on
    stderr; a note for the user when they could not be built."""
    from game.solver.errors import BuildCancelled
    from game.solver.exact.heuristic import get_heuristic

    start = time.monotonic()
    line = ProgressLine(sys.stderr, "5x5 6-6-6-6 tables")
    try:
        get_heuristic(5, 5, progress=line.show, strong=True)
    except (OSError, MemoryError, BuildCancelled) as exc:
        return f"the 5x5 6-6-6-6 tables could not be built: {exc}"
    finally:
        line.close(f"in {time.monotonic() - start:.0f} s")
    return None


def prepare_strong(line: ProgressLine) -> str | None:
    """Build (or load) the strong 4x4 tables with every build thread, then compile their
    search by solving one board; None when ready, else why not, in one line."""
    from game.core.board import Board
    from game.solver import solve
    from game.solver.exact.strong import load_strong, start_strong_build

    for _ in range(STRONG_ATTEMPTS):  # a load-only start in flight ends without building
        if load_strong() is not None:
            break
        start_strong_build(line.show).join()
    if load_strong() is None:
        return "the strong 4x4 tables could not be built (out of memory or disk?)"
    line.show(1.0, "compiling the strong search")
    solve(Board.goal(4, 4).apply_all("DRDR"))
    return None


def build_prepared() -> str | None:
    """Compile the entry kernels ahead of time for one-shot commands (``solve`` starts
    without numba); None when done or already there, else why not, in one line.

    Optional: without a C compiler ``solve`` loads the JIT kernels from numba's cache.
    """
    from game.solver import jit

    if jit.use_prepared():
        return None
    try:
        jit.build_prepared()
    except Exception as exc:  # noqa: BLE001 - any compiler failure leaves the JIT in place
        first = str(exc).strip().splitlines()[:1] or [type(exc).__name__]
        return f"no ahead-of-time solver ({first[0][:120]}); `solve` will use the JIT cache"
    return None


def compile_sources() -> None:
    """Byte-compile the game's sources now, so no command compiles them at start-up (Python
    never writes them itself under PYTHONDONTWRITEBYTECODE)."""
    import compileall

    compileall.compile_dir(str(Path(__file__).resolve().parents[1]), quiet=1)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; exit 0 when everything is ready."""
    parser = argparse.ArgumentParser(
        prog="python -m game.cli.prepare",
        description="Build the coach's tables and compile its kernels ahead of the first game.")
    parser.add_argument("--no-big", action="store_true",
                        help="skip the 5x5 tables and kernels (built when first needed)")
    parser.add_argument("--strong", action="store_true",
                        help="also build the strong 4x4 tables (minutes, 3 GB while built)")
    parser.add_argument("--six", action="store_true",
                        help="also build the 6x6 tables (about 3 minutes, 317 MB)")
    parser.add_argument("--seven", action="store_true",
                        help="also build the 7x7 tables (about 40 s, 61 MB; for budgets of "
                        "5 s and more)")
    parser.add_argument("--strong-five", action="store_true",
                        help="also build the 5x5 6-6-6-6 tables (about 8.5 minutes on two "
                        "cores, 255 MB)")
    args = parser.parse_args(argv)
    start = time.monotonic()
    compile_sources()
    line = ProgressLine(sys.stderr, "preparing the coach")
    note = None
    try:
        note = prepare(QUICK_SHAPES, line, big=not args.no_big)
    finally:
        line.close(f"in {time.monotonic() - start:.1f} s")
    if note:
        print(f"prepare: {note}", file=sys.stderr)
    for wanted, shape in ((args.six, (6, 6)), (args.seven, (7, 7))):
        note = prepare_whole(shape) if wanted else None
        if note:
            print(f"prepare: {note}", file=sys.stderr)
            return 1
    note = prepare_strong_five() if args.strong_five else None
    if note:
        print(f"prepare: {note}", file=sys.stderr)
        return 1
    if args.strong:
        start = time.monotonic()
        line = ProgressLine(sys.stderr, "strong 4x4 tables")
        try:
            note = prepare_strong(line)
        finally:
            line.close(f"in {time.monotonic() - start:.0f} s")
        if note:
            print(f"prepare: {note}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
