"""The 5x5-and-larger engine: reductions, beams, anytime weighted IDA* and the 5x5 coach API."""
