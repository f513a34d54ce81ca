"""Participles and gerunds the tagger reads as adjectives or nouns, read as verbs when SemCor
does: SemCor sense-tags ``entitled``, ``based``, ``binding`` as verbs where its own Penn tags
elsewhere, and so the tagger, say ``JJ`` or ``NN``.

The tagger file keeps, for every inflected verb form (WordNet's morphy gives it a verb lemma
other than itself) that its training corpus sense-tags as a verb, how often the corpus
sense-tags it as a verb and how often it tags it as anything but a verb
(:func:`verb_form_counts`).  A token tagged ``JJ`` or ``NN`` whose lower-cased form has such
counts is read by :func:`participle_reading`: a verb (``VBG`` for ``-ing``, else ``VBN``) when
the corpus sense-tags it as a verb at least as often as it tags it otherwise (:data:`MIN_RATE`),
else a verb token skipped as ``no-lemma:adjective-or-noun``.  (Tuned on 32 of the 316 training
files of ``bench/text_pipeline.py`` with a tagger trained on the other 284: a rate of .5 finds
92 of the 296 sense-tagged verbs the tagger misses there, for 427 more instances; .3 finds 118
for 624, .7 finds 68 for 248.)

>>> counts = {"entitled": (9, 3), "interested": (2, 40)}
>>> participle_reading("Entitled", "JJ", counts), participle_reading("interested", "JJ", counts)
(('VBN', True), ('VBN', False))
>>> participle_reading("entitled", "DT", counts), participle_reading("red", "JJ", counts)
(None, None)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from ..types import AnnotatedSentence
from .multiwords import is_wordnet_verb, verb_lemma

__all__ = [
    "ADJECTIVE_OR_NOUN",
    "MIN_RATE",
    "READ_TAGS",
    "participle_reading",
    "verb_form_counts",
]

ADJECTIVE_OR_NOUN = "adjective-or-noun"  # the skip reason no-lemma:adjective-or-noun
READ_TAGS = frozenset({"JJ", "NN"})  # the tagger's tags a participle or gerund may hide under
MIN_RATE = 0.5  # sense-tagged as a verb at least as often as tagged otherwise


def _inflected(form: str) -> bool:
    """Whether ``form`` (letters only) is an inflection of a WordNet verb other than itself."""
    return form.isalpha() and verb_lemma(form) != form and is_wordnet_verb(form)


def verb_form_counts(
    documents: Iterable[Sequence[AnnotatedSentence]],
) -> dict[str, tuple[int, int]]:
    """For each lower-cased inflected verb form of one word that ``documents`` sense-tag as a
    verb (a ``VB*`` tag with a lemma): (times sense-tagged as a verb, times tagged other than
    ``VB*``), sorted by form."""
    verb: Counter[str] = Counter()
    other: Counter[str] = Counter()
    seen: dict[str, bool] = {}
    for item in (item for document in documents for item in document):
        for token, note in zip(item.sentence.tokens, item.annotations, strict=True):
            form = token.form.lower()
            if form not in seen:
                seen[form] = _inflected(form)
            if not seen[form]:
                continue
            if note.tag.startswith("VB"):
                verb[form] += note.lemma is not None
            else:
                other[form] += 1
    return {form: (verb[form], other[form]) for form in sorted(verb) if verb[form]}


def participle_reading(
    form: str, tag: str, counts: Mapping[str, tuple[int, int]]
) -> tuple[str, bool] | None:
    """How to read a token the tagger tags ``tag`` (module docstring): ``None`` (as tagged),
    else its verb tag (``VBG`` for ``-ing``, else ``VBN``) and whether it is read as a verb
    (``False``: a verb token skipped as ``no-lemma:adjective-or-noun``)."""
    if tag not in READ_TAGS:
        return None
    found = counts.get(form.lower())
    if found is None:
        return None
    verb, other = found
    verb_tag = "VBG" if form.lower().endswith("ing") else "VBN"
    return verb_tag, verb >= MIN_RATE * (verb + other)
