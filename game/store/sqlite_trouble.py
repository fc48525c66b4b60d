"""SQLite trouble sorted: what passes (busy, locked, full, read-only) from what is damage."""

from __future__ import annotations

import sqlite3

_PASSING = frozenset({
    sqlite3.SQLITE_PERM, sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_NOMEM,
    sqlite3.SQLITE_READONLY, sqlite3.SQLITE_INTERRUPT, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_FULL,
    sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PROTOCOL, sqlite3.SQLITE_AUTH})
"""SQLite's primary result codes for trouble that passes (a lock, a full or read-only disk):
the file is fine, so it is waited for and retried, never set aside."""
_PASSING_WORDS = ("locked", "busy", "full", "readonly", "read-only", "unable to open",
                  "disk i/o", "out of memory", "interrupted")
"""The same, read from the message of an error that carries no result code."""

DAMAGE_ERRORS = (sqlite3.Error, UnicodeError, IndexError)
"""What reading a history can raise: SQLite's errors, text that is not UTF-8 (even in an
integrity report), a column that is not there."""


def passing(exc: BaseException) -> bool:
    """Whether ``exc`` is trouble that passes (busy, locked, full, read-only), not damage."""
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in _PASSING
    if isinstance(exc, OSError):
        return True
    text = str(exc).lower()
    return any(word in text for word in _PASSING_WORDS)


__all__ = ["DAMAGE_ERRORS", "passing"]
