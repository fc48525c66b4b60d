"""Player names for the high scores: which characters, how long, and cleaning stored text."""

from __future__ import annotations

NAME_LIMIT = 10
"""A name is initials or a short name, at most this many characters (the tables' column)."""
DEFAULT_PLAYER = "player"
"""The name a score is kept under when none was ever given."""
_DIGITS = frozenset("0123456789")


def name_char_ok(char: str) -> bool:
    """Whether ``char`` may be typed into a name: a letter, a digit or a space."""
    return len(char) == 1 and char.isprintable() and (
        char.isalpha() or char in _DIGITS or char == " ")


def clean_name(text: str) -> str:
    """``text`` as a name: only letters, digits and single spaces, trimmed, at most
    NAME_LIMIT characters ("" when nothing is left)."""
    kept = "".join(c for c in text if name_char_ok(c))
    return " ".join(kept.split())[:NAME_LIMIT].strip()


def shown_name(remembered: str) -> str:
    """The name a new score is kept under: the remembered one, else DEFAULT_PLAYER."""
    return clean_name(remembered) or DEFAULT_PLAYER
