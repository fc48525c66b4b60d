"""The `analyse` command: judge any game move by move with the game's own session and scoring.

Boards of at least 5x5 are judged with the 5x5 tables: loaded, or built first with a progress
line on stderr (one stderr line says so when they could not be); ``--json`` names the tables.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict

from game.core.actions import Move
from game.core.board import Board, BoardError
from game.core.coach import EXACT_CELLS, Hint
from game.core.notation import parse_moves
from game.core.parity import solvability
from game.core.scoring import Line
from game.core.summary import GameSummary, summarize
from game.play.session import Session

PROG = "fifteen"
EXIT_OK = 0


class ExactOracle:
    """What the coach knows, each board solved once: exact hints up to EXACT_CELLS cells;
    beyond, the coach's best line for the start board (the session follows it through the
    game, as in play) and exact answers near the goal where the 5x5 tables are ready."""

    def __init__(self, start: Board | None = None) -> None:
        self._cache: dict[Board, Hint | None] = {}
        self._start = start

    def __call__(self, board: Board) -> Hint | None:
        if board not in self._cache:
            self._cache[board] = self._solve(board)
        return self._cache[board]

    def _solve(self, board: Board) -> Hint | None:
        from game.solver import big_tables_ready, optimal_moves, within_reach
        from game.worker.jobs import checked_hint

        if board.size <= EXACT_CELLS or (big_tables_ready() and within_reach(board)):
            return checked_hint(board, optimal_moves(board))
        if board == self._start:
            return checked_hint(board, optimal_moves(board))  # the coach's best line
        return None


def check_moves(board: Board, moves: str, text: str) -> None:
    """Raise BoardError naming the first move of ``moves`` that cannot be made, and why."""
    here = board
    for i, move in enumerate(moves, start=1):
        if not here.can_move(move):
            side = {"U": "below", "D": "above", "L": "right of", "R": "left of"}[move]
            raise BoardError(f"move {i} of '{text}' ({move}) is illegal: no tile {side} the gap")
        here = here.apply(move)


def analyse(board: Board, moves: str, oracle: ExactOracle | None = None) -> dict:
    """The judged game as plain data (the schema ``--json`` prints)."""
    session = Session(board, oracle=oracle or ExactOracle(board))
    for move in moves:
        session.apply(Move(move))
    finished = session.solved
    sheet = session.sheet
    summary = summarize(sheet, None, True, finished=finished,  # untimed: no time bonus
                        line_length=session.line_length())
    rows = []
    before = sheet.start_distance if sheet.start_distance is not None else session.line_length()
    nodes: list[Line] = list(sheet.line.walk()) if sheet.line is not None else []
    for node in nodes:
        rows.append({"move": node.move, "before": before, "after": node.distance,
                     "judgement": node.cls.value, "points": node.points})
        before = node.distance
    return {
        "board": board.text(),
        "optimal_length": sheet.start_distance,
        "coach_line": summary.optimal_length if not summary.exact else None,
        "moves": rows,
        "summary": _summary_data(summary, finished),
    }


def _summary_data(summary: GameSummary, finished: bool) -> dict:
    data = asdict(summary)
    for key in ("seconds", "distances", "hints_used", "assisted", "coach_moves", "shape",
                "solved_by_player", "by_coach"):
        data.pop(key, None)
    return {"solved": finished, **data}


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{round(value * 100)}%"


def format_report(data: dict) -> str:
    """The human-readable report: one line a move, then the summary the end screen shows."""
    def shown(value: int | None) -> str:
        return "?" if value is None else str(value)

    lines = [f"board {data['board']}, optimal length {shown(data['optimal_length'])}"]
    for i, row in enumerate(data["moves"], start=1):
        lines.append(f"{i:4d}  {row['move']}  {shown(row['before']):>3} -> "
                     f"{shown(row['after']):<3}  {row['judgement']:<9} {row['points']:+d}")
    s = data["summary"]
    lines += [
        f"solved: {'yes' if s['solved'] else 'no'}",
        f"moves: {s['moves']}  optimal length: {shown(s['optimal_length'])}  "
        f"wasteful moves: {s['wasteful']}",
        f"accuracy: {_percent(s['accuracy'])} (classic (right - wrong) / total: "
        f"{_percent(s['classic_accuracy'])})  efficiency: {_percent(s['efficiency'])}",
        f"points: {s['points']} (moves {s['move_points']}, bonuses "
        f"+{s['solve_bonus'] + s['time_bonus'] + s['perfect_bonus']}, costs -{s['costs']})",
        f"grade: {s['grade_reason']}",
    ]
    return "\n".join(lines)


def cmd_analyse(args: argparse.Namespace, board: Board) -> int:
    """`analyse BOARD MOVES [--json]`: 0 when judged; bad input raises BoardError (exit 2)."""
    verdict = solvability(board)
    if not verdict.solvable:
        raise BoardError(f"board {board} is not solvable ({verdict.message()})")
    moves = parse_moves(args.moves)
    check_moves(board, moves, args.moves)
    from game.cli.tables import BigTables, big_tables_name, line_tables, needs_big_tables

    big = BigTables(sys.stderr)
    if needs_big_tables(board) and not big.wait():
        big.note(None)
    data = analyse(board, moves)
    data["tables"] = line_tables(board, True, big_tables_name())
    if args.json:
        print(json.dumps(data))
    else:
        print(format_report(data))
    sys.stdout.flush()
    return EXIT_OK
