"""The mid-end: a game's rules, timing, solve playback, coach talk, records and replays."""
