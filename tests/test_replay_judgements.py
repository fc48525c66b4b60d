"""A replay of a stored game is judged at once from the judgements saved with it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.core.actions import Move
from game.core.notation import parse_board
from game.core.recording import Recording
from game.core.scoring import MoveClass
from game.core.spec import GameSpec
from game.play.replay import build_replay
from game.store.history import HISTORY_FILE, History
from game.store.history_scores import HistoryScores
from game.ui.app import App
from game.ui.audio import Sounds
from game.ui.intents import ShowReplay
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.title import TitleScene
from tests.app_driver import KEYS, frames, key
from tests.fakes_front import FakeClock, FakeWorker, InlineWriter, MemoryStore, small_hint

START = parse_board("1 2 3/4 0 6/7 5 8")
DETOUR = Recording(START, tuple(Move(m) for m in "URLL"), (0, 400, 800, 1200))


def nothing_known(board):
    return None


def test_stored_judgements_stand_in_for_an_unready_coach() -> None:
    bare = build_replay(DETOUR, nothing_known)
    assert all("unjudged" in f.note or "coach's line" in f.note for f in bare.frames[1:])
    model = build_replay(DETOUR, nothing_known, ("o", "w", "o", "o"))
    assert [f.note.split(": ")[1] for f in model.frames[1:]] == [  # exact judgements to the
        "optimal (1 to go)", "wasteful (2 to go)", "optimal (1 to go)",  # goal prove the
        "optimal (0 to go)"]  # distances
    assert model.missed == "the optimal line was missed at move 2 (R played)"
    # what was stored is what the end screen said: the replay says the same, even where the
    # coach would judge otherwise now; only a move stored unjudged is judged again
    stored = build_replay(DETOUR, small_hint, ("o", "w", "o", "o"))
    assert [f.cues for f in stored.frames[1:]] == [(MoveClass.OPTIMAL,), (MoveClass.WASTEFUL,),
                                                    (MoveClass.OPTIMAL,), (MoveClass.OPTIMAL,)]
    partly = build_replay(DETOUR, small_hint, ("?", "w", "?", "o"))
    assert [f.cues for f in partly.frames[1:]] == [(MoveClass.OPTIMAL,), (MoveClass.WASTEFUL,),
                                                   (MoveClass.OPTIMAL,), (MoveClass.OPTIMAL,)]
    # a mismatched list is ignored
    assert build_replay(DETOUR, nothing_known, ("o",)).frames[1].cues == bare.frames[1].cues


def make_app(folder: Path, worker: FakeWorker) -> App:
    scores = HistoryScores(History(folder / HISTORY_FILE)).load()
    app = App(worker=worker, clock=FakeClock(), writer=InlineWriter(),
              settings_store=MemoryStore(), sounds=Sounds.silent(), window=(760, 820),
              rng=random.Random(3), scores=scores)
    app.push(TitleScene(app, 3, 3))
    return app


@pytest.mark.parametrize("from_disk", [False, True], ids=["this-run", "from-disk"])
def test_replay_of_a_stored_game_is_judged_in_the_first_frame(tmp_path: Path,
                                                              from_disk: bool) -> None:
    app = make_app(tmp_path, FakeWorker())
    try:
        app.start_game(GameSpec(3, 3, board=START))
        frames(app, 2)
        for letter in "URLL":
            key(KEYS[letter])
            frames(app, 10)
        frames(app, 80)
        game = app.scores.games[-1]
    finally:
        app.close()
    assert game.judgements == ("o", "w", "o", "o")
    if from_disk:
        (game,) = History(tmp_path / HISTORY_FILE).games()  # a summary: actions load later
    cold = make_app(tmp_path, FakeWorker())  # a coach that knows nothing yet
    try:
        cold.carry_out(ShowReplay(game))
        frames(cold, 1)
        scene = cold.scene
        assert isinstance(scene, ReplayScene) and scene.model is not None
        notes = [f.note for f in scene.model.frames[1:]]
        assert not any("unjudged" in n or "coach's line" in n for n in notes), notes
        assert "move 2 R: wasteful" in notes[1]
    finally:
        cold.close()


def test_the_replay_counts_moves_as_the_end_screen_does() -> None:
    """The playtest: the replay numbered undone moves and blamed the summary on them."""
    from game.core.actions import Restart, Undo

    good = small_hint(START).path
    wrong = next(m for m in START.legal_moves() if m not in small_hint(START).moves)
    for taken_back in (Undo(), Restart()):
        actions = (Move(wrong), taken_back, *(Move(m) for m in good))
        recording = Recording(START, actions, tuple(range(0, 400 * len(actions), 400)))
        model = build_replay(recording, small_hint)
        notes = [f.note for f in model.frames[1:]]
        how = "taken back later" if isinstance(taken_back, Undo) else "restarted away later"
        assert notes[0].startswith(f"move 1 {wrong}: wasteful") and notes[0].endswith(how)
        assert notes[2].startswith(f"move 1 {good[0]}: optimal")
        assert notes[-1].startswith(f"move {len(good)} {good[-1]}: optimal")
        assert model.headline() == "no detour"  # the moves that count never left the line


def test_a_big_board_replay_without_distances_takes_its_detour_from_the_judgements() -> None:
    """The playtest: two moves off the coach's line on 5x5, and the replay said no detour."""
    from game.core.board import Board, inverse_moves

    board = Board.goal(5, 5).apply_all("DDRRUL")
    line = inverse_moves("DDRRUL")
    away = next(m for m in board.legal_moves() if m != line[0])
    moves = away + away if board.apply(away).can_move(away) else away
    actions = tuple(Move(m) for m in moves)
    recording = Recording(board, actions, tuple(range(0, 400 * len(actions), 400)))
    model = build_replay(recording, nothing_known, tuple("x" for _ in actions))
    assert model.detour is not None and model.detour.first == 1
    assert model.detour.cost == 2 * len(moves)
    assert str(model.detour).endswith("extra moves")
