"""The one disk cache of the toolkit: pairs of files ``<stem>.npz`` (NumPy arrays) and
``<stem>.json`` (the cache key and any JSON data), for built thesauri, parsed corpora, tagged
texts and WordNet's example documents alike.

:meth:`DiskCache.fetch` gives the artefact stored under a key (a dict of what it is made from:
:func:`stamp_files` of the input files, :func:`code_digest` of the code, a format number,
options), else builds and stores it.  A stale or damaged pair is rebuilt after one
``RuntimeWarning``; decoding runs with the cyclic garbage collector paused
(:func:`collector_paused`); both files are written atomically, the JSON last; a directory that
cannot be written costs only the cache (one warning).  No pickle.
"""

from __future__ import annotations

import gc
import glob
import hashlib
import json
import os
import warnings
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from thesaurus.utils.errors import ToolkitError
from thesaurus.utils.outputs import atomic_save_npz, atomic_write_json

__all__ = [
    "DiskCache",
    "cache_dir",
    "cache_home",
    "code_digest",
    "collector_paused",
    "stamp_files",
]

T = TypeVar("T")
# what a damaged pair raises while it is read and decoded
_DAMAGED = (OSError, ValueError, KeyError, TypeError, IndexError, zipfile.BadZipFile, ToolkitError)


def cache_home() -> Path:
    """The folder of every cache: the parent of ``$WSD_NLTK_DATA`` if set, else
    ``$XDG_CACHE_HOME/verb-wsd`` (default ``~/.cache/verb-wsd``)."""
    env = os.environ.get("WSD_NLTK_DATA")
    if env:
        return Path(env).expanduser().parent
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "verb-wsd"


def cache_dir(name: str, variable: str) -> Path:
    """``$variable`` if set, else the folder ``name`` of :func:`cache_home`."""
    env = os.environ.get(variable)
    return Path(env).expanduser() if env else cache_home() / name


def stamp_files(source: str, paths: dict[str, Path]) -> dict[str, Any]:
    """The source part of a cache key: ``source`` and ``[size, mtime_ns]`` per file name
    (``None`` for a file that cannot be stat'ed: the build will report it)."""
    files: dict[str, list[int] | None] = {}
    for name, path in sorted(paths.items()):
        try:
            stat = path.stat()
        except OSError:
            files[name] = None
        else:
            files[name] = [stat.st_size, stat.st_mtime_ns]
    return {"source": source, "files": files}


def code_digest(*sources: str) -> str:
    """A short digest of the names and bytes of the library files ``sources`` (code and
    tables an artefact is made with), in order: a cache-key part that changes with the code.
    A source is a file ``"package/path"`` (``"wsd/types.py"``, ``"wsd/_data/x.tsv"``) or a
    package folder (``"wsd/text"``: its ``.py`` files, by name)."""
    digest = hashlib.sha256()
    for source in sources:
        package, *path = source.split("/")
        found = resources.files(package).joinpath(*path)
        if found.is_dir():
            parts = sorted((p for p in found.iterdir() if p.name.endswith(".py")), key=_name)
        else:
            parts = [found]
        for part in parts:
            digest.update(part.name.encode())
            digest.update(part.read_bytes())
    return digest.hexdigest()[:16]


def _name(part: Traversable) -> str:
    return part.name


