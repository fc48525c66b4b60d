"""A played session as a history record (no pygame: the app and the command line share it)."""

from __future__ import annotations

from game.core.race import RaceResult
from game.core.recording import Mode, action_token, judgement_letter, to_ms
from game.core.spec import GameKind
from game.play.session import Session
from game.store.history import GameRecord


def action_distances(session: Session) -> tuple[int | None, ...]:
    """Per action, the distance to the goal of the board it left (exact on small boards, the
    best known line beyond; 0 once solved; None unknown), as the game judged it: the same
    moment as the judgements the record keeps."""
    return tuple(session.distances())


def game_record(session: Session, *, mode: Mode = Mode.NORMAL, daily: str | None = None,
                started: str, run: str, name: str = "player",
                kind: GameKind | None = None, race: RaceResult | None = None) -> GameRecord:
    """The record of ``session`` as it stands (finished or abandoned); ``kind`` defaults to
    DAILY for a daily, else RANDOM."""
    summary = session.summary()  # the same figures the end screen shows
    board = session.start
    judged = session.judgements()
    if kind is None:
        kind = GameKind.DAILY if daily is not None else GameKind.RANDOM
    return GameRecord(
        game_id=session.game_id or board.text(), width=board.width, height=board.height,
        board=board, mode=Mode.AUTO if session.auto_solved else mode, started=started,
        session=run, finished=session.solved, solved_by_player=summary.solved_by_player,
        seconds=summary.seconds, moves=summary.moves,
        optimal_length=summary.optimal_length, points=summary.points, grade=summary.grade,
        efficiency=summary.efficiency, hints=summary.hints_used, undos=summary.undos,
        name=name, daily=daily, tokens=tuple(action_token(a) for a in session.actions),
        times_ms=tuple(to_ms(t) for t in session.times),
        judgements=tuple("".join(judgement_letter(c, h) for c, h in zip(cues, hinted,
                                                                           strict=True))
                         for cues, hinted in zip(judged, session.hinted(), strict=True)),
        action_count=len(session.actions), kind=kind, race=race,
        distances=action_distances(session))
