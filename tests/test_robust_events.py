"""Robustness: a seeded event fuzzer on the real app (fakes behind it) and fast-input checks.

After every burst of random events the history is replayed from the start board and must give
the board on screen. The default run fuzzes a few thousand events; ``-m slow`` runs 100,000.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.core.board import Board
from game.core.generate import random_board
from game.core.history import EntryKind
from game.core.spec import GameSpec
from game.ui.app import App
from game.ui.scenes.play import PlayScene
from tests.app_driver import DT, KEYS, frames
from tests.app_driver import make_app as make_app  # noqa: F401  (fixture)

SHAPES = ((2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (3, 4), (4, 3), (4, 4), (3, 5),
          (5, 5), (6, 6), (2, 10), (10, 10))
"""Fourteen board shapes the fuzzer plays on."""
FUZZ_EVENTS = 3_000
SLOW_FUZZ_EVENTS = 100_000
REAL_WORKER_EVENTS = 20_000
BURST = 40
"""Events posted between two history checks."""
MAX_SIDE_PX = 2500
FUZZ_KEYS = (
    pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_w, pygame.K_a,
    pygame.K_s, pygame.K_d, pygame.K_h, pygame.K_SPACE, pygame.K_u, pygame.K_z, pygame.K_y,
    pygame.K_r, pygame.K_n, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_m, pygame.K_F11,
    pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_1, pygame.K_q, pygame.K_PAGEUP,
)
FOCUS_EVENTS = (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWMINIMIZED,
                pygame.WINDOWRESTORED, pygame.WINDOWENTER, pygame.WINDOWLEAVE)


def replay_check(app: App) -> int:
    """Replay every play scene's history from its start board; returns how many were checked."""
    checked = 0
    for scene in app.scenes:
        if not isinstance(scene, PlayScene):
            continue
        session = scene.game.session
        history = session.history
        board = session.start
        entries = history._entries[: history.position + 1]
        assert entries[0].state.board == session.start
        for entry in entries[1:]:
            if entry.kind is EntryKind.RESTART:
                board = session.start
            else:
                board = board.apply_all(entry.moves)
            assert entry.state.board == board, f"history entry {entry} does not replay"
        assert board == session.board == scene.board_view().board
        checked += 1
    return checked


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    """One random input event: keys, clicks, motion, resizes or focus changes."""
    roll = rng.random()
    w, h = size
    if roll < 0.55:
        mod = rng.choice((0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT, pygame.KMOD_ALT))
        return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(FUZZ_KEYS), mod=mod,
                                  unicode="", scancode=0)
    if roll < 0.75:
        pos = (rng.randint(-50, w + 50), rng.randint(-50, h + 50))
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.randint(1, 5))
    if roll < 0.88:
        pos = (rng.randint(0, w), rng.randint(0, h))
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if roll < 0.90:
        side = lambda: rng.choice((1, rng.randint(1, 300), rng.randint(300, MAX_SIDE_PX)))  # noqa: E731
        return pygame.event.Event(pygame.VIDEORESIZE, w=side(), h=side(), size=(0, 0))
    return pygame.event.Event(rng.choice(FOCUS_EVENTS))


def fuzz(app: App, events: int, seed: int) -> int:
    """Post ``events`` random events in bursts, run frames, check histories; returns checks."""
    rng = random.Random(seed)
    checks = 0
    sent = 0
    while sent < events:
        if rng.random() < 0.08:  # a new game on one of the shapes, as the title would start
            width, height = rng.choice(SHAPES)
            board = random_board(width, height, random.Random(rng.random()))
            app.start_game(GameSpec(width, height, board=board), on_top=rng.random() < 0.2)
        for _ in range(rng.randint(1, BURST)):
            pygame.event.post(random_event(rng, app.window))
            sent += 1
        for _ in range(rng.randint(1, 3)):
            app.frame(rng.choice((0.0, DT, DT, 0.05, 0.1)))
            if not app.running:  # Esc on the title or Quit in a menu: carry on fuzzing
                app.running = True
        checks += replay_check(app)
    return checks


def test_event_fuzz_on_every_shape_keeps_history_and_screen_in_step(make_app) -> None:
    app = make_app()
    assert fuzz(app, FUZZ_EVENTS, seed=15) > 0


@pytest.mark.slow
def test_event_fuzz_100k(make_app) -> None:
    app = make_app()
    assert fuzz(app, SLOW_FUZZ_EVENTS, seed=2026) > 0


@pytest.mark.slow
def test_event_fuzz_with_the_real_worker(make_app) -> None:
    from game.worker import SolverWorker

    app = make_app(worker=SolverWorker(warm_shapes=((3, 3),)))
    assert fuzz(app, REAL_WORKER_EVENTS, seed=7) > 0
    assert app.worker.status.state != "unavailable" or app.worker.status.detail


def expected_after(board: Board, letters: str) -> tuple[Board, str]:
    """Apply key moves as the game does: legal ones move, illegal ones are ignored."""
    played = ""
    for letter in letters:
        if board.can_move(letter):
            board = board.apply(letter)
            played += letter
    return board, played


@pytest.mark.parametrize("shape", [(3, 3), (4, 4), (5, 5), (2, 6)])
@pytest.mark.parametrize("rate", [15, 30])
def test_fast_keys_are_never_lost_or_reordered(make_app, shape, rate) -> None:
    """15-30 key presses a second, animations on, over several seconds of frames."""
    rng = random.Random(rate * 100 + shape[0] * 10 + shape[1])
    app = make_app()
    start = random_board(*shape, rng)
    app.start_game(GameSpec(*shape, board=start))
    frames(app)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    letters = ""
    clock = 0.0
    next_key = 0.0
    while len(letters) < 60:
        if clock >= next_key:
            letter = rng.choice("UDLR")
            letters += letter
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=KEYS[letter], mod=0,
                                                 unicode="", scancode=0))
            next_key += rng.uniform(0.5, 1.5) / rate
        app.frame(DT)
        clock += DT
        if scene.game.session.solved:
            break
    frames(app, 30)
    board, played = expected_after(start, letters)
    if scene.game.session.solved:  # a lucky win ends the game early: compare up to the goal
        assert scene.game.session.board.is_solved()
        return
    moves = "".join(e.moves for e in scene.game.session.history._entries[1:])
    assert moves == played
    assert scene.game.session.board == board
    assert replay_check(app) >= 1
