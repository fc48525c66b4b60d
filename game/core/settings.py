"""Player settings: a frozen value, strict conversion from stored JSON, and option cycles."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, TypeVar

from game.core.names import clean_name

T = TypeVar("T")

ANIM_CHOICES: tuple[float, ...] = (0.1, 0.18, 0.05, 0.0)
"""Animation speeds the menu cycles through: normal, slow, fast, instant (seconds)."""
THEME_CHOICES: tuple[str, ...] = ("classic", "ocean", "high-contrast", "colour-blind")
MAX_ANIM_SECONDS = 1.0


@dataclass(frozen=True, slots=True)
class Settings:
    """What the player chose; remembered between runs."""

    anim_seconds: float = 0.1
    hover: bool = False
    invert_keys: bool = False
    sound: bool = True
    picture: bool = False
    show_numbers: bool = True
    theme: str = "classic"
    reduced_motion: bool = False
    """No shakes, pop-ups, particles or scene fades; slides still move (at their speed)."""
    large_text: bool = False
    """Every text a quarter larger."""
    ghost_tiles: bool = True
    """Racing a ghost: its tiles drawn as translucent outlines (G in the game)."""
    player_name: str = ""
    """The name last typed for a new top-10 entry ("": none yet; scores say "player")."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Read stored data, keeping the default for any missing or ill-typed value."""
        base = cls()
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(base, f.name)
            if isinstance(default, bool):
                if isinstance(value, bool):
                    values[f.name] = value
            elif isinstance(default, float):
                if isinstance(value, int | float) and not isinstance(value, bool):
                    if 0.0 <= float(value) <= MAX_ANIM_SECONDS:
                        values[f.name] = float(value)
            elif f.name == "theme":
                if isinstance(value, str) and value in THEME_CHOICES:
                    values[f.name] = value  # an unknown name (of any length) is not kept
            elif f.name == "player_name":
                if isinstance(value, str):
                    values[f.name] = clean_name(value)  # hand-edited text made a name again
            elif isinstance(default, str) and isinstance(value, str):
                values[f.name] = value
        return replace(base, **values)

    def cycled(self, name: str, step: int = 1) -> Settings:
        """A copy with option ``name`` moved ``step`` values on (-1: back; toggles flip)."""
        if name not in {f.name for f in fields(self)}:
            raise ValueError(f"setting '{name}' is unknown (expected one of {_names()})")
        value = getattr(self, name)
        if name == "anim_seconds":
            return replace(self, anim_seconds=_next(ANIM_CHOICES, value, step))
        if name == "theme":
            return replace(self, theme=_next(THEME_CHOICES, value, step))
        if isinstance(value, bool):
            flipped: dict[str, Any] = {name: not value}  # the field is named at run time
            return replace(self, **flipped)
        raise ValueError(f"setting '{name}' cannot be cycled (expected one of {_names()})")


def _next(choices: tuple[T, ...], value: object, step: int = 1) -> T:
    try:
        return choices[(choices.index(value) + step) % len(choices)]
    except ValueError:
        return choices[0]


def _names() -> str:
    return ", ".join(f.name for f in fields(Settings))


def anim_label(seconds: float) -> str:
    """Menu text for an animation speed."""
    if seconds <= 0:
        return "instant"
    return {0.05: "fast", 0.1: "normal", 0.18: "slow"}.get(seconds, f"{seconds:.2f} s")
