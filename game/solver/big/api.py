"""The 5x5 coach's API: tables on purpose, lower bounds, exact reach and exact endgames.

For the worker and the scoring (all functions are thread-safe; the searches release the GIL
and stop within milliseconds of ``cancel.cancel()``):

- ``warm_up()``: compile the kernels once at set-up (after ``prepare``), off the frame path.
- ``prepare(wait)``: start loading (or, the first time, building: about 20 s, 26 MB on disk)
  the 5x5 pattern databases on a daemon thread; True once they are in memory. Nothing is
  built at import. Until they are ready every function below still answers, more weakly.
- ``start_build(progress)``: for a command that waits for the tables: load or build them on
  a daemon thread at full speed (BUILD_THREADS), telling ``progress`` how far the build has
  got; join the thread returned. ``tables_name()`` names the tables in memory.
- ``lower_bound(board)``: an admissible lower bound on the distance of any board: the
  5-5-5-5-4 pattern databases with the transposed lookup on 5x5 once ready (about 81 on a
  random 24-puzzle, whose optimum is about 100), the Manhattan distance otherwise.
- ``within_reach(board)``: cheap (one lookup): True when ``exact_endgame`` is expected to
  answer well within ENDGAME_SECONDS, i.e. a ready 5x5 heuristic and a lower bound of at
  most ENDGAME_REACH.
- ``exact_endgame(board, cancel=, deadline=)``: the exact distance and EVERY optimal first
  move (``OptimalMoves`` with ``optimal=True``), on 5x5 boards; raises SolveTimeout past the
  deadline, SolveCancelled on cancel, Unsolvable, and InvalidRequest (a ValueError) off 5x5
  or without tables.
- ``best_line(board, cancel=, deadline=, on_better=)``: a checked ``Solution`` for any big
  board, the shortest found by the deadline (``optimal`` when proven). With the 5x5 tables
  ready, boards of at least 5x5 are reduced to a 5x5 corner solved by widening beams, then
  weighted IDA* with the time left; otherwise (and on thinner boards) the row/column
  reduction with beam search answers.
  ``on_better`` gets each shorter line as soon as it is found (5x5 engine only).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import numpy as np

from game.core.board import Board
from game.solver.big.corner import engine_applies, solve_with_engine
from game.solver.big.grid import manhattan
from game.solver.big.large import solve_large
from game.solver.big.widebeam import warm_beam
from game.solver.big.window import shorten
from game.solver.errors import InvalidRequest
from game.solver.exact.heuristic import get_heuristic, heuristic_if_ready, loaded_heuristic
from game.solver.exact.ida import IdaSearch
from game.solver.results import (
    BuildProgress,
    CancelToken,
    OptimalMoves,
    Solution,
    check_solves,
    flag_of,
    polled,
    require_solvable,
)

SIDE = 5
ENDGAME_REACH = 40
"""Boards whose 5x5 lower bound is at most this are within exact reach (see the bench)."""
ENDGAME_SECONDS = 0.5
DEFAULT_SECONDS = 1.0
AUTO_PREPARE = True
"""Whether the tables are loaded or built by themselves when a search needs them: by the first
``best_line`` of a board of at least 5x5, and by the command line before it solves one (the
test suite turns this off: it must never build full-size tables behind a test's back)."""

Improved = Callable[[str], None]


def prepare(wait: float | None = 0.0) -> bool:
    """Load or build the 5x5 tables (daemon thread); wait up to ``wait`` s (None: until done)."""
    if wait is None:
        get_heuristic(SIDE, SIDE)
        return True
    return heuristic_if_ready(SIDE, SIDE, wait) is not None


_builder: threading.Thread | None = None
_builder_lock = threading.Lock()


def start_build(progress: BuildProgress | None = None) -> threading.Thread:
    """Start loading or building the 5x5 tables now on a daemon thread with every build
    thread (a background build started by ``best_line`` gets one, to leave a core to the
    game's frames), for a command that waits for them: join the thread returned. While one is
    running a second call gets the same thread (and its ``progress``). From the first call on,
    ``best_line`` starts no slower build of its own.
    """
    global _builder
    with _builder_lock:
        if _builder is None or (not _builder.is_alive() and not tables_ready()):
            _builder = threading.Thread(target=_build, args=(progress,), daemon=True,
                                        name="fifteen-pdb-build-now")
            _builder.start()
        return _builder


def _build(progress: BuildProgress | None) -> None:
    try:
        get_heuristic(SIDE, SIDE, progress=progress)
    except (OSError, MemoryError):
        pass  # the caller answers without the tables (``tables_ready`` stays False)


def tables_name() -> str | None:
    """The tables in memory in words, e.g. ``5x5 5-5-5-5-4`` (the tiles per pattern), or None."""
    heur = loaded_heuristic(SIDE, SIDE)
    if heur is None:
        return None
    return f"{SIDE}x{SIDE} " + "-".join(str(len(group)) for group in heur.groups)


def warm_up() -> None:
    """Compile (or load from numba's cache) the big-board kernels, so the first real search
    does not hold the GIL for a first-call compile; with the tables ready, runs them once."""
    board = Board.goal(SIDE, SIDE).apply_all("DDRRULDL")
    flag = np.zeros(1, dtype=np.int64)
    shorten(board, "RURDLLUU", time.monotonic() + 1, flag)
    warm_beam()
    if tables_ready():
        exact_endgame(board)
        best_line(board.apply_all("DDRRUULL"), deadline=time.monotonic() + 0.05)


def tables_ready() -> bool:
    """Whether the 5x5 tables are in memory (never starts anything)."""
    return loaded_heuristic(SIDE, SIDE) is not None


def lower_bound(board: Board) -> int:
    """An admissible lower bound on the board's distance (see the module docstring)."""
    if (board.width, board.height) == (SIDE, SIDE):
        heur = loaded_heuristic(SIDE, SIDE)
        if heur is not None:
            return max(heur(board), manhattan(board))
    return manhattan(board)


def within_reach(board: Board) -> bool:
    """Whether ``exact_endgame`` is expected to answer quickly (one table lookup)."""
    if (board.width, board.height) != (SIDE, SIDE) or not tables_ready():
        return False
    return lower_bound(board) <= ENDGAME_REACH


def exact_endgame(board: Board, *, cancel: CancelToken | None = None,
                  deadline: float | None = None) -> OptimalMoves:
    """The exact distance and all optimal first moves of a 5x5 board (IDA*, PDBs)."""
    if (board.width, board.height) != (SIDE, SIDE):
        raise InvalidRequest(f"exact endgames are for 5x5 boards, not {board.shape}")
    require_solvable(board, cancel)
    heur = heuristic_if_ready(SIDE, SIDE)
    if heur is None:
        raise InvalidRequest("the 5x5 tables are not ready yet: call prepare() first")
    flag = flag_of(cancel)
    path = IdaSearch(board, heur, flag, deadline, None).solve()
    check_solves(board, path)
    d = len(path)
    found = set(path[:1])
    for move in board.legal_moves():
        if move in found:
            continue
        search = IdaSearch(board.apply(move), heur, flag, deadline, None)
        if search.h0 <= d - 1 and search.iteration(d - 1):
            check_solves(board, move + search.path)
            found.add(move)
    return OptimalMoves(board, d, frozenset(found), True, path)


def best_line(board: Board, *, cancel: CancelToken | None = None,
              deadline: float | None = None, on_better: Improved | None = None) -> Solution:
    """The shortest line found by ``deadline`` (default DEFAULT_SECONDS from now), checked."""
    start = time.monotonic()
    if deadline is None:
        deadline = start + DEFAULT_SECONDS
    flag = flag_of(cancel)
    proven: list[bool] = []
    if AUTO_PREPARE and _builder is None and engine_applies(board):
        heur = heuristic_if_ready(SIDE, SIDE)  # the first call starts loading the tables
    else:
        heur = loaded_heuristic(SIDE, SIDE)
    if heur is not None and engine_applies(board):
        moves = solve_with_engine(board, heur, deadline=deadline, flag=flag,
                                  cancelled=polled(flag), on_better=on_better, proven=proven)
    else:
        moves = solve_large(board, deadline=deadline, cancelled=polled(flag))
    check_solves(board, moves)
    return Solution(moves, len(moves), bool(proven), 0, time.monotonic() - start)
