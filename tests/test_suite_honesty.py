"""The suite itself: no fixed absolute paths, and known-board suites fail loudly under CI."""

from __future__ import annotations

import re
from pathlib import Path

import known_boards
import pytest

TESTS = Path(__file__).resolve().parent
_ABSOLUTE = re.compile(r"""["'](/work/|/home/|/tmp/|/root/)""")


def test_no_test_reads_a_fixed_absolute_path() -> None:
    offenders = [
        f"{path.name}:{n}"
        for path in sorted(TESTS.glob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if _ABSOLUTE.search(line) and path.name != Path(__file__).name
    ]
    assert not offenders, offenders


def test_known_boards_are_found_relative_to_the_repo() -> None:
    assert known_boards.BOARDS == TESTS.parent.parent / "shared" / "boards"


def test_missing_known_boards_fail_under_ci(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(known_boards, "BOARDS", tmp_path / "nowhere")
    monkeypatch.setenv("CI", "1")
    with pytest.raises(pytest.fail.Exception, match="CI must have them"):
        known_boards.read_boards("optimal_3x3.tsv")


def test_missing_known_boards_skip_outside_ci(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(known_boards, "BOARDS", tmp_path / "nowhere")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception):
        known_boards.read_boards("optimal_3x3.tsv")
