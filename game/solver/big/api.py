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
- ``provable(board)``: whether a proof beyond exact reach is worth part of a longer budget.
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
  weighted IDA* with the time left; 6x6 and 7x7 boards are peeled by beams on the tables of
  their outer row and column (``game.solver.big.stage``: small, built and cached on first
  use or by ``warm_up``), the others by randomised reductions; otherwise (and on thinner
  boards) the row/column reduction with beam search answers.
  ``tables_shape(board)``/``engine_tables_name(board)`` say which tables a board uses.
  ``on_better`` gets each shorter line as soon as it is found (5x5 engine only).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import numpy as np

from game.core.board import Board
from game.solver.big.corner import refine_midway, refine_whole, solve_with_engine
from game.solver.big.grid import manhattan
from game.solver.big.large import solve_large
from game.solver.big.stage import LARGEST_STAGE, stage_heuristic, stage_tables_name
from game.solver.big.widebeam import warm_beam
from game.solver.big.window import shorten
from game.solver.errors import BuildCancelled, InvalidRequest
from game.solver.exact.heuristic import (
    BIG_PDB_SHAPES,
    PatternHeuristic,
    best_loaded,
    forget_heuristic,
    get_heuristic,
    heuristic_if_ready,
    loaded_heuristic,
)
from game.solver.exact.ida import IdaSearch, optimal_first_moves
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
LARGEST_SIDE = 7
"""The largest square tables (7x7): bigger boards are peeled down to a corner of this size."""
PEEL_FIRST_SHARE = 0.4
"""With a board's own tables, the share of the time for the peeling's line (then the whole
board's beams, capped by it)."""
WHOLE_BOARD_SIDES: frozenset[int] = frozenset({6})
"""Square boards searched whole on their own tables after the peeling (``refine_whole``):
6x6 (7 groups of five tiles, 317 MB, about 200 s to build on two cores, built on first use
in the background while the peeling answers). Measured on DeepCubeA's 6x6 test boards
(``bench_big whole --boards deepcubea``), one thread: 1.22x DeepCubeA's lines -> 1.16x in
1 s, 1.22x -> 1.09x in 30 s. Not 7x7: its tables (12 groups of four, 61 MB) give longer
lines in 1 s than the peeling alone (1.50x against 1.36x)."""
MIDWAY_SECONDS = {7: 5.0}
"""Square boards whose own tables (too weak to rank the whole board's beams in 1 s: 7x7's
twelve groups of four, 61 MB, about 32 s to build) serve budgets of at least this many
seconds: the peeling gets the first half, then widening beams from boards along its line on
those tables splice in shorter tails (DeepCubeA's first three 7x7 boards at 60 s: 340.7 ->
318.0; at 1 s it lost: 335.8 -> 340.7 on the first 20)."""
MIDWAY_PEEL_SHARE = 0.5
ENDGAME_REACH = 40
"""Boards whose 5x5 lower bound is at most this are within exact reach (see the bench)."""
ENDGAME_SECONDS = 0.5
PROOF_REACH = 64
"""With the 6-6-6-6 tables in memory, boards whose lower bound is at most this are worth an
exact proof while the player thinks (``provable``): along the coach's lines of random 5x5
boards, within 7.5 s (half the second refining search), all of those with a bound of 52-55
were proven (median 0.13 s), 3 of 5 at 56-59 (median 1 s), 2 of 4 at 60-63, none above
(``python -m game.cli.bench_proof --boards 3``); one that runs out of its share of a
refining search's time leaves the rest to the search for a shorter line."""
DEFAULT_SECONDS = 1.0
AUTO_PREPARE = True
"""Whether the tables are loaded or built by themselves when a search needs them: by the first
``best_line`` of a board of at least 5x5, and by the command line before it solves one (the
test suite turns this off: it must never build full-size tables behind a test's back)."""

OWN_BUILDS = False
"""Whether ``best_line`` may load or build a board's own tables (6x6, 7x7) behind the caller's
back, on a daemon thread: the game's worker turns it on (``allow_own_builds``); a command
loads them before its clock starts, or says they are missing, and never starts a build of
minutes that its exit would throw away."""

