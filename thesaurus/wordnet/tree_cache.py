"""Built WordNet thesauri on disk (:class:`~thesaurus.utils.disk_cache.DiskCache`, in
:func:`cache_dir`), one pair ``<stem>.npz`` + ``<stem>.json`` per tree: ``verb``,
``verb+groups``, ``noun``, ``adj``, ``adv``.

The NPZ holds the parents, the sense nodes, the word table (:class:`~thesaurus._core.WordTable`)
and the Euler tour; the JSON the node names, sense keys and words.  Any difference in the
caller's key rebuilds the tree.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from thesaurus._core import Thesaurus, WordTable
from thesaurus.utils.disk_cache import DiskCache
from thesaurus.utils.disk_cache import cache_dir as _cache_dir

__all__ = ["CACHE_FORMAT", "cache_dir", "load_cached"]

CACHE_FORMAT = 2  # bump when the tree rule or the cache layout changes (2: Euler tour, CSR words)


def cache_dir() -> Path:
    """Where built WordNet thesauri are cached (``$WSD_THESAURUS_CACHE`` overrides)."""
    return _cache_dir("thesauri", "WSD_THESAURUS_CACHE")


def load_cached(
    stem: str,
    key: dict[str, Any],
    make: Callable[[], Thesaurus],
    identity: tuple[str, str],
    directory: Path | None = None,
) -> Thesaurus:
    """The thesaurus cached as ``<stem>.*`` under ``key``, named and versioned by
    ``identity``, else ``make()`` (which gives it that identity), cached."""
    cache = DiskCache(cache_dir() if directory is None else directory, "thesaurus")

    def decode(document: dict[str, Any], arrays: dict[str, np.ndarray]) -> Thesaurus:
        names, sense_ids = document["names"], document["sense_ids"]
        parent, sense_nodes = arrays["parent"], arrays["sense_nodes"]
        if len(parent) != len(names) or len(sense_nodes) != len(sense_ids):
            raise ValueError("array lengths differ from the JSON")
        words = WordTable(tuple(document["words"]), arrays["word_offsets"], arrays["word_senses"])
        return Thesaurus(
            *identity, names, parent, sense_ids, sense_nodes, words, euler=arrays["euler"]
        )

    def build() -> tuple[Thesaurus, dict[str, Any], dict[str, np.ndarray]]:
        thes = make()
        data: dict[str, Any] = {
            "names": thes._names,
            "sense_ids": thes._sense_ids,
            "words": thes.words,
        }
        arrays: dict[str, np.ndarray] = {
            "parent": thes._parent,
            "sense_nodes": thes._sense_nodes,
            "word_offsets": np.asarray(thes._word_bounds, dtype=np.int64),
            "word_senses": np.asarray(thes._word_senses, dtype=np.int32),
            "euler": thes.euler_tour,
        }
        return thes, data, arrays

    return cache.fetch(stem, key, decode, build)
