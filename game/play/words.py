"""The words the play screen shows about the coach, and what a replay calls its game, made
from game state (no pygame)."""

from __future__ import annotations

import re

from game.core.averages import counted
from game.core.board import Board
from game.core.coach import EXACT_CELLS, CoachState, Hint, WorkerStatus
from game.core.recording import Mode
from game.core.scoring import HINT_COST_PER_LEVEL, RESTART_COST, MoveClass
from game.core.spec import KIND_NOUNS, GameKind
from game.core.summary import (
    COACH_PART_WORDS,
    HINT_LEVELS_PER_GRADE_STEP,
    CoachPart,
    best_grade_with_hints,
)

HINT_LEVELS = 3
"""0 off, 1 arrows on optimal tiles and moves-to-go, 2 also a faint path."""
HINTS_LEGEND = "H: hints"
"""The COACH column with hints off: what the key does (the dot's colour says how it stands)."""


def coach_status(worker_state: CoachState, bound: int, distance: int | None,
                 optimal: bool) -> str:
    """The words for the coach corner from the worker status and what is known (the
    status's longer ``detail`` goes to the footer, where it has room)."""
    if distance is not None:
        return f"{distance} to go" if optimal else f"best {distance}"
    if worker_state == CoachState.WARMING_UP:
        return "warming up"
    if worker_state == CoachState.UNAVAILABLE:
        return "unavailable"
    if worker_state == CoachState.THINKING:
        return f"thinking {bound}" if bound else "thinking"
    return ""


SHAPE_WORDS = re.compile(r"\b(\d+)x(\d+)\b")
"""A board shape named in the coach's words about its work ("building the 4x4 tables")."""
BIG_TABLES = (5, 5)
"""The tables every board beyond exact reach is searched with (bigger ones peel down to a
5x5 corner)."""


def work_words(work: str, share: float, board: Board | None = None,
               warming: bool = False) -> str:
    """The footer's words while the coach prepares: "coach: building the 4x4 tables 42%".

    With the ``board`` on screen, work named for another shape is not shown as if it were
    this board's (a 6x6 game said "preparing the 3x3 coach"): the warm-up (``warming``)
    every board waits for is "warming up" (on every size: a newcomer read "preparing the
    3x3 coach" where the README says "warming up"), and a build says whose it is."""
    done = f"{100 * min(1.0, max(0.0, share)):.0f}%"
    if warming and not work.startswith("building"):
        return f"coach: warming up {done}"  # its steps by one name, on every size
    shapes = [(int(w), int(h)) for w, h in SHAPE_WORDS.findall(work)]
    if board is None or all(_serves(shape, board) for shape in shapes):
        return f"coach: {work} {done}"
    if warming:
        return f"coach: warming up {done}"
    other = shapes[0]
    return f"coach: {work} (for {other[0]}x{other[1]} games) {done}"


def _serves(shape: tuple[int, int], board: Board) -> bool:
    """Whether the tables or search of ``shape`` answer for ``board``."""
    return shape == (board.width, board.height) or (board.size > EXACT_CELLS
                                                    and shape == BIG_TABLES)


def coach_lines(status: WorkerStatus, hint: Hint | None, board: Board, hints_on: bool,
                seconds: float = 0.0) -> tuple[str, str]:
    """The COACH column's two lines: what the coach knows of ``board`` (with hints on; off,
    a legend) and how far that is settled: proven, still searching (for ``seconds`` so far,
    so a long search visibly goes on), or its best found."""
    known = hint if hint is not None and hint.board == board else None
    if not hints_on:  # what it is doing, never what it knows (a newcomer saw the ring
        return _busy(status, board, seconds, known is not None), HINTS_LEGEND  # spin 40 s)
    words = coach_status(status.state, status.bound,
                         known.distance if known is not None else None,
                         known.optimal if known is not None else True)
    if known is None or board.size <= EXACT_CELLS:
        return words, ""
    if known.optimal:
        return words, "proven optimal"
    if status.state is CoachState.THINKING and status.board == board:
        return words, f"{SHORTENING} {int(seconds)} s" if seconds >= 1 else SHORTENING
    return words, "best found"


SHORTENING = "shortening"
"""A search of a board the coach has a line for already: it is shortening that line (a
newcomer read "searching 45 s" beside the ring, nearly always there on 5x5, as a warning)."""


