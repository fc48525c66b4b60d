"""The `solve` command: output, JSON shape and exit statuses."""

from __future__ import annotations

import json

import pytest

from game.cli.main import main
from game.core.notation import parse_board

JSON_KEYS = {"width", "height", "solvable", "optimal", "length", "moves", "nodes", "seconds",
             "tables"}
BOARD = "2 4 6/0 7 1/8 5 3"


pytestmark = pytest.mark.usefixtures("private_cache")


def test_solve_prints_moves_and_length(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", BOARD]) == 0
    out = capsys.readouterr().out.splitlines()
    assert parse_board(BOARD).apply_all(out[0]).is_solved()
    assert out[1].startswith("21 moves, optimal")


def test_solve_json_is_one_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", BOARD, "--json"]) == 0
    out = capsys.readouterr().out
    data = json.loads(out)
    assert set(data) == JSON_KEYS
    assert data["width"] == 3 and data["height"] == 3
    assert data["solvable"] is True and data["optimal"] is True
    assert data["length"] == 21 == len(data["moves"])
    assert parse_board(BOARD).apply_all(data["moves"]).is_solved()
    assert isinstance(data["nodes"], int) and isinstance(data["seconds"], float)


def test_solve_4x3_json(capsys: pytest.CaptureFixture[str]) -> None:
    text = "2 5 0 6/10 4 1 3/9 11 8 7"
    assert main(["solve", text, "--json", "--seconds", "60"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["width"], data["height"], data["length"]) == (4, 3, 23)
    assert data["optimal"] is True and data["nodes"] > 0
    assert data["tables"] == "4x3 6-5"


def test_solved_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "1 2 3/4 5 6/7 8 0", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["length"] == 0 and data["moves"] == ""


def test_unsolvable_exit_1_with_reason(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "2 1 3/4 5 6/7 8 0"]) == 1
    captured = capsys.readouterr()
    assert "unsolvable" in captured.err and captured.out == ""
    assert main(["solve", "2 1 3/4 5 6/7 8 0", "--json"]) == 1
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert set(data) == JSON_KEYS and data["solvable"] is False and data["moves"] is None
    assert "unsolvable" in captured.err


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "1 2 3/4 5 6/7 8"],
        ["solve", "1 2 3/4 5 6/7 8 9"],
        ["solve", "1 1 3/4 5 6/7 8 0"],
        ["solve", BOARD, "--seconds", "0"],
        ["solve", BOARD, "--seconds", "soon"],
        ["solve"],
    ],
)
def test_bad_input_exit_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "error" in captured.err


def test_time_budget_falls_back_to_a_best_found_solution(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No proof in time (here: at once, so the budget can be generous on a busy machine)
    gives the best-found line. How much a hard board gets within a small budget is a figure:
    `python -m game.cli.bench_fast deadline`."""
    pytest.importorskip("game.solver.big.large")
    import game.solver as solver

    def no_proof_in_time(*args: object, **kwargs: object) -> None:
        raise solver.SolveTimeout("no proof in time")

    monkeypatch.setattr(solver, "solve", no_proof_in_time)
    hard = "0 14 15 2/10 3 1 5/12 7 13 11/4 8 6 9"  # 64 moves, millions of nodes
    assert main(["solve", hard, "--json", "--seconds", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["optimal"] is False and data["length"] >= 64
    assert parse_board(hard).apply_all(data["moves"]).is_solved()


def test_large_board_best_found(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("game.solver.big.large")
    assert main(["solve", "6x6-3", "--seconds", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "best found" in out[1]
