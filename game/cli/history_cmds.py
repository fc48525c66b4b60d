"""`stats`, `replay` and `daily`: the game history from the command line; `play --daily` and
the game `play --ghost best` races."""

from __future__ import annotations

import argparse
import datetime as dt
import json
from pathlib import Path

import platformdirs

from game.core.averages import (
    AVERAGE_SIZES,
    SizeStats,
    counted,
    format_seconds,
    kind_line,
    races_words,
    session_words,
)
from game.core.board import Board
from game.core.clock import clock_text
from game.core.coach import EXACT_CELLS
from game.core.daily import Attempt, DateError, daily_game_id, parse_date
from game.core.race import race_lines
from game.core.recording import Mode, Recording, RecordingError
from game.core.replay_code import CodedGame, ReplayCodeError, decode_game, encode
from game.core.spec import GameKind
from game.core.summary import percent_text
from game.store.history import HISTORY_FILE, GameRecord, History, HistoryError
from game.store.history_reader import HistoryReader
from game.store.history_scores import HistoryScores, best_game
from game.store.storage import APP_NAME

EXIT_OK = 0


class HistoryUsageError(ValueError):
    """Bad input or an empty history for these commands; the message is the one line shown."""


def _existing_history() -> History | None:
    """The history, read-only, if its file exists (reading never creates, migrates or sets
    aside a file: a damaged one is a HistoryError)."""
    path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / HISTORY_FILE
    return HistoryReader(path) if path.exists() else None


def load_stats(size: tuple[int, int] | None) -> list[SizeStats]:
    """The figures of the size asked for, or of every size played (smaller first);
    HistoryUsageError when there is nothing to show."""
    history = _existing_history()
    if history is None:
        raise HistoryUsageError("no games recorded yet (play one first)")
    scores = HistoryScores(history).load()
    problem = scores.take_warning()  # load never raises: it notes what went wrong
    if problem is not None:
        raise HistoryUsageError(problem)
    played = scores.played_shapes()
    if size is None:
        if not played:
            raise HistoryUsageError("no games recorded yet (play one first)")
        return [scores.size_stats(shape) for shape in played]
    shape = f"{size[0]}x{size[1]}"
    if shape not in played:
        others = ", ".join(played) or "none"
        raise HistoryUsageError(f"no {shape} games in the history (played sizes: {others})")
    return [scores.size_stats(shape)]


def format_stats(stats: SizeStats) -> str:
    """One size's figures in words: its totals and races, then random boards in full (bests,
    averages, the last session) and every other kind on a line of its own."""
    def opt(value: float | None, fmt: str) -> str:
        return "-" if value is None else format(value, fmt)

    races = races_words(stats)
    lines = [f"{stats.shape}: {counted(stats.games, 'game')}, {counted(stats.solves, 'solve')}"
             + (f", {races}" if races else "")]
    for kind, figures in stats.kinds:
        if kind is not GameKind.RANDOM:
            lines.append(f"  {kind_line(kind, figures)}")
            continue
        lines += [f"  {kind_line(kind, figures, bests=False)} (the size's bests and top 10)",
                  f"    best time {format_seconds(figures.best_time)}  best moves "
                  f"{figures.best_moves if figures.best_moves is not None else '-'}  best tps "
                  f"{opt(figures.best_tps, '.2f')}  best efficiency "
                  f"{opt(figures.best_efficiency, '.0%')}",
                  "    " + "  ".join(f"ao{n} {format_seconds(figures.averages[n])}"
                                     for n in AVERAGE_SIZES)]
        session = session_words(figures)
        if session:
            lines.append(f"    {session}")
    return "\n".join(lines)


def cmd_stats(args: argparse.Namespace) -> int:
    """`stats [--size WxH] [--json]`: one size, or every size played."""
    sizes = load_stats(args.size)
    if args.json:
        if args.size is not None:
            print(json.dumps(sizes[0].to_json()))
        else:
            print(json.dumps({"sizes": [s.to_json() for s in sizes]}))
    else:
        print("\n".join(format_stats(s) for s in sizes))
    return EXIT_OK


def cmd_daily(args: argparse.Namespace) -> int:
    """`daily [--date YYYY-MM-DD] [--size WxH]`: the game ID, then the board."""
    day = daily_date(args.date)
    width, height = args.size
    game = daily_game_id(day, width, height)
    print(f"daily {day.isoformat()} {width}x{height}: game {game}")
    print("\n".join(" ".join(f"{t:2d}" for t in row) for row in game.board().rows()))
    return EXIT_OK


def daily_date(text: str | None) -> dt.date:
    """``--date`` or today (local date)."""
    if text is None:
        return dt.date.today()
    try:
        return parse_date(text)
    except DateError as exc:
        raise HistoryUsageError(f"--date: {exc}") from None


def _recording_of(game: GameRecord) -> Recording:
    try:
        return game.recording()
    except RecordingError as exc:
        raise HistoryUsageError(str(exc)) from None


def replay_game(args: argparse.Namespace) -> CodedGame | GameRecord:
    """The game `replay` was asked for: a decoded code, or the history's row (both carry the
    judgements stored with the game)."""
    if args.code and args.last:
        raise HistoryUsageError("give a replay CODE or --last, not both")
    if args.code:
        try:
            return decode_game(args.code)
        except ReplayCodeError as exc:
            raise HistoryUsageError(str(exc)) from None
    if not args.last:
        raise HistoryUsageError("replay needs a CODE or --last")
    history = _existing_history()
    try:
        game = history.last() if history is not None else None
    except HistoryError as exc:
        raise HistoryUsageError(f"game history unavailable: {exc}") from None
    if game is None:
        raise HistoryUsageError("no games recorded yet: nothing to replay")
    return game


