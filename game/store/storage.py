"""Safe persistence: versioned JSON, atomic saves, locked updates, bad files kept aside."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import queue
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

import platformdirs

from game.core.faults import FaultLog, describe

try:  # POSIX advisory locks; elsewhere updates are merely atomic, not serialised.
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

APP_NAME = "fifteen"
SCHEMA_PREFIX = "fifteen."
CORRUPT_TAG = ".corrupt-"
LOCK_SUFFIX = ".lock"
TEMP_SUFFIX = ".tmp"
TIMESTAMP_FORMAT = "%Y%m%dT%H%M%SZ"
JSON_INDENT = 1
MAX_FILE_BYTES = 8 * 1024 * 1024
"""A store file larger than this is not read (it is kept aside as damaged)."""
NEW_FILE_MODE = 0o666
"""Mode for a new file before the umask (the usual 0644); an existing file keeps its own."""
STALE_TEMP_SECONDS = 600.0
"""A temp file this old is left over from a crash even if its process id was reused."""

log = logging.getLogger(__name__)

Migration = Callable[[dict], dict]


def data_dir() -> Path:
    """The user data folder (``$XDG_DATA_HOME/fifteen`` on Linux), created on demand."""
    path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    with contextlib.suppress(OSError):  # a read-only home must not stop the game
        path.mkdir(parents=True, exist_ok=True)
    return path


class _BadFile(Exception):
    """Internal: the file exists but cannot be used; the message says why."""


def _fill(data: dict, defaults: dict) -> dict:
    """``data`` with every missing or wrongly typed default key replaced by its default."""
    out = dict(data)
    for key, default in defaults.items():
        value = out.get(key)
        if key not in out or not _same_kind(value, default):
            out[key] = default
    return out


def _same_kind(value: object, default: object) -> bool:
    """Whether ``value`` has the JSON kind of ``default`` (None defaults accept anything)."""
    if default is None:
        return True
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, int | float):
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, type(default))


class JsonStore:
    """One JSON file ``{"schema": "fifteen.<kind>", "version": N, "data": {...}}``.

    ``load`` never raises: a missing file gives the defaults; a file that cannot be read or
    understood (bad bytes, wrong JSON type, another schema, a newer version) is renamed to
    ``<name>.corrupt-<UTC timestamp>`` and never overwritten or deleted (so is a current file
    whose values have the wrong kind, or that ``validate`` rejects), the defaults are
    returned and ``warning`` says so in one line. A file with an older version goes through
    ``migrations[v]`` (version v to v + 1) where given, and keeps every key whose value still
    has the default's type otherwise.
    """

    def __init__(
        self,
        path: Path,
        *,
        version: int,
        defaults: Callable[[], dict],
        kind: str | None = None,
        migrations: dict[int, Migration] | None = None,
        validate: Callable[[dict], str | None] | None = None,
    ) -> None:
        self.path = Path(path)
        self.version = version
        self.defaults = defaults
        self.schema = SCHEMA_PREFIX + (kind or self.path.stem)
        self.migrations = dict(migrations or {})
        self.validate = validate
        """Optional deeper check of the data; returns why it is damaged, or None."""
        self.warning: str | None = None
        self._local = threading.local()  # whether this thread holds the file lock

    # --- reading ------------------------------------------------------
    def load(self) -> dict:
        """The stored data, completed from the defaults; never raises.

        A bad file is judged again under the lock before it is moved aside, so a file that
        another instance has just replaced with a good one is never set aside by mistake.
        """
        self.clean_temp_files()
        try:
            return self._read()
        except _BadFile as bad:
            first = bad
        try:
            with self._locked():
                try:
                    return self._read()
                except _BadFile as bad:
                    self._set_aside(str(bad))
                    return self.defaults()
        except OSError as exc:  # the folder cannot even hold a lock file: read-only, a file...
            self.warning = (f"{self.path.name} is unusable ({first}) and could not be moved "
                            f"aside ({exc.strerror or exc}); using defaults")
            log.warning(self.warning)
            return self.defaults()

    def clean_temp_files(self) -> int:
        """Remove this file's temp files left by writers that died (kill -9 mid-save).

        A temp file is ``.<name>.<pid>.<random>.tmp``; it is stale when its process is gone,
        or when it is older than ``STALE_TEMP_SECONDS`` (a reused pid, or an older name).
        Never raises; returns how many were removed.
        """
        removed = 0
        prefix = f".{self.path.name}."
        try:
            names = [n for n in os.listdir(self.path.parent)
                     if n.startswith(prefix) and n.endswith(TEMP_SUFFIX)]
        except OSError:
            return 0
        now = time.time()
        for name in names:
            temp = self.path.parent / name
            try:
                if _writer_alive(name[len(prefix):]) and (
                        now - temp.stat().st_mtime < STALE_TEMP_SECONDS):
                    continue
                temp.unlink()
                removed += 1
            except OSError:
                continue
        if removed:
            log.info("removed %d stale temp file(s) of %s", removed, self.path.name)
        return removed

    def take_warning(self) -> str | None:
        """The pending warning, cleared so the game shows it only once."""
        warning, self.warning = self.warning, None
        return warning

    def _read(self) -> dict:
        try:
            if self.path.stat().st_size > MAX_FILE_BYTES:
                raise _BadFile(f"it is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
            raw = self.path.read_bytes()
        except (FileNotFoundError, NotADirectoryError):  # no file, or the folder is a file
            return self.defaults()
        except OSError as exc:
            raise _BadFile(f"could not read it ({exc.strerror or exc})") from exc
        try:
            doc = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError) as exc:  # bad UTF-8, bad JSON, absurd nesting
            raise _BadFile("it is not valid JSON") from exc
        if not isinstance(doc, dict):
            raise _BadFile(f"it holds a JSON {type(doc).__name__}, not an object")
        if doc.get("schema") != self.schema:
            raise _BadFile(f"its schema is {doc.get('schema')!r}, expected {self.schema!r}")
        version = doc.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise _BadFile(f"its version {version!r} is not a positive integer")
        if version > self.version:
            raise _BadFile(f"it was written by a newer game (version {version})")
        data = doc.get("data")
        if not isinstance(data, dict):
            raise _BadFile("its data is not a JSON object")
        defaults = self.defaults()
        if version == self.version:
            # A current file whose values have the wrong kind is damaged, not merely old:
            # keep it aside rather than quietly replacing what the player had.
            for key, default in defaults.items():
                if key in data and not _same_kind(data[key], default):
                    kind = type(data[key]).__name__
                    raise _BadFile(f"its '{key}' holds a JSON {kind}")
        data = _fill(self._migrate(data, version), defaults)
        problem = self.validate(data) if self.validate else None
        if problem:
            raise _BadFile(problem)
        return data

    def _migrate(self, data: dict, version: int) -> dict:
        for v in range(version, self.version):
            step = self.migrations.get(v)
            if step is not None:
                try:
                    data = step(data)
                except Exception as exc:  # a failed migration means "use the defaults"
                    raise _BadFile(f"it could not be migrated from version {v}") from exc
        return data

    def _set_aside(self, reason: str) -> None:
        stamp = datetime.now(UTC).strftime(TIMESTAMP_FORMAT)
        aside = self.path.with_name(f"{self.path.name}{CORRUPT_TAG}{stamp}")
        n = 1
        while aside.exists():  # never overwrite an earlier aside copy
            aside = self.path.with_name(f"{self.path.name}{CORRUPT_TAG}{stamp}-{n}")
            n += 1
        try:
            os.rename(self.path, aside)
        except FileNotFoundError:
            return  # another process already moved it aside
        except OSError as exc:
            self.warning = (
                f"{self.path.name} is unusable ({reason}) and could not be moved aside "
                f"({exc.strerror or exc}); using defaults"
            )
            log.warning(self.warning)
            return
        self.warning = f"{self.path.name} was unusable ({reason}); kept as {aside.name}"
        log.warning(self.warning)

    # --- writing ------------------------------------------------------
    def save(self, data: dict) -> None:
        """Write atomically: temp file in the same folder, flush, fsync, os.replace, fsync dir."""
        doc = {"schema": self.schema, "version": self.version, "data": data}
        text = json.dumps(doc, indent=JSON_INDENT, sort_keys=True, ensure_ascii=False) + "\n"
        folder = self.path.parent
        folder.mkdir(parents=True, exist_ok=True)
        temp = folder / (f".{self.path.name}.{os.getpid()}.{secrets.token_hex(4)}"
                         f"{TEMP_SUFFIX}")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, NEW_FILE_MODE)
        try:
            with contextlib.suppress(OSError):  # keep the mode the player's file had
                os.fchmod(fd, os.stat(self.path).st_mode & 0o7777)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temp, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
        _fsync_dir(folder)

    def update(self, fn: Callable[[dict], dict]) -> dict:
        """Under an exclusive lock: re-read, apply ``fn``, save atomically; returns the new data."""
        with self._locked():
            data = fn(self.load())
            self.save(data)
            return data

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        if getattr(self._local, "holding", False):  # load() inside update() on this thread
            yield
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        lock_path = self.path.with_name(self.path.name + LOCK_SUFFIX)
        with open(lock_path, "a+b") as lock:
            if fcntl is not None:
                fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
            self._local.holding = True
            try:
                yield
            finally:
                self._local.holding = False
                if fcntl is not None:
                    fcntl.flock(lock.fileno(), fcntl.LOCK_UN)


def _writer_alive(rest: str) -> bool:
    """Whether the process named in a temp file's ``<pid>.<random>.tmp`` tail still runs."""
    pid_text = rest.split(".", 1)[0]
    if not pid_text.isascii() or not pid_text.isdigit():
        return True  # an older name without a pid: only its age can tell
    pid = int(pid_text)
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


