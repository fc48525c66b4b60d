"""End-of-game screen (figures, chart, top 10; N new, R again, G ghost, D drill, C copy the
daily's result, Esc title; a name asked first for a new top-10 entry), scores view."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.core.board import Board
from game.core.ghost import DEFAULT_TPS, GhostChoice, GhostKind
from game.core.spec import GameKind, GameSpec
from game.core.summary import GameSummary
from game.play.daily_result import daily_result
from game.play.drill import NO_MISTAKES
from game.play.ghost_race import own_best
from game.play.standing import standing
from game.store.highscores import AddResult
from game.store.history import GameRecord
from game.ui.clipboard import copy_line
from game.ui.context import SceneContext
from game.ui.end_screen import draw_end_screen
from game.ui.end_words import COUNT_UP_SECONDS, EndScreenView, count_up
from game.ui.intents import NameGame, Pop, ShowDrill, StartGame, ToTitle
from game.ui.menu import Back, page_key
from game.ui.name_entry import NameChoice, NameEntry
from game.ui.scenes.base import Scene
from game.ui.scenes.drill import drill_of
from game.ui.scores_view import draw_high_scores, scores_view_for, step_shape

DRILL_NOTE_SECONDS = 3.0
"""How long "no mistakes to drill" stays in place of the keys."""


class EndScene(Scene):
    """The finished game's summary and where it landed in the top 10 (entered at the win)."""

    def __init__(self, ctx: SceneContext, summary: GameSummary, spec: GameSpec, start: Board,
                 game_id: str = "", result: AddResult | None = None, *,
                 warning: str | None = None, record: GameRecord | None = None) -> None:
        """``result`` is where the recorded game landed in the top 10 (None: not entered);
        ``warning``: a note about the score file, from the app; ``record``: the game as the
        app entered it (its kind, its own top 10 and its race are told; a name typed for a
        new top-10 entry renames it; the drill replays it)."""
        super().__init__(ctx)
        self.summary = summary
        self.start = start
        self.spec = spec
        self.record = record
        told = standing(ctx.scores, record, summary.coach_part) if record is not None \
            else None
        entries = told.entries if told is not None else ctx.scores.table(summary.shape)
        self.view = EndScreenView.build(summary, result, entries, game_id=game_id,
                                        warning=warning)
        self.view = replace(self.view, own_ghost=own_best(ctx.scores, start) is not None)
        if told is not None:
            self.view = replace(self.view, kind=told.kind, table_title=told.table_title,
                                scope=told.scope, ranked=told.ranked, race=told.race)
        if spec.daily is not None:
            daily = daily_result(ctx.scores, spec.daily, summary, record)
            self.view = replace(self.view, share=daily.share, rank_note=daily.note)
        if spec.kind is GameKind.PRACTICE:  # never ranked, whatever table the app holds
            self.view = replace(self.view, ranked=False, rank=None, badges=())
        self.naming: NameEntry | None = None
        """The name prompt, open over the screen until Enter or Esc (its keys are its own)."""
        if result is not None and result.rank is not None and record is not None \
                and self.view.ranked:
            table = self.view.table_title or f"the {summary.shape} top 10"
            self.naming = NameEntry(ctx.settings.player_name, result.rank, table)
        self.renamed = False
        self.elapsed = 0.0
        self.record = record
        self.note_until = 0.0

    def _entries(self) -> tuple:
        """The top 10 this game is shown in (its own kind's, when it was recorded)."""
        if self.record is not None:
            return standing(self.ctx.scores, self.record).entries
        return tuple(self.ctx.scores.table(self.summary.shape))

    @property
    def text_input(self) -> bool:
        """Every key is typed into the name prompt while it is open (M included)."""
        return self.naming is not None

    def race_choice(self) -> GhostChoice:
        """G: race the best finished game on this board (the coach's line if there is none),
        at the pace of the last coach ghost if there was one."""
        tps = self.spec.ghost.tps if self.spec.ghost is not None else DEFAULT_TPS
        return GhostChoice(GhostKind.BEST, tps)

    def update(self, dt: float) -> None:
        self.elapsed += max(0.0, dt)
        if self.renamed:  # the app has renamed the game since: the table shows the name
            self.renamed = False
            self.view = replace(self.view, entries=self._entries())
        if self.view.drill_note and self.elapsed >= self.note_until:
            self.view = replace(self.view, drill_note="")

    def drill(self) -> None:
        """D: the mistake drill of this game, or a note that there is none."""
        game = self.record
        recording = game.recording() if game is not None and game.board is not None else None
        if game is None or recording is None or drill_of(
                recording, game.judgements, game.distances) is None:
            self.view = replace(self.view, drill_note=NO_MISTAKES)
            self.note_until = self.elapsed + DRILL_NOTE_SECONDS
            return
        self.emit(ShowDrill(recording, game.judgements, game.distances))

    @property
    def prompting(self) -> bool:
        """The name prompt is drawn: once the points have counted up to the total (a
        newcomer's "New #1" prompt opened over a passing figure)."""
        return self.naming is not None and (self.ctx.settings.reduced_motion
                                            or self.elapsed >= COUNT_UP_SECONDS)

    def handle(self, event: pygame.event.Event) -> None:
        if self.naming is not None:
            if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):  # typing before it opened:
                self.elapsed = max(self.elapsed, COUNT_UP_SECONDS)  # the total, the prompt
            self._name_event(event)
            return
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_c and self.view.share:
            copied = copy_line(self.view.share)
            self.view = replace(self.view, share_note=copied.message,
                                share_copied=copied.copied)
        elif event.key == pygame.K_n:
            self.emit(StartGame(self.spec.fresh()))
        elif event.key == pygame.K_r:  # the same board: seeded or custom from now on
            self.emit(StartGame(self.spec.again(self.start)))
        elif event.key == pygame.K_g:
            self.emit(StartGame(replace(self.spec.again(self.start),
                                        ghost=self.race_choice())))
        elif event.key == pygame.K_d:
            self.drill()
        elif event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.emit(ToTitle())

    def _name_event(self, event: pygame.event.Event) -> None:
        assert self.naming is not None
        done = self.naming.handle(event)
        if done is None:
            return
        self.naming = None
        if done.choice is NameChoice.KEPT and self.record is not None:
            self.emit(NameGame(self.record, done.name))
            self.renamed = True

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        if not self.ctx.settings.reduced_motion:
            view = replace(view, points_shown=count_up(view.summary.points, self.elapsed))
        draw_end_screen(surface, view, self.ctx.theme, self.ctx.fonts)
        if self.naming is not None and self.prompting:
            self.naming.draw(surface, self.ctx.theme, self.ctx.fonts)
        self.draw_notice(surface)


DAILY_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_w, pygame.K_s)
"""On the high scores: between a size's random boards and its dailies."""


class ScoresScene(Scene):
    """The per-size high-score tables; Left/Right change the size, Up/Down show the random
    boards' top 10 or the dailies', Esc goes back."""

    def __init__(self, ctx: SceneContext, shape: str, *, warning: str | None = None) -> None:
        super().__init__(ctx)
        self.view = scores_view_for(ctx.scores, shape, warning=warning)

    @property
    def shape(self) -> str:
        """The board size on show."""
        return self.view.current

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in DAILY_KEYS:
            self.view = scores_view_for(self.ctx.scores, self.shape, daily=not self.view.daily)
            return
        step = page_key(event)
        if isinstance(step, Back):
            self.emit(Pop())
        elif step is not None:
            self.view = scores_view_for(self.ctx.scores, step_shape(self.view, step),
                                        daily=self.view.daily)

    def draw(self, surface: pygame.Surface) -> None:
        draw_high_scores(surface, self.view, self.ctx.theme, self.ctx.fonts)
        self.draw_notice(surface)
