"""The arena over real websockets on the loopback interface: games, claims, abuse, many bots."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from collections.abc import Iterator

import pytest
from arena_support import arena
from tutorial_bot import play as tutorial_play
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from game.arena.bot import run_bots
from game.arena.limits import FLOOD_MESSAGES
from game.arena.match import CATCH_POINTS_PER_CELL, WRONG_CLAIM_COST_PER_CELL, Match
from game.arena.protocol import MAX_MESSAGE_BYTES, Direction
from game.arena.records import ARENA_HISTORY_FILE
from game.arena.server import ArenaServer
from game.core.board import Board
from game.core.parity import is_solvable
from game.core.recording import Mode
from game.core.scoring import BASE_POINTS, WASTEFUL_COST, MoveClass, ScoreSheet
from game.core.summary import PERFECT_BONUS_PER_MOVE, SOLVE_BONUS_PER_CELL
from game.solver import solve
from game.store.history import History

WAIT = 30.0


@pytest.fixture(scope="module")
def solvable_arena() -> Iterator[tuple[ArenaServer, str]]:
    """A 4x4 arena that deals only solvable boards."""
    with arena(unsolvable=0.0, seed=11, idle_seconds=20.0) as running:
        yield running


def recv(ws: ClientConnection) -> dict:
    return json.loads(ws.recv(timeout=WAIT))


def ask(ws: ClientConnection, message: object) -> dict:
    ws.send(message if isinstance(message, str | bytes) else json.dumps(message))
    return recv(ws)


def board_of(msg: dict) -> Board:
    return Board(4, 4, tuple(msg["Board"]))


def test_full_game_played_optimally(solvable_arena: tuple[ArenaServer, str]) -> None:
    server, url = solvable_arena
    with connect(url + "/?name=optimal") as ws:
        msg = recv(ws)
        assert msg["Status"] == "playing" and msg["Score"] == 0 and msg["Moves"] == 0
        assert "Optimal" not in msg  # would tell solvable boards from unsolvable ones
        board = board_of(msg)
        path = solve(board).moves
        sheet = ScoreSheet.start(len(path))
        for i, letter in enumerate(path, 1):
            msg = ask(ws, {"Move": Direction.from_letter(letter).value})
            board = board.apply(letter)
            sheet = sheet.after_move(MoveClass.OPTIMAL)
            assert msg["Board"] == list(board.tiles) and msg["Moves"] == i
            if i < len(path):
                assert msg["Status"] == "playing" and msg["Score"] == sheet.points
        assert msg["Status"] == "complete" and msg["Optimal"] == len(path) == msg["Moves"]
        bonus = SOLVE_BONUS_PER_CELL * 16 + PERFECT_BONUS_PER_MOVE * len(path)
        assert msg["Score"] >= sheet.points + bonus  # plus a time bonus
        after = ask(ws, {"Move": "up"})
        assert "after the game is complete" in after["Error"] and after["Moves"] == len(path)
        fresh = ask(ws, {"New": True})
        assert fresh["Game"] == 2 and fresh["Status"] == "playing" and fresh["Moves"] == 0
    entry = next(r for r in server.leaderboard.ranked() if r.name == "optimal")
    assert (entry.solved, entry.optimal_moves, entry.wasteful_moves) == (1, len(path), 0)
    # The game is in the arena's own history (written off the event loop), judged move by move.
    assert server.records is not None
    history = History(server.records.path)
    deadline = time.monotonic() + WAIT

    def games() -> list:
        return [g for g in history.games() if g.name == "optimal"] if history.path.exists() else []

    while not any(g.finished for g in games()) and time.monotonic() < deadline:
        time.sleep(0.05)
    (solved,) = [g for g in games() if g.finished]
    assert solved.mode is Mode.ARENA and solved.moves == len(path) and solved.board is not None
    assert solved.optimal_length == len(path)
    stored = history.game(solved.id)
    assert stored is not None and "".join(stored.tokens) == path
    assert set(stored.judgements) == {"o"}
    assert server.records.path.name == ARENA_HISTORY_FILE  # never the player's history


def test_wasteful_move_costs_and_words_move_the_blank(
        solvable_arena: tuple[ArenaServer, str]) -> None:
    server, url = solvable_arena
    with connect(url + "?name=waster") as ws:
        board = board_of(recv(ws))
        best = solve(board).moves
        # a legal move that does not begin any optimal solution
        waste = next(m for m in board.legal_moves()
                     if len(solve(board.apply(m)).moves) == len(best) + 1)
        msg = ask(ws, {"Move": Direction.from_letter(waste).value})
        assert msg["Score"] == 0 and msg["Moves"] == 1  # points never go below zero
        moved = board_of(msg)
        assert moved == board.apply(waste)
        # walk back: optimal again, earning back what the step away cost (no more)
        back = {"U": "D", "D": "U", "L": "R", "R": "L"}[waste]
        msg = ask(ws, {"Move": Direction.from_letter(back).value})
        assert board_of(msg) == board and msg["Score"] == BASE_POINTS - WASTEFUL_COST == 0
        step = ask(ws, {"Move": Direction.from_letter(best[0]).value})
        assert step["Score"] == BASE_POINTS
    entry = next(r for r in server.leaderboard.ranked() if r.name == "waster")
    assert (entry.optimal_moves, entry.wasteful_moves) == (2, 1)


def test_unsolvable_board_caught_and_wrong_claim_costs() -> None:
    with arena(unsolvable=1.0, seed=3) as (server, url), connect(url) as ws:
        msg = recv(ws)
        assert not is_solvable(board_of(msg)) and msg["Status"] == "playing"
        verdict = ask(ws, {"Unsolvable": True})
        assert verdict["Claim"] == "caught" and verdict["Game"] == 2
        assert verdict["Score"] == CATCH_POINTS_PER_CELL * 16
        assert server.leaderboard.ranked()[0].caught == 1
    with arena(unsolvable=0.0, seed=3) as (server, url), connect(url) as ws:
        recv(ws)
        ask(ws, {"New": True})
        verdict = ask(ws, {"Unsolvable": True})
        assert verdict["Claim"] == "wrong" and verdict["Game"] == 3
        assert verdict["Score"] == -WRONG_CLAIM_COST_PER_CELL * 16
        assert server.leaderboard.ranked()[0].wrong_claims == 1


def _bystander_ok(ws: ClientConnection, board: Board) -> Board:
    """The well-behaved bot next door still gets its own board back, move by move."""
    letter = board.legal_moves()[0]
    msg = ask(ws, {"Move": Direction.from_letter(letter).value})
    assert "Error" not in msg and board_of(msg) == board.apply(letter)
    return board.apply(letter)


BAD_FRAMES = [
    ("{not json", "malformed JSON"),
    ('{"Move": "up", "Turbo": true}', "unknown key 'Turbo'"),
    ('{"Move": 1}', "Move must be a string"),
    ('{"New": "please"}', "New must be true"),
    ("[]", "expected a JSON object"),
    (b"\x00\x01binary", "binary frames are not accepted"),
]


def test_malformed_input_gets_an_error_and_the_game_goes_on(
        solvable_arena: tuple[ArenaServer, str]) -> None:
    _, url = solvable_arena
    with connect(url) as neighbour, connect(url) as ws:
        theirs = board_of(recv(neighbour))
        mine = recv(ws)
        for frame, complaint in BAD_FRAMES:
            msg = ask(ws, frame)
            assert complaint in msg["Error"], (frame, msg)
            assert msg["Board"] == mine["Board"] and msg["Moves"] == 0
            theirs = _bystander_ok(neighbour, theirs)
        board = board_of(mine)
        row, col = divmod(board.blank, 4)
        wall = ("up" if row == 0 else "down" if row == 3 else
                "left" if col == 0 else "right" if col == 3 else None)
        if wall is None:  # walk the blank to the top row first
            for _ in range(row):
                board = board.apply("D")
                assert board_of(ask(ws, {"Move": "up"})) == board
            wall = "up"
        msg = ask(ws, {"Move": wall})
        assert "runs into the wall" in msg["Error"] and board_of(msg) == board
        theirs = _bystander_ok(neighbour, theirs)


def _closed_code(ws: ClientConnection) -> tuple[list[dict], int | None]:
    """Every message until the server closes, and its close code."""
    seen = []
    try:
        while True:
            seen.append(recv(ws))
    except ConnectionClosed as exc:
        return seen, exc.rcvd.code if exc.rcvd else None


def test_oversize_flood_and_abrupt_disconnect_leave_others_alone(
        solvable_arena: tuple[ArenaServer, str]) -> None:
    server, url = solvable_arena
    with connect(url) as neighbour:
        theirs = board_of(recv(neighbour))
        with connect(url, max_size=None) as ws:
            recv(ws)
            ws.send("x" * (MAX_MESSAGE_BYTES + 1))
            assert _closed_code(ws)[1] == 1009  # message too big
        theirs = _bystander_ok(neighbour, theirs)
        with connect(url) as ws:
            recv(ws)
            with contextlib.suppress(ConnectionClosed):  # the server may hang up mid-flood
                for _ in range(FLOOD_MESSAGES + 200):
                    ws.send('{"New": true}')
            seen, code = _closed_code(ws)
        assert code == 1008 and any("flood" in m.get("Error", "") for m in seen)
        theirs = _bystander_ok(neighbour, theirs)
        with contextlib.suppress(ConnectionClosed, OSError), connect(url) as raw:
            recv(raw)
            raw.send('{"Move": "up"}')
            raw.socket.shutdown(socket.SHUT_RDWR)  # vanish without a closing handshake
            raw.socket.close()
        deadline = time.monotonic() + WAIT
        while len(server.live) > 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert len(server.live) == 1  # only the neighbour is left
        _bystander_ok(neighbour, theirs)


def test_idle_connection_is_told_and_closed() -> None:
    with arena(unsolvable=0.0, seed=1, idle_seconds=0.3) as (_, url), connect(url) as ws:
        recv(ws)
        seen, code = _closed_code(ws)  # every message until the server closes
        assert "idle" in seen[-1]["Error"] and code == 1000


def test_twenty_bots_at_once_nothing_lost_or_mixed_up() -> None:
    """3x3 boards keep the searches out of the way: this is about connections, not the solver."""
    with arena(width=3, height=3, unsolvable=0.25, seed=20) as (server, url):
        reports = asyncio.run(run_bots(url, 20, games=4))
        ranked = {r.name: r for r in server.leaderboard.ranked()}
    assert len(reports) == 20 and len(ranked) == 20
    for report in reports:
        assert report.perfect, (report.line(), report.errors)
        entry = ranked[report.name]
        assert (entry.solved, entry.caught, entry.wrong_claims) == (
            report.solved, report.caught, 0)
        assert entry.optimal_moves == report.moves and entry.wasteful_moves == 0
        assert entry.points == report.score and not entry.connected


def test_tutorial_style_bot_plays_unchanged() -> None:
    with arena(unsolvable=0.3, seed=8) as (server, url):
        seen = tutorial_play(url, 3)
    assert seen["complete"] == 3 and seen["unsolvable"] >= 1 and seen["score"] > 0
    assert sum(r.solved for r in server.leaderboard.ranked()) == 3


@pytest.mark.slow
def test_reference_bot_hundred_games_perfect() -> None:
    with arena(unsolvable=0.1, seed=100) as (_, url):
        (report,) = asyncio.run(run_bots(url, 1, games=100))
    assert report.perfect and report.games == 100, report.line()
    assert report.unsolvable_seen > 0


def test_a_failing_connection_is_closed_and_the_others_go_on(
        solvable_arena: tuple[ArenaServer, str], monkeypatch: pytest.MonkeyPatch) -> None:
    real = Match.handle

    async def handle(self: Match, message: object) -> object:
        if self.results.name == "boom":
            raise RuntimeError("simulated server bug")
        return await real(self, message)  # type: ignore[arg-type]

    monkeypatch.setattr(Match, "handle", handle)
    _, url = solvable_arena
    with connect(url) as neighbour, connect(url + "?name=boom") as ws:
        theirs = board_of(recv(neighbour))
        recv(ws)
        ws.send('{"New": true}')
        assert _closed_code(ws)[1] == 1011
        _bystander_ok(neighbour, theirs)
