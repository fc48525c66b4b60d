"""A batch on forked processes: order kept, errors raised, declined where fork is unsafe."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.cli import forked


def _square_pid(n: int) -> tuple[int, int]:
    return n * n, os.getpid()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork is not offered here")
def test_fork_map_keeps_order_and_runs_in_children() -> None:
    results = list(forked.fork_map(_square_pid, list(range(20)), 2))
    assert [r for r, _ in results] == [n * n for n in range(20)]
    assert os.getpid() not in {pid for _, pid in results}
    assert forked._job is None  # nothing left behind for a later batch


def _fail_on_three(n: int) -> int:
    if n == 3:
        raise ValueError("three")
    return n


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork is not offered here")
def test_a_jobs_error_reaches_the_caller() -> None:
    with pytest.raises(ValueError, match="three"):
        list(forked.fork_map(_fail_on_three, list(range(6)), 2))


def test_fork_is_declined_off_linux(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forked.sys, "platform", "darwin")
    assert not forked.can_fork()


def test_a_process_with_other_threads_never_forks() -> None:
    release = threading.Event()
    thread = threading.Thread(target=release.wait, args=(10,))
    thread.start()
    try:
        assert not forked.can_fork()  # a lock that thread holds would stay held in a child
    finally:
        release.set()
        thread.join()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="batches fork on Linux only")
def test_solve_batch_forks_and_keeps_order_end_to_end(tmp_path: Path) -> None:
    import random

    from game.core.generate import random_board
    from game.solver.search import solve

    rng = random.Random(8)
    boards = [random_board(w, h, rng) for w, h in ((3, 3), (4, 3), (3, 3), (2, 4), (3, 4), (3, 3))]
    batch = tmp_path / "batch.txt"
    batch.write_text("\n".join(b.text() for b in boards) + "\n")
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "main.py", "solve", "--batch", str(batch)], cwd=root,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(rows) == len(boards)
    for board, row in zip(boards, rows, strict=True):
        assert (row["width"], row["height"]) == (board.width, board.height)
        assert board.apply_all(row["moves"]).is_solved()
        assert row["length"] == solve(board).length


SLOW_CHILD = """
import os, signal, sys, time
sys.path.insert(0, {root!r})
from game.cli import forked

signal.signal(signal.SIGTERM, lambda *_: None)  # a command's own hook, as `solve` installs
start = forked._child_start


def slow_start() -> None:  # the second child starts late, as on a busy machine
    try:
        os.mkdir({marker!r})
    except FileExistsError:
        time.sleep(2)
    start()


forked._child_start = slow_start
print(list(forked.fork_map(abs, [-7], 2)))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork is not offered here")
def test_a_child_ended_before_it_started_ends(tmp_path: Path) -> None:
    """The suite hung in the test above beside a busy core: the batch's one item was done
    before the second child had started, the pool ended it with SIGTERM, the parent's own
    handler (inherited by the fork) swallowed it, and the pool waited for it for ever."""
    root = Path(__file__).resolve().parents[1]
    script = SLOW_CHILD.format(root=str(root), marker=str(tmp_path / "first"))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[7]"
