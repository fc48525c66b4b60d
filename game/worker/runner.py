"""The worker thread's side: the solver loaded there (lazily), each job run behind the frame
gate, and the share of any table build under way."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import cast

from game.core.coach import Hint
from game.worker.gate import FrameGate
from game.worker.jobs import Job, Solver, run_job
from game.worker.knowledge import SharedKnowledge

BuildProgress = Callable[[], tuple[float, str] | None]
"""The solver's ``build_progress``: the share of a table build done and its words, or None."""

STRONG_BUILD_IN_GAME = True
"""Whether a 4x4 game builds the strong tables in the background when the cache has none:
in a child process at the lowest priority (``game.solver.exact.strong_child``), its bar in
the COACH column, the game on 6-6-3 until it ends. In the game's own process a build
stretched frame work p99 from about 10 ms to 54 ms (its compile held the GIL); quitting
stops the child, which leaves nothing half-written."""


class Runner:
    """Runs jobs on whichever thread calls ``run`` (the executor's daemon thread)."""

    def __init__(self, solver: Solver | None, knowledge: SharedKnowledge, gate: FrameGate, *,
                 warm_shapes: tuple[tuple[int, int], ...] | None,
                 solve_seconds: float | None, clock: Callable[[], float]) -> None:
        """``solver`` None: ``game.solver``, imported on the first job's thread."""
        self._solver = solver
        self.build_progress: BuildProgress | None = getattr(solver, "build_progress", None)
        self.blocking_progress: BuildProgress | None = getattr(
            solver, "blocking_build_progress", self.build_progress)
        self._knowledge = knowledge
        self._gate = gate
        self._warm_shapes = warm_shapes
        self._solve_seconds = solve_seconds
        self._clock = clock

    def _load_solver(self) -> Solver:
        if self._solver is None:
            # Imported here, on the worker thread, so the window opens before numba loads.
            from game import solver

            # A cast: its optimal_moves takes the CancelToken it makes, not any token-like
            # object, so the module does not match the Protocol's parameter types exactly.
            self._solver = cast(Solver, solver)
            self.build_progress = solver.build_progress
            self.blocking_progress = solver.blocking_build_progress
            # The strong 4x4 tables: built in a child process the first time a 4x4 board
            # wants them (STRONG_BUILD_IN_GAME), used once built.
            solver.allow_strong_build(STRONG_BUILD_IN_GAME)
            # A 6x6 board's own tables (and 7x7's, for the long searches while the player
            # thinks): loaded, or built in the background, the first time a search wants them.
            allow = getattr(solver, "allow_own_builds", None)
            if allow is not None:
                allow(STRONG_BUILD_IN_GAME)
        return self._solver

    def stop_builds(self) -> None:
        """End a background build (the game is quitting): nothing half-written is left."""
        solver = self._solver
        cancel = getattr(solver, "cancel_strong_build", None) if solver is not None else None
        if cancel is not None:
            cancel()

    def building(self) -> bool:
        """Whether the solver is building tables a search may wait for (read live, from any
        thread); a background build (the strong 4x4 tables) shows its bar but is not one."""
        progress = self.blocking_progress
        return progress is not None and progress() is not None

    def run(self, job: Job, progress: Callable[[Job, int, int], None],
            improved: Callable[[Job, list[Hint]], None]) -> object:
        """Do ``job``; what it returns goes to the job's Future (see ``run_job``)."""
        job.started_at = self._clock()
        solver = self._load_solver()
        install = getattr(solver, "set_give_way", None)
        if install is not None:  # per thread: the watchdog may have replaced a hung one
            install(self._gate.wait)
        self._gate.wait()
        return run_job(job, solver, self._knowledge, warm_shapes=self._warm_shapes,
                       solve_seconds=self._solve_seconds, progress=partial(progress, job),
                       improved=partial(improved, job), give_way=self._gate.wait)
