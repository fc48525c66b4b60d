"""The tables behind a command's lines: the 5x5 ones loaded or built before the first board
that needs them (a progress line on stderr), their names for ``--json``, and the one stderr
line that says when a line had to come from the weaker search without them.

The solver is imported inside the functions: `check` and `--help` never load numpy.
"""

from __future__ import annotations

import threading
import time
from typing import TextIO

from game.cli.progress import ProgressLine
from game.core.board import Board

PROG = "fifteen"
NO_TABLES = "none (Manhattan)"
"""The tables field of a line found without pattern databases or a distance table."""
BUILD_SECONDS = {5: 30, 6: 200, 7: 40}
"""About how long the first build of a side's tables takes on two cores, in words (5x5 20-35
s; 6x6 about 200 s; 7x7 about 32 s)."""
PREPARE = "python -m game.cli.prepare"
PREPARE_FOR = {6: f"{PREPARE} --six", 7: f"{PREPARE} --seven"}
"""What to run for a side's tables, where the set-up step leaves them out."""
CORNER = (5, 5)


def whole_shape(board: Board, seconds: float | None = None) -> tuple[int, int] | None:
    """The board's own tables its search adds to the 5x5 ones with a budget of ``seconds``
    (6x6's; 7x7's for long budgets), or None."""
    from game.solver.big import api

    return api.own_tables_shape(board, seconds)


def needs_big_tables(board: Board) -> bool:
    """Whether the board's search uses the 5x5 tables (boards of at least 5x5 all do: bigger
    ones are peeled down to a 5x5 corner)."""
    from game.solver.big.corner import engine_applies

    return engine_applies(board)


def big_tables_name() -> str | None:
    """The 5x5 tables in memory in words (``5x5 5-5-5-5-4``), or None."""
    from game.solver.big import api

    return api.tables_name()


def exact_tables_name(width: int, height: int) -> str:
    """The exact solver's tables for a shape of up to 16 cells: ``3x3 full table`` (every
    board's distance) or the pattern databases' tiles per pattern (``4x4 6-6-3``, or
    ``4x4 7-8 reflected`` once the strong tables are loaded)."""
    from game.solver.exact.pdb import partition
    from game.solver.exact.strong import DEFAULT, strong_tables_name
    from game.solver.exact.tables import has_table

    if has_table(width, height):
        return f"{width}x{height} full table"
    strong = strong_tables_name()
    if strong is not None and (width, height) == (DEFAULT.width, DEFAULT.height):
        return strong
    return f"{width}x{height} " + "-".join(str(len(g)) for g in partition(width, height))


def line_tables(board: Board, optimal: bool, big_name: str | None,
                seconds: float | None = None) -> str:
    """The tables behind a line just found for ``board`` within ``seconds``; ``big_name`` is
    what ``big_tables_name`` said when its search started (a build may end during it)."""
    from game.solver.exact.optimal import covers

    if covers(board.width, board.height):
        # a proof comes from the shape's tables; a best-found line from the reduction
        return exact_tables_name(board.width, board.height) if optimal else NO_TABLES
    if needs_big_tables(board) and big_name is not None:
        from game.solver.big import api

        return api.engine_tables_name(board, seconds) or big_name  # with their stage tables
    return NO_TABLES


def weak_line_note(seconds: float | None, shape: tuple[int, int] = CORNER) -> str:
    """The one line saying why a big board's line is weaker, and what to run."""
    side = shape[0]
    name = f"{side}x{side}"
    build = BUILD_SECONDS.get(side, 30)
    if seconds is not None and seconds <= build:
        why = (f"the {name} tables are not built yet (about {build} s, more than --seconds "
               f"{seconds:g})")
    elif seconds is not None:
        why = (f"the {name} tables were not built when the search began (about {build} s to "
               f"build)")
    else:
        why = f"the {name} tables are not built (building them was switched off or failed)"
    return (f"{PROG}: {why}: this line comes from a weaker search; run "
            f"`{PREPARE_FOR.get(side, PREPARE)}` once for the stronger one")


class BigTables:
    """One shape's tables for one command (the 5x5 ones, or a 6x6 board's own): loaded or
    built at most once, with a progress line on ``stream``, and the weak-line note printed at
    most once. Thread-safe (a batch's boards are solved on several threads).

    ``quiet_off_terminal``: a command with a deadline draws the bar only on a terminal (off
    one, its only stderr line is the note); a command that waits for the build always says
    so (one line off a terminal, ``... done in 27 s``).
    """

    def __init__(self, stream: TextIO, *, quiet_off_terminal: bool = False,
                 shape: tuple[int, int] = CORNER) -> None:
        self._stream = stream
        self.shape = shape
        label = f"{PROG}: building the {shape[0]}x{shape[1]} tables"
        self._line = ProgressLine(stream, label, quiet_off_terminal=quiet_off_terminal)
        self._lock = threading.Lock()
        self._noted = False
        self._muted = False

    def _show(self, share: float, words: str) -> None:
        if not self._muted:
            self._line.show(share, "first run only")

    def ready(self) -> bool:
        """Whether the tables are in memory, loading them from the disk cache if they are
        there (never builds)."""
        from game.solver.big import api
        from game.solver.exact.heuristic import cached_heuristic

        if not api.tables_ready(self.shape):
            cached_heuristic(*self.shape)
        if self.shape == CORNER:
            cached_heuristic(*CORNER, strong=True)  # 6-6-6-6, when the set-up step built them
        return api.tables_ready(self.shape)

    def start(self) -> threading.Thread | None:
        """Start loading or building the tables (None when they are ready, or when building
        them is switched off: ``game.solver.big.api.AUTO_PREPARE``)."""
        from game.solver.big import api

        if api.tables_ready(self.shape) or not api.AUTO_PREPARE:
            return None
        return api.start_build(self._show, self.shape)

    def wait(self) -> bool:
        """Load the tables, or build them first (progress on stderr); True once in memory."""
        if self.ready():
            return True
        start = time.monotonic()
        builder = self.start()
        if builder is None:
            return False
        builder.join()
        self._line.close(f"in {time.monotonic() - start:.0f} s")
        return self.ready()

    def clear(self) -> None:
        """Wipe the progress bar (a deadline came first, or the build is done)."""
        self._line.clear()

    def mute(self) -> None:
        """Wipe the bar and draw it no more (a deadline has come; the build may go on)."""
        self._muted = True
        self._line.clear()

    def note(self, seconds: float | None) -> None:
        """Say once why a line is weaker, and what to run."""
        with self._lock:
            if self._noted:
                return
            self._noted = True
        self.clear()
        try:
            print(weak_line_note(seconds, self.shape), file=self._stream, flush=True)
        except (OSError, ValueError):
            pass  # a closed stderr only costs the note
