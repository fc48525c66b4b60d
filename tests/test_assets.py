"""The committed sound effects match scripts/make_sounds.py output and stay small."""

from __future__ import annotations

import subprocess
import sys
import wave
from array import array
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets"
SCRIPT = ROOT / "scripts" / "make_sounds.py"
# name -> (shortest, longest) duration in seconds
EXPECTED = {"slide": (0.04, 0.1), "streak": (0.2, 0.35), "win": (0.7, 1.2), "bump": (0.05, 0.15)}
MAX_BYTES = 60_000
EDGE_SAMPLE_LIMIT = 200  # first and last samples near silence: no click on start or stop
MIN_PEAK = 3000
FULL_SCALE = 32767


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sounds")
    subprocess.run([sys.executable, str(SCRIPT), str(out)], check=True, capture_output=True)
    return out


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_script_regenerates_committed_file_exactly(generated: Path, name: str) -> None:
    committed = ASSETS / f"{name}.wav"
    assert committed.is_file(), f"{committed} missing: run scripts/make_sounds.py"
    assert (generated / f"{name}.wav").read_bytes() == committed.read_bytes()


def test_script_writes_nothing_else(generated: Path) -> None:
    assert sorted(p.name for p in generated.iterdir()) == sorted(f"{n}.wav" for n in EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sound_format_and_duration(name: str) -> None:
    path = ASSETS / f"{name}.wav"
    assert path.stat().st_size < MAX_BYTES
    with wave.open(str(path), "rb") as wav:
        assert wav.getnchannels() == 1
        assert wav.getsampwidth() == 2
        assert wav.getframerate() == 22050
        assert wav.getcomptype() == "NONE"
        frames = wav.getnframes()
        samples = array("h", wav.readframes(frames))
    if sys.byteorder != "little":
        samples.byteswap()
    shortest, longest = EXPECTED[name]
    assert shortest <= frames / 22050 <= longest
    peak = max(abs(s) for s in samples)
    assert MIN_PEAK < peak < FULL_SCALE  # audible and never clipped
    assert abs(samples[0]) < EDGE_SAMPLE_LIMIT and abs(samples[-1]) < EDGE_SAMPLE_LIMIT


def test_effects_are_ordered_by_length() -> None:
    def seconds(name: str) -> float:
        with wave.open(str(ASSETS / f"{name}.wav"), "rb") as wav:
            return wav.getnframes() / wav.getframerate()

    assert seconds("slide") < seconds("streak") < seconds("win")


def test_assets_readme_explains_regeneration() -> None:
    text = (ASSETS / "README.md").read_text(encoding="utf-8")
    assert "make_sounds.py" in text
