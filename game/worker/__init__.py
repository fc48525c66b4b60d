"""The background solving worker: ``SolverWorker`` and the values it hands the game loop."""

from game.core.coach import CoachPacket, CoachState, Hint, NewBoard, WorkerStatus
from game.worker.jobs import WorkerError
from game.worker.knowledge import SharedKnowledge
from game.worker.phase import Phase
from game.worker.service import SolverWorker

__all__ = [
    "CoachPacket", "CoachState", "Hint", "NewBoard", "Phase", "SharedKnowledge", "SolverWorker",
    "WorkerError", "WorkerStatus",
]
