"""The background solving worker: ``SolverWorker`` and the values it hands the game loop."""

from game.worker.jobs import NewBoard, WorkerError, WorkerStatus
from game.worker.knowledge import Hint, Knowledge
from game.worker.service import SolverWorker

__all__ = ["Hint", "Knowledge", "NewBoard", "SolverWorker", "WorkerError", "WorkerStatus"]
