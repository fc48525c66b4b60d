"""Compiled kernels loaded on demand: numba's JIT on first call, or the prepared AOT module.

Every solver kernel is declared with ``@kernel`` instead of numba's ``@njit``, so importing
the solver never imports numba (about 0.6 s with its cache loads). The first call of a
kernel starts the JIT (``start_jit``): numba is imported, every kernel gets its ``njit``
dispatcher (``cache=True, nogil=True``) and the solver modules' globals are swapped for the
dispatchers, so compiled code calls compiled code as before.

The set-up step also compiles the entry kernels ahead of time (``build_prepared``, numba's
``pycc``, which needs a C compiler) into an extension module in the user cache, named by a
hash of the kernels' sources and numpy's version. A one-shot command calls
``use_prepared()`` and then runs without numba at all. The AOT functions hold the GIL, so
the game's worker, which searches beside the render loop, keeps the JIT.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.machinery
import importlib.util
import os
import shutil
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import TypeVar, cast, overload

import numpy as np

from game.solver import cache

F = TypeVar("F", bound=Callable[..., object])
PREPARED_FORMAT = 1
"""Bump when the way the AOT module is built changes; its file name changes with it."""
PREPARED_STEM = "fifteen_kernels"

_lock = threading.RLock()
_kernels: list[Kernel] = []
_jit_started = False
_prepared: ModuleType | None = None


class Kernel:
    """A kernel whose compiled form is chosen on its first call (AOT module or numba JIT)."""

    def __init__(self, func: Callable[..., object], entry: bool, inline: bool = False) -> None:
        self.py_func = func
        self.entry = entry
        self.inline = inline
        self.export_name = f"{func.__module__.rsplit('.', 1)[-1]}__{func.__name__}"
        self.__name__ = func.__name__
        self.__doc__ = func.__doc__
        self.dispatcher: Callable[..., object] | None = None
        self._call: Callable[..., object] | None = None

    def __call__(self, *args: object) -> object:
        call = self._call
        if call is None:
            call = self._bind()
        return call(*args)

    def _bind(self) -> Callable[..., object]:
        with _lock:
            if self._call is None:
                found = getattr(_prepared, self.export_name, None) if self.entry else None
                self._call = found if found is not None else self.jit()
            return self._call

    def jit(self) -> Callable[..., object]:
        """numba's dispatcher for this kernel (starting the JIT if needed)."""
        start_jit()
        assert self.dispatcher is not None
        return self.dispatcher

    def __repr__(self) -> str:
        return f"<kernel {self.export_name}>"


@overload
def kernel(func: F, *, entry: bool = False, inline: bool = False) -> F: ...


@overload
def kernel(func: None = None, *, entry: bool = False, inline: bool = False
           ) -> Callable[[F], F]: ...


def kernel(func: F | None = None, *, entry: bool = False, inline: bool = False
           ) -> F | Callable[[F], F]:
    """Declare a compiled kernel; ``entry=True`` for those called from Python (AOT exports),
    ``inline=True`` for a small helper that numba writes into each caller
    (``inline='always'``): a compiled call that takes arrays counts their references each
    time, which in a search's inner loop cost more than the helper's own work.

    Once the JIT has started, later declarations get numba's dispatcher directly.
    """
    def declare(f: F) -> F:
        if _jit_started:
            return cast(F, _njit(f, inline))
        k = Kernel(f, entry, inline)
        _kernels.append(k)
        return cast(F, k)

    return declare(func) if func is not None else declare


def _njit(func: Callable[..., object], inline: bool = False) -> Callable[..., object]:
    from numba import njit

    return cast(Callable[..., object],
                njit(cache=True, nogil=True, inline="always" if inline else "never")(func))


def start_jit() -> None:
    """Import numba, give every kernel its dispatcher and put them in the solver's globals."""
    global _jit_started
    with _lock:
        if _jit_started:
            return
        for k in _kernels:
            k.dispatcher = _njit(k.py_func, k.inline)
        for module, attr, value in _solver_globals():
            if isinstance(value, Kernel) and value.dispatcher is not None:
                setattr(module, attr, value.dispatcher)
        _jit_started = True


def _solver_globals() -> list[tuple[ModuleType, str, object]]:
    """Every global of the solver's loaded modules, as (module, name, value)."""
    return [(module, attr, value) for name, module in list(sys.modules.items())
            if name == "game.solver" or name.startswith("game.solver.")
            for attr, value in list(vars(module).items())]


