"""Synthesize the game's sound effects (slide, streak, win, bump) into assets/ as small WAVs."""

from __future__ import annotations

import argparse
import math
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

SAMPLE_RATE = 22050
SAMPLE_WIDTH = 2  # bytes: 16-bit signed PCM
CHANNELS = 1
MAX_AMPLITUDE = 32767
FADE_IN_SECONDS = 0.004  # a short fade in so no sound starts with a click
FADE_OUT_FRACTION = 0.15  # the last 15% fades out so the tail ends smoothly

DEFAULT_OUT_DIR = Path(__file__).resolve().parents[1] / "assets"

# A tiny linear congruential generator: the noise must be the same bytes on every run and
# every Python version, so we do not rely on the random module's algorithm.
LCG_MULTIPLIER = 1103515245
LCG_INCREMENT = 12345
LCG_MODULUS = 2**31
NOISE_SEED = 20240601

# Equal-tempered note frequencies (Hz) used by the melodic effects.
NOTE_C5 = 523.25
NOTE_E5 = 659.26
NOTE_G5 = 783.99
NOTE_C6 = 1046.50
NOTE_E6 = 1318.51
NOTE_G6 = 1567.98
NOTE_C7 = 2093.00

SLIDE_SECONDS = 0.06
SLIDE_PEAK = 0.45
SLIDE_THUMP_START_HZ = 420.0
SLIDE_THUMP_END_HZ = 160.0
SLIDE_DECAY = 70.0  # 1/s: exponential decay rate of the whole click
SLIDE_NOISE_MIX = 0.35
SLIDE_NOISE_SMOOTHING = 0.18  # one-pole low-pass coefficient: softens the noise into a "whoosh"

STREAK_SECONDS = 0.25
STREAK_PEAK = 0.5
STREAK_NOTES = (NOTE_C6, NOTE_E6, NOTE_G6, NOTE_C7)
STREAK_STEP_SECONDS = 0.05
STREAK_NOTE_DECAY = 18.0

WIN_SECONDS = 0.9
WIN_PEAK = 0.6
WIN_ARPEGGIO = (NOTE_C5, NOTE_E5, NOTE_G5, NOTE_C6)
WIN_STEP_SECONDS = 0.09
WIN_CHORD = (NOTE_C5, NOTE_E5, NOTE_G5, NOTE_C6, NOTE_E6)
WIN_CHORD_START = 0.38
WIN_NOTE_DECAY = 7.0
WIN_CHORD_DECAY = 4.0
WIN_VIBRATO_HZ = 5.5
WIN_VIBRATO_DEPTH = 0.004

BUMP_SECONDS = 0.09
BUMP_PEAK = 0.3
"""Soft on purpose: an illegal move is a nudge, not a buzzer."""
BUMP_HZ = 150.0
BUMP_DECAY = 45.0

ATTACK_SECONDS = 0.005


def _sample_count(seconds: float) -> int:
    return round(seconds * SAMPLE_RATE)


def _noise(count: int, seed: int = NOISE_SEED) -> list[float]:
    """Deterministic white noise in [-1, 1)."""
    state = seed
    out = []
    for _ in range(count):
        state = (LCG_MULTIPLIER * state + LCG_INCREMENT) % LCG_MODULUS
        out.append(state / (LCG_MODULUS / 2) - 1.0)
    return out


def _bell(freq: float, t: float) -> float:
    """A bright, bell-like tone: fundamental plus a few softer harmonics."""
    phase = 2.0 * math.pi * freq * t
    return math.sin(phase) + 0.35 * math.sin(2 * phase) + 0.12 * math.sin(3 * phase)


def _note(freq: float, t: float, start: float, decay: float, vibrato: float = 0.0) -> float:
    """One struck note that begins at `start` seconds and decays exponentially."""
    local = t - start
    if local < 0.0:
        return 0.0
    attack = min(1.0, local / ATTACK_SECONDS)
    bend = 1.0 + vibrato * math.sin(2.0 * math.pi * WIN_VIBRATO_HZ * local)
    return attack * math.exp(-decay * local) * _bell(freq * bend, local)


