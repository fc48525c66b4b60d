"""The pure core: board, notation, parity, generation, history, scoring and shared values (stdlib only)."""
