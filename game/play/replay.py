"""A recorded game made ready to play back: a frame per action and the coach's commentary.

No pygame: the replay screen and ``replay --text`` read the same model. Moves are judged by
replaying the actions on a session with what the coach knows now, as the game does; a move the
coach cannot judge yet (it may still be warming up) takes the judgement stored with the game in
the history, so a stored game is commented in full at once. The chart is the end screen's: the
distance after each move of the line of play (the moves that count, the coach's apart), its
scale fixed for the whole game; distances stored with the game are preferred to those figured
again, and what neither knows is filled in from the judgements (``charges.filled_chart``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.core.actions import CycleHint, Move, Redo, Restart, Slide, Source, Undo
from game.core.board import Board
from game.core.charges import Detour, charged_stretch, filled_chart
from game.core.coach import Hint
from game.core.recording import Recording, kept_letter, read_judgement
from game.core.scoring import MoveClass
from game.core.summary import CoachPart, coach_part
from game.play.session import Session

Oracle = Callable[[Board], Hint | None]
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
    line_length: int = 0
    """Moves on the line of play after the action (what the chart shows up to)."""


@dataclass(frozen=True, slots=True)
class LineMove:
    """One move that counts (on the final line of play), with the board it was played on."""

    number: int
    """Its place on the line of play, as the replay lists it (the first move is 1)."""
    board: Board
    move: str
    cue: MoveClass
    by_coach: bool
    before: Hint | None
    """What is known of ``board`` (the better moves from there), or None."""
    frame: int
    """The frame whose action played it."""


@dataclass(frozen=True, slots=True)
class ReplayModel:
    """Frames (index 0 is the start), the chart and the summary commentary."""

    start: Board
    frames: tuple[Frame, ...]
    detour: Detour | None
    missed: str
    unjudged: tuple[Board, ...]
    """Boards whose exact answer would judge more moves (for the coach to look at)."""
    line: tuple[LineMove, ...] = ()
    """The moves that count, in order (``line[i].number == i + 1``)."""
    chart: tuple[int | None, ...] = ()
    """The distance to the goal after each move of the line of play, the start first."""
    restarts: int = 0
    """Restarts on the final line of play (an undone one took its cost back), as the end
    screen counted them: the history keeps no count, the actions replayed give it."""
    solved: bool = True
    """Whether the game reached the goal (False: it was left unsolved, a DNF)."""

    @property
    def duration_ms(self) -> int:
        """When the last action happened."""
        return self.frames[-1].t_ms

    @property
    def by_coach(self) -> tuple[bool, ...]:
        """Per move of the line of play: whether the coach played it (the chart's colours)."""
        return tuple(m.by_coach for m in self.line)

    @property
    def scale(self) -> tuple[int, int]:
        """(moves, distance) the chart's axes run to: fixed for the whole game."""
        known = [d for d in self.chart if d is not None]
        start = self.chart[0] if self.chart else None
        return max(1, len(self.chart) - 1, start or 0), max(1, *known) if known else 1

    def index_at(self, t_ms: float) -> int:
        """The last frame shown at time ``t_ms``."""
        index = 0
        for i, frame in enumerate(self.frames):
            if frame.t_ms <= t_ms:
                index = i
            else:
                break
        return index

    def distances(self, index: int | None = None) -> tuple[int | None, ...]:
        """The chart as far as frame ``index`` has gone on the line of play (all of it for
        None): the start first, then the distance after each move that counts."""
        if index is None:
            return self.chart
        return self.chart[:self.frames[index].line_length + 1]

    def coach_part(self, coach_played: bool) -> CoachPart:
        """What the coach did in the game (``coach_played``: the record says it played)."""
        return coach_part(self.by_coach, coach_played, self.frames[-1].board.is_solved())

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


NO_MOVE = "no move"
"""A move into a wall (older saves kept them): ``replay --text`` leaves it out."""
HINT_SEEN = " (hint seen)"
"""After a good move made where help had been seen (+10, the streak held), as the play
screen's footer says it."""


KEPT = "on the coach's line when judged"
"""A move judged on the coach's line in play, off the best line known since (it kept its
points, ``Kept``; the record's KEPT_LETTER): the way to go grew by one after it."""


def _note(action: object, letters: str, cues: tuple[MoveClass, ...], first: int,
          distance: int | None, hint_level: int = 0, assisted: tuple[bool, ...] = (),
          stepped: int = 1, kept: tuple[bool, ...] = ()) -> str:
    if isinstance(action, Undo | Redo):
        word = "undo" if isinstance(action, Undo) else "redo"
        return f"{word} ({stepped} moves)" if stepped > 1 else word  # a whole click's
    if isinstance(action, Restart):
        return "restart"
    if isinstance(action, CycleHint):
        return f"hints: level {hint_level}" if hint_level else "hints off"
    if not letters:
        return NO_MOVE
    who = "coach " if _by_coach(action) else ""
    span = f"move {first}" if len(letters) == 1 else f"moves {first}-{first + len(letters) - 1}"
    helped = (*assisted, *(False,) * len(cues))
    held = (*kept, *(False,) * len(cues))
    words = ", ".join((KEPT if was_kept else WORDS[c]) + (HINT_SEEN if seen and c.good else "")
                      for c, seen, was_kept in zip(cues, helped, held, strict=False))
    to_go = f" ({distance} to go)" if distance is not None else ""
    return f"{who}{span} {letters}: {words}{to_go}"


def _by_coach(action: object) -> bool:
    return isinstance(action, Move) and action.source is Source.SOLVE


def _with_stored(cues: tuple[MoveClass, ...], stored: str) -> tuple[MoveClass, ...]:
    """``cues`` with each move given the judgement stored with the game, where there is one:
    the game judged it with everything it knew when it was over, so the replay says what the
    end screen said; only a move stored unjudged is judged again with what is known now."""
    if len(stored) != len(cues):
        return cues
    return tuple(read_judgement(letter)[0] or cue for cue, letter in zip(cues, stored,
                                                                          strict=True))


@dataclass(frozen=True, slots=True)
class _Step:
    """One action as replayed, before it is known which of its moves count."""

    action: object
    at: int
    before_board: Board
    board: Board
    cues: tuple[MoveClass, ...]
    letters: str
    distance: int | None
    first: int
    """Where its first move stands on the line of play (moves undone later are numbered
    again by the moves that replace them, as the end screen counts)."""
    line_length: int
    hint_level: int = 0
    """The hint level shown after it (a CycleHint's note says it)."""
    assisted: tuple[bool, ...] = ()
    """Per move: made where help had been seen (scored at 1x, the streak held)."""
    stepped: int = 0
    """History entries an undo or redo stepped over (a whole click's tiles)."""
    kept: tuple[bool, ...] = ()
    """Per move: stored as kept (KEPT_LETTER: on the coach's line when judged, off it since)."""


def build_replay(recording: Recording, oracle: Oracle, judgements: Sequence[str] = (),
                 distances: Sequence[int | None] = ()) -> ReplayModel:
    """Play ``recording`` again on a session and comment every action; ``judgements`` (one
    string of letters per action, as the history stores them) are what the game judged, and
    ``distances`` (one per action: the distance to the goal after it, None where unknown) what
    it knew of the distances; both are ignored unless there is one per action.

    Moves are numbered as the end screen counts them, on the line of play; a move taken back
    later (undone or restarted away) says so, and the summary (the biggest detour, where the
    line was first left) speaks only of the moves that count."""
    count = len(recording.actions)
    session = Session(recording.board, oracle=oracle)
    stored = tuple(judgements) if len(judgements) == count else ("",) * count
    given = tuple(distances) if len(distances) == count else (None,) * count
    steps: list[_Step] = []
    writer: dict[int, tuple[int, int]] = {}
    """Each position on the line of play: the (step, move) that last put a move there."""
    start_distance = _distance(session)
    for action, at, saved, known in zip(recording.actions, recording.times_ms, stored, given,
                                        strict=True):
        board = session.board
        letters = ""
        if isinstance(action, Move) and board.can_move(action.letter) and not session.solved:
            letters = action.letter
        elif isinstance(action, Slide) and not session.solved:
            letters = board.slide_moves(action.index)
        entry = session.history.position
        change = session.apply(action)
        cues = _with_stored(change.cues if change is not None else (), saved)
        first = session.sheet.line_moves - len(cues) + 1
        for k in range(len(cues)):
            writer[first + k] = (len(steps), k)
        distance = known if known is not None else _distance(session)
        steps.append(_Step(action, at, board, session.board, cues, letters, distance, first,
                           session.sheet.line_moves, session.hint_level,
                           _hinted(session, saved, len(cues)),
                           abs(session.history.position - entry),
                           tuple(kept_letter(letter) for letter in saved)
                           if len(saved) == len(cues) else ()))
    final = session.sheet.line_moves
    line = _line_moves(session, steps, writer, final)
    counted = {writer[move.number] for move in line}
    chart = _chart(session, steps, writer, line, any(d is not None for d in given))
    proven = _proven_from(line, session.solved)
    frames = [Frame(0, recording.board, 0, (), start_distance, "start")]
    done = 0
    for i, step in enumerate(steps):
        gone = sum(1 for k in range(len(step.cues)) if (i, k) not in counted)
        distance = step.distance
        if distance is None and step.cues and not gone and proven[step.line_length]:
            distance = chart[step.line_length]  # the judgements from here on prove it
        note = _note(step.action, step.letters, step.cues, step.first, distance,
                     step.hint_level, step.assisted, step.stepped, step.kept)
        if gone:
            how = "restarted away" if _restarted(steps, i) else "taken back"
            note += f" - {how} later" if gone == len(step.cues) else f" - {gone} {how} later"
        frames.append(Frame(step.at, step.board, done + len(step.cues), step.cues,
                            distance, note, step.line_length))
        done += len(step.cues)
    detour = charged_stretch([m.cue for m in line])
    return ReplayModel(recording.board, tuple(frames), detour, _missed(line),
                       tuple(session.unjudged_boards()), line, chart, session.sheet.restarts,
                       session.solved)


def _hinted(session: Session, stored: str, count: int) -> tuple[bool, ...]:
    """Whether each of the last action's ``count`` moves was made where help was seen: as
    the game stored it (a capital letter, or none), for a move it stored judged: a replay
    cannot tell what help was on screen (beyond exact reach, nor before the coach's first
    answer drew a hint asked for: a newcomer's replay said "hint seen" of moves the game had
    scored unhinted); else as judged again here."""
    judged = session.hinted()
    again = judged[-1] if judged else ()
    again = (*again, *(False,) * (count - len(again)))[:count]
    if len(stored) != count:
        return again
    read = [read_judgement(letter) for letter in stored]
    return tuple(hinted if cls is not None else seen
                 for (cls, hinted), seen in zip(read, again, strict=True))


def _restarted(steps: list[_Step], index: int) -> bool:
    """Whether the moves of step ``index`` left the line of play for good by a restart, not
    by an undo: the cut that took them off the line the last time, unless a redo (or an undo
    of the cut) brought them back (a newcomer's move undone, redone and then restarted away
    was said to be "taken back"); a cut further down while they are off changes nothing
    (moves undone and then a restart were said to be "restarted away")."""
    last = steps[index].first + len(steps[index].cues) - 1
    how: object = None
    for later in steps[index + 1:]:
        if how is not None and later.cues and later.first <= last:
            break  # another move took their place: they left by the cut before
        if later.line_length < last:
            how = later.action if how is None else how
        elif how is not None and not later.cues and later.line_length >= last:
            how = None  # brought back (a redo, or an undo of the restart)
    return isinstance(how, Restart)


def _line_moves(session: Session, steps: list[_Step], writer: dict[int, tuple[int, int]],
                final: int) -> tuple[LineMove, ...]:
    """The moves on the final line of play, each with the board before it and what is
    known of that board."""
    out = []
    for position in range(1, final + 1):
        index, k = writer[position]
        step = steps[index]
        letters = step.letters
        if k >= len(letters):  # a move the session made that the action did not name
            break
        board = step.before_board.apply_all(letters[:k])
        out.append(LineMove(position, board, letters[k], step.cues[k], _by_coach(step.action),
                            session.lookup(board), index + 1))
    return tuple(out)


def _proven_from(line: tuple[LineMove, ...], finished: bool) -> list[bool]:
    """For each point of the chart: whether every move after it to the goal was judged
    exactly (each changed the distance by exactly one), which proves the filled-in distance."""
    out = [finished] * (len(line) + 1)
    for p in range(len(line) - 1, -1, -1):
        out[p] = out[p + 1] and line[p].cue.exact
    return out


def _chart(session: Session, steps: list[_Step], writer: dict[int, tuple[int, int]],
           line: tuple[LineMove, ...], stored: bool) -> tuple[int | None, ...]:
    """The end screen's chart of the line of play: with the distances stored with the game
    (``stored``: the steps carry them, one after each action), those alone, the points
    between them filled in from the judgements (a newcomer's replay chart rose to 140 inside
    clicks that slid several tiles, where the replay's own figures differ from the game's and
    the end screen's stayed under 120); else those figured again here."""
    chart = list(session.summary().distances)[:len(line) + 1]
    chart += [None] * (len(line) + 1 - len(chart))
    up = [False] * len(line)
    if stored:
        chart = [None] * len(chart)
        for move in line:
            index, k = writer[move.number]
            step = steps[index]
            up[move.number - 1] = k < len(step.kept) and step.kept[k]
            if k == len(step.cues) - 1 and step.distance is not None:
                chart[move.number] = step.distance
    return filled_chart(chart, [m.cue for m in line], session.solved, up)


def _missed(line: tuple[LineMove, ...]) -> str:
    """Where the moves that count first left the best line, in words ("" if they never did)."""
    for move in line:
        if not move.cue.bad:
            continue
        before = move.before
        # (what is known now may put the move played on an equally short line: never name it)
        best = " or ".join(sorted(before.moves - {move.move})) if before is not None else ""
        if move.cue is MoveClass.OFF_LINE:  # beyond exact reach: only the coach's line is known
            return (f"the coach's line was left at move {move.number} ({move.move} played"
                    + (f", {best} stayed on it)" if best else ")"))
        return (f"the optimal line was missed at move {move.number} ({move.move} played"
                + (f", {best} was optimal)" if best else ")"))
    return ""
