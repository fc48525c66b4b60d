"""The solver's one error family: each event has one type, and all derive from SolverError."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import random

import pytest

import game.solver as solver
from game.core.board import Board
from game.core.generate import random_board
from game.solver import (
    CancelToken,
    InvalidRequest,
    SolveCancelled,
    SolverError,
    SolveTimeout,
    Unsolvable,
    best_line,
    exact_endgame,
    random_board_with_length,
    solve,
)
from game.solver.exact import tables

UNSOLVABLE_3X3 = Board(3, 3, (2, 1, 3, 4, 5, 6, 7, 8, 0))
UNSOLVABLE_6X6 = Board(6, 6, (2, 1, *range(3, 36), 0))


def solver_exceptions() -> list[type[BaseException]]:
    """Every public exception class defined in a solver module (subpackages included)."""
    found = []
    for info in pkgutil.walk_packages(solver.__path__, "game.solver."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if (inspect.isclass(value) and issubclass(value, BaseException)
                    and value.__module__ == module.__name__ and not name.startswith("_")):
                found.append(value)
    return found


def test_every_solver_exception_derives_from_solver_error() -> None:
    found = solver_exceptions()
    names = {cls.__name__ for cls in found}
    assert {"SolveCancelled", "SolveTimeout", "Unsolvable", "InvalidRequest"} <= names
    assert [cls for cls in found if not issubclass(cls, SolverError)] == []


def test_the_family_keeps_its_old_bases() -> None:
    assert issubclass(SolveTimeout, SolveCancelled)
    assert issubclass(Unsolvable, ValueError) and issubclass(InvalidRequest, ValueError)


def test_an_unsolvable_board_is_unsolvable_on_every_path() -> None:
    with pytest.raises(Unsolvable):
        tables.table_path(UNSOLVABLE_3X3)
    with pytest.raises(Unsolvable):
        solve(UNSOLVABLE_3X3)
    with pytest.raises(Unsolvable):
        best_line(UNSOLVABLE_6X6)


def test_a_cancelled_big_board_search_is_solve_cancelled() -> None:
    token = CancelToken()
    token.cancel()
    with pytest.raises(SolveCancelled):
        best_line(random_board(6, 6, random.Random(1)), cancel=token)


def test_requests_the_solver_cannot_meet_are_invalid_requests() -> None:
    with pytest.raises(InvalidRequest, match="-1"):
        random_board_with_length(3, 3, -1, random.Random(1))
    with pytest.raises(InvalidRequest, match="6x6"):
        random_board_with_length(6, 6, 30, random.Random(1))
    with pytest.raises(InvalidRequest, match="5x5"):
        exact_endgame(Board.goal(4, 4))
