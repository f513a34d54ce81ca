"""The verb detector: whether a token the tagger does not tag as a verb is one all the same, as
SemCor sense-tags it (``entitled``, ``based``, ``binding``, ``use`` after ``to``, which SemCor's
own Penn tags elsewhere, and so the tagger, say ``JJ`` or ``NN``).

A *candidate* is a word written in letters, tagged other than ``VB*``/``MD``, whose lower-cased
form has a WordNet verb lemma (morphy) and which either the training corpus sense-tags as a
verb at least once (its counts in :func:`verb_form_counts`) or inflects a verb (``-ed``,
``-ing``, ``-s``: a lemma other than itself).  :func:`verb_features` describes a candidate in
its sentence (its form, suffixes and tag, its neighbours' words and tags, how often the corpus
sense-tags its form as a verb and tags it otherwise); a logistic model
(:mod:`wsd.text.classifier`) trained by :func:`train_verb_detector` on sentences tagged by a
tagger that has not seen them gives the probability that SemCor sense-tags it as a verb.
:func:`verb_reading`: at least :data:`MIN_PROBABILITY`, a verb (Penn tag from its ending:
``VBG``, ``VBZ``, ``VB`` or ``VBN``); below, an inflected form is a verb token skipped as
``no-lemma:adjective-or-noun`` (a base form is not a verb token).

Tuned by 4-fold cross-validation (by file) on the 32 files of the detector's fold of
``bench/text_pipeline.py``'s training files, tagged by a tagger trained on the other 284: the
tagger misses 303 of the 7,944 sense-tagged verbs there; the per-form rule this detector
replaces (read ``JJ``/``NN`` participles as verbs when the corpus sense-tags the form as a verb
at least half the time) finds 97 of them for 335 false readings (precision 22 %); the detector
(C = .3) at a probability of .5 finds 15 for 21, at .2 101 for 211, at .15 130 for 320, at .1
166 for 532 (precision 24 %), at .05 219 for 1,085.  A false reading is an instance SemCor
does not sense-tag (mostly a participle used as an adjective), a missed one a verb lost:
:data:`MIN_PROBABILITY` keeps the rule's precision and finds more.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from wsd.text.classifier import LinearModel, train_linear
from wsd.text.multiwords import is_wordnet_verb, verb_lemma
from wsd.types import AnnotatedSentence

__all__ = [
    "ADJECTIVE_OR_NOUN",
    "C",
    "MIN_PROBABILITY",
    "detector_rows",
    "is_candidate",
    "sense_tagged_words",
    "train_verb_detector",
    "verb_features",
    "verb_form_counts",
    "verb_reading",
]

ADJECTIVE_OR_NOUN = "adjective-or-noun"  # the skip reason no-lemma:adjective-or-noun
MIN_PROBABILITY = 0.1  # module docstring: the old per-form rule's precision, more verbs found
C = 0.3  # scikit-learn's inverse regularisation strength

Counts = Mapping[str, tuple[int, int]]


@functools.lru_cache(maxsize=65536)
def _verb_form(form: str) -> tuple[bool, bool]:
    """(has a WordNet verb lemma, inflects it: the lemma is not the form) for a lower-cased
    form."""
    if not form.isalpha() or not is_wordnet_verb(form):
        return False, False
    return True, verb_lemma(form) != form


def is_candidate(form: str, tag: str, counts: Counts) -> bool:
    """Whether the token ``form`` tagged ``tag`` is one the detector decides (module
    docstring)."""
    if tag.startswith("VB") or tag == "MD":
        return False
    lower = form.lower()
    verb, inflected = _verb_form(lower)
    return verb and (inflected or lower in counts)


def verb_form_counts(
    documents: Iterable[Sequence[AnnotatedSentence]],
) -> dict[str, tuple[int, int]]:
    """How often each verb form of ``documents`` is sense-tagged as a verb and tagged otherwise.

    Parameters
    ----------
    documents : iterable of sequence of AnnotatedSentence
        A corpus's sentences, a sequence per file.

    Returns
    -------
    dict of str to (int, int)
        For each lower-cased one-word form with a WordNet verb lemma that ``documents``
        sense-tag as a verb (a ``VB*`` tag with a lemma): (times sense-tagged as a verb, times
        tagged other than ``VB*``), sorted by form.
    """
    verb: Counter[str] = Counter()
    other: Counter[str] = Counter()
    for item in (item for document in documents for item in document):
        for token, note in zip(item.sentence.tokens, item.annotations, strict=True):
            form = token.form.lower()
            if not _verb_form(form)[0]:
                continue
            if note.tag.startswith("VB"):
                verb[form] += note.lemma is not None
            else:
                other[form] += 1
    return {form: (verb[form], other[form]) for form in sorted(verb) if verb[form]}


def _word(words: Sequence[str], i: int) -> str:
    return words[i].lower() if 0 <= i < len(words) else "<s>" if i < 0 else "</s>"


def _tag(tags: Sequence[str], i: int) -> str:
    return tags[i] if 0 <= i < len(tags) else "<s>" if i < 0 else "</s>"


def verb_features(
    words: Sequence[str], tags: Sequence[str], i: int, counts: Counts
) -> dict[str, float]:
    """The features of candidate ``i`` of a tagged sentence (module docstring)."""
    form = words[i].lower()
    verb, other = counts.get(form, (0, 0))
    inflected = _verb_form(form)[1]
    tag, prev, prev_tag, next_tag = (
        tags[i],
        _word(words, i - 1),
        _tag(tags, i - 1),
        _tag(tags, i + 1),
    )
    row = {
        f"form={form}": 1.0,
        f"suffix={form[-3:]}": 1.0,
        f"suffix2={form[-2:]}": 1.0,
        f"tag={tag}": 1.0,
        f"prev={prev}": 1.0,
        f"prev2={_word(words, i - 2)}": 1.0,
        f"next={_word(words, i + 1)}": 1.0,
        f"prev_tag={prev_tag}": 1.0,
        f"prev2_tag={_tag(tags, i - 2)}": 1.0,
        f"next_tag={next_tag}": 1.0,
        f"tags={prev_tag}+{tag}+{next_tag}": 1.0,
        f"prev+tag={prev}+{tag}": 1.0,
        "inflected": float(inflected),
        "capital": float(i > 0 and words[i][:1].isupper()),
        "log_verb": math.log1p(verb),
        "log_other": math.log1p(other),
        "verb_rate": (verb + 0.5) / (verb + other + 1.0),
        "unseen": float(verb == 0),
    }
    return row


def verb_reading(
    words: Sequence[str],
    tags: Sequence[str],
    i: int,
    counts: Counts,
    detector: LinearModel | None,
) -> tuple[str, bool] | None:
    """How to read word ``i`` of a tagged sentence: ``None`` (as tagged: not a candidate, or
    no detector), else its verb tag and whether it is read as a verb (``False``: a verb token
    skipped as ``no-lemma:adjective-or-noun``)."""
    if detector is None or not is_candidate(words[i], tags[i], counts):
        return None
    probability = detector.probability(verb_features(words, tags, i, counts))
    return _verb_tag(words[i].lower()), probability >= MIN_PROBABILITY


def _verb_tag(form: str) -> str:
    """The Penn verb tag a form's ending suggests: ``VBG`` (-ing), ``VB`` (the lemma itself),
    ``VBZ`` (-s), else ``VBN``."""
    lemma = verb_lemma(form)
    if form.endswith("ing") and lemma != form:
        return "VBG"
    if lemma == form:
        return "VB"
    return "VBZ" if form.endswith("s") else "VBN"


def sense_tagged_words(sentence: AnnotatedSentence) -> tuple[list[str], list[bool]]:
    """A corpus sentence's words (multiwords split at ``_``, as the tagger's training reads
    them) and, for each, whether it is the head (first word) of a token sense-tagged as a verb
    (a ``VB*`` tag with a lemma)."""
    words: list[str] = []
    labels: list[bool] = []
    for token, note in zip(sentence.sentence.tokens, sentence.annotations, strict=True):
        parts = [p for p in token.form.split("_") if p] or [token.form]
        words += parts
        labels += [note.tag.startswith("VB") and note.lemma is not None] + [False] * (
            len(parts) - 1
        )
    return words, labels


def detector_rows(
    sentences: Iterable[tuple[Sequence[str], Sequence[str], Sequence[bool]]], counts: Counts
) -> tuple[list[dict[str, float]], list[bool]]:
    """The candidates of ``(words, tags, labels)`` sentences as feature rows and labels."""
    rows: list[dict[str, float]] = []
    labels: list[bool] = []
    for words, tags, gold in sentences:
        for i, word in enumerate(words):
            if is_candidate(word, tags[i], counts):
                rows.append(verb_features(words, tags, i, counts))
                labels.append(gold[i])
    return rows, labels


def train_verb_detector(
    sentences: Iterable[tuple[Sequence[str], Sequence[str], Sequence[bool]]],
    counts: Counts,
    *,
    c: float = C,
) -> LinearModel:
    """The verb detector (module docstring).

    Parameters
    ----------
    sentences : iterable of (sequence of str, sequence of str, sequence of bool)
        ``(words, tags, labels)`` per sentence: the tags of a tagger that has not seen them,
        the labels of :func:`sense_tagged_words`.
    counts : mapping of str to (int, int)
        The :func:`verb_form_counts` of the tagger's own training corpus.
    c : float, default=C
        scikit-learn's inverse regularisation strength (0.3).

    Returns
    -------
    LinearModel
        The probability that SemCor sense-tags a candidate as a verb.

    Raises
    ------
    WSDError
        If the candidates are not both verbs and not somewhere (:func:`train_linear`).
    """
    rows, labels = detector_rows(sentences, counts)
    return train_linear(rows, labels, c=c)
