"""The end screen's words: its view of a finished game and every text it shows (pure)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.core.summary import GameSummary, percent_text
from game.store.highscores import BADGE_FIRST, AddResult, Entry
from game.ui.scores_view import EMPTY_NAMED, EMPTY_TABLE, format_time, table_lines

GRADE_LABEL = "Grade"
HELP = "N new game   R play it again   G {race}{drill}   Esc title"
HELP_SHARE = "N new game   R play it again   G {race}{drill}   C copy result   Esc title"
DRILL_KEY = "   D drill"
"""Offered only after a game with a charged move of the player's (a perfect game offered it,
to answer "no mistakes to drill")."""
"""The keys when there is a share line (the daily): C copies it."""
RACE_OWN = "race your ghost"
RACE_COACH = "race the coach"
"""What G races when the player has solved no game on this board: the coach's line."""
UNKNOWN = "-"
BADGE_TEXT = "New {badge}!"
FIRST_TEXT = "First {where}: the bests to beat!"
RANK_IN_TABLE = "#{rank} in {table}"
RANK_OUTSIDE = "Not in {table} this time"
RANK_AUTO = "The coach played: not ranked, not a solve in stats"
RANK_PRACTICE = "Practice games are never ranked"

COUNT_UP_SECONDS = 0.9
"""The points count up this fast when the end screen opens (at once with reduced motion)."""


@dataclass(frozen=True, slots=True)
class EndScreenView:
    """Everything the end screen shows; the front end builds it once when a game ends."""

    summary: GameSummary
    entries: tuple[Entry, ...] = ()
    rank: int | None = None
    badges: tuple[str, ...] = ()
    game_id: str = ""
    warning: str | None = None
    points_shown: int | None = None
    """The points as counted up so far (None: the final figure)."""
    share: str = ""
    """The daily puzzle's one-line shareable result ("" for other games)."""
    share_note: str = ""
    """What became of the share line after C (copied, or printed only and why)."""
    share_copied: bool = False
    """The share line reached the clipboard (its note is drawn as good news)."""
    rank_note: str = ""
    """Said instead of the top-10 line (a daily's repeat: not ranked, and the first try)."""
    kind: str = ""
    """What kind of game it was and where it ranks ("custom board · its own top 10")."""
    table_title: str = ""
    """The table it is ranked in ("this board's top 10"; "": the size's top 10)."""
    scope: str = ""
    """Where its new bests are bests ("on this board"; "": the size's)."""
    ranked: bool = True
    """False for a game never ranked (practice)."""
    race: tuple[str, ...] = ()
    """A ghost race's result: who won and by how much, then both figures."""
    drill_note: str = ""
    """What the drill key has to say ("no mistakes to drill"), shown in place of the keys."""
    own_ghost: bool = True
    """G races the player's best game on this board (False: there is none, it races the
    coach's line)."""

    @classmethod
    def build(cls, summary: GameSummary, result: AddResult | None,
              entries: Sequence[Entry] = (), *, game_id: str = "",
              warning: str | None = None) -> EndScreenView:
        """From ``HighScores.add``/``record``'s result (None: not entered; pass the table)."""
        if result is None:
            return cls(summary, tuple(entries), None, (), game_id, warning)
        return cls(summary, result.table, result.rank, result.badges, game_id, warning)


@dataclass(frozen=True, slots=True)
class EndScreenText:
    """Every text the end screen draws (pure; tested for the exact figures)."""

    title: str
    subtitle: str
    grade: str
    notes: tuple[str, ...]
    """Why the grade is what it is, how undos and restarts counted, the coach's part."""
    badges: tuple[str, ...]
    stats: tuple[tuple[str, str], ...]
    rank_line: str
    table: tuple[str, ...]
    help: str
    warning: str | None
    share: str = ""
    share_note: str = ""
    share_copied: bool = False


def empty_words(view: EndScreenView) -> str:
    """What an empty top 10 says: the table's name (a daily's, a board's own), the size's
    call to play, or nothing for a game never ranked (its rank line says why)."""
    if not view.ranked:
        return ""
    if view.table_title:
        return EMPTY_NAMED.format(table=view.table_title)
    return EMPTY_TABLE.format(shape=view.summary.shape)


def badge_text(badges: Sequence[str], scope: str = "", shape: str = "") -> str:
    """One badge for every new best: ``New best points!`` or ``New best points and time!``
    (``New best time on this board!`` with a ``scope``); a table's first game says so
    (``First 4x4 game: the bests to beat!``, ``First game on this board: ...``)."""
    if BADGE_FIRST in badges:
        return FIRST_TEXT.format(where=f"game {scope}" if scope else f"{shape} game".lstrip())
    names = [b.removeprefix("best ").removeprefix("fewest ") for b in badges]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return BADGE_TEXT.format(badge=f"best {joined}" + (f" {scope}" if scope else ""))


def count_up(points: int, seconds: float) -> int:
    """The points shown ``seconds`` after the end screen opened (ease-out count-up)."""
    if seconds >= COUNT_UP_SECONDS or points <= 0:
        return points
    progress = seconds / COUNT_UP_SECONDS
    return round(points * (1 - (1 - progress) ** 3))


