"""The background solving worker: ``SolverWorker`` and the values it hands the game loop."""

from game.core.coach import CoachState, Hint, NewBoard, WorkerStatus
from game.worker.jobs import WorkerError
from game.worker.knowledge import Knowledge
from game.worker.service import SolverWorker

__all__ = [
    "CoachState", "Hint", "Knowledge", "NewBoard", "SolverWorker", "WorkerError", "WorkerStatus",
]
