"""A batch on forked processes: order kept, errors raised, declined where fork is unsafe."""

from __future__ import annotations

import os

import pytest

from game.cli import forked


def _square_pid(n: int) -> tuple[int, int]:
    return n * n, os.getpid()


@pytest.mark.skipif(not forked.can_fork(), reason="fork is not offered here")
def test_fork_map_keeps_order_and_runs_in_children() -> None:
    results = list(forked.fork_map(_square_pid, list(range(20)), 2))
    assert [r for r, _ in results] == [n * n for n in range(20)]
    assert os.getpid() not in {pid for _, pid in results}
    assert forked._job is None  # nothing left behind for a later batch


def _fail_on_three(n: int) -> int:
    if n == 3:
        raise ValueError("three")
    return n


@pytest.mark.skipif(not forked.can_fork(), reason="fork is not offered here")
def test_a_jobs_error_reaches_the_caller() -> None:
    with pytest.raises(ValueError, match="three"):
        list(forked.fork_map(_fail_on_three, list(range(6)), 2))


def test_fork_is_declined_off_linux(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forked.sys, "platform", "darwin")
    assert not forked.can_fork()
