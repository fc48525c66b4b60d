"""The moves of a game that cost points or kept them: the grade's words for them (``summary``)
and which moves a game played live kept on the coach's line (the record marks them)."""

from __future__ import annotations

from game.core.averages import counted
from game.core.scoring import WASTEFUL_COST, MoveClass, ScoreSheet


def wasted_words(wasteful: int, exact: bool, kept: int = 0, proven: int = 0) -> str:
    """The player's moves that cost points, with what they cost: "2 wasteful moves (-20)",
    beyond exact reach "1 move off the coach's line (-10)" ("" for none), where ``proven``
    of them were judged exactly (from a board the coach had proven: "1 move off the coach's
    line, 2 wasteful moves (-30)", as the replay names them). Their cost is in Move points: a
    newcomer's first game said only "Costs 0" of two wasteful moves. Then the ``kept``
    moves: off the best line known, but judged on the coach's line once, they kept
    their points (``Kept``); the words say why the moves outnumber the best line."""
    parts = []
    if wasteful:
        off = wasteful - proven
        what = counted(wasteful, "wasteful move") if exact or not off else \
            f"{counted(off, 'move')} off the coach's line" + (
                f", {counted(proven, 'wasteful move')}" if proven else "")
        parts.append(f"{what} (-{wasteful * WASTEFUL_COST})")
    if kept:
        parts.append(f"{counted(kept, 'move')} off the best line known kept "
                     f"{'its' if kept == 1 else 'their'} points (on the coach's line when judged)")
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
