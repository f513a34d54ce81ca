"""WordNet's example sentences made into documents once per tagger file: a disk cache
(:class:`~thesaurus.utils.disk_cache.DiskCache`) beside the tagger file of what
:func:`wsd.text.wordnet_examples.wordnet_examples` makes before the corpus loader, so that a later
call (in any process) skips the tagging cache's decoding, the search for each sentence's
target and the case frames (~7 s of ~8 s with all of WordNet; ``bench/README.md``).

What is cached (:class:`ExampleDocuments`): a document per instance, named by the instance's
id, whose only token with a lemma is its target (holding the gold sense); the target's case
frame under the default class table; the counts and skips.  The files,
``wordnet-examples-documents-<code digest>-<options>.json``/``.npz``, hold a
:class:`~wsd.corpus.document_store.DocumentStore` and the counts, keyed by :data:`CACHE_FORMAT`, the
tagger file's size and mtime, the WordNet files morphy and :mod:`thesaurus.wordnet.verb_examples`
read, a digest of the code that makes the documents and frames (also in the name: checkouts
of different code keep their own, the :data:`KEEP` most recently used, older ones pruned) and
the options (``substitute``, ``templates``).  A stale or damaged cache is rebuilt with a
warning; a folder that cannot be written costs only the cache.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from thesaurus.utils.disk_cache import DiskCache, code_digest, stamp_files
from thesaurus.wordnet.morphy import morphy_source_key
from thesaurus.wordnet.verb_examples import verb_example_source
from wsd.corpus.document_store import decode_store, encode_store, store_of, verb_frames
from wsd.frames import extract_frame
from wsd.types import AnnotatedSentence, Annotation, CaseFrame

__all__ = ["CACHE_FORMAT", "ExampleDocuments", "cached_example_documents"]

CACHE_FORMAT = 1
FAMILY = "wordnet-examples-documents-"  # the files' names start so
KEEP = 8  # pairs beside a tagger file (code versions x option sets)
_CODE = (  # the code and tables the cached documents and frames are made with
    "wsd/text",  # wordnet_examples.py, wordnet_documents.py, tagged_texts.py among them
    "wsd/frames",
    "wsd/corpus/document_store.py",
    "wsd/normalise.py",
    "wsd/types.py",
    "wsd/corpus/_load.py",
    "thesaurus/wordnet/inflection.py",
    "thesaurus/wordnet/verb_examples.py",
    "thesaurus/wordnet/morphy.py",
    "wsd/_data/pronoun_classes.tsv",  # the default class table
    "wsd/_data/name_classes.tsv",
)


@dataclass(frozen=True)
class ExampleDocuments:
    """A document per instance by instance id, in instance order, whose only token with a
    lemma is its target; ``counts`` and ``skipped`` as in
    :class:`~wsd.text.wordnet_examples.WordNetExamples`; ``frame(sentence id, position)`` the
    target's case frame under the default class table, when known (else None: extract it)."""

    documents: dict[str, list[AnnotatedSentence]]
    counts: dict[str, int]
    skipped: dict[str, int]
    frame: Callable[[str, int], CaseFrame] | None = None


def cached_example_documents(
    tagger_file: Path, options: dict[str, bool], build: Callable[[], ExampleDocuments]
) -> ExampleDocuments:
    """The documents made with the tagger file ``tagger_file`` and ``options``
    (``substitute``, ``templates``) of all of WordNet's verb synsets: read from the cache
    beside the tagger file, else ``build()`` with their frames extracted, saved."""
    if not tagger_file.is_file():
        return build()  # which says what is wrong with the tagger file
    cache = DiskCache(
        tagger_file.parent, "WordNet example documents", compress=False, keep=KEEP, family=FAMILY
    )
    key = {
        "format": CACHE_FORMAT,
        "code": code_digest(*_CODE),
        "tagger": stamp_files(str(tagger_file.parent), {tagger_file.name: tagger_file}),
        "wordnet": morphy_source_key(),
        "source": verb_example_source(),
        "options": options,
    }
    flags = "-".join(name for name, on in sorted(options.items()) if on) or "plain"
    stem = f"{FAMILY}{key['code']}-{flags}"

    def build_with_frames() -> tuple[ExampleDocuments, dict[str, Any], dict[str, np.ndarray]]:
        made = build()
        frames = verb_frames(made.documents.values(), extract_frame, _is_target)
        data, arrays = encode_store(made.documents, frames)
        store = store_of(made.documents, frames)
        made = ExampleDocuments(made.documents, made.counts, made.skipped, store.frame)
        return made, {**data, "counts": made.counts, "skipped": made.skipped}, arrays

    return cache.fetch(stem, key, _decode, build_with_frames)


def _is_target(note: Annotation) -> bool:
    """Whether a token is its document's target: the only one with a lemma."""
    return note.lemma is not None


def _decode(data: dict[str, Any], arrays: dict[str, Any]) -> ExampleDocuments:
    """The cached documents (an error for data that does not fit: a damaged cache)."""
    store = decode_store(data, arrays)
    counts, skipped = data["counts"], data["skipped"]
    if not all(isinstance(d, dict) for d in (counts, skipped)):
        raise ValueError("counts and skips are no mappings")
    return ExampleDocuments(store.documents, counts, skipped, store.frame)
