"""A still screen is not copied to the display again, and its frame clock stops polling."""

from __future__ import annotations

import pygame

from game.ui.frameclock import FrameClock
from game.ui.present import STILL_REFRESH_SECONDS, Presenter
from tests.app_driver import KEYS, frames, key, make_app  # noqa: F401  (fixture)


def _presenter() -> tuple[Presenter, list[int], list[float]]:
    flips: list[int] = []
    now = [0.0]
    return Presenter(flip=lambda: flips.append(1), now=lambda: now[0]), flips, now


def test_an_unchanged_frame_is_not_flipped_again() -> None:
    presenter, flips, _ = _presenter()
    screen = pygame.Surface((40, 30))
    screen.fill((10, 20, 30))
    assert presenter.present(screen)
    assert not presenter.present(screen)
    assert not presenter.present(screen)
    assert len(flips) == 1


def test_one_changed_pixel_is_flipped() -> None:
    presenter, flips, _ = _presenter()
    screen = pygame.Surface((40, 30))
    presenter.present(screen)
    screen.set_at((39, 29), (1, 0, 0))
    assert presenter.present(screen)
    screen.set_at((39, 29), (0, 0, 0))  # back as it was: still a change from what is shown
    assert presenter.present(screen)
    assert len(flips) == 3


def test_an_event_or_a_while_shows_the_same_frame_again() -> None:
    presenter, flips, now = _presenter()
    screen = pygame.Surface((40, 30))
    presenter.present(screen)
    presenter.invalidate()
    assert presenter.present(screen)
    now[0] += STILL_REFRESH_SECONDS / 2
    assert not presenter.present(screen)
    now[0] += STILL_REFRESH_SECONDS
    assert presenter.present(screen)
    assert len(flips) == 3 and presenter.flips == 3


def test_a_relaxed_clock_sleeps_to_the_deadline_without_polling() -> None:
    now = [0.0]
    sleeps: list[float] = []
    held: list[float] = []

    def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        now[0] += max(seconds, 0.0001)

    clock = FrameClock(now=lambda: now[0], sleep=sleep, before_deadline=lambda: held.append(now[0]))
    clock.tick(60)
    clock.exact = False
    now[0] += 0.004
    clock.tick(60)
    assert sleeps == [1 / 60 - 0.004]  # one sleep to the deadline, no polling after it
    assert held == [1 / 60]  # the coach's gate is still held for the frame
    clock.exact = True
    clock.tick(60)
    assert len(sleeps) > 2  # an exact tick sleeps short, then polls


def test_the_app_flips_a_still_screen_once_and_a_move_at_once(make_app) -> None:  # noqa: F811
    app = make_app()
    key(pygame.K_RETURN)  # title -> a 3x3 game
    frames(app, 30)
    before = app._presenter.flips
    frames(app, 5)
    assert app._presenter.flips == before  # nothing moved: nothing copied to the display
    key(KEYS["U"])
    frames(app, 1)
    assert app._presenter.flips == before + 1  # the frame of the key press is shown
