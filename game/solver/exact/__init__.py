"""The exact solver for boards of up to 16 cells: full tables, pattern databases, IDA*."""
