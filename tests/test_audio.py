"""Sound effects load when a mixer starts and degrade to silence when it cannot."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ui import audio
from game.ui.audio import SOUND_NAMES, Sounds, default_assets_dir


@pytest.fixture
def sounds() -> Iterator[Sounds]:
    loaded = Sounds.load()
    try:
        yield loaded
    finally:
        loaded.close()


def _forbid_mixer(monkeypatch: pytest.MonkeyPatch, error: Exception) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise error

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)


def test_default_assets_dir_holds_every_effect() -> None:
    folder = default_assets_dir()
    assert folder == Path(audio.__file__).resolve().parents[2] / "assets"
    for name in SOUND_NAMES:
        assert (folder / f"{name}.wav").is_file()


def test_load_with_the_dummy_driver(sounds: Sounds) -> None:
    # The dummy audio driver may or may not give us a mixer; both outcomes must be coherent.
    if sounds.available:
        assert pygame.mixer.get_init() is not None
        assert sounds.loaded == frozenset(SOUND_NAMES)
        for name in SOUND_NAMES:
            assert sounds.play(name) is True
    else:
        assert sounds.loaded == frozenset()
        assert all(sounds.play(name) is False for name in SOUND_NAMES)


def test_muting_stops_and_unmuting_restores(sounds: Sounds) -> None:
    assert sounds.muted is False
    sounds.set_muted(True)
    assert sounds.muted is True
    assert sounds.play("slide") is False
    sounds.set_muted(False)
    assert sounds.play("slide") is sounds.available


def test_unknown_sound_name_is_a_value_error(sounds: Sounds) -> None:
    with pytest.raises(ValueError, match="'bleep'"):
        sounds.play("bleep")


@pytest.mark.parametrize("error", [pygame.error("No available audio device"),
                                   RuntimeError("driver crashed"), OSError("no /dev/dsp")])
def test_mixer_failure_gives_a_silent_instance(monkeypatch: pytest.MonkeyPatch,
                                               error: Exception) -> None:
    _forbid_mixer(monkeypatch, error)
    sounds = Sounds.load()
    assert sounds.available is False
    assert sounds.loaded == frozenset()
    for name in SOUND_NAMES:
        assert sounds.play(name) is False
    sounds.set_muted(True)
    sounds.set_muted(False)
    sounds.close()


def test_disabled_never_touches_the_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    _forbid_mixer(monkeypatch, AssertionError("mixer.init called although sound is disabled"))
    sounds = Sounds.load(enabled=False)
    assert sounds.available is False
    assert sounds.play("win") is False


def test_missing_or_broken_files_silence_only_those_effects(tmp_path: Path) -> None:
    shutil.copy(default_assets_dir() / "slide.wav", tmp_path / "slide.wav")
    (tmp_path / "win.wav").write_bytes(b"RIFF this is not a wave file")
    sounds = Sounds.load(assets_dir=tmp_path)
    try:
        if sounds.available:
            assert sounds.loaded == frozenset({"slide"})
            assert sounds.play("slide") is True
        assert sounds.play("streak") is False
        assert sounds.play("win") is False
    finally:
        sounds.close()


def test_missing_assets_folder_is_silent_not_fatal(tmp_path: Path) -> None:
    sounds = Sounds.load(assets_dir=tmp_path / "nowhere")
    try:
        assert sounds.loaded == frozenset()
        assert sounds.play("slide") is False
    finally:
        sounds.close()


def test_close_releases_a_mixer_it_started() -> None:
    already = pygame.mixer.get_init() is not None
    sounds = Sounds.load()
    started = sounds.available and not already
    sounds.close()
    assert sounds.available is False
    assert sounds.play("slide") is False
    if started:
        assert pygame.mixer.get_init() is None