def jit_started() -> bool:
    """Whether numba has been loaded for the kernels."""
    return _jit_started


def _entries() -> list[Kernel]:
    return [k for k in _kernels if k.entry]


def host_cpu() -> str:
    """This machine's processor as the AOT build targets it: Linux's model and feature
    flags; "" elsewhere (a generic x86-64 or arm64 build)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as info:
            for line in info:
                if line.startswith(("flags", "Features")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return ""


def prepared_key() -> str:
    """Hash of the solver's sources (its subpackages too), numpy's version, the build format
    and the processor the module is compiled for (a cache copied to another machine is
    compiled again, never run with instructions that processor lacks)."""
    root = Path(__file__).parent
    digest = hashlib.sha256(f"{PREPARED_FORMAT} {np.__version__} {host_cpu()}".encode())
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def prepared_path() -> Path:
    """Where the AOT module for the current sources lives."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return cache.cache_dir() / "compiled" / f"{PREPARED_STEM}_{prepared_key()}{suffix}"


def use_prepared() -> bool:
    """Load the AOT module built for these sources, if there is one; True when loaded.

    Call before the first kernel call; kernels already bound keep what they have.
    """
    global _prepared
    with _lock:
        if _prepared is not None:
            return True
        path = prepared_path()
        if not path.exists():
            return False
        name = path.name.split(".", 1)[0]
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            return False
        try:
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        except ImportError:
            return False
        if not all(hasattr(module, k.export_name) for k in _entries()):
            return False
        _prepared = module
        return True


def using_prepared() -> bool:
    """Whether the AOT module is loaded (its kernels need no warm-up)."""
    return _prepared is not None


def compiled(*kernels: Callable[..., object]) -> bool:
    """Whether these kernels start without compiling: in the AOT module or numba's cache."""
    for k in kernels:
        if isinstance(k, Kernel):
            if k.entry and _prepared is not None and hasattr(_prepared, k.export_name):
                continue
            k = k.jit()
        try:
            index = k._cache._cache_file._index_path  # type: ignore[attr-defined]
        except AttributeError:  # another numba layout: assume not
            return False
        if not os.path.exists(index):
            return False
    return True


@contextlib.contextmanager
def _calls_not_inlined() -> Iterator[None]:
    """The solver's globals hold plain dispatchers for the ``inline`` kernels meanwhile:
    ``pycc`` fails to type the entry kernels that call inlined ones (it unifies no integer
    literals then), so the ahead-of-time module calls its helpers."""
    swapped: list[tuple[ModuleType, str, object]] = []
    with _lock:
        plain = {id(k.dispatcher): _njit(k.py_func) for k in _kernels
                 if k.inline and k.dispatcher is not None}
        for module, attr, value in _solver_globals():
            if id(value) in plain:
                swapped.append((module, attr, value))
                setattr(module, attr, plain[id(value)])
    try:
        yield
    finally:
        for module, attr, value in swapped:
            setattr(module, attr, value)


def build_prepared() -> Path:
    """Compile the entry kernels ahead of time, for the signatures they were called with.

    Run after a warm-up has called every entry kernel. Raises (``RuntimeError`` or the
    compiler's error) when there is no C compiler or a kernel was never called.
    """
    from numba.pycc import CC

    target = prepared_path()
    missing = [k.export_name for k in _entries()
               if k.dispatcher is None or not k.dispatcher.nopython_signatures]  # type: ignore[attr-defined]
    if missing:
        raise RuntimeError(f"kernels never called, so their types are unknown: {missing}")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp, _calls_not_inlined():
        module = CC(target.name.split(".", 1)[0])
        module.output_dir = tmp
        module.verbose = False
        if host_cpu():  # built and run on this machine: use all its instructions (popcnt...)
            module.target_cpu = "host"
        for k in _entries():
            signature = k.dispatcher.nopython_signatures[0]  # type: ignore[union-attr]
            module.export(k.export_name, signature)(k.py_func)
        module.compile()
        built = Path(tmp) / target.name
        if not built.exists():
            raise RuntimeError(f"the AOT build wrote no {target.name}")
        os.replace(built, target)
    for old in target.parent.glob(f"{PREPARED_STEM}_*"):
        if old != target:
            if old.is_dir():
                shutil.rmtree(old, ignore_errors=True)
            else:
                old.unlink(missing_ok=True)
    return target
