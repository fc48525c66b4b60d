"""Exact 15-puzzles at the frontier (issue 24): `python -m game.cli.bench_strong [korf|hardest]`.

Each set is solved by one `solve --batch` call in a fresh process (start-up included), with
whatever tables the user cache holds: the strong 4x4 tables when ``python -m
game.cli.prepare --strong`` has built them, else 6-6-3. Printed: the tables used, the wall
time, seconds per board, the mean nodes per board (nodes generated: every child whose
heuristic was looked up, pruned or not) and every length checked against the published one;
``hardest`` also prints each 80-move board's search time, ``alone`` each one's solved by
itself on one core, ``coach`` how long the in-game coach takes to give the distance and every
optimal move. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from game.cli.korf import hardest80, korf100
from game.core.board import INVERSE, Board

if TYPE_CHECKING:
    from game.solver.results import OptimalMoves

ROOT = Path(__file__).resolve().parents[2]


def run_batch(boards: list[Board]) -> tuple[float, list[dict], str]:
    """(wall seconds, the JSON records, stderr) of one `solve --batch -` call."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "main.py", "solve", "--batch", "-"], cwd=ROOT,
                          input="\n".join(b.text() for b in boards) + "\n",
                          capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    records = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return wall, records, done.stderr


def report(name: str, rows: list[tuple[Board, int]], each: bool) -> None:
    """Solve ``rows`` in one batch call and print the figures (and each board's, if asked)."""
    boards = [b for b, _ in rows]
    wall, records, errors = run_batch(boards)
    if len(records) != len(rows):
        print(f"{name}: the batch answered {len(records)} of {len(rows)} boards: "
              f"{errors.strip()[-300:]}")
        return
    wrong = [i + 1 for i, (rec, (_, want)) in enumerate(zip(records, rows, strict=True))
             if rec.get("length") != want or not rec.get("optimal")]
    nodes = [int(rec.get("nodes", 0)) for rec in records]
    seconds = [float(rec.get("seconds", 0.0)) for rec in records]
    tables = sorted({str(rec.get("tables")) for rec in records})
    if each:
        for i, (rec, (_, want)) in enumerate(zip(records, rows, strict=True), 1):
            print(f"  {name} #{i:2d}: {rec.get('length')} moves (published {want}), "
                  f"{rec.get('seconds'):.2f} s, {rec.get('nodes'):,} nodes")
    print(f"{name}: {len(rows)} boards in one solve --batch call, {wall:.2f} s wall (start-up "
          f"included), {wall / len(rows):.3f} s per board; search {sum(seconds):.2f} s in all, "
          f"max {max(seconds):.2f} s; nodes generated per board: mean {statistics.mean(nodes):,.0f}"
          f", median {statistics.median(nodes):,.0f}; tables {', '.join(tables)}; lengths "
          + ("all as published" if not wrong else f"WRONG on boards {wrong}"), flush=True)


def report_alone(name: str, rows: list[tuple[Board, int]]) -> None:
    """Solve each board by itself, one `solve --json` call after another: one core each,
    nothing beside it (the batch's figures have two searches sharing the memory bus)."""
    seconds = []
    for i, (board, want) in enumerate(rows, 1):
        done = subprocess.run([sys.executable, "main.py", "solve", "--json", board.text()],
                              cwd=ROOT, capture_output=True, text=True, check=False)
        record = json.loads(done.stdout)
        ok = record.get("length") == want and record.get("optimal")
        seconds.append(float(record["seconds"]))
        print(f"  {name} #{i:2d} alone: {record.get('length')} moves"
              f"{'' if ok else ' WRONG'}, {seconds[-1]:.2f} s", flush=True)
    print(f"{name}, each alone on one core: {sum(seconds):.1f} s in all, max {max(seconds):.2f} s, "
          f"{sum(s <= 5.0 for s in seconds)} of {len(rows)} within 5 s", flush=True)


COACH_SEED = 24
COACH_RANDOM = 100


