"""Smoke test: the real loop with the real worker and solver, self-playing 3x3, then the stats."""

from __future__ import annotations

import json
import threading

from game.cli.main import main
from game.cli.play import run_demo
from game.ui.options import DemoOptions

READY_FRAMES_FOR_A_MOVE = 20
"""Frames of a ready coach after which the self-playing demo must have moved."""


def test_demo_runs_the_real_loop_and_writes_stats(tmp_path, capsys) -> None:
    before = set(threading.enumerate())
    stats = tmp_path / "demo.json"
    assert run_demo(DemoOptions(3, 3, seed=2, seconds=2.0, stats=str(stats))) == 0
    data = json.loads(stats.read_text(encoding="utf-8"))
    assert data["size"] == "3x3" and data["seconds"] == 2.0
    assert data["frames"] > 20
    assert set(data["frame_ms"]) == {"p50", "p95", "p99", "max"}
    assert set(data["hint_latency_ms"]) >= {"p50", "p95", "max"}
    assert sum(data["status_counts"].values()) == data["frames"]
    assert set(data["status_counts"]) <= {"warming up", "thinking", "ready", "unavailable"}
    # Every solved board took at least one move; counts are whole numbers (bools are not).
    assert type(data["moves"]) is int and type(data["boards_solved"]) is int
    assert 0 <= data["boards_solved"] <= data["moves"]
    if data["status_counts"].get("ready", 0) >= READY_FRAMES_FOR_A_MOVE:
        assert data["moves"] > 0, "the coach was ready for a while but the demo never moved"
    assert "frame interval ms" in capsys.readouterr().out
    # Daemon threads (a first-run table build) never hold the process; nothing else may remain.
    left = [t for t in set(threading.enumerate()) - before if t.is_alive() and not t.daemon]
    assert not left, left


def test_demo_command_line(tmp_path) -> None:
    assert main(["demo", "--size", "2x3", "--seconds", "0.5"]) == 0