def save_problem(error: BaseException, path: Path) -> str:
    """Why ``path`` could not be saved, in a few words for the player."""
    if isinstance(error, FileExistsError | NotADirectoryError):
        return f"{path.parent} is not a folder (a file is in the way)"
    if isinstance(error, OSError):
        reason = (error.strerror or str(error)).lower()
        return f"{reason} ({error.filename or path.parent})"
    return describe(error)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX only; silently skipped elsewhere)."""
    flags = getattr(os, "O_DIRECTORY", None)
    if flags is None:  # pragma: no cover - Windows
        return
    try:
        fd = os.open(folder, os.O_RDONLY | flags)
    except OSError:  # pragma: no cover - exotic file systems
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


_STOP = object()


class SaveWriter(Protocol):
    """What the stores need of a writer: ``submit`` runs a job off the render loop and gives
    its Future (BackgroundWriter), or runs it at once and gives None (a test's inline writer)."""

    def submit(self, fn: Callable[[], object]) -> Future[object] | None: ...


class BackgroundWriter:
    """One daemon thread that runs submitted jobs in order, so the render loop never does I/O.

    ``submit`` returns a Future at once; a job that raises is counted in ``faults`` (one log
    line per distinct cause, then only counts; the game goes on) and its error goes back in
    its Future. ``close`` drains the queue, waiting at most ``timeout``.
    """

    def __init__(self, name: str = "fifteen-writer") -> None:
        self._queue: queue.Queue = queue.Queue()
        self._closed = False
        self.faults = FaultLog(log, "background write")
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def submit(self, fn: Callable[[], object]) -> Future:
        """Queue ``fn``; never blocks. Raises RuntimeError after ``close``."""
        if self._closed:
            raise RuntimeError("BackgroundWriter is closed; no more jobs accepted")
        future: Future = Future()
        self._queue.put((fn, future))
        return future

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every job queued so far has run; True unless the timeout passed."""
        marker: Future = Future()
        self._queue.put((lambda: None, marker))
        try:
            marker.result(timeout)
        except TimeoutError:
            return False
        return True

    def close(self, timeout: float = 2.0) -> bool:
        """Stop accepting jobs, run the queued ones, join the thread; True if it finished."""
        if not self._closed:
            self._closed = True
            self._queue.put(_STOP)
        self._thread.join(timeout)
        if self._thread.is_alive():
            return False
        self.faults.summarize()
        return True

    @property
    def alive(self) -> bool:
        """Whether the writer thread is still running."""
        return self._thread.is_alive()

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is _STOP:
                return
            fn, future = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result = fn()
            except Exception as exc:
                self.faults.report(exc)
                future.set_exception(exc)
            else:
                future.set_result(result)