Ask = tuple[Board, int | None, dict[str, int], str]
"""A board for the coach, with what it may take as proven: the distance, children's
distances by move, an optimal line."""


def time_coach(name: str, asks: list[Ask], each: bool) -> list[OptimalMoves]:
    """Time the coach's answer to each ask; print the figures (and each answer, if asked)."""
    from game.solver import optimal_moves

    seconds = []
    answers = []
    for i, (board, distance, settled, line) in enumerate(asks, 1):
        start = time.perf_counter()
        answer = optimal_moves(board, distance=distance, settled=settled, line=line)
        seconds.append(time.perf_counter() - start)
        answers.append(answer)
        if each:
            print(f"  coach #{i:2d}: distance {answer.distance}, optimal moves "
                  f"{''.join(sorted(answer.moves))}, {seconds[-1]:.2f} s", flush=True)
    ordered = sorted(seconds)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    print(f"coach, {name}: distance and every optimal move in median "
          f"{statistics.median(seconds):.3f} s, p95 {p95:.3f} s, max {ordered[-1]:.2f} s; "
          f"{sum(s <= 1.0 for s in seconds)} of {len(seconds)} within 1 s", flush=True)
    return answers


def report_coach() -> None:
    """What the in-game coach asks for each position: the distance and EVERY optimal first
    move, on one thread with the JIT kernels as in the game: 100 seeded random 15-puzzles,
    the 17 80-move boards and the 17 positions one move on from them (each printed), from
    scratch; then the positions one move on as in play, where the 80-move board's answer
    proves their distance and settles their move back: a move off its path, and along it."""
    import random

    from game.core.generate import random_board
    from game.solver import optimal_moves
    from game.solver.exact.strong import load_strong

    if load_strong() is None:
        print("coach: the strong tables are not built (python -m game.cli.prepare --strong)")
        return
    rng = random.Random(COACH_SEED)
    hardest = [b for b, _ in hardest80()]
    optimal_moves(random_board(4, 4, random.Random(0)))  # compile or load the kernels first
    time_coach("random 15-puzzles",
               [(random_board(4, 4, rng), None, {}, "") for _ in range(COACH_RANDOM)], False)
    answers = time_coach("80-move boards", [(b, None, {}, "") for b in hardest], True)
    # one move on: the move back is a child the coach must prove not optimal
    ahead = [(b, b.legal_moves()[0]) for b in hardest]
    time_coach("79-move positions", [(b.apply(m), None, {}, "") for b, m in ahead], True)
    # in play, as ``game.worker.jobs.proven_around`` finds it: the 80-move board's answer
    # gives the distance and settles the move back; along its path, the rest of the path
    # is an optimal line too
    for name, along in (("off", False), ("along", True)):
        asks: list[Ask] = []
        for board, answer in zip(hardest, answers, strict=True):
            move = answer.path[0] if along else next(
                m for m in board.legal_moves() if m != answer.path[0])
            d = answer.distance + (-1 if move in answer.moves else 1)
            asks.append((board.apply(move), d, {INVERSE[move]: answer.distance},
                         answer.path[1:] if along else ""))
        time_coach(f"79-move positions in play, a move {name} the answer's path", asks, True)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point."""
    parser = argparse.ArgumentParser(prog="python -m game.cli.bench_strong")
    parser.add_argument("what", nargs="?", choices=["korf", "hardest", "alone", "coach", "all"],
                        default="all", help="alone: each 80-move board by itself, one core; "
                        "coach: the in-game coach's answer time")
    args = parser.parse_args(argv)
    if args.what in ("korf", "all"):
        report("Korf's 100", korf100(), each=False)
    if args.what in ("hardest", "all"):
        report("the 17 80-move boards", hardest80(), each=True)
    if args.what in ("alone", "all"):
        report_alone("the 17 80-move boards", hardest80())
    if args.what in ("coach", "all"):
        report_coach()
    return 0


if __name__ == "__main__":
    sys.exit(main())
