"""What the play screen shows, read from a game's mid-end (reading only, never changing it)."""

from __future__ import annotations

from typing import Protocol

from game.core.coach import EXACT_CELLS, CoachState, WorkerStatus
from game.core.scoring import MoveClass
from game.core.tween import Flash, SlideTween
from game.play.autoplay import AutoPlayer, CoachPlay
from game.play.ghost_race import GhostRace
from game.play.news import News
from game.play.session import Session
from game.play.view import PlayView
from game.play.words import (
    banner_words,
    coach_lines,
    hint_words,
    move_words,
    steps_due_words,
    work_words,
)

WAITING_SHOWN_SECONDS = 0.3
"""Moves waiting this long for the coach's judgement are shown waiting ("judging 2" under
MOVES, the COACH dot thinking): a newcomer saw the dot ready and POINTS still for a second
before three moves were judged. Shorter waits (most answers) would flicker."""


class ViewSource(Protocol):
    """The mid-end's state the view reads (``MidEnd`` has it)."""

    session: Session
    status: WorkerStatus
    news: News
    tween: SlideTween | None
    cue: Flash[MoveClass] | None
    cue_tile: int
    win: Flash[None] | None
    race: GhostRace | None
    autoplayer: AutoPlayer | None
    attract: bool
    coach_play: CoachPlay

    @property
    def solving(self) -> bool: ...

    @property
    def judging(self) -> bool: ...

    searching: float
    """Seconds the coach has been searching the board on screen."""
    unjudged: float
    """Seconds the player's moves have waited for the coach's judgement (0: none)."""

    @property
    def shown_net(self) -> int: ...

    def streak_view(self) -> tuple[int, int, bool]: ...


def play_view(game: ViewSource) -> PlayView:
    """What the screen shows now."""
    session = game.session
    hint = session.hint
    moves = hint.moves if hint is not None and hint.complete else frozenset()
    if hint is not None and not hint.complete and hint.path:
        moves = frozenset(hint.path[0])
    status = game.status
    hints_on = session.hint_level > 0
    words, note = coach_lines(status, hint, session.board, hints_on, game.searching)
    news = game.news.shown
    race_time = session.elapsed if session.started else None  # the ghost waits for you
    streak, multiplier, held = game.streak_view()
    footer = news or status.detail or hint_words(hint, session.hint_level, session.solved,
                                                 session.start.size <= EXACT_CELLS,
                                                 session.sheet.hints_used) \
        or _steps_footer(session)
    if coach_news(game):  # in place of the banner (``banner``)
        footer = f"the coach is playing · {news}"
    if status.progress is not None and not status.detail and not news:
        footer = work_words(status.work, status.progress, session.board,
                            warming=status.state is CoachState.WARMING_UP)
    race = game.race
    waiting = game.news.told_unknown(session.sheet.unknown) \
        if game.unjudged >= WAITING_SHOWN_SECONDS else 0
    coach = session.sheet.coach_moves
    # moves, not points (a newcomer read "+10 coach" under MOVES as points); beside the
    # moves waiting, short enough for the column at 640 px
    by = "coach" if waiting else "by the coach"
    moves_note = ", ".join(part for part in (f"+{coach} {by}" if coach else "",
                                             f"judging {waiting}" if waiting else "") if part)
    state = status.state
    if waiting and state is CoachState.READY:  # it has moves to judge yet: not idle
        state = CoachState.THINKING
    return PlayView(
        board=session.board,
        moving=game.tween.positions() if game.tween is not None else {},
        hint_level=session.hint_level if not session.solved else 0,
        hint_moves=moves,
        path=session.path_preview(),
        cue=game.cue.kind if game.cue is not None else None,
        cue_strength=game.cue.strength if game.cue is not None else 0.0,
        cue_tile=game.cue_tile,
        win_flash=game.win.strength if game.win is not None else 0.0,
        busy=(game.tween is not None or game.solving or game.autoplayer is not None
              or session.solved),
        moves=session.moves, seconds=session.elapsed, points=max(0, net := game.shown_net),
        moves_note=moves_note,
        points_note=f"held at 0 ({net:+d})" if net < 0 else "",
        streak=streak, multiplier=multiplier, held=held,
        coach_words=words, coach_note=note, coach_quiet=not hints_on, coach_state=state,
        coach_progress=status.progress,
        footer=footer, banner=banner(game),
        ghost=race.line(race_time) if race is not None else None,
        ghost_board=race.board_at(race_time)
        if race is not None and not session.solved else None,
        solved=session.solved, solving=game.solving,
    )


def _steps_footer(session: Session) -> str:
    """With hints off, what following the steps seen will pay, naming the step it prices."""
    due = session.steps_due()
    step = session.due_step() if due else ""
    return steps_due_words(due, session.help.paid(session.board) > 0,
                           move_words(session.board, step) if step else "")


def coach_news(game: ViewSource) -> str:
    """News of points told while the coach plays: it takes the banner's place (a newcomer's
    -45 became -25 unsaid behind "the coach is playing": moves judged meanwhile)."""
    return game.news.shown if game.solving and not game.session.solved else ""


def banner(game: ViewSource) -> str:
    """The banner over the board: the coach playing, the demo, the win, a race's verdict."""
    session = game.session
    if coach_news(game):
        return ""  # the footer shows it, after "the coach is playing"
    race = game.race
    verdict = race.verdict(session.elapsed) if race is not None and session.solved else ""
    waiting = game.status.state if game.coach_play.waiting else None
    words = banner_words(solving=game.solving, demo=game.autoplayer is not None,
                         attract=game.attract, solved=session.solved, verdict=verdict,
                         judging=game.judging, waiting=waiting)
    if session.solved and game.news.shown:  # the banner covers the footer's news
        words = f"{words} {game.news.shown}"
    return words
