"""`analyse`: every move judged as the game judges it, checked against exhaustive search."""

from __future__ import annotations

import json
import random
from functools import lru_cache

import pytest

from game.cli.analyse import ExactOracle, analyse
from game.cli.main import main
from game.core.board import Board
from game.core.generate import random_board
from tests.helpers import bfs_distances

pytestmark = pytest.mark.usefixtures("private_cache")

JUDGEMENTS = {"optimal", "wasteful", "line", "off-line", "unknown"}


@lru_cache(maxsize=4)
def table(width: int, height: int) -> dict[tuple[int, ...], int]:
    return bfs_distances(width, height)


def random_game(board: Board, rng: random.Random, detour: float) -> str:
    """Mostly optimal play (a random one of the optimal moves) with random detours."""
    dist = table(board.width, board.height)
    moves, here = [], board
    while not here.is_solved() and len(moves) < 200:
        legal = here.legal_moves()
        best = [m for m in legal if dist[here.apply(m).tiles] == dist[here.tiles] - 1]
        move = rng.choice(legal if rng.random() < detour else best)
        moves.append(move)
        here = here.apply(move)
    return "".join(moves)


@pytest.mark.parametrize("shape", [(3, 3), (2, 4), (4, 2)])
def test_every_judgement_agrees_with_exhaustive_search(shape: tuple[int, int]) -> None:
    rng = random.Random(sum(shape))
    dist = table(*shape)
    for _ in range(12):
        board = random_board(*shape, rng)
        moves = random_game(board, rng, detour=0.25)
        data = analyse(board, moves)
        assert data["optimal_length"] == dist[board.tiles]
        here = board
        for row, move in zip(data["moves"], moves, strict=True):
            nxt = here.apply(move)
            before, after = dist[here.tiles], dist[nxt.tiles]
            assert (row["move"], row["before"], row["after"]) == (move, before, after)
            assert row["judgement"] == ("optimal" if after < before else "wasteful")
            here = nxt
        summary = data["summary"]
        wasteful = sum(1 for r in data["moves"] if r["judgement"] == "wasteful")
        assert summary["wasteful"] == wasteful and summary["unknown"] == 0
        assert summary["solved"] and summary["moves"] == len(moves)
        assert summary["efficiency"] == pytest.approx(dist[board.tiles] / len(moves))
        assert summary["points"] >= 0


def test_alternative_optimal_moves_all_count() -> None:
    dist = table(3, 3)
    rng = random.Random(5)
    for _ in range(200):
        board = random_board(3, 3, rng)
        best = [m for m in board.legal_moves()
                if dist[board.apply(m).tiles] == dist[board.tiles] - 1]
        if len(best) >= 2:
            break
    paths = []
    for first in best:
        rest = random_game(board.apply(first), random.Random(1), detour=0.0)
        paths.append(first + rest)
    results = [analyse(board, path) for path in paths]
    for data in results:
        assert all(r["judgement"] == "optimal" for r in data["moves"])
        assert data["summary"]["grade"] == "S"
    assert len({r["summary"]["points"] for r in results}) == 1


def test_json_schema_and_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "1 2 3/4 5 6/0 7 8", "LRL2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"board", "optimal_length", "coach_line", "moves", "summary",
                         "points", "tables"}
    assert [row["item"] for row in data["points"]] == [
        "moves", "solve bonus", "perfect bonus", "time bonus", "undos, restarts and hints"]
    assert data["tables"] == "3x3 full table"
    assert data["coach_line"] is None  # exact on 3x3
    assert data["optimal_length"] == 2
    assert [r["judgement"] for r in data["moves"]] == ["optimal", "wasteful", "optimal",
                                                       "optimal"]
    assert all(set(r) == {"move", "before", "after", "judgement", "points"}
               for r in data["moves"])
    assert {r["judgement"] for r in data["moves"]} <= JUDGEMENTS
    summary = data["summary"]
    for key in ("moves", "optimal_length", "wasteful", "accuracy", "classic_accuracy",
                "efficiency", "points", "grade"):
        assert key in summary
    assert summary["accuracy"] == 0.75 and summary["classic_accuracy"] == 0.5
    assert main(["analyse", "1 2 3/4 5 6/0 7 8", "LRLL"]) == 0
    out = capsys.readouterr().out
    assert "wasteful" in out and "grade: C" in out and "classic" in out


