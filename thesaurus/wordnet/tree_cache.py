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

Payload = dict[str, Any]


def cache_dir() -> Path:
    """Where built WordNet thesauri are cached (``$WSD_THESAURUS_CACHE`` overrides)."""
    return _cache_dir("thesauri", "WSD_THESAURUS_CACHE")


def load_cached(
    stem: str,
    key: dict[str, Any],
    build: Callable[[], Payload],
    make: Callable[..., Thesaurus],
    directory: Path | None = None,
) -> Thesaurus:
    """The thesaurus cached as ``<stem>.*`` under ``key``, else ``make(build())``, cached;
    ``make(payload, euler=None)`` turns a payload (:func:`~thesaurus.wordnet.verbs_nouns.payload`)
    into a :class:`Thesaurus`."""
    cache = DiskCache(cache_dir() if directory is None else directory, "thesaurus")

    def decode(document: dict[str, Any], arrays: dict[str, np.ndarray]) -> Thesaurus:
        names, sense_ids = document["names"], document["sense_ids"]
        parent, sense_nodes = arrays["parent"], arrays["sense_nodes"]
        if len(parent) != len(names) or len(sense_nodes) != len(sense_ids):
            raise ValueError("array lengths differ from the JSON")
        words = WordTable(tuple(document["words"]), arrays["word_offsets"], arrays["word_senses"])
        payload = {"names": names, "parent": parent, "sense_ids": sense_ids}
        payload |= {"sense_nodes": sense_nodes, "words": words}
        return make(payload, euler=arrays["euler"])

    found = cache.read(stem, key, decode)
    if found is not None:
        return found
    payload = build()
    thes = make(payload)
    table = WordTable.from_mapping(payload["words"])
    arrays = {
        "parent": np.asarray(payload["parent"], dtype=np.int32),
        "sense_nodes": np.asarray(payload["sense_nodes"], dtype=np.int32),
        "word_offsets": table.offsets,
        "word_senses": table.senses,
        "euler": thes.euler_tour,
    }
    data = {"names": payload["names"], "sense_ids": payload["sense_ids"], "words": table.words}
    cache.write(stem, key, data, arrays)
    return thes
