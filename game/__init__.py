"""Fifteen: an arcade sliding-tile puzzle with an optimal coach."""

__version__ = "0.1.0"