def counting_entries(view: EndScreenView) -> Sequence[Entry]:
    """The top 10 as drawn: while the points count up, this game's row counts with them (a
    newcomer read "1326 points" above a row of 3374 for the same game)."""
    rank, shown = view.rank, view.points_shown
    if rank is None or shown is None or not 0 < rank <= len(view.entries):
        return view.entries
    entries = list(view.entries)
    entries[rank - 1] = replace(entries[rank - 1], points=shown)
    return entries


def raw_total(s: GameSummary) -> int:
    """The points before the floor at zero."""
    return s.move_points + s.solve_bonus + s.time_bonus + s.perfect_bonus - s.costs


def percent(value: float | None) -> str:
    """``85%`` (``percent_text``), or the unknown mark."""
    return UNKNOWN if value is None else percent_text(value)


SUBTITLE_BOARD_MAX = 40
"""Board text longer than this (boards past 4x4) is left off the subtitle."""


def game_subtitle(shape: str, game_id: str) -> str:
    """"game 4x4-123" for a seeded game; "4x4 board 1 2 3/..." for a given board (the board
    text left off when long); the shape alone without an ID."""
    if game_id.startswith(f"{shape}-"):
        return f"game {game_id}"
    if game_id and len(game_id) <= SUBTITLE_BOARD_MAX:
        return f"{shape} board {game_id}"
    return shape


def end_screen_text(view: EndScreenView) -> EndScreenText:
    """The texts of the end screen, computed from the view alone."""
    s = view.summary
    if not view.ranked:
        rank_line = RANK_PRACTICE
    elif not s.solved_by_player:
        rank_line = RANK_AUTO
    else:
        template = RANK_IN_TABLE if view.rank is not None else RANK_OUTSIDE
        rank_line = template.format(rank=view.rank,
                                    table=view.table_title or f"the {s.shape} top 10")
    if view.rank_note:
        rank_line = view.rank_note
    subtitle = game_subtitle(s.shape, view.game_id)
    if view.kind:
        subtitle = f"{subtitle} · {view.kind}" if subtitle else view.kind
    moves = str(s.moves) if not s.coach_moves else f"{s.moves} (+{s.coach_moves} coach)"
    race_head, race_detail = (*view.race, "", "")[:2]  # the winner first; figures if room
    notes = tuple(n for n in (s.grade_reason, race_head, s.history_note, s.coach_note,
                              race_detail, s.time_note) if n)
    stats = (
        ("Time", format_time(s.seconds)),
        ("Moves", moves),
        # beyond exact reach the best line known is the player's own when it beat the coach's
        # (a newcomer's 114 against the coach's 116 read "Coach's line 114")
        ("Optimal length" if s.exact else "Best line known",
         UNKNOWN if s.optimal_length is None else str(s.optimal_length)),
        ("Efficiency", percent(s.efficiency)),
        ("Accuracy", percent(s.accuracy)),
        ("Best streak", s.streak_words),
        ("Hint levels used", str(s.hints_used)),  # as the grade's words count them
        # both counts, as `replay --text` and the saved game give them (a newcomer who had
        # restarted looked for a row to say so)
        ("Undos, restarts", f"{s.undos}, {s.restarts}"),
        ("Move points", str(s.move_points)),
        ("Solve bonus", f"+{s.solve_bonus}"),
        ("Time, perfect bonus", f"+{s.time_bonus}, +{s.perfect_bonus}"),
        ("Costs", f"-{s.costs}" if s.costs else "0"),
        ("Points", str(s.points) if s.points or not raw_total(s) < 0 else "0 (never below 0)"),
    )
    return EndScreenText(
        title=s.headline,
        subtitle=subtitle,
        grade=s.grade,
        notes=notes,
        badges=(badge_text(view.badges, view.scope, s.shape),) if view.badges else (),
        stats=stats,
        rank_line=rank_line,
        table=tuple(table_lines(view.entries, empty_words(view))),
        help=view.drill_note or (HELP_SHARE if view.share else HELP).format(
            race=RACE_OWN if view.own_ghost else RACE_COACH,
            drill=DRILL_KEY if s.wasteful else ""),
        warning=view.warning,
        share=view.share,
        share_note=view.share_note,
        share_copied=view.share_copied,
    )


def end_screen_lines(view: EndScreenView) -> list[str]:
    """Every text drawn, top to bottom; a stat is ``label: value`` (drawn as two columns)."""
    text = end_screen_text(view)
    lines = [text.title]
    if text.subtitle:
        lines.append(text.subtitle)
    lines += [GRADE_LABEL, text.grade, *text.notes, *text.badges]
    lines += [f"{label}: {value}" for label, value in text.stats]
    lines += [text.rank_line, *text.table]
    if text.warning:
        lines.append(text.warning)
    if text.share:
        lines.append(text.share)
    if text.share_note:
        lines.append(text.share_note)
    lines.append(text.help)
    return lines
