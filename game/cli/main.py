"""Command line: play, demo, solve and check; bad input gets one line and exit status 2."""

from __future__ import annotations

import argparse
import contextlib
import datetime
import math
import os
import random
import sys
from collections.abc import Sequence
from typing import NoReturn

from game.cli.arena import COMMANDS as ARENA_COMMANDS
from game.cli.arena import ArenaUsageError, add_arena_commands, run_arena_command
from game.cli.inputs import (
    MAX_BATCH_BYTES,
    MAX_BOARD_BYTES,
    InputError,
    check_regular,
    read_file,
    read_stdin,
)
from game.core.board import Board, BoardError
from game.core.generate import looks_like_game_id, parse_game_id, parse_seed, random_board
from game.core.ghost import DEFAULT_TPS, GhostChoice, GhostError, GhostKind, check_tps
from game.core.notation import BLANKS, is_number, parse_board, parse_size, shown, shown_path
from game.core.parity import solvability
from game.ui.options import DemoOptions, LaunchError, PlayOptions

EXIT_OK = 0
EXIT_UNSOLVABLE = 1
EXIT_BAD_INPUT = 2
EXIT_BROKEN_PIPE = 141
"""128 + SIGPIPE: what a shell shows for a program whose reader (``| head``) went away."""
PROG = "fifteen"
MAX_MESSAGE = 240
"""Longest complaint printed (argparse's own messages may quote whole arguments)."""


