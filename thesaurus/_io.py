"""Atomic file output (temp file in the same directory + rename): a crash never leaves a
half-written model, cache or result behind."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import numpy as np

__all__ = ["atomic_open", "atomic_save_npz", "atomic_write_json", "atomic_write_text"]


@contextmanager
def atomic_open(path: str | os.PathLike[str], mode: str = "w") -> Iterator[IO[Any]]:
    """Open a temp file beside ``path``; on success rename it over ``path``."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        handle: IO[Any] = os.fdopen(fd, mode, encoding=None if "b" in mode else "utf-8")
        with handle:
            yield handle
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
