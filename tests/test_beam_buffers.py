"""The beams' big arrays come from a pool: handed back when their beam is dropped, taken again
cleared where asked, bounded, and a beam on reused arrays finds the line a fresh one does."""

from __future__ import annotations

import gc
import random

import numpy as np
import pytest

from game.core.generate import random_board
from game.solver.big import buffers
from game.solver.big.widebeam import WideBeam
from game.solver.exact.heuristic import get_heuristic

pytestmark = pytest.mark.usefixtures("private_cache")


class Owner:
    """Anything a buffer can be tied to."""


@pytest.fixture(autouse=True)
def empty_pool() -> None:
    buffers.release()


def test_a_buffer_comes_back_when_its_owner_goes_and_is_cleared_when_taken_again() -> None:
    owner = Owner()
    first = buffers.take(owner, (1000,), np.uint64)
    assert first.shape == (1000,) and first.dtype == np.uint64 and not first.any()
    first[:] = 7
    address = first.ctypes.data
    assert buffers.kept_bytes() == 0
    del owner, first
    gc.collect()
    assert buffers.kept_bytes() == 8000
    second = buffers.take(Owner(), (10, 50), np.uint64)  # smaller: the same memory, cleared
    assert second.ctypes.data == address
    assert second.shape == (10, 50) and not second.any()


def test_unzeroed_buffers_keep_what_they_held_and_sizes_that_do_not_fit_are_new() -> None:
    owner = Owner()
    buffers.take(owner, (64,), np.int8)[:] = 3
    del owner
    gc.collect()
    again = buffers.take(Owner(), (64,), np.int8, zeroed=False)
    assert (again == 3).all()
    bigger = buffers.take(Owner(), (65,), np.int8, zeroed=False)
    assert bigger.ctypes.data != again.ctypes.data


def test_the_pool_keeps_a_bounded_number_of_buffers() -> None:
    owners = [Owner() for _ in range(buffers.KEEP + 5)]
    for owner in owners:
        buffers.take(owner, (16,), np.uint8)
    del owner, owners  # every buffer handed back at once
    gc.collect()
    assert buffers.kept_bytes() == buffers.KEEP * 16


def test_beams_on_reused_arrays_find_the_lines_fresh_ones_do() -> None:
    heur = get_heuristic(4, 4)
    flag = np.zeros(1, dtype=np.int64)
    boards = [random_board(4, 4, random.Random(seed)) for seed in range(6)]

    def lines() -> list[str]:
        found = []
        for board in boards:
            beam = WideBeam(board, heur, flag, 64, 200)
            while not beam.done:
                beam.advance()
            assert beam.line is not None and board.apply_all(beam.line).is_solved()
            found.append(beam.line)
        return found

    fresh = lines()  # each beam's arrays handed back and taken by the next
    assert buffers.kept_bytes() > 0
    assert lines() == fresh
