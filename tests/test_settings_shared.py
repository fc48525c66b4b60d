"""Two game windows share one settings file: each writes only what it changed, names stay."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.core.settings import Settings
from game.store.history import HISTORY_FILE, History
from game.store.history_scores import HistoryScores
from game.store.settings_file import SettingsChanges, open_settings_store
from game.ui.app import App
from game.ui.audio import Sounds
from game.ui.scenes.title import TitleScene
from tests.fakes_front import FakeClock, FakeWorker, InlineWriter, MemoryStore
from tests.test_name_entry import game, type_text, win


def window(folder: Path) -> App:
    """One running instance: its own stores over the shared data folder (as a process)."""
    scores = HistoryScores(History(folder / HISTORY_FILE)).load()
    app = App(worker=FakeWorker(), clock=FakeClock(), writer=InlineWriter(),
              settings_store=open_settings_store(folder), sounds=Sounds.silent(),
              window=(760, 820), rng=random.Random(3), scores=scores)
    app.push(TitleScene(app, 3, 3))
    return app


def on_disk(folder: Path) -> Settings:
    return Settings.from_dict(open_settings_store(folder).load())


def test_the_name_typed_last_survives_both_windows_closing(tmp_path: Path) -> None:
    """The playtest: A named AMY, B named BOB 2, A changed another setting, both closed."""
    a, b = window(tmp_path), window(tmp_path)
    try:
        a.keeper.name_game(game(), "AMY")
        b.keeper.name_game(game(), "BOB 2")
        assert on_disk(tmp_path).player_name == "BOB 2"
        a.set_settings(replace(a.settings, hover=True))  # A's field, on top of B's name
        b.set_settings(replace(b.settings, theme="ocean"))
    finally:
        a.close()
        b.close()
    kept = on_disk(tmp_path)
    assert kept.player_name == "BOB 2" and kept.hover and kept.theme == "ocean"


def test_a_window_started_earlier_uses_the_name_typed_in_another(tmp_path: Path) -> None:
    a, b = window(tmp_path), window(tmp_path)
    try:
        b.keeper.name_game(game(), "BOB 2")
        end = win(a)  # a top-10 game: its prompt offers the name typed in B
        assert end.naming is not None and end.naming.text == "BOB 2"
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="", scancode=0))
        a.frame(1 / 60)
        assert [g.name for g in a.scores.games] == ["BOB 2"]
        assert a.keeper.stamped(game()).name == "BOB 2"
    finally:
        a.close()
        b.close()
    assert [g.name for g in History(tmp_path / HISTORY_FILE).games()] == ["BOB 2"]
    assert on_disk(tmp_path).player_name == "BOB 2"


def test_a_name_kept_at_the_prompt_is_written_even_if_another_window_changed_it(
        tmp_path: Path) -> None:
    a, b = window(tmp_path), window(tmp_path)
    try:
        end = win(a)
        assert end.naming is not None
        type_text("AMY")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="", scancode=0))
        a.frame(1 / 60)
        b.keeper.name_game(game(), "BOB 2")
        a.keeper.name_game(end.record, "AMY")  # AMY again in A (its memory said AMY already)
        assert on_disk(tmp_path).player_name == "AMY"
    finally:
        a.close()
        b.close()


def test_nothing_is_written_at_exit_when_nothing_changed(tmp_path: Path) -> None:
    a = window(tmp_path)
    open_settings_store(tmp_path).save({**Settings().to_dict(), "player_name": "ZED"})
    before = (tmp_path / "settings.json").read_bytes()
    a.close()
    assert (tmp_path / "settings.json").read_bytes() == before


def test_a_file_damaged_meanwhile_is_set_aside_and_only_the_change_written(
        tmp_path: Path) -> None:
    a = window(tmp_path)
    try:
        (tmp_path / "settings.json").write_text("{damaged", encoding="utf-8")
        a.set_settings(replace(a.settings, hover=True))
        a.frame(1 / 60)
        (aside,) = tmp_path.glob("settings.json.corrupt-*")
        assert aside.read_text(encoding="utf-8") == "{damaged"
        assert on_disk(tmp_path).hover and "kept as" in (a.notice or "")
    finally:
        a.close()


class FailingOnce(MemoryStore):
    """A store whose first write fails (a full disk), then works."""

    def __init__(self, data: dict | None = None) -> None:
        super().__init__(data)
        self.fail = True

    def update(self, fn) -> dict:
        if self.fail:
            self.fail = False
            raise OSError(28, "No space left on device")
        return super().update(fn)


def test_a_failed_write_keeps_the_change_for_the_next_one() -> None:
    store = FailingOnce({"theme": "ocean"})
    changes = SettingsChanges(store)
    assert changes.note(Settings(), replace(Settings(), hover=True, player_name="AMY"))
    assert not changes.note(Settings(), Settings())
    with pytest.raises(OSError):
        changes.write()
    assert changes.pending and changes.remembered_name() == "AMY"
    changes.write()
    assert not changes.pending
    assert store.data == {"theme": "ocean", "hover": True, "player_name": "AMY"}
    store.data["player_name"] = "BOB 2"  # typed in another window
    assert changes.remembered_name() == "BOB 2"
