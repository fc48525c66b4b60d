"""What a move's or a hint's pop-up says: the events the mid-end hands the scene for them."""

from __future__ import annotations

from game.core.board import Board
from game.core.scoring import BASE_POINTS, HINT_COST_PER_LEVEL, MoveClass, ScoreSheet
from game.core.scoring import multiplier as streak_multiplier
from game.play.events import HintPaid, Scored
from game.play.steps import Change


def scored(sheet: ScoreSheet, change: Change, at: int, gained: int,
           hint_cost: int) -> Scored | None:
    """Single-tile move ``at`` of ``change`` judged (``sheet`` after it): what the change
    gained or cost, its points less any hint cost it brought (``hint_cost``, <= 0, told
    apart), before POINTS' floor, on the tile that moved. A group slide judged both ways
    gives each move's points. None when no tile moved there."""
    tile = change.tile_moved(at)
    if not tile:
        return None
    cue = change.cues[at]
    after = change.after
    cell = divmod(after.tiles.index(tile), after.width)
    multiplier = sheet.last_points // BASE_POINTS if cue.good else 1
    mixed = any(c.good for c in change.cues) and any(c.bad for c in change.cues)
    parts = tuple(None if node.cls is MoveClass.UNKNOWN else node.points
                  for node in sheet.line.last(len(change.cues))) \
        if mixed and sheet.line is not None else ()
    held = (streak_multiplier(sheet.streak - 1)
            if cue.good and sheet.held and not sheet.last_assisted else 1)
    return Scored(cue, gained, multiplier, sheet.last_assisted, cell, change.shorter,
                  hint_cost, parts, held)


def charged(change: Change, hint_cost: int) -> Scored | None:
    """A move not judged yet that paid for the help on screen: its pop-up says so ("?
    -10 hint"; a newcomer saw POINTS fall with no word, the move's judgement to come)."""
    tile = change.tile_moved(len(change.cues) - 1)
    if not tile:
        return None
    after = change.after
    cell = divmod(after.tiles.index(tile), after.width)
    return Scored(MoveClass.UNKNOWN, hint_cost, 1, False, cell, 0, hint_cost,
                  (None,) * len(change.cues))


def hint_cost(before_hints: int, sheet: ScoreSheet) -> int:
    """What the help charged since ``before_hints`` levels were used cost (<= 0)."""
    return (before_hints - sheet.hints_used) * HINT_COST_PER_LEVEL


def hint_paid(board: Board, before_hints: int, sheet: ScoreSheet) -> HintPaid | None:
    """The help charged for ``board`` on screen since ``before_hints`` levels were used,
    apart from any move, on the blank it points into (None: nothing was)."""
    cost = hint_cost(before_hints, sheet)
    return HintPaid(cost, divmod(board.blank, board.width)) if cost else None
