"""Every scene at every window size: text inside the window, never overlapping, readable."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

import pygame
import pytest

from game.core.actions import CycleHint, Move
from game.core.board import Board
from game.core.generate import random_board
from game.core.notation import parse_board
from game.core.recording import Recording
from game.core.scoring import MoveClass, ScoreSheet
from game.core.spec import GameSpec
from game.core.summary import summarize
from game.store.highscores import Entry
from game.ui import fonts as fonts_module
from game.ui.app import App
from game.ui.end_words import EndScreenView
from game.ui.scenes.base import Scene
from game.ui.scenes.end import EndScene, ScoresScene
from game.ui.scenes.keys import KeysScene
from game.ui.scenes.menus import SettingsScene
from game.ui.scenes.pause import PauseMenu
from game.ui.scenes.play import PlayScene
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.stats import StatsScene
from game.ui.scenes.title import GeneratingScene, TitleScene
from tests.app_driver import make_app as make_app  # noqa: F401  (fixture)
from tests.fakes_front import FakeWorker

SIZES = ((640, 600), (760, 820), (1024, 640), (1920, 1080), (3840, 2160))
DEFAULT = (760, 820)
MIN_LINE_PX = 16
"""Every text's line box at the default window, in pixels (CSS-like 16 px type)."""


@dataclass(frozen=True)
class Drawn:
    text: str
    rect: pygame.Rect
    clip: pygame.Rect


class RecordingSurface(pygame.Surface):
    """A window stand-in that notes every text blitted on it (after the last full overlay)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.texts: list[Drawn] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        rect = pygame.Rect(dest if isinstance(dest, pygame.Rect) or len(dest) == 4
                           else (dest, source.get_size()))
        rect.size = source.get_size() if area is None else pygame.Rect(area).size
        assert fonts_module.RENDERED is not None
        text = fonts_module.RENDERED.text_of(source)
        if text is not None:
            self.texts.append(Drawn(text, rect, self.get_clip()))
        elif rect.contains(self.get_rect()):
            self.texts.clear()  # a full-window overlay: what is under it no longer counts
        elif source.get_alpha() is None and not source.get_flags() & pygame.SRCALPHA:
            # an opaque band (such as the save notice) hides the text it covers
            self.texts = [t for t in self.texts if not rect.colliderect(t.rect)]
        return super().blit(source, dest, area, special_flags)


@pytest.fixture(autouse=True)
def record_text() -> Iterator[None]:
    fonts_module.RENDERED = fonts_module.TextLog()
    yield
    fonts_module.RENDERED = None


def summary_for(board: Board):
    sheet = ScoreSheet.start(12, width=board.width, height=board.height)
    for cls in [MoveClass.OPTIMAL] * 3 + [MoveClass.WASTEFUL] + [MoveClass.OPTIMAL] * 10:
        sheet = sheet.after_move(cls)
    sheet = sheet.after_undo(sheet.line).after_restart().after_undo(sheet.line)
    return summarize(sheet.after_hint(1), 83.4, True)


def entries(n: int) -> list[Entry]:
    return [Entry(f"player{i}", 2000 - 37 * i, 30.5 + i, 20 + i, 8, "A", "2026-11-22T05:00:00Z")
            for i in range(n)]


Build = Callable[[App], Scene]


def play_scene(width: int, height: int, hint_level: int = 0, pause: bool = False,
               notice: str | None = None, solve: bool = False) -> Build:
    def build(app: App) -> Scene:
        if notice is not None:
            app.keeper.saves._text, app.keeper.saves._left = notice, 5.0
        board = random_board(width, height, __import__("random").Random(3))
        scene = PlayScene(app, board, app_spec(board))
        for _ in range(hint_level):
            scene.game.session.apply(CycleHint())
        if pause:
            scene.menu = PauseMenu()
        if solve:  # Space before the coach has a line: the banner says it waits
            scene.game.solve()
        return scene
    return build


def ghost_scene(kind: str) -> Build:
    """A 4x4 race 3.5 s in: the HUD's ghost column and the ghost's tile outlines (best), or
    the coach's ghost still waiting for its line (coach)."""
    def build(app: App) -> Scene:
        from game.core.board import inverse_moves
        from game.core.ghost import GhostChoice, GhostKind

        board = Board.goal(4, 4).apply_all("DDDRRR")
        line = inverse_moves("DDDRRR")
        rec = Recording(board, tuple(Move(m) for m in line),
                        tuple(1000 * (i + 1) for i in range(len(line))))
        choice = GhostChoice(GhostKind.BEST, recording=rec) if kind == "best" \
            else GhostChoice(GhostKind.COACH, 8)
        scene = PlayScene(app, board, GameSpec(4, 4, board=board, ghost=choice))
        scene.game.session.elapsed = 3.5
        return scene
    return build


