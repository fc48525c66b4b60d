"""Refunds benchmark: charges the 5x5 coach gives back, with the real coach and mid-end.

A player follows a line better than the coach's (the solver's own, given more time) at a
steady pace with pauses, while the game runs its frames; every move's judgement is watched
as it changes: how many were charged, how many of those were refunded later, and how long
judgements waited. `python -m game.cli.bench_refunds [--seeds 1 2 3] [--pace 1.5] ...`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass, field

from game.core.actions import Move
from game.core.board import Board
from game.core.generate import random_board
from game.core.scoring import MoveClass
from game.core.spec import GameSpec
from game.play.midend import MidEnd
from game.worker import SolverWorker

FRAME = 1 / 60
SETTLE_SECONDS = 6.0
"""After the last move, how long the game runs on before its judgements are read."""
WAITED = 2.0
"""A judgement later than this many seconds after its move is counted as a wait."""


@dataclass
class Tally:
    """What one game, or several, showed."""

    charged: int = 0
    refunded: int = 0
    unjudged: int = 0
    waits: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.charged += other.charged
        self.refunded += other.refunded
        self.unjudged += other.unjudged
        self.waits += other.waits

    def words(self) -> str:
        waits = sorted(self.waits) or [0.0]
        late = sum(1 for w in waits if w > WAITED)
        return (f"charged {self.charged}, refunded later {self.refunded}, unjudged at the end "
                f"{self.unjudged}; judged after median {statistics.median(waits):.2f} s, "
                f"max {waits[-1]:.2f} s, {late} later than {WAITED:.0f} s")


def player_line(board: Board, seconds: float) -> str:
    """The solver's line for ``board`` given ``seconds`` (longer than the coach's searches)."""
    from game.solver.big import api
    from game.solver.exact.heuristic import cached_heuristic

    api.prepare(True)
    cached_heuristic(5, 5, strong=True)  # the 6-6-6-6 tables when the set-up step built them
    return api.best_line(board, deadline=time.monotonic() + seconds).moves


def play(worker: SolverWorker, board: Board, line: str, args: argparse.Namespace,
         rng: random.Random) -> Tally:
    """Play ``args.moves`` moves of ``line`` on ``board`` and watch their judgements."""
    game = MidEnd(board, GameSpec(5, 5, board=board), worker)
    seen: dict[int, list[MoveClass]] = {}
    made: dict[int, float] = {}
    judged: dict[int, float] = {}
    moves = min(args.moves, len(line))
    played, due, end = 0, time.monotonic() + 1.0, None
    while end is None or time.monotonic() < end:
        now = time.monotonic()
        if played < moves and now >= due:
            game.act(Move(line[played]))
            made[played] = now
            played += 1
            due = now + args.pace * (1 + args.jitter * (2 * rng.random() - 1))
            if args.pause_every and played % args.pause_every == 0:
                due += args.pause
        game.take(worker.take())
        game.update(FRAME)
        game.take_events()
        flat = [cls for action in game.session.judgements() for cls in action]
        for i, cls in enumerate(flat):
            history = seen.setdefault(i, [])
            if not history or history[-1] is not cls:
                history.append(cls)
            if cls is not MoveClass.UNKNOWN and i not in judged:
                judged[i] = now
        if played == moves and end is None:
            end = now + SETTLE_SECONDS
        time.sleep(max(0.0, FRAME - (time.monotonic() - now)))
    charged = [h for h in seen.values() if MoveClass.OFF_LINE in h]
    return Tally(len(charged), sum(1 for h in charged if h[-1] is not MoveClass.OFF_LINE),
                 sum(1 for h in seen.values() if h[-1] is MoveClass.UNKNOWN),
                 [judged[i] - made[i] for i in judged if i in made])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench_refunds", description=__doc__)
    parser.add_argument("--seeds", type=int, nargs="+", default=list(range(1, 11)))
    parser.add_argument("--moves", type=int, default=40, help="moves played a game")
    parser.add_argument("--pace", type=float, default=1.5, help="seconds a move")
    parser.add_argument("--jitter", type=float, default=0.5, help="share the pace varies by")
    parser.add_argument("--pause-every", type=int, default=6, help="moves between pauses")
    parser.add_argument("--pause", type=float, default=5.0, help="seconds a pause")
    parser.add_argument("--line-seconds", type=float, default=10.0,
                        help="the solver's time for the player's line")
    args = parser.parse_args(argv)
    worker = SolverWorker(warm_shapes=((5, 5),))
    worker.start()
    try:
        total = Tally()
        for seed in args.seeds:
            rng = random.Random(seed)
            board = random_board(5, 5, rng)
            line = player_line(board, args.line_seconds)
            tally = play(worker, board, line, args, rng)
            print(f"seed {seed}: the player's line {len(line)} moves; {tally.words()}",
                  flush=True)
            total.add(tally)
        print(f"all {len(args.seeds)} games: {total.words()}")
    finally:
        worker.shutdown()


if __name__ == "__main__":
    main()
