"""The words the play screen shows about the coach, made from game state (no pygame)."""

from __future__ import annotations

from game.core.coach import CoachState


def coach_status(worker_state: CoachState, bound: int, distance: int | None,
                 optimal: bool) -> str:
    """The words for the coach corner from the worker status and what is known (the
    status's longer ``detail`` goes to the footer, where it has room)."""
    if distance is not None:
        return f"{distance} to go" if optimal else f"best {distance}"
    if worker_state == CoachState.WARMING_UP:
        return "warming up"
    if worker_state == CoachState.UNAVAILABLE:
        return "unavailable"
    if worker_state == CoachState.THINKING:
        return f"thinking {bound}" if bound else "thinking"
    return ""


def work_words(work: str, share: float) -> str:
    """The footer's words while the coach prepares: "coach: building the 4x4 tables 42%"."""
    return f"coach: {work} {100 * min(1.0, max(0.0, share)):.0f}%"
