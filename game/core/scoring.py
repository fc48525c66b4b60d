"""Pure scoring: moves judged from exact distances, arcade points and streaks on a score sheet.

Rules (every number is a named constant below; the end-of-game figures are in
``game.core.summary``):

* A move is OPTIMAL when the distance to the goal drops by one, WASTEFUL when it grows by one
  (on a sliding puzzle every move changes it by exactly one), UNKNOWN while no exact distance
  is known (5x5 and larger, or before the coach has answered; the session judges such moves
  again as soon as the distances are known). The judgement comes from distances or the
  COMPLETE set of optimal moves, never from one stored solution path, so any of several
  optimal moves counts as optimal.
* Each optimal move earns BASE_POINTS times the streak multiplier: 1x, then 2x once 5 optimal
  moves in a row were made, 3x after 10, 4x after 20, 5x after 40. A wasteful move costs
  WASTEFUL_COST (so stepping away and back earns nothing) and resets the streak. Unknown moves
  earn nothing and leave the streak alone, but they hold the multiplier: until every move
  since the streak began is judged, an optimal move earns 1x (the streak still grows). So a
  move judged wasteful later takes back only its own points, never credit the moves after it
  were given on a streak it breaks; judged optimal, it releases the held credit.
* Hints: the overlay's help is charged per level shown per position (level 1 arrows, level 2
  arrows and path): HINT_COST_PER_LEVEL for each level not yet charged on this position. A move
  made from a position whose help was shown (even if hints were turned off there since) is
  "assisted": an optimal one earns BASE_POINTS (1x) and neither extends nor breaks the streak.
* Undo (Tatham style): the undone moves leave the line of play, with the points they earned or
  cost; the undo itself costs UNDO_COST, no more than a wasteful move costs. Redo brings the
  moves and their points back at no cost. The streak belongs to the line of play too (each
  move records it): an undo or redo brings back the streak of the position it goes to, so
  an undo costs UNDO_COST and nothing hidden (a newcomer lost 400 points of multiplier to two
  undos on a line of 58 optimal moves). Restart (undoable like any history entry) costs
  RESTART_COST and empties the line, streak included; like a move's points, that cost
  belongs to the line of play: undoing the restart takes it back (the undo costs UNDO_COST
  as any undo does) and redoing it charges it again. Moves that were undone or restarted
  away do not count in the moves, the accuracy, the best streak or the chart.
* Beyond exact reach (5x5 and larger, away from the end) moves are judged against the best
  lines known (``judge_line``): the coach's, those derived from its lines at neighbouring
  positions and, once the game is over, the player's own remaining moves. A move is charged
  (OFF_LINE, scored like WASTEFUL) only when the best line known from the position before it
  is shorter than every line known through it; otherwise it is on the line (LINE, scored
  like OPTIMAL), a shorter line than the coach's included. A move off the known line waits
  (UNKNOWN) until the coach has searched the position it leads to. Judgements follow what is
  known: the game judges again when it learns more, and at the end with its own line.
* Moves the coach plays (auto-solve) are judged but never credited: they earn no points, leave
  the streak alone and are counted apart from the player's moves.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, replace

from game.core.coach import Hint

BASE_POINTS = 10
WASTEFUL_COST = 10
UNDO_COST = 5
"""At most WASTEFUL_COST: undoing a mistake is never punished more than keeping it."""
RESTART_COST = 25
HINT_COST_PER_LEVEL = 5
"""Small on purpose: with arrows on, an optimal move still nets a little (10 - 5)."""
MULTIPLIER_STEPS = (5, 10, 20, 40)
"""Streak lengths after which the multiplier grows by one (1x below the first)."""


class MoveClass(enum.Enum):
    """How one move compares with perfect play (or, beyond exact reach, the coach's line)."""

    OPTIMAL = "optimal"
    WASTEFUL = "wasteful"
    LINE = "line"
    """Beyond exact reach: a line known through the move is as short as the best known."""
    OFF_LINE = "off-line"
    """Beyond exact reach: every line known through the move is longer than the best known."""
    UNKNOWN = "unknown"

    @property
    def good(self) -> bool:
        """Optimal, or on the coach's line: it earns points and builds the streak."""
        return self in (MoveClass.OPTIMAL, MoveClass.LINE)

    @property
    def bad(self) -> bool:
        """Wasteful, or off the coach's line: it costs points and breaks the streak."""
        return self in (MoveClass.WASTEFUL, MoveClass.OFF_LINE)

    @property
    def exact(self) -> bool:
        """Judged against the exact distance (not the coach's best known line)."""
        return self in (MoveClass.OPTIMAL, MoveClass.WASTEFUL)


def judge_line(move: str, before: Hint | None, after: Hint | None, *,
               searched: bool = True) -> tuple[MoveClass, int | None]:
    """Beyond exact reach: (LINE, OFF_LINE or UNKNOWN, best known length after) from lines.

    ``before`` holds the best line known from the board before the move (length U). Through
    the move, the lines known are: the rest of that line (if the move followed it), going back
    and following it (U + 1), and whatever is known of the new board (``after``). The move is
    charged (OFF_LINE) only when U is shorter than every line known through it; a move onto a
    line as short as U, or shorter, is on the line. ``searched``: whether the coach has looked
    at the new board (or the game's own finished line runs through it); until then a move off
    the known line is not judged, so an unsearched position never counts against the player.
    """
    if before is None:
        return MoveClass.UNKNOWN, None
    length = before.distance
    follows = before.path[:1] == move
    through = [length + 1]
    if follows:
        through.append(length - 1)
    if after is not None:
        through.append(after.distance)
    best = min(through)
    if best + 1 <= length:
        return MoveClass.LINE, best
    if not searched and not follows:
        return MoveClass.UNKNOWN, best
    return MoveClass.OFF_LINE, best


def classify(distance_before: int | None, distance_after: int | None) -> MoveClass:
    """Judge a move from the exact distances to the goal before and after it."""
    if distance_before is None or distance_after is None:
        return MoveClass.UNKNOWN
    if distance_after == distance_before - 1:
        return MoveClass.OPTIMAL
    if distance_after == distance_before + 1:
        return MoveClass.WASTEFUL
    return MoveClass.UNKNOWN  # not a single move apart: the figures are not exact distances


def judge_move(move: str, before: Hint | None,
               after: Hint | None = None) -> tuple[MoveClass, int | None]:
    """(class, distance after) of ``move`` from the hints for the boards before and after it.

    With the complete set of optimal moves before the move, a move outside it is wasteful
    (parity: it adds one); otherwise two proven distances decide.
    """
    if before is not None and before.optimal:
        if move in before.moves:
            return MoveClass.OPTIMAL, before.distance - 1
        if before.complete:
            return MoveClass.WASTEFUL, before.distance + 1
    if before is not None and before.optimal and after is not None and after.optimal:
        cls = classify(before.distance, after.distance)
        return cls, after.distance if cls is not MoveClass.UNKNOWN else None
    return MoveClass.UNKNOWN, after.distance if after is not None and after.optimal else None


def multiplier(streak: int) -> int:
    """The points multiplier for the next optimal move after ``streak`` optimal moves."""
    return 1 + sum(1 for step in MULTIPLIER_STEPS if streak >= step)


@dataclass(frozen=True, slots=True, eq=False)
class Line:
    """One move on the current line of play, with running totals (a persistent list)."""

    prev: Line | None
    move: str
    cls: MoveClass
    distance: int | None
    """Exact distance to the goal after the move, when known."""
    points: int
    assisted: bool
    by_coach: bool
    moves: int
    optimal: int
    wasteful: int
    unknown: int
    coach: int
    total_points: int
    streak: int
    """The streak after this move: optimal moves in a row (hinted ones held it)."""
    best: int
    """The longest streak on the line up to here."""
    made: int = -1
    """Which action of the game made the move (-1: not told), so the same move can be found
    again after an undo, a restart or a judging again (the game's news tells what changed)."""
    held: bool = False
    """A move of the player's since the streak began is still unjudged (UNKNOWN): optimal
    moves earn 1x until it is judged."""

    def last(self, count: int) -> list[Line]:
        """The last ``count`` moves of this line (all of them if it has fewer), in order."""
        nodes: list[Line] = []
        node: Line | None = self
        while node is not None and len(nodes) < count:
            nodes.append(node)
            node = node.prev
        return nodes[::-1]

    def walk(self) -> Iterator[Line]:
        """The moves of this line from the first to this one."""
        nodes: list[Line] = []
        node: Line | None = self
        while node is not None:
            nodes.append(node)
            node = node.prev
        return reversed(nodes)


def _extend(line: Line | None, move: str, cls: MoveClass, distance: int | None, points: int,
            assisted: bool, by_coach: bool, streak: int, made: int = -1,
            held: bool = False) -> Line:
    """``line`` with one more move (the coach's moves count apart from the player's)."""
    base = (0, 0, 0, 0, 0, 0) if line is None else (
        line.moves, line.optimal, line.wasteful, line.unknown, line.coach, line.total_points
    )
    mine = not by_coach
    return Line(line, move, cls, distance, points, assisted, by_coach,
                base[0] + mine, base[1] + (mine and cls.good),
                base[2] + (mine and cls.bad),
                base[3] + (mine and cls is MoveClass.UNKNOWN), base[4] + by_coach,
                base[5] + points, streak, max(streak, 0 if line is None else line.best), made,
                held)


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The live score of one game; every event returns a new sheet (the HUD reads it).

    ``line`` is the record of the moves on the current line of play. The sheet keeps no undo
    stack: the session's history stores the line of every position, and an undo or redo hands
    the sheet the line of the position it moves to.
    """

    width: int = 4
    height: int = 4
    start_distance: int | None = None
    undos: int = 0
    restarts: int = 0
    hints_used: int = 0
    hint_level_here: int = 0
    last: MoveClass | None = None
    last_points: int = 0
    last_assisted: bool = False
    line: Line | None = None

    # --- construction -------------------------------------------------
    @classmethod
    def start(cls, start_distance: int | None, *, width: int = 4, height: int = 4) -> ScoreSheet:
        """A fresh sheet for a board ``start_distance`` moves from the goal (None: unknown)."""
        return cls(width=width, height=height, start_distance=start_distance)

    # --- figures the HUD shows ----------------------------------------
    @property
    def moves(self) -> int:
        """The player's moves on the current line (undone moves and the coach's do not count)."""
        return 0 if self.line is None else self.line.moves

    @property
    def optimal(self) -> int:
        """The player's optimal moves (or moves on the coach's line) on the current line."""
        return 0 if self.line is None else self.line.optimal

    @property
    def wasteful(self) -> int:
        """The player's wasteful moves on the current line."""
        return 0 if self.line is None else self.line.wasteful

    @property
    def unknown(self) -> int:
        """The player's unjudged moves on the current line."""
        return 0 if self.line is None else self.line.unknown

    @property
    def coach_moves(self) -> int:
        """Moves on the current line that the coach played (auto-solve)."""
        return 0 if self.line is None else self.line.coach

    @property
    def line_moves(self) -> int:
        """Every move on the current line, the player's and the coach's."""
        return self.moves + self.coach_moves

    @property
    def move_points(self) -> int:
        """Points earned by the moves on the current line (wasteful costs included)."""
        return 0 if self.line is None else self.line.total_points

    @property
    def costs(self) -> int:
        """Points spent on hints, undos and restarts."""
        return (self.hints_used * HINT_COST_PER_LEVEL + self.undos * UNDO_COST
                + self.restarts * RESTART_COST)

    @property
    def net(self) -> int:
        """Move points minus costs, before the floor at zero (what a move's pop-up reports
        the change of)."""
        return self.move_points - self.costs

    @property
    def points(self) -> int:
        """Live points: ``net``, never below zero."""
        return max(0, self.net)

    @property
    def streak(self) -> int:
        """Optimal moves in a row at the end of the current line."""
        return 0 if self.line is None else self.line.streak

    @property
    def best_streak(self) -> int:
        """The longest streak on the current line."""
        return 0 if self.line is None else self.line.best

    @property
    def held(self) -> bool:
        """Whether the multiplier is held: a move since the streak began awaits its judgement."""
        return self.line is not None and self.line.held

    @property
    def multiplier(self) -> int:
        """The multiplier the next optimal move will earn (1 while it is held)."""
        return 1 if self.held else multiplier(self.streak)

    @property
    def streak_multiplier(self) -> int:
        """The multiplier the streak has come to, held or not."""
        return multiplier(self.streak)

    @property
    def distance(self) -> int | None:
        """The exact distance to the goal now, when known."""
        return self.start_distance if self.line is None else self.line.distance

    def trail(self) -> tuple[int | None, ...]:
        """The distance to the goal after each move of the current line (start first)."""
        if self.line is None:
            return (self.start_distance,)
        return (self.start_distance, *(node.distance for node in self.line.walk()))

    # --- events -------------------------------------------------------
    def after_move(self, cls: MoveClass | None = None, distance_after: int | None = None,
                   *, move: str = "", by_coach: bool = False, made: int = -1) -> ScoreSheet:
        """Score one single-tile move; ``cls`` None means judge it from the distances.

        A missing ``distance_after`` is inferred from the class when the distance is known.
        A move the coach plays (``by_coach``) is recorded but earns nothing.
        """
        before = self.distance
        if cls is None:
            cls = classify(before, distance_after)
        if distance_after is None and before is not None and cls.exact:
            distance_after = before - 1 if cls is MoveClass.OPTIMAL else before + 1
        streak = self.streak
        held = self.held
        assisted = self.hint_level_here > 0 and not by_coach and cls.good
        if by_coach:
            points = 0
        elif cls.good:
            points = BASE_POINTS * (1 if assisted or held else multiplier(streak))
            streak = streak if assisted else streak + 1
        elif cls.bad:
            points, streak, held = -WASTEFUL_COST, 0, False
        else:
            points, held = 0, True
        line = _extend(self.line, move, cls, distance_after, points, assisted, by_coach, streak,
                       made, held)
        return replace(
            self,
            hint_level_here=0,
            last=cls,
            last_points=points,
            last_assisted=assisted,
            line=line,
        )

    def after_undo(self, line: Line | None, *, coach: bool = False,
                   restarts: int | None = None) -> ScoreSheet:
        """One history entry undone; ``line`` is the record of the position gone back to and
        ``restarts`` the restarts on its line of play (None: unchanged), so an undone restart
        takes its cost back as an undone move takes its points. Taking back a move the coach
        played (``coach``) is free: it was not the player's."""
        kept = self.restarts if restarts is None else restarts
        if coach:
            return replace(self, line=line, restarts=kept, hint_level_here=0, last=None,
                           last_points=0, last_assisted=False)
        return replace(self, line=line, restarts=kept, undos=self.undos + 1,
                       hint_level_here=0, last=None, last_points=-UNDO_COST,
                       last_assisted=False)

    def after_redo(self, line: Line | None, *, restarts: int | None = None) -> ScoreSheet:
        """One history entry redone (``line``: its record, ``restarts``: the restarts on its
        line of play, None unchanged): its moves and points come back, free of charge, and a
        redone restart costs again."""
        kept = self.restarts if restarts is None else restarts
        return replace(self, line=line, restarts=kept, hint_level_here=0, last=None,
                       last_points=0, last_assisted=False)

    def after_restart(self) -> ScoreSheet:
        """Back to the starting board (one undoable entry)."""
        return replace(self, restarts=self.restarts + 1, hint_level_here=0, last=None,
                       last_points=-RESTART_COST, last_assisted=False, line=None)

    def levels_due(self, level: int, paid: int = 0) -> int:
        """The hint levels ``after_hint(level, paid)`` charges for the current position."""
        return max(0, level - max(self.hint_level_here, paid))

    def after_hint(self, level: int, paid: int = 0) -> ScoreSheet:
        """Help at ``level`` was shown for the current position; charge levels not yet paid
        (``paid``: the levels paid when the game stood here before, e.g. before an undo)."""
        if level <= self.hint_level_here:
            return self
        return replace(self, hints_used=self.hints_used + self.levels_due(level, paid),
                       hint_level_here=level)

    def learn_start_distance(self, distance: int) -> ScoreSheet:
        """Record the start board's exact distance learned late (e.g. after the first moves),
        so efficiency, the perfect bonus and the ideal chart line can still be figured."""
        if self.start_distance is not None:
            return self
        return replace(self, start_distance=distance)
