"""The arena's sub-commands (serve, bot, watch): argument wiring and the functions they run."""

from __future__ import annotations

import argparse
import socket
import sys
from urllib.parse import urlsplit

from game.arena.protocol import DEFAULT_HOST, DEFAULT_PORT
from game.core.board import BoardError
from game.core.notation import parse_size, shown

COMMANDS = ("serve", "bot", "watch")
MAX_GAMES = 1_000_000
MAX_DELAY = 60.0
LOG_FORMAT = "%(asctime)s %(message)s"


class ArenaUsageError(Exception):
    """An arena command that cannot start (bad host, busy port, no server); the message is
    the one-line complaint."""


def _size(text: str) -> tuple[int, int]:
    try:
        return parse_size(text)
    except BoardError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _share(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number between 0 and 1") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"share {text} must be between 0 and 1")
    return value


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"port '{text}' must be a number from 0 to 65535")
    return int(text)


def _games(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= MAX_GAMES:
        raise argparse.ArgumentTypeError(f"games '{text}' must be a whole number from 1 to "
                                         f"{MAX_GAMES}")
    return int(text)


def _delay(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"delay '{text}' is not a number of seconds") from None
    if not 0 <= value <= MAX_DELAY:
        raise argparse.ArgumentTypeError(f"delay {text} must be between 0 and {MAX_DELAY:g} s")
    return value


def _idle(text: str) -> float:
    value = _delay(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"idle time {text} must be above 0 seconds")
    return value


def _url(text: str) -> str:
    parts = urlsplit(text)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise argparse.ArgumentTypeError(f"'{text}' is not a websocket URL "
                                         "(expected ws://HOST:PORT)")
    try:
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' has a bad port") from None
    return text


def add_arena_commands(sub: argparse._SubParsersAction) -> None:
    """Add ``serve``, ``bot`` and ``watch`` to the main parser's sub-commands."""
    serve = sub.add_parser("serve", help="bot arena: a websocket game server")
    serve.add_argument("--host", default=DEFAULT_HOST, help="address to bind (127.0.0.1)")
    serve.add_argument("--port", type=_port, default=DEFAULT_PORT, help="port (8765)")
    serve.add_argument("--size", type=_size, default=(4, 4), help="board size WxH (4x4)")
    serve.add_argument("--unsolvable", type=_share, default=0.1,
                       help="share of boards dealt unsolvable on purpose (0.1)")
    serve.add_argument("--seed", type=int, default=None, help="seed for the boards dealt")
    serve.add_argument("--idle", type=_idle, default=60.0,
                       help="seconds before a silent bot is disconnected (60)")
    serve.add_argument("--watch", action="store_true", help="also open the spectator window")

    bot = sub.add_parser("bot", help="bot arena: the reference bot (uses the coach)")
    bot.add_argument("url", type=_url, metavar="URL", help="server URL, e.g. ws://127.0.0.1:8765")
    bot.add_argument("--games", type=_games, default=10, help="games to play (10)")
    bot.add_argument("--delay", type=_delay, default=0.0, help="seconds between moves (0)")
    bot.add_argument("--bots", type=_games, default=1, help="connections at once (1)")
    bot.add_argument("--name", default="coach", help="name shown by the server (coach)")

    watch = sub.add_parser("watch", help="bot arena: watch the live games in a window")
    watch.add_argument("url", type=_url, metavar="URL", help="server URL, e.g. ws://127.0.0.1:8765")
    watch.add_argument("--seconds", type=_delay, default=0.0,
                       help="close after this long (0: until the window is closed)")
    watch.add_argument("--stats", action="store_true", help="print frame-time figures at the end")


def run_arena_command(args: argparse.Namespace) -> int:
    """Run one of COMMANDS; returns the exit status."""
    import logging

    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT, stream=sys.stderr)
    logging.getLogger("websockets").setLevel(logging.WARNING)  # one line per game, not per socket
    if args.command == "serve":
        from game.arena.server import ServerOptions

        check_listen(args.host, args.port)
        width, height = args.size
        options = ServerOptions(args.host, args.port, width, height, args.unsolvable,
                                args.seed, args.idle)
        if args.watch:
            from game.ui.watch import serve_and_watch

            return serve_and_watch(options)
        from game.arena.server import serve_forever

        return serve_forever(options)
    if args.command == "bot":
        return run_bot(args)
    from game.ui.watch import run_watch

    return run_watch(args.url, args.seconds or None, args.stats)


def check_listen(host: str, port: int) -> None:
    """Raise ArenaUsageError naming ``host`` unless the server could listen there: a name
    that does not resolve, an address not of this machine, a port in use (checked before the
    solver's start-up, and before `serve --watch` puts the server on a thread)."""
    try:
        found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ArenaUsageError(f"cannot listen on --host {shown(host)}: {reason}") from None
    for family, kind, proto, _, address in found:
        try:
            probe = socket.socket(family, kind, proto)
        except OSError:  # a family this machine lacks (no IPv6): the server skips it too
            continue
        with probe:
            # as asyncio's server does: an old connection in TIME_WAIT does not block the port
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as exc:
                raise ArenaUsageError(f"cannot listen on --host {shown(host)} port {port}: "
                                      f"{exc.strerror or exc}") from None


def run_bot(args: argparse.Namespace) -> int:
    """`bot`: play, print one line per connection and a total; 0 if every game was perfect.

    Raises ArenaUsageError when no connection was dealt a board (nothing listening there)."""
    from game.arena.bot import run_bots

    try:
        import asyncio

        reports = asyncio.run(run_bots(args.url, args.bots, args.games, args.delay, args.name))
    except OSError as exc:
        raise ArenaUsageError(f"cannot reach {shown(args.url)}: {exc}") from None
    if not any(report.games for report in reports):  # no board was ever dealt
        reason = next((e for r in reports for e in r.errors), "no board was dealt")
        raise ArenaUsageError(f"cannot play at {shown(args.url)}: {reason}")
    for report in reports:
        print(report.line())
        for error in report.errors[:5]:
            print(f"  error: {error}")
    if len(reports) > 1:
        total = sum(r.games for r in reports)
        perfect = sum(r.perfect for r in reports)
        print(f"all {len(reports)} bots: {total} games, {sum(r.solved for r in reports)} solved "
              f"({sum(r.at_optimal for r in reports)} at optimal length), "
              f"{sum(r.caught for r in reports)}/{sum(r.unsolvable_seen for r in reports)} "
              f"unsolvable caught; {perfect} of {len(reports)} bots perfect")
    return 0 if all(r.perfect for r in reports) else 1
