"""Slide tweens and cue flashes: eased, advanced by dt, finishable at once."""

from __future__ import annotations

import pytest

from game.core.notation import parse_board
from game.core.tween import Flash, SlideTween, ease_out_cubic

START = parse_board("1 2 3/4 5 6/7 0 8")


def test_easing_runs_from_zero_to_one_monotonically() -> None:
    values = [ease_out_cubic(i / 20) for i in range(21)]
    assert values[0] == 0.0 and values[-1] == 1.0
    assert values == sorted(values)
    assert ease_out_cubic(-1) == 0.0 and ease_out_cubic(2) == 1.0


def test_only_moved_tiles_animate_from_old_to_new_cell() -> None:
    tween = SlideTween(START, START.apply("L"), 0.1)
    assert set(tween.starts) == {8}
    assert tween.positions() == {8: (2.0, 2.0)}
    tween.advance(0.05)
    row, col = tween.positions()[8]
    assert row == 2.0 and 1.0 < col < 2.0
    tween.advance(0.05)
    assert tween.done and tween.positions() == {8: (2.0, 1.0)}


def test_group_slide_moves_every_tile_together() -> None:
    board = parse_board("1 2 3/4 5 6/0 7 8")
    after = board.apply_all(board.slide_moves(8))
    tween = SlideTween(board, after, 0.1)
    assert set(tween.starts) == {7, 8} and tween.steps


def test_tiles_sent_across_the_board_do_not_slide_through_one_another() -> None:
    """A newcomer's undo of a restart slid every tile at once: 11, 8 and 17 piled in one
    cell. Only moves and slides (each tile to a neighbouring cell) are animated."""
    from game.core.actions import Move, Restart, Undo
    from game.core.board import inverse
    from game.play.midend import MidEnd
    from tests.test_lines_agree import Quiet
    from tests.test_midend import DT, spec_for

    far = parse_board("8 6 7/2 5 4/3 0 1")
    walk, board = "", far
    while SlideTween(far, board, 0.1).steps or len(walk) < 2:  # until tiles would cross
        move = next(m for m in sorted(board.legal_moves()) if not walk.endswith(inverse(m)))
        walk, board = walk + move, board.apply(move)
    game = MidEnd(far, spec_for(far), Quiet())
    for action in (*(Move(m) for m in walk), Restart()):
        game.act(action)
        game.update(DT)
    assert game.tween is None and game.board == far  # the restart jumps
    game.act(Undo())
    game.update(DT)
    assert game.tween is None and game.board == board  # and so does its undo
    game.act(Undo())
    game.update(DT)
    assert game.tween is not None  # one move taken back slides


def test_finish_jumps_to_the_end() -> None:
    tween = SlideTween(START, START.apply("L"), 0.1)
    tween.advance(0.01)
    tween.finish()
    assert tween.done and tween.progress == 1.0


@pytest.mark.parametrize("seconds", [0.0, -1.0])
def test_instant_setting_is_done_at_once(seconds: float) -> None:
    tween = SlideTween(START, START.apply("L"), seconds)
    assert tween.done and tween.positions() == {8: (2.0, 1.0)}


def test_flash_fades_linearly() -> None:
    flash = Flash("optimal", 0.4)
    assert flash.strength == 1.0
    flash.advance(0.1)
    assert flash.strength == pytest.approx(0.75)
    flash.advance(1.0)
    assert flash.done and flash.strength == 0.0
