"""Issue 25 item 3: no silent weak line on 5x5 and larger boards from `solve`, `solve --batch`
and `analyse` (the build is faked here with small tables; the real one is a slow test)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import game.solver.big.api as big
from game.cli.main import main
from game.cli.tables import NO_TABLES, exact_tables_name, weak_line_note
from game.core.generate import parse_game_id
from game.solver.big.stage import stage_tables_name
from game.solver.exact.heuristic import _heuristics, make_heuristic

ROOT = Path(__file__).resolve().parents[1]
PREPARE = "python -m game.cli.prepare"

pytestmark = pytest.mark.usefixtures("private_cache")


def small_name(heur: object) -> str:
    return "5x5 " + "-".join(str(len(g)) for g in heur.groups)  # type: ignore[attr-defined]


@pytest.fixture
def builds(small_heur: object, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Building switched on, with a fake build that reports progress and puts the small 5x5
    tables in memory at once; yields the list of builds started."""
    started: list[str] = []

    def start_build(progress: Callable[[float, str], None] | None = None,
                    shape: tuple[int, int] = (5, 5)) -> threading.Thread:
        started.append("build" if shape == (5, 5) else f"build {shape[0]}x{shape[1]}")
        for share in (0.0, 0.5, 1.0):
            if progress is not None:
                progress(share, f"building the {shape[0]}x{shape[1]} tables")
        # the 6x6 board's own tables, faked by one-tile groups (Manhattan, built at once)
        _heuristics[(*shape, False)] = small_heur if shape == (5, 5) else make_heuristic(  # type: ignore[assignment]
            *shape, tuple((t,) for t in range(1, shape[0] * shape[1])))
        done = threading.Thread(target=lambda: None)
        done.start()
        big._builders[shape] = done  # as the real one: best_line starts no build of its own
        return done

    monkeypatch.setattr(big, "AUTO_PREPARE", True)
    monkeypatch.setattr(big, "_builders", {})
    monkeypatch.setattr(big, "start_build", start_build)
    yield started
    _heuristics.pop((5, 5, False), None)
    _heuristics.pop((6, 6, False), None)


