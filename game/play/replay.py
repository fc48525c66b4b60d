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
from game.core.coach import Hint
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
        return f"{span} cost {self.cost}"


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
          before: Hint | None, distance: int | None) -> str:
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
    if cues and all(c is MoveClass.UNKNOWN for c in cues) and before is not None and before.path:
        on = before.path.startswith(letters)
        words = "on the coach's line" if on else "off the coach's line"
    to_go = f" ({distance} to go)" if distance is not None else ""
    return f"{who}{span} {letters}: {words}{to_go}"


def _with_stored(cues: tuple[MoveClass, ...], stored: str) -> tuple[MoveClass, ...]:
    """``cues`` with each move given the judgement stored with the game, where there is one:
    the game judged it with everything it knew when it was over, so the replay says what the
    end screen said; only a move stored unjudged is judged again with what is known now."""
    if len(stored) != len(cues):
        return cues
    return tuple(STORED.get(letter, cue) for cue, letter in zip(cues, stored, strict=True))


def build_replay(recording: Recording, oracle: Oracle,
                 judgements: tuple[str, ...] = ()) -> ReplayModel:
    """Play ``recording`` again on a session and comment every action; ``judgements`` (one
    string of ``o``/``w``/``?`` per action, as the history stores them) stand in for what the
    coach cannot judge yet."""
    session = Session(recording.board, oracle=oracle)
    stored = judgements if len(judgements) == len(recording.actions) \
        else ("",) * len(recording.actions)
    frames = [Frame(0, recording.board, 0, (), _distance(session), "start")]
    done = 0
    missed = ""
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
        bad = next((c for c in cues if c.bad), None)
        if not missed and bad is not None:
            at_move = done + cues.index(bad)
            played = letters[at_move - done] if at_move - done < len(letters) else "?"
            best = " or ".join(sorted(before.moves)) if before is not None \
                and at_move == done else ""
            if bad is MoveClass.OFF_LINE:  # beyond exact reach: only the coach's line is known
                missed = (f"the coach's line was left at move {at_move + 1} ({played} played"
                          + (f", {best} stayed on it)" if best else ")"))
            else:
                missed = (f"the optimal line was missed at move {at_move + 1} ({played} played"
                          + (f", {best} was optimal)" if best else ")"))
        distance = _distance(session)
        frames.append(Frame(at, session.board, done + len(cues), cues, distance,
                            _note(action, letters, cues, done + 1, before, distance)))
        done += len(cues)
    return ReplayModel(recording.board, tuple(frames), biggest_detour(frames), missed,
                       tuple(session.unjudged_boards()))


def biggest_detour(frames: list[Frame] | tuple[Frame, ...]) -> Detour | None:
    """The costliest stretch away from the goal: from a step that raised the distance until
    it came back to where it was (or the end); cost = moves spent - progress made."""
    points = [(f.moves_done, f.distance) for f in frames if f.distance is not None]
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