def with_news(build: Build) -> Build:
    """``build`` with the footer's longest news: moves judged again both ways."""
    def told(app: App) -> Scene:
        from game.play.words import rejudged_words

        scene = build(app)
        assert isinstance(scene, PlayScene)
        off, on, unknown = MoveClass.OFF_LINE, MoveClass.LINE, MoveClass.UNKNOWN
        scene.game.news.tell(rejudged_words([(103, off, on, 50), (104, off, on, 50),
                                         (111, unknown, off, -10)]))
        return scene
    return told


def warming(build: Build) -> Build:
    """``build`` while the coach is still building its tables (progress bar and words)."""
    def with_progress(app: App) -> Scene:
        from game.core.coach import CoachState, WorkerStatus

        app.worker.status = WorkerStatus(CoachState.WARMING_UP, progress=0.42,
                                         work="building the 4x4 tables")
        return build(app)
    return with_progress


def app_spec(board: Board):
    from game.core.spec import GameSpec

    return GameSpec(board.width, board.height, seed=7)


def end_scene(app: App) -> Scene:
    board = Board.goal(4, 4)
    scene = EndScene(app, summary_for(board), app_spec(board), board)
    scene.view = EndScreenView(summary_for(board), tuple(entries(10)), rank=9,
                               badges=("best points", "best time"), game_id="4x4-123456789",
                               warning="scores can't be saved: the data folder is read-only")
    return scene


SCENES: dict[str, Build] = {
    "title": lambda app: TitleScene(app, 4, 4),
    "settings": SettingsScene,
    "generating": lambda app: GeneratingScene(app, app_spec(Board.goal(4, 4)), 1),
    "play-3x3": play_scene(3, 3),
    "title-warming": warming(lambda app: TitleScene(app, 4, 4)),
    "generating-warming": warming(
        lambda app: GeneratingScene(app, app_spec(Board.goal(4, 4)), 1)),
    "play-4x4-warming": warming(play_scene(4, 4, hint_level=1)),
    "play-3x3-path": play_scene(3, 3, hint_level=2),
    "keys": KeysScene,
    "play-4x4-hints": play_scene(4, 4, hint_level=1),
    "play-4x4-path": play_scene(4, 4, hint_level=2),
    "play-5x5": play_scene(5, 5),
    "play-5x5-news": with_news(play_scene(5, 5)),
    "play-3x3-space-waits": play_scene(3, 3, solve=True),
    "play-10x10": play_scene(10, 10),
    "play-ghost-best": ghost_scene("best"),
    "play-ghost-coach": ghost_scene("coach"),
    "pause": play_scene(4, 4, pause=True),
    "end": end_scene,
    "scores": lambda app: ScoresScene(app, "4x4"),
    "stats": lambda app: StatsScene(app, "4x4"),
    "notice": play_scene(4, 4, notice="scores can't be saved: the data folder is read-only"),
    "replay": lambda app: ReplayScene(app, replay_recording()),
}


def replay_recording() -> Recording:
    board = parse_board("1 2 3/4 0 6/7 5 8")
    moves = [Move(m) for m in "ULRDUL"]  # a detour, then the way home
    return Recording(board, tuple(moves), tuple(400 * i for i in range(1, len(moves) + 1)))


def overlaps(texts: list[Drawn]) -> list[tuple[str, str]]:
    bad = []
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if a.rect.colliderect(b.rect) and a.rect.clip(b.rect).width * \
                    a.rect.clip(b.rect).height > 4:
                bad.append((a.text, b.text))
    return bad


