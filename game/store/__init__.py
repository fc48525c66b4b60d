"""Persistence: versioned JSON files written atomically, high scores and the settings file."""