@pytest.fixture
def stuck_build(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Building switched on, with a build that does not end while the test runs."""
    release = threading.Event()
    started: list[str] = []
    thread = threading.Thread(target=release.wait, args=(60,), daemon=True)

    def start_build(progress: Callable[[float, str], None] | None = None,
                    shape: tuple[int, int] = (5, 5)) -> threading.Thread:
        assert shape == (5, 5)
        started.append("build")
        if not thread.is_alive():
            thread.start()
        big._builders[(5, 5)] = thread  # as the real one: best_line starts no build of its own
        return thread

    monkeypatch.setattr(big, "AUTO_PREPARE", True)
    monkeypatch.setattr(big, "_builders", {})
    monkeypatch.setattr(big, "start_build", start_build)
    yield started
    release.set()
    assert not big.tables_ready()  # nothing built behind the test's back


def check(game_id: str, row: dict) -> None:
    board = parse_game_id(game_id).board()
    assert board.apply_all(row["moves"]).is_solved() and row["length"] == len(row["moves"])


def test_first_big_solve_builds_the_tables_first_and_says_so(
        builds: list[str], small_heur: object, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "5x5-1", "--json"]) == 0
    captured = capsys.readouterr()
    row = json.loads(captured.out)
    check("5x5-1", row)
    assert row["tables"] == small_name(small_heur)
    # off a terminal the progress is one line: what is built, then how long it took
    [line] = captured.err.splitlines()
    assert line.startswith("fifteen: building the 5x5 tables ... done in ")
    assert builds == ["build"]
    assert main(["solve", "7x7-2", "--json"]) == 0  # bigger boards use the 5x5 corner's
    captured = capsys.readouterr()  # and the peeling's small tables (made silently)
    assert json.loads(captured.out)["tables"] == (f"{small_name(small_heur)} + "
                                                  f"{stage_tables_name(7)}")
    assert stage_tables_name(7) == "stage 7x7 3-2-3-2-3"
    assert captured.err == "" and builds == ["build"]  # in memory now: nothing said
    assert main(["solve", "6x6-2", "--json"]) == 0  # 6x6 also searches with its own tables:
    captured = capsys.readouterr()  # built first (minutes, the first time), and said so
    six = "6x6 " + "-".join(["1"] * 35)
    assert json.loads(captured.out)["tables"] == (f"{small_name(small_heur)} + {six} + "
                                                  f"{stage_tables_name(6)}")
    [line] = captured.err.splitlines()
    assert line.startswith("fifteen: building the 6x6 tables ... done in ")
    assert builds == ["build", "build 6x6"]


def test_without_the_tables_a_big_line_says_once_why_it_is_weaker(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert not big.AUTO_PREPARE and not big.tables_ready()  # the suite builds nothing
    assert main(["solve", "5x5-1", "--json"]) == 0
    captured = capsys.readouterr()
    row = json.loads(captured.out)
    check("5x5-1", row)
    assert row["tables"] == NO_TABLES
    assert captured.err.splitlines() == [weak_line_note(None)]
    assert "weaker search" in captured.err and PREPARE in captured.err


def test_a_short_budget_gives_the_quick_line_and_one_line_why(
        stuck_build: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "5x5-3", "--seconds", "0.5", "--json"]) == 0
    captured = capsys.readouterr()
    row = json.loads(captured.out)
    check("5x5-3", row)
    assert row["tables"] == NO_TABLES and stuck_build == ["build"]
    [line] = captured.err.splitlines()
    assert line == weak_line_note(0.5)
    assert "--seconds 0.5" in line and PREPARE in line and "weaker search" in line


def test_a_budget_that_outlasts_the_build_gets_the_tables(
        builds: list[str], small_heur: object, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "5x5-4", "--seconds", "2", "--json"]) == 0
    captured = capsys.readouterr()
    row = json.loads(captured.out)
    check("5x5-4", row)
    assert row["tables"] == small_name(small_heur) and builds == ["build"]
    assert captured.err == ""  # off a terminal a build within a deadline draws no bar


def test_a_batch_says_it_once_and_names_each_lines_tables(
        stuck_build: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    ids = ["5x5-5", "3x3-1", "6x6-1", "5x4-2"]  # (a 4x4's table build outlived the test)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(ids) + "\n"))
    monkeypatch.setattr("game.cli.solve.PARALLEL_FROM", 99)  # one by one: a steady budget
    assert main(["solve", "--batch", "-", "--seconds", "0.4"]) == 0
    captured = capsys.readouterr()
    rows = [json.loads(line) for line in captured.out.splitlines()]
    for game_id, row in zip(ids, rows, strict=True):
        check(game_id, row)
    assert [r["tables"] for r in rows][::2] == [NO_TABLES, NO_TABLES]
    assert rows[1]["tables"] in (exact_tables_name(3, 3), NO_TABLES)  # proven, or best found
    assert rows[3]["tables"] == NO_TABLES  # 5x4 is no 5x5 corner: no tables to want
    assert captured.err.splitlines() == [weak_line_note(0.4)]
    from game.solver.exact.heuristic import _preparing

    assert (6, 6) not in _preparing  # a command never starts a 6x6 build its exit would waste


def test_only_the_games_worker_builds_a_boards_own_tables_behind_its_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert not big.OWN_BUILDS
    big.allow_own_builds(True)  # the suite forbids it (OWN_BUILDS_ALLOWED off)
    assert not big.OWN_BUILDS
    monkeypatch.setattr(big, "OWN_BUILDS_ALLOWED", True)
    big.allow_own_builds(True)
    assert big.OWN_BUILDS
    big.allow_own_builds(False)
    assert not big.OWN_BUILDS


def test_a_batch_without_budget_builds_first(
        builds: list[str], small_heur: object, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1 2 3/4 5 6/7 0 8\n5x5-6\n"))
    assert main(["solve", "--batch", "-"]) == 0
    captured = capsys.readouterr()
    rows = [json.loads(line) for line in captured.out.splitlines()]
    assert rows[0]["tables"] == "3x3 full table"
    check("5x5-6", rows[1])
    assert rows[1]["tables"] == small_name(small_heur)
    [line] = captured.err.splitlines()
    assert line.startswith("fifteen: building the 5x5 tables ... done in ")


def test_analyse_builds_first_and_names_the_tables(
        builds: list[str], small_heur: object, capsys: pytest.CaptureFixture[str]) -> None:
    board = parse_game_id("5x5-7").board()
    first = sorted(board.legal_moves())[0]
    assert main(["analyse", "5x5-7", first, "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["tables"] == small_name(small_heur)
    assert builds == ["build"] and "building the 5x5 tables" in captured.err


def test_analyse_without_the_tables_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    board = parse_game_id("5x5-7").board()
    first = sorted(board.legal_moves())[0]
    assert main(["analyse", "5x5-7", first, "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["tables"] == NO_TABLES
    assert captured.err.splitlines() == [weak_line_note(None)]


@pytest.mark.parametrize("args", [["solve", "5x5-1", "--seconds", "0"],
                                  ["solve", "5x5-x"],
                                  ["analyse", "5x5-7", "X"],
                                  ["analyse", "5x5-7", "UUUUUUUUUU"]])
def test_bad_input_is_one_line_and_exit_2_before_any_build(
        args: list[str], builds: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert builds == []


def test_exact_tables_are_named_by_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.solver.exact import strong

    monkeypatch.setattr(strong, "_loaded", {})  # whatever an earlier test loaded
    assert exact_tables_name(3, 3) == "3x3 full table"
    assert exact_tables_name(4, 4) == "4x4 6-6-3"


def test_start_build_is_one_build_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    calls: list[int] = []

    def fake_get(width: int, height: int, progress: object = None) -> None:
        calls.append(width)
        release.wait(30)

    monkeypatch.setattr(big, "get_heuristic", fake_get)
    monkeypatch.setattr(big, "_builders", {})
    try:
        first = big.start_build()
        assert big.start_build() is first
    finally:
        release.set()
    first.join(5)
    assert calls == [5]


@pytest.mark.slow
def test_a_fresh_cache_builds_the_real_tables_once(tmp_path: Path) -> None:
    """About 20-60 s: the real 5x5 build, in a process of its own with a private cache."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    run = [sys.executable, "main.py", "solve", "5x5-1", "--json"]
    first = subprocess.run(run, cwd=ROOT, env=env, capture_output=True, text=True,
                           timeout=600, check=True)
    assert "building the 5x5 tables ... done in" in first.stderr
    assert json.loads(first.stdout)["tables"] == "5x5 5-5-5-5-4"
    again = subprocess.run(run, cwd=ROOT, env=env, capture_output=True, text=True,
                           timeout=120, check=True)
    assert again.stderr == "" and json.loads(again.stdout)["tables"] == "5x5 5-5-5-5-4"


def test_which_own_tables_a_big_board_joins_to_the_corners() -> None:
    from game.core.board import Board

    six, seven, eight = (Board.goal(s, s).apply_all("DR") for s in (6, 7, 8))
    assert big.own_tables_shape(six, None) == big.own_tables_shape(six, 30) == (6, 6)
    assert big.own_tables_shape(seven, None) is None and big.own_tables_shape(seven, 1) is None
    assert big.own_tables_shape(seven, 10) == (7, 7)  # long budgets only (MIDWAY_SECONDS)
    assert big.own_tables_shape(eight, 60) is None
    assert big.own_tables_shape(Board.goal(5, 5).apply_all("DR"), 60) is None


def test_a_long_7x7_budget_searches_from_along_the_line_on_its_own_tables(
        small_heur: object, monkeypatch: pytest.MonkeyPatch) -> None:
    import time


    monkeypatch.setattr(big, "MIDWAY_SECONDS", {7: 0.5})
    monkeypatch.setitem(_heuristics, (5, 5, False), small_heur)
    seven = make_heuristic(7, 7, tuple((t,) for t in range(1, 49)))  # Manhattan, at once
    monkeypatch.setitem(_heuristics, (7, 7, False), seven)
    board = parse_game_id("7x7-3").board()
    better: list[str] = []
    found = big.best_line(board, deadline=time.monotonic() + 1.5, on_better=better.append)
    assert board.apply_all(found.moves).is_solved()
    assert all(board.apply_all(line).is_solved() for line in better)
    assert big.engine_tables_name(board, 1.5) == (
        f"{small_name(small_heur)} + 7x7 {'-'.join(['1'] * 48)} + {stage_tables_name(7)}")
    assert big.engine_tables_name(board, 0.2) == (
        f"{small_name(small_heur)} + {stage_tables_name(7)}")


def test_a_long_7x7_budget_without_its_tables_says_so_once(
        small_heur: object, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(big, "MIDWAY_SECONDS", {7: 0.2})
    monkeypatch.setitem(_heuristics, (5, 5, False), small_heur)
    assert not big.AUTO_PREPARE and not big.tables_ready((7, 7))
    from game.solver.big.stage import stage_heuristic

    stage_heuristic(7)  # the peeling's own small tables, made before the clock starts
    assert main(["solve", "7x7-2", "--seconds", "3", "--json"]) == 0
    captured = capsys.readouterr()
    check("7x7-2", json.loads(captured.out))
    assert captured.err.splitlines() == [weak_line_note(3, (7, 7))]
    assert "prepare --seven" in captured.err and "more than --seconds 3" in captured.err


def test_a_budget_searches_on_the_stronger_tables_the_cache_holds_for_nearly_all_of_it(
        builds: list[str], small_heur: object, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A newcomer's `solve --seconds 60` named 5x5 5-5-5-5-4 where plain `solve` named
    6-6-6-6, and stopped at 48 s: with a budget the start-up loads the stronger tables the
    disk cache holds, and a big board's search takes nearly the whole budget (the share kept
    for a proof is for boards of up to 16 cells)."""
    import game.solver as solver
    import game.solver.exact.heuristic as heuristic

    _heuristics[(5, 5, False)] = small_heur  # type: ignore[assignment]  # the set-up's
    stronger = make_heuristic(5, 5, tuple((t,) for t in range(1, 25)))  # standing in
    cached = heuristic.cached_heuristic

    def from_cache(width: int, height: int, strong: bool = False) -> object:
        if strong and (width, height) == (5, 5):
            _heuristics[(5, 5, True)] = stronger
            return stronger
        return cached(width, height, strong=strong)

    budgets: list[float | None] = []
    solve = solver.solve

    def timed_solve(board: object, *, deadline: float | None = None, **kwargs: object) -> object:
        import time

        budgets.append(None if deadline is None else deadline - time.monotonic())
        return solve(board, deadline=deadline, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(heuristic, "cached_heuristic", from_cache)
    monkeypatch.setattr(solver, "solve", timed_solve)
    monkeypatch.setattr("game.cli.solve.OPTIMAL_SHARE", 0.1)  # a proof's share, if kept: 0.2 s
    try:
        assert main(["solve", "5x5-4", "--seconds", "2", "--json"]) == 0
        row = json.loads(capsys.readouterr().out)
        check("5x5-4", row)
        assert row["tables"] == small_name(stronger) and builds == []
        assert budgets and budgets[0] is not None and budgets[0] > 1.0  # not a proof's share
    finally:
        _heuristics.pop((5, 5, True), None)
