"""5x5 proofs beyond exact reach: `python -m game.cli.bench_proof [--boards N] [--seconds S]`.

The game's coach, while the player thinks, first spends half of each longer search on an
exact proof of the board on screen where ``provable`` says one is worth a try (a lower bound
of at most PROOF_REACH, with the 6-6-6-6 tables). This prints, by lower bound, how many
boards along the coach's own lines are proven within the time such a search gives a proof.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from game.core.board import Board
from game.core.generate import random_board

SEED = 37
BOARDS = 6
PROOF_SECONDS = (2.0, 7.5, 22.5)
"""Half of each refining search's budget (``REFINE_SECONDS``): the proof's share of it."""
STEP = 4
"""Positions along each line: one every this many moves."""


def positions(count: int) -> list[Board]:
    """Boards along the coach's 1-s lines of ``count`` seeded random 5x5 boards, whose lower
    bound is at most PROOF_REACH + 8 and above exact reach."""
    from game.solver.big import api as big

    rng = random.Random(SEED)
    boards = []
    for _ in range(count):
        board = random_board(5, 5, rng)
        line = big.best_line(board, deadline=time.monotonic() + 1.0).moves
        for at in range(0, len(line), STEP):
            here = board.apply_all(line[:at])
            if big.ENDGAME_REACH < big.lower_bound(here) <= big.PROOF_REACH + 8:
                boards.append(here)
    return boards


def bench(count: int, seconds: float) -> None:
    """Prove each position within ``seconds``; print by lower bound."""
    from game.solver.big import api as big
    from game.solver.errors import SolveTimeout
    from game.solver.exact.heuristic import cached_heuristic

    big.prepare(None)
    if cached_heuristic(5, 5, strong=True) is None:
        print("no 5x5 6-6-6-6 tables cached: run python -m game.cli.prepare --strong-five")
        return
    big.exact_endgame(Board.goal(5, 5).apply_all("DDRRUL"))  # compile
    rows: dict[int, list[float | None]] = {}
    for board in positions(count):
        bound = big.lower_bound(board)
        start = time.monotonic()
        try:
            big.exact_endgame(board, deadline=start + seconds)
            spent: float | None = time.monotonic() - start
        except SolveTimeout:
            spent = None
        rows.setdefault(bound // 4 * 4, []).append(spent)
    print(f"proofs within {seconds:g} s along the coach's lines of {count} random 5x5 boards "
          f"(provable up to a lower bound of {big.PROOF_REACH}):")
    for low in sorted(rows):
        times = [t for t in rows[low] if t is not None]
        median = f"median {statistics.median(times):.2f} s, max {max(times):.2f} s" \
            if times else "none proven"
        print(f"  lower bound {low}-{low + 3}: {len(times)} of {len(rows[low])} proven; {median}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.cli.bench_proof")
    parser.add_argument("--boards", type=int, default=BOARDS)
    parser.add_argument("--seconds", type=float, default=PROOF_SECONDS[1],
                        help=f"proof budget per position (the game's: {PROOF_SECONDS})")
    args = parser.parse_args(argv)
    bench(args.boards, args.seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
