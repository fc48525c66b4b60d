"""The worker's jobs (kinds, board requests), the solver it drives, and the solver-answer check."""

from __future__ import annotations

import enum
import random
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, replace
from typing import Protocol

from game.core.board import Board
from game.core.coach import CoachState, Hint
from game.worker.knowledge import SharedKnowledge

WARMING_UP = CoachState.WARMING_UP
THINKING = CoachState.THINKING
READY = CoachState.READY
UNAVAILABLE = CoachState.UNAVAILABLE


class WorkerError(RuntimeError):
    """The solver gave an answer that does not check out (wrong board, bad path)."""


CANCELLED = object()
"""What a solve job returns when it was cancelled."""


class CancelTokenLike(Protocol):
    """The solver's cancel flag, as the worker uses it."""

    @property
    def cancelled(self) -> bool: ...

    def cancel(self) -> None: ...


class OptimalMovesLike(Protocol):
    """The solver's answer for one board, as the worker reads it (read-only: it is frozen)."""

    @property
    def board(self) -> Board: ...

    @property
    def distance(self) -> int: ...

    @property
    def moves(self) -> frozenset[str] | tuple[str, ...] | str: ...

    @property
    def optimal(self) -> bool: ...

    @property
    def path(self) -> str: ...


class Solver(Protocol):
    """What the worker needs of the solver (``game.solver`` itself, or a test double)."""

    CancelToken: Callable[[], CancelTokenLike]
    SolveCancelled: type[Exception]

    def warm_up(self, shapes: tuple[tuple[int, int], ...] = ...,
                progress: Callable[[float, str], None] | None = ...) -> object: ...

    def random_board_with_length(self, width: int, height: int, length: int,
                                 rng: random.Random) -> Board: ...

    def optimal_moves(self, board: Board, *, cancel: CancelTokenLike | None = ...,
                      deadline: float | None = ...,
                      progress: Callable[[int, int], None] | None = ...,
                      on_better: Callable[[str], None] | None = ...,
                      distance: int | None = ...,
                      settled: Mapping[str, int] | None = ...,
                      line: str = ..., proof_share: float = ...) -> OptimalMovesLike: ...

    def within_reach(self, board: Board) -> bool: ...


class JobKind(enum.Enum):
    """What a job does."""

    WARM = "warm"
    BOARD = "board"
    SOLVE = "solve"
    """The board on screen."""
    PREFETCH = "prefetch"
    """A neighbour of the board on screen, guessed while idle."""
    JUDGE = "judge"
    """A board whose search would judge a move: one played before the coach answered or,
    beyond exact reach, one a move off the coach's line made."""
    REFINE = "refine"
    """Beyond exact reach, the board on screen again while the player thinks: a longer
    search for a shorter line (see ``game.worker.waiting.Refining``)."""


@dataclass(frozen=True, slots=True)
class BoardRequest:
    """A board of exactly ``length`` optimal moves, drawn with ``seed``."""

    width: int
    height: int
    length: int
    seed: int | None
    request_id: int


class Job:
    """One unit of work for the worker thread, cancellable from the game loop."""

    def __init__(self, kind: JobKind, board: Board | None = None,
                 request: BoardRequest | None = None, seconds: float | None = None) -> None:
        self.kind = kind
        self.board = board
        self.request = request
        self.seconds = seconds
        """The search's own time budget (None: the worker's ``solve_seconds``)."""
        self.bound = 0
        self.nodes = 0
        self.started_at: float | None = None
        self.submitted_at: float | None = None
        self.cancel_at: float | None = None
        self.timed_out = False
        """Set by the watchdog when the job ran past its time."""
        self.abandoned = False
        self.warm_progress: tuple[float, str] | None = None
        """A warm-up's share done and what it is doing (set on the worker thread)."""
        self.learned: list[Hint] = []
        """What the search's answer taught the knowledge (set on the worker thread; filed with
        the job's outcome, so the game never gets an answer before the status that goes with it)."""
        self.future: Future | None = None
        self._lock = threading.Lock()
        self._token: CancelTokenLike | None = None

    def arm(self, make_token: Callable[[], CancelTokenLike]) -> CancelTokenLike | None:
        """On the worker: create the solver's cancel token, or None if already cancelled."""
        with self._lock:
            if self.cancel_at is not None:
                return None
            self._token = make_token()
            return self._token

    def cancel(self, now: float) -> None:
        """On the game loop: ask the search to stop (idempotent)."""
        with self._lock:
            if self.cancel_at is None:
                self.cancel_at = now
            if self._token is not None:
                self._token.cancel()

    def report_warm(self, share: float, words: str) -> None:
        """On the worker: how far the warm-up has got (one tuple, replaced as a whole)."""
        self.warm_progress = (share, words)

    @property
    def searching(self) -> bool:
        """Whether this job is a search (for the board on screen or a prefetch)."""
        return self.kind in SEARCHES

    @property
    def live_search(self) -> bool:
        """A search that has not been asked to stop."""
        return self.searching and self.cancel_at is None


