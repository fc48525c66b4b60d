"""Where a finished game stands, for the end screen: its kind, its top 10, its race, in words."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.race import race_lines
from game.core.summary import CoachPart
from game.store.highscores import Entry, HighScores
from game.store.history import GameRecord
from game.store.history_scores import HistoryScores, TableKind, kind_words, table_key


@dataclass(frozen=True, slots=True)
class Standing:
    """What the end screen says about a recorded game besides its figures."""

    entries: tuple[Entry, ...]
    """The top 10 the game belongs to (the size's for random games)."""
    table_title: str
    """"" for the size's top 10, else e.g. "this board's top 10"."""
    scope: str
    """Where its new bests are bests: "" for the size, else e.g. "on this board"."""
    kind: str
    ranked: bool
    """False for a practice game (never ranked)."""
    race: tuple[str, ...]
    """Who won the ghost race and by how much, then both figures (() without a race)."""


def standing(scores: HighScores, game: GameRecord,
             coach: CoachPart = CoachPart.NONE) -> Standing:
    """``game``'s standing among the games ``scores`` holds (it is among them already);
    ``coach``: what the coach did in it (its kind's words say so)."""
    key = table_key(game)
    if key is None:
        entries: tuple[Entry, ...] = ()
    elif isinstance(scores, HistoryScores):
        entries = tuple(scores.table_of(key))
    else:
        entries = tuple(scores.table(game.shape))
    title = key.title if key is not None and key.kind is not TableKind.SIZE else ""
    scope = key.scope if key is not None else ""
    race = race_lines(game.race, game.seconds, game.moves, game.solved_by_player) \
        if game.race is not None else ()
    return Standing(entries, title, scope, kind_words(game, coach), key is not None,
                    tuple(line for line in race if line))
