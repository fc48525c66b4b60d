"""The history sub-commands' arguments (stdlib only, so building the parser stays light)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)
DEFAULT_DAILY_SIZE = (4, 4)


def add_parsers(sub: argparse._SubParsersAction, size: Callable[[str], tuple[int, int]]) -> None:
    """The history sub-commands (``size`` parses WxH as the rest of the command line does)."""
    stats = sub.add_parser("stats", help="games, solves, bests and ao5..ao100 for one size")
    stats.add_argument("--size", type=size, help="board size WxH (default: the last played)")
    stats.add_argument("--json", action="store_true", help="print one JSON object")

    replay = sub.add_parser("replay", help="play back a game with the coach's commentary")
    replay.add_argument("code", metavar="CODE", nargs="?", help="a replay code (F1....)")
    replay.add_argument("--last", action="store_true", help="the latest game of the history")
    replay.add_argument("--speed", type=float, choices=SPEEDS, default=1.0,
                        help="playback speed")
    replay.add_argument("--code", dest="print_code", action="store_true",
                        help="print the game's replay code instead of playing it")
    replay.add_argument("--text", action="store_true",
                        help="print the commentary instead of opening the window")

    daily = sub.add_parser("daily", help="print the daily puzzle's game ID and board")
    daily.add_argument("--date", help="YYYY-MM-DD (default: today)")
    daily.add_argument("--size", type=size, default=DEFAULT_DAILY_SIZE, help="board size WxH")
