"""WordNet 3.0 verb and noun thesauri, built from WordNet's database files and cached on disk.

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

Cache: building takes ~3 s per thesaurus (parsing the database files, no NLTK synset
objects); the result is stored as
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
from ._exceptions import DataError
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
_POS = {"verb": ("v", "2"), "noun": ("n", "1")}  # kind -> (NLTK pos letter, sense-key ss_type)


def cache_dir() -> Path:
    """Where built WordNet thesauri are cached (``$WSD_THESAURUS_CACHE`` overrides)."""
    env = os.environ.get("WSD_THESAURUS_CACHE")
    if env:
        return Path(env).expanduser()
    return data_dir().parent / "thesauri"


# --- building -----------------------------------------------------------------------------------
class _Files:
    """Opens WordNet's database files as text lines: from the directory
    :func:`~thesaurus.wordnet_data.setup_wordnet` built, else through NLTK's reader (which
    also reads its zipped corpus)."""

    def __init__(self) -> None:
        from .wordnet_data import setup_wordnet

        self.root = setup_wordnet()

    def lines(self, name: str) -> list[str]:
        if self.root is not None:
            return (self.root / name).read_text(encoding="utf-8").splitlines()
        from .wordnet_data import wordnet

        with wordnet().open(name) as handle:
            return handle.read().splitlines()


def _lexnames(files: _Files) -> dict[int, str]:
    """``lex_filenum -> lexicographer file name`` (``29 -> verb.body``)."""
    return {int(f[0]): f[1] for f in (line.split() for line in files.lines("lexnames")) if f}


def _index_offsets(files: _Files, pos_name: str) -> dict[str, list[int]]:
    """``lemma -> synset offsets`` in sense-number order, from ``index.<pos>``."""
    out = {}
    for line in files.lines(f"index.{pos_name}"):
        if line.startswith(" "):  # license header
            continue
        fields = line.split()
        count = int(fields[2])
        out[fields[0]] = [int(x) for x in fields[len(fields) - count :]]
    return out


def _read_synsets(files: _Files, pos_name: str) -> list[tuple[int, int, str, list[int]]]:
    """``(offset, lex_filenum, first word, hypernym offsets)`` per line of ``data.<pos>``, where
    hypernyms are the ``@`` (hypernym) and ``@i`` (instance hypernym) pointers."""
    lines = files.lines(f"data.{pos_name}")
    if not any("WordNet 3.0" in line for line in lines[:30] if line.startswith(" ")):
        raise DataError(f"data.{pos_name} is not WordNet 3.0 (SemCor 3.0 uses 3.0 sense keys)")
    out = []
    for line in lines:
        if line.startswith(" "):  # license header
            continue
        fields = line.split(" | ", 1)[0].split()
        n_words = int(fields[3], 16)
        at = 4 + 2 * n_words
        n_pointers = int(fields[at])
        hypernyms = [
            int(fields[at + 2 + 4 * k])
            for k in range(n_pointers)
            if fields[at + 1 + 4 * k] in ("@", "@i")
        ]
        out.append((int(fields[0]), int(fields[1]), fields[4], hypernyms))
    return out


def build_wordnet(kind: str) -> dict[str, Any]:
    """Build the ``"verb"`` or ``"noun"`` tree from WordNet 3.0's database files as the
    :class:`Thesaurus` arguments (``names``, ``parent``, ``sense_ids``, ``sense_nodes``,
    ``words``): synsets and pointers from ``data.<pos>``, NLTK-style synset
    names (``<first word lower-cased>.<pos>.<sense number of that word, 2 digits>``) from
    ``index.<pos>``, sense keys and sense numbers from ``index.sense``."""
    files = _Files()
    pos, ss_type = _POS[kind]
    lexnames = _lexnames(files)
    synsets = sorted(_read_synsets(files, kind))
    index = _index_offsets(files, kind)
    names = [ROOT]
    if kind == "verb":
        names += sorted({lexnames[lexfile] for _, lexfile, _, _ in synsets})
    virtual = {name: i for i, name in enumerate(names)}
    by_offset = {offset: len(names) + k for k, (offset, _, _, _) in enumerate(synsets)}
    for offset, _, word, _ in synsets:
        lemma = word.lower()
        names.append(f"{lemma}.{pos}.{index[lemma].index(offset) + 1:02d}")
    parent = np.full(len(names), -1, dtype=np.int32)
    parent[1 : len(virtual)] = 0  # lexicographer-file nodes under ROOT
    for offset, lexfile, _, hypernyms in synsets:
        node = by_offset[offset]
        if hypernyms:
            parent[node] = by_offset[min(hypernyms)]  # the tree rule: lowest offset
        else:
            parent[node] = virtual[lexnames[lexfile]] if kind == "verb" else 0
    rows = []  # (lemma, sense number, key, node)
    for line in files.lines("index.sense"):
        key, synset_offset, number, _ = line.split(" ", 3)
        lemma, _, lexsn = key.partition("%")
        if lexsn.startswith(ss_type + ":"):
            rows.append((lemma, int(number), key, by_offset[int(synset_offset)]))
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