SEARCHES = (JobKind.SOLVE, JobKind.PREFETCH, JobKind.JUDGE, JobKind.REFINE)
BACKGROUND = (JobKind.PREFETCH, JobKind.JUDGE, JobKind.REFINE)
"""Searches nobody waits on: a failure there leaves the coach available."""


@dataclass(frozen=True, slots=True)
class Found:
    """A best-found line the solver reported before it finished (big boards)."""

    board: Board
    path: str
    optimal: bool = False

    @property
    def distance(self) -> int:
        return len(self.path)

    @property
    def moves(self) -> frozenset[str]:
        return frozenset(self.path[:1])


BIG_CELLS = 16
"""Beyond this many cells the coach gives best-found lines, exact only near the goal."""
FIRST_SECONDS = {(5, 5): 0.5}
"""Beyond exact reach, the budget of a search of a board the game stands on, passed or may
come to (not a refining one), by shape: shorter than the solver's own second, so a player
moving every 0.6-0.8 s still has each move judged (only a search that has run to its end
judges moves, and the coach starts on each new board). Measured on 5x5 with a player
following a good line of their own at 0.8 s a move: with 1 s no move of 36 was judged in
30 s (all waiting, 0 points); with 0.5 s every one was, as promptly as the moves came, with
as many charged then refunded as with 1 s at a 2 s pace (the lines: 1.054x the optimum
against 1.038x, and the refining searches after it shorten them while the player thinks).
Not 6x6 and 7x7: their half-second lines charged then refunded 11 moves of 36."""

REFINE_PROOF_SHARE = 0.5
"""The share of a refining search's time first spent proving the board's distance exactly,
where the solver finds a proof worth a try (5x5 near enough the goal): a proof gives the
shortest line and every optimal move, and the HUD's "proven optimal"; a newcomer saw "best
found" on a board `solve` proved 53 moves from the goal."""


def run_job(job: Job, solver: Solver, knowledge: SharedKnowledge, *,
            warm_shapes: tuple[tuple[int, int], ...] | None, solve_seconds: float | None,
            progress: Callable[[int, int], None],
            improved: Callable[[list[Hint]], None] | None = None,
            give_way: Callable[[], None] = lambda: None) -> object:
    """Do ``job`` with ``solver`` on the worker thread; a search's hint is learned here, and
    what that stored is kept in ``job.learned``.

    On big boards every shorter line the search finds on the way is checked and learned, and
    what that stored is handed to ``improved`` (the hint sharpens while the search runs).
    ``give_way`` is called before interpreted stretches (the frame gate). A judge job on a big
    board finds its best line like any search: the game judges a move there only once the
    coach has searched the position it leads to.
    """
    if job.kind is JobKind.WARM:
        if warm_shapes is None:
            solver.warm_up(progress=job.report_warm)
        else:
            solver.warm_up(warm_shapes, progress=job.report_warm)
        return None
    if job.kind is JobKind.BOARD:
        assert job.request is not None
        req = job.request
        return solver.random_board_with_length(req.width, req.height, req.length,
                                               random.Random(req.seed))
    board = job.board
    assert board is not None
    token = job.arm(solver.CancelToken)
    if token is None:
        return CANCELLED
    budget = job.seconds if job.seconds is not None else solve_seconds
    first = FIRST_SECONDS.get((board.width, board.height))
    quick = budget is None and first is not None and job.kind is not JobKind.REFINE \
        and not solver.within_reach(board)  # exact answers take what they need
    if quick:
        budget = first
    began = time.monotonic()
    deadline = None if budget is None else began + budget
    effort = searched_for(knowledge, board, began)

    def better(line: str) -> None:
        give_way()
        # mid-search: the line may shorten yet (the final answer comes at the end)
        stored = knowledge.learn(stamped(checked_hint(board, Found(board, line)), job,
                                         effort(), provisional=True))
        if improved is not None:
            improved(stored)

    known = proven_around(knowledge, board)

    def search(deadline: float | None) -> OptimalMovesLike:
        if known is None:
            return solver.optimal_moves(board, cancel=token, deadline=deadline,
                                        progress=progress,
                                        on_better=better if board.size > BIG_CELLS
                                        and job.kind is not JobKind.JUDGE else None,
                                        proof_share=REFINE_PROOF_SHARE
                                        if job.kind is JobKind.REFINE else 0.0)
        # one iteration at the proven distance, over the children left open
        return solver.optimal_moves(board, cancel=token, deadline=deadline,
                                    progress=progress, distance=known.distance,
                                    settled=known.settled, line=known.line)

    try:
        try:
            result = search(deadline)
        except solver.SolveCancelled:
            if token.cancelled or not quick:
                raise
            # the quick first search found no line in its half second (a busy machine, the
            # tables still loading): it takes the solver's own time, never fails for it (a
            # newcomer saw "solver error" on 5x5 while the coach warmed up)
            result = search(None)
    except solver.SolveCancelled:
        if token.cancelled:
            return CANCELLED
        raise WorkerError(f"search of {job.board} ran past its deadline") from None
    give_way()  # replaying and learning the path is interpreted work
    hint = checked_hint(board, result)
    if board.size > BIG_CELLS and not hint.optimal:
        hint = stamped(hint, job, effort())
    job.learned = knowledge.learn(hint)
    return hint


