"""The end of a game: bonuses, efficiency, accuracy, the grade and its reason, in words too.

Rules (every number is a named constant below):

* A game the player finished gets SOLVE_BONUS_PER_CELL per cell. Where the optimal length L
  is known it also gets a time bonus of up to TIME_BONUS_PER_MOVE per optimal move: all of it
  at zero seconds, falling linearly to nothing at par (PAR_SECONDS_PER_MOVE per optimal
  move), and a perfect bonus of PERFECT_BONUS_PER_MOVE per optimal move when solved in exactly
  L moves from the start with no undo, restart or coach move (hints allowed; they are charged
  on their own). Both bonuses are proportional to L, so at the same pace a longer perfect game
  always scores more than a shorter one; with L unknown there is no time or perfect bonus.
* A game the coach finished (auto-solve) gets no bonus and no grade: its points are what the
  player earned before the coach took over, less the costs.
* efficiency = L / moves; accuracy = optimal moves / moves; the classic terminal game's
  accuracy is (optimal - wasteful) / moves.
* Grade: S for a perfect game without hints. Otherwise the letter comes from the efficiency
  (A >= 0.85, B >= 0.65, C >= 0.45, else D; the accuracy where L is unknown), and every
  HINT_LEVELS_PER_GRADE_STEP hint levels used lower it one letter. ``grade_reason`` says why.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.scoring import RESTART_COST, UNDO_COST, ScoreSheet

SOLVE_BONUS_PER_CELL = 10
PAR_SECONDS_PER_MOVE = 3.0
TIME_BONUS_PER_MOVE = 5
PERFECT_BONUS_PER_MOVE = 20

GRADES = ("S", "A", "B", "C", "D")
GRADE_UNRATED = "-"
GRADE_THRESHOLDS = (("A", 0.85), ("B", 0.65), ("C", 0.45))
HINT_LEVELS_PER_GRADE_STEP = 5


@dataclass(frozen=True, slots=True)
class GameSummary:
    """Everything the end-of-game screen, ``analyse`` and the high-score table need."""

    shape: str
    seconds: float
    moves: int
    """The player's moves on the final line (undone, restarted and coach moves excluded)."""
    optimal_length: int | None
    """The exact optimal length or, when ``exact`` is False, the coach's best known line
    from the start board at the end of the game (5x5 and larger)."""
    exact: bool
    efficiency: float | None
    accuracy: float | None
    classic_accuracy: float | None
    best_streak: int
    hints_used: int
    undos: int
    restarts: int
    optimal: int
    wasteful: int
    unknown: int
    assisted: int
    """The player's optimal moves made with a hint shown."""
    coach_moves: int
    move_points: int
    solve_bonus: int
    time_bonus: int
    perfect_bonus: int
    costs: int
    points: int
    perfect: bool
    grade: str
    grade_reason: str
    distances: tuple[int | None, ...]
    """Distance to the goal after each move of the final line, the start first."""
    solved_by_player: bool
    by_coach: tuple[bool, ...] = ()
    """Per move of the final line: whether the coach played it (auto-solve)."""

    @property
    def headline(self) -> str:
        """The end screen's title: never "Perfect!" for a game not graded S."""
        if not self.solved_by_player:
            return "Solved by the coach"
        return "Perfect!" if self.grade == GRADES[0] else "Solved!"

    @property
    def history_note(self) -> str:
        """How undos and restarts were counted, in words ("" when there were none)."""
        parts = []
        if self.undos:
            parts.append(f"{_count(self.undos, 'undo')} (-{self.undos * UNDO_COST})")
        if self.restarts:
            parts.append(f"{_count(self.restarts, 'restart')} (-{self.restarts * RESTART_COST})")
        if not parts:
            return ""
        return " and ".join(parts) + ": moves undone or restarted away don't count"

    @property
    def coach_note(self) -> str:
        """The player's part of an auto-solved game, apart from the coach's ("" otherwise)."""
        if self.solved_by_player or not self.coach_moves:
            return ""
        return (f"You: {_count(self.moves, 'move')}, {self.optimal} optimal, "
                f"{self.points} points before the coach took over; "
                f"the coach: {_count(self.coach_moves, 'move')}")


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _chart(trail: tuple[int | None, ...], start: int | None,
           finished: bool) -> tuple[int | None, ...]:
    """The distance chart; without an exact start, it starts at the coach's line length.

    A finished game's own line is a known line too, so no point is charted farther from the
    goal than the moves that were left: on big boards, off-line judgements grow the best
    known length by each detour, which would otherwise climb while the game closes in.
    """
    if trail and trail[0] is None and start is not None:
        trail = (start, *trail[1:])
    if finished:
        last = len(trail) - 1
        trail = tuple(d if d is None else min(d, last - i) for i, d in enumerate(trail))
    return trail


def par_seconds(optimal_length: int) -> float:
    """The time par: PAR_SECONDS_PER_MOVE per optimal move."""
    return PAR_SECONDS_PER_MOVE * optimal_length


def time_bonus(optimal_length: int | None, seconds: float | None) -> int:
    """Up to TIME_BONUS_PER_MOVE per optimal move, nothing at or after par (or if unknown)."""
    if optimal_length is None or optimal_length <= 0 or seconds is None:
        return 0
    share = max(0.0, 1.0 - max(0.0, seconds) / par_seconds(optimal_length))
    return round(TIME_BONUS_PER_MOVE * optimal_length * share)