def _busy(status: WorkerStatus, board: Board, seconds: float, line: bool) -> str:
    """With hints off: a search of ``board`` going on for a second or more ("searching 12 s",
    or "shortening 12 s" where it has a ``line`` already; shorter ones would flicker),
    warming up or unavailable; else nothing."""
    if status.state in (CoachState.WARMING_UP, CoachState.UNAVAILABLE):
        return coach_status(status.state, 0, None, True)
    if status.state is CoachState.THINKING and status.board == board and seconds >= 1:
        return f"{SHORTENING if line else 'searching'} {int(seconds)} s"
    return ""


def banner_words(*, solving: bool, demo: bool, attract: bool, solved: bool, verdict: str,
                 judging: bool, waiting: CoachState | None = None) -> str:
    """The banner under the board: who is playing, or the win (and a race's verdict);
    ``waiting``: Space was pressed and the coach has no line to play yet (its state)."""
    if solving and waiting is CoachState.WARMING_UP:
        return "Space: the coach plays once warmed up - any key but M, F11 cancels"
    if solving and waiting is not None:
        return "Space: the coach plays once it has a line - any key but M, F11 cancels"
    if solving:
        return "the coach is playing - any key but M, F11 stops"
    if demo:
        return "DEMO - press any key" if attract else "demo"
    if not solved:
        return ""
    words = f"solved! {verdict}" if verdict else "solved!"
    return f"{words} judging..." if judging else words


def hint_words(hint: Hint | None, level: int, solved: bool, exact: bool = True,
               used: int = 0) -> str:
    """With hints on: what they cost, and beyond exact reach (``exact`` False: no perfect
    bonus to lose there) the coach's best line; once the hint levels ``used`` cost the grade
    a letter, the best it can be now (a newcomer's 24 optimal moves of 24 with the steps on
    were a D, said only on the end screen)."""
    if level == 0 or solved:
        return ""
    best = best_grade_with_hints(used)
    grade = f"; {used} hint levels so far: {'an' if best == 'A' else 'a'} {best} at best" \
        if used >= HINT_LEVELS_PER_GRADE_STEP else ""  # (a newcomer read "8 letters lower")
    # hiding the steps is free, but steps seen are paid where the player moves along them
    # (a newcomer read "H hides them, free" and found the moves they showed charged after)
    then = "H: the next steps" if level < HINT_LEVELS - 1 else (
        f"H hides them: steps seen still cost {HINT_COST_PER_LEVEL * level}")
    # the perfect bonus needs a game without hints: a newcomer read "-5" as the whole price
    bonus = ", no perfect bonus" if exact else ""  # (5x5 has none: a newcomer asked)
    cost = f"hints on: -{HINT_COST_PER_LEVEL * level} a move{bonus} ({then}){grade}"
    if hint is None or hint.optimal:
        return cost
    return f"coach's best line so far: {counted(hint.distance, 'move')}; {cost}"


def hint_seen_words(gained: int, streak: int, hint_cost: int = 0) -> str:
    """The footer's words for a good move made with hints off where help had been seen
    before (here on an earlier visit, or the numbered steps that led here): scored as hinted
    (1x, the streak held), though nothing is on screen now. ``gained`` includes what the
    help cost with the move (``hint_cost``, <= 0), said apart as the pop-up says it (a
    newcomer read "+0" for an optimal move)."""
    points = f"{gained - hint_cost:+d} {hint_cost:+d} hint" if hint_cost else f"{gained:+d}"
    return f"{points} · hint seen for this position, streak held at {streak}"


DIRECTIONS = {"U": "up", "D": "down", "L": "left", "R": "right"}


def move_words(board: Board, move: str) -> str:
    """A move in the game's notation as a player reads it: the tile and where it goes
    (``U`` on a board whose tile 13 is below the gap is "13 up")."""
    return f"{board.tile_for(move)} {DIRECTIONS[move]}"


def moves_words(board: Board, moves: str) -> str:
    """Several moves played one after the other, in words ("9 down, 5 left")."""
    out = []
    for move in moves:
        out.append(move_words(board, move))
        board = board.apply(move)
    return ", ".join(out)


def steps_due_words(cost: int, paid: bool, step: str) -> str:
    """The footer with hints off on a board the numbered steps seen before showed the next
    step from: what following them will pay for them ("" when nothing is due; a move of your
    own pays nothing for them); ``paid``: help was paid here already (the chevrons), so that
    is more (a newcomer read "costs 5" under "steps seen still cost 10"); ``step``: that next
    step in words (two newcomers played another optimal move, read "+10 hint seen" with
    nothing charged, and took the footer's price for a promise broken)."""
    if not cost:
        return ""
    return f"steps seen: the next one here, {step}, costs {cost}{' more' if paid else ''} (hint)"


