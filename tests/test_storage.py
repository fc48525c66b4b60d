"""Persistence: atomic saves, corrupt files kept aside, migrations, locked concurrent updates."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.store.storage import BackgroundWriter, JsonStore, data_dir

WRITERS = 4
UPDATES_EACH = 25


def defaults() -> dict:
    return {"entries": [], "volume": 0.5, "name": "player"}


def make_store(path: Path, version: int = 2, **kw) -> JsonStore:
    return JsonStore(path, version=version, defaults=defaults, **kw)


def asides(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".corrupt-*"))


@pytest.fixture(autouse=True)
def private_data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "xdg"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def test_data_dir_honours_xdg(private_data_home: Path) -> None:
    path = data_dir()
    assert path == private_data_home / "fifteen"
    assert path.is_dir()


def test_missing_file_gives_defaults_without_warning(tmp_path: Path) -> None:
    store = make_store(tmp_path / "s.json")
    assert store.load() == defaults()
    assert store.warning is None
    assert not (tmp_path / "s.json").exists()


def test_round_trip_and_envelope(tmp_path: Path) -> None:
    path = tmp_path / "scores.json"
    store = make_store(path)
    data = {"entries": [1, 2], "volume": 0.25, "name": "Zoë", "extra": True}
    store.save(data)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc == {"schema": "fifteen.scores", "version": 2, "data": data}
    assert store.load() == data


def test_missing_keys_filled_from_defaults(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    doc = {"schema": "fifteen.s", "version": 2, "data": {"volume": 1}}
    path.write_text(json.dumps(doc))
    store = make_store(path)
    assert store.load() == {"entries": [], "volume": 1, "name": "player"}
    assert store.warning is None


def test_wrongly_typed_key_sets_the_whole_file_aside(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    doc = {"schema": "fifteen.s", "version": 2, "data": {"entries": "oops", "volume": 1}}
    original = json.dumps(doc).encode()
    path.write_bytes(original)
    store = make_store(path)
    assert store.load() == defaults()
    warning = store.take_warning()
    assert warning is not None and "'entries' holds a JSON str" in warning
    (aside,) = tmp_path.glob("s.json.corrupt-*")
    assert aside.read_bytes() == original
    assert not path.exists()


def test_validator_rejects_damaged_data(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    doc = {"schema": "fifteen.s", "version": 2, "data": {"entries": [1, "x"], "volume": 1}}
    path.write_text(json.dumps(doc))

    def no_strings(data: dict) -> str | None:
        bad = [e for e in data["entries"] if isinstance(e, str)]
        return f"entry {bad[0]!r} is damaged" if bad else None

    store = JsonStore(path, version=2, defaults=lambda: {"entries": []}, validate=no_strings)
    assert store.load() == {"entries": []}
    assert "entry 'x' is damaged" in (store.take_warning() or "")
    assert len(list(tmp_path.glob("s.json.corrupt-*"))) == 1


CORRUPT_CASES = {
    "garbage bytes": b"\x00\xff\xfe not json at all \x81",
    "truncated": b'{"schema": "fifteen.s", "version": 2, "data": {"entr',
    "wrong json type": b"[1, 2, 3]",
    "data not an object": b'{"schema": "fifteen.s", "version": 2, "data": [1]}',
    "newer version": b'{"schema": "fifteen.s", "version": 3, "data": {}}',
    "unknown schema": b'{"schema": "other.app", "version": 1, "data": {}}',
    "bad version": b'{"schema": "fifteen.s", "version": "2", "data": {}}',
    "empty file": b"",
    "absurd nesting": b"[" * 100_000 + b"]" * 100_000,
    "huge number": b'{"schema": "fifteen.s", "version": 1e999, "data": {}}',
}


@pytest.mark.parametrize("case", sorted(CORRUPT_CASES))
def test_corrupt_file_kept_aside_with_defaults_and_one_warning(tmp_path: Path, case: str) -> None:
    path = tmp_path / "s.json"
    original = CORRUPT_CASES[case]
    path.write_bytes(original)
    store = make_store(path)
    assert store.load() == defaults()
    kept = asides(path)
    assert len(kept) == 1
    assert kept[0].read_bytes() == original
    assert not path.exists()
    assert store.warning is not None and "\n" not in store.warning
    assert kept[0].name in store.warning
    assert store.take_warning() is not None
    assert store.take_warning() is None
    # A second load finds no file: defaults again, no new warning, the aside copy untouched.
    assert store.load() == defaults()
    assert store.warning is None
    assert asides(path) == kept


def test_saving_after_corruption_never_touches_the_aside_copy(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_bytes(b"{{{")
    store = make_store(path)
    store.update(lambda d: {**d, "name": "new"})
    assert store.load()["name"] == "new"
    (kept,) = asides(path)
    assert kept.read_bytes() == b"{{{"


def test_two_corruptions_in_the_same_second_keep_both_copies(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    store = make_store(path)
    path.write_bytes(b"first")
    store.load()
    path.write_bytes(b"second")
    store.load()
    assert sorted(p.read_bytes() for p in asides(path)) == [b"first", b"second"]


def test_unreadable_path_is_set_aside(tmp_path: Path) -> None:
    # Tests run as root, so chmod 000 would still be readable: a directory cannot be read.
    path = tmp_path / "s.json"
    path.mkdir()
    (path / "inside").write_text("keep me")
    store = make_store(path)
    assert store.load() == defaults()
    assert "could not read" in (store.warning or "")
    (kept,) = asides(path)
    assert (kept / "inside").read_text() == "keep me"
    store.save({"name": "x"})
    assert store.load()["name"] == "x"


def test_permission_error_is_set_aside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "s.json"
    path.write_text("{}")

    def denied(self: Path) -> bytes:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", denied)
    store = make_store(path)
    assert store.load() == defaults()
    assert "Permission denied" in (store.warning or "")
    assert len(asides(path)) == 1


def test_older_version_migrated(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    old = {"schema": "fifteen.s", "version": 1, "data": {"scores": [7, 8], "volume": 0.9}}
    path.write_text(json.dumps(old))

    def v1_to_v2(data: dict) -> dict:
        return {"entries": data.pop("scores"), **data}

    store = make_store(path, migrations={1: v1_to_v2})
    assert store.load() == {"entries": [7, 8], "volume": 0.9, "name": "player"}
    assert store.warning is None


def test_older_version_without_migration_keeps_compatible_keys(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    old = {"schema": "fifteen.s", "version": 1, "data": {"entries": {"no": 1}, "name": "ann"}}
    path.write_text(json.dumps(old))
    assert make_store(path).load() == {"entries": [], "volume": 0.5, "name": "ann"}


def test_failed_migration_sets_file_aside(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"schema": "fifteen.s", "version": 1, "data": {}}))

    def broken(data: dict) -> dict:
        raise KeyError("scores")

    store = make_store(path, migrations={1: broken})
    assert store.load() == defaults()
    assert len(asides(path)) == 1


def test_atomic_save_leaves_no_temp_files(tmp_path: Path) -> None:
    store = make_store(tmp_path / "s.json")
    for i in range(5):
        store.save({"entries": list(range(i))})
    store.update(lambda d: d)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["s.json", "s.json.lock"]


def test_failed_save_keeps_old_file_and_removes_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.json"
    store = make_store(path)
    store.save({"name": "old"})

    def boom(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        store.save({"name": "new"})
    monkeypatch.undo()
    assert store.load()["name"] == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]


def _append_entries(path: str, worker: int) -> None:
    store = make_store(Path(path))
    for i in range(UPDATES_EACH):
        store.update(lambda d, i=i: {**d, "entries": [*d["entries"], f"{worker}-{i}"]})


def test_concurrent_processes_lose_no_entry(tmp_path: Path) -> None:
    path = tmp_path / "scores.json"
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_append_entries, args=(str(path), w)) for w in range(WRITERS)]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(30)
        assert proc.exitcode == 0
    entries = make_store(path).load()["entries"]
    expected = {f"{w}-{i}" for w in range(WRITERS) for i in range(UPDATES_EACH)}
    assert len(entries) == WRITERS * UPDATES_EACH
    assert set(entries) == expected
    assert asides(path) == []


def test_concurrent_threads_lose_no_entry(tmp_path: Path) -> None:
    path = tmp_path / "scores.json"
    threads = [
        threading.Thread(target=_append_entries, args=(str(path), w)) for w in range(WRITERS)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(make_store(path).load()["entries"]) == WRITERS * UPDATES_EACH


def test_lower_layers_never_import_pygame() -> None:
    code = (
        "import sys; sys.modules['pygame'] = None\n"
        "import game.store.storage, game.core.scoring, game.store.highscores\n"
        "assert 'pygame' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
    )
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_background_writer_runs_in_order_and_drains_on_close(tmp_path: Path) -> None:
    store = make_store(tmp_path / "s.json")
    writer = BackgroundWriter()
    seen: list[int] = []
    futures = [writer.submit(lambda i=i: seen.append(i)) for i in range(50)]
    last = writer.submit(lambda: store.update(lambda d: {**d, "name": "done"}))
    assert writer.close(timeout=5.0)
    assert seen == list(range(50))
    assert all(f.done() for f in futures)
    assert last.result()["name"] == "done"
    assert store.load()["name"] == "done"
    assert not writer.alive
    with pytest.raises(RuntimeError):
        writer.submit(lambda: None)


def test_background_writer_survives_a_failing_job() -> None:
    writer = BackgroundWriter()
    try:
        bad = writer.submit(lambda: 1 / 0)
        good = writer.submit(lambda: 42)
        assert writer.flush(timeout=5.0)
        assert isinstance(bad.exception(), ZeroDivisionError)
        assert good.result() == 42
        assert writer.faults.total == 1
    finally:
        assert writer.close(timeout=5.0)
