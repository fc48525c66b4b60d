"""A recorded game made ready to play back: a frame per action and the coach's commentary.

No pygame: the replay screen and ``replay --text`` read the same model. Moves are judged by
replaying the actions on a session with what the coach knows now, as the game does; a move the
coach cannot judge yet (it may still be warming up) takes the judgement stored with the game in
the history, so a stored game is commented in full at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.core.actions import CycleHint, Move, Redo, Restart, Slide, Source, Undo
from game.core.board import Board
from game.core.coach import EXACT_CELLS, Hint
from game.core.recording import JUDGEMENT_LETTERS, Recording
from game.core.scoring import MoveClass
from game.play.session import Session

Oracle = Callable[[Board], Hint | None]
STORED = {letter: cls for cls, letter in JUDGEMENT_LETTERS.items()
          if cls is not MoveClass.UNKNOWN}
"""A stored judgement letter and the class it stands for (``?`` stays unjudged)."""
WORDS = {MoveClass.OPTIMAL: "optimal", MoveClass.WASTEFUL: "wasteful",
         MoveClass.LINE: "on the coach's line", MoveClass.OFF_LINE: "off the coach's line",
         MoveClass.UNKNOWN: "unjudged"}


@dataclass(frozen=True, slots=True)
class Frame:
    """The game just after one action."""

    t_ms: int
    board: Board
    moves_done: int
    """Single-tile moves played so far (undone ones included: this is the timeline)."""
    cues: tuple[MoveClass, ...]
    distance: int | None
    note: str


@dataclass(frozen=True, slots=True)
class Detour:
    """Moves ``first``..``last`` that cost ``cost`` moves more than the optimal line."""

    first: int
    last: int
    cost: int

    def __str__(self) -> str:
        span = f"move {self.first}" if self.first == self.last else \
            f"moves {self.first}-{self.last}"
        extra = "1 extra move" if self.cost == 1 else f"{self.cost} extra moves"
        return f"{span} cost {extra}"


@dataclass(frozen=True, slots=True)
class ReplayModel:
    """Frames (index 0 is the start), the distance chart and the summary commentary."""

    start: Board
    frames: tuple[Frame, ...]
    detour: Detour | None
    missed: str
    unjudged: tuple[Board, ...]
    """Boards whose exact answer would judge more moves (for the coach to look at)."""

    @property
    def duration_ms(self) -> int:
        """When the last action happened."""
        return self.frames[-1].t_ms

    def index_at(self, t_ms: float) -> int:
        """The last frame shown at time ``t_ms``."""
        index = 0
        for i, frame in enumerate(self.frames):
            if frame.t_ms <= t_ms:
                index = i
            else:
                break
        return index

    def distances(self) -> tuple[int | None, ...]:
        """The distance to the goal after each move (start first): the chart. Actions that
        move nothing (hint presses) add no point; a group slide adds one per tile moved."""
        out = [self.frames[0].distance] if self.frames else []
        for frame in self.frames[1:]:
            out.extend([frame.distance] * len(frame.cues))
        return tuple(out)

    def headline(self) -> str:
        """The summary commentary in one line."""
        parts = [f"biggest detour: {self.detour}" if self.detour else "no detour"]
        if self.missed:
            parts.append(self.missed)
        return "; ".join(parts)


def _distance(session: Session) -> int | None:
    hint = session.lookup(session.board)
    if hint is not None and hint.optimal:
        return hint.distance
    return session.sheet.distance


def _note(action: object, letters: str, cues: tuple[MoveClass, ...], first: int,
          distance: int | None) -> str:
    if isinstance(action, Undo):
        return "undo"
    if isinstance(action, Redo):
        return "redo"
    if isinstance(action, Restart):
        return "restart"
    if isinstance(action, CycleHint):
        return "hint overlay changed"
    if not letters:
        return "no move"
    who = "coach " if isinstance(action, Move) and action.source is Source.SOLVE else ""
    span = f"move {first}" if len(letters) == 1 else f"moves {first}-{first + len(letters) - 1}"
    words = ", ".join(WORDS[c] for c in cues)
    to_go = f" ({distance} to go)" if distance is not None else ""
    return f"{who}{span} {letters}: {words}{to_go}"


def _with_stored(cues: tuple[MoveClass, ...], stored: str) -> tuple[MoveClass, ...]:
    """``cues`` with each move given the judgement stored with the game, where there is one:
    the game judged it with everything it knew when it was over, so the replay says what the
    end screen said; only a move stored unjudged is judged again with what is known now."""
    if len(stored) != len(cues):
        return cues
    return tuple(STORED.get(letter, cue) for cue, letter in zip(cues, stored, strict=True))


@dataclass(frozen=True, slots=True)
class _Step:
    """One action as replayed, before it is known which of its moves count."""

    action: object
    at: int
    board: Board
    cues: tuple[MoveClass, ...]
    letters: str
    before: Hint | None
    distance: int | None
    first: int
    """Where its first move stands on the line of play (moves undone later are numbered
    again by the moves that replace them, as the end screen counts)."""


def _line_length(session: Session) -> int:
    return session.sheet.moves + session.sheet.coach_moves


def build_replay(recording: Recording, oracle: Oracle,
                 judgements: tuple[str, ...] = ()) -> ReplayModel:
    """Play ``recording`` again on a session and comment every action; ``judgements`` (one
    string of letters per action, as the history stores them) are what the game judged.

    Moves are numbered as the end screen counts them, on the line of play; a move taken back
    later (undone or restarted away) says so, and the summary (the biggest detour, where the
    line was first left) speaks only of the moves that count."""
    session = Session(recording.board, oracle=oracle)
    stored = judgements if len(judgements) == len(recording.actions) \
        else ("",) * len(recording.actions)
    frames = [Frame(0, recording.board, 0, (), _distance(session), "start")]
    steps: list[_Step] = []
    writer: dict[int, tuple[int, int]] = {}
    """Each position on the line of play: the (step, move) that last put a move there."""
    for action, at, saved in zip(recording.actions, recording.times_ms, stored, strict=True):
        board = session.board
        before = session.lookup(board)
        letters = ""
        if isinstance(action, Move) and board.can_move(action.letter) and not session.solved:
            letters = action.letter
        elif isinstance(action, Slide) and not session.solved:
            letters = board.slide_moves(action.index)
        change = session.apply(action)
        cues = _with_stored(change.cues if change is not None else (), saved)
        first = _line_length(session) - len(cues) + 1
        for k in range(len(cues)):
            writer[first + k] = (len(steps), k)
        steps.append(_Step(action, at, session.board, cues, letters, before,
                           _distance(session), first))
    final = _line_length(session)
    counted = {step_move for position, step_move in writer.items() if position <= final}
    done = 0
    for i, step in enumerate(steps):
        note = _note(step.action, step.letters, step.cues, step.first, step.distance)
        gone = sum(1 for k in range(len(step.cues)) if (i, k) not in counted)
        if gone:
            note += " - taken back later" if gone == len(step.cues) \
                else f" - {gone} taken back later"  # by an undo, or a restart
        frames.append(Frame(step.at, step.board, done + len(step.cues), step.cues,
                            step.distance, note))
        done += len(step.cues)
    chart = session.summary().distances
    points = [(i, d) for i, d in enumerate(chart) if d is not None]
    counting = [steps[writer[p][0]].cues[writer[p][1]] for p in range(1, final + 1)]
    exact = recording.board.size <= EXACT_CELLS and len(points) == len(chart)
    detour = detour_of(points) if exact else _charged_stretch(counting)
    return ReplayModel(recording.board, tuple(frames), detour,
                       _missed(steps, writer, final), tuple(session.unjudged_boards()))


def _charged_stretch(cues: list[MoveClass]) -> Detour | None:
    """Beyond exact reach (where a replay knows other lines than the game did) or where the
    distances are not all known, the biggest detour from the judgements that count: the
    longest run of charged moves, each of which made the best line known 2 moves longer."""
    best: Detour | None = None
    run = 0
    for i, cue in enumerate(cues, start=1):
        run = run + 1 if cue.bad else 0
        if run and (best is None or 2 * run > best.cost):
            best = Detour(i - run + 1, i, 2 * run)
    return best


def _missed(steps: list[_Step], writer: dict[int, tuple[int, int]], final: int) -> str:
    """Where the moves that count first left the best line, in words ("" if they never did)."""
    for position in range(1, final + 1):
        index, k = writer[position]
        step = steps[index]
        cue = step.cues[k]
        if not cue.bad:
            continue
        played = step.letters[k] if k < len(step.letters) else "?"
        best = " or ".join(sorted(step.before.moves)) if step.before is not None and k == 0 \
            else ""
        if cue is MoveClass.OFF_LINE:  # beyond exact reach: only the coach's line is known
            return (f"the coach's line was left at move {position} ({played} played"
                    + (f", {best} stayed on it)" if best else ")"))
        return (f"the optimal line was missed at move {position} ({played} played"
                + (f", {best} was optimal)" if best else ")"))
    return ""


def biggest_detour(frames: list[Frame] | tuple[Frame, ...]) -> Detour | None:
    """The costliest stretch away from the goal along ``frames`` (a timeline)."""
    return detour_of([(f.moves_done, f.distance) for f in frames if f.distance is not None])


def detour_of(points: list[tuple[int, int]]) -> Detour | None:
    """The costliest stretch away from the goal in (moves, distance) points: from a step
    that raised the distance until it came back to where it was (or the end); cost = moves
    spent - progress made."""
    best: Detour | None = None
    i = 1
    while i < len(points):
        (m0, d0), (_, d1) = points[i - 1], points[i]
        if d1 <= d0:
            i += 1
            continue
        j = i
        while j + 1 < len(points) and points[j][1] > d0:
            j += 1
        m_end, d_end = points[j]
        cost = (m_end - m0) - (d0 - d_end)
        if cost > 0 and m_end > m0 and (best is None or cost > best.cost):
            best = Detour(m0 + 1, m_end, cost)
        i = j + 1
    return best
