"""Round-2 playtest fixes: honest pop-ups, the hint footer's words, the coach on the chart,
the end screen's subtitle."""

from __future__ import annotations

import pygame

from game.core.scoring import ScoreSheet
from game.core.summary import GameSummary, summarize
from game.ui.chart import chart_geometry, coach_segments
from game.ui.end_words import game_subtitle
from tests.app_driver import KEYS, SEEN_FRAMES, frames, key, play
from tests.app_driver import make_app as make_app  # noqa: F401  (fixture)
from tests.fakes_front import FakeWorker
from tests.test_summary import OPT
from tests.test_summary import play as play_sheet


def _popups(scene) -> list[str]:  # noqa: ANN001
    return [p.text for p in scene.effects.popups]


def test_a_popup_says_what_the_move_did_to_the_points_figure(make_app) -> None:  # noqa: ANN001
    app = make_app(FakeWorker())
    scene = play(app)
    frames(app, 3)
    key(pygame.K_h)
    key(pygame.K_h)  # level 2: each position costs 10, each optimal move earns 10
    frames(app, SEEN_FRAMES)
    before = scene.game.session.sheet.net
    key(KEYS["U"])
    frames(app, 2)
    # never "+0 hint" (a newcomer read it as a bug): the move's +10, as the footer and the
    # README call an optimal move where a hint was shown, and the help it paid for apart (the
    # steps it was made with, and the chevrons where it arrived along them: the steps seen
    # showed the way there); together they are what the move did to the points figure
    assert _popups(scene) == ["+10 -10 hint"]
    assert scene.game.session.sheet.net - before == 10 - 10


def test_without_hints_the_popup_is_the_moves_points(make_app) -> None:  # noqa: ANN001
    app = make_app(FakeWorker())
    scene = play(app)
    frames(app, 3)
    key(KEYS["U"])
    frames(app, 2)
    assert _popups(scene) == ["+10"] and scene.game.session.points == 10


def test_the_hint_footer_says_what_h_does_next(make_app) -> None:  # noqa: ANN001
    app = make_app(FakeWorker())
    scene = play(app)
    key(pygame.K_h)
    frames(app, 2)
    footer = scene.hud_view().footer
    assert "H: the next steps" in footer
    assert "no perfect bonus" in footer  # the price of a hint is more than its 5
    key(pygame.K_h)
    frames(app, 2)
    assert "H hides them" in scene.hud_view().footer


def test_the_chart_draws_the_coachs_moves_apart() -> None:
    summary = _coach_finished()
    assert summary.by_coach == (False, False, True, True)
    geo = chart_geometry(summary.distances, (0, 0, 400, 200))
    segments = coach_segments(geo, summary.distances, summary.by_coach)
    assert len(segments) == 2
    assert segments[0][0][0] < segments[0][1][0] == segments[1][0][0] < segments[1][1][0]


def _coach_finished() -> GameSummary:
    sheet = play_sheet(ScoreSheet.start(4), "oo")
    for _ in range(2):
        sheet = sheet.after_move(OPT, by_coach=True)
    return summarize(sheet, 5.0, solved_by_player=False)


def test_the_end_screen_subtitle_names_the_game_once() -> None:
    assert game_subtitle("4x4", "4x4-1124") == "game 4x4-1124"
    assert game_subtitle("3x3", "1 6 7/4 0 8/3 2 5") == "3x3 board 1 6 7/4 0 8/3 2 5"
    long_board = " ".join(str(i) for i in range(25))
    assert game_subtitle("5x5", long_board) == "5x5"
    assert game_subtitle("4x4", "") == "4x4"


def test_a_wasteful_move_at_zero_points_still_says_what_it_cost(make_app) -> None:  # noqa: ANN001
    app = make_app(FakeWorker())
    scene = play(app)
    frames(app, 3)
    key(KEYS["D"])  # away from the goal: wasteful, and POINTS stays at its floor of 0
    frames(app, 2)
    assert scene.game.session.points == 0
    assert _popups(scene) == ["-10"]


def test_the_end_screen_says_points_never_go_below_zero() -> None:
    from game.core.scoring import MoveClass
    from game.ui import fonts as fonts_module
    from game.ui.end_screen import draw_end_screen
    from game.ui.end_words import EndScreenView
    from game.ui.theme import get_theme

    sheet = ScoreSheet.start(4)
    for _ in range(3):
        sheet = sheet.after_move(MoveClass.WASTEFUL)
    summary = summarize(sheet, 5.0, solved_by_player=False)
    assert summary.points == 0 and summary.move_points < 0
    drawn: list[str] = []

    class Spy(pygame.Surface):
        def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
            assert fonts_module.RENDERED is not None
            drawn.append(fonts_module.RENDERED.text_of(source) or "")
            return super().blit(source, dest, area, special_flags)

    fonts_module.RENDERED = fonts_module.TextLog()
    try:
        pygame.display.init()
        draw_end_screen(Spy((760, 820)), EndScreenView(summary), get_theme("classic"),
                        fonts_module.Fonts())
    finally:
        fonts_module.RENDERED = None
    assert "0 points (never below 0)" in drawn


def test_news_of_moves_judged_again_replaces_the_last_pop_up(make_app) -> None:  # noqa: ANN001
    """Two re-judgings in a row drew two pop-ups over each other; the newest one says it,
    both ways apart ("+10 -10 judged again", not "+0")."""
    from game.play.events import Rejudged

    app = make_app(FakeWorker())
    scene = play(app)
    scene._event(Rejudged(1, -10, 0, -10))
    scene._event(Rejudged(2, 0, 10, -10))
    assert [text for text in _popups(scene) if "judged again" in text] == \
        ["+10 -10 judged again"]


def test_beyond_exact_reach_the_hint_footer_names_no_perfect_bonus() -> None:
    """A newcomer read "hints on: -5 a move, no perfect bonus" on 5x5, where the README says
    there is no perfect bonus to lose."""
    from game.play.words import hint_words

    assert hint_words(None, 1, False) == \
        "hints on: -5 a move, no perfect bonus (H: the next steps)"
    assert hint_words(None, 1, False, exact=False) == "hints on: -5 a move (H: the next steps)"
