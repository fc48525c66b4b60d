"""The real app loop driven headless by synthetic pygame events with a fixed dt."""

from __future__ import annotations

import os
import random
import signal

import pygame

from game.cli.play import _install_sigterm
from game.core.board import inverse
from game.core.notation import parse_board
from game.ui.app import FULLSCREEN_GAP_SECONDS
from game.ui.scenes.end import EndScene
from game.ui.scenes.play import PlayScene
from tests.app_driver import (
    KEYS,
    SEEN_FRAMES,
    START,
    centre,
    click,
    frames,
    key,
    play,
    screen_hash,
)
from tests.app_driver import make_app as make_app  # noqa: F401  (fixture)
from tests.fakes_front import FakeWorker, MemoryStore


def test_arrow_keys_and_wasd_move_tiles(make_app) -> None:
    app = make_app()
    scene = play(app)
    key(pygame.K_UP)
    frames(app)
    assert scene.game.session.board == START.apply("U")
    key(pygame.K_d)  # WASD: D slides the tile left of the gap to the right
    frames(app)
    assert scene.game.session.board == START.apply_all("UR")


def test_inverted_keys(make_app) -> None:
    app = make_app(store=MemoryStore({"invert_keys": True}))
    scene = play(app)
    key(pygame.K_DOWN)
    frames(app)
    assert scene.game.session.board == START.apply("U")


def test_mouse_click_slides_the_group(make_app) -> None:
    app = make_app()
    board = parse_board("1 2 3/4 5 6/0 7 8")
    scene = play(app, board)
    click(centre(app, board, 8))
    frames(app)
    assert scene.game.session.board.is_solved() and scene.game.session.moves == 2
    frames(app, 3)


def test_click_off_line_and_outside_the_board_do_nothing(make_app) -> None:
    app = make_app()
    scene = play(app)
    click(centre(app, START, 0))
    click((2, 2))
    frames(app)
    assert scene.game.session.board == START and scene.game.session.moves == 0


def test_burst_of_twenty_keys_in_one_frame_loses_nothing(make_app) -> None:
    app = make_app()
    board = parse_board("8 6 7/2 5 4/3 0 1")
    scene = play(app, board)
    rng = random.Random(3)
    moves, b = [], board
    while len(moves) < 20:
        m = rng.choice(b.legal_moves())
        if b.apply(m).is_solved():
            continue
        moves.append(m)
        b = b.apply(m)
    for m in moves:
        key(KEYS[m])
    frames(app)
    assert scene.game.session.board == board.apply_all("".join(moves))
    assert scene.game.session.moves == 20
    assert [e.moves for e in _entries(scene)] == moves


def test_fast_input_spread_over_frames_during_animations_loses_nothing(make_app) -> None:
    app = make_app()
    board = parse_board("8 6 7/2 5 4/3 0 1")
    scene = play(app, board)
    moves = "DLUR" * 5  # a legal cycle from this blank position
    for i in range(0, len(moves), 2):  # 2 keys a frame = 120 moves/s, animations unfinished
        key(KEYS[moves[i]])
        key(KEYS[moves[i + 1]])
        frames(app)
        assert scene.game.tween is not None and not scene.game.tween.done
    assert scene.game.session.board == board.apply_all(moves)
    assert scene.game.session.moves == len(moves)


def _entries(scene: PlayScene) -> list:
    history = scene.game.session.history
    return [history._entries[i] for i in range(1, len(history))]


def test_hint_overlay_cycles_and_renders(make_app) -> None:
    app = make_app(FakeWorker())
    scene = play(app, parse_board("1 2 3/4 0 8/7 6 5"))
    frames(app, 12)  # the worker's answer arrives in a packet; the scene's fade-in ends
    assert scene.game.session.hint is not None and scene.game.session.hint.complete
    off = screen_hash(app)
    board_off = scene.board_view()
    assert scene.board_view().hint_level == 0 and scene.hud_view().status == ""  # quiet dot
    key(pygame.K_h)
    frames(app, SEEN_FRAMES)  # looked at: paid
    view = scene.board_view()
    assert view.hint_level == 1 and view.hint_moves == frozenset("UL")
    assert scene.hud_view().status == "6 to go"
    arrows = screen_hash(app)
    assert arrows != off
    key(pygame.K_h)
    frames(app)
    assert scene.board_view().hint_level == 2 and scene.board_view().path
    assert screen_hash(app) not in (off, arrows)
    key(pygame.K_h)
    frames(app)
    assert scene.board_view() == board_off  # the board as it was: no hint drawn
    # level 1 paid on sight; level 2 was passed on the way to off, never moved with
    assert scene.hud_view().points_note == "held at 0 (-5)"
    assert scene.game.session.board == parse_board("1 2 3/4 0 8/7 6 5")