def test_a_game_that_stops_short_is_judged_but_not_graded(capsys) -> None:
    assert main(["analyse", "1 2 3/4 5 6/0 7 8", "L", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)["summary"]
    assert not summary["solved"] and summary["grade"] == "-"
    assert summary["solve_bonus"] == 0


@pytest.mark.parametrize(
    ("moves", "words"),
    [
        ("LRLLU", "move 5 of 'LRLLU' (U) is illegal: no tile below the gap"),
        ("R", "move 1 of 'R' (R) is illegal: no tile left of the gap"),
        ("LX", "'X' is not a move"),
    ],
)
def test_illegal_moves_are_bad_input(moves: str, words: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "1 2 3/4 5 6/0 7 8", moves]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    [line] = captured.err.splitlines()
    assert words in line


def test_unsolvable_board_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "1 2 3/4 5 6/8 7 0", "D"]) == 2
    assert "not solvable" in capsys.readouterr().err


def coach_line(board: Board) -> tuple[ExactOracle, str]:
    """The oracle analyse uses, and the coach's line it holds for ``board``."""
    oracle = ExactOracle(board)
    hint = oracle(board)
    assert hint is not None and not hint.optimal
    return oracle, hint.path


def test_a_big_board_game_along_the_coachs_line_is_all_line() -> None:
    board = random_board(5, 5, random.Random(4))
    oracle, line = coach_line(board)
    data = analyse(board, line, oracle)
    # (the last move is exact: one move from the goal is proven one move from it)
    assert {r["judgement"] for r in data["moves"][:-1]} == {"line"}
    assert data["moves"][-1]["judgement"] in ("line", "optimal")
    assert data["coach_line"] == len(line) and data["optimal_length"] is None
    assert data["moves"][0]["before"] == len(line) and data["moves"][-1]["after"] == 0
    summary = data["summary"]
    assert summary["solved"] and summary["unknown"] == 0 and summary["efficiency"] == 1.0
    assert not summary["perfect"] and "against the best line known" in summary["grade_reason"]


def test_a_detour_on_a_big_board_is_off_line_then_back_on() -> None:
    from game.core.board import inverse

    board = random_board(5, 5, random.Random(9))
    oracle, line = coach_line(board)
    detour = next(m for m in board.legal_moves() if m != line[0])
    data = analyse(board, detour + inverse(detour) + line, oracle)
    judged = [r["judgement"] for r in data["moves"]]
    assert judged[:2] == ["off-line", "line"] and set(judged[2:-1]) == {"line"}
    assert judged[-1] in ("line", "optimal")  # one move from the goal is proven
    first = data["moves"][0]
    assert (first["before"], first["after"]) == (len(line), len(line) + 1)
    assert data["summary"]["wasteful"] == 1 and data["summary"]["unknown"] == 0


def test_a_line_beyond_exact_reach_is_never_called_the_optimal_length() -> None:
    """Fourth newcomer playtest: a 5x5 report said "optimal length ?" at the top and
    "optimal length: 123" below, of a line the search found, not a proven optimum."""
    from game.cli.analyse import format_report

    summary = {"solved": True, "moves": 111, "exact": False, "optimal_length": 107,
               "wasteful": 0, "accuracy": None, "classic_accuracy": None, "efficiency": 0.96,
               "points": 0, "grade_reason": "B: 96% of the coach's line"}
    report = format_report({"board": "5x5", "optimal_length": None, "coach_line": 107,
                            "moves": [], "summary": summary, "points": []})
    assert "coach's best line 107 (the optimal length is not known)" in report
    assert "best known line: 107" in report and "optimal length:" not in report
    exact = format_report({"board": "4x4", "optimal_length": 50, "coach_line": None,
                           "moves": [], "summary": {**summary, "exact": True,
                                                    "optimal_length": 50}, "points": []})
    assert "optimal length 50" in exact and "optimal length: 50" in exact
