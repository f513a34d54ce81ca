"""Atomic file output (temp file in the same directory + rename): a crash never leaves a
half-written model, cache or result behind.

The temp file comes from :func:`tempfile.mkstemp`, which creates it readable by its owner
only (0600); before the rename it gets the mode a plain ``open(path, "w")`` would give: the
existing file's mode when ``path`` is replaced, else ``0o666 & ~umask``.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import numpy as np

__all__ = [
    "atomic_open",
    "atomic_save_npz",
    "atomic_write_json",
    "atomic_write_text",
    "current_umask",
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
def atomic_open(path: str | os.PathLike[str], mode: str = "w") -> Iterator[IO[Any]]:
    """Open a temp file beside ``path``; on success give it the usual mode (module docstring)
    and rename it over ``path``."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        handle: IO[Any] = os.fdopen(fd, mode, encoding=None if "b" in mode else "utf-8")
        with handle:
            yield handle
        os.chmod(tmp, _final_mode(target))
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    with atomic_open(path) as handle:
        handle.write(text)


def atomic_write_json(path: str | os.PathLike[str], data: Any, *, indent: int | None = 1) -> None:
    with atomic_open(path) as handle:
        json.dump(data, handle, ensure_ascii=False, indent=indent)
        handle.write("\n")


def atomic_save_npz(path: str | os.PathLike[str], **arrays: np.ndarray) -> None:
    with atomic_open(path, "wb") as handle:
        np.savez_compressed(handle, **arrays)  # type: ignore[arg-type]
