"""Issue 14: light start-up, batch solving, deadlines, progress reports and the frame clock."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.cli import solve as solve_cli
from game.cli.main import main
from game.cli.progress import ProgressLine, progress_text
from game.cli.solve import batch_items
from game.core.board import Board
from game.core.coach import CoachState
from game.core.generate import random_board
from game.solver.search import solve as solve_search
from game.ui.frameclock import FrameClock

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("numpy", "numba", "pygame")


@pytest.mark.parametrize("args", [["--help"], ["check", "1 2 3/4 5 6/8 7 0"],
                                  ["solve", "--help"]])
def test_light_commands_never_import_numpy_numba_or_pygame(args: list[str]) -> None:
    probe = ("import sys\nfrom game.cli.main import main\n"
             "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
             f"print(sorted(m for m in {HEAVY!r} if m in sys.modules), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", probe, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.stderr.strip().splitlines()[-1] == "[]", done.stderr


def test_batch_items_lines_blocks_and_line_numbers() -> None:
    text = "1 2 3/4 5 6/7 0 8\n4x4-5\n\n\n3 3\n1 2 3\n4 5 6\n7 0 8\n\nhello\n2 1/3 0\n"
    assert list(batch_items(text)) == [
        (1, "1 2 3/4 5 6/7 0 8"), (2, "4x4-5"), (5, "3 3\n1 2 3\n4 5 6\n7 0 8"),
        (10, "hello"), (11, "2 1/3 0"),
    ]


def test_batch_prints_one_object_per_board_and_goes_on_after_a_bad_one(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    text = "1 2 3/4 5 6/7 0 8\n1 2 3/4 5 5/7 0 8\n\n1 2 3\n4 5 6\n8 7 0\n\n1 2 3/4 5 6/0 7 8\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert main(["solve", "--batch", "-"]) == 2
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 4
    assert rows[0]["moves"] == "L" and rows[0]["optimal"] is True
    assert rows[1]["line"] == 2 and "error" in rows[1]
    assert rows[2]["solvable"] is False and rows[2]["moves"] is None
    assert rows[3]["length"] == 2
    keys = set(rows[0])
    assert keys == {"width", "height", "solvable", "optimal", "length", "moves", "nodes",
                    "seconds", "tables"} == set(rows[2]) == set(rows[3])
    assert rows[0]["tables"] == "3x3 full table" and rows[2]["tables"] is None


def test_batch_needs_board_or_batch_not_both(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve"]) == 2
    assert main(["solve", "4x4-1", "--batch", "-"]) == 2
    assert main(["solve", "--batch", "/no/such/file"]) == 2
    assert "cannot read batch file" in capsys.readouterr().err


def test_solve_keeps_its_deadline_with_no_line(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    stop = threading.Event()
    ended: list[bool] = []

    def stuck(self: object, board: object, deadline: object, found: object,
              token: object) -> None:
        stop.wait(600)  # a build or compile that takes far longer than the budget
        ended.append(True)

    monkeypatch.setattr(solve_cli._Solver, "_work", stuck)
    try:
        assert main(["solve", "1 2 3/4 5 6/7 0 8", "--seconds", "0.2"]) == 2
        assert not ended  # it answered at its deadline, not when the stuck search ended
    finally:
        stop.set()
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no checked solution" in err[0]


def test_progress_line_off_a_terminal_is_one_line_or_nothing() -> None:
    out = io.StringIO()
    line = ProgressLine(out, "preparing")
    for share in (0.0, 0.5, 1.0):
        line.show(share, "building the 4x4 tables")
    line.close("in 1.0 s")
    assert out.getvalue() == "preparing ... done in 1.0 s\n"
    quiet = io.StringIO()
    line = ProgressLine(quiet, "building", quiet_off_terminal=True)
    line.show(0.5, "x")
    line.close()
    assert quiet.getvalue() == ""
    assert progress_text("b", 0.5, "w") == "b [############............]  50% w"


def test_frame_clock_meets_each_deadline_and_restarts_when_late() -> None:
    now = [0.0]
    sleeps: list[float] = []

    def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        now[0] += max(seconds, 0.0001)

    clock = FrameClock(now=lambda: now[0], sleep=sleep)
    assert clock.tick(60) == 0
    now[0] += 0.005  # a frame of 5 ms work
    assert clock.tick(60) == 17
    assert abs(now[0] - 1 / 60) < 0.0002
    assert sleeps[0] == pytest.approx(1 / 60 - 0.005 - 0.0015)
    now[0] += 0.05  # a slow frame: no hurrying afterwards
    clock.tick(60)
    late = now[0]
    clock.tick(60)
    assert abs(now[0] - late - 1 / 60) < 0.0002


def test_worker_status_carries_warm_up_progress(solver) -> None:  # noqa: ANN001
    from game.worker import SolverWorker

    seen = threading.Event()

    def warm_up(shapes: object = None, progress=None) -> None:  # noqa: ANN001
        progress(0.25, "building the 4x4 tables")
        seen.set()
        solver.warm_gate.wait(5)

    solver.warm_up = warm_up
    solver.warm_gate.clear()
    worker = SolverWorker(solver_module=solver, prefetch=False)
    worker.start()
    try:
        assert seen.wait(5)
        status = worker.status
        assert status.state is CoachState.WARMING_UP
        assert status.progress == 0.25 and status.work == "building the 4x4 tables"
    finally:
        solver.warm_gate.set()
        worker.shutdown()


def test_korf_boards_turn_to_this_games_goal_and_keep_their_lengths() -> None:
    from game.cli.korf import from_korf, korf100
    from game.solver.search import solve

    assert from_korf(list(range(16))) == Board.goal(4, 4)
    rows = korf100()
    assert len(rows) == 100 and all(board.is_solvable() for board, _ in rows)
    for board, length in sorted(rows, key=lambda row: row[1])[:3]:  # the three shortest
        assert solve(board).length == length


def test_a_parallel_batch_keeps_the_input_order(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(5)
    boards = [random_board(w, h, rng) for w, h in ((3, 3), (4, 3), (3, 3), (2, 4), (4, 4),
                                                   (3, 3))]
    lines = [b.text() for b in boards]
    lines.insert(2, "not a board")
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    monkeypatch.setattr(solve_cli, "PARALLEL_FROM", 2)
    assert main(["solve", "--batch", "-"]) == 2
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 7 and rows[2]["line"] == 3 and "error" in rows[2]
    solved = [row for row in rows if "error" not in row]
    for board, row in zip(boards, solved, strict=True):
        assert (row["width"], row["height"]) == (board.width, board.height)
        assert board.apply_all(row["moves"]).is_solved()
        assert row["length"] == solve_search(board).length
