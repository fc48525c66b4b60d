"""The `analyse` command: judge any game move by move with the game's own session and scoring.

Boards of at least 5x5 are judged with the 5x5 tables: loaded, or built first with a progress
line on stderr (one stderr line says so when they could not be); ``--json`` names the tables.
The points are accounted for item by item, and the items a board and its moves cannot tell (the
time bonus, undos, restarts, hints) are named as unknown with what they are worth in a game.
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
from game.core.scoring import HINT_COST_PER_LEVEL, RESTART_COST, UNDO_COST, Line
from game.core.summary import (
    TIME_BONUS_PER_MOVE,
    GameSummary,
    par_seconds,
    percent_text,
    summarize,
)
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
        "points": points_accounting(summary),
    }


def points_accounting(summary: GameSummary) -> list[dict]:
    """Every item the game's points are made of: its points, or None with why it is not
    known from a board and moves alone (a game adds or takes it; ``analyse`` cannot see it)."""
    top = summary.optimal_length
    if summary.solved_by_player and top:
        speed = (f"up to +{TIME_BONUS_PER_MOVE * top} for finishing fast (nothing at "
                 f"{par_seconds(top):g} s or later); the game times it, a board cannot")
    else:
        speed = "none for a game that is not solved (or whose line is not known)"
    return [
        {"item": "moves", "points": summary.move_points, "why": ""},
        {"item": "solve bonus", "points": summary.solve_bonus, "why": ""},
        {"item": "perfect bonus", "points": summary.perfect_bonus, "why": ""},
        {"item": "time bonus", "points": None, "why": speed},
        {"item": "undos, restarts and hints", "points": None,
         "why": f"-{UNDO_COST} an undo, -{RESTART_COST} a restart, -{HINT_COST_PER_LEVEL} "
                "a hint level; a list of moves cannot show them"},
    ]


def _summary_data(summary: GameSummary, finished: bool) -> dict:
    data = asdict(summary)
    for key in ("seconds", "distances", "hints_used", "assisted", "coach_moves", "shape",
                "solved_by_player", "by_coach"):
        data.pop(key, None)
    return {"solved": finished, **data}


UNKNOWN_ITEMS = "not in these points (a board and its moves cannot tell them):"


def _percent(value: float | None) -> str:
    return "-" if value is None else percent_text(value)


def format_report(data: dict) -> str:
    """The human-readable report: one line a move, then the summary the end screen shows."""
    def shown(value: int | None) -> str:
        return "?" if value is None else str(value)

    if data["optimal_length"] is None and data["coach_line"] is not None:
        # beyond exact reach: a line, not a proven optimum (the game says "coach's line")
        head = f"coach's best line {data['coach_line']} (the optimal length is not known)"
    else:
        head = f"optimal length {shown(data['optimal_length'])}"
    lines = [f"board {data['board']}, {head}"]
    for i, row in enumerate(data["moves"], start=1):
        lines.append(f"{i:4d}  {row['move']}  {shown(row['before']):>3} -> "
                     f"{shown(row['after']):<3}  {row['judgement']:<9} {row['points']:+d}")
    s = data["summary"]
    lines += [
        f"solved: {'yes' if s['solved'] else 'no'}",
        f"moves: {s['moves']}  {'optimal length' if s['exact'] else 'best known line'}: "
        f"{shown(s['optimal_length'])}  "
        f"wasteful moves: {s['wasteful']}",
        f"accuracy: {_percent(s['accuracy'])} (classic (right - wrong) / total: "
        f"{_percent(s['classic_accuracy'])})  efficiency: {_percent(s['efficiency'])}",
        f"points: {s['points']} = " + " + ".join(
            f"{row['item']} {row['points']}" for row in data["points"]
            if row["points"] is not None) + (" (never below 0)" if s["points"] == 0 else ""),
        UNKNOWN_ITEMS,
        *(f"  {row['item']}: {row['why']}" for row in data["points"]
          if row["points"] is None),
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
    from game.cli.tables import (
        BigTables,
        big_tables_name,
        line_tables,
        needs_big_tables,
        whole_shape,
    )

    big = BigTables(sys.stderr)
    if needs_big_tables(board) and not big.wait():
        big.note(None)
    elif (whole := whole_shape(board)) is not None:
        own = BigTables(sys.stderr, shape=whole)  # a 6x6 board's own (minutes, the first time)
        if not own.wait():
            own.note(None)
    data = analyse(board, moves)
    data["tables"] = line_tables(board, True, big_tables_name())
    if args.json:
        print(json.dumps(data))
    else:
        print(format_report(data))
    sys.stdout.flush()
    return EXIT_OK
