"""The `solve` command: print an optimal (or best-found) solution, or one JSON object."""

from __future__ import annotations

import argparse
import json
import sys
import time

from game.board import Board
from game.notation import compress_moves
from game.parity import solvability

EXIT_OK = 0
EXIT_UNSOLVABLE = 1
EXIT_TIMEOUT = 3
PROG = "fifteen"


def _report(board: Board, solvable: bool, optimal: bool, moves: str, nodes: int,
            seconds: float) -> dict:
    return {
        "width": board.width,
        "height": board.height,
        "solvable": solvable,
        "optimal": optimal,
        "length": len(moves) if solvable else None,
        "moves": moves if solvable else None,
        "nodes": nodes,
        "seconds": round(seconds, 6),
    }


def cmd_solve(args: argparse.Namespace, board: Board) -> int:
    """`solve`: 0 solved, 1 unsolvable (reason on stderr), 3 when the time budget ran out."""
    from game.solver import SolveTimeout, solve

    as_json = bool(getattr(args, "json", False))
    seconds = getattr(args, "seconds", None)
    verdict = solvability(board)
    if not verdict.solvable:
        print(f"{PROG}: {board.shape} board {board} is {verdict.message()}", file=sys.stderr)
        if as_json:
            print(json.dumps(_report(board, False, False, "", 0, 0.0)))
        return EXIT_UNSOLVABLE
    deadline = None if seconds is None else time.monotonic() + seconds
    try:
        solution = solve(board, deadline=deadline)
    except SolveTimeout:
        print(f"{PROG}: no optimal solution of {board} within {seconds} s", file=sys.stderr)
        return EXIT_TIMEOUT
    except NotImplementedError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return EXIT_TIMEOUT
    if as_json:
        print(json.dumps(_report(board, True, solution.optimal, solution.moves, solution.nodes,
                                 solution.seconds)))
        return EXIT_OK
    kind = "optimal" if solution.optimal else "best found (not proven optimal)"
    print(solution.moves if solution.moves else "(already solved)")
    print(
        f"{solution.length} moves, {kind}; compact {compress_moves(solution.moves) or '-'}; "
        f"{solution.nodes} nodes in {solution.seconds:.3f} s"
    )
    return EXIT_OK
