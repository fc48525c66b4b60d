"""Replays agree with the game: chart, coach's moves, detours, codes, Esc, and `analyse`."""

from __future__ import annotations

import random
import re
import zlib
from base64 import urlsafe_b64encode
from pathlib import Path

import pygame
import pytest

from game.cli.analyse import analyse, format_report
from game.core.actions import CycleHint, Move, Redo, Restart, Slide, Source, Undo
from game.core.board import Board, inverse_moves
from game.core.generate import random_board
from game.core.recording import Recording
from game.core.replay_code import ReplayCodeError, decode, decode_game, encode
from game.play.replay import build_replay
from game.ui.chart import chart_geometry
from game.ui.scenes.build import replay_scene
from game.ui.scenes.replay import ReplayScene
from tests.app_driver import frames, key
from tests.fakes_front import small_hint
from tests.history_driver import START, make_app
from tests.history_driver import data_home as data_home  # noqa: F401  (fixture)


def nothing_known(board: Board) -> None:
    return None


def timed(board: Board, actions: tuple) -> Recording:
    return Recording(board, actions, tuple(range(0, 300 * len(actions), 300)))


def coach_finished() -> Recording:
    """Two moves of the player's (one wasteful), then the coach solves it (auto-solve)."""
    board = Board.goal(3, 3).apply_all("DRDLUU")
    wrong = next(m for m in board.legal_moves() if m not in small_hint(board).moves)
    here = board.apply(wrong)
    return timed(board, (Move(wrong), *(Move(m, Source.SOLVE) for m in small_hint(here).path)))


def test_the_chart_keeps_the_coach_s_moves_apart() -> None:
    model = build_replay(coach_finished(), small_hint)
    assert model.by_coach[0] is False and all(model.by_coach[1:])
    assert len(model.by_coach) == len(model.chart) - 1
    assert model.frames[2].note.startswith("coach move 2")