def test_coach_status_words_follow_the_worker(make_app) -> None:
    from game.worker import WorkerStatus

    worker = FakeWorker()
    app = make_app(worker)
    scene = play(app)
    scene.receive(worker.take())  # what the coach had to say about the board arrives
    scene.game.session.hint = None
    for status, words, off in ((WorkerStatus("warming up"), "warming up", "warming up"),
                               (WorkerStatus("thinking", 17, 100), "thinking 17", ""),
                               (WorkerStatus("unavailable"), "unavailable", "unavailable")):
        worker.status = status
        scene.receive(worker.take())  # the status comes in the frame's packet
        # hints off: what the coach is doing, never what it knows (no bound)
        assert scene.hud_view().status == off
        scene.game.session.hint_level = 1
        assert scene.hud_view().status == words
        scene.game.session.hint_level = 0


def test_clicks_land_on_the_right_tile_after_a_resize(make_app) -> None:
    app = make_app()
    board = parse_board("1 2 3/4 5 6/0 7 8")
    scene = play(app, board)
    old = centre(app, board, 6 + 2)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=640, size=(1000, 640)))
    frames(app)
    assert app.screen.get_size() == (1000, 640)
    assert app.layout_for(board).cell_at(*old) != 8
    click(centre(app, board, 7))
    frames(app)
    assert scene.game.session.board == board.apply("L")


def test_f11_takes_the_desktop_and_gives_the_window_back(make_app) -> None:
    """A newcomer's F11 under X re-created the window at its old size, with a warning on the
    console (SDL's toggle); full screen is now a display mode of the desktop's size."""
    import warnings

    app = make_app()
    board = parse_board("1 2 3/4 5 6/0 7 8")
    scene = play(app, board)
    before = app.screen.get_size()
    desktop = pygame.display.get_desktop_sizes()[0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no console warning
        key(pygame.K_F11)
        frames(app)
    assert app.screen.get_size() == desktop != before
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=700, size=(900, 700)))
    frames(app)  # a resize event while full screen keeps it
    assert app.screen.get_size() == desktop
    click(centre(app, board, 7))  # the board is laid out on the full screen
    frames(app)
    assert scene.game.session.board == board.apply("L")
    frames(app, round(FULLSCREEN_GAP_SECONDS * 60))
    key(pygame.K_F11)
    frames(app)
    assert app.screen.get_size() == before
    # under X without a window manager the new window's focus brought F11 presses nobody
    # made, and the window flipped between full screen and back until the game was killed
    key(pygame.K_F11)
    frames(app)
    assert app.screen.get_size() == before


def test_undo_redo_round_trip_with_keys(make_app) -> None:
    app = make_app()
    scene = play(app, parse_board("8 6 7/2 5 4/3 0 1"))
    seen = [scene.game.session.board]
    for m in "ULD":
        key(KEYS[m])
        frames(app)
        seen.append(scene.game.session.board)
    key(pygame.K_u)
    key(pygame.K_z, pygame.KMOD_LCTRL)
    frames(app)
    assert scene.game.session.board == seen[1]
    key(pygame.K_y, pygame.KMOD_LCTRL)
    key(pygame.K_y, pygame.KMOD_LCTRL)
    frames(app)
    assert scene.game.session.board == seen[3]
    key(pygame.K_r)
    frames(app)
    assert scene.game.session.board == seen[0]
    key(pygame.K_u)
    frames(app)
    assert scene.game.session.board == seen[3]


def test_win_flash_then_end_screen_then_replay_and_score_kept(make_app) -> None:
    app = make_app(FakeWorker())
    scene = play(app)
    key(pygame.K_UP)
    key(pygame.K_LEFT)
    frames(app)
    assert scene.game.session.solved and scene.game.win is not None
    frames(app, 80)
    assert isinstance(app.scene, EndScene)
    assert app.scene.view.summary.moves == 2 and app.scene.view.rank == 1
    assert len(app.scores.table("3x3")) == 1
    key(pygame.K_ESCAPE)  # a new top-10 entry asks for a name first: skipped
    key(pygame.K_r)
    frames(app)
    assert isinstance(app.scene, PlayScene) and app.scene.game.session.board == START


def test_pause_menu_stops_the_timer(make_app) -> None:
    app = make_app()
    scene = play(app, parse_board("8 6 7/2 5 4/3 0 1"))
    key(pygame.K_DOWN)
    frames(app, 10)
    before = scene.game.session.elapsed
    assert before > 0
    key(pygame.K_ESCAPE)
    frames(app, 30)
    assert scene.menu is not None and scene.game.session.elapsed == before
    key(pygame.K_LEFT)  # a menu key, not a move
    frames(app)
    assert scene.game.session.moves == 1
    key(pygame.K_ESCAPE)
    frames(app, 5)
    assert scene.menu is None and scene.game.session.elapsed > before