STRONGER = True
"""Whether the game's worker loads (or, the first time, builds in the background, in a child
process on the core the game leaves: about 20 minutes) the 5x5 6-6-6-6 tables once the
5-5-5-5-4 ones are in memory; they then take their place (``best_loaded``), except on boards
searched whole on their own tables (6x6: ``drop_stronger``). Commands load them when a game
or ``python -m game.cli.prepare --strong-five`` has built them. Measured on Korf and
Felner's 50 boards, one thread, 1 s each: 1.060x the optimum with 5-5-5-5-4, 1.047x with
6-6-6-6 (``bench_big line --count 0 --threads 1``, with and without ``--base-five``)."""

Improved = Callable[[str], None]


OWN_BUILDS_ALLOWED = True
"""False: ``allow_own_builds`` never turns them on (the test suite: its games must never start
a 317 MB build that runs for minutes beside the other tests)."""


def allow_own_builds(allowed: bool = True) -> None:
    """Let ``best_line`` load or build the boards' own tables in the background (the game)."""
    global OWN_BUILDS
    OWN_BUILDS = allowed and OWN_BUILDS_ALLOWED


def tables_shape(board: Board) -> tuple[int, int] | None:
    """The square tables a board's search wants: 5x5 for every board of at least 5x5 (its
    corner's), None on smaller boards; a square board's own when its side is one of
    WHOLE_BOARD_SIDES."""
    side = min(board.width, board.height)
    if side < SIDE:
        return None
    if board.width == board.height and side in WHOLE_BOARD_SIDES:
        return side, side
    return SIDE, SIDE


def own_tables_shape(board: Board, seconds: float | None) -> tuple[int, int] | None:
    """The board's own tables its search joins to the 5x5 ones with a budget of ``seconds``
    (None: the default): 6x6's always, 7x7's for long budgets (MIDWAY_SECONDS), else None."""
    shape = tables_shape(board)
    if shape is not None and shape != (SIDE, SIDE):
        return shape
    side = board.width
    least = MIDWAY_SECONDS.get(side) if board.width == board.height else None
    budget = DEFAULT_SECONDS if seconds is None else seconds
    return (side, side) if least is not None and budget >= least else None


def engine_tables(board: Board) -> PatternHeuristic | None:
    """The corner's tables ``best_line`` would search the board with now (5x5, when in
    memory; never loads). A board of one of WHOLE_BOARD_SIDES: its own tables, when in
    memory, search the whole board after the peeling (``refine_whole``)."""
    if tables_shape(board) is None:
        return None
    return best_loaded(SIDE, SIDE)


def prepare(wait: float | None = 0.0, shape: tuple[int, int] = (SIDE, SIDE)) -> bool:
    """Load or build a shape's tables (daemon thread); wait up to ``wait`` s (None: until done)."""
    if wait is None:
        get_heuristic(*shape)
        return True
    return heuristic_if_ready(*shape, wait) is not None


_builders: dict[tuple[int, int], threading.Thread] = {}
_builder_lock = threading.Lock()


def start_build(progress: BuildProgress | None = None,
                shape: tuple[int, int] = (SIDE, SIDE)) -> threading.Thread:
    """Start loading or building a shape's tables (5x5, 6x6, 7x7) now on a daemon thread
    with every build thread (a background build started by ``best_line`` gets one, to leave a
    core to the game's frames), for a command that waits for them: join the thread returned.
    While one is running a second call gets the same thread (and its ``progress``). From the
    first call on, ``best_line`` starts no slower build of its own for that shape.
    """
    with _builder_lock:
        builder = _builders.get(shape)
        if builder is None or (not builder.is_alive() and not tables_ready(shape)):
            builder = threading.Thread(target=_build, args=(progress, shape), daemon=True,
                                       name="fifteen-pdb-build-now")
            _builders[shape] = builder
            builder.start()
        return builder


_stronger: list[threading.Thread] = []
"""The thread loading (or building) the 6-6-6-6 tables, once started."""
_stronger_failed: list[bool] = []
"""Set when their build failed: not tried again in this process."""
_stronger_wanted = [True]
"""False after ``drop_stronger``: a build that ends then leaves them on disk, not in memory."""