def test_the_replay_draws_the_coach_s_moves_in_the_coach_s_colour(data_home: Path) -> None:
    app = make_app(data_home)
    try:
        scene = replay_scene(app, coach_finished(), 1.0, app.writer.submit)
        app.push(scene)
        key(pygame.K_END)
        frames(app, 60)  # past the fade-in
        colours = {tuple(app.screen.get_at((x, y)))[:3]
                   for x in range(0, app.screen.get_width(), 2)
                   for y in range(app.screen.get_height() // 2, app.screen.get_height(), 2)}
        assert app.theme.chart_coach in colours and app.theme.chart_line in colours
    finally:
        app.close()


def test_the_chart_s_scale_is_fixed_for_the_whole_game() -> None:
    board = Board.goal(3, 3).apply_all("DRDLUU")
    played = "R" + "L" + small_hint(board).path  # one wasteful move, taken back by a move
    model = build_replay(timed(board, tuple(Move(m) for m in played)), small_hint)
    box = (0, 0, 400, 200)
    shown = [chart_geometry(model.distances(i), box, 12, model.scale)
             for i in range(len(model.frames))]
    assert {(g.x_max, g.y_max, g.plot) for g in shown} == {(shown[-1].x_max, shown[-1].y_max,
                                                            shown[-1].plot)}
    assert [len(model.distances(i)) for i in range(len(model.frames))] == list(
        range(1, len(model.frames) + 1))
    assert model.distances() == model.chart and model.chart[-1] == 0


def test_a_5x5_chart_is_never_empty() -> None:
    board = Board.goal(5, 5).apply_all("DDRRUL")
    line = inverse_moves("DDRRUL")
    away = next(m for m in board.legal_moves() if m != line[0])
    played = away + inverse_moves(away) + line
    recording = timed(board, tuple(Move(m) for m in played))
    for stored in ((), ("x", *("l" for _ in played[1:]))):
        model = build_replay(recording, nothing_known, stored)
        assert None not in model.chart and model.chart[-1] == 0
        assert model.scale[1] >= max(d for d in model.chart if d is not None)
    judged = build_replay(recording, nothing_known, ("x", *("l" for _ in played[1:])))
    assert judged.chart[:3] == (len(line), len(line) + 1, len(line))  # the judgements
    # lines judged against the coach's are not proven distances: the notes do not say "to go"
    # (one move from the goal is 1 to go, proven; the goal: 0 to go)
    assert not any("to go" in f.note for f in judged.frames[1:-2])
    assert judged.frames[-2].note.endswith("(1 to go)")
    exact = build_replay(recording, nothing_known, ("w", *("o" for _ in played[1:])))
    assert exact.frames[1].note.endswith(f"wasteful ({len(line) + 1} to go)")


def test_stored_distances_are_preferred() -> None:
    board = Board.goal(5, 5).apply_all("DDRRUL")
    line = inverse_moves("DDRRUL")
    recording = timed(board, tuple(Move(m) for m in line))
    mine = tuple(40 - i for i in range(len(line) - 1)) + (0,)  # a hand-made record
    model = build_replay(recording, nothing_known, (), mine)
    assert model.chart[1:] == mine
    assert model.frames[1].distance == mine[0] and "(40 to go)" in model.frames[1].note
    assert model.chart[0] == 41  # one above the first move's: a finished game's own line
    assert model.scale == (41, 41)  # the ideal line runs from the start's distance
    # a list that is not one per action is ignored
    assert build_replay(recording, nothing_known, (), mine[:-1]).chart[1:] != mine


def listed(model) -> dict[int, str]:
    """Each counted move's judgement as the replay's notes list it, by its number."""
    out = {}
    for frame in model.frames[1:]:
        found = re.match(r"(?:coach )?moves? (\d+)(?:-\d+)? \w+: ([^(]*?)(?: \(|$| -)",
                         frame.note)
        if found is None or frame.note.endswith((" - taken back later",
                                                 " - restarted away later")):
            continue
        gone = re.search(r" - (\d+) (?:taken back|restarted away) later$", frame.note)
        words = found.group(2).split(", ")
        kept = len(words) - (int(gone.group(1)) if gone else 0)  # an undo takes the last
        for k, word in enumerate(words[:kept]):
            out[int(found.group(1)) + k] = word
    return out


def test_the_biggest_detour_names_the_moves_the_replay_lists_as_charged() -> None:
    checked = 0
    for seed in range(150):
        rng = random.Random(seed)
        board = random_board(3, 3, rng)
        actions: list = []
        for _ in range(rng.randrange(3, 24)):
            roll = rng.random()
            actions.append(Undo() if roll < 0.08 else Redo() if roll < 0.12 else
                           Restart() if roll < 0.14 else CycleHint() if roll < 0.16 else
                           Slide(rng.randrange(9), Source.MOUSE) if roll < 0.25 else
                           Move(rng.choice("UDLR"), Source.SOLVE if roll < 0.3 else
                                Source.KEY))
        model = build_replay(timed(board, tuple(actions)), small_hint)
        if model.detour is None:
            continue
        notes = listed(model)
        span = range(model.detour.first, model.detour.last + 1)
        assert all(notes[n] == "wasteful" for n in span), (seed, model.headline())
        assert notes.get(model.detour.last + 1) != "wasteful"
        assert model.detour.cost == 2 * len(span)
        checked += 1
    assert checked > 20


def test_codes_carry_the_judgements_and_distances() -> None:
    board = Board.goal(5, 5).apply_all("DDRRUL")
    line = inverse_moves("DDRRUL")
    away = next(m for m in board.legal_moves() if m != line[0])
    actions = (Move(away), CycleHint(), Move(inverse_moves(away)), *(Move(m) for m in line))
    recording = timed(board, actions)
    judged = ("x", "", "l", *("l" for _ in line))
    distances = (len(line) + 1, len(line) + 1, *(len(line) - i for i in range(len(line) + 1)))
    code = encode(recording, judged, distances)
    game = decode_game(code)
    assert game.recording == recording and game.judgements == judged
    assert game.distances == distances and decode(code) == recording
    notes = [f.note for f in build_replay(game.recording, nothing_known, game.judgements,
                                          game.distances).frames[1:]]
    assert not any("unjudged" in n for n in notes), notes
    assert notes[0].endswith("off the coach's line (7 to go)")
    plain = decode_game(encode(recording))
    assert plain.judgements == () and plain.distances == ()
    with pytest.raises(ReplayCodeError, match="not judgement letters"):
        encode(recording, ("q", "", "", *("" for _ in line)))


def v1_code(board: Board, moves: str) -> str:
    body = bytearray([1, board.width, board.height, 0, *board.tiles, len(moves)])
    for move in moves:
        body += bytes(["UDLR".index(move), 100])
    body += zlib.crc32(body).to_bytes(4, "big")
    return "F1." + urlsafe_b64encode(bytes(body)).decode("ascii").rstrip("=")


def test_old_codes_still_read_and_bad_ones_are_named() -> None:
    old = decode_game(v1_code(START, "UL"))
    assert [a.letter for a in old.recording.actions] == ["U", "L"]  # type: ignore[attr-defined]
    assert old.judgements == ()
    with pytest.raises(ReplayCodeError, match="version 2"):  # a v2 body under the v1 prefix
        decode("F1." + encode(timed(START, (Move("U"),)))[3:])
    with pytest.raises(ReplayCodeError, match="'nonsense' is not a replay code"):
        decode("nonsense")
    good = bytearray(v1_code(START, "U").encode())
    with pytest.raises(ReplayCodeError):
        decode(bytes(good).decode().replace("F1.", "F2.", 1))


def test_esc_closes_a_viewer_the_command_line_opened(data_home: Path) -> None:
    app = make_app(data_home)
    try:
        app.push(replay_scene(app, timed(START, (Move("U"),)), 1.0, app.writer.submit,
                              closes=True))
        frames(app, 2)
        key(pygame.K_ESCAPE)
        frames(app, 1)
        assert not app.running  # closed, not the title screen
    finally:
        app.close()
    app = make_app(data_home)
    try:
        app.push(replay_scene(app, timed(START, (Move("U"),)), 1.0, app.writer.submit))
        key(pygame.K_ESCAPE)
        frames(app, 1)
        assert app.running and len(app.scenes) == 1  # opened in the game: back below
    finally:
        app.close()


def test_the_replay_command_opens_a_viewer_esc_closes(data_home: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import game.cli.play as cli_play
    from game.ui.app import App
    from tests.fakes_front import FakeWorker

    monkeypatch.setenv("XDG_CONFIG_HOME", str(data_home.parent / "config"))
    monkeypatch.setattr(cli_play.services, "default_worker", lambda shape=None: FakeWorker())
    seen: dict[str, object] = {}
    real_run = App.run

    def run(self: App, seconds: float | None = None, max_frames: int | None = None) -> int:
        seen["scene"] = self.scene
        key(pygame.K_ESCAPE)
        result = real_run(self, max_frames=50)
        seen["frames"] = self.frames
        return result

    monkeypatch.setattr(App, "run", run)
    assert cli_play.run_replay(timed(START, (Move("U"), Move("L")))) == 0
    assert isinstance(seen["scene"], ReplayScene) and seen["frames"] < 50  # type: ignore


def test_analyse_accounts_for_every_point_or_names_it() -> None:
    data = analyse(START, "URLL")
    rows = {row["item"]: row for row in data["points"]}
    known = sum(r["points"] for r in data["points"] if r["points"] is not None)
    assert known == data["summary"]["points"]
    assert rows["time bonus"]["points"] is None and "+10" in rows["time bonus"]["why"]
    assert rows["undos, restarts and hints"]["points"] is None
    report = format_report(data)
    assert "points: 110 = moves 20 + solve bonus 90 + perfect bonus 0" in report
    assert "time bonus: up to +10 for finishing fast" in report
    assert "-5 an undo, -25 a restart, -5 a hint level" in report


def test_a_move_undone_redone_then_restarted_away_is_said_restarted_away() -> None:
    """The tenth playtest: "move 12 D: optimal - taken back later" for a move undone, redone
    and then restarted away."""
    from game.core.board import inverse
    from tests.fakes_front import exact_hint

    board = Board.goal(3, 3).apply_all("DRDLUU")
    hint = exact_hint(board)
    first, second = hint.path[0], exact_hint(board.apply(hint.path[0])).path[0]
    actions = (Move(first), Move(second), Undo(), Redo(), Restart())
    model = build_replay(Recording(board, actions, tuple(range(0, 500, 100))), exact_hint)
    notes = [f.note for f in model.frames[1:]]
    assert notes[1].endswith("restarted away later"), notes
    assert notes[0].endswith("restarted away later"), notes
    # undone and another move in its place: taken back
    other = next(m for m in board.apply(first).legal_moves() if m not in (second, inverse(first)))
    actions = (Move(first), Move(second), Undo(), Move(other), Restart())
    model = build_replay(Recording(board, actions, tuple(range(0, 500, 100))), exact_hint)
    notes = [f.note for f in model.frames[1:]]
    assert notes[1].endswith("taken back later") and notes[0].endswith("restarted away later")


def test_moves_undone_then_a_restart_are_said_taken_back() -> None:
    """The nineteenth newcomer: three moves, two undos, a restart; the replay said the two
    undone moves were "restarted away later" (a later cut further down overwrote the undo
    that took them off the line)."""
    from tests.fakes_front import exact_hint

    board = Board.goal(3, 3).apply_all("DRDLUU")
    line = exact_hint(board).path[:3]
    actions = (*(Move(m) for m in line), Undo(), Undo(), Restart())
    model = build_replay(Recording(board, actions, tuple(range(0, 600, 100))), exact_hint)
    notes = [f.note for f in model.frames[1:4]]
    assert notes[0].endswith("restarted away later"), notes
    assert notes[1].endswith("taken back later") and notes[2].endswith("taken back later"), notes
    # the restart undone: the two undone moves stay off the line, taken back
    actions = (*actions, Undo())
    model = build_replay(Recording(board, actions, tuple(range(0, 700, 100))), exact_hint)
    notes = [f.note for f in model.frames[1:4]]
    assert not notes[0].endswith("later"), notes
    assert notes[1].endswith("taken back later") and notes[2].endswith("taken back later"), notes


def test_the_viewer_says_a_game_was_left_unsolved_as_the_text_does(data_home: Path) -> None:
    """A newcomer's replay of a game they left showed its clock run out and never said so,
    where `replay --text` says "left unsolved after 2 moves"."""
    app = make_app(data_home)
    try:
        left = replay_scene(app, timed(START, (Move("U"),)), 1.0, app.writer.submit)
        app.push(left)
        frames(app, 2)
        assert isinstance(left, ReplayScene) and left._label().endswith(", left unsolved")
        solved = replay_scene(app, coach_finished(), 1.0, app.writer.submit)
        app.push(solved)
        frames(app, 2)
        assert "left unsolved" not in solved._label()
    finally:
        app.close()
