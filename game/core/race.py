"""A ghost race's result: what was raced, the ghost's figures, who won, and it in words."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.clock import TENTHS, clock_text
from game.core.ghost import GhostKind

TIE_SECONDS = 0.0005
"""Times are kept to the millisecond: closer than this is the same time."""


@dataclass(frozen=True, slots=True)
class RaceResult:
    """One ghost race as the history keeps it (``seconds``/``moves``/``won`` None when the
    ghost never set off: its game was not found, or the coach had no line)."""

    kind: GhostKind
    game: int | None = None
    """The history row of the game raced (BEST), when it was known."""
    tps: float | None = None
    """The coach's pace in tiles per second (COACH)."""
    seconds: float | None = None
    """The ghost's finish on the player's clock (a late coach's ghost set off late)."""
    moves: int | None = None
    """The ghost's moves on its final line (undone and restarted ones excluded), like the
    player's moves and its game's top 10 (``Ghost.final_moves``; rows saved before this
    kept every tile it moved)."""
    won: bool | None = None
    """The player solved the board first (a tie goes to the player); None: no ghost."""

    @property
    def ghost_name(self) -> str:
        """``the game you raced`` (your best on the board, or the size's best random game,
        which need not head the table shown beside it) / ``the coach at 4 tiles/s``."""
        if self.kind is GhostKind.COACH:
            pace = f" at {self.tps:g} tiles/s" if self.tps is not None else ""
            return f"the coach{pace}"
        return "the game you raced"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


MINUTE_TENTHS = 600


def gap_text(seconds: float, other: float) -> str:
    """The gap between two times as the clocks show them (tenths), so "14.0 s" matches
    0:12.8 and 0:26.8 wherever it is said: "14.0 s", or "under 0.1 s"."""
    tenths = abs(round(seconds * TENTHS) - round(other * TENTHS))
    if tenths >= MINUTE_TENTHS:  # as the clocks beside it read (a newcomer saw "894.1 s"
        return clock_text(tenths / TENTHS)  # next to 0:08.4 and 15:02.5)
    return f"{tenths / TENTHS:.1f} s" if tenths else "under 0.1 s"


def race_lines(race: RaceResult, seconds: float, moves: int,
               solved_by_player: bool) -> tuple[str, str]:
    """Who won, by how much and both times, then both figures, e.g. ("You beat the ghost by
    3.3 s (you 0:12.1, the ghost 0:15.4); you used 4 moves fewer", "you 0:12.1, 40 moves ·
    the game you raced 0:15.4, 44 moves"): the end screen has room for the first only, so it
    carries both times. Both counts are moves on the final line (undos and restarts taken
    away), as the top 10 counts them: a ghost's undone moves set against a player's final
    line made a tie read as "3 moves fewer"."""
    if race.seconds is None or race.moves is None or race.won is None:
        return f"No race: {race.ghost_name} did not run", ""
    by = f"by {gap_text(seconds, race.seconds)}"
    move_gap = race.moves - moves
    times = f" (you {clock_text(seconds)}, the ghost {clock_text(race.seconds)})"
    if not solved_by_player:
        head = f"The ghost won in {clock_text(race.seconds)}: the board was not solved by you"
    elif abs(seconds - race.seconds) < TIE_SECONDS:
        head = f"A dead heat with the ghost{times}"
    elif race.won:
        head = f"You beat the ghost {by}{times}"
    else:
        head = f"The ghost won {by}{times}"
    if solved_by_player:  # the moves are always the player's, whoever won
        if move_gap > 0:
            head += f"; you used {_count(move_gap, 'move')} fewer"
        elif move_gap < 0:
            head += f"; you used {_count(-move_gap, 'move')} more"
        else:
            head += ", in as many moves"
    # the times are in the first line: this one names the ghost and both counts
    detail = f"you {_count(moves, 'move')} · {race.ghost_name} {_count(race.moves, 'move')}"
    return head, detail
