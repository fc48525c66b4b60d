"""The solver's one error family: everything it raises on purpose derives from SolverError."""

from __future__ import annotations


class SolverError(Exception):
    """Base of the solver's errors: cancelled, past a deadline, unsolvable, or a request it
    cannot take. A line that fails its replay stays a RuntimeError: that is a bug, and no
    caller should take it for an ordinary outcome."""


class SolveCancelled(SolverError):
    """The search was stopped through its CancelToken (or its cancel flag)."""


class SolveTimeout(SolveCancelled):
    """The search passed its deadline before it could prove an optimal solution."""


class Unsolvable(SolverError, ValueError):
    """The board cannot reach the goal (wrong permutation parity)."""


class InvalidRequest(SolverError, ValueError):
    """A request the solver cannot meet: a shape it has no tables for, a length no board has
    (or none found), tables not prepared yet; the message names the value and what was
    expected."""


class BuildCancelled(SolverError):
    """A table build was stopped on purpose (``cancel_strong_build``, ``cancel_builds``):
    nothing was written."""
