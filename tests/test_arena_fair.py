"""The arena stays fair: absurd moves get an Error, searches have a per-connection budget,
and the bot, the server and the log count the same games."""

from __future__ import annotations

import asyncio
import json
import logging
import time

from arena_support import arena
from websockets.sync.client import connect

from game.arena.bot import run_bots
from game.arena.limits import SEARCH_BURST, SEARCH_RATE, Pacer

WAIT = 30.0


def test_a_five_thousand_digit_move_gets_an_error_and_the_game_goes_on() -> None:
    with arena(unsolvable=0.0, seed=3) as (_, url), connect(url + "/?name=digits") as ws:
        first = json.loads(ws.recv(timeout=WAIT))
        for frame in ('{"Move": ' + "9" * 5000 + "}", '{"New": ' + "1" * 5000 + "}",
                      '{"Move": 1e99999}'):
            ws.send(frame)
            reply = json.loads(ws.recv(timeout=WAIT))
            assert "Error" in reply and reply["Board"] == first["Board"]
        ws.send(json.dumps({"Move": "up"}))  # still served
        assert "Board" in json.loads(ws.recv(timeout=WAIT))


def test_the_search_budget_lets_a_burst_through_then_paces() -> None:
    budget = Pacer(SEARCH_RATE, SEARCH_BURST)
    assert [budget.delay(0.0) for _ in range(int(SEARCH_BURST))] == [0.0] * int(SEARCH_BURST)
    assert budget.delay(0.0) == 1 / SEARCH_RATE  # one over: wait for one search's worth
    assert budget.delay(100.0) == 0.0  # refilled


def test_every_new_board_counts_against_the_connection_budget() -> None:
    with arena(unsolvable=0.0, seed=5) as (server, url), connect(url + "/?name=spam") as ws:
        ws.recv(timeout=WAIT)
        [match] = list(server.live.values())
        before = match.searches
        for _ in range(5):
            ws.send(json.dumps({"New": True}))
            ws.recv(timeout=WAIT)
        assert match.searches == before + 5


def test_bot_server_and_log_count_the_same_games_when_the_last_is_a_claim(caplog) -> None:
    caplog.set_level(logging.INFO, logger="game.arena")
    with arena(unsolvable=1.0, seed=7) as (server, url):  # every game ends in a claim
        [report] = asyncio.run(run_bots(url, 1, 6, name="claims"))
        assert not report.errors and report.games == 6
        for _ in range(int(WAIT / 0.05)):
            if not server.live:
                break
            time.sleep(0.05)
        [results] = server.leaderboard.ranked()
        assert results.games == 6 and results.skipped == 0
    ended = [r.getMessage() for r in caplog.records if r.getMessage().startswith("game ")]
    assert len(ended) == 6 and not any("disconnected" in line for line in ended)
