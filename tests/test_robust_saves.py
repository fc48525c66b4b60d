"""Robustness: saving on a hostile disk never loses a score, never crashes, never floods.

Running as root, permissions do not stop writes, so a read-only folder is tested two ways:
by injecting ``OSError(EROFS)`` at the write seam (``os.open`` of the temp file) in-process,
and for real by running the save as ``nobody`` under ``setpriv`` in a folder made read-only
with chmod (skipped where that is impossible).
"""

from __future__ import annotations

import errno
import json
import multiprocessing
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pygame
import pytest

from game.core.settings import Settings
from game.store.highscores import SCORES_VERSION, HighScores, default_data
from game.store.settings_file import open_settings_store
from game.store.storage import MAX_FILE_BYTES, BackgroundWriter, JsonStore, data_dir
from game.ui.app import App
from game.ui.audio import Sounds
from game.ui.notice import NOTICE_SECONDS, SAVE_RETRY_SECONDS
from game.ui.scenes.end import EndScene
from game.ui.scenes.title import TitleScene
from tests.app_driver import frames, key, play
from tests.fakes_front import FakeClock, FakeWorker, MemoryStore

ROOT = Path(__file__).resolve().parent.parent
KILLS = 5
SLOW_KILLS = 50


def scores_store(folder: Path) -> JsonStore:
    return JsonStore(folder / "scores.json", version=SCORES_VERSION, defaults=default_data,
                     kind="scores")


def app_with(scores: HighScores, writer: BackgroundWriter) -> App:
    app = App(worker=FakeWorker(), clock=FakeClock(), writer=writer,
              settings_store=MemoryStore(), sounds=Sounds.silent(), window=(640, 720),
              scores=scores)
    app.push(TitleScene(app, 3, 3))
    return app


def win(app: App) -> None:
    play(app)
    key(pygame.K_UP)
    key(pygame.K_LEFT)
    frames(app, 90)
    assert isinstance(app.scene, EndScene)


def test_read_only_folder_keeps_the_win_tells_once_and_saves_it_later(
        tmp_path, monkeypatch, capfd, caplog) -> None:
    real_open = os.open

    def read_only(path, flags, *args):  # the write seam: the temp file of an atomic save
        if str(path).endswith(".tmp"):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", read_only)
    scores = HighScores(scores_store(tmp_path)).load()
    writer = BackgroundWriter()
    app = app_with(scores, writer)
    try:
        win(app)
        assert writer.flush(5.0)
        frames(app)
        assert app.scene.view.rank == 1 and len(scores.table("3x3")) == 1  # kept in memory
        assert scores.unsaved == 1
        assert app.notice.startswith(
            f"1 game not saved yet (kept, retrying): read-only file system ({tmp_path}")
        for _ in range(int(NOTICE_SECONDS / 0.5) + 1):
            app.frame(0.5)
        assert app.notice is None  # told once, not for ever
        monkeypatch.setattr(os, "open", real_open)  # the disk is writable again
        for _ in range(int(SAVE_RETRY_SECONDS / 0.5) + 1):
            app.frame(0.5)
        assert writer.flush(5.0)
        assert scores.unsaved == 0 and scores.save_problem is None
    finally:
        app.close()
    saved = HighScores(scores_store(tmp_path)).load().table("3x3")
    assert [e.moves for e in saved] == [2]
    assert "Traceback" not in capfd.readouterr().err
    logged = [r for r in caplog.records if "background write failed" in r.getMessage()]
    assert len(logged) == 1 and not logged[0].exc_info  # one line, no traceback


AS_NOBODY = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
NOBODY_PROBE = "import game, game.store.highscores, game.core.summary; print(game.__file__)"
"""What the save run as ``nobody`` needs: the copied package and the environment's libraries."""


