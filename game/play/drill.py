"""The mistake drill: the position where a game lost the most, the better move, in words.

No pygame: the end screen and the replay viewer read the same ``Drill``. The costliest run of
charged moves (wasteful, or off the coach's line) on the line of play is the one to practise;
each cost CHARGE_MOVES moves. Where the move was judged exactly (up to 4x4, and near the goal
beyond) the better moves are the proven optimal ones; elsewhere they are the coach's line, and
the words say so.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.board import Board
from game.core.charges import CHARGE_MOVES
from game.core.spec import GameKind, GameSpec
from game.play.replay import LineMove, ReplayModel
from game.play.words import move_words, moves_words

NO_MISTAKES = "no mistakes to drill"
@dataclass(frozen=True, slots=True)
class Drill:
    """The position where the most was lost, what was played there and what was better."""

    position: Board
    first: int
    """The first move of the costly run, numbered as the replay lists the moves."""
    played: str
    """The run's moves (one letter each)."""
    cost: int
    """Moves lost: CHARGE_MOVES per charged move."""
    better: tuple[str, ...]
    """Moves that would have kept the line (empty: not known yet)."""
    kept: int | None
    """The length of the line the better move kept: moves before plus the distance left."""
    exact: bool
    """Judged against proven distances (False: against the coach's line, beyond exact
    reach)."""
    frame: int
    """The replay frame just before the run (the viewer shows it)."""

    @property
    def last(self) -> int:
        """The run's last move."""
        return self.first + len(self.played) - 1

    @property
    def span(self) -> str:
        """"move 12" or "moves 12-14"."""
        return f"move {self.first}" if len(self.played) == 1 else \
            f"moves {self.first}-{self.last}"

    def played_words(self) -> str:
        """"move 12: you played 9 down"."""
        return f"{self.span}: you played {moves_words(self.position, self.played)}"

    def words(self) -> str:
        """"13 up kept you on course for a 55-move game; your move cost 2" (the whole game's
        length: the moves before it and the best line left; the coach's line beyond exact
        reach. "for 90 moves by the coach's line from there" read as 90 moves still to go)."""
        yours = "your move" if len(self.played) == 1 else f"your {self.span}"
        cost = f"{yours} cost {self.cost}"
        if not self.better:
            waiting = "the better move is" if self.exact else "the coach's line here is"
            return f"{cost} ({waiting} not known yet)"
        better = " or ".join(move_words(self.position, m) for m in self.better)
        if self.kept is None:
            kept = "was better" if self.exact else "stayed on the coach's line"
        else:
            moves = f"a {self.kept}-move game"
            # beyond exact reach: the moves before it and the coach's line from there (not
            # the best line known from the start, which the end screen calls "Best line known")
            kept = f"kept you on course for {moves}" if self.exact else \
                f"kept you on course for {moves} by the coach's line from there"
        return f"{better} {kept}; {cost}"

    def spec(self) -> GameSpec:
        """The practice game from the position (never ranked)."""
        return GameSpec(width=self.position.width, height=self.position.height,
                        board=self.position, chosen=GameKind.PRACTICE)


def find_drill(model: ReplayModel) -> Drill | None:
    """The costliest run of the player's charged moves on the line of play (the first on a
    tie), or None when no move was charged."""
    best: list[LineMove] = []
    run: list[LineMove] = []
    for move in model.line:
        run = [*run, move] if move.cue.bad and not move.by_coach else []
        if len(run) > len(best):
            best = run
    if not best:
        return None
    head = best[0]
    exact = head.cue.exact  # wasteful: judged on proven distances (5x5 near the goal too)
    before = head.before
    better: tuple[str, ...] = ()
    distance = None
    if before is not None and (before.optimal or not exact):
        known = before.moves if exact or not before.path else frozenset(before.path[:1])
        better = tuple(sorted(known - {head.move}))
        distance = before.distance
    if head.number - 1 < len(model.chart) and model.chart[head.number - 1] is not None:
        # the best line known as the replay and the end screen count it: the coach's answer
        # at that board may be an older, longer one (a newcomer read "the coach's line of
        # 121 moves" beside "Coach's line 115" and "113 to go" after move 4)
        distance = model.chart[head.number - 1]
    kept = None if distance is None else head.number - 1 + distance
    return Drill(head.board, head.number, "".join(m.move for m in best),
                 CHARGE_MOVES * len(best), better, kept, exact, max(0, head.frame - 1))
