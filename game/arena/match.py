"""One connection's sequence of games: dealing, moves judged by Fifteen's scoring, claims."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from game.arena.leaderboard import BotResults
from game.arena.oracle import Knowledge, Oracle
from game.arena.protocol import (
    Claim,
    ClientMessage,
    Direction,
    GameState,
    MoveRequest,
    NewBoard,
    Status,
    UnsolvableClaim,
)
from game.core.board import Board
from game.core.generate import random_board
from game.core.recording import JUDGEMENT_LETTERS, Mode
from game.core.scoring import MoveClass, ScoreSheet, classify
from game.core.summary import SOLVE_BONUS_PER_CELL, summarize
from game.store.highscores import utc_stamp
from game.store.history import GameRecord

CATCH_POINTS_PER_CELL = SOLVE_BONUS_PER_CELL
"""A caught unsolvable board earns what the solve bonus of a board that size would."""
WRONG_CLAIM_COST_PER_CELL = SOLVE_BONUS_PER_CELL
"""Calling a solvable board unsolvable costs as much as a catch earns."""
_WALLS = {Direction.UP: "top row", Direction.DOWN: "bottom row",
          Direction.LEFT: "left column", Direction.RIGHT: "right column"}


def unsolvable_board(width: int, height: int, rng: random.Random) -> Board:
    """A uniformly random unsolvable board: a random solvable one with two tiles swapped."""
    board = random_board(width, height, rng)
    cells = list(board.tiles)
    i, j = rng.sample([k for k, t in enumerate(cells) if t], 2)
    cells[i], cells[j] = cells[j], cells[i]
    return Board(width, height, tuple(cells))


@dataclass(frozen=True, slots=True)
class Dealer:
    """Deals boards of one shape; ``unsolvable_share`` of them cannot be solved."""

    width: int
    height: int
    unsolvable_share: float

    def deal(self, rng: random.Random) -> Board:
        """The next board."""
        if rng.random() < self.unsolvable_share:
            return unsolvable_board(self.width, self.height, rng)
        return random_board(self.width, self.height, rng)


class Match:
    """The games of one connection; every reply is a GameState for the bot."""

    def __init__(self, dealer: Dealer, oracle: Oracle, results: BotResults,
                 rng: random.Random, clock: Callable[[], float] = time.monotonic) -> None:
        self.dealer = dealer
        self.oracle = oracle
        self.results = results
        self.rng = rng
        self.clock = clock
        self.banked = 0
        self.game = 0
        self.searches = 0
        """Searches this connection has asked of the coach (the server's budget counts them)."""
        self.board = Board.goal(dealer.width, dealer.height)
        self.status = Status.COMPLETE
        self.sheet = ScoreSheet.start(None, width=dealer.width, height=dealer.height)
        self.known: Knowledge | None = None
        self.solvable = True
        self.started = 0.0
        self.last: MoveClass | None = None
        self.last_letter = ""
        self.record: Callable[[GameRecord], None] | None = None
        """Where each finished, skipped or claimed game goes (the arena's history), if set."""
        self.run = ""
        """This server run (the history's session)."""
        self._start = self.board
        self._letters: list[str] = []
        self._times_ms: list[int] = []
        self._judged: list[str] = []
        self.log: Callable[[str], None] = lambda line: None
        self._next: tuple[Board, asyncio.Future[Knowledge | None]] | None = None

    # --- figures ------------------------------------------------------
    @property
    def score(self) -> int:
        """Running points: finished games plus the live points of the game in play."""
        live = self.sheet.points if self.status is Status.PLAYING else 0
        return self.banked + live

    def _state(self, claim: Claim | None = None, error: str | None = None,
               optimal: int | None = None) -> GameState:
        if optimal is None and self.status is Status.COMPLETE:
            optimal = self.sheet.start_distance
        return GameState(self.board, self.status, self.score, self.sheet.moves, self.game,
                         optimal, claim, error)

    def error(self, text: str) -> GameState:
        """A reply that reports ``text`` and leaves the game as it was."""
        return self._state(error=text)

    def _sync_results(self) -> None:
        self.results.points = self.score

    # --- games --------------------------------------------------------
    def _deal_ahead(self) -> None:
        board = self.dealer.deal(self.rng)
        self._next = (board, asyncio.ensure_future(self.oracle.knowledge(board, ahead=True)))

    async def deal(self) -> None:
        """Deal the next board, its exact distance known before the bot sees it.

        The board after it is dealt and searched in the background at once, so the bot
        rarely waits for a search when a game ends; if that search is not done yet, it is
        asked for again at full priority.
        """
        if self._next is None:
            self._deal_ahead()
        assert self._next is not None
        board, pending = self._next
        self.searches += 1  # the board dealt ahead is searched now
        if pending.done():
            known = pending.result()
        else:
            pending.cancel()
            known = await self.oracle.knowledge(board)
        self.board, self.known = board, known
        self._start, self._letters, self._times_ms, self._judged = board, [], [], []
        self._deal_ahead()
        self.game += 1
        self.solvable = self.board.is_solvable()
        start = self.known.distance if self.known else None
        self.sheet = ScoreSheet.start(start, width=self.board.width, height=self.board.height)
        self.status = Status.PLAYING
        self.started = self.clock()
        self.last, self.last_letter = None, ""
        self.results.games += 1
        self.results.unsolvable_dealt += not self.solvable
        self._sync_results()

    async def start(self) -> GameState:
        """The first board of the connection."""
        await self.deal()
        return self._state()

    def _ended(self, outcome: str, points: int, solved: bool = False) -> None:
        """A game is over: one log line, and its record to the arena's history."""
        self.log(self._end_line(outcome, points))
        if self.record is None:
            return
        summary = summarize(self.sheet, self.clock() - self.started, True, finished=solved)
        self.record(GameRecord(
            game_id=f"arena-{self.game}", width=self._start.width, height=self._start.height,
            board=self._start, mode=Mode.ARENA, started=utc_stamp(), session=self.run,
            finished=solved, solved_by_player=solved,
            seconds=round(self.clock() - self.started, 3), moves=len(self._letters),
            optimal_length=self.sheet.start_distance, points=points, grade=summary.grade,
            efficiency=summary.efficiency, name=self.results.name,
            action_count=len(self._letters), tokens=tuple(self._letters),
            times_ms=tuple(self._times_ms), judgements=tuple(self._judged)))

    def _end_line(self, outcome: str, points: int) -> str:
        optimal = "?" if self.sheet.start_distance is None else self.sheet.start_distance
        return (f"game {self.game} {self.results.name} {self.board.shape}: {outcome}, "
                f"{self.sheet.moves} moves (optimal {optimal}; {self.sheet.optimal} optimal, "
                f"{self.sheet.wasteful} wasteful), {points:+d} points, total {self.banked}")

    def close(self, why: str) -> None:
        """The connection is gone: end the game in play and drop the board dealt ahead.

        A board the bot never touched (dealt after its last claim, as it left) is no game:
        the bot, the server, the log and the watch window all count only games played.
        """
        if self._next is not None:
            self._next[1].cancel()
            self._next = None
        if self.status is Status.PLAYING and not self._letters and self.game:
            self.status = Status.COMPLETE
            self.game -= 1
            self.results.games -= 1
            self.results.unsolvable_dealt -= not self.solvable
            self._sync_results()
            return
        self.abandon(why)

    def abandon(self, why: str) -> None:
        """The game in play ends without a result (skip or disconnect); its live points stay."""
        if self.status is not Status.PLAYING:
            return
        points = self.sheet.points
        self.banked += points
        self.status = Status.COMPLETE
        self.results.skipped += 1
        self._sync_results()
        self._ended(why, points)

    async def handle(self, message: ClientMessage) -> GameState:
        """Apply one client message and say what the bot sees next."""
        if isinstance(message, MoveRequest):
            return await self._move(message.direction)
        if isinstance(message, UnsolvableClaim):
            return await self._claim()
        if isinstance(message, NewBoard):
            self.abandon("skipped")
            await self.deal()
            return self._state()
        raise TypeError(f"not a client message: {message!r}")

    async def _claim(self) -> GameState:
        if self.status is not Status.PLAYING:
            return self._state(error="the game is complete: there is no board to call "
                                     'unsolvable (send {"New": true} for the next board)')
        cells = self.board.size
        if self.solvable:
            claim, points = Claim.WRONG, -WRONG_CLAIM_COST_PER_CELL * cells
            self.results.wrong_claims += 1
            outcome = "wrongly called unsolvable"
        else:
            claim, points = Claim.CAUGHT, CATCH_POINTS_PER_CELL * cells
            self.results.caught += 1
            outcome = "unsolvable board caught"
        self.banked += self.sheet.points + points
        self.status = Status.COMPLETE
        self._ended(outcome, self.sheet.points + points)
        await self.deal()
        return self._state(claim=claim)

    async def _move(self, direction: Direction) -> GameState:
        if self.status is not Status.PLAYING:
            return self._state(error=f"move {direction.value} after the game is complete "
                                     '(send {"New": true} for the next board)')
        letter = direction.letter
        if not self.board.can_move(letter):
            return self._state(error=f"move {direction.value} runs into the wall: the blank "
                                     f"is in the {_WALLS[direction]}")
        child = self.board.apply(letter)
        if self.known is not None:
            after = self.known.after(letter)
            if after is None:
                self.searches += 1
                after = await self.oracle.knowledge(child)
            if after is None:
                raise RuntimeError(f"solvable board {child} has no exact distance")
            cls = classify(self.known.distance, after.distance)
            self.sheet = self.sheet.after_move(cls, after.distance)
            self.known = after
        else:
            cls = MoveClass.UNKNOWN
            self.sheet = self.sheet.after_move(cls)
        self.board = child
        self.last, self.last_letter = cls, letter
        self._letters.append(letter)
        self._times_ms.append(round(1000 * (self.clock() - self.started)))
        self._judged.append(JUDGEMENT_LETTERS.get(cls, "?"))
        self.results.optimal_moves += cls is MoveClass.OPTIMAL
        self.results.wasteful_moves += cls is MoveClass.WASTEFUL
        self.results.unjudged_moves += cls is MoveClass.UNKNOWN
        if child.is_solved():
            summary = summarize(self.sheet, self.clock() - self.started, True)
            self.banked += summary.points
            self.status = Status.COMPLETE
            self.results.solved += 1
            self._ended("solved", summary.points, solved=True)
        self._sync_results()
        return self._state()

    def view(self) -> dict[str, object]:
        """What spectators see of this connection."""
        return {
            "Name": self.results.name,
            "Board": list(self.board.tiles),
            "Size": [self.board.width, self.board.height],
            "Status": self.status.value,
            "Score": self.score,
            "Moves": self.sheet.moves,
            "Game": self.game,
            "Last": self.last.value if self.last else "",
            "Streak": self.sheet.streak,
        }
