"""Hostile command lines (issue 26, item 3): FIFOs, devices, huge files, closed stdin, bad hosts,
no server, a damaged history, absurd replay codes, a closed pipe. Each gets exit status 2 and
one stderr line naming the bad value, writes nothing, and never hangs (cases that used to hang
run as a process with a timeout that only bounds a hang)."""

from __future__ import annotations

import contextlib
import io
import os
import socket
import sqlite3
import subprocess
import sys
import zlib
from base64 import urlsafe_b64encode
from pathlib import Path

import pytest

from game.cli import main as cli_main
from game.cli.inputs import MAX_BOARD_BYTES
from game.core.board import Board
from game.core.recording import Recording, token_action
from game.core.replay_code import MAX_GAME_MS, PREFIX, ReplayCodeError, decode, encode
from game.store.history import HISTORY_FILE, History
from tests.test_history_store import played, record

ROOT = Path(__file__).resolve().parents[1]
HANG_BOUND = 60
"""Seconds a command may take before the test calls it hung (they answer at once)."""
CANNOT_HANG = not hasattr(os, "mkfifo")


def run(*args: str, stdin: int | None = None, env: dict[str, str] | None = None,
        ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], stdin=stdin,
                          capture_output=True, text=True, timeout=HANG_BOUND, check=False,
                          cwd=ROOT, env=env)


def one_line(err: str, *words: str) -> str:
    """The only stderr line, checked to be the error line holding ``words``."""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("fifteen: error: "), err
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.fixture
def fifo(tmp_path: Path) -> str:
    if CANNOT_HANG:
        pytest.skip("no named pipes here")
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return str(path)


@pytest.mark.parametrize("argv", [["check", "{}"], ["solve", "--batch", "{}"],
                                  ["analyse", "{}", "R"], ["play", "--image", "{}"],
                                  ["play", "--board", "{}"]])
def test_a_named_pipe_is_refused_not_waited_on(fifo: str, argv: list[str]) -> None:
    result = run(*[a.format(fifo) for a in argv])
    assert result.returncode == 2 and result.stdout == ""
    one_line(result.stderr, f"'{fifo}'", "named pipe", "not a regular file")


@pytest.mark.parametrize("argv", [["check", "/dev/zero"], ["solve", "--batch", "/dev/zero"],
                                  ["play", "--image", "/dev/zero"]])
def test_a_device_is_refused_not_read_for_ever(argv: list[str], capsys) -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    assert cli_main.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    one_line(err, "'/dev/zero'", "character device")


def test_a_board_file_past_the_cap_is_refused_by_its_size(tmp_path: Path, capsys) -> None:
    big = tmp_path / "big.txt"
    with big.open("wb") as handle:
        handle.truncate(1 << 30)  # sparse: a gigabyte of zeros that takes no disk
    small = tmp_path / "long.txt"
    small.write_text("1 2/3 0\n" + " " * MAX_BOARD_BYTES)
    for path in (big, small):
        assert cli_main.main(["check", str(path)]) == 2
        one_line(capsys.readouterr().err, f"'{path}'", "too large", str(MAX_BOARD_BYTES))


def test_closed_stdin_is_one_line() -> None:
    for argv in (["check", "-"], ["solve", "--batch", "-"]):
        result = subprocess.run(["sh", "-c", 'exec "$@" <&-', "sh", sys.executable,
                                 str(ROOT / "main.py"), *argv], capture_output=True, text=True,
                                timeout=HANG_BOUND, check=False, cwd=ROOT)
        assert result.returncode == 2 and result.stdout == ""
        one_line(result.stderr, "stdin is closed")


