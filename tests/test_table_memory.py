"""Big tables in memory: read from the cache without a second copy, built ones joined one by
one, and one shape's long build never holding up another shape's tables."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from game.solver import cache
from game.solver.exact import heuristic
from game.solver.exact.pattern import _joined

pytestmark = pytest.mark.usefixtures("private_cache")


def test_tables_read_from_the_cache_are_used_where_they_lie() -> None:
    tables = [np.arange(100, dtype=np.uint8), np.arange(7, 57, dtype=np.uint8)]
    cache.save_tables("joined-test", {"k": 1}, tables)
    loaded = cache.load_tables("joined-test", {"k": 1})
    assert loaded is not None
    joined = _joined(loaded)
    assert np.shares_memory(joined, loaded[0]) and np.shares_memory(joined, loaded[1])
    assert joined.tolist() == list(range(100)) + list(range(7, 57))


def test_built_tables_are_moved_in_one_by_one() -> None:
    tables = [np.arange(5, dtype=np.uint8), np.arange(3, dtype=np.uint8)]
    joined = _joined(tables)
    assert joined.tolist() == [0, 1, 2, 3, 4, 0, 1, 2]
    assert [t.size for t in tables] == [0, 0]  # the caller's list holds them no more


def test_a_long_build_of_one_shape_does_not_hold_up_another(
        monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    real = heuristic.build_tables

    def build(width: int, height: int, *args: object, **kwargs: object) -> list[np.ndarray]:
        if (width, height) == (6, 6):
            assert release.wait(30)
            raise MemoryError("the test's stand-in for a 6x6 build")
        return real(width, height, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(heuristic, "build_tables", build)
    slow = threading.Thread(target=lambda: pytest.raises(MemoryError, heuristic.get_heuristic,
                                                         6, 6), daemon=True)
    slow.start()
    try:
        small = heuristic.get_heuristic(3, 4)  # built while the 6x6 one is still going
        assert small.width == 3 and slow.is_alive()
    finally:
        release.set()
        slow.join(30)
