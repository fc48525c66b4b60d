"""Run Fifteen with ``python -m game``."""

import sys

from game.cli import main

sys.exit(main())
