"""The end of a game: bonuses, efficiency, accuracy, the grade and its reason, in words too.

Rules (every number is a named constant below):

* A game the player finished gets SOLVE_BONUS_PER_CELL per cell. Where the optimal length L
  is known it also gets a time bonus of up to TIME_BONUS_PER_MOVE per optimal move: all of it
  at zero seconds, falling linearly to nothing at par (PAR_SECONDS_PER_MOVE per optimal
  move), and a perfect bonus of PERFECT_BONUS_PER_MOVE per optimal move when solved in exactly
  L moves from the start with no undo, restart, coach move or hint (a game told move by move
  must never outscore one played alone). Both bonuses are proportional to L, so at the same
  pace a longer perfect game always scores more than a shorter one; with L unknown there is
  no time or perfect bonus.
* A game the coach played in (Space) gets no bonus and no grade, whoever made the last move:
  the coach finished it (auto-solve), or it started and the player finished ("solved with
  the coach's help"). Its points are what the player's own moves earned, less the costs.
* efficiency = L / moves; accuracy = optimal moves / moves; the classic terminal game's
  accuracy is (optimal - wasteful) / moves.
* Grade: S for a perfect game without hints. Otherwise the letter comes from the efficiency
  (A >= 0.85, B >= 0.65, C >= 0.45, else D; the accuracy where L is unknown), and every
  HINT_LEVELS_PER_GRADE_STEP hint levels used lower it one letter. ``grade_reason`` says why.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.core.averages import counted
from game.core.charges import exactly_wasteful, kept_moves, wasted_words
from game.core.clock import clock_text
from game.core.coach import EXACT_CELLS
from game.core.scoring import (
    HINT_COST_PER_LEVEL,
    RESTART_COST,
    UNDO_COST,
    ScoreSheet,
)

SOLVE_BONUS_PER_CELL = 10
PAR_SECONDS_PER_MOVE = 3.0
TIME_BONUS_PER_MOVE = 5
PERFECT_BONUS_PER_MOVE = 20

GRADES = ("S", "A", "B", "C", "D")
GRADE_UNRATED = "-"
GRADE_THRESHOLDS = (("A", 0.85), ("B", 0.65), ("C", 0.45))
NO_PROOF = f" (S needs a line proven shortest: boards of up to {EXACT_CELLS} cells)"
"""Why an A without hints beyond exact reach is not an S (nor the perfect bonus there)."""
HINT_LEVELS_PER_GRADE_STEP = 5
STREAK_HELD = "hints held it"
"""Why the best streak is 0 after a game whose good moves were all hinted (as the footer says
"streak held at 3" of a hinted move)."""


class CoachPart(enum.Enum):
    """What the coach did in a game (Space): nothing, helped, or made the winning move."""

    NONE = "none"
    HELPED = "helped"
    """It played some moves, the player played the last one (or took the coach's back)."""
    FINISHED = "finished"
    """It played the move that reached the goal (the classic auto-solve)."""


COACH_PART_WORDS = {CoachPart.HELPED: "with the coach's help",
                    CoachPart.FINISHED: "finished by the coach"}
"""How the end screen's subtitle and a replay name such a game."""


def percent_text(value: float) -> str:
    """A share as a whole percent ("85%"), with a decimal where rounding would put it on a
    grade's threshold it is below ("84.6%": a newcomer read "B: 85% efficiency (A needs
    85%)")."""
    whole = round(value * 100)
    if any(value < low <= whole / 100 for _, low in GRADE_THRESHOLDS):
        return f"{math.floor(value * 1000) / 10:.1f}%"  # 0.8496: 84.9%, never 85.0%
    return f"{whole}%"


def coach_part(by_coach: Sequence[bool], coach_played: bool, finished: bool) -> CoachPart:
    """The coach's part in a game from who played each move of its final line
    (``coach_played``: it played any move, even one taken back since)."""
    if not (coach_played or any(by_coach)):
        return CoachPart.NONE
    return CoachPart.FINISHED if finished and by_coach and by_coach[-1] else CoachPart.HELPED


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
    coach_played: bool = False
    """The coach played moves in this game (Space), even if they were taken back since."""
    finished: bool = True
    outdone: int | None = None
    """Beyond exact reach: the length of the coach's own line from the start board, where the
    player's line is the best known and shorter (None otherwise)."""

    @property
    def coach_part(self) -> CoachPart:
        """Whether the coach helped, or finished the game."""
        return coach_part(self.by_coach, self.coach_played, self.finished)

    @property
    def headline(self) -> str:
        """The end screen's title: never "Perfect!" for a game not graded S."""
        part = self.coach_part
        if part is CoachPart.FINISHED:
            return "Solved by the coach"
        if part is CoachPart.HELPED or not self.solved_by_player:
            return "Solved with the coach's help"
        return "Perfect!" if self.grade == GRADES[0] else "Solved!"

    @property
    def streak_words(self) -> str:
        """The best streak as the end screen shows it: a 0 after a game the hints led says
        why (a hinted move neither grows nor breaks the streak; a bare 0 read like a bug)."""
        if self.best_streak == 0 and self.assisted:
            return f"0 ({STREAK_HELD})"
        return str(self.best_streak)

    @property
    def history_note(self) -> str:
        """What Costs holds, part by part, and how undos and restarts were counted ("" when
        nothing cost): a newcomer had to work out "Costs -155" as 30 hint levels and an undo."""
        parts = []
        if self.hints_used:
            parts.append(f"{counted(self.hints_used, 'hint level')} "
                         f"(-{self.hints_used * HINT_COST_PER_LEVEL})")
        if self.undos:
            parts.append(f"{counted(self.undos, 'undo')} (-{self.undos * UNDO_COST})")
        if self.restarts:
            parts.append(f"{counted(self.restarts, 'restart')} (-{self.restarts * RESTART_COST})")
        if not parts:
            return ""
        words = "Costs: " + ", ".join(parts)
        top = self.optimal_length
        if self.exact and top and self.moves == top and self.finished \
                and self.solved_by_player and not self.perfect_bonus:
            # the moves were perfect: these are why "perfect bonus +0" (a newcomer had only
            # the grade's words to tell)
            words += f"; they also cost the perfect bonus (+{PERFECT_BONUS_PER_MOVE * top})"
        if self.undos or self.restarts:
            words += "; moves taken back don't count"
        return words

    @property
    def time_note(self) -> str:
        """How the time bonus came out against its par, for a game the player solved whose
        line is known ("" otherwise): a newcomer's first game read "+0" with nothing to say
        why."""
        top = self.optimal_length
        if not (self.finished and self.solved_by_player and top and self.seconds > 0):
            return ""
        par = par_seconds(top)
        line = "optimal line" if self.exact else "best line known"  # the row's name
        each = f"{PAR_SECONDS_PER_MOVE:g} s a move of the {line}"
        if self.time_bonus:  # the times as the Time figure shows them
            return f"Time bonus +{self.time_bonus}: {clock_text(self.seconds)} against a " \
                   f"par of {clock_text(par)} ({each})"
        return f"No time bonus: it needs under {clock_text(par)} ({each})"

    @property
    def coach_note(self) -> str:
        """The player's part of a game the coach played in, apart from the coach's and in the
        order they played ("" for the player's game alone)."""
        if self.coach_part is CoachPart.NONE:
            return ""
        # beyond exact reach the good moves are on the coach's line (a newcomer read "47
        # optimal" where the replay said "on the coach's line")
        good = f"{self.optimal} optimal" if self.exact else f"{self.optimal} on the coach's line"
        yours = f"{counted(self.moves, 'move')}, {good}, {self.points} points"
        turns = _turns(self.by_coach)
        if not any(coach for coach, _ in turns):
            return f"The coach's moves were taken back; you: {yours}"
        if len(turns) == 1:
            return f"The coach: {counted(self.coach_moves, 'move')}"
        if len(turns) == 2 and not turns[0][0]:
            return (f"You: {yours} before the coach took over; "
                    f"the coach: {counted(self.coach_moves, 'move')}")
        if len(turns) == 2:
            return f"The coach: {counted(self.coach_moves, 'move')}, then you: {yours}"
        order = ", ".join(f"{'the coach' if coach else 'you'} {n}" for coach, n in turns)
        return f"Turns: {order} moves; yours: {good}, {self.points} points"


def _turns(by_coach: Sequence[bool]) -> list[tuple[bool, int]]:
    """(coach, moves) for each run of moves by one player, in order."""
    turns: list[tuple[bool, int]] = []
    for coach in by_coach:
        if turns and turns[-1][0] == coach:
            turns[-1] = (coach, turns[-1][1] + 1)
        else:
            turns.append((coach, 1))
    return turns


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
           perfect: bool, against: str = "", wasted: str = "") -> tuple[str, str]:
    """The letter and why; ``against`` follows the efficiency figure (what it is measured
    against, when the start's distance is not proven), ``wasted`` the moves that cost it
    ("2 wasteful moves (-20)")."""
    rating, measure = (efficiency, "efficiency") if efficiency is not None else (
        accuracy, "accuracy")
    if rating is None:
        return GRADE_UNRATED, "no move could be judged exactly"
    if perfect and hints_used == 0:
        return GRADES[0], "perfect: the optimal number of moves, no hints"
    steps = hints_used // HINT_LEVELS_PER_GRADE_STEP
    hints = counted(hints_used, "hint level") + " used"
    if perfect:  # an A at best, and every HINT_LEVELS_PER_GRADE_STEP levels a letter less
        dropped = min(steps, len(GRADES) - 2)
        taken = f"; {_letters_taken(dropped, steps)}" if dropped else ""
        return GRADES[1 + dropped], f"perfect moves, {hints} (S needs no hints{taken})"
    base = next((name for name, low in GRADE_THRESHOLDS if rating >= low), GRADES[-1])
    index = GRADES.index(base)
    dropped = min(steps, len(GRADES) - 1 - index)  # the letters the hints really took
    letter = GRADES[index + dropped]
    reason = f"{percent_text(rating)} {measure}"
    if efficiency is not None and against:
        reason += f" {against}"
    if dropped:  # the letter it earned before the hints took theirs (a newcomer read "D:
        # 75% efficiency (A needs 85%)" and could not see where the B went; then ", an A,"
        # read awkwardly)
        reason += f" is {'an' if base == 'A' else 'a'} {base}"
    if index > 1:
        name, low = GRADE_THRESHOLDS[index - 2]
        reason += f" ({name} needs {round(low * 100)}%)"
    if wasted:  # what the figure lost (the end screen's "Costs 0" read as nothing lost)
        reason += f", {wasted}"
    if dropped:
        reason += f"; {hints} ({_letters_taken(dropped, steps)})"
    elif hints_used:
        reason += f", {hints}"
    return letter, reason


