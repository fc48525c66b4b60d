"""The scene stack's screens: title, play (with pause menu), settings, end and high scores."""
