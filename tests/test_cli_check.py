"""The `check` command and shared command-line input handling, run as a real process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        input=stdin, capture_output=True, text=True, timeout=60, check=False,
    )


def test_unsolvable_board_exits_1_with_reason_and_swap() -> None:
    result = run("check", "1 2 3/4 5 6/8 7 0")
    assert result.returncode == 1
    assert "unsolvable" in result.stdout
    assert "inversion count 1 is odd" in result.stdout
    assert "swap tiles 7 and 8" in result.stdout
    assert result.stderr == ""


def test_solvable_board_exits_0() -> None:
    result = run("check", "1 2 3/4 5 6/7 0 8")
    assert result.returncode == 0
    assert "solvable" in result.stdout and "unsolvable" not in result.stdout


def test_board_from_file_and_stdin(tmp_path: Path) -> None:
    path = tmp_path / "board.txt"
    path.write_text("4 4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 15 14 _\n")
    from_file = run("check", str(path))
    assert from_file.returncode == 1 and "swap tiles 14 and 15" in from_file.stdout
    from_stdin = run("check", "-", stdin="1 2/3 0\n")
    assert from_stdin.returncode == 0


def test_game_id_is_accepted() -> None:
    assert run("check", "4x4-123456").returncode == 0


@pytest.mark.parametrize(
    ("board", "message"),
    [
        ("1 2 3/4 5 6/7 7 0", "duplicate tile 7"),
        ("1 2 3 4/5 6 7 8/9 10 11 12/13 14 16 0", "tile 16 is out of range for a 4x4 board"),
        ("1 2 3/4 5/7 8 0", "row 2 has 2 tiles, expected 3"),
        ("1 2 3/4 5 6/7 8 9", "no blank"),
        ("1 2 q/4 5 6/7 8 0", "'q' is not a tile number"),
        ("missing-board.txt", "cannot read board file 'missing-board.txt'"),
        ("4x4-abc", "'4x4-abc' is not a game ID (expected WxH-SEED"),
        ("11x11-3", "board 11x11 is too large"),
        ("4x4-99999999999999", "seed 99999999999999 in game ID '4x4-99999999999999' is too large"),
        ("0 1/2", "row 2 has 1 tiles, expected 2"),
    ],
)
def test_bad_input_is_one_line_on_stderr_exit_2(board: str, message: str) -> None:
    result = run("check", board)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]


def test_empty_stdin_and_unreadable_file(tmp_path: Path) -> None:
    empty = run("check", "-", stdin="")
    assert empty.returncode == 2 and "empty board" in empty.stderr
    folder = run("check", str(tmp_path))
    assert folder.returncode == 2 and "cannot read board file" in folder.stderr


def test_unknown_command_and_bad_size_exit_2() -> None:
    unknown = run("frobnicate")
    assert unknown.returncode == 2 and len(unknown.stderr.strip().splitlines()) == 1
    bad_size = run("play", "--size", "11x4")
    assert bad_size.returncode == 2 and "board 11x4 is too large" in bad_size.stderr
    mismatch = run("play", "--size", "3x3", "--board", "1 2/3 0")
    assert mismatch.returncode == 2 and "does not match" in mismatch.stderr
    unsolvable = run("play", "--board", "1 2 3/4 5 6/8 7 0")
    assert unsolvable.returncode == 2 and "not solvable" in unsolvable.stderr
    solved = run("play", "--board", "1 2 3/4 5 6/7 8 0")
    assert solved.returncode == 2 and "already solved" in solved.stderr


def test_unreadable_picture_is_bad_input(tmp_path: Path) -> None:
    garbage = tmp_path / "picture.png"
    garbage.write_bytes(b"not a picture")
    result = run("play", "--image", str(garbage))
    assert result.returncode == 2
    assert result.stdout == ""
    assert f"cannot read image file '{garbage}'" in result.stderr
    missing = run("play", "--image", str(tmp_path / "missing.png"))
    assert missing.returncode == 2 and "cannot read image file" in missing.stderr


@pytest.mark.parametrize("entry", [["main.py"], ["-m", "game"], ["-m", "game.cli.main"]])
def test_every_way_to_run_the_command_line_runs_it(entry: list[str]) -> None:
    """A newcomer ran `python -m game.cli.main replay --last --text`: it printed nothing and
    exited 0 (the module had no entry point of its own)."""
    args = [str(ROOT / entry[0])] if entry[0].endswith(".py") else entry
    result = subprocess.run([sys.executable, *args, "check", "4x4-1"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0 and "solvable" in result.stdout