def best_grade_with_hints(hints_used: int) -> str:
    """The best grade a game can still get with ``hints_used`` hint levels: an A, a letter
    less per HINT_LEVELS_PER_GRADE_STEP of them, a D at worst (the footer says it in play)."""
    steps = hints_used // HINT_LEVELS_PER_GRADE_STEP
    return GRADES[1 + min(steps, len(GRADES) - 2)]


def _letters_taken(dropped: int, steps: int) -> str:
    """The letters hints took: "-1 letter"; where the grade stopped at the lowest, the rule's
    count and where it stopped ("one letter per 5 levels: 3 letters, stopped at D": newcomers
    read "-2 letters, D is the lowest" and "-22 letters" alike as miscounts)."""
    if steps > dropped:
        # no minus sign: "-6" beside "(-10)" read as points to a newcomer
        return (f"one letter per {HINT_LEVELS_PER_GRADE_STEP} levels: {steps} letters, "
                f"stopped at {GRADES[-1]}")
    return f"-{counted(dropped, 'letter')}"


def summarize(sheet: ScoreSheet, seconds: float | None, solved_by_player: bool, *,
              finished: bool = True, line_length: int | None = None,
              coach_line: int | None = None) -> GameSummary:
    """The final figures of a game (``seconds`` None: untimed, as in ``analyse``).

    An unfinished game (``finished`` False: ``analyse`` of moves that stop short of the goal)
    gets no bonus and no grade. Without an exact start distance, ``line_length`` (the coach's
    best known line from the start, at the end, or a finished game's own line if shorter)
    stands in for the optimal length: efficiency and the time bonus are figured against it,
    and no game is called perfect. ``coach_line``: the length of the coach's own line from
    the start board (the grade's words say when the player's line beat it).
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
    alone = perfect and sheet.hints_used == 0
    perfect_bonus = PERFECT_BONUS_PER_MOVE * start if alone and start is not None else 0
    total = sheet.move_points - sheet.costs + solve_bonus + timed + perfect_bonus
    if by_player:
        # the figure says what it is measured against (after the hints' words, it read
        # as if the hints were: "1 hint level used (against the coach's best line)"); named
        # as the end screen's row ("Best line known": the player's own when it was shorter)
        letter, why = _grade(efficiency, accuracy, sheet.hints_used, perfect,
                             "" if exact else "against the best line known",
                             wasted_words(sheet.wasteful, exact,
                                          kept_moves(sheet, line_length),
                                          exactly_wasteful(sheet)))
        if exact and moves == start and not perfect and not sheet.hints_used \
                and (sheet.undos or sheet.restarts):
            why += " (S needs no undo or restart)"  # the moves were perfect: say what was not
        elif not exact and moves == start and not sheet.hints_used and not sheet.undos \
                and not sheet.restarts:  # what an S asks but a proof: a newcomer's flawless
            why += NO_PROOF  # 5x5 game was an A with no word of why
    elif not finished:
        letter, why = GRADE_UNRATED, "the board is not solved"
    else:
        letter, why = GRADE_UNRATED, "not graded, no bonuses: " + _coach_why(sheet)
        kept = kept_moves(sheet, line_length)
        if kept:  # why the moves outnumber the best line here too (a newcomer's coach-finished
            # 5x5: "97 + 2 x 16 charged is not 131")
            why += "; " + wasted_words(0, exact, kept)
    # said only of a line that is the best known (a newcomer's 112 moves, off the line twice
    # where 108 was known, read "your line beat the coach's best (114)")
    outdone = coach_line if (by_player and not exact and coach_line is not None and trail
                             and len(trail) - 1 == start and start < coach_line) else None
    if outdone is not None:  # a newcomer beat the coach and the end screen said nothing
        why += f"; your line beat the coach's line from the start ({outdone}) by " \
            f"{outdone - moves}"
    assisted = 0 if sheet.line is None else sum(
        1 for node in sheet.line.walk() if node.assisted and not node.by_coach)
    by_coach = tuple(node.by_coach for node in sheet.line.walk()) if sheet.line else ()
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
        by_coach=by_coach, coach_played=not solved_by_player or sheet.coach_moves > 0,
        finished=finished, outdone=outdone,
    )


def _coach_why(sheet: ScoreSheet) -> str:
    """Why a finished game the coach played in is not graded, in words."""
    by_coach = [node.by_coach for node in sheet.line.walk()] if sheet.line else []
    if coach_part(by_coach, True, True) is CoachPart.FINISHED:
        return "the coach finished this game"
    if sheet.coach_moves:
        return f"the coach played {sheet.coach_moves} of the {len(by_coach)} moves"
    return "the coach played in this game"