@pytest.fixture
def nobody_dir():
    """A folder ``nobody`` can enter (pytest's tmp_path is private to root), holding a copy of
    this checkout's ``game`` package in ``src``: the checkout itself may sit where ``nobody``
    cannot go (a clone inside a ``mktemp -d`` folder). Skips when ``nobody`` cannot run this
    Python (a virtual environment inside such a folder) or would import another copy."""
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv to run a save as another user")
    folder = Path(tempfile.mkdtemp(prefix="fifteen-ro-"))
    try:
        folder.chmod(0o755)
        shutil.copytree(ROOT / "game", folder / "src" / "game",
                        ignore=shutil.ignore_patterns("__pycache__"))
        for path in (folder / "src", *(folder / "src").rglob("*")):
            path.chmod(0o755 if path.is_dir() else 0o644)
        probe = subprocess.run(
            [*AS_NOBODY, sys.executable, "-c", NOBODY_PROBE],
            env={**os.environ, "PYTHONPATH": str(folder / "src")}, cwd=folder,
            capture_output=True, text=True, timeout=60)
        expected = str(folder / "src" / "game" / "__init__.py")
        if probe.returncode != 0 or probe.stdout.strip() != expected:
            why = (probe.stderr.strip().splitlines() or [probe.stdout.strip()])[-1]
            pytest.skip(f"the user nobody cannot run {sys.executable} on a copy of this "
                        f"checkout (is the interpreter in a folder only root can enter?): {why}")
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_read_only_folder_for_real_as_nobody(nobody_dir) -> None:
    data = nobody_dir / "data" / "fifteen"
    data.mkdir(parents=True)
    (data / "scores.json").write_text("{damaged")  # a damaged file it cannot even set aside
    for folder in (nobody_dir / "data", data):
        folder.chmod(0o555)
    script = textwrap.dedent("""
        from game.core.scoring import MoveClass, ScoreSheet
        from game.core.summary import summarize
        from game.store.highscores import HighScores
        from game.store.storage import BackgroundWriter
        scores = HighScores().load()
        print("warning:", scores.take_warning())
        sheet = ScoreSheet.start(3).after_move(MoveClass.OPTIMAL)
        writer = BackgroundWriter()
        result, saved = scores.record(summarize(sheet, 60.0, solved_by_player=True), writer)
        writer.flush(10)
        print("rank:", result.rank, "unsaved:", scores.unsaved)
        print("problem:", scores.save_problem)
        writer.close()
    """)
    env = {**os.environ, "XDG_DATA_HOME": str(nobody_dir / "data"), "HOME": str(nobody_dir),
           "PYTHONPATH": str(nobody_dir / "src")}
    result = subprocess.run([*AS_NOBODY, sys.executable, "-c", script], env=env,
                            capture_output=True, text=True, timeout=60, cwd=nobody_dir)
    assert result.returncode == 0, result.stderr
    assert "could not be moved aside (Permission denied)" in result.stdout
    assert "rank: 1 unsaved: 1" in result.stdout
    assert "problem: permission denied" in result.stdout
    assert "Traceback" not in result.stderr
    assert (data / "scores.json").read_text() == "{damaged"  # never overwritten


def test_folder_is_a_file_starts_plays_and_says_why(tmp_path, monkeypatch, capfd) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    (tmp_path / "fifteen").write_text("I am a file")
    assert open_settings_store().load() == Settings().to_dict()
    scores = HighScores().load()
    writer = BackgroundWriter()
    app = App(worker=FakeWorker(), clock=FakeClock(), writer=writer,
              sounds=Sounds.silent(), window=(640, 720), scores=scores)
    app.push(TitleScene(app, 3, 3))
    try:
        win(app)
        assert writer.flush(5.0)
        frames(app)
        assert "is not a folder" in (app.notice or "")
        assert len(scores.table("3x3")) == 1
    finally:
        app.close()
    assert (tmp_path / "fifteen").read_text() == "I am a file"
    assert "Traceback" not in capfd.readouterr().err


@pytest.mark.parametrize("payload", [b"", b"\xff\xfe\x00", b"[1, 2]", b"{" * 100_000,
                                     b'{"schema": "fifteen.scores", "version": 1, "data": 5}',
                                     b'{"schema": "fifteen.scores", "version": 99, "data": {}}'])
def test_corrupt_score_files_are_kept_aside_and_the_game_goes_on(tmp_path, payload) -> None:
    (tmp_path / "scores.json").write_bytes(payload)
    scores = HighScores(scores_store(tmp_path)).load()
    assert scores.table("3x3") == [] and scores.take_warning()
    asides = list(tmp_path.glob("scores.json.corrupt-*"))
    assert len(asides) == 1 and asides[0].read_bytes() == payload


def test_huge_file_is_kept_aside_unread(tmp_path) -> None:
    path = tmp_path / "scores.json"
    with open(path, "wb") as handle:  # sparse: no need to write the megabytes
        handle.truncate(MAX_FILE_BYTES + 1)
    scores = HighScores(scores_store(tmp_path)).load()
    assert "larger than" in (scores.take_warning() or "")
    assert not path.exists() and len(list(tmp_path.glob("scores.json.corrupt-*"))) == 1


