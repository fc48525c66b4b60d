"""Fifth newcomer playtest: hiding hints is free, an undone restart gives its cost back and
every screen counts it alike, pop-ups never say "+0", news sits clear of the board, and a
best streak of 0 says why."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.cli.main import main
from game.core.actions import CycleHint, Move, Redo, Restart, Undo
from game.core.scoring import BASE_POINTS, HINT_COST_PER_LEVEL, RESTART_COST, MoveClass
from game.core.spec import GameSpec
from game.core.summary import STREAK_HELD
from game.play.events import Scored
from game.play.help import HELP_SEEN_SECONDS
from game.play.session import Session
from game.store.history import HISTORY_FILE, History
from game.ui.effects import Popup, popup_rect
from game.ui.end_words import end_screen_text
from game.ui.layout import MIN_WINDOW, REFERENCE_WINDOW, compute_layout
from game.ui.scenes.end import EndScene
from tests.app_driver import KEYS, frames, key
from tests.fakes_front import exact_hint
from tests.history_driver import START, make_app
from tests.history_driver import data_home as data_home  # noqa: F401  (fixture)

# --- 1. the H cycle -----------------------------------------------------------------------


def test_hiding_hints_from_level_one_costs_nothing_more() -> None:
    """Off -> chevrons -> steps -> off: the steps passed on the way to off are not paid."""
    s = Session(START, oracle=exact_hint)
    s.apply(CycleHint())
    s.tick(HELP_SEEN_SECONDS)
    assert s.sheet.hints_used == 1  # the chevrons: paid as soon as seen
    s.apply(CycleHint())
    s.tick(HELP_SEEN_SECONDS)
    assert s.hint_level == 2 and s.sheet.hints_used == 1  # the steps: not yet
    s.apply(CycleHint())
    assert s.hint_level == 0 and s.sheet.hints_used == 1


def test_the_steps_are_paid_by_the_move_made_with_them() -> None:
    s = Session(START, oracle=exact_hint)
    s.apply(CycleHint())
    s.apply(CycleHint())
    s.tick(HELP_SEEN_SECONDS)
    change = s.apply(Move("U"))
    s.tick(HELP_SEEN_SECONDS)
    assert change is not None and change.cues == (MoveClass.OPTIMAL,)
    # level 2 at the start (moved with) and level 1 where it arrived; the move was hinted
    assert s.sheet.hints_used == 3 and s.sheet.line is not None and s.sheet.line.assisted
    assert s.sheet.net == BASE_POINTS - 3 * HINT_COST_PER_LEVEL
    s.apply(CycleHint())  # hidden before moving on: the steps here cost nothing
    assert s.hint_level == 0 and s.sheet.hints_used == 3
    kept = s.sheet
    s._rescore()  # a replay of the whole game charges what the player saw then
    assert s.sheet.hints_used == kept.hints_used and s.sheet.net == kept.net


# --- 2. restart and its undo ----------------------------------------------------------------


def test_undoing_a_restart_takes_its_cost_back_and_redo_charges_it_again() -> None:
    s = Session(START, oracle=exact_hint)
    s.apply(Move("U"))
    s.apply(Restart())
    assert s.sheet.restarts == 1 and s.sheet.moves == 0
    s.apply(Undo())
    assert s.sheet.restarts == 0 and s.sheet.moves == 1
    assert s.sheet.net == BASE_POINTS - 5  # the move's +10, the undo's -5; no -25
    s.apply(Move("D"))
    s.apply(Undo())
    s.apply(Restart())
    s.apply(Undo())
    s.apply(Redo())
    assert s.sheet.restarts == 1 and s.sheet.costs == RESTART_COST + 3 * 5


def _end_scene(app, moves: str):  # noqa: ANN001, ANN202
    app.start_game(GameSpec(3, 3, board=START))
    frames(app, 2)
    for letter in moves:
        k = {"R": pygame.K_r, "Z": pygame.K_u}.get(letter) or KEYS[letter]
        key(k)
        frames(app, 10)
    frames(app, 80)
    assert isinstance(app.scene, EndScene)
    return app.scene


@pytest.mark.parametrize(("moves", "restarts"), [("URZL", 0), ("URUL", 1)])
def test_every_screen_counts_restarts_and_points_alike(data_home: Path, capsys,  # noqa: F811
                                                      moves: str, restarts: int) -> None:
    """Play with a restart (undone, or kept) and finish: the end screen, the saved record,
    the top 10 and `replay --last --text` show one total and one restart count."""
    app = make_app(data_home)
    try:
        scene = _end_scene(app, moves)
        summary, record = scene.summary, scene.record
        text = end_screen_text(scene.view)
        table = scene.view.entries  # the top 10 it is shown in (the board's own)
    finally:
        app.close()
    assert summary.restarts == restarts and summary.undos == moves.count("Z")
    assert summary.costs == restarts * RESTART_COST + summary.undos * 5
    stats = dict(text.stats)
    assert stats["Points"] == str(summary.points)
    assert (f"1 restart (-{RESTART_COST})" in " ".join(text.notes)) == bool(restarts)
    assert record is not None and record.points == summary.points
    saved = History(data_home / HISTORY_FILE).last()
    assert saved is not None and saved.points == summary.points
    assert [entry.points for entry in table] == [summary.points]
    assert main(["replay", "--last", "--text"]) == 0
    lines = capsys.readouterr().out.splitlines()
    totals = lines[-1]
    assert f" · {summary.points} points · " in totals
    assert totals.endswith(f"undos {summary.undos} · restarts {summary.restarts}")
    assert sum(line.endswith("  restart") for line in lines) == 1  # the action, either way
    assert main(["stats", "--json"]) == 0  # one solved game, as the end screen said
    assert '"solves": 1' in capsys.readouterr().out


# --- 3. pop-ups ----------------------------------------------------------------------------


def test_a_hinted_optimal_move_pops_its_points_and_the_hint_cost_apart() -> None:
    def words(gained: int, hint_cost: int = 0, multiplier: int = 1,
              assisted: bool = False) -> str:
        return Scored(MoveClass.OPTIMAL, gained, multiplier, assisted, (0, 0),
                      hint_cost=hint_cost).words

    assert words(0, -10, assisted=True) == "+10 -10 hint"  # was "+0 hint"
    assert words(5, -5, assisted=True) == "+10 -5 hint"
    # help seen here, paid before ("+10 hint" read as a charge with the hints off)
    assert words(10, assisted=True) == "+10 hint seen"
    assert words(20, multiplier=2) == "+20 x2" and words(10) == "+10"


WINDOWS = [MIN_WINDOW, REFERENCE_WINDOW, (1280, 800)]


def _inside(inner: tuple[int, int, int, int], outer: tuple[int, int, int, int]) -> bool:
    return pygame.Rect(outer).contains(pygame.Rect(inner))


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("size", [(3, 3), (4, 4), (5, 5), (10, 3)])
def test_the_news_pill_covers_neither_the_hud_nor_the_board(window: tuple[int, int],
                                                            size: tuple[int, int]) -> None:
    pygame.init()
    from game.ui.fonts import Fonts
    from game.ui.layout import Type, type_px

    layout = compute_layout(window, *size)
    words = Fonts().text("+40 -10 judged again", type_px(window, Type.BODY), (0, 0, 0),
                         bold=True)
    pill = words.get_rect().inflate(words.get_height() * 2 // 3, words.get_height() // 4)
    rect = pygame.Rect(popup_rect(Popup("x", MoveClass.LINE, (0, 1), news=True), pill.size,
                                  layout))
    assert not rect.colliderect(pygame.Rect(layout.hud))
    assert not rect.colliderect(pygame.Rect(layout.plate))
    assert rect.top >= 0 and rect.bottom <= window[1]


@pytest.mark.parametrize("window", WINDOWS)
def test_move_popups_stay_on_the_board(window: tuple[int, int]) -> None:
    layout = compute_layout(window, 3, 3)
    for cell in [(0, 0), (0, 2), (2, 1), (2, 2)]:
        for age in (0.0, 0.4, 0.79):
            rect = popup_rect(Popup("+10 -10 hint", MoveClass.OPTIMAL, cell, age=age),
                              (120, 24), layout)
            assert _inside(rect, layout.plate)
            assert not pygame.Rect(rect).colliderect(pygame.Rect(layout.footer))


# --- 5. the end screen's best streak ---------------------------------------------------------


def test_a_best_streak_of_zero_after_a_hinted_game_says_why() -> None:
    s = Session(START, oracle=exact_hint)
    s.apply(CycleHint())
    for move in s.hint.path:
        s.tick(HELP_SEEN_SECONDS)
        s.apply(Move(move))
    hinted = s.summary()
    assert hinted.best_streak == 0 and hinted.assisted == 2
    assert hinted.streak_words == f"0 ({STREAK_HELD})"
    alone = Session(START, oracle=exact_hint)
    for move in "UL":
        alone.apply(Move(move))
    assert alone.summary().streak_words == "2"


@pytest.mark.parametrize("window", WINDOWS)
def test_the_news_band_lies_between_the_hud_and_the_plate(window: tuple[int, int]) -> None:
    from game.ui.layout import NEWS_BAND_TYPE, type_px

    for cols, rows in [(3, 3), (4, 4), (5, 5), (2, 6)]:
        layout = compute_layout(window, cols, rows)
        nx, ny, nw, nh = layout.news
        assert ny == layout.hud[3] and ny + nh == layout.plate[1]
        assert nh >= type_px(window, NEWS_BAND_TYPE)
        bare = compute_layout(window, cols, rows, news_band=False)  # replay, drill
        assert bare.pitch >= layout.pitch


def test_a_credit_held_back_reads_as_waiting_not_as_a_charge() -> None:
    """A 5x5 move on the coach's first line, whose credit goes when a shorter line no longer
    runs through it, waits for the coach's search: the footer said 'not judged yet (-10)',
    which read like a charge the README says an unsearched position never brings."""
    from game.play.words import rejudged_words

    words = rejudged_words([(4, MoveClass.LINE, MoveClass.UNKNOWN, -BASE_POINTS)])
    assert words == f"move 5 judged again: waiting for the coach's search (-{BASE_POINTS})"