JUDGED_WORDS = {MoveClass.OPTIMAL: "optimal", MoveClass.WASTEFUL: "wasteful",
                MoveClass.LINE: "on the coach's line", MoveClass.OFF_LINE: "off the coach's line",
                MoveClass.UNKNOWN: "not judged yet"}


WAITING = "waiting for the coach's search"
"""A move whose credit is held back: a shorter line found elsewhere no longer runs through it,
and the coach has not searched where it led ("not judged yet (-10)" read like a charge)."""
AGAIN_JUDGED = {**JUDGED_WORDS, MoveClass.LINE: "on it", MoveClass.OFF_LINE: "off it"}
"""A second verdict on the same footer line, after one that named the coach's line ("on the
coach's line (+40); move 12: off it (-10)": a newcomer read "on the line" there and "on the
coach's line" alone as two lines)."""
NAMED_MOVES = 3
"""Up to this many moves, or runs of moves in a row, judged again at once are named in the
news."""


def undo_words(cost: int, moved: int, *, redo: bool = False, count: int = 1) -> str:
    """The footer's words for an undo or redo that changed the points: what the undo cost
    (``cost`` <= 0; a redo or an undo of the coach's move is free) and the points of the
    ``count`` moves it took back or brought back (``moved``: what they had earned; a group
    slide's tiles go together). A newcomer saw POINTS fall by 15 on an undo with nothing to
    say why (5 for the undo, 10 the move had earned)."""
    noun = "move" if count == 1 else f"{count} moves"
    if redo:  # the figure is back, whatever the count ("the -10 the 3 moves cost are back"
        # read wrong to a newcomer)
        return f"redo: the {moved:+d} the {noun} {'earned' if moved > 0 else 'cost'} is back"
    what = f"undo {cost:+d}" if cost else "undo of the coach's move (free)"
    return f"{what}, and {_moves_points(moved, True, noun)}" if moved else what


def repeated(words: str, times: int) -> str:
    """Words said ``times`` times in a row, said once and counted: "undo -5 (twice)" (a
    newcomer read two undos' identical words side by side as a message repeated)."""
    if times <= 1:
        return words
    return f"{words} ({'twice' if times == 2 else f'{times} times'})"


def _moves_points(moved: int, gone: bool, noun: str = "moves") -> str:
    """The points of the moves an action took away (``gone``) or brought back: "the +120
    the moves earned taken back", "the -20 the moves cost given back" ("" for none)."""
    if not moved:
        return ""
    what = f"the {moved:+d} the {noun} {'earned' if moved > 0 else 'cost'}"
    if gone:
        return f"{what} {'taken' if moved > 0 else 'given'} back"
    return f"{what} back"


def restart_words(cost: int, moved: int, *, undone: bool = False, redone: bool = False,
                  count: int = 2) -> str:
    """The footer's words for a restart (``cost`` < 0), an undo of one (``undone``: ``cost``
    is the undo's) or a redo of one: what it cost and the points of the ``count`` moves it
    took away or brought back (``moved``: what they had earned). A newcomer saw POINTS go
    100, "held at 0 (-45)", 95 with nothing to say why."""
    noun = "move" if count == 1 else "moves"  # "the +10 the moves earned" after one move
    if undone:
        back = _moves_points(moved, gone=False, noun=noun)
        # its figure named: a newcomer could not see the 25 in "the restart's cost"
        return f"undo {cost:+d}: the restart's {-RESTART_COST:+d} given back" + (
            f", {back}" if back else "")
    gone = _moves_points(moved, gone=True, noun=noun)
    what = f"redo: the restart again ({cost:+d})" if redone else f"restart {cost:+d}"
    return f"{what}, {gone}" if gone else what


def judged_verb(olds: list[MoveClass]) -> str:
    """"judged" when every move changed had been waiting for a judgement (``olds``: their
    judgements before; a 5x5 move made before the coach had a line through it), else
    "judged again"."""
    return "judged" if olds and all(old is MoveClass.UNKNOWN for old in olds) \
        else "judged again"


