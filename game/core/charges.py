"""The moves of a game that cost points or kept them: the grade's words for them (``summary``),
which moves a game played live kept on the coach's line (the record marks them), the biggest
detour and the distances they imply between known points of the chart (the replay)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.averages import counted
from game.core.scoring import WASTEFUL_COST, MoveClass, ScoreSheet


def wasted_words(wasteful: int, exact: bool, kept: int = 0, proven: int = 0) -> str:
    """The player's moves that cost points, with what they cost: "2 wasteful moves (-20)",
    beyond exact reach "1 move off the coach's line (-10)" ("" for none), where ``proven``
    of them were judged exactly (from a board the coach had proven: "1 move off the coach's
    line (-10), 2 wasteful moves (-20)", as the replay names them). Their cost is in Move
    points: a newcomer's first game said only "Costs 0" of two wasteful moves. Then the
    ``kept`` moves: off the best line known, but judged on the coach's line once, they kept
    their points (``Kept``); the words say why the moves outnumber the best line known."""
    parts = []
    off = 0 if exact else wasteful - proven
    if off:
        parts.append(f"{counted(off, 'move')} off the coach's line (-{off * WASTEFUL_COST})")
    if wasteful - off:  # each kind with its own cost (a newcomer read "3 moves off the
        # coach's line, 1 wasteful move (-40)" as -40 for the one)
        parts.append(f"{counted(wasteful - off, 'wasteful move')} "
                     f"(-{(wasteful - off) * WASTEFUL_COST})")
    if kept:
        # short enough for the smallest window (a newcomer's reason ran off at 640x600, its
        # last words "(on the coach's line when j" and the hint levels after them lost)
        parts.append(f"{counted(kept, 'move')} kept {'its' if kept == 1 else 'their'} points "
                     f"(on the coach's line when judged)")
    return ", ".join(parts)


def exactly_wasteful(sheet: ScoreSheet) -> int:
    """The player's moves on the line of play judged wasteful exactly."""
    if sheet.line is None:
        return 0
    return sum(1 for node in sheet.line.walk()
               if node.cls is MoveClass.WASTEFUL and not node.by_coach)


def kept_flags(sheet: ScoreSheet, line_length: int | None) -> tuple[bool, ...]:
    """Per move on the line of play, beyond exact reach, whether it is the player's good move
    after which the best line known grew (by one: judged on the coach's line once, kept
    since; a move that followed the hint shown too); ``line_length``: the best line known
    from the start."""
    if sheet.line is None or sheet.start_distance is not None:
        return ()
    before, flags = line_length, []
    for node in sheet.line.walk():
        flags.append(not node.by_coach and node.cls.good and before is not None
                     and node.distance is not None and node.distance > before)
        before = node.distance
    return tuple(flags)


def kept_moves(sheet: ScoreSheet, line_length: int | None) -> int:
    """How many moves ``kept_flags`` finds."""
    return sum(kept_flags(sheet, line_length))


CHARGE_MOVES = 2
"""What a charged move costs in moves: the move itself and the one that takes it back (on
exact boards a wasteful move adds exactly one to the distance; beyond, an off-line move makes
the best line known that much longer)."""


@dataclass(frozen=True, slots=True)
class Detour:
    """Moves ``first``..``last`` that cost ``cost`` moves more than the best line."""

    first: int
    last: int
    cost: int

    def __str__(self) -> str:
        span = f"move {self.first}" if self.first == self.last else \
            f"moves {self.first}-{self.last}"
        extra = "1 extra move" if self.cost == 1 else f"{self.cost} extra moves"
        return f"{span} cost {extra}"


def charged_stretch(cues: Sequence[MoveClass]) -> Detour | None:
    """The biggest detour from the judgements that count: the longest run of charged moves
    (the first such run on a tie), each of which made the best line CHARGE_MOVES longer; so
    the detour names exactly the moves the replay lists as wasteful or off the line."""
    best: Detour | None = None
    run = 0
    for i, cue in enumerate(cues, start=1):
        run = run + 1 if cue.bad else 0
        if run and (best is None or CHARGE_MOVES * run > best.cost):
            best = Detour(i - run + 1, i, CHARGE_MOVES * run)
    return best


def filled_chart(chart: list[int | None], cues: list[MoveClass], finished: bool,
            kept: Sequence[bool] = ()) -> tuple[int | None, ...]:
    """``chart`` with its gaps filled from the judgements of the moves between the points:
    a good move came one closer, a charged one (or a ``kept`` one, on the coach's line when
    made) went one farther. A finished game ends at 0, and its own moves are a known line
    from every point: an unjudged move is taken as one closer (the line through it is at
    most one longer)."""
    out = list(chart)
    farther = [cue.bad or (i < len(kept) and kept[i]) for i, cue in enumerate(cues)]
    if finished and out and out[-1] is None:
        out[-1] = 0
    for p in range(len(out) - 1, 0, -1):  # back from what is known
        after, cue = out[p], cues[p - 1]
        if out[p - 1] is None and after is not None and (finished or cue is not
                                                          MoveClass.UNKNOWN):
            out[p - 1] = max(0, after - 1) if farther[p - 1] else after + 1
    for p in range(1, len(out)):  # on from what is known (a game left before the end)
        before, cue = out[p - 1], cues[p - 1]
        if out[p] is None and before is not None and cue is not MoveClass.UNKNOWN:
            out[p] = max(0, before + 1 if farther[p - 1] else before - 1)
    return tuple(out)
