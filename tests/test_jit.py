"""Issue 14: the solver imports without numba, and `solve` runs on the AOT kernels set-up built."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from game.core.generate import random_board
from game.core.notation import parse_board
from game.solver import jit, search
from game.solver.exact import kernels

ROOT = Path(__file__).resolve().parents[1]
BOARDS = tuple(random_board(w, h, random.Random(seed)).text()
               for w, h, seed in ((4, 3, 1), (4, 3, 2), (3, 3, 3)))
BUILD = """
from game.solver import jit, search
from game.solver.big import api as big
search.warm_up(((3, 3), (4, 3)))
big.warm_up()
print(jit.build_prepared())
"""
PROBE = """
import sys
from game.cli.main import main
code = main(sys.argv[1:])
print(sorted(m for m in ("numba", "numpy") if m in sys.modules), file=sys.stderr)
sys.exit(code)
"""


def _env(cache: Path) -> dict[str, str]:
    return {**os.environ, "XDG_CACHE_HOME": str(cache)}


def _run(code: str, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=240, check=False)


def test_importing_the_solver_never_imports_numba() -> None:
    done = _run("import sys, game.solver\nprint('numba' in sys.modules)", dict(os.environ))
    assert done.stdout.strip() == "False", done.stderr


def test_a_kernel_call_starts_the_jit_and_swaps_in_numba_dispatchers() -> None:
    search.solve(parse_board("1 2 3/4 5 6/7 0 8"))
    search.solve(parse_board(BOARDS[1]))
    assert jit.jit_started()
    assert not isinstance(kernels.ida_run, jit.Kernel)  # the module now holds the dispatcher
    assert hasattr(kernels.ida_run, "nopython_signatures")


def test_a_missing_or_corrupt_prepared_module_leaves_the_jit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert jit.use_prepared() is False
    path = jit.prepared_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x7fELF not really a module")
    assert jit.use_prepared() is False
    assert path.read_bytes().startswith(b"\x7fELF not")  # never deleted or rewritten here


@pytest.mark.skipif(not (shutil.which(sysconfig.get_config_var("CC").split()[0] or "cc")),
                    reason="no C compiler: set-up leaves `solve` on the JIT")
def test_solve_on_the_prepared_module_runs_without_numba_and_agrees(tmp_path: Path) -> None:
    env = _env(tmp_path)
    built = _run(BUILD, env)
    assert built.returncode == 0, built.stderr[-600:]
    assert Path(built.stdout.strip().splitlines()[-1]).exists()
    for text in BOARDS:
        done = _run(PROBE, env, "solve", "--json", text)
        assert done.returncode == 0, done.stderr[-600:]
        assert done.stderr.strip().splitlines()[-1] == "['numpy']"  # no numba at all
        row = json.loads(done.stdout)
        expected = search.solve(parse_board(text))  # the JIT, in this process
        assert row["optimal"] is True
        assert row["length"] == expected.length
        assert parse_board(text).apply_all(row["moves"]).is_solved()


def test_the_prepared_module_is_keyed_by_the_processor(monkeypatch: pytest.MonkeyPatch) -> None:
    mine = jit.prepared_key()
    monkeypatch.setattr(jit, "host_cpu", lambda: "another processor's flags")
    assert jit.prepared_key() != mine  # a cache copied to another machine is compiled again


def test_inline_helpers_are_written_into_their_callers_but_not_in_the_aot_build() -> None:
    from game.solver.big import widebeam
    from game.solver.exact import strong_kernels

    search.solve(parse_board(BOARDS[0]))  # starts the JIT
    helpers = {"_group_value": kernels, "_rank": widebeam, "_manhattan": widebeam,
               "_value": widebeam, "rank_step": strong_kernels}
    for name, module in helpers.items():
        dispatcher = getattr(module, name)
        assert dispatcher.targetoptions.get("inline") == "always", name
    with jit._calls_not_inlined():  # what pycc sees while it builds the AOT module
        for name, module in helpers.items():
            assert getattr(module, name).targetoptions.get("inline", "never") == "never", name
    for name, module in helpers.items():
        assert getattr(module, name).targetoptions.get("inline") == "always", name