def rejudged_words(changed: list[tuple[int, MoveClass, MoveClass, int]],
                   again: set[int] | frozenset[int] = frozenset()) -> str:
    """The footer's news of moves whose points changed when judged again: (index on the line,
    old and new judgement, points change) each. One verdict reads "move 6 judged again: off
    the coach's line (-20)"; verdicts both ways are told apart ("moves 4, 5 judged again: on
    the coach's line (+40); move 12: off it (-10)"), never summed into one figure that hides a
    charge; moves whose judgement stayed and whose points moved with the streak come last.
    Moves that had waited for a judgement (unknown) are "judged", not "judged again" ("move
    10 judged again, move 17 judged: on the coach's line (+30)" when both come at once),
    but for those in ``again``, which had been judged before they waited."""
    groups: dict[MoveClass, list[tuple[int, int]]] = {}
    olds: dict[MoveClass, list[MoveClass]] = {}
    streak = 0
    streaked: list[int] = []
    for index, old, new, points in changed:
        if old is new:
            streak += points  # the same judgement, another multiplier
            streaked.append(index)
        else:
            groups.setdefault(new, []).append((index, points))
            olds.setdefault(new, []).append(old)
    parts: list[str] = []
    lined = False  # a verdict has named the coach's line: the next say "on it", "off it"
    said = ""  # the verb the first group said, which the next ones share unless theirs differs
    for cls, moves in groups.items():
        gained = sum(points for _, points in moves)
        first = [i for (i, _), old in zip(moves, olds[cls], strict=True)
                 if old is MoveClass.UNKNOWN and i not in again]
        if first and len(first) < len(moves):
            # some judged for the first time, some again: each told as it is (a newcomer read
            # "moves 35-40 judged again" where only move 35 had been judged before)
            before = [i for i, _ in moves if i not in first]
            named, verb = f"{_named(before)} judged again, {_named(first)} judged", "mixed"
        else:
            # "judged" only when every one had waited for its first verdict; a later group
            # says its own when it differs (two newcomers read "move 29 judged: on the
            # coach's line (+10); move 30: off it (-20)" as a first verdict costing 20)
            verb = "judged" if first else "judged again"
            named = _named([index for index, _ in moves])
            if not parts or verb != said:
                named += f" {verb}"
        said = said or verb
        words = AGAIN_JUDGED if lined else JUDGED_WORDS
        lined = lined or cls in (MoveClass.LINE, MoveClass.OFF_LINE)
        parts.append(f"{named}: {WAITING if cls is MoveClass.UNKNOWN else words[cls]} "
                     f"({gained:+d})")
    if streak:  # the moves named (a newcomer read "move 28 judged: off the coach's line
        # (-10); streak multiplier (+430)" as a charge and a gain for the same move)
        parts.append(f"{_named(streaked)}: "
                     f"{'streak multiplier' if parts else 'points judged again with the streak'}"
                     f" ({streak:+d})")
    return "; ".join(parts)


def _named(indices: list[int]) -> str:
    """"move 6", "moves 4, 5", "moves 3-6, 9" (indices on the line, 0-based; a run of
    moves as a range), or "12 moves" past NAMED_MOVES parts (a newcomer read "4 moves: off
    the line" where four moves in a row could be named)."""
    if len(indices) == 1:
        return f"move {indices[0] + 1}"
    runs: list[list[int]] = []
    for index in sorted(indices):
        if runs and index == runs[-1][-1] + 1:
            runs[-1].append(index)
        else:
            runs.append([index])
    if len(runs) > NAMED_MOVES:
        return f"{len(indices)} moves"
    parts = [f"{run[0] + 1}" if len(run) == 1 else
             f"{run[0] + 1}, {run[1] + 1}" if len(run) == 2 else f"{run[0] + 1}-{run[-1] + 1}"
             for run in runs]
    return "moves " + ", ".join(parts)


MODE_WORDS = {Mode.GHOST: "ghost race", Mode.ARENA: "arena"}
"""How a game was played, where it says more than its kind (a normal or daily game says
nothing more; a game the coach played in says what it did, ``COACH_PART_WORDS``)."""


def game_label(mode: Mode, kind: GameKind | None, coach: CoachPart = CoachPart.NONE,
               daily: str | None = None, attempt: str = "") -> str:
    """What a replay calls its game: its kind and how it was played ("practice game",
    "seeded board · ghost race", "random board · with the coach's help"); the mode alone
    ("normal game") for a game whose kind is not known (a replay code's). ``coach``: what
    the coach did in it (``ReplayModel.coach_part``), as its end screen said; ``daily``: a
    daily's date, kept beside its kind ("daily 2026-11-24 · finished by the coach"), and
    ``attempt`` which try at it it was ("daily 2026-11-24 (repeat)")."""
    parts = [KIND_NOUNS[kind]] if kind is not None else []
    if daily and parts:
        parts[0] += f" {daily}" + (f" ({attempt})" if attempt else "")
    if mode is Mode.AUTO or coach is not CoachPart.NONE:
        parts.append(COACH_PART_WORDS[coach if coach is not CoachPart.NONE
                                      else CoachPart.HELPED])
        return " · ".join(parts)
    extra = MODE_WORDS.get(mode)
    if extra is not None:
        parts.append(extra)
    elif kind is None:
        parts.append(f"{mode} game")
    return " · ".join(parts)
