"""Fifteen launcher: a thin wrapper around the package's command-line entry point."""

import sys

from game.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
