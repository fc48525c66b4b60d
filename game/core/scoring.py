"""Pure scoring: moves judged from exact distances, arcade points, streaks, summary and grade.

Rules (every number is a named constant below):

* A move is OPTIMAL when the distance to the goal drops by one, WASTEFUL when it grows by one
  (on a sliding puzzle every move changes it by exactly one), UNKNOWN when no exact distance is
  known (5x5 and larger, or before the solver has answered). The judgement comes from distances
  or the COMPLETE set of optimal moves, never from one stored solution path, so any of several
  optimal moves counts as optimal.
* Each optimal move earns BASE_POINTS times the streak multiplier: 1x, then 2x once 5 optimal
  moves in a row were made, 3x after 10, 4x after 20, 5x after 40. A wasteful move costs
  WASTEFUL_COST (so stepping away and back earns nothing) and resets the streak. Unknown moves
  earn nothing and leave the streak alone.
* Hints: the overlay's help is charged per level shown per position (level 1 arrows, level 2
  arrows and path): HINT_COST_PER_LEVEL for each level not yet charged on this position. A move
  made while help was shown for its position is "assisted": it earns 1x and does not extend
  the streak.
* Undo (Tatham style): the undone moves leave the move count and the optimal/wasteful counts,
  and the points they earned are taken back; the undo itself costs UNDO_COST and resets the
  streak. Redo restores the moves and their points at no cost. Restart (undoable like any
  history entry) costs RESTART_COST and resets the streak.
* At the end, a game the player finished gets SOLVE_BONUS_PER_CELL per cell, a time bonus of
  TIME_BONUS_PER_SECOND for each second under par (PAR_SECONDS_PER_MOVE per optimal move), and
  the PERFECT_BONUS_PER_MOVE per optimal move when solved in exactly the optimal number of
  moves from the start with no undo or restart (hints allowed; they are charged on their own).
  Points never go below zero. Games finished by the auto-solver get no bonus and no grade.
* efficiency = optimal length at start / moves; accuracy = (optimal - wasteful) / moves (when
  every move is judged they are equal). Grade from efficiency (accuracy if the start distance is
  unknown): S for a perfect game without hints, A >= 0.85, B >= 0.65, C >= 0.45, else D; every
  HINT_LEVELS_PER_GRADE_STEP hint levels used (or part of them) lower the letter one step.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, replace

from game.core.coach import Hint

BASE_POINTS = 10
WASTEFUL_COST = 10
UNDO_COST = 25
RESTART_COST = 25
HINT_COST_PER_LEVEL = 5
"""Small on purpose: with arrows on, an optimal move still nets a little (10 - 5)."""
MULTIPLIER_STEPS = (5, 10, 20, 40)
"""Streak lengths after which the multiplier grows by one (1x below the first)."""
SOLVE_BONUS_PER_CELL = 10
PAR_SECONDS_PER_MOVE = 3.0
ESTIMATED_MOVES_PER_CELL = 4
"""Par for a board whose optimal length is unknown: this many moves per cell."""
TIME_BONUS_PER_SECOND = 5
PERFECT_BONUS_PER_MOVE = 20

GRADES = ("S", "A", "B", "C", "D")
GRADE_UNRATED = "-"
GRADE_THRESHOLDS = (("A", 0.85), ("B", 0.65), ("C", 0.45))
HINT_LEVELS_PER_GRADE_STEP = 5


class MoveClass(enum.Enum):
    """How one move compares with perfect play."""

    OPTIMAL = "optimal"
    WASTEFUL = "wasteful"
    UNKNOWN = "unknown"


def classify(distance_before: int | None, distance_after: int | None) -> MoveClass:
    """Judge a move from the exact distances to the goal before and after it."""
    if distance_before is None or distance_after is None:
        return MoveClass.UNKNOWN
    if distance_after == distance_before - 1:
        return MoveClass.OPTIMAL
    if distance_after == distance_before + 1:
        return MoveClass.WASTEFUL
    return MoveClass.UNKNOWN  # not a single move apart: the figures are not exact distances


def judge_move(move: str, before: Hint | None) -> tuple[MoveClass, int | None]:
    """(class, distance after) of ``move`` from the hint for the board before it.

    With the complete set of optimal moves a move outside it is wasteful (parity: it adds one).
    """
    if before is None or not before.optimal:
        return MoveClass.UNKNOWN, None
    if move in before.moves:
        return MoveClass.OPTIMAL, before.distance - 1
    if before.complete:
        return MoveClass.WASTEFUL, before.distance + 1
    return MoveClass.UNKNOWN, None


def multiplier(streak: int) -> int:
    """The points multiplier for the next optimal move after ``streak`` optimal moves."""
    return 1 + sum(1 for step in MULTIPLIER_STEPS if streak >= step)


@dataclass(frozen=True, slots=True, eq=False)
class Line:
    """One move on the current line of play, with running totals (a persistent list)."""

    prev: Line | None
    cls: MoveClass
    distance: int | None
    points: int
    moves: int
    optimal: int
    wasteful: int
    unknown: int
    total_points: int


def _extend(line: Line | None, cls: MoveClass, distance: int | None, points: int) -> Line:
    """``line`` with one more move."""
    base = (0, 0, 0, 0, 0) if line is None else (
        line.moves, line.optimal, line.wasteful, line.unknown, line.total_points
    )
    return Line(line, cls, distance, points, base[0] + 1,
                 base[1] + (cls is MoveClass.OPTIMAL), base[2] + (cls is MoveClass.WASTEFUL),
                 base[3] + (cls is MoveClass.UNKNOWN), base[4] + points)


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
    streak: int = 0
    best_streak: int = 0
    undos: int = 0
    restarts: int = 0
    hints_used: int = 0
    hint_level_here: int = 0
    last: MoveClass | None = None
    last_points: int = 0
    trail: tuple[int | None, ...] = (None,)
    line: Line | None = None

    # --- construction -------------------------------------------------
    @classmethod
    def start(cls, start_distance: int | None, *, width: int = 4, height: int = 4) -> ScoreSheet:
        """A fresh sheet for a board ``start_distance`` moves from the goal (None: unknown)."""
        return cls(width=width, height=height, start_distance=start_distance,
                   trail=(start_distance,))

    # --- figures the HUD shows ----------------------------------------
    @property
    def moves(self) -> int:
        """Moves on the current line (undone moves do not count)."""
        return 0 if self.line is None else self.line.moves

    @property
    def optimal(self) -> int:
        """Optimal moves on the current line."""
        return 0 if self.line is None else self.line.optimal

    @property
    def wasteful(self) -> int:
        """Wasteful moves on the current line."""
        return 0 if self.line is None else self.line.wasteful

    @property
    def unknown(self) -> int:
        """Unjudged moves on the current line."""
        return 0 if self.line is None else self.line.unknown

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
    def points(self) -> int:
        """Live points: move points minus costs, never below zero."""
        return max(0, self.move_points - self.costs)

    @property
    def multiplier(self) -> int:
        """The multiplier the next optimal move will earn."""
        return multiplier(self.streak)

    @property
    def distance(self) -> int | None:
        """The exact distance to the goal now, when known."""
        line = self.line
        return self.start_distance if line is None else line.distance

    # --- events -------------------------------------------------------
    def after_move(self, cls: MoveClass | None = None, distance_after: int | None = None
                   ) -> ScoreSheet:
        """Score one single-tile move; ``cls`` None means judge it from the distances.

        A missing ``distance_after`` is inferred from the class when the distance is known.
        """
        before = self.distance
        if cls is None:
            cls = classify(before, distance_after)
        if distance_after is None and before is not None:
            if cls is MoveClass.OPTIMAL:
                distance_after = before - 1
            elif cls is MoveClass.WASTEFUL:
                distance_after = before + 1
        streak = self.streak
        assisted = self.hint_level_here > 0
        if cls is MoveClass.OPTIMAL:
            points = BASE_POINTS * (1 if assisted else multiplier(streak))
            streak = streak if assisted else streak + 1
        elif cls is MoveClass.WASTEFUL:
            points, streak = -WASTEFUL_COST, 0
        else:
            points = 0
        line = _extend(self.line, cls, distance_after, points)
        return replace(
            self,
            streak=streak,
            best_streak=max(self.best_streak, streak),
            hint_level_here=0,
            last=cls,
            last_points=points,
            trail=(*self.trail, distance_after),
            line=line,
        )

    def after_undo(self, line: Line | None) -> ScoreSheet:
        """One history entry undone; ``line`` is the record of the position gone back to."""
        moved = replace(self, line=line)
        return replace(moved, undos=self.undos + 1, streak=0, hint_level_here=0, last=None,
                       last_points=-UNDO_COST, trail=(*self.trail, moved.distance))

    def after_redo(self, line: Line | None) -> ScoreSheet:
        """One history entry redone (``line``: its record): its moves and points come back,
        free of charge."""
        moved = replace(self, line=line)
        return replace(moved, hint_level_here=0, last=None, last_points=0,
                       trail=(*self.trail, moved.distance))

    def after_restart(self) -> ScoreSheet:
        """Back to the starting board (one undoable entry)."""
        return replace(
            self,
            restarts=self.restarts + 1,
            streak=0,
            hint_level_here=0,
            last=None,
            last_points=-RESTART_COST,
            trail=(*self.trail, self.start_distance),
            line=None,
        )

    def after_hint(self, level: int) -> ScoreSheet:
        """Help at ``level`` was shown for the current position; charge levels not yet paid."""
        extra = level - self.hint_level_here
        if extra <= 0:
            return self
        return replace(self, hints_used=self.hints_used + extra, hint_level_here=level)

    def learn_start_distance(self, distance: int) -> ScoreSheet:
        """Record the start board's exact distance learned late (e.g. after the first moves),
        so efficiency, the perfect bonus and the ideal chart line can still be figured."""
        if self.start_distance is not None:
            return self
        return replace(self, start_distance=distance, trail=(distance, *self.trail[1:]))

    def learn_distance(self, distance: int) -> ScoreSheet:
        """Record the exact distance of the current position once the solver knows it."""
        line = self.line
        if line is None:
            if self.start_distance is None and len(self.trail) == 1:
                return replace(self, start_distance=distance,
                               trail=(*self.trail[:-1], distance))
            return self
        if line.distance is not None:
            return self
        return replace(self, line=replace(line, distance=distance),
                       trail=(*self.trail[:-1], distance))


@dataclass(frozen=True, slots=True)
class GameSummary:
    """Everything the end-of-game screen and the high-score table need."""

    shape: str
    seconds: float
    moves: int
    optimal_length: int | None
    efficiency: float | None
    accuracy: float | None
    best_streak: int
    hints_used: int
    undos: int
    restarts: int
    optimal: int
    wasteful: int
    unknown: int
    move_points: int
    solve_bonus: int
    time_bonus: int
    perfect_bonus: int
    costs: int
    points: int
    perfect: bool
    grade: str
    distances: tuple[int | None, ...]
    solved_by_player: bool


def par_seconds(optimal_length: int | None, cells: int) -> float:
    """The time par: PAR_SECONDS_PER_MOVE per optimal move (estimated when unknown)."""
    length = optimal_length if optimal_length is not None else cells * ESTIMATED_MOVES_PER_CELL
    return PAR_SECONDS_PER_MOVE * length


def grade(efficiency: float | None, accuracy: float | None, hints_used: int,
          perfect: bool) -> str:
    """The letter grade (S..D, or GRADE_UNRATED when nothing could be judged)."""
    rating = efficiency if efficiency is not None else accuracy
    if rating is None:
        return GRADE_UNRATED
    if perfect and hints_used == 0:
        return GRADES[0]
    letter = next((name for name, low in GRADE_THRESHOLDS if rating >= low), GRADES[-1])
    steps = math.ceil(hints_used / HINT_LEVELS_PER_GRADE_STEP)
    return GRADES[min(len(GRADES) - 1, GRADES.index(letter) + steps)]


def summarize(sheet: ScoreSheet, seconds: float, solved_by_player: bool) -> GameSummary:
    """The final figures of a finished game."""
    moves = sheet.moves
    start = sheet.start_distance
    by_player = solved_by_player
    efficiency = start / moves if by_player and start is not None and moves > 0 else None
    judged = sheet.optimal + sheet.wasteful > 0
    accuracy = (sheet.optimal - sheet.wasteful) / moves if judged else None
    perfect = (by_player and start is not None and moves == start
               and sheet.undos == 0 and sheet.restarts == 0)
    cells = sheet.width * sheet.height
    solve_bonus = SOLVE_BONUS_PER_CELL * cells if by_player else 0
    spare = max(0.0, par_seconds(start, cells) - seconds)
    time_bonus = round(TIME_BONUS_PER_SECOND * spare) if by_player else 0
    perfect_bonus = PERFECT_BONUS_PER_MOVE * start if perfect and start is not None else 0
    total = sheet.move_points - sheet.costs + solve_bonus + time_bonus + perfect_bonus
    letter = (grade(efficiency, accuracy, sheet.hints_used, perfect)
              if by_player else GRADE_UNRATED)
    return GameSummary(
        shape=f"{sheet.width}x{sheet.height}", seconds=seconds, moves=moves,
        optimal_length=start, efficiency=efficiency, accuracy=accuracy,
        best_streak=sheet.best_streak, hints_used=sheet.hints_used, undos=sheet.undos,
        restarts=sheet.restarts, optimal=sheet.optimal, wasteful=sheet.wasteful,
        unknown=sheet.unknown, move_points=sheet.move_points, solve_bonus=solve_bonus,
        time_bonus=time_bonus, perfect_bonus=perfect_bonus, costs=sheet.costs,
        points=max(0, total), perfect=perfect, grade=letter, distances=sheet.trail,
        solved_by_player=by_player,
    )