def test_unknown_theme_is_not_kept_or_written_back(tmp_path) -> None:
    store = open_settings_store(tmp_path)
    store.save({**Settings().to_dict(), "theme": "x" * 1_000_000})
    settings = Settings.from_dict(store.load())
    assert settings.theme == Settings().theme
    store.save(settings.to_dict())
    assert (tmp_path / "settings.json").stat().st_size < 1000


def test_saved_files_keep_a_normal_mode(tmp_path) -> None:
    old = os.umask(0o022)
    try:
        store = scores_store(tmp_path)
        store.save(default_data())
        assert (tmp_path / "scores.json").stat().st_mode & 0o777 == 0o644
        os.chmod(tmp_path / "scores.json", 0o640)
        store.save(default_data())
        assert (tmp_path / "scores.json").stat().st_mode & 0o777 == 0o640
    finally:
        os.umask(old)


def test_temp_files_of_dead_writers_are_cleaned(tmp_path) -> None:
    dead = tmp_path / ".scores.json.999999999.0abc.tmp"  # no such process
    old_style = tmp_path / ".scores.json.k2j4h5.tmp"  # an older name, long abandoned
    mine = tmp_path / f".scores.json.{os.getpid()}.0def.tmp"  # a save in flight here
    for path in (dead, old_style, mine):
        path.write_text("{")
    os.utime(old_style, (time.time() - 3600, time.time() - 3600))
    scores_store(tmp_path).load()
    assert not dead.exists() and not old_style.exists() and mine.exists()


def _update_forever(folder: str, worker: int) -> None:
    """Count up under the lock for ever: a saved count can only grow, unless an update is lost."""
    store = scores_store(Path(folder))
    key = f"w{worker}"
    while True:
        store.update(lambda d: {**d, "tables": {**d["tables"], key: d["tables"].get(key, 0) + 1}})


def kill_during_writes(tmp_path: Path, kills: int) -> None:
    ctx = multiprocessing.get_context("fork")
    seen = 0
    for round_ in range(kills):
        proc = ctx.Process(target=_update_forever, args=(str(tmp_path), round_ % 2))
        proc.start()
        time.sleep(0.05 + (round_ % 5) * 0.02)
        os.kill(proc.pid, signal.SIGKILL)
        proc.join(10)
        data = scores_store(tmp_path).load()  # never raises, never loses what was saved
        total = sum(v for v in data["tables"].values())
        assert total >= seen
        seen = total
    assert seen > 0
    assert not list(tmp_path.glob(".scores.json.*.tmp"))  # load() cleaned the leftovers
    assert not list(tmp_path.glob("scores.json.corrupt-*"))
    json.loads((tmp_path / "scores.json").read_text())


def test_kill_during_writes_loses_nothing_and_leaves_no_temp_files(tmp_path) -> None:
    kill_during_writes(tmp_path, KILLS)


@pytest.mark.slow
def test_fifty_kills_during_writes(tmp_path) -> None:
    kill_during_writes(tmp_path, SLOW_KILLS)


def test_data_dir_is_never_created_over_a_file(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    (tmp_path / "fifteen").write_text("x")
    assert data_dir() == tmp_path / "fifteen"


def test_unusable_solver_cache_the_coach_works_from_memory(tmp_path, monkeypatch) -> None:
    from test_worker_fakes import take_until

    from game.core.generate import random_board
    from game.solver.exact.heuristic import forget_heuristics
    from game.worker import Hint, SolverWorker

    blocker = tmp_path / "cache-is-a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))  # nothing can be read or written there
    forget_heuristics()
    worker = SolverWorker(warm_shapes=((5, 2),), prefetch=False)
    try:
        worker.start()
        board = random_board(5, 2, random.Random(3))
        worker.submit(board)
        results = take_until(worker, lambda r: any(x.board == board for x in r), timeout=120)
        [hint] = [x for x in results if isinstance(x, Hint) and x.board == board]
        assert hint.optimal and board.apply_all(hint.path).is_solved()
        assert worker.status.state == "ready"
    finally:
        worker.shutdown()
        forget_heuristics()
    assert blocker.read_text() == "not a folder"
