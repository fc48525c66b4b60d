"""Fifteen: an arcade sliding-tile puzzle with an optimal coach."""

import os

# numpy's OpenBLAS starts a thread per core at import, and they spin for a while after any
# call: on two cores that is time taken from the frames and the coach's search, and the game
# does no linear algebra. Set before anything imports numpy; a user's own setting wins.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

__version__ = "0.1.0"
