"""The pure core (stdlib only): board, notation, parity, generation, history, scoring, values."""
