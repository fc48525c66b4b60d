"""A played session as a history record (no pygame: the app and the command line share it)."""

from __future__ import annotations

from game.core.charges import kept_flags
from game.core.coach import EXACT_CELLS
from game.core.race import RaceResult
from game.core.recording import Mode, action_token, judgement_letter, to_ms
from game.core.scoring import MoveClass
from game.core.spec import GameKind
from game.play.session import Session
from game.store.history import GameRecord


def action_distances(session: Session) -> tuple[int | None, ...]:
    """Per action, the distance to the goal of the board it left (exact on small boards, the
    best known line beyond; 0 once solved; None unknown), as the game judged it: the same
    moment as the judgements the record keeps."""
    return tuple(session.distances())


def kept_by_action(session: Session) -> dict[int, list[bool]]:
    """Per action, whether each of its moves still on the line of play is a kept one
    (``kept_flags``: the end screen counts them; the record marks them for the replay)."""
    out: dict[int, list[bool]] = {}
    line = session.sheet.line
    if line is not None:
        for node, kept in zip(line.walk(), kept_flags(session.sheet, session.line_length()),
                              strict=False):  # (no flags on exact boards)
            out.setdefault(node.made, []).append(kept)
    return out


def as_told(judged: list[tuple[MoveClass, ...]],
            told: dict[int, list[MoveClass | None]]) -> list[tuple[MoveClass, ...]]:
    """``judged`` (per action, each move's judgement), with the verdict the player was told
    of each move an undo or restart took off the line (``told``, by action: None keeps the
    judgement). Beyond exact reach a move's judgement can change after it left the line (a
    newcomer's undo said "the +10 the move earned taken back" and the replay "off the
    coach's line - taken back later"); it no longer counts, so the record keeps what was
    said of it."""
    out = []
    for action, cues in enumerate(judged):
        said = told.get(action, [])
        if len(said) == len(cues):
            cues = tuple(cue if was is None else was for cue, was in zip(cues, said,
                                                                         strict=True))
        out.append(cues)
    return out


def game_record(session: Session, *, mode: Mode = Mode.NORMAL, daily: str | None = None,
                started: str, run: str, name: str = "player",
                kind: GameKind | None = None, race: RaceResult | None = None,
                told: dict[int, list[MoveClass | None]] | None = None) -> GameRecord:
    """The record of ``session`` as it stands (finished or abandoned); ``kind`` defaults to
    DAILY for a daily, else RANDOM; ``told``: see ``as_told``."""
    summary = session.summary()  # the same figures the end screen shows
    board = session.start
    judged = session.judgements()
    kept = kept_by_action(session)
    if told and board.size > EXACT_CELLS:
        judged = as_told(judged, told)
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
        judgements=tuple("".join(judgement_letter(c, h, k) for c, h, k in zip(
                             cues, hinted, (*kept.get(action, ()), *(False,) * len(cues)),
                             strict=False))
                         for action, (cues, hinted) in enumerate(zip(judged, session.hinted(),
                                                                     strict=True))),
        action_count=len(session.actions), kind=kind, race=race,
        distances=action_distances(session))