def drawn_at_each_size(app: App, build: Build, large: bool
                       ) -> Iterator[tuple[tuple[int, int], RecordingSurface]]:
    """The scene ``build`` makes, drawn once at each of SIZES with large text on or off."""
    app.set_settings(replace(app.settings, large_text=large))
    for size in SIZES:
        surface = RecordingSurface(size)
        app.screen = surface
        scene = build(app)
        scene.update(1 / 60)
        scene.draw(surface)
        yield size, surface


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("name", sorted(SCENES))
def test_text_fits_the_window_and_never_overlaps(make_app, name: str, large: bool) -> None:
    for size, surface in drawn_at_each_size(make_app(FakeWorker()), SCENES[name], large):
        assert surface.texts, f"{name} at {size} drew no text"
        check_text_fits(surface, name, size)


def check_text_fits(surface: RecordingSurface, name: str, size: tuple[int, int]) -> None:
    """Every text drawn on ``surface`` is inside the window, unclipped, overlapping no other,
    and (at the default size) at least MIN_LINE_PX high."""
    window = surface.get_rect()
    for drawn in surface.texts:
        assert window.contains(drawn.rect), f"{drawn.text!r} leaves the {size} window"
        assert drawn.clip.contains(drawn.rect), f"{drawn.text!r} is clipped at {size}"
    assert not overlaps(surface.texts), f"{name} at {size}: {overlaps(surface.texts)}"
    if size == DEFAULT:
        small = [(d.text, d.rect.height) for d in surface.texts if d.rect.height < MIN_LINE_PX]
        assert not small, f"{name}: text under {MIN_LINE_PX} px at {size}: {small}"


ENTRY = {"title": "Play", "settings": "Back", "pause": "Restart"}
"""A menu entry of each menu, to measure."""
TITLE = {"title": "FIFTEEN", "settings": "Settings", "pause": "Paused"}


@pytest.mark.parametrize("name", sorted(ENTRY))
def test_large_text_makes_a_menus_entries_larger_at_every_size(make_app, name: str) -> None:
    """Newcomer playtest: with large text on, the ten settings at 640x600 stayed the size
    they were (the rows had no room to grow); the title now gives up room to them."""
    heights: dict[bool, list[int]] = {}
    titles: dict[bool, list[int]] = {}
    for large in (False, True):
        for _, surface in drawn_at_each_size(make_app(FakeWorker()), SCENES[name], large):
            (entry,) = [d for d in surface.texts if d.text == ENTRY[name]]
            heights.setdefault(large, []).append(entry.rect.height)
            (title,) = [d for d in surface.texts if d.text == TITLE[name]]
            titles.setdefault(large, []).append(title.rect.height)
    for size, normal, large_px in zip(SIZES, heights[False], heights[True], strict=True):
        assert large_px >= 1.15 * normal, f"{name} at {size}: {normal} px, large {large_px} px"
    # and the title no smaller (a newcomer saw "FIFTEEN" and "Settings" shrink)
    for size, normal, large_px in zip(SIZES, titles[False], titles[True], strict=True):
        assert large_px >= normal - 1, f"{name}'s title at {size}: {normal}, large {large_px}"


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
def test_the_keys_rows_are_drawn_at_one_size_on_one_edge(make_app, large: bool) -> None:
    """Newcomer playtest: with large text at 760x820 four long descriptions were shrunk and
    centred on their own, smaller and indented unlike the rest."""
    from game.ui.input import KEYS_HELP

    words = {what for _, what in KEYS_HELP}
    for size, surface in drawn_at_each_size(make_app(FakeWorker()), SCENES["keys"], large):
        rows = [d.rect for d in surface.texts if d.text in words]
        assert len(rows) == len(words)
        heights = [r.height for r in rows]  # one size (a rendering may differ by a pixel)
        assert max(heights) - min(heights) <= 1 and len({r.left for r in rows}) == 1, \
            (size, [(d.text, d.rect) for d in surface.texts if d.text in words])
