"""Undo/redo history: unlimited, a new entry drops the redo tail."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.history import EntryKind, History


def test_undo_redo_round_trip() -> None:
    h = History("a")
    h.push("b")
    h.push("c", kind=EntryKind.RESTART)
    assert h.state == "c" and h.current.kind is EntryKind.RESTART
    assert h.undo().state == "c" and h.state == "b"
    assert h.undo().state == "b" and h.state == "a"
    assert h.undo() is None and h.state == "a"
    assert h.redo().state == "b"
    assert h.redo().state == "c"
    assert h.redo() is None and h.state == "c"


def test_new_entry_after_undo_drops_redo() -> None:
    h = History(0)
    h.push(1)
    h.push(2)
    h.undo()
    h.push(3)
    assert not h.can_redo() and h.state == 3 and len(h) == 3
    h.undo()
    assert h.state == 1


@settings(max_examples=50)
@given(st.lists(st.sampled_from(["push", "undo", "redo"]), max_size=40))
def test_matches_a_simple_model(ops: list[str]) -> None:
    h: History[int] = History(0)
    past, future, now, counter = [], [], 0, 0
    for op in ops:
        if op == "push":
            counter += 1
            past.append(now)
            now, future = counter, []
            h.push(counter)
        elif op == "undo" and past:
            future.append(now)
            now = past.pop()
            h.undo()
        elif op == "redo" and future:
            past.append(now)
            now = future.pop()
            h.redo()
        else:
            assert (h.undo() if op == "undo" else h.redo()) is None
        assert h.state == now
        assert h.can_undo() == bool(past) and h.can_redo() == bool(future)
