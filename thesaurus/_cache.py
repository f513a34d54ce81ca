"""The disk cache of built WordNet thesauri: ``<stem>.npz`` (integer arrays) + ``<stem>.json``.

``<stem>`` is ``verb``, ``verb+groups``, ``noun``, ``adj`` or ``adv``.  The NPZ holds the
parents, the sense nodes, the word table in compressed rows
(:class:`~thesaurus._core.WordTable`) and the Euler tour (so a warm start skips the Python tree
walk; the tour is checked against the parents on load).  The JSON holds node names, sense keys,
words and the **cache key**: the stem, the WordNet version, :data:`CACHE_FORMAT`, the directory
the WordNet files were read from, and the size and ``st_mtime_ns`` of each file the build reads
(``data.<pos>``, ``index.<pos>``, ``index.sense``, ``lexnames``; for ``adv`` also ``data.adj``
and ``index.adj``).  Any difference -- a new WordNet copy, another directory, a format bump, a
different tree option -- rebuilds the cache.  The JSON is written last, so a half-written pair
never matches.

A cache that exists but cannot be used (stale key, corrupt or truncated files, not a valid
tree) is rebuilt after one :class:`RuntimeWarning` line naming the cache file.
"""

from __future__ import annotations

import json
import os
import warnings
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ._core import Thesaurus, WordTable
from ._exceptions import ToolkitError
from .io import atomic_save_npz, atomic_write_json
from .wordnet_data import data_dir

__all__ = ["CACHE_FORMAT", "cache_dir", "load_cached", "stamp_files"]

CACHE_FORMAT = 2  # bump when the tree rule or the cache layout changes (2: Euler tour, CSR words)

Payload = dict[str, Any]


def cache_dir() -> Path:
    """Where built WordNet thesauri are cached (``$WSD_THESAURUS_CACHE`` overrides)."""
    env = os.environ.get("WSD_THESAURUS_CACHE")
    if env:
        return Path(env).expanduser()
    return data_dir().parent / "thesauri"


def stamp_files(source: str, paths: dict[str, Path]) -> dict[str, Any]:
    """The source part of a cache key: ``source`` and ``[size, mtime_ns]`` per file name.

    A file that cannot be stat'ed is recorded as ``None`` (the build will then report it)."""
    files: dict[str, list[int] | None] = {}
    for name, path in sorted(paths.items()):
        try:
            stat = path.stat()
        except OSError:
            files[name] = None
        else:
            files[name] = [stat.st_size, stat.st_mtime_ns]
    return {"source": source, "files": files}


class _Unusable(Exception):
    """A cache that must be rebuilt: the file at fault and why."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


def _warn(path: Path, message: str) -> None:
    """One warning line ``<path>:0: RuntimeWarning: <message>`` (no source line is shown:
    the location is the cache file, not our code)."""
    warnings.warn_explicit(" ".join(message.split()), RuntimeWarning, str(path), 0)


def _save(
    directory: Path, stem: str, key: dict[str, Any], payload: Payload, thes: Thesaurus
) -> None:
    table = WordTable.from_mapping(payload["words"])
    atomic_save_npz(
        directory / f"{stem}.npz",
        parent=np.asarray(payload["parent"], dtype=np.int32),
        sense_nodes=np.asarray(payload["sense_nodes"], dtype=np.int32),
        word_offsets=table.offsets,
        word_senses=table.senses,
        euler=thes.euler_tour,
    )
    document = {
        "key": key,
        "names": payload["names"],
        "sense_ids": payload["sense_ids"],
        "words": list(table.words),
    }
    atomic_write_json(directory / f"{stem}.json", document, indent=None)


def _key_difference(stored: Any, wanted: dict[str, Any]) -> str:
    """A short description of how a stored cache key differs from the wanted one.

    >>> old, new = {"format": 1, "files": {"a": [1, 2]}}, {"format": 2, "files": {"a": [1, 3]}}
    >>> _key_difference(old, new)
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


def _read(directory: Path, stem: str, key: dict[str, Any]) -> tuple[Payload, np.ndarray]:
    """The cached payload and Euler tour; :class:`_Unusable` naming the file at fault if the
    cache is stale, damaged or inconsistent."""
    json_path, npz_path = directory / f"{stem}.json", directory / f"{stem}.npz"
    try:
        with open(json_path, encoding="utf-8") as handle:
            document = json.load(handle)
        names, sense_ids, words = document["names"], document["sense_ids"], document["words"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise _Unusable(
            json_path, f"unusable thesaurus cache ({type(exc).__name__}: {exc})"
        ) from exc
    if document.get("key") != key:
        difference = _key_difference(document.get("key"), key)
        raise _Unusable(json_path, f"stale thesaurus cache ({difference})")
    if not zipfile.is_zipfile(npz_path):
        raise _Unusable(npz_path, "unusable thesaurus cache (not an NPZ archive)")
    try:
        with np.load(npz_path, allow_pickle=False) as arrays:
            parent = arrays["parent"]
            sense_nodes = arrays["sense_nodes"]
            table = WordTable(tuple(words), arrays["word_offsets"], arrays["word_senses"])
            euler = arrays["euler"]
    except (OSError, ValueError, KeyError, zipfile.BadZipFile) as exc:
        raise _Unusable(
            npz_path, f"unusable thesaurus cache ({type(exc).__name__}: {exc})"
        ) from exc
    if len(parent) != len(names) or len(sense_nodes) != len(sense_ids):
        raise _Unusable(npz_path, "unusable thesaurus cache (array lengths differ from the JSON)")
    payload = {
        "names": names,
        "parent": parent,
        "sense_ids": sense_ids,
        "sense_nodes": sense_nodes,
        "words": table,
    }
    return payload, euler


def load_cached(
    stem: str,
    key: dict[str, Any],
    build: Callable[[], Payload],
    make: Callable[..., Thesaurus],
    directory: Path | None = None,
) -> Thesaurus:
    """The thesaurus cached as ``<stem>.*`` under ``key``; else ``make(**build())``, cached.

    ``make(payload, euler=None)`` turns a payload (``names``, ``parent``, ``sense_ids``,
    ``sense_nodes``, ``words``) into a :class:`Thesaurus`; ``key`` is compared with the stored
    one as a whole.  A cache that exists but cannot be used is rebuilt after one
    :class:`RuntimeWarning` line naming the file.
    """
    directory = cache_dir() if directory is None else directory
    json_path = directory / f"{stem}.json"
    if json_path.exists():
        try:
            payload, euler = _read(directory, stem, key)
            return make(payload, euler=euler)
        except _Unusable as exc:
            _warn(exc.path, f"{exc.reason}; rebuilding")
        except (ToolkitError, ValueError, TypeError, IndexError) as exc:  # not a valid thesaurus
            _warn(directory / f"{stem}.npz", f"unusable thesaurus cache ({exc}); rebuilding")
    payload = build()
    thes = make(payload)
    try:
        _save(directory, stem, key, payload, thes)
    except OSError as exc:
        _warn(directory, f"cannot write the thesaurus cache here: {exc}")
    return thes
