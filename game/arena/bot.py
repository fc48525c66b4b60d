"""The reference arena bot: the coach's optimal solutions, unsolvable boards caught by parity."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit, urlunsplit

from websockets.asyncio.client import ClientConnection, connect

from game.arena.protocol import (
    Claim,
    Direction,
    MoveRequest,
    NewBoard,
    ProtocolError,
    UnsolvableClaim,
    board_from_message,
    encode_client,
    parse_server,
)
from game.core.board import Board
from game.core.parity import is_solvable
from game.solver import solve

OPEN_SECONDS = 10.0
REPLY_SECONDS = 30.0
"""A reply slower than this means the server is gone (its first board may need a search)."""


class BotError(RuntimeError):
    """The server answered something the bot cannot work with."""


@dataclass
class BotReport:
    """What one bot connection did."""

    name: str
    games: int = 0
    solved: int = 0
    at_optimal: int = 0
    unsolvable_seen: int = 0
    caught: int = 0
    wrong_claims: int = 0
    moves: int = 0
    errors: list[str] = field(default_factory=list)
    score: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    """Seconds from sending a Move to its reply."""
    deal_latencies: list[float] = field(default_factory=list)
    """Seconds from asking for a board (New, or an unsolvable claim) to receiving it."""

    def line(self) -> str:
        """One line of results for the console."""
        return (f"{self.name}: {self.games} games, {self.solved} solved "
                f"({self.at_optimal} at optimal length), {self.caught}/{self.unsolvable_seen} "
                f"unsolvable caught, {self.wrong_claims} wrong claims, {self.moves} moves, "
                f"score {self.score}, {len(self.errors)} errors, {self.seconds:.1f} s")

    @property
    def perfect(self) -> bool:
        """Every solvable board at its optimal length, every unsolvable one caught, no errors."""
        return (not self.errors and self.wrong_claims == 0 and self.caught == self.unsolvable_seen
                and self.at_optimal == self.solved == self.games - self.unsolvable_seen)


def with_name(url: str, name: str) -> str:
    """``url`` with ``?name=...`` so the server shows the bot by name."""
    parts = urlsplit(url)
    query = "&".join(q for q in (parts.query, urlencode({"name": name})) if q)
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", query, parts.fragment))


class ReferenceBot:
    """Plays ``games`` boards on one connection, one move per reply."""

    def __init__(self, url: str, games: int, delay: float = 0.0, name: str = "coach") -> None:
        self.url = url
        self.games = games
        self.delay = delay
        self.report = BotReport(name)

    async def _ask(self, ws: ClientConnection, text: str, timings: list[float]) -> dict:
        sent = time.perf_counter()
        await ws.send(text)
        async with asyncio.timeout(REPLY_SECONDS):
            data = parse_server(await ws.recv())
        timings.append(time.perf_counter() - sent)
        if "Error" in data:
            self.report.errors.append(str(data["Error"]))
        return data

    async def run(self) -> BotReport:
        """Connect, play, close; the report is filled in as games end."""
        start = time.perf_counter()
        report = self.report
        try:
            async with asyncio.timeout(OPEN_SECONDS):
                ws = await connect(with_name(self.url, report.name))
            async with ws:
                async with asyncio.timeout(REPLY_SECONDS):
                    data = parse_server(await ws.recv())
                while report.games < self.games:
                    data = await self._play_one(ws, data)
        finally:
            report.seconds = time.perf_counter() - start
        return report

    async def _play_one(self, ws: ClientConnection, data: dict) -> dict:
        """Finish the board in ``data``; returns the server's message with the next board."""
        report = self.report
        board = board_from_message(data)
        report.games += 1
        if not is_solvable(board):
            report.unsolvable_seen += 1
            reply = await self._ask(ws, encode_client(UnsolvableClaim()),
                                    report.deal_latencies)
            report.caught += reply.get("Claim") == Claim.CAUGHT.value
            report.wrong_claims += reply.get("Claim") == Claim.WRONG.value
            report.score = int(reply.get("Score", 0))
            return reply
        path = await asyncio.to_thread(_solution, board)
        start, reply = board, data
        for letter in path:
            move = encode_client(MoveRequest(Direction.from_letter(letter)))
            reply = await self._ask(ws, move, report.latencies)
            report.moves += 1
            if "Error" in reply:
                raise BotError(f"server refused move {letter}: {reply['Error']}")
            board = board.apply(letter)
            if reply.get("Board") != list(board.tiles):
                raise BotError(f"after move {letter} the server shows {reply.get('Board')}, "
                               f"expected {list(board.tiles)}")
            if self.delay > 0:
                await asyncio.sleep(self.delay)
        if reply.get("Status") != "complete":
            raise BotError(f"board {start} not complete after {len(path)} moves: {reply}")
        report.solved += 1
        report.at_optimal += reply.get("Moves") == reply.get("Optimal") == len(path)
        report.score = int(reply.get("Score", 0))
        if report.games >= self.games:
            return reply
        return await self._ask(ws, encode_client(NewBoard()), report.deal_latencies)


def _solution(board: Board) -> str:
    return solve(board).moves


async def run_bots(url: str, bots: int, games: int, delay: float = 0.0,
                   name: str = "coach") -> list[BotReport]:
    """Several reference bots at once, each on its own connection."""
    names = [name] if bots == 1 else [f"{name}-{i + 1}" for i in range(bots)]
    players = [ReferenceBot(url, games, delay, n) for n in names]
    results = await asyncio.gather(*(p.run() for p in players), return_exceptions=True)
    reports = []
    for player, result in zip(players, results, strict=True):
        if isinstance(result, BaseException):
            player.report.errors.append(f"{type(result).__name__}: {result}")
        reports.append(player.report)
    return reports


__all__ = ["BotError", "BotReport", "ProtocolError", "ReferenceBot", "run_bots", "with_name"]