@dataclass(frozen=True)
class DiskCache:
    """Pairs of files under ``directory``; ``what`` names the cache in warnings;
    ``compress=False`` trades disk for load time; ``keep`` pairs at most (the most recently
    used: a read touches the JSON file), or any number, of those whose names start with
    ``family`` (default: every pair in the directory; give one where other files live, such
    as a tagger file)."""

    directory: Path
    what: str
    compress: bool = True
    keep: int | None = None
    family: str = ""

    def fetch(
        self,
        stem: str,
        key: dict[str, Any],
        decode: Callable[[dict[str, Any], dict[str, Any]], T],
        build: Callable[[], tuple[T, dict[str, Any], dict[str, np.ndarray]]],
    ) -> T:
        """The artefact stored as the pair ``stem`` under ``key`` (:meth:`read` with
        ``decode``), else the first item of ``build()``, which gives the artefact with its JSON
        data and arrays: those are stored under ``key`` (:meth:`write`)."""
        found = self.read(stem, key, decode)
        if found is None:
            found, data, arrays = build()
            self.write(stem, key, data, arrays)
        return found

    def read(
        self, stem: str, key: dict[str, Any], decode: Callable[[dict[str, Any], dict[str, Any]], T]
    ) -> T | None:
        """``decode(json_data, arrays)`` of the pair ``stem`` stored under ``key``, else None."""
        json_path, npz_path = self.directory / f"{stem}.json", self.directory / f"{stem}.npz"
        if not json_path.exists():
            return None
        try:
            with open(json_path, encoding="utf-8") as handle:
                document = json.load(handle)
        except (OSError, ValueError) as exc:
            self._unusable(json_path, f"{type(exc).__name__}: {exc}")
            return None
        stored = document.get("key") if isinstance(document, dict) else None
        if stored != key:
            _warn(json_path, f"stale {self.what} cache ({key_difference(stored, key)}); rebuilding")
            return None
        if not zipfile.is_zipfile(npz_path):
            self._unusable(npz_path, "not an NPZ archive")
            return None
        try:
            with np.load(npz_path, allow_pickle=False) as npz:
                arrays = {name: npz[name] for name in npz.files}
            with collector_paused():
                found = decode(document, arrays)
        except _DAMAGED as exc:
            self._unusable(npz_path, f"{type(exc).__name__}: {exc}")
            return None
        if self.keep is not None:
            try:
                os.utime(json_path)
            except OSError:  # a read-only cache still serves
                pass
        return found

    def write(
        self, stem: str, key: dict[str, Any], data: dict[str, Any], arrays: dict[str, np.ndarray]
    ) -> None:
        """Store ``arrays`` and the JSON ``data`` under ``key`` as the pair ``stem``."""
        try:
            atomic_save_npz(self.directory / f"{stem}.npz", compress=self.compress, **arrays)
            atomic_write_json(self.directory / f"{stem}.json", {"key": key, **data}, indent=None)
            if self.keep is not None:
                pairs = self.directory.glob(f"{glob.escape(self.family)}*.json")
                by_use = sorted(pairs, key=lambda p: p.stat().st_mtime_ns, reverse=True)
                for old in by_use[self.keep :]:
                    old.unlink(missing_ok=True)
                    old.with_suffix(".npz").unlink(missing_ok=True)
        except OSError as exc:
            _warn(self.directory, f"cannot write the {self.what} cache here: {exc}")

    def _unusable(self, path: Path, reason: str) -> None:
        _warn(path, f"unusable {self.what} cache ({reason}); rebuilding")


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused while the block makes many small acyclic records
    (a corpus read, a cache decoded: its collections would walk every live object again and
    again); what the block made then joins the oldest generation."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def _warn(path: Path, message: str) -> None:
    """One warning line ``<path>:0: RuntimeWarning: <message>``."""
    warnings.warn_explicit(" ".join(message.split()), RuntimeWarning, str(path), 0)


def key_difference(stored: Any, wanted: dict[str, Any]) -> str:
    """How a stored cache key differs from the wanted one, in short.

    >>> old, new = {"format": 1, "files": {"a": [1, 2]}}, {"format": 2, "files": {"a": [1, 3]}}
    >>> key_difference(old, new)
    'format 1 != 2; changed since the build: a'
    """
    if not isinstance(stored, dict):
        return "no cache key"
    parts = []
    for field, value in wanted.items():
        old = stored.get(field)
        if field == "files":
            old = old if isinstance(old, dict) else {}
            changed = [name for name in value if old.get(name) != value[name]]
            if changed:
                parts.append(f"changed since the build: {', '.join(changed)}")
        elif old != value:
            parts.append(f"{field} {old!r} != {value!r}")
    return "; ".join(parts) or "cache key differs"