@pytest.mark.parametrize(("data", "words"), [
    (b"1 " * (MAX_BOARD_BYTES // 2 + 1), ("board on stdin is too long", str(MAX_BOARD_BYTES))),
    (b"1 2/3 \xff", ("not UTF-8", "0xff")),
])
def test_stdin_is_read_with_a_cap_and_checked(data: bytes, words: tuple[str, ...], capsys,
                                              monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert cli_main.main(["check", "-"]) == 2
    one_line(capsys.readouterr().err, *words)


def test_stdin_still_reads_a_board(capsys, monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"1 2/3 0\n")))
    assert cli_main.main(["check", "-"]) == 0
    assert "solvable" in capsys.readouterr().out


@pytest.mark.parametrize(("board", "words"), [
    ("1 2 3/4 5 6/7 8 16", ("tile 16 is out of range", "no blank")),
    ("1 2 3/4 5 6/7 8 9", ("no blank",)),
    ("1 2 3/4 5 6/7 0 16", ("tile 16 is out of range",)),
])
def test_an_out_of_range_tile_is_named_even_with_no_blank(board: str, words: tuple[str, ...],
                                                          capsys) -> None:
    assert cli_main.main(["check", board]) == 2
    one_line(capsys.readouterr().err, *words)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize("watch", [False, True])
def test_serve_on_a_host_it_cannot_listen_on(watch: bool, capsys, monkeypatch) -> None:
    import game.arena.server as server
    import game.ui.watch as ui_watch

    def never(*args: object) -> int:
        raise AssertionError("the server was started")

    monkeypatch.setattr(server, "serve_forever", never)
    monkeypatch.setattr(ui_watch, "serve_and_watch", never)
    extra = ["--watch"] if watch else []
    assert cli_main.main(["serve", "--host", "999.1.1.1", *extra]) == 2
    one_line(capsys.readouterr().err, "--host '999.1.1.1'")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli_main.main(["serve", "--host", "127.0.0.1", "--port", str(port), *extra]) == 2
    one_line(capsys.readouterr().err, "'127.0.0.1'", f"port {port}")


def test_bot_with_nothing_listening(capsys) -> None:
    url = f"ws://127.0.0.1:{_free_port()}"
    for bots in ("1", "3"):
        assert cli_main.main(["bot", url, "--bots", bots]) == 2
        out, err = capsys.readouterr()
        assert out == ""
        one_line(err, f"cannot play at '{url}'")


# --- a damaged history: read commands say so in one line and change nothing -----------------

def _damage_bytes(path: Path) -> None:
    path.write_bytes(b"not a database at all\n" * 300)


def _sql(path: Path, statement: str) -> None:
    """Run one statement and close (closing checkpoints the WAL into the file)."""
    with contextlib.closing(sqlite3.connect(path)) as conn, conn:
        conn.execute(statement)


def _drop_games(path: Path) -> None:
    _sql(path, "DROP TABLE games")


def _rename_a_column(path: Path) -> None:
    _sql(path, "ALTER TABLE games RENAME COLUMN board TO the_board")


def _bad_utf8(path: Path) -> None:
    _sql(path, "UPDATE games SET grade = CAST(x'ff' AS TEXT), board = CAST(x'ff' AS TEXT)")


def _newer_schema(path: Path) -> None:
    _sql(path, "PRAGMA user_version = 99")


def _foreign(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    _sql(path, "CREATE TABLE recipes (name TEXT)")


DAMAGE = {"bytes": _damage_bytes, "no games table": _drop_games,
          "renamed column": _rename_a_column, "bad UTF-8": _bad_utf8,
          "newer schema": _newer_schema, "foreign file": _foreign}
SIDE_FILES = ("-wal", "-shm")
"""SQLite's own side files of a WAL database, which a read-only reader may add."""


def _listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())
            if not p.name.endswith(SIDE_FILES)}


