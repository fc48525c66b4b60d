"""The arena's commands: bad arguments get one line and exit 2; serve stops cleanly on SIGTERM."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from websockets.sync.client import connect

from game.cli.main import main

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(("argv", "complaint"), [
    (["serve", "--port", "70000"], "port '70000' must be a number from 0 to 65535"),
    (["serve", "--unsolvable", "1.5"], "share 1.5 must be between 0 and 1"),
    (["serve", "--size", "4x"], "--size"),
    (["serve", "--idle", "0"], "idle time 0 must be above 0 seconds"),
    (["bot", "http://127.0.0.1:8765"], "is not a websocket URL"),
    (["bot", "ws://127.0.0.1:8765", "--games", "0"], "games '0' must be a whole number"),
    (["bot", "ws://127.0.0.1:8765", "--delay", "-1"], "delay -1 must be between 0 and 60 s"),
    (["watch", "ws://127.0.0.1:99999"], "has a bad port"),
])
def test_bad_arguments_get_one_line_and_exit_2(argv: list[str], complaint: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert complaint in err and err.count("\n") == 1


def test_serve_stops_cleanly_on_sigterm(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "main.py", "serve", "--port", "0", "--size", "3x3", "--seed", "1"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        line = ""
        deadline = time.monotonic() + 60
        while "listening" not in line and time.monotonic() < deadline:
            line = proc.stderr.readline()
        port = int(line.rsplit(":", 1)[1].split()[0])
        with connect(f"ws://127.0.0.1:{port}") as ws:
            assert '"Board"' in str(ws.recv(timeout=10))
            proc.send_signal(signal.SIGTERM)
            out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0
    assert "arena stopping" in err and "Traceback" not in err
    assert "127.0.0.1:" in out  # the leaderboard names the bot by its address
