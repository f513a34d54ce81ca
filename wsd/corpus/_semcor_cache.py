"""SemCor parsed once: a disk cache (:class:`~thesaurus.utils.disk_cache.DiskCache`) of every tag
file's normalised tokens and annotations and of the case frame of every verb token.

One cache per corpus root under :func:`cache_dir` (``$WSD_CORPUS_CACHE``, else ``corpora``
beside the WordNet data), keeping the :data:`KEEP` most recently used, keyed by the tag
files' sizes and mtimes, the WordNet files read, a digest of the code and tables and
:data:`CACHE_FORMAT`.  Frames are cached for the default class table only.  The files hold a
:class:`~wsd.corpus.document_store.DocumentStore` (strings once in the JSON, the records as int32
columns indexing them), the documents named by their tag file's path below the root.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from thesaurus.utils.disk_cache import DiskCache, code_digest, stamp_files
from thesaurus.utils.disk_cache import cache_dir as _cache_dir
from thesaurus.wordnet.morphy import morphy_source_key
from wsd.corpus.document_store import (
    DocumentStore,
    decode_store,
    encode_store,
    store_of,
    verb_frames,
)
from wsd.types import AnnotatedSentence, Annotation, CaseFrame, Sentence

__all__ = ["CACHE_FORMAT", "cache_dir", "cached_name", "semcor_store"]

CACHE_FORMAT = 6  # 5: strings in the JSON, plain columns; 6: each sentence's source and language
KEEP = 8
_CODE = (  # the code and tables the cached records are made with
    "wsd/normalise.py",
    "wsd/types.py",
    "wsd/corpus/semcor.py",
    "wsd/corpus/_semcor_cache.py",
    "wsd/corpus/document_store.py",
    "thesaurus/wordnet/morphy.py",
    "wsd/frames",
    "wsd/_data/pronoun_classes.tsv",
    "wsd/_data/name_classes.tsv",
)


def cache_dir() -> Path:
    """Where parsed corpora are cached (``$WSD_CORPUS_CACHE`` overrides)."""
    return _cache_dir("corpora", "WSD_CORPUS_CACHE")


def semcor_store(
    root: Path,
    paths: Sequence[Path],
    parse: Callable[[Path], list[AnnotatedSentence]],
    frame: Callable[[Sentence, int], CaseFrame],
    is_verb: Callable[[Annotation], bool],
    directory: Path | None = None,
) -> DocumentStore:
    """The cached store of the tag files ``paths`` under ``root`` (documents by
    :func:`cached_name`, the frame of every verb token under the default class table), built
    (``parse`` each file, ``frame`` each token ``is_verb`` accepts) and saved when missing or
    stale."""
    cache = DiskCache(cache_dir() if directory is None else directory, "corpus", False, KEEP)
    code = code_digest(*_CODE)
    # the code version is part of the name too: two checkouts of different code (or a run of
    # the tests of another branch) keep their own caches instead of rebuilding each other's
    stem = "semcor-" + hashlib.sha256(f"{root.resolve()}\0{code}".encode()).hexdigest()[:12]
    names = {cached_name(root, p): p for p in paths}
    key = {
        "format": CACHE_FORMAT,
        "code": code,
        "wordnet": morphy_source_key(),
        **stamp_files(str(root.resolve()), names),
    }

    def build() -> tuple[DocumentStore, dict[str, Any], dict[str, np.ndarray]]:
        documents = {name: parse(path) for name, path in names.items()}
        frames = verb_frames(documents.values(), frame, is_verb)
        return store_of(documents, frames), *encode_store(documents, frames)

    return cache.fetch(stem, key, decode_store, build)


def cached_name(root: Path, path: Path) -> str:
    """The name a tag file has in the cache of ``root``: its path below the root."""
    return path.name if root.is_file() else path.relative_to(root).as_posix()