def synth_slide() -> list[float]:
    """A soft, short click with a little filtered-noise whoosh."""
    count = _sample_count(SLIDE_SECONDS)
    noise = _noise(count)
    out = []
    smoothed = 0.0
    phase = 0.0
    for i in range(count):
        t = i / SAMPLE_RATE
        progress = i / count
        freq = SLIDE_THUMP_START_HZ + (SLIDE_THUMP_END_HZ - SLIDE_THUMP_START_HZ) * progress
        phase += 2.0 * math.pi * freq / SAMPLE_RATE
        smoothed += SLIDE_NOISE_SMOOTHING * (noise[i] - smoothed)
        envelope = math.exp(-SLIDE_DECAY * t)
        out.append(envelope * ((1.0 - SLIDE_NOISE_MIX) * math.sin(phase)
                               + SLIDE_NOISE_MIX * smoothed * 3.0))
    return out


def synth_streak() -> list[float]:
    """A bright rising arpeggio."""
    count = _sample_count(STREAK_SECONDS)
    out = []
    for i in range(count):
        t = i / SAMPLE_RATE
        value = 0.0
        for k, freq in enumerate(STREAK_NOTES):
            value += _note(freq, t, k * STREAK_STEP_SECONDS, STREAK_NOTE_DECAY)
        out.append(value)
    return out


def synth_win() -> list[float]:
    """A cheerful rising arpeggio that lands on a ringing major chord."""
    count = _sample_count(WIN_SECONDS)
    out = []
    for i in range(count):
        t = i / SAMPLE_RATE
        value = 0.0
        for k, freq in enumerate(WIN_ARPEGGIO):
            value += _note(freq, t, k * WIN_STEP_SECONDS, WIN_NOTE_DECAY)
        for freq in WIN_CHORD:
            value += 0.6 * _note(freq, t, WIN_CHORD_START, WIN_CHORD_DECAY, WIN_VIBRATO_DEPTH)
        out.append(value)
    return out


def synth_bump() -> list[float]:
    """A low, muffled knock for a move that cannot be made."""
    count = _sample_count(BUMP_SECONDS)
    out = []
    for i in range(count):
        t = i / SAMPLE_RATE
        phase = 2.0 * math.pi * BUMP_HZ * t
        tone = math.sin(phase) + 0.3 * math.sin(2 * phase)
        out.append(math.exp(-BUMP_DECAY * t) * tone)
    return out


SOUNDS: dict[str, tuple[Callable[[], list[float]], float]] = {
    "slide": (synth_slide, SLIDE_PEAK),
    "streak": (synth_streak, STREAK_PEAK),
    "win": (synth_win, WIN_PEAK),
    "bump": (synth_bump, BUMP_PEAK),
}


def to_pcm(signal: list[float], peak: float) -> bytes:
    """Normalize to `peak` (fraction of full scale), fade the ends, encode as 16-bit PCM."""
    loudest = max(abs(v) for v in signal) or 1.0
    count = len(signal)
    fade_in = _sample_count(FADE_IN_SECONDS)
    fade_out = max(1, round(count * FADE_OUT_FRACTION))
    samples = array("h")
    for i, value in enumerate(signal):
        gain = min(1.0, i / fade_in, (count - 1 - i) / fade_out)
        level = round(value / loudest * peak * gain * MAX_AMPLITUDE)
        samples.append(max(-MAX_AMPLITUDE, min(MAX_AMPLITUDE, level)))
    if sys.byteorder != "little":
        samples.byteswap()
    return samples.tobytes()


def write_wav(path: Path, pcm: bytes) -> None:
    """Write mono 16-bit PCM at SAMPLE_RATE to `path`."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(CHANNELS)
        out.setsampwidth(SAMPLE_WIDTH)
        out.setframerate(SAMPLE_RATE)
        out.writeframes(pcm)


def make_all(out_dir: Path) -> list[Path]:
    """Synthesize every effect into `out_dir` (created if needed); return the written paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (synth, peak) in SOUNDS.items():
        path = out_dir / f"{name}.wav"
        write_wav(path, to_pcm(synth(), peak))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out_dir", nargs="?", type=Path, default=DEFAULT_OUT_DIR,
                        help="folder to write the WAV files into (default: assets/)")
    args = parser.parse_args(argv)
    for path in make_all(args.out_dir):
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
