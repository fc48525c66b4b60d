"""Run Fifteen with ``python -m game``."""

import sys

from game.cli.main import main

sys.exit(main())
