"""Robustness: a table of malformed command lines, each held to the contract.

The contract: exit status 2, nothing on stdout, exactly one line on stderr that starts with
``fifteen: error:`` and names the bad value, no window opened (the game is never started).
Run in-process with file-descriptor capture, so a C library writing to stderr is caught too.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.cli import main as cli_main
from game.cli import play as cli_play

ROOT = Path(__file__).resolve().parent.parent
MAX_LINE = 260
LONG = "4" * 100_000
BIG = "9" * 5_000  # past Python's 4,300-digit limit for int()

SIZE_CASES = [
    "", " ", "x", "4x", "x4", "4x4x4", "4*4", "4-4", "4 by 4", "1", "1x4", "4x1", "11",
    "11x4", "0x0", "-4", "+4", "4.0", "4e0", "0x4", "４x４", "4x４", "٤", "\t4x4", "4\tx4",
    "4\nx4", "4x\u200b4", LONG, BIG, "99999999999999999999999x4", "four",
]
SEED_CASES = ["", "-1", "+1", "1.5", "1e3", "0x10", "٣", "１２", "99999999999999999999",
              "1000000000000", BIG, "seed", " 1", "1 ", "1_000", "\x00"]
BOARD_CASES = [
    "", " ", "/", "//", "1 2 3/4 5 6/7 8", "1 2 3/4 5 6/7 8 9", "1 2 3/4 5 6/7 8 8",
    "1 2 3/4 5 6/7 0 0", "1,2,,3/4,5,6/7,8,0", "1,2,3,/4,5,6/7,8,0", ",1,2/3,4,5/6,7,0",
    "1 2 3/4 5 ６/7 8 0", "1 2 3/4 5 6/7 8 -0", "1 2 3/4 5 6/7 8 x", "a b c/d e f/g h 0",
    "1 2/3", "0 1", "0", "1 2 3 4 5 6 7 8 0", "4x4-", "4x4--1", "4x4-abc", "4x4-1.5",
    "11x11-5", "1x4-3", f"4x4-{BIG}", "4x4-99999999999999999999", "4x٤-1", "2 1/3 0",
    "1 2 3/4 5 6/8 7 0", "1 2 3/4 5 6/7 8 0", "/no/such/file.txt", "./missing-board.txt",
    "missing.txt", LONG, "1 2 3\x00/4 5 6/7 8 0", "1\t2\t3/4 5 6/7 8 1000",
]
"""Bad boards; the last-but-few are solved or unsolvable, which `play` refuses too."""


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    """Bad files for the path arguments."""
    surface = pygame.Surface((32, 32))
    surface.fill((200, 40, 40))
    png = tmp_path / "ok.png"
    pygame.image.save(surface, str(png))
    data = png.read_bytes()
    (tmp_path / "truncated.png").write_bytes(data[: len(data) // 2])
    (tmp_path / "text.png").write_text("not a picture\n")
    (tmp_path / "empty.png").write_bytes(b"")
    (tmp_path / "folder").mkdir()
    (tmp_path / "binary.txt").write_bytes(bytes(range(256)) * 4)
    (tmp_path / "bad-board.txt").write_text("1 2 3\n4 5 5\n7 8 0\n")
    (tmp_path / "empty.txt").write_text("")
    return {name: str(tmp_path / name) for name in
            ("truncated.png", "text.png", "empty.png", "folder", "binary.txt", "bad-board.txt",
             "empty.txt", "missing.png")}


def cases(files: dict[str, str]) -> list[list[str]]:
    out: list[list[str]] = []
    out += [["play", "--size", s] for s in SIZE_CASES]
    out += [["demo", "--size", s] for s in SIZE_CASES[:8]]
    out += [["play", "--seed", s] for s in SEED_CASES]
    out += [["demo", "--seed", s] for s in SEED_CASES[:4]]
    out += [["check", b] for b in BOARD_CASES if b not in ("1 2 3/4 5 6/8 7 0",
                                                            "1 2 3/4 5 6/7 8 0", "2 1/3 0")]
    out += [["play", "--board", b] for b in BOARD_CASES]
    out += [["solve", b] for b in BOARD_CASES[:10]]
    out += [["play", "--image", files[n]] for n in
            ("truncated.png", "text.png", "empty.png", "folder", "missing.png")]
    out += [["check", files[n]] for n in ("folder", "binary.txt", "bad-board.txt", "empty.txt")]
    out += [["play", "--size", "3x3", "--board", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"],
            ["demo", "--seconds", "0"], ["demo", "--seconds", "-1"], ["demo", "--seconds", "nan"],
            ["demo", "--seconds", "inf"], ["demo", "--seconds", "١"], ["demo", "--seconds", LONG],
            ["demo", "--stats", "/no/such/folder/stats.json"], ["solve", "--seconds", "0", "x"],
            ["nosuchcommand"], ["play", "--no-such-option"], ["play", LONG], ["check"],
            ["check", "a", "b"], ["play", "--size"], ["play", "--seed"], [f"--{LONG}"]]
    return out


def test_the_table_has_at_least_a_hundred_cases(files) -> None:
    assert len(cases(files)) >= 100


def test_every_malformed_input_gets_one_line_and_exit_2(files, capfd, monkeypatch) -> None:
    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"a window was opened for {args} {kwargs}")

    monkeypatch.setattr(cli_play, "App", never)  # the only place a window is opened
    failures = []
    for argv in cases(files):
        status = cli_main.main(list(argv))
        out, err = capfd.readouterr()
        shown = repr(argv)[:120]
        lines = err.splitlines()
        if status != 2:
            failures.append(f"{shown}: exit {status}")
        elif out:
            failures.append(f"{shown}: stdout {out[:80]!r}")
        elif len(lines) != 1 or not lines[0].startswith("fifteen: error: "):
            failures.append(f"{shown}: stderr {err[:300]!r}")
        elif len(lines[0]) > MAX_LINE:
            failures.append(f"{shown}: a {len(lines[0])}-character line")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize(("argv", "named"), [
    (["play", "--seed", "-1"], "'-1'"),
    (["play", "--seed", "99999999999999999999"], "99999999999999999999"),
    (["play", "--size", "４x４"], "'４x４'"),
    (["play", "--size", "4\tx4"], "'4\\tx4'"),
    (["play", "--size", LONG], "(100000 characters)"),
    (["check", "1,2,,3/4,5,6/7,8,0"], "empty field"),
    (["check", "1 2 3/4 5 ６/7 8 0"], "'６'"),
    (["check", "/no/such/file.txt"], "cannot read board file '/no/such/file.txt'"),
    (["play", "--board", ""], "board '' is empty"),
])
def test_the_message_names_the_bad_value(argv, named, capfd) -> None:
    assert cli_main.main(argv) == 2
    out, err = capfd.readouterr()
    assert out == "" and named in err and err.count("\n") == 1


def test_an_image_folder_and_a_truncated_png_say_what_is_wrong(files, capfd) -> None:
    assert cli_main.main(["play", "--image", files["folder"]]) == 2
    assert "it is a folder" in capfd.readouterr().err
    assert cli_main.main(["play", "--image", files["truncated.png"]]) == 2
    out, err = capfd.readouterr()
    assert out == "" and err.count("\n") == 1 and "libpng" in err and err.startswith("fifteen")


def test_no_display_is_one_line_and_exit_2_before_any_window(tmp_path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), "play", "--size", "3x3"],
                            env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "no display" in result.stderr
    assert not (tmp_path / "data").exists()  # nothing started, nothing saved
