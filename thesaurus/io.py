"""What every layer needs for its output files: atomic writes, the one JSON serializer, and
the toolkit's version stamped into what it writes.

It lives in the lowest layer so that ``wsd`` and ``evaluation`` import it without reaching
upwards (evaluation -> wsd -> thesaurus).

**Atomic output** (temp file in the same directory + rename): a crash or an interruption
never leaves a half-written model, cache or result behind, nor the temp file (SIGINT and
SIGTERM are held back for the instants in which the temp file exists unnamed).  The temp
file comes from :func:`tempfile.mkstemp`, which creates it readable by its owner only (0600);
before the rename it gets the mode a plain ``open(path, "w")`` would give: the existing
file's mode when ``path`` is replaced, else ``0o666 & ~umask``.

**JSON**: :func:`to_json` turns records (frozen dataclasses), mappings, sequences and numpy
values into strict JSON data (no ``Infinity``, no ``NaN``); it is the only serializer of the
toolkit's result records.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import signal
import stat
import tempfile
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import IO, Any

import numpy as np

__all__ = [
    "atomic_open",
    "atomic_save_npz",
    "atomic_write_json",
    "atomic_write_text",
    "current_umask",
    "package_version",
    "to_json",
]

_UMASK_LOCK = threading.Lock()


def current_umask() -> int:
    """The process umask, read without changing it where Linux shows it in /proc; elsewhere
    set and restored at once under a lock."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    with _UMASK_LOCK:
        mask = os.umask(0o022)
        os.umask(mask)
    return mask


def _final_mode(target: Path) -> int:
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        return 0o666 & ~current_umask()


@contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM held back while the block runs (delivered when it ends), so that an
    interruption cannot fall between creating a temp file and knowing its name, or between
    renaming it and knowing it is gone."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not POSIX
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


@contextmanager
def atomic_open(path: str | os.PathLike[str], mode: str = "w") -> Iterator[IO[Any]]:
    """Open a temp file beside ``path``; on success give it the usual mode (module docstring)
    and rename it over ``path``.  On any exception, an interruption included (``wsd`` turns
    SIGINT and SIGTERM into one), the temp file is removed and ``path`` is left as it was."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp: str | None = None
    handle: IO[Any] | None = None
    try:
        with _signals_held():
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
            handle = os.fdopen(fd, mode, encoding=None if "b" in mode else "utf-8")
        with handle:
            yield handle
        with _signals_held():
            os.chmod(tmp, _final_mode(target))
            os.replace(tmp, target)
            tmp = None
    except BaseException:
        if handle is not None:
            handle.close()
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    with atomic_open(path) as handle:
        handle.write(text)


def atomic_write_json(path: str | os.PathLike[str], data: Any, *, indent: int | None = 1) -> None:
    with atomic_open(path) as handle:
        json.dump(data, handle, ensure_ascii=False, indent=indent)
        handle.write("\n")


def atomic_save_npz(
    path: str | os.PathLike[str], *, compress: bool = True, **arrays: np.ndarray
) -> None:
    """Write ``arrays`` as an NPZ archive atomically (``compress=False`` trades disk for
    load time: no inflating on read)."""
    save = np.savez_compressed if compress else np.savez
    with atomic_open(path, "wb") as handle:
        save(handle, **arrays)  # type: ignore[arg-type]


def to_json(value: Any) -> Any:
    """``value`` as plain JSON data (dicts, lists, strings, numbers, booleans, ``None``).

    * an object with a ``__json__()`` method: what that returns, converted in turn (a record
      whose JSON is a mapping keyed by data, such as a method's scores by alpha);
    * a dataclass: ``{field: value}`` in field order; a field's ``metadata["json"]`` is either
      a function applied to the value first or ``False`` to leave the field out;
    * a mapping: keys as strings; a list, tuple or numpy array: a list;
    * floats: ``inf`` becomes ``"inf"`` (``-inf``: ``"-inf"``) and NaN ``None``, which strict
      JSON readers accept; numpy scalars become Python numbers; a path its string.

    >>> to_json({"a": [math.inf, -math.inf, math.nan, 1.5], 2: (np.float64(0.25), np.int64(3))})
    {'a': ['inf', '-inf', None, 1.5], '2': [0.25, 3]}
    """
    if hasattr(value, "__json__"):
        return to_json(value.__json__())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {}
        for field in dataclasses.fields(value):
            convert = field.metadata.get("json", True)
            if convert is False:
                continue
            item = getattr(value, field.name)
            out[field.name] = to_json(item if convert is True else convert(item))
        return out
    if isinstance(value, Mapping):
        return {str(key): to_json(item) for key, item in value.items()}
    if isinstance(value, str | bool | None):
        return value
    if isinstance(value, np.ndarray | list | tuple):
        return [to_json(item) for item in value]
    if isinstance(value, np.generic):
        return to_json(value.item())
    if isinstance(value, float):
        if math.isnan(value):
            return None
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    raise TypeError(f"cannot write a {type(value).__name__} as JSON: {value!r}")


def package_version(distribution: str = "verb-wsd") -> str:
    """The installed version of ``distribution`` (this toolkit by default), ``"unknown"`` when
    it is not installed (a source tree on ``PYTHONPATH``)."""
    try:
        return version(distribution)
    except PackageNotFoundError:
        return "unknown"