def cmd_replay(args: argparse.Namespace) -> int:
    """`replay CODE|--last [--code] [--text] [--speed X]`."""
    game = replay_game(args)
    recording = game.recording if isinstance(game, CodedGame) else _recording_of(game)
    judgements = game.judgements
    distances = game.distances
    if args.print_code:
        print(encode(recording, judgements, distances))
        return EXIT_OK
    if args.text:
        from game.cli.analyse import ExactOracle
        from game.play.replay import NO_MOVE, build_replay
        from game.play.words import game_label

        model = build_replay(recording, ExactOracle(), judgements, distances)
        stored, why_not = (saved_game(game) if isinstance(game, CodedGame) else (game, ""))
        label = game_label(recording.mode, stored.kind if stored is not None else None,
                           model.coach_part(recording.mode is Mode.AUTO),
                           stored.daily if stored is not None else None, daily_attempt(stored))
        player = f"  by {stored.name}" if stored is not None else ""
        print(f"{recording.board.shape} {label}: {recording.board.text()}{player}")
        for frame in model.frames[1:]:
            if frame.note != NO_MOVE:  # a key into a wall: kept by older saves, not a move
                print(f"{frame.t_ms / 1000:8.2f}s  {frame.note}")
        print(model.headline())
        if stored is not None:  # the saved totals, as the end screen showed them
            print(totals_line(stored, model.restarts))
        else:
            print(f"no totals: {why_not}")
        race = stored.race if stored is not None else None
        if stored is not None and race is not None:  # as its end screen said it, both
            # times once (with the detail line's, a newcomer read the result printed twice)
            head, _ = race_lines(race, stored.seconds, stored.moves, stored.solved_by_player)
            ran = f", {counted(race.moves, 'move')}" if race.moves is not None else ""
            print(f"{head} · the ghost: {race.ghost_name}{ran}")
        return EXIT_OK
    from game.cli.play import run_replay

    return run_replay(game, args.speed)


def daily_attempt(game: GameRecord | None) -> str:
    """Which try at its daily ``game`` was, as the end screen said it ("first try" or
    "repeat"); "" for another kind of game or a history that cannot tell."""
    history = _existing_history() if game is not None and game.daily else None
    if game is None or history is None:
        return ""
    try:
        attempts = [g for g in history.games(game.shape) if g.daily == game.daily]
    except HistoryError:
        return ""
    first = attempts[0] if attempts else None
    if first is None:
        return ""
    same = (first.game_id, first.started, first.session) == (game.game_id, game.started,
                                                              game.session)
    return (Attempt.FIRST if same else Attempt.REPEAT).value


NO_SAVED_GAME = "this code matches no game in this machine's history (a code carries the " \
    "moves and their judgements, not the points or the grade)"


def saved_game(coded: CodedGame) -> tuple[GameRecord | None, str]:
    """The history's row of the game a replay code was made from (the code's board, actions
    and times), for its kind, name and totals; else None and why there is none. Only reads."""
    recording = coded.recording
    try:
        history = _existing_history()
        games = history.games() if history is not None else []
        for game in reversed(games):  # the newest first: a copy is the latest game's
            if game.id is None or game.board != recording.board \
                    or game.action_count != len(recording.actions) or history is None:
                continue
            full = history.game(game.id)
            if full is not None and full.board is not None and full.recording() == recording:
                return full, ""
    except (HistoryError, RecordingError) as exc:
        return None, f"game history unavailable: {exc}"
    return None, NO_SAVED_GAME


def totals_line(game: GameRecord, restarts: int = 0) -> str:
    """A saved game's totals in one line: "24 moves in 0:41.2 · 101 points · grade D · ...";
    ``restarts``: those on its final line (the replayed actions count them, as the end screen
    did; the history keeps no count)."""
    left = "" if game.finished else "left unsolved after "  # an abandoned game, a DNF
    parts = [f"{left}{counted(game.moves, 'move')} in {clock_text(game.seconds)}",
             counted(game.points, "point"),
             f"grade {game.grade}" if game.grade not in ("", "-") else "not graded"]
    if game.optimal_length is not None:  # named as the end screen names it
        exact = game.width * game.height <= EXACT_CELLS
        name = "optimal length" if exact else "best line known"
        parts.append(f"{name} {game.optimal_length}")
    if game.efficiency is not None:
        parts.append(f"efficiency {percent_text(game.efficiency)}")
    parts += [f"hints {game.hints}", f"undos {game.undos}", f"restarts {restarts}"]
    return "totals: " + " · ".join(parts)


def ghost_game(board: Board | None, width: int, height: int) -> GameRecord:
    """The game ``play --ghost best`` races, with its actions: the best finished game on
    ``board``, or with no board the size's best random game (never a custom board's), whose
    board is then played."""
    shape = f"{width}x{height}"
    history = _existing_history()
    try:
        games = history.games() if history is not None else []
        best = best_game(games, board=board, shape=shape)
        game = history.game(best.id) if history is not None and best is not None \
            and best.id is not None else None
    except HistoryError as exc:
        raise HistoryUsageError(f"--ghost best: {exc}") from None
    if game is None:
        where = f"the board {board.text()}" if board is not None else f"a random {shape} board"
        raise HistoryUsageError(f"--ghost best: no finished game on {where} to race yet "
                                "(play it first, or race --ghost coach)")
    try:
        game.recording()
    except RecordingError as exc:
        raise HistoryUsageError(f"--ghost best: {exc}") from None
    return game


def ghost_recording(board: Board | None, width: int, height: int) -> Recording:
    """The recording of ``ghost_game``."""
    return ghost_game(board, width, height).recording()


COMMANDS = {"stats": cmd_stats, "daily": cmd_daily, "replay": cmd_replay}
