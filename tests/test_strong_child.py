"""The strong tables built in a child process: progress shown, tables loaded, stopped at once."""

from __future__ import annotations

import sys
import threading
import time

import pytest

from game.solver.exact import strong, strong_cache, strong_child, strong_child_main
from game.solver.exact.heuristic import build_progress
from game.solver.exact.strong import StrongSpec, forget_strong

pytestmark = pytest.mark.usefixtures("private_cache")

SMALL = StrongSpec(3, 3, ((1, 2, 3, 4), (5, 6, 7, 8)))


def test_a_game_builds_in_a_child_and_then_maps_the_tables(
        monkeypatch: pytest.MonkeyPatch) -> None:
    forget_strong()
    monkeypatch.setattr(strong, "RETRY_SECONDS", 0.0)  # earlier tests' loads of SMALL failed
    monkeypatch.setattr(strong, "AUTO_BUILD", True)
    monkeypatch.setattr(strong, "BUILD_ALLOWED", True)
    seen: list[tuple[float, str]] = []
    real = strong_child.build_in_child

    def watched(*args, **kwargs):
        progress = args[4]
        return real(*args[:4], lambda share, words: (seen.append((share, words)),
                                                       progress(share, words)))

    monkeypatch.setattr(strong, "build_in_child", watched)
    assert strong.prepare_strong(120.0, SMALL)  # built by the child, then mapped here
    assert strong.loaded_strong(SMALL) is not None
    assert strong_cache.table_path(SMALL.name).exists()
    assert seen and seen[-1][0] == pytest.approx(1.0)
    assert build_progress() is None  # the bar is gone once it ended
    forget_strong()


_SLOW_CHILD = """
import signal, sys, time
signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
print("0.2500\\tbuilding", flush=True)
time.sleep(60)
"""


def test_stopping_ends_the_child_at_once_and_writes_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strong_child, "child_command",
                        lambda *_: [sys.executable, "-c", _SLOW_CHILD])
    shares: list[float] = []
    result: list[bool] = []
    other = StrongSpec(3, 3, ((1, 2, 3, 4, 5), (6, 7, 8)))
    thread = threading.Thread(target=lambda: result.append(strong_child.build_in_child(
        3, 3, other.groups, 1, lambda share, _: shares.append(share))))
    thread.start()
    for _ in range(500):
        if shares:
            break
        time.sleep(0.01)
    assert shares == [0.25]
    strong.cancel_strong_build()  # what the game's worker calls when it quits
    thread.join(10)
    assert not thread.is_alive() and result == [False]
    assert not strong_cache.table_path(other.name).exists()


def test_a_child_whose_game_is_gone_cancels_its_build(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def build(spec, threads, report):
        report(0.1, "building")
        monkeypatch.setattr(strong_child_main.os, "getppid", lambda: -1)  # the parent died
        report(0.2, "building")
        if strong._cancel[0]:
            calls.append("cancelled")
            raise strong.BuildCancelled("cancelled")
        return None

    monkeypatch.setattr(strong, "build_strong", build)
    monkeypatch.setattr(strong_child_main.os, "nice", lambda _: 0)
    monkeypatch.setattr(strong_child_main.signal, "signal", lambda *_: None)
    code = strong_child_main.child_main(["3", "3", "[[1, 2, 3, 4], [5, 6, 7, 8]]", "1"])
    assert code == strong_child_main.CHILD_FAILED and calls == ["cancelled"]
    strong._cancel[0] = 0