def start_stronger() -> None:
    """Load the 5x5 6-6-6-6 tables on a daemon thread, building them first (the first time:
    minutes) in a child process at the lowest priority, so the game's own memory and frames
    are untouched (``strong_child``); a bar shows how far it has got. Again after
    ``drop_stronger``; a failed build is not retried until the next process."""
    with _builder_lock:
        _stronger_wanted[0] = True
        if (_stronger and _stronger[-1].is_alive()) or _stronger_failed or (
                loaded_heuristic(SIDE, SIDE, strong=True) is not None):
            return
        thread = threading.Thread(target=_load_stronger, daemon=True,
                                  name="fifteen-pdb-stronger")
        _stronger.append(thread)
        thread.start()


def drop_stronger() -> None:
    """Let the 6-6-6-6 tables go from memory (a search in flight keeps its own reference):
    a 6x6 game searches the whole board on its own 317 MB tables, where they shortened
    nothing (145.76 against 145.80 moves on DeepCubeA's first 50 boards, 1 s each), and the
    game must stay under 1 GB. A later 5x5 or 7x7 board loads them again (0.4 s)."""
    with _builder_lock:
        _stronger_wanted[0] = False
        forget_heuristic(SIDE, SIDE, strong=True)


def _load_stronger() -> None:
    from game.solver.exact.heuristic import (
        STRONG_SHAPES,
        cached_heuristic,
        end_building,
        report_building,
    )
    from game.solver.exact.strong_child import build_in_child

    shape = (SIDE, SIDE)
    key = (*shape, True)
    try:
        if cached_heuristic(*shape, strong=True) is not None:
            return

        def progress(share: float, words: str) -> None:
            report_building(key, share, words, background=True)

        try:
            built = build_in_child(*shape, STRONG_SHAPES[shape], 1, progress)
        finally:
            end_building(key)
        if not built or (_stronger_wanted[0] and cached_heuristic(*shape, strong=True) is None):
            _stronger_failed.append(True)
    except (OSError, MemoryError, ValueError):
        _stronger_failed.append(True)  # the coach goes on with the 5-5-5-5-4 tables


def _build(progress: BuildProgress | None, shape: tuple[int, int]) -> None:
    try:
        get_heuristic(*shape, progress=progress)
    except (OSError, MemoryError, BuildCancelled):
        pass  # the caller answers without the tables (``tables_ready`` stays False)


def tables_name(shape: tuple[int, int] | None = None) -> str | None:
    """A shape's tables (default 5x5) in words when in memory, e.g. ``5x5 5-5-5-5-4`` (the
    tiles per pattern), else None."""
    heur = best_loaded(*(shape or (SIDE, SIDE)))
    return None if heur is None else _name(heur)


def engine_tables_name(board: Board, seconds: float | None = None) -> str | None:
    """The tables a board's line comes from in words (``5x5 5-5-5-5-4``, with the board's
    own when they join in: ``5x5 5-5-5-5-4 + 6x6 5-5-5-5-5-5-5``), or None."""
    heur = engine_tables(board)
    if heur is None:
        return None
    names = [_name(heur)]
    shape = own_tables_shape(board, seconds)
    whole = loaded_heuristic(*shape) if shape is not None else None
    if whole is not None:
        names.append(_name(whole))
    if board.width == board.height and SIDE < board.width <= LARGEST_STAGE:
        stage = stage_tables_name(board.width)  # the peeling by beams' L tables
        if stage is not None:
            names.append(stage)
    return " + ".join(names)


def _name(heur: PatternHeuristic) -> str:
    return f"{heur.width}x{heur.height} " + "-".join(str(len(group)) for group in heur.groups)


def warm_up() -> None:
    """Compile (or load from numba's cache) the big-board kernels, so the first real search
    does not hold the GIL for a first-call compile; with the tables ready, runs them once."""
    board = Board.goal(SIDE, SIDE).apply_all("DDRRULDL")
    flag = np.zeros(1, dtype=np.int64)
    shorten(board, "RURDLLUU", time.monotonic() + 1, flag)
    warm_beam()
    for side in range(SIDE + 1, LARGEST_STAGE + 1):
        stage_heuristic(side)  # the L tables of the peeling by beams (built the first time)
    if tables_ready():
        exact_endgame(board)
        best_line(board.apply_all("DDRRUULL"), deadline=time.monotonic() + 0.05)


