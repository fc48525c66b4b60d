"""Sound effects: load the generated WAVs and play them, silently when there is no audio device."""

from __future__ import annotations

import enum
import logging
from pathlib import Path

import pygame

log = logging.getLogger(__name__)



class Sound(enum.StrEnum):
    """The effects; each value names its WAV file in assets/."""

    SLIDE = "slide"
    STREAK = "streak"
    WIN = "win"
    BUMP = "bump"
    """A move that cannot be made."""


SOUND_NAMES = tuple(sound.value for sound in Sound)
MIXER_FREQUENCY = 22050
MIXER_SIZE = -16  # signed 16-bit samples
MIXER_CHANNELS = 2
MIXER_BUFFER = 512  # small buffer: a slide must sound as the tile moves, not a beat later
# Per-effect volume so the frequent slide click stays in the background.
VOLUMES = {"slide": 0.5, "streak": 0.7, "win": 0.8, "bump": 0.4}


def default_assets_dir() -> Path:
    """The repository's assets/ folder (the project is installed editable)."""
    return Path(__file__).resolve().parents[2] / "assets"


class Sounds:
    """The game's sound effects; every method is safe to call when audio is unavailable."""

    def __init__(self, sounds: dict[str, pygame.mixer.Sound] | None = None,
                 *, available: bool = False, owns_mixer: bool = False) -> None:
        self._sounds: dict[str, pygame.mixer.Sound] = dict(sounds or {})
        self._available = available
        self._owns_mixer = owns_mixer
        self._muted = False

    @classmethod
    def silent(cls) -> Sounds:
        """An instance that plays nothing."""
        return cls()

    @classmethod
    def load(cls, enabled: bool = True, assets_dir: Path | None = None) -> Sounds:
        """Start the mixer and load every effect; never raises (falls back to silence).

        `enabled=False` does not touch the audio device at all and returns a silent instance.
        A missing or unreadable file makes just that effect silent.
        """
        if not enabled:
            return cls.silent()
        owns_mixer = False
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init(MIXER_FREQUENCY, MIXER_SIZE, MIXER_CHANNELS, MIXER_BUFFER)
                owns_mixer = True
        except Exception as exc:  # no audio must never stop the game
            log.info("audio unavailable, running silently: %s", exc)
            return cls.silent()
        folder = assets_dir if assets_dir is not None else default_assets_dir()
        sounds: dict[str, pygame.mixer.Sound] = {}
        for name in SOUND_NAMES:
            path = folder / f"{name}.wav"
            try:
                sound = pygame.mixer.Sound(str(path))
                sound.set_volume(VOLUMES[name])
            except Exception as exc:  # a bad file silences only this effect
                log.info("sound %r unavailable (%s): %s", name, path, exc)
                continue
            sounds[name] = sound
        return cls(sounds, available=True, owns_mixer=owns_mixer)

    @property
    def available(self) -> bool:
        """True when the mixer started (individual effects may still be missing)."""
        return self._available

    @property
    def muted(self) -> bool:
        return self._muted

    @property
    def loaded(self) -> frozenset[str]:
        """Names of the effects that actually have sound."""
        return frozenset(self._sounds)

    def set_muted(self, muted: bool) -> None:
        self._muted = bool(muted)
        if self._muted:
            self._stop_all()

    def play(self, name: Sound | str) -> bool:
        """Play one effect by name; returns True if a sound was started.

        Raises ValueError for a name that is not one of SOUND_NAMES (a programming error).
        """
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound {name!r}: expected one of {', '.join(SOUND_NAMES)}")
        sound = self._sounds.get(name)
        if self._muted or sound is None:
            return False
        try:
            return sound.play() is not None
        except pygame.error as exc:
            log.info("could not play %r: %s", name, exc)
            return False

    def close(self) -> None:
        """Stop playback and shut the mixer down if this instance started it."""
        self._stop_all()
        self._sounds.clear()
        if self._owns_mixer:
            self._owns_mixer = False
            try:
                pygame.mixer.quit()
            except pygame.error:
                pass
        self._available = False

    def _stop_all(self) -> None:
        for sound in self._sounds.values():
            try:
                sound.stop()
            except pygame.error:
                pass