@pytest.fixture
def history_home(tmp_path: Path, monkeypatch) -> Path:
    """A private data folder holding a history of one finished 3x3 game."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "fifteen"
    History(folder / HISTORY_FILE).add(record(played("UL")))
    return folder


def test_read_commands_on_a_healthy_history_work_and_change_nothing(history_home: Path,
                                                                    capsys) -> None:
    before = _listing(history_home)
    assert cli_main.main(["stats"]) == 0
    assert "3x3: 1 game, 1 solve" in capsys.readouterr().out
    assert cli_main.main(["replay", "--last", "--code"]) == 0
    assert capsys.readouterr().out.startswith(("F2.", PREFIX))
    assert _listing(history_home) == before


@pytest.mark.parametrize("damage", list(DAMAGE))
@pytest.mark.parametrize("argv", [["stats"], ["replay", "--last", "--code"]])
def test_read_commands_on_a_damaged_history_say_so_and_change_nothing(
        history_home: Path, damage: str, argv: list[str], capfd) -> None:
    path = history_home / HISTORY_FILE
    DAMAGE[damage](path)
    before = _listing(history_home)
    assert cli_main.main(argv) == 2
    out, err = capfd.readouterr()  # the descriptors: a logged warning would show here too
    assert out == ""
    one_line(err, str(path), "cannot be read")
    assert _listing(history_home) == before  # nothing renamed, created or rewritten


def test_a_history_file_with_no_schema_yet_is_empty(tmp_path: Path, monkeypatch,
                                                    capsys) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    (tmp_path / "fifteen").mkdir()
    (tmp_path / "fifteen" / HISTORY_FILE).write_bytes(b"")
    assert cli_main.main(["stats"]) == 2
    one_line(capsys.readouterr().err, "no games recorded yet")
    assert (tmp_path / "fifteen" / HISTORY_FILE).read_bytes() == b""


# --- replay codes ----------------------------------------------------------------------------

def _code_with_times(*gaps_ms: int) -> str:
    """A 3x3 code whose moves (L and R in turn, then L) come ``gaps_ms`` apart (version 1, as
    older games wrote them: still read)."""
    body = bytearray([1, 3, 3, 0, 1, 2, 3, 4, 5, 6, 7, 0, 8, len(gaps_ms)])
    for number, gap in enumerate(gaps_ms):
        body.append(3 if number % 2 == 0 else 2)  # R, then L back
        while True:
            byte, gap = gap & 0x7F, gap >> 7
            body.append(byte | (0x80 if gap else 0))
            if not gap:
                break
    body += zlib.crc32(body).to_bytes(4, "big")
    return "F1." + urlsafe_b64encode(bytes(body)).decode("ascii").rstrip("=")


def test_an_absurd_game_time_is_refused(capsys) -> None:
    assert decode(_code_with_times(0, MAX_GAME_MS, 0)).times_ms[-1] == MAX_GAME_MS
    for gaps in ((2**63,), (0, MAX_GAME_MS, 1), (2**62, 2**62)):
        with pytest.raises(ReplayCodeError, match="ms of game time"):
            decode(_code_with_times(*gaps))
    assert cli_main.main(["replay", _code_with_times(2**63), "--text"]) == 2
    one_line(capsys.readouterr().err, "9223372036854775808 ms", str(MAX_GAME_MS))


def test_an_oversized_replay_code_is_one_line(capsys) -> None:
    assert cli_main.main(["replay", PREFIX + "A" * 300_000, "--code"]) == 2
    one_line(capsys.readouterr().err, "too long", "300003 characters")


# --- a reader that goes away -------------------------------------------------------------------

def test_piping_into_head_ends_quietly(tmp_path: Path) -> None:
    board = Board(3, 3, (1, 2, 3, 4, 5, 6, 7, 0, 8))
    moves = [*"LR" * 1500, "L"]
    code = encode(Recording(board, tuple(token_action(m) for m in moves),
                            tuple(range(0, 10 * len(moves), 10))))
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    for argv in (["replay", code, "--text"], ["daily"]):
        with subprocess.Popen([sys.executable, str(ROOT / "main.py"), *argv], cwd=ROOT,
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
            assert proc.stdout is not None and proc.stderr is not None
            assert proc.stdout.readline()  # `head -1`: one line, then the pipe is closed
            proc.stdout.close()
            err = proc.stderr.read().decode()
            status = proc.wait(HANG_BOUND)
        assert err == "", err  # no BrokenPipeError traceback, no "Exception ignored"
        assert status in (0, cli_main.EXIT_BROKEN_PIPE)


def test_a_broken_pipe_is_caught_once_at_the_entry_point(monkeypatch, capsys) -> None:
    def gone(args: object) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(cli_main, "cmd_check", gone)
    assert cli_main.main(["check", "1 2/3 0"]) == cli_main.EXIT_BROKEN_PIPE
    assert capsys.readouterr().err == ""
