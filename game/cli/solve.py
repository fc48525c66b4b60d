"""The `solve` command: one board or a batch; an optimal (or best-found) line, text or JSON.

Deadlines: ``--seconds S`` counts from the end of start-up (the solver imported, and the
shape's tables and compiled kernels loaded when they are cached; nothing is built then). The
search, and any table build or compile a cold cache needs, runs on a daemon thread; at the
deadline the best checked line found so far is printed, or one line saying there is none
(exit 2). A table build shows a progress bar on stderr when stderr is a terminal.

Boards of at least 5x5 need the 5x5 tables (``game.cli.tables``). Without ``--seconds`` they
are loaded, or built first with a progress line on stderr, so the first answer is as good as
later ones; with ``--seconds`` a build runs within the budget after a quick line, and when it
cannot end in time the quick line is printed with one stderr line saying why it is weaker and
what to run. ``--json`` names the tables behind each line (``tables``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.cli.forked import can_fork, fork_map
from game.cli.progress import ProgressLine
from game.cli.tables import (
    NO_TABLES,
    BigTables,
    big_tables_name,
    line_tables,
    needs_big_tables,
    whole_shape,
)
from game.core.board import Board, BoardError
from game.core.generate import looks_like_game_id, parse_game_id
from game.core.notation import compress_moves, shown
from game.core.parity import solvability

if TYPE_CHECKING:
    from game.solver import CancelToken

EXIT_OK = 0
EXIT_UNSOLVABLE = 1
EXIT_NO_ANSWER = 2
EXIT_NO_SOLVER = 3
OPTIMAL_SHARE = 0.8
"""Share of --seconds spent proving optimality before falling back to a best-found solution
(boards of up to 16 cells; beyond, the best-found search takes all of it)."""
SLACK_SHARE, MAX_SLACK = 0.1, 0.5
"""Beyond 16 cells the best-found search ends this share of --seconds (at most this many
seconds) before the deadline, so its checked line is in hand by then."""
QUICK_SHARE = 0.2
"""With the tables missing or a small budget, the share of --seconds given to a quick line
before the build or the proof."""
QUICK_FIRST_SECONDS = 0.5
"""Budgets under this get a quick line first (a hard 15-puzzle's proof takes seconds)."""
PROG = "fifteen"
PARALLEL_FROM = 4
"""Batches of this many solvable boards or more are solved on several threads."""
MAX_BATCH_THREADS = 4
EXACT_CELLS = 16
"""Boards up to this many cells are solved on one thread each (the exact solver): a batch of
them may fork; bigger boards' searches use threads of their own."""
QUICK_BOUND = 62
"""15-puzzles whose strong lower bound is below this take milliseconds (Korf's 100 reach
58 at most; the 80-move boards, seconds each, 66 or more)."""


def _report(board: Board, solvable: bool, optimal: bool, moves: str, nodes: int,
            seconds: float, tables: str | None = None) -> dict:
    return {
        "width": board.width,
        "height": board.height,
        "solvable": solvable,
        "optimal": optimal,
        "length": len(moves) if solvable else None,
        "moves": moves if solvable else None,
        "nodes": nodes,
        "seconds": round(seconds, 6),
        "tables": tables,
    }


@dataclass
class _Found:
    """What the search thread has found so far (read by the waiting thread)."""

    moves: str | None = None
    optimal: bool = False
    nodes: int = 0
    tables: str | None = None
    error: BaseException | None = None

    def offer(self, moves: str, optimal: bool, nodes: int, tables: str) -> None:
        if self.moves is None or optimal or len(moves) < len(self.moves):
            self.moves, self.optimal, self.nodes = moves, optimal, nodes
            self.tables = tables


class NoAnswer(Exception):
    """No checked line by the deadline; the message says why in one line."""


class _Solver:
    """Solves boards one after another, loading each shape's prepared tables once."""

    def __init__(self, progress: ProgressLine, prepared: bool = True,
                 seconds: float | None = None) -> None:
        import game.solver as solver
        from game.solver import jit, search
        from game.solver.exact.heuristic import (
            MAX_PDB_CELLS,
            cached_heuristic,
            get_heuristic,
            has_heuristic,
        )

        self._solver = solver
        self._search = search
        self._cached = cached_heuristic
        self._get = get_heuristic
        self._has = has_heuristic
        self._proven_cells = MAX_PDB_CELLS  # boards up to here are solved optimally
        self._progress = progress
        self._seconds = seconds
        # with a deadline the build's bar is drawn only on a terminal; without one the
        # command waits for the build and always says so
        self._big = BigTables(sys.stderr, quiet_off_terminal=seconds is not None)
        self._whole: dict[tuple[int, int], BigTables] = {}
        """A 6x6 board's own tables (its search joins them to the 5x5 ones)."""
        self._loaded: set[tuple[int, int]] = set()
        # One-shot: the AOT kernels, when set-up built them, start without numba; they hold
        # the GIL, so a big board's two views then take turns on one thread. On the JIT
        # kernels (a batch, or no AOT module) they run at once on two cores.
        aot = prepared and jit.use_prepared()
        solver.set_search_threads(1 if aot else os.cpu_count() or 1)

    def start_up(self, board: Board) -> None:
        """Load the shape's prepared tables and kernels (start-up: nothing is built, except
        the 5x5 tables for a board that needs them when there is no deadline)."""
        shape = (board.width, board.height)
        if shape not in self._loaded:
            self._loaded.add(shape)
            self._search.load_cached(*shape)
            if needs_big_tables(board):
                if shape != (5, 5):
                    self._search.load_cached(5, 5)  # the corner's tables and kernels
                if self._seconds is None:
                    self._big.wait()
                else:
                    # those the disk cache holds, the 6-6-6-6 ones too (a newcomer's `solve
                    # --seconds 60` named 5-5-5-5-4 where plain `solve` named 6-6-6-6)
                    self._big.ready()
                whole = whole_shape(board, self._seconds)
                if whole is not None and self._seconds is None:
                    self._whole_tables(whole).wait()  # minutes, the first time only

    def _whole_tables(self, shape: tuple[int, int]) -> BigTables:
        tables = self._whole.get(shape)
        if tables is None:
            tables = BigTables(sys.stderr, quiet_off_terminal=self._seconds is not None,
                               shape=shape)
            self._whole[shape] = tables
        return tables

    def solve(self, board: Board, seconds: float | None) -> _Found:
        """A checked line for a solvable board; raises NoAnswer past the deadline. A big
        board's line found without the 5x5 tables is noted on stderr (once)."""
        found = _Found()
        token = self._solver.CancelToken()
        if seconds is None:
            self._work(board, None, found, token)
        else:
            deadline = time.monotonic() + seconds
            worker = threading.Thread(target=self._work, args=(board, deadline, found, token),
                                      daemon=True, name="fifteen-solve")
            worker.start()
            worker.join(max(0.0, deadline - time.monotonic()))
            token.cancel()  # a search still running stops within milliseconds
            self._big.mute()  # a build may go on (a batch's later boards use it), unseen
            if worker.is_alive() and found.moves is None:
                self._progress.clear()
                shape = board.shape
                raise NoAnswer(f"no checked solution of the {shape} board within {seconds:g} s "
                               f"(give more --seconds; if its tables or compiled search are "
                               f"not ready yet, run `python -m game.cli.prepare`)")
        self._progress.clear()
        if found.error is not None and found.moves is None:
            raise found.error
        if needs_big_tables(board) and not found.optimal:
            whole = whole_shape(board, seconds)
            if found.tables == NO_TABLES:
                self._big.note(seconds)
            elif whole is not None and not self._whole_tables(whole).ready():
                # a budget too short to build them, or building switched off: say so once
                self._whole_tables(whole).note(seconds)
        return found

    def _work(self, board: Board, deadline: float | None, found: _Found,
              token: CancelToken) -> None:
        solver = self._solver
        try:
            width, height = board.width, board.height
            building = self._has(width, height) and self._cached(width, height) is None
            # a deadline and no 5x5 tables: a quick line, then the build in the time left
            builder = None
            if deadline is not None and needs_big_tables(board) and big_tables_name() is None:
                builder = self._big.start()
            if deadline is not None and (builder is not None or (
                    board.size <= self._proven_cells
                    and (building or deadline - time.monotonic() < QUICK_FIRST_SECONDS))):
                # a quick line first: the build, or a hard proof, may outlast the budget
                quick = time.monotonic() + QUICK_SHARE * (deadline - time.monotonic())
                big_name = big_tables_name()
                line = self._search.solve_best_found(board, deadline=quick, cancel=token)
                found.offer(line.moves, line.optimal, line.nodes,
                            line_tables(board, line.optimal, big_name))
            if builder is not None and deadline is not None:
                builder.join(max(0.0, deadline - time.monotonic()))
                self._big.clear()
                if big_tables_name() is None:
                    return  # the build outlasts the budget: the quick line stands
            if building:
                self._get(width, height, progress=self._progress.show)
                self._progress.clear()
            proof = deadline
            if deadline is not None:
                # the rest goes to a best-found line if the proof runs out; beyond, the search
                # is the best-found line, and takes nearly all of it (it stopped at 48 s of 60;
                # one that ended at the deadline itself came a moment too late on a busy machine)
                left = max(0.0, deadline - time.monotonic())
                proof = time.monotonic() + (OPTIMAL_SHARE * left if board.size <= self._proven_cells
                                            else left - min(MAX_SLACK, SLACK_SHARE * left))
            big_name = big_tables_name()
            budget = None if proof is None else proof - time.monotonic()
            try:
                solution = solver.solve(board, deadline=proof, cancel=token)
            except solver.SolveTimeout:
                # no proof in time: the rest of the budget goes to a best-found solution
                solution = self._search.solve_best_found(board, deadline=deadline,
                                                         cancel=token)
            found.offer(solution.moves, solution.optimal, solution.nodes,
                        line_tables(board, solution.optimal, big_name, budget))
        except BaseException as exc:  # handed to the waiting thread
            found.error = exc


def cmd_solve(args: argparse.Namespace, board: Board) -> int:
    """`solve`: 0 solved, 1 unsolvable (reason on stderr), 2 no checked line by the deadline;
    3 only if no solver is installed.

    With --seconds, a board that cannot be solved optimally in time gets a best-found
    solution (``optimal`` false) within the budget instead.
    """
    as_json = bool(getattr(args, "json", False))
    seconds = getattr(args, "seconds", None)
    verdict = solvability(board)
    if not verdict.solvable:
        print(f"{PROG}: {board.shape} board {board} is {verdict.message()}", file=sys.stderr)
        if as_json:
            print(json.dumps(_report(board, False, False, "", 0, 0.0)))
        return EXIT_UNSOLVABLE
    progress = ProgressLine(sys.stderr, "building tables", quiet_off_terminal=True)
    try:
        solver = _Solver(progress, seconds=seconds)
        solver.start_up(board)
        start = time.monotonic()
        found = solver.solve(board, seconds)
    except NotImplementedError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return EXIT_NO_SOLVER
    except NoAnswer as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return EXIT_NO_ANSWER
    moves = found.moves or ""
    elapsed = time.monotonic() - start
    if as_json:
        print(json.dumps(_report(board, True, found.optimal, moves, found.nodes, elapsed,
                                 found.tables)))
        return EXIT_OK
    kind = "optimal" if found.optimal else "best found (not proven optimal)"
    print(moves if moves else "(already solved)")
    print(f"{len(moves)} moves, {kind}; compact {compress_moves(moves) or '-'}; "
          f"{found.nodes} nodes in {elapsed:.3f} s")
    return EXIT_OK


def _whole_board(line: str) -> bool:
    """A line that is a board by itself: board text with ``/`` rows, or a game ID."""
    return "/" in line or looks_like_game_id(line.strip())


def batch_items(text: str) -> Iterator[tuple[int, str]]:
    """(line number, board text) for each board of a batch.

    Blank lines split the input into blocks. A block in which no line is a board by itself
    (no ``/``, not a game ID) is one board in the board text format, rows on lines (and an
    optional ``W H`` header); otherwise each of its lines is one board.
    """
    block: list[tuple[int, str]] = []
    for number, line in enumerate([*text.splitlines(), ""], 1):
        if line.strip():
            block.append((number, line))
            continue
        if not block:
            continue
        if len(block) > 1 and not any(_whole_board(row) for _, row in block):
            yield block[0][0], "\n".join(row for _, row in block)
        else:
            yield from block
        block = []


def cmd_batch(args: argparse.Namespace, text: str) -> int:
    """`solve --batch`: one JSON object per board, in order (as `solve --json` prints it); a
    bad board gets ``{"line", "input", "error"}`` and the batch goes on. Exit 0 when every
    item was a board (solvable or not) answered in time, else 2.

    From PARALLEL_FROM boards on, the boards are solved on every core: boards of up to
    EXACT_CELLS cells on forked processes with the AOT kernels (``forked``), others on one
    thread per core with the JIT kernels (which release the GIL). Fewer boards, or a batch of
    quick 15-puzzles where forking cannot pay, go one by one on the AOT kernels, which start
    faster. Each answer is printed as soon as it and all before it are done.
    """
    seconds = getattr(args, "seconds", None)
    progress = ProgressLine(sys.stderr, "building tables", quiet_off_terminal=True)
    items = [(number, item, _parse(item)) for number, item in batch_items(text)]
    solvable = [b for _, _, b in items if isinstance(b, Board) and b.is_solvable()]
    workers = min(os.cpu_count() or 1, MAX_BATCH_THREADS)
    parallel = workers > 1 and len(solvable) >= PARALLEL_FROM
    fork = parallel and can_fork() and all(b.size <= EXACT_CELLS for b in solvable)
    parallel = parallel and not fork and not _all_quick(solvable)
    solver = _Solver(progress, prepared=not parallel, seconds=seconds) if solvable else None
    for board in solvable:
        assert solver is not None
        solver.start_up(board)  # each shape's tables once, before the threads start

    def answer(number: int, item: str, board: Board | BoardError) -> tuple[dict, bool]:
        try:
            if isinstance(board, BoardError):
                raise board
            if not board.is_solvable():
                return _report(board, False, False, "", 0, 0.0), True
            assert solver is not None
            start = time.monotonic()
            found = solver.solve(board, seconds)
            return _report(board, True, found.optimal, found.moves or "", found.nodes,
                           time.monotonic() - start, found.tables), True
        except (BoardError, NoAnswer) as exc:
            return {"line": number, "input": shown(item), "error": str(exc)}, False

    status = EXIT_OK
    with ThreadPoolExecutor(max_workers=workers if parallel else 1,
                            thread_name_prefix="fifteen-batch") as pool:
        answers = (fork_map(lambda row: answer(*row), items, workers) if fork
                   else pool.map(lambda row: answer(*row), items))
        for record, ok in answers:
            if not ok:
                status = EXIT_NO_ANSWER
            print(json.dumps(record), flush=True)
    return status


def _all_quick(boards: list[Board]) -> bool:
    """Whether every board is a 15-puzzle the strong tables (when cached) bound below
    QUICK_BOUND: each is then solved in milliseconds, and one thread on the AOT kernels,
    which start without numba, ends sooner than two on the JIT ones."""
    if not boards or any(b.shape != "4x4" for b in boards):
        return False
    from game.solver.exact.strong import load_strong

    heur = load_strong()
    return heur is not None and all(heur(b) < QUICK_BOUND for b in boards)


def _parse(item: str) -> Board | BoardError:
    try:
        return parse_game_id(item).board()
    except BoardError as exc:
        return exc
