"""WordNet 3.0 verb and noun thesauri, built from NLTK's reader and cached on disk.

Shapes (nodes are synsets, named as NLTK names them, e.g. ``use.v.01``, plus virtual nodes):

- **verbs** (``wordnet-verb``): virtual ``ROOT`` -> one node per verb lexicographer file
  (``verb.motion``, ``verb.consumption``, ...) -> hypernym chain -> synset.  A synset without
  a hypernym (WordNet has 559 such verb roots) hangs under the node of its own lexicographer
  file; its hyponyms follow it whatever their own file is.
- **nouns** (``wordnet-noun``): virtual ``ROOT`` -> ``entity.n.01`` -> hypernym and instance-
  hypernym chains -> synset.

WordNet is a DAG (2,213 noun synsets and 31 verb synsets have two or more hypernyms).  The tree
keeps, for each synset, the hypernym (or instance hypernym) with the **lowest synset offset**;
the other links are dropped.  The rule is deterministic and independent of NLTK's list order.
Hence our LEN can exceed NLTK's ``shortest_path_distance`` (which searches the DAG) for synsets
with several hypernym paths, and for verbs in different lexicographer files, whose paths pass
through two extra virtual nodes (NLTK's ``simulate_root`` uses one fake root for all verbs).

Senses are WordNet sense keys (``use%2:34:01::``, as in SemCor) read from ``index.sense``; a
lemma's senses are ordered by WordNet sense number (the order of ``wn.synsets(lemma, pos)``).

Cache: building takes ~10 s (most of it NLTK reading WordNet), so the result is stored as
``<kind>.npz`` (parents, sense nodes, word table) + ``<kind>.json`` (names, keys, words, and the
cache key: WordNet version + :data:`CACHE_FORMAT`) in :func:`cache_dir` (``$WSD_THESAURUS_CACHE``,
else ``thesauri/`` beside :func:`thesaurus.wordnet_data.data_dir`).  A warm start reads those
two files and never imports NLTK.  A missing, stale or corrupt cache is rebuilt (corrupt or
stale: with a warning).
"""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ._core import Thesaurus
from ._io import atomic_save_npz, atomic_write_json
from .wordnet_data import data_dir

__all__ = [
    "CACHE_FORMAT",
    "WORDNET_VERSION",
    "build_wordnet",
    "cache_dir",
    "load_cached",
    "load_wordnet_nouns",
    "load_wordnet_verbs",
]

WORDNET_VERSION = "3.0"
CACHE_FORMAT = 1  # bump when the tree rule or the cache layout changes
ROOT = "ROOT"
_POS = {"verb": ("v", "2"), "noun": ("n", "1")}


def cache_dir() -> Path:
    """Where built WordNet thesauri are cached (``$WSD_THESAURUS_CACHE`` overrides)."""
    env = os.environ.get("WSD_THESAURUS_CACHE")
    if env:
        return Path(env).expanduser()
    return data_dir().parent / "thesauri"


# --- building -----------------------------------------------------------------------------------
def _tree_parent(synset: Any) -> Any | None:
    """The hypernym kept in the tree: lowest offset among hypernyms + instance hypernyms."""
    candidates = synset.hypernyms() + synset.instance_hypernyms()
    return min(candidates, key=lambda s: s.offset()) if candidates else None


def build_wordnet(kind: str) -> dict[str, Any]:
    """Build the ``"verb"`` or ``"noun"`` tree from WordNet 3.0 as plain arrays and lists
    (the :func:`_payload` layout), reading synsets through NLTK and keys from ``index.sense``."""
    from .wordnet_data import wordnet

    wn = wordnet()
    pos, ss_type = _POS[kind]
    synsets = sorted(wn.all_synsets(pos), key=lambda s: s.offset())
    names = [ROOT]
    if kind == "verb":
        names += sorted({s.lexname() for s in synsets})
    virtual = {name: i for i, name in enumerate(names)}
    by_offset = {s.offset(): len(names) + k for k, s in enumerate(synsets)}
    names += [s.name() for s in synsets]
    parent = np.full(len(names), -1, dtype=np.int32)
    parent[1 : len(virtual)] = 0  # lexicographer-file nodes under ROOT
    for synset in synsets:
        up = _tree_parent(synset)
        node = by_offset[synset.offset()]
        if up is not None:
            parent[node] = by_offset[up.offset()]
        else:
            parent[node] = virtual[synset.lexname()] if kind == "verb" else 0
    rows = []  # (lemma, sense number, key, node)
    with wn.open("index.sense") as handle:
        for line in handle:
            key, offset, number, _ = line.split(" ", 3)
            lemma, _, lexsn = key.partition("%")
            if lexsn.startswith(ss_type + ":"):
                rows.append((lemma, int(number), key, by_offset[int(offset)]))
    rows.sort(key=lambda row: (row[0], row[1]))
    words: dict[str, list[int]] = {}
    for j, (lemma, _, _, _) in enumerate(rows):
        words.setdefault(lemma, []).append(j)
    return {
        "names": names,
        "parent": parent,
        "sense_ids": [row[2] for row in rows],
        "sense_nodes": np.array([row[3] for row in rows], dtype=np.int32),
        "words": words,
    }


