"""What the app keeps for the player: settings saved field by field and games recorded, on
the writer thread, with save trouble told once in the window (``SaveWatch``)."""

from __future__ import annotations

import dataclasses
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

from game.core.names import shown_name
from game.core.settings import Settings
from game.store.highscores import AddResult, HighScores, utc_stamp
from game.store.history import GameRecord
from game.store.history_scores import HistoryScores
from game.store.settings_file import SettingsChanges, SettingsStore
from game.ui.context import Writer
from game.ui.notice import SaveWatch


class Keeper:
    """The player's settings and records, and the saves that keep them."""

    def __init__(self, store: SettingsStore, writer: Writer, scores: HighScores) -> None:
        self.store = store
        self.writer = writer
        self.scores = scores
        self.settings = Settings.from_dict(store.load())
        self._changes = SettingsChanges(store)
        """What this instance changed: only that is written (other windows share the file)."""
        self.warning: str | None = store.warning or scores.take_warning()
        """A one-line note about a settings or scores file that was set aside, if any."""
        self._run = uuid.uuid4().hex
        """This run of the game: the stats' session mean covers its games."""
        self.saves = SaveWatch(scores, lambda: scores.retry(writer))

    def change(self, settings: Settings) -> None:
        """Use ``settings`` from now on and save the fields that changed in the background."""
        old, self.settings = self.settings, settings
        if self._changes.note(old, settings):
            self.save_settings()

    def save_settings(self) -> None:
        """Queue a write of this instance's unwritten changes (only those fields, on top of
        the file as it is then) on the writer thread."""
        changes, store, saves = self._changes, self.store, self.saves
        path = getattr(store, "path", None) or Path("settings.json")

        def save() -> None:
            try:
                changes.write()
            except OSError as exc:  # kept pending; the player is told once, in the window
                saves.settings_saved(exc, path)
                raise
            finally:
                aside, store.warning = store.warning, None
                if aside:  # a damaged file was set aside by the re-read, not overwritten
                    saves.tell(aside)
            saves.settings_saved(None, path)

        self.writer.submit(save)

    def record(self, game: GameRecord) -> tuple[GameRecord, AddResult | None]:
        """Remember a game, finished or abandoned: stamped with its start, this run and the
        remembered player name, it is written on the writer thread. The game as recorded,
        and for a win where it landed in the high scores."""
        game = self.stamped(game)
        return game, self.scores.add_game(game, self.writer)

    def stamped(self, game: GameRecord) -> GameRecord:
        """``game`` as it is recorded: its start time, this run, the player's name."""
        started = datetime.now(UTC) - timedelta(seconds=game.seconds)
        self._refresh_name()
        return dataclasses.replace(game, started=utc_stamp(started), session=self._run,
                                   name=shown_name(self.settings.player_name))

    def name_game(self, game: GameRecord, name: str) -> None:
        """Put a recorded game under ``name`` (typed at its end screen) and remember it."""
        if isinstance(self.scores, HistoryScores):
            self.scores.rename(game, name, self.writer)
        self._refresh_name()  # typed here: this window's choice, whatever another one typed
        if name != self.settings.player_name:
            self.change(dataclasses.replace(self.settings, player_name=name))

    def _refresh_name(self) -> None:
        """Take the remembered name as it stands on disk now (another window may have typed
        one since this one started); not a change of this instance, so nothing is written.
        Called when a name is needed (a game stamped, its prompt opened), not every frame."""
        name = self._changes.remembered_name()
        if name != self.settings.player_name:
            self.settings = dataclasses.replace(self.settings, player_name=name)

    def close(self) -> None:
        """One last try for games held in memory, and a save of settings a failed save left
        pending (only those: never a stale copy)."""
        self.scores.retry(self.writer)
        if self._changes.pending:
            self.save_settings()
