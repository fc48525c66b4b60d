"""Shared test set-up: headless SDL and private user folders for every test run."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator

import pytest

# Before anything imports pygame: no display, no sound card (CI has neither).
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Saves and settings must never touch the developer's real data folder.
_PRIVATE = tempfile.mkdtemp(prefix="fifteen-tests-")
os.environ["XDG_DATA_HOME"] = os.path.join(_PRIVATE, "data")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_PRIVATE, "config")
# Solver tables built by tests stay private to the run too (the solver tests pick their own).
# Where `make` prepared the coach's tables, for the few tests that play as after set-up (kept
# in the environment: this module can be imported twice, the second time after the override).
os.environ.setdefault("FIFTEEN_PREPARED_CACHE", os.environ.get("XDG_CACHE_HOME")
                      or os.path.join(os.path.expanduser("~"), ".cache"))
os.environ["XDG_CACHE_HOME"] = os.path.join(_PRIVATE, "cache")


@pytest.fixture(scope="session")
def bfs33() -> dict[tuple[int, ...], int]:
    """Exact distance of every solvable 3x3 board, by exhaustive search (shared, ~0.5 s)."""
    from helpers import bfs_distances

    return bfs_distances(3, 3)


@pytest.fixture(scope="session")
def ball() -> dict[tuple[int, ...], int]:
    """Exact distance of every 5x5 board within BALL_DEPTH moves of the goal (BFS)."""
    from helpers import BALL_DEPTH, bfs_distances

    return bfs_distances(5, 5, BALL_DEPTH)


@pytest.fixture(scope="module")
def small_heur(private_cache: None):
    """A small-group 5x5 heuristic standing in for the real tables (which take ~20 s)."""
    from helpers import SMALL_GROUPS

    from game.solver.exact.heuristic import make_heuristic

    return make_heuristic(5, 5, SMALL_GROUPS)


@pytest.fixture(scope="module")
def private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """A fresh solver cache folder for one test module, so its tables are built on purpose."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        yield


@pytest.fixture
def solver():
    """A scriptable fake solver for the worker tests; opens every gate when the test ends."""
    from test_worker_fakes import FakeSolver

    fake = FakeSolver()
    yield fake
    fake.open_everything()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Long checks marked ``slow`` (full-size tables, long fuzzing) run only when asked for:
    ``pytest -m slow``."""
    if "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)



@pytest.fixture(autouse=True, scope="session")
def _no_big_table_builds() -> Iterator[None]:
    """The 5x5 tables (about 20 s to build) and the strong 4x4 ones (minutes, 2.8 GB) are
    never built behind a test's back (the real worker would let a 4x4 game start that)."""
    import game.solver.big.api as big
    import game.solver.exact.strong as strong

    big.AUTO_PREPARE = False
    big.OWN_BUILDS_ALLOWED = False  # nor the 6x6 ones (317 MB, minutes) by a game's worker
    strong.BUILD_ALLOWED = False
    yield