def _thesaurus(kind: str, payload: dict[str, Any]) -> Thesaurus:
    return Thesaurus(
        name=f"wordnet-{kind}",
        version=WORDNET_VERSION,
        node_names=payload["names"],
        parent=payload["parent"],
        sense_ids=payload["sense_ids"],
        sense_nodes=payload["sense_nodes"],
        words=payload["words"],
    )


# --- disk cache ---------------------------------------------------------------------------------
def _cache_key(kind: str) -> dict[str, Any]:
    return {"kind": kind, "wordnet": WORDNET_VERSION, "format": CACHE_FORMAT}


def _save(directory: Path, kind: str, payload: dict[str, Any]) -> None:
    """NPZ for the integer arrays, JSON for the strings; the JSON (with the key) goes last, so
    a half-written pair never matches."""
    word_list = list(payload["words"])
    offsets = np.zeros(len(word_list) + 1, dtype=np.int64)
    np.cumsum([len(payload["words"][w]) for w in word_list], out=offsets[1:])
    flat = [j for w in word_list for j in payload["words"][w]]
    atomic_save_npz(
        directory / f"{kind}.npz",
        parent=payload["parent"],
        sense_nodes=payload["sense_nodes"],
        word_offsets=offsets,
        word_senses=np.asarray(flat, dtype=np.int32),
    )
    document = {
        "key": _cache_key(kind),
        "names": payload["names"],
        "sense_ids": payload["sense_ids"],
        "words": word_list,
    }
    atomic_write_json(directory / f"{kind}.json", document, indent=None)


def _read(directory: Path, kind: str) -> dict[str, Any]:
    """The cached payload; raises ValueError/OSError/KeyError if missing, stale or corrupt."""
    with open(directory / f"{kind}.json", encoding="utf-8") as handle:
        document = json.load(handle)
    if document["key"] != _cache_key(kind):
        raise ValueError(f"cache key {document['key']} != {_cache_key(kind)}")
    with np.load(directory / f"{kind}.npz", allow_pickle=False) as arrays:
        parent = arrays["parent"]
        sense_nodes = arrays["sense_nodes"]
        offsets = arrays["word_offsets"]
        flat = arrays["word_senses"]
    words_list = document["words"]
    if len(parent) != len(document["names"]) or len(sense_nodes) != len(document["sense_ids"]):
        raise ValueError("array lengths do not match the JSON")
    if len(offsets) != len(words_list) + 1 or offsets[-1] != len(flat):
        raise ValueError("word table lengths do not match")
    bounds = offsets.tolist()
    flat_list = flat.tolist()
    words = {w: flat_list[bounds[i] : bounds[i + 1]] for i, w in enumerate(words_list)}
    return {
        "names": document["names"],
        "parent": parent,
        "sense_ids": document["sense_ids"],
        "sense_nodes": sense_nodes,
        "words": words,
    }


def load_cached(
    kind: str,
    build: Callable[[str], dict[str, Any]] = build_wordnet,
    directory: Path | None = None,
) -> Thesaurus:
    """The ``kind`` thesaurus from the disk cache, building (and caching) it when needed.

    A cache that exists but cannot be used (corrupt, truncated, other format or WordNet
    version, or not a valid tree) is rebuilt with a :class:`RuntimeWarning`.
    """
    directory = cache_dir() if directory is None else directory
    if (directory / f"{kind}.json").exists():
        try:
            return _thesaurus(kind, _read(directory, kind))
        except Exception as exc:  # any unreadable cache is rebuilt, never trusted
            warnings.warn(
                f"thesaurus cache {directory / kind}.* unusable ({type(exc).__name__}: {exc}); "
                "rebuilding",
                RuntimeWarning,
                stacklevel=2,
            )
    payload = build(kind)
    thesaurus = _thesaurus(kind, payload)
    try:
        _save(directory, kind, payload)
    except OSError as exc:
        warnings.warn(f"cannot write thesaurus cache in {directory}: {exc}", stacklevel=2)
    return thesaurus


def load_wordnet_verbs() -> Thesaurus:
    """WordNet 3.0 verbs: ROOT -> lexicographer file -> hypernym chain -> synset."""
    return load_cached("verb")


def load_wordnet_nouns() -> Thesaurus:
    """WordNet 3.0 nouns: ROOT -> entity.n.01 -> (instance) hypernym chain -> synset."""
    return load_cached("noun")