def test_auto_solve_plays_to_the_goal_and_any_key_stops_it(make_app) -> None:
    app = make_app(FakeWorker())
    board = parse_board("8 6 7/2 5 4/3 0 1")
    scene = play(app, board)
    key(pygame.K_SPACE)
    frames(app, 20)
    sheet = scene.game.session.sheet
    assert scene.game.solving and sheet.coach_moves > 0
    assert sheet.moves == 0 and sheet.points == 0 and sheet.streak == 0  # nothing credited
    sound = app.settings.sound
    key(pygame.K_m)  # mutes, as the banner says, and the coach plays on
    frames(app, 5)
    assert app.settings.sound is not sound and scene.game.solving
    assert scene.game.view().banner == "the coach is playing - any key but M, F11 stops"
    key(pygame.K_q)
    frames(app)
    stopped = scene.game.session.sheet.coach_moves
    frames(app, 20)
    assert not scene.game.solving and scene.game.session.sheet.coach_moves == stopped
    key(pygame.K_SPACE)
    frames(app, 400)
    assert isinstance(app.scene, EndScene) and not app.scene.view.summary.solved_by_player
    assert app.scene.view.summary.coach_moves > 0
    assert app.scores.table("3x3") == []


def test_quit_event_and_sigterm_end_the_loop_cleanly(make_app) -> None:
    worker = FakeWorker()
    store = MemoryStore()
    app = make_app(worker, store)
    play(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run(max_frames=50) == 0
    assert not app.running and app.frames < 50
    app.running = True
    previous = _install_sigterm(app.quit)
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        assert app.run(max_frames=50) == 0 and not app.running
    finally:
        signal.signal(signal.SIGTERM, previous)
    app.close()
    assert worker.closed and store.saves == 0  # nothing changed: no stale copy written at exit


def test_focus_loss_pauses_the_timer_and_f11_never_crashes(make_app) -> None:
    app = make_app()
    scene = play(app, parse_board("8 6 7/2 5 4/3 0 1"))
    key(pygame.K_DOWN)
    frames(app, 5)
    before = scene.game.session.elapsed
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    frames(app, 20)
    assert scene.game.session.elapsed == before
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    key(pygame.K_F11)
    frames(app, 5)
    assert scene.game.session.elapsed > before and app.running


def test_a_move_made_while_the_focus_is_elsewhere_starts_the_clock_again(make_app) -> None:
    app = make_app()
    scene = play(app, parse_board("8 6 7/2 5 4/3 0 1"))
    key(pygame.K_DOWN)
    frames(app, 5)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    frames(app, 5)
    stopped = scene.game.session.elapsed
    key(pygame.K_UP)  # keys still reach the window (sent to it): the player is there
    frames(app, 20)
    assert scene.game.session.moves == 2 and scene.game.session.elapsed > stopped


def test_leaving_during_the_win_flash_keeps_the_score(make_app) -> None:
    app = make_app(FakeWorker())
    scene = play(app)
    key(pygame.K_UP)
    key(pygame.K_LEFT)
    frames(app)
    assert scene.game.session.solved and not isinstance(app.scene, EndScene)
    key(pygame.K_n)  # a new game before the end screen opened
    frames(app, 2)
    assert len(app.scores.table("3x3")) == 1
    assert app.scores.table("3x3")[0].moves == 2


def test_keys_after_escape_in_the_same_frame_go_to_the_menu(make_app) -> None:
    app = make_app()
    scene = play(app, parse_board("8 6 7/2 5 4/3 0 1"))
    key(pygame.K_ESCAPE)
    key(pygame.K_DOWN)  # menu navigation, not a move
    frames(app)
    assert scene.menu is not None and scene.game.session.moves == 0
    assert scene.menu.selected == 1


def test_a_key_right_after_space_stops_the_solve_instead_of_moving(make_app) -> None:
    app = make_app(FakeWorker())
    board = parse_board("8 6 7/2 5 4/3 0 1")
    scene = play(app, board)
    key(pygame.K_SPACE)
    key(pygame.K_UP)
    frames(app, 30)
    assert not scene.game.solving
    assert all(entry.kind != "move" for entry in _entries(scene))


def test_hints_are_charged_only_where_they_are_drawn(make_app) -> None:
    app = make_app(FakeWorker())
    board = parse_board("1 2 3/4 5 6/0 7 8")
    scene = play(app, board)
    key(pygame.K_h)
    frames(app, SEEN_FRAMES)
    assert scene.game.session.sheet.hints_used == 1
    click(centre(app, board, 8))  # one click slides two tiles and wins
    frames(app)
    assert scene.game.session.solved
    # Neither the group's middle position nor the winning board showed any arrows.
    assert scene.game.session.sheet.hints_used == 1


def test_a_moves_pop_up_shows_over_the_step_badges(make_app) -> None:
    """A move's pop-up ("+10 -10 hint") rises from its tile over the tile's step badge in its
    top left corner: two newcomers read "+10 -10 hint" under a badge as "10 -10 hint" (an
    earlier one had asked for the badge on top; the pop-up shows for a moment, the badge is
    back as it fades)."""
    from game.core.scoring import MoveClass
    from game.ui.effects import Popup
    from game.ui.render import path_steps

    app = make_app(FakeWorker())
    scene = play(app, parse_board("1 2 3/4 0 8/7 6 5"))
    frames(app, 12)
    key(pygame.K_h)
    key(pygame.K_h)
    frames(app)
    view = scene.board_view()
    assert view.hint_level == 2
    steps = path_steps(view.board, view.path)
    cell = next(cell for cell, seen in steps.items() if seen[0] == 1)
    layout = app.layout_for(view.board)
    x, y, size, _ = layout.cell_rect(cell)
    corner = pygame.Rect(x, y, size // 2, size // 2)  # the first step's disc is in there

    def accent() -> int:
        return sum(app.screen.get_at((px, py))[:3] == app.theme.accent
                   for px in range(corner.left, corner.right)
                   for py in range(corner.top, corner.bottom))

    shown = accent()
    assert shown > 50
    popup = Popup("+10 -10 hint", MoveClass.OPTIMAL, divmod(cell, 3), age=0.0)
    scene.effects.pop(popup)
    scene.draw(app.screen)
    assert accent() < shown  # the pill over the badge
    scene.effects.popups.clear()
    scene.draw(app.screen)
    assert accent() == shown  # and the badge whole once it has gone


def test_the_clock_stops_while_the_keys_list_is_open(make_app) -> None:
    """A newcomer read 0:07.3, then 0:13.0 around a look at the ? list: the game below it
    waits, its clock too."""
    from game.ui.scenes.keys import KeysScene

    app = make_app(FakeWorker())
    scene = play(app, START)
    key(KEYS["L"] if START.can_move("L") else KEYS["R"])
    frames(app, 10)
    assert scene.game.session.started
    key(pygame.K_F1)
    frames(app, 2)
    assert isinstance(app.scene, KeysScene)
    before = scene.game.session.elapsed
    frames(app, 120)
    assert scene.game.session.elapsed == before
    key(pygame.K_ESCAPE)
    frames(app, 10)
    assert app.scene is scene and scene.game.session.elapsed > before


def test_n_in_a_game_in_progress_asks_first(make_app) -> None:
    """A newcomer pressed N mid-game and lost it at once (a DNF in their average of five): in
    a game moved in, N asks for N again; another key goes on playing."""
    from game.ui.scenes.play import LEAVE_WORDS

    app = make_app(FakeWorker())
    scene = play(app, parse_board("8 6 7/2 5 4/3 0 1"))
    key(pygame.K_n)  # nothing played yet: a new game at once
    frames(app, 2)
    assert isinstance(app.scene, PlayScene) and app.scene is not scene
    scene = app.scene
    move = next(m for m in "UDLR" if scene.game.board.can_move(m))
    key(KEYS[move])
    frames(app, 10)
    key(pygame.K_n)
    frames(app, 2)
    assert app.scene is scene and scene.hud_view().footer == LEAVE_WORDS
    key(KEYS[inverse(move)])  # played on: not leaving
    frames(app, 10)
    assert app.scene is scene and scene.hud_view().footer != LEAVE_WORDS
    key(pygame.K_n)
    key(pygame.K_n)
    frames(app, 2)
    assert isinstance(app.scene, PlayScene) and app.scene is not scene


def test_a_hints_charge_on_the_gap_goes_when_a_tile_slides_into_it(make_app) -> None:
    """A newcomer undid a move and found "-5 hint" left over the number of the tile that slid
    back into the gap it had been drawn on."""
    app = make_app(FakeWorker())
    scene = play(app, parse_board("8 6 7/2 5 4/3 0 1"))
    move = next(m for m in "UDLR" if scene.game.board.can_move(m))
    key(KEYS[move])
    frames(app, 30)
    key(pygame.K_h)
    frames(app, SEEN_FRAMES + 2)
    [charged] = [p for p in scene.effects.popups if p.still]
    assert charged.text == "-5 hint"
    key(pygame.K_u)  # (back where the chevrons are new: they are paid there, on its gap)
    frames(app, 15)  # a quarter of a second: the hint's pop-up would show 1.6 s
    assert charged not in scene.effects.popups
    assert all(p.cell != charged.cell for p in scene.effects.popups)