def searched_for(knowledge: SharedKnowledge, board: Board,
                 began: float) -> Callable[[], tuple[float, float, float]]:
    """Beyond exact reach, as a search of ``board`` that began at ``began`` goes on: what
    earlier searches of it left (``Hint.effort``, ``Hint.thought``) and this one's seconds
    so far."""
    known = knowledge.get(board)
    effort, thought = (known.effort, known.thought) if known is not None \
        and not known.optimal else (0.0, 0.0)
    return lambda: (effort, thought, time.monotonic() - began)


def stamped(hint: Hint, job: Job, searched: tuple[float, float, float],
            provisional: bool = False) -> Hint:
    """``hint`` with the search behind it (``searched_for``): a search that judged a move adds
    to ``effort`` only."""
    effort, thought, seconds = searched
    if job.kind is not JobKind.JUDGE:
        thought += seconds
    return replace(hint, effort=effort + seconds, thought=thought, provisional=provisional)


@dataclass(frozen=True, slots=True)
class Proven:
    """What earlier exact answers prove about a board: its distance, some of its children's
    distances by move, and an optimal path ("" if none is known)."""

    distance: int
    settled: dict[str, int]
    line: str


def proven_around(knowledge: SharedKnowledge, board: Board) -> Proven | None:
    """What the knowledge proves about ``board`` (up to BIG_CELLS cells), None when not even
    its distance. A position the game reaches by a move from one the coach answered has its
    distance known that way and the move back settled (and its path, on the answer's line):
    the exact search then runs only its last iteration, over the other children."""
    if board.size > BIG_CELLS:
        return None
    hint = knowledge.known(board)
    if hint is None or not hint.optimal:
        return None
    settled = {}
    for move in board.legal_moves():
        near = knowledge.get(board.apply(move))
        if near is not None and near.optimal:
            settled[move] = near.distance
    return Proven(hint.distance, settled, hint.path if len(hint.path) == hint.distance else "")


def checked_hint(board: Board, result: OptimalMovesLike) -> Hint:
    """Turn the solver's OptimalMoves into a Hint after replaying its path; raises WorkerError."""
    if result.board != board:
        raise WorkerError(f"solver answered for board {result.board}, asked for {board}")
    path = result.path
    try:
        end = board.apply_all(path)
    except ValueError as exc:
        raise WorkerError(f"solver path {path!r} is illegal on {board}: {exc}") from exc
    if not end.is_solved():
        raise WorkerError(f"solver path {path!r} does not solve {board}")
    moves = frozenset(result.moves)
    if result.optimal and (
        len(path) != result.distance
        or not moves <= set(board.legal_moves())
        or (path and path[0] not in moves)
    ):
        raise WorkerError(
            f"solver result for {board} is inconsistent: distance {result.distance}, "
            f"moves {sorted(moves)}, path {path!r}"
        )
    return Hint(board, result.distance, moves, result.optimal, result.optimal, path)
