"""Settings: strict reading of stored values, cycling options, persistence in a JsonStore."""

from __future__ import annotations

import pytest

from game.core.settings import (
    ANIM_CHOICES,
    THEME_CHOICES,
    Settings,
    anim_label,
)
from game.store.settings_file import open_settings_store
from game.ui.theme import THEMES


def test_defaults_round_trip() -> None:
    s = Settings()
    assert s.anim_seconds == 0.1 and not s.hover and s.theme == "classic"
    assert Settings.from_dict(s.to_dict()) == s


@pytest.mark.parametrize("bad", [
    {"anim_seconds": "fast"}, {"anim_seconds": 99.0}, {"anim_seconds": True},
    {"hover": 1}, {"theme": 3}, {"sound": "yes"},
])
def test_bad_values_fall_back_to_defaults(bad: dict) -> None:
    assert Settings.from_dict(bad) == Settings()


def test_unknown_keys_are_ignored_and_good_ones_kept() -> None:
    s = Settings.from_dict({"hover": True, "anim_seconds": 0, "extra": 5})
    assert s.hover and s.anim_seconds == 0.0


def test_cycling_visits_every_choice_and_flips_toggles() -> None:
    s = Settings()
    seen = []
    for _ in ANIM_CHOICES:
        seen.append(s.anim_seconds)
        s = s.cycled("anim_seconds")
    assert sorted(seen) == sorted(ANIM_CHOICES) and s.anim_seconds == 0.1
    assert Settings().cycled("hover").hover
    assert all(t in THEMES for t in THEME_CHOICES)
    assert Settings().cycled("theme").theme == THEME_CHOICES[1]
    # Left steps back (a newcomer pressed Left and went on to the next theme)
    assert Settings().cycled("theme", -1).theme == THEME_CHOICES[-1]
    assert Settings().cycled("theme").cycled("theme", -1) == Settings()
    assert anim_label(0.0) == "instant"
    with pytest.raises(ValueError, match="unknown"):
        Settings().cycled("nonsense")


def test_persisted_in_the_data_folder(tmp_path) -> None:
    store = open_settings_store(tmp_path)
    assert Settings.from_dict(store.load()) == Settings()
    changed = Settings(hover=True, theme="high-contrast", anim_seconds=0.0)
    store.save(changed.to_dict())
    again = open_settings_store(tmp_path)
    assert Settings.from_dict(again.load()) == changed
    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    assert Settings.from_dict(open_settings_store(tmp_path).load()) == Settings()
