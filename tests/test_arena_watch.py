"""The arena's spectator window, headless: panels slide one-cell moves, the loop draws, the feed
receives real snapshots from a server."""

from __future__ import annotations

import asyncio
import time

import pygame
from arena_support import arena

from game.arena.bot import run_bots
from game.arena.spectate import Snapshot, SpectatorFeed, watch_url
from game.core.board import Board
from game.ui.watch import WatchWindow
from game.ui.watch_panel import Panel, grid

START = Board(4, 4, (1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))


def view(board: Board, game: int = 1, moves: int = 0, last: str = "optimal",
         status: str = "playing") -> dict:
    return {"Name": "bot", "Board": list(board.tiles), "Size": [4, 4], "Status": status,
            "Score": 10 * moves, "Moves": moves, "Game": game, "Last": last, "Streak": moves}


def test_one_cell_moves_slide_and_new_games_snap() -> None:
    panel = Panel("bot", START)
    panel.update(view(START))
    moved = START.apply("L")
    panel.update(view(moved, moves=1))
    assert panel.tween is not None and not panel.tween.done and panel.cue is not None
    assert panel.pending == {START.blank, moved.blank} and panel.text  # only these change
    panel.shown()
    assert panel.board_view().moving  # the tile is between cells
    panel.advance(1.0)
    assert panel.board_view().moving == {}
    panel.update(view(Board.goal(4, 4).apply_all("DR"), game=2))
    assert panel.tween is None and panel.board_view().moving == {}
    panel.update(view(Board.goal(4, 4), game=2, moves=2, status="complete"))
    assert panel.board_view().win_flash > 0


def test_grid_makes_boards_largest() -> None:
    assert grid(8, (0, 0, 900, 700), 0.1) == (4, 2)
    assert grid(1, (0, 0, 900, 700), 0.1) == (1, 1)
    assert grid(3, (0, 0, 300, 900), 0.1) == (1, 3)


class FakeFeed:
    status = "connected"

    def __init__(self, bots: int) -> None:
        self.boards = [START] * bots
        self.n = 0

    def snapshot(self) -> Snapshot:
        self.n += 1
        if self.n % 3 == 0:
            self.boards = [b.apply(b.legal_moves()[self.n % len(b.legal_moves())])
                           for b in self.boards]
        bots = [dict(view(b, moves=self.n), Name=f"bot-{i}") for i, b in enumerate(self.boards)]
        board = [{"name": f"bot-{i}", "points": i, "solved": 0, "games": 1, "connected": True}
                 for i in range(len(bots))]
        return Snapshot(bots, board, self.n, self.n)


def test_window_loop_draws_eight_bots_and_reports_frames() -> None:
    window = WatchWindow(FakeFeed(8), "test", window=(960, 600))  # type: ignore[arg-type]
    try:
        window.run(seconds=0.5)
        assert len(window.panels) == 8 and window.frame_ms  # the rate: `watch URL --stats`
        assert "fps" in window.stats()
        window.screen = pygame.display.set_mode((480, 360), pygame.RESIZABLE)
        window.run(seconds=0.2)  # a small window still draws
    finally:
        pygame.quit()


def test_feed_receives_live_games_from_a_server() -> None:
    assert watch_url("ws://127.0.0.1:8765/?name=x") == "ws://127.0.0.1:8765/watch"
    with arena(width=3, height=3, unsolvable=0.0, seed=2) as (_, url):
        feed = SpectatorFeed(url).start()
        try:
            asyncio.run(run_bots(url, 2, games=2))
            deadline = time.monotonic() + 10
            while (not feed.snapshot().leaderboard or any(
                    e["connected"] for e in feed.snapshot().leaderboard)) and (
                    time.monotonic() < deadline):
                time.sleep(0.05)
            snap = feed.snapshot()
        finally:
            feed.stop()
    assert feed.status == "connected" or "retrying" in feed.status
    names = {entry["name"] for entry in snap.leaderboard}
    assert names == {"coach-1", "coach-2"}
    assert all(entry["solved"] == 2 for entry in snap.leaderboard)


def test_a_gone_server_is_said_first_and_the_status_line_fits_the_window() -> None:
    import threading

    from game.arena.spectate import SpectatorFeed
    from game.ui.watch import fit_text

    feed = SpectatorFeed("ws://127.0.0.1:9")  # nothing listens on the discard port
    feed.status = "connected"  # it was, and then the server went away
    thread = threading.Thread(target=feed._run, daemon=True)
    thread.start()
    for _ in range(600):
        if feed.status != "connected":
            break
        time.sleep(0.05)
    feed._stop.set()
    thread.join(10)
    assert feed.status.startswith("server gone: nothing at ws://127.0.0.1:9")
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    long = feed.status * 4
    cut = fit_text(font, long, 200)
    assert cut.endswith("...") and font.size(cut)[0] <= 200
    assert fit_text(font, "short", 200) == "short"