def grade(efficiency: float | None, accuracy: float | None, hints_used: int,
          perfect: bool) -> str:
    """The letter grade (S..D, or GRADE_UNRATED when nothing could be judged)."""
    return _grade(efficiency, accuracy, hints_used, perfect)[0]


def _grade(efficiency: float | None, accuracy: float | None, hints_used: int,
           perfect: bool) -> tuple[str, str]:
    rating, measure = (efficiency, "efficiency") if efficiency is not None else (
        accuracy, "accuracy")
    if rating is None:
        return GRADE_UNRATED, "no move could be judged exactly"
    if perfect and hints_used == 0:
        return GRADES[0], "perfect: the optimal number of moves, no hints"
    steps = hints_used // HINT_LEVELS_PER_GRADE_STEP
    hints = _count(hints_used, "hint level") + " used"
    if perfect:
        letter = GRADES[min(len(GRADES) - 1, 1 + steps)]
        return letter, f"perfect moves, {hints} (S needs no hints)"
    base = next((name for name, low in GRADE_THRESHOLDS if rating >= low), GRADES[-1])
    letter = GRADES[min(len(GRADES) - 1, GRADES.index(base) + steps)]
    reason = f"{round(rating * 100)}% {measure}"
    index = GRADES.index(base)
    if index > 1:
        name, low = GRADE_THRESHOLDS[index - 2]
        reason += f" ({name} needs {round(low * 100)}%)"
    if steps:
        reason += f", {hints} (-{_count(steps, 'letter')})"
    elif hints_used:
        reason += f", {hints}"
    return letter, reason


def summarize(sheet: ScoreSheet, seconds: float | None, solved_by_player: bool, *,
              finished: bool = True, line_length: int | None = None) -> GameSummary:
    """The final figures of a game (``seconds`` None: untimed, as in ``analyse``).

    An unfinished game (``finished`` False: ``analyse`` of moves that stop short of the goal)
    gets no bonus and no grade. Without an exact start distance, ``line_length`` (the coach's
    best known line from the start, at the end, or a finished game's own line if shorter)
    stands in for the optimal length: efficiency and the time bonus are figured against it,
    and no game is called perfect.
    """
    moves = sheet.moves
    exact = sheet.start_distance is not None
    trail = sheet.trail()
    start = sheet.start_distance if exact else line_length
    if not exact and finished and start is not None and trail:
        start = min(start, len(trail) - 1)  # the game's own line is a known line too
    by_player = solved_by_player and sheet.coach_moves == 0 and finished
    efficiency = start / moves if by_player and start is not None and moves > 0 else None
    judged = sheet.optimal + sheet.wasteful > 0
    accuracy = sheet.optimal / moves if judged and moves else None
    classic = (sheet.optimal - sheet.wasteful) / moves if judged and moves else None
    perfect = (by_player and exact and start is not None and moves == start
               and sheet.undos == 0 and sheet.restarts == 0)
    cells = sheet.width * sheet.height
    solve_bonus = SOLVE_BONUS_PER_CELL * cells if by_player else 0
    timed = time_bonus(start, seconds) if by_player else 0
    perfect_bonus = PERFECT_BONUS_PER_MOVE * start if perfect and start is not None else 0
    total = sheet.move_points - sheet.costs + solve_bonus + timed + perfect_bonus
    if by_player:
        letter, why = _grade(efficiency, accuracy, sheet.hints_used, perfect)
        if not exact and efficiency is not None:
            why += " (against the coach's best line)"
        elif exact and moves == start and not perfect and not sheet.hints_used \
                and (sheet.undos or sheet.restarts):
            why += " (S needs no undo or restart)"  # the moves were perfect: say what was not
    elif not finished:
        letter, why = GRADE_UNRATED, "the board is not solved"
    else:
        letter, why = GRADE_UNRATED, "the coach finished this game"
    assisted = 0 if sheet.line is None else sum(
        1 for node in sheet.line.walk() if node.assisted and not node.by_coach)
    return GameSummary(
        shape=f"{sheet.width}x{sheet.height}", seconds=seconds or 0.0, moves=moves,
        optimal_length=start, exact=exact or start is None, efficiency=efficiency,
        accuracy=accuracy,
        classic_accuracy=classic, best_streak=sheet.best_streak, hints_used=sheet.hints_used,
        undos=sheet.undos, restarts=sheet.restarts, optimal=sheet.optimal,
        wasteful=sheet.wasteful, unknown=sheet.unknown, assisted=assisted,
        coach_moves=sheet.coach_moves, move_points=sheet.move_points, solve_bonus=solve_bonus,
        time_bonus=timed, perfect_bonus=perfect_bonus, costs=sheet.costs,
        points=max(0, total), perfect=perfect, grade=letter,
        grade_reason=why[0].upper() + why[1:] if letter == GRADE_UNRATED else f"{letter}: {why}",
        distances=_chart(trail, start, finished), solved_by_player=by_player and finished,
        by_coach=tuple(node.by_coach for node in sheet.line.walk()) if sheet.line else (),
    )