class UsageError(Exception):
    """Bad command-line input; the message is the whole one-line complaint."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def read_board_arg(arg: str) -> Board:
    """BOARD as board text, a game ID (``4x4-123``), a file path, or ``-`` for stdin."""
    if arg == "-":
        return parse_game_id(read_stdin("the board", MAX_BOARD_BYTES)).board()
    if not arg.strip():
        raise BoardError(f"board {shown(arg)} is empty (expected board text, a game ID, "
                         "a file or -)")
    if os.path.exists(arg) or _looks_like_path(arg):
        return parse_board(read_file(arg, "board file", MAX_BOARD_BYTES))
    return parse_game_id(arg).board()


def _looks_like_path(arg: str) -> bool:
    """A word with no tile separators that is not a game ID, or slashes between non-tiles.

    Board text always has separators; ``1/2/3/0`` is (bad) board text, while
    ``/no/such/file.txt`` or ``boards.txt`` is a file name.
    """
    if any(c.isspace() or c == "," for c in arg) or looks_like_game_id(arg):
        return False
    parts = arg.split("/")
    return len(parts) == 1 or not all(is_number(p) or p in BLANKS for p in parts)


def _size(text: str) -> tuple[int, int]:
    try:
        return parse_size(text)
    except BoardError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _seed(text: str) -> int:
    try:
        return parse_seed(text)
    except BoardError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _positive_seconds(text: str) -> float:
    try:
        value = float(text) if text.isascii() else math.nan
    except ValueError:
        value = math.nan
    if math.isnan(value):
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a number of seconds")
    if not 0 < value <= 86400:
        raise argparse.ArgumentTypeError(f"seconds {shown(text)} must be above 0 and at "
                                         "most 86400")
    return value


def _ghost_kind(text: str) -> GhostKind:
    try:
        return GhostKind(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{shown(text)} is not a ghost (expected best or coach)") from None


def _tps(text: str) -> float:
    try:
        if not text.isascii():
            raise ValueError(text)
        return check_tps(float(text))
    except ValueError as exc:  # GhostError is one
        reason = str(exc) if isinstance(exc, GhostError) else "not a number of tiles per second"
        raise argparse.ArgumentTypeError(f"{shown(text)}: {reason}") from None


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for all sub-commands."""
    parser = _Parser(prog=PROG, description="Fifteen: sliding-tile puzzles with an optimal coach.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    play = sub.add_parser("play", help="play the game (the default)")
    play.add_argument("--size", type=_size, help="board size WxH or N (2-10), e.g. 4x4")
    play.add_argument("--seed", type=_seed, help="seed for a reproducible board")
    play.add_argument("--board", help="start from this board (text, game ID, file or -)")
    play.add_argument("--image", help="picture file for picture mode")
    play.add_argument("--ghost", nargs="?", const=GhostKind.BEST, type=_ghost_kind,
                      help="race a ghost: best (your best game on the board, or the size's "
                           "personal best and its board) or coach (its optimal line)")
    play.add_argument("--tps", type=_tps,
                      help=f"the coach ghost's tiles per second (default {DEFAULT_TPS:g})")

    demo = sub.add_parser("demo", help="self-playing attract mode and frame-time benchmark")
    demo.add_argument("--size", type=_size, default=(4, 4), help="board size WxH or N")
    demo.add_argument("--seed", type=_seed, default=1, help="seed for the boards")
    demo.add_argument("--seconds", type=_positive_seconds, default=10.0, help="how long to run")
    demo.add_argument("--stats", help="write frame-time and hint-latency JSON here")

    solve = sub.add_parser("solve", help="print an optimal solution")
    solve.add_argument("board", metavar="BOARD", nargs="?",
                       help="board text, game ID, file path or -")
    solve.add_argument("--batch", metavar="FILE",
                       help="solve many boards (one a line, or blank-line-separated blocks; "
                            "FILE or - for stdin): one JSON object per board, in order")
    solve.add_argument("--json", action="store_true", help="print one JSON object")
    solve.add_argument(
        "--seconds", type=_positive_seconds, default=None,
        help="time budget (boards beyond 4x4 get a best-found solution)",
    )

    analyse = sub.add_parser("analyse", help="judge a game move by move, as the game scores it")
    analyse.add_argument("board", metavar="BOARD", help="board text, game ID, file path or -")
    analyse.add_argument("moves", metavar="MOVES", help="the moves played, e.g. RRDL or R2DL")
    analyse.add_argument("--json", action="store_true", help="print one JSON object")

    check = sub.add_parser("check", help="tell whether a board is solvable")
    check.add_argument("board", metavar="BOARD", help="board text, game ID, file path or -")
    from game.cli.history_args import add_parsers

    add_parsers(sub, _size)
    play.add_argument("--daily", action="store_true", help="play today's daily puzzle")
    add_arena_commands(sub)
    return parser


def cmd_check(args: argparse.Namespace) -> int:
    """`check`: print the verdict; 0 solvable, 1 unsolvable."""
    board = read_board_arg(args.board)
    verdict = solvability(board)
    print(f"{board.shape} board {board}: {verdict.message()}")
    return EXIT_OK if verdict.solvable else EXIT_UNSOLVABLE


def _play_options(args: argparse.Namespace) -> PlayOptions:
    board = read_board_arg(args.board) if args.board is not None else None
    if board is not None and args.size and args.size != (board.width, board.height):
        raise UsageError(
            f"--size {args.size[0]}x{args.size[1]} does not match the {board.shape} --board"
        )
    if board is not None and not board.is_solvable():
        raise UsageError(f"--board {board} is not solvable ({solvability(board).message()})")
    if board is not None and board.is_solved():
        raise UsageError(f"--board {board} is already solved (nothing to play)")
    if args.image is not None:
        if os.path.isdir(args.image):
            raise UsageError(f"cannot read image file {shown_path(args.image)}: it is a folder")
        if not os.path.exists(args.image):
            raise UsageError(f"cannot read image file {shown_path(args.image)}: no such file")
        if not os.access(args.image, os.R_OK):
            raise UsageError(f"cannot read image file {shown_path(args.image)}: permission denied")
        check_regular(args.image, "image file")  # a FIFO would hang the picture loader
    width, height = args.size or ((board.width, board.height) if board else (4, 4))
    if args.tps is not None and args.ghost is not GhostKind.COACH:
        raise UsageError(f"--tps {args.tps:g} is the coach ghost's pace: it needs --ghost coach")
    if args.ghost is not None:
        if args.daily:
            raise UsageError(f"--ghost {args.ghost} cannot be combined with --daily")
        return _ghost_options(args, board, width, height)
    if args.daily:
        if board is not None or args.seed is not None:
            raise UsageError("--daily plays the daily board: no --board or --seed with it")
        from game.core.daily import daily_spec

        spec = daily_spec(datetime.date.today(), width, height)
        return PlayOptions(width, height, spec.seed, None, args.image, True, daily=spec.daily)
    return PlayOptions(width, height, args.seed, board, args.image, args.size is not None)


def _ghost_options(args: argparse.Namespace, board: Board | None, width: int,
                   height: int) -> PlayOptions:
    """`play --ghost`: the coach's line at --tps, or the best game to race (and its board)."""
    if args.ghost is GhostKind.COACH:
        choice = GhostChoice(GhostKind.COACH, args.tps or DEFAULT_TPS)
        return PlayOptions(width, height, args.seed, board, args.image, True, ghost=choice)
    from game.cli.history_cmds import HistoryUsageError, ghost_game

    on = board
    if on is None and args.seed is not None:
        on = random_board(width, height, random.Random(args.seed))
    try:
        game = ghost_game(on, width, height)
    except HistoryUsageError as exc:
        raise UsageError(str(exc)) from None
    choice = GhostChoice(GhostKind.BEST, recording=game.recording(), game=game.id)
    if on is not None:  # a seed keeps its game ID
        return PlayOptions(width, height, args.seed, board, args.image, True, ghost=choice)
    # the size's best random game: its board again, by its seed when it has one
    seed = _seed_of(game.game_id)
    return PlayOptions(width, height, seed, None if seed is not None else game.board,
                       args.image, True, ghost=choice)


def _seed_of(game_id: str) -> int | None:
    """The seed of a ``WxH-SEED`` game ID (None for board text)."""
    try:
        return parse_game_id(game_id).seed
    except ValueError:
        return None


def _demo_options(args: argparse.Namespace) -> DemoOptions:
    if args.stats:
        folder = os.path.dirname(os.path.abspath(args.stats))
        if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
            raise UsageError(f"cannot write stats file {shown_path(args.stats)}: "
                             "folder is not writable")
    width, height = args.size
    return DemoOptions(width, height, args.seed, args.seconds, args.stats)


def _solve(args: argparse.Namespace) -> int:
    """`solve BOARD` or `solve --batch FILE|-` (exactly one of them)."""
    if (args.board is None) == (args.batch is None):
        raise UsageError("solve needs one BOARD or --batch FILE (or - for stdin), not "
                         + ("both" if args.board is not None else "neither"))
    if args.batch is None:
        from game.cli.solve import cmd_solve

        return cmd_solve(args, read_board_arg(args.board))
    from game.cli.solve import cmd_batch

    if args.batch == "-":
        return cmd_batch(args, read_stdin("the batch", MAX_BATCH_BYTES))
    return cmd_batch(args, read_file(args.batch, "batch file", MAX_BATCH_BYTES))


def one_line(message: str) -> str:
    """``message`` as one printable line of at most MAX_MESSAGE characters."""
    text = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in message)
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE - 3] + "..."


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point for ``python main.py`` and the ``fifteen`` script."""
    try:
        status = _main(argv)
        sys.stdout.flush()  # a reader that went away shows here, not at interpreter exit
    except BrokenPipeError:
        _drop_stdout()
        return EXIT_BROKEN_PIPE
    return status


def _drop_stdout() -> None:
    """Point stdout at the null device, so the interpreter's last flush of what is still
    buffered for a closed pipe does not print a second traceback."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, sys.stdout.fileno())
        finally:
            os.close(devnull)


def _main(argv: Sequence[str] | None) -> int:
    """Parse ``argv`` and run the command; bad input gets one line and EXIT_BAD_INPUT."""
    argv = list(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is for answers only
    parser = build_parser()
    try:
        args = parser.parse_args(argv or ["play"])
        command = args.command or "play"
        if command == "check":
            return cmd_check(args)
        if command in ARENA_COMMANDS:
            return run_arena_command(args)
        if command == "solve":
            return _solve(args)
        if command == "analyse":
            from game.cli.analyse import cmd_analyse

            return cmd_analyse(args, read_board_arg(args.board))
        if command in ("stats", "daily", "replay"):
            from game.cli.history_cmds import COMMANDS, HistoryUsageError

            try:
                return COMMANDS[command](args)
            except HistoryUsageError as exc:
                raise UsageError(str(exc)) from None
        if command == "demo":
            demo = _demo_options(args)
            from game.cli.play import run_demo

            return run_demo(demo)
        play = _play_options(args)
        from game.cli.play import run_play

        return run_play(play)
    except (UsageError, BoardError, LaunchError, InputError, ArenaUsageError) as exc:
        print(f"{PROG}: error: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
