"""The `solve` command: print an optimal (or best-found) solution, or one JSON object."""

from __future__ import annotations

import argparse
import json
import sys
import time

from game.core.board import Board
from game.core.notation import compress_moves
from game.core.parity import solvability

EXIT_OK = 0
EXIT_UNSOLVABLE = 1
EXIT_NO_SOLVER = 3
OPTIMAL_SHARE = 0.8
"""Share of --seconds spent proving optimality before falling back to a best-found solution."""
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
    """`solve`: 0 solved, 1 unsolvable (reason on stderr); 3 only if no solver is installed.

    With --seconds, a board that cannot be solved optimally in time gets a best-found
    solution (``optimal`` false) within the budget instead.
    """
    from game.solver import SolveTimeout, solve
    from game.solver.search import solve_best_found

    as_json = bool(getattr(args, "json", False))
    seconds = getattr(args, "seconds", None)
    verdict = solvability(board)
    if not verdict.solvable:
        print(f"{PROG}: {board.shape} board {board} is {verdict.message()}", file=sys.stderr)
        if as_json:
            print(json.dumps(_report(board, False, False, "", 0, 0.0)))
        return EXIT_UNSOLVABLE
    start = time.monotonic()
    deadline = None if seconds is None else start + OPTIMAL_SHARE * seconds
    try:
        try:
            solution = solve(board, deadline=deadline)
        except SolveTimeout:
            # no proof in time: the rest of the budget goes to a best-found solution
            solution = solve_best_found(board, deadline=start + seconds)
    except NotImplementedError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return EXIT_NO_SOLVER
    if as_json:
        print(json.dumps(_report(board, True, solution.optimal, solution.moves, solution.nodes,
                                 time.monotonic() - start)))
        return EXIT_OK
    kind = "optimal" if solution.optimal else "best found (not proven optimal)"
    print(solution.moves if solution.moves else "(already solved)")
    print(
        f"{solution.length} moves, {kind}; compact {compress_moves(solution.moves) or '-'}; "
        f"{solution.nodes} nodes in {time.monotonic() - start:.3f} s"
    )
    return EXIT_OK