def tables_ready(shape: tuple[int, int] = (SIDE, SIDE)) -> bool:
    """Whether a shape's tables (default 5x5) are in memory (never starts anything)."""
    return best_loaded(*shape) is not None


def lower_bound(board: Board) -> int:
    """An admissible lower bound on the board's distance (see the module docstring)."""
    shape = (board.width, board.height)
    if shape in BIG_PDB_SHAPES:
        heur = best_loaded(*shape)
        if heur is not None:
            return max(heur(board), manhattan(board))
    return manhattan(board)


def within_reach(board: Board) -> bool:
    """Whether ``exact_endgame`` is expected to answer quickly (one table lookup)."""
    if (board.width, board.height) != (SIDE, SIDE) or not tables_ready():
        return False
    return lower_bound(board) <= ENDGAME_REACH


def provable(board: Board) -> bool:
    """Whether an exact proof of a 5x5 board beyond exact reach is worth a try with time to
    spare (the stronger tables in memory, a lower bound of at most PROOF_REACH)."""
    if (board.width, board.height) != (SIDE, SIDE) \
            or loaded_heuristic(SIDE, SIDE, strong=True) is None:
        return False
    return lower_bound(board) <= PROOF_REACH


def exact_endgame(board: Board, *, cancel: CancelToken | None = None,
                  deadline: float | None = None) -> OptimalMoves:
    """The exact distance and all optimal first moves of a 5x5 board (IDA*, PDBs)."""
    if (board.width, board.height) != (SIDE, SIDE):
        raise InvalidRequest(f"exact endgames are for 5x5 boards, not {board.shape}")
    require_solvable(board, cancel)
    heur = best_loaded(SIDE, SIDE) or heuristic_if_ready(SIDE, SIDE)
    if heur is None:
        raise InvalidRequest("the 5x5 tables are not ready yet: call prepare() first")
    flag = flag_of(cancel)
    path, moves = optimal_first_moves(IdaSearch(board, heur, flag, deadline, None))
    return OptimalMoves(board, len(path), moves, True, path)


def best_line(board: Board, *, cancel: CancelToken | None = None,
              deadline: float | None = None, on_better: Improved | None = None) -> Solution:
    """The shortest line found by ``deadline`` (default DEFAULT_SECONDS from now), checked."""
    start = time.monotonic()
    if deadline is None:
        deadline = start + DEFAULT_SECONDS
    flag = flag_of(cancel)
    proven: list[bool] = []
    shape = tables_shape(board)
    own = own_tables_shape(board, deadline - start)
    if AUTO_PREPARE and shape is not None:
        wanted = {(SIDE, SIDE)} | ({own} if own is not None and OWN_BUILDS else set())
        for each in wanted:
            if each not in _builders:
                heuristic_if_ready(*each)  # the first call starts loading (or building)
        if OWN_BUILDS and STRONGER and own is not None and own[0] in WHOLE_BOARD_SIDES:
            drop_stronger()
        elif OWN_BUILDS and STRONGER and loaded_heuristic(SIDE, SIDE) is not None:
            start_stronger()  # the game: the 6-6-6-6 tables next
    heur = engine_tables(board)
    own_heur = loaded_heuristic(*own) if own is not None else None
    if heur is not None and own is not None and own_heur is not None:
        # peel for a first share of the time, then search on the board's own tables: beams
        # over the whole board (6x6) or from boards along the line (7x7, long budgets),
        # each only looking for lines shorter than the best so far
        whole = own[0] in WHOLE_BOARD_SIDES
        split = start + (PEEL_FIRST_SHARE if whole else MIDWAY_PEEL_SHARE) * (deadline - start)
        moves = solve_with_engine(board, heur, deadline=split, flag=flag,
                                  cancelled=polled(flag), on_better=on_better)
        refine = refine_whole if whole else refine_midway
        moves = refine(board, own_heur, moves, deadline, flag, on_better, polled(flag))
    elif heur is not None:
        moves = solve_with_engine(board, heur, deadline=deadline, flag=flag,
                                  cancelled=polled(flag), on_better=on_better, proven=proven)
    else:
        moves = solve_large(board, deadline=deadline, cancelled=polled(flag))
    check_solves(board, moves)
    return Solution(moves, len(moves), bool(proven), 0, time.monotonic() - start)
