"""A ghost race on the play screen: the ghost once it is known, and the words the HUD shows.

No pygame. A recorded ghost is known at once, or when its game has been read from the history
off the frame (``pending``); the coach's ghost as soon as the coach has a path for the start
board. Everything is read at the player's game time, so the ghost starts with the first move
and stops with the pause, like the player's clock; a coach's ghost that arrives after the
player has begun (the coach was still warming up) starts when it arrives.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, replace

from game.core.board import Board
from game.core.clock import clock_text
from game.core.coach import Hint
from game.core.ghost import Ghost, GhostChoice, GhostError, GhostKind
from game.core.race import RaceResult, gap_text
from game.core.recording import Recording, RecordingError
from game.core.spec import GameSpec
from game.store.highscores import SECONDS_DECIMALS, HighScores
from game.store.history import GameRecord, History
from game.store.history_scores import HistoryScores, best_game

Oracle = Callable[[Board], Hint | None]
Submit = Callable[[Callable[[], object]], object]
"""The background writer's ``submit`` (a Future, or None from an inline test writer)."""
def _read_recording(history: History, row: int) -> Recording | None:
    game = history.game(row)
    return game.recording() if game is not None else None


def own_best(scores: HighScores, board: Board | None) -> GameRecord | None:
    """The player's best finished game on ``board``: what a BEST ghost races (None: there
    is none, and it races the coach's line)."""
    if not isinstance(scores, HistoryScores) or board is None:
        return None
    return best_game(scores.games, board=board)


def find_ghost(scores: HighScores, submit: Submit,
               spec: GameSpec) -> tuple[GameSpec, Future[Recording | None] | None]:
    """Resolve a BEST ghost without its recording: the best finished game on the board, at
    hand or read on the writer thread (the Future); with none, the coach's line instead."""
    choice = spec.ghost
    if choice is None or choice.kind is not GhostKind.BEST or choice.recording is not None:
        return spec, None
    board = spec.board if spec.board is not None else \
        spec.seeded_board() if spec.seed is not None else None
    game = own_best(scores, board)
    if game is None:
        return replace(spec, ghost=GhostChoice(GhostKind.COACH, choice.tps)), None
    if game.tokens or game.id is None:  # played this run: its actions are in memory
        row = scores.row_of(game) if isinstance(scores, HistoryScores) else game.id
        try:
            found = replace(choice, recording=game.recording(), game=row)
            return replace(spec, ghost=found), None
        except RecordingError:
            return replace(spec, ghost=GhostChoice(GhostKind.COACH, choice.tps)), None
    assert isinstance(scores, HistoryScores)
    history, row = scores.history, game.id
    spec = replace(spec, ghost=replace(choice, game=row))
    pending = submit(lambda: _read_recording(history, row))
    if not isinstance(pending, Future):  # an inline writer: run it here
        inline: Future[Recording | None] = Future()
        try:
            inline.set_result(_read_recording(history, row))
        except Exception as exc:  # a broken row: no ghost, never a crash
            inline.set_exception(exc)
        pending = inline
    return spec, pending


@dataclass(frozen=True, slots=True)
class GhostLine:
    """What the HUD's ghost column shows for one frame."""

    words: str
    """Moves to go, ``done``, or what it waits for."""
    clock: str = ""
    progress: float = 0.0
    """Share of its run played (0 to 1), for the bar under it."""


class GhostRace:
    """The ghost of one game, made as soon as what it needs is known."""

    def __init__(self, choice: GhostChoice, start: Board,
                 pending: Future[Recording | None] | None = None) -> None:
        """``pending``: a Future of the Recording to race (None: none was found)."""
        self.choice = choice
        self.start = start
        self.pending = pending
        self.ghost: Ghost | None = None
        self.offset = 0.0
        """Game time at which the ghost set off (later than 0 for a late coach's line)."""
        self.problem = ""
        if choice.recording is not None:
            self._use(choice.recording)

    def _use(self, recording: Recording) -> None:
        if recording.board != self.start:
            self.problem = "other board"
            return
        ghost = Ghost.from_recording(recording, label="best")
        if not ghost.solves:
            self.problem = "unfinished"
            return
        self.ghost = ghost

    def update(self, lookup: Oracle, seconds: float = 0.0) -> None:
        """Make the ghost if it can be made now (never blocks); ``seconds``: game time."""
        if self.ghost is not None or self.problem:
            return
        if self.pending is not None:
            if not self.pending.done():
                return
            pending, self.pending = self.pending, None
            try:
                recording = pending.result()
            except Exception:  # a broken row must not stop the game
                recording = None
            if isinstance(recording, Recording):
                self._use(recording)
            else:
                self.problem = "not found"
            return
        if self.choice.kind is GhostKind.COACH:
            hint = lookup(self.start)
            if hint is not None and hint.board == self.start and (hint.path or
                                                                   hint.distance == 0):
                try:
                    self.ghost = Ghost.from_moves(self.start, hint.path, self.choice.tps)
                    self.offset = max(0.0, seconds)
                except GhostError:
                    self.problem = "no line"

    @property
    def waiting_words(self) -> str:
        """What the ghost column says before the ghost exists."""
        if self.problem:
            return self.problem
        return "loading" if self.choice.kind is GhostKind.BEST else "waiting"

    def line(self, seconds: float | None) -> GhostLine:
        """The ghost column at ``seconds`` of game time (None: the player has not moved yet,
        so neither has the ghost, whose first move is at 0 s like the player's)."""
        ghost = self.ghost
        if ghost is None:
            return GhostLine(self.waiting_words)
        if seconds is None:
            return GhostLine(f"{ghost.total_moves} to go", clock_text(0.0), 0.0)
        seconds -= self.offset
        words = "done" if ghost.finished_at(seconds) else f"{ghost.to_go_at(seconds)} to go"
        return GhostLine(words, clock_text(ghost.clock_at(seconds)), ghost.progress_at(seconds))

    def board_at(self, seconds: float | None) -> Board | None:
        """The ghost's board, or None before it exists (its start before the race begins:
        ``seconds`` None)."""
        if self.ghost is None:
            return None
        return self.start if seconds is None else self.ghost.board_at(seconds - self.offset)

    def result(self, seconds: float, solved_by_player: bool) -> RaceResult:
        """The race as the history keeps it, for a player who stopped at ``seconds`` (having
        solved the board, or not: then the ghost won if it ran at all)."""
        choice = self.choice
        tps = choice.tps if choice.kind is GhostKind.COACH else None
        ghost = self.ghost
        if ghost is None or not ghost.solves:
            return RaceResult(choice.kind, choice.game, tps)
        finish = round(ghost.duration + self.offset, SECONDS_DECIMALS)
        won = solved_by_player and seconds <= finish
        return RaceResult(choice.kind, choice.game, tps, finish, ghost.final_moves, won)

    def verdict(self, seconds: float) -> str:
        """The banner words for a player who solved the board at ``seconds``."""
        ghost = self.ghost
        if ghost is None or not ghost.solves:
            return ""
        # as the end screen will say it (a newcomer read 68.7 s here, 68.6 s there)
        finish = round(ghost.duration + self.offset, SECONDS_DECIMALS)
        seconds = round(seconds, SECONDS_DECIMALS)
        gap = gap_text(seconds, finish)
        if seconds <= finish:
            return f"ghost beaten by {gap}"
        return f"the ghost was {gap} faster"
