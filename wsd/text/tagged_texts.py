"""Short texts tagged by the text pipeline (:func:`wsd.text.tag_text`) once per tagger file: a
disk cache (:class:`~thesaurus.utils.disk_cache.DiskCache`) beside the tagger file, for the ~16,500
sentences of WordNet's verb examples and templates (:mod:`wsd.text.wordnet_examples`), which take
about a minute to tag.

A cache, ``<name>-tags-<code digest>.json``/``.npz``, is keyed by :data:`CACHE_FORMAT`, the
tagger file's size and mtime, the WordNet files morphy reads, a digest of the text pipeline's
code (also in the name: checkouts of different code keep their own, the :data:`KEEP` most
recently used of one name, older ones pruned) and a digest of the texts themselves (``source``
says where they came from); a stale or damaged cache is rebuilt with a warning.  Each text is
tagged by a :func:`~wsd.text.tag_text` call of its own.  Each text's sentences keep their tokens
(form, lemma, universal tag) and annotations (lemma, Penn tag, attributes).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from thesaurus.utils.disk_cache import DiskCache, code_digest, stamp_files
from thesaurus.wordnet.morphy import morphy_source_key
from wsd.text import Tagger, load_tagger, tag_text
from wsd.types import AnnotatedSentence, Annotation, Sentence, Token

__all__ = ["CACHE_FORMAT", "tag_texts"]

CACHE_FORMAT = 1
KEEP = 4  # pairs of one name beside a tagger file (code versions); older ones pruned
_CODE = ("wsd/normalise.py", "wsd/types.py", "thesaurus/wordnet/morphy.py", "wsd/text")


def tag_texts(
    texts: Sequence[str],
    tagger: Tagger | str | os.PathLike[str],
    *,
    name: str = "texts",
    source: dict[str, Any] | None = None,
    doc: str = "text",
) -> dict[str, list[AnnotatedSentence]]:
    """The sentences of each of ``texts`` as :func:`wsd.text.tag_text` gives them (document
    ``doc``: sentence ids ``<doc>.s<N>``, N from 1 in each text).  ``tagger``: a tagger (not
    cached), or the path of a tagger file, loaded only when the cache beside it
    (``<name>-tags-<code digest>.json``/``.npz``) is missing or stale; :class:`DataError`
    naming the file when it cannot be loaded."""
    unique = list(dict.fromkeys(texts))
    if isinstance(tagger, Tagger):
        return _tag_all(unique, tagger, doc)
    path = Path(tagger)
    if not path.is_file():
        load_tagger(path)  # the error naming the file
    family = f"{name}-tags-"
    cache = DiskCache(path.parent, f"tagged {name}", compress=False, keep=KEEP, family=family)
    key = {
        "format": CACHE_FORMAT,
        "code": _code_digest(),
        "tagger": stamp_files(str(path.parent), {path.name: path}),
        "wordnet": morphy_source_key(),
        "source": source or {},
        "doc": doc,
        "texts": hashlib.sha256("\0".join(unique).encode()).hexdigest()[:16],
    }
    # the code version names the files: two checkouts of different code sharing a tagger
    # folder keep their own caches instead of rebuilding each other's
    stem = f"{family}{key['code']}"

    def build() -> tuple[dict[str, list[AnnotatedSentence]], dict[str, Any], dict[str, Any]]:
        tagged = _tag_all(unique, load_tagger(path), doc)
        return tagged, _encode(tagged), {}

    return cache.fetch(stem, key, lambda document, _: _decode(document, doc), build)


def _tag_all(texts: Sequence[str], tagger: Tagger, doc: str) -> dict[str, list[AnnotatedSentence]]:
    """Each text's sentences by a :func:`wsd.text.tag_text` call of its own."""
    return {text: [sentence.item for sentence in tag_text(text, tagger, doc=doc)] for text in texts}


def _code_digest() -> str:
    """A digest of the code the tagged sentences are made with."""
    return code_digest(*_CODE)


def _encode(tagged: dict[str, list[AnnotatedSentence]]) -> dict[str, Any]:
    """``{"texts": [[text, [sentence, ...]], ...]}``, a sentence as ``[id, [token, ...]]``
    and a token as ``[form, lemma, pos, note lemma, tag, [[attr, value], ...]]``."""
    return {
        "texts": [
            [
                text,
                [
                    [
                        item.sentence.id,
                        [
                            [t.form, t.lemma, t.pos, n.lemma, n.tag, [list(a) for a in n.attrs]]
                            for t, n in zip(item.sentence.tokens, item.annotations, strict=True)
                        ],
                    ]
                    for item in items
                ],
            ]
            for text, items in tagged.items()
        ]
    }


def _decode(document: dict[str, Any], doc: str) -> dict[str, list[AnnotatedSentence]]:
    """The inverse of :func:`_encode` (a malformed document raises, read as a damaged cache)."""
    out = {}
    for text, items in document["texts"]:
        sentences = []
        for sentence_id, rows in items:
            tokens = tuple(Token(form, lemma, pos) for form, lemma, pos, *_ in rows)
            notes = tuple(
                Annotation(lemma, tag, attrs=tuple((k, v) for k, v in attrs))
                for *_, lemma, tag, attrs in rows
            )
            sentence = Sentence(sentence_id, tokens, source=doc)
            sentences.append(AnnotatedSentence(sentence, notes))
        out[text] = sentences
    return out
