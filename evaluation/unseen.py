"""The *unseen* breakdown: whether an instance's word and gold sense occur in the training
data of the system that answered it.

Each instance falls in one group: ``seen sense`` (its word occurs in the training data with
one of the instance's gold keys), ``unseen sense`` (its word occurs there, none of its gold
keys does) or ``unseen verb`` (its word does not occur there).  A word is a lemma with its
part of speech (:mod:`evaluation.words`), so the noun *run* does not make the verb *run* seen;
a training line counts every key it holds.  A system that learns only from the training data
cannot choose an unseen sense; an unseen verb is answered by its fallback (WordNet's first
sense for ours).

Cross-validation (``wsd evaluate``) takes each fold's own training part
(:func:`fold_unseen_groups`); ``wsd compare`` and ``wsd score`` read the training data's key
file (``--train-keys``, :func:`key_file_unseen_groups`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence

import numpy as np

from evaluation._exceptions import EvaluationError
from evaluation.acceptability import Grading
from evaluation.thesauri import as_thesauri
from evaluation.words import key_word

__all__ = [
    "FIRST_SENSE_ORDER",
    "SEEN_SENSE",
    "UNSEEN_NOT_AVAILABLE",
    "UNSEEN_ORDER",
    "UNSEEN_SENSE",
    "UNSEEN_VERB",
    "first_sense_of",
    "fold_unseen_groups",
    "key_file_unseen_groups",
    "read_training_keys",
    "unseen_groups",
]

# the groups of the first-sense breakdown, in report order
FIRST_SENSE = {True: "first sense", False: "not first sense"}
FIRST_SENSE_UNKNOWN = "first sense unknown"
FIRST_SENSE_ORDER = ("not first sense", "first sense", FIRST_SENSE_UNKNOWN)
SEEN_SENSE = "seen sense"
UNSEEN_SENSE = "unseen sense"
UNSEEN_VERB = "unseen verb"
UNSEEN_ORDER = (SEEN_SENSE, UNSEEN_SENSE, UNSEEN_VERB)
UNSEEN_NOT_AVAILABLE = (
    "not available: no training data given (--train-keys FILE, the key file of the instances "
    "the systems were trained on)"
)


def unseen_groups(
    gold: Sequence[Sequence[str]],
    words: Sequence[Hashable],
    train_gold: Iterable[Sequence[str]],
    train_words: Iterable[Hashable],
) -> tuple[str, ...]:
    """Each instance's group (:data:`UNSEEN_ORDER`) against one training part: ``gold[i]``
    and ``words[i]`` are instance ``i``'s keys and word, ``train_gold``/``train_words`` the
    training instances' (in the same order).

    >>> unseen_groups([["a%1"], ["a%2"], ["b%1"]], ["a", "a", "b"], [["a%1"]], ["a"])
    ('seen sense', 'unseen sense', 'unseen verb')
    """
    if len(gold) != len(words):
        raise ValueError(f"{len(gold)} gold entries but {len(words)} words")
    senses: set[tuple[Hashable, str]] = set()
    seen_words: set[Hashable] = set()
    for keys, word in zip(train_gold, train_words, strict=True):
        seen_words.add(word)
        senses.update((word, key) for key in keys)
    return tuple(
        UNSEEN_VERB
        if word not in seen_words
        else SEEN_SENSE
        if any((word, key) in senses for key in keys)
        else UNSEEN_SENSE
        for keys, word in zip(gold, words, strict=True)
    )


def fold_unseen_groups(
    gold: Sequence[Sequence[str]], words: Sequence[Hashable], folds: np.ndarray
) -> tuple[str, ...]:
    """Each instance's group in a cross-validation: its training part is every instance of
    another fold (``folds[i]``: instance ``i``'s fold; a model is fitted per word, so only the
    word's own instances count).  A word or sense is in the training part when it occurs more
    often in all folds than in the instance's own (counted once per instance).

    >>> fold_unseen_groups([["a%1"], ["a%1"], ["a%2"]], ["a"] * 3, np.array([0, 1, 1]))
    ('seen sense', 'seen sense', 'unseen sense')
    """
    fold_of = np.asarray(folds).tolist()
    if len(fold_of) != len(gold) or len(words) != len(gold):
        raise ValueError(f"{len(gold)} gold entries, {len(words)} words, {len(fold_of)} folds")
    word_all: Counter[Hashable] = Counter(words)
    word_fold: Counter[tuple[Hashable, int]] = Counter(zip(words, fold_of, strict=True))
    sense_all: Counter[tuple[Hashable, str]] = Counter()
    sense_fold: Counter[tuple[Hashable, str, int]] = Counter()
    for keys, word, fold in zip(gold, words, fold_of, strict=True):
        for key in set(keys):
            sense_all[(word, key)] += 1
            sense_fold[(word, key, fold)] += 1
    return tuple(
        UNSEEN_VERB
        if word_all[word] == word_fold[(word, fold)]
        else SEEN_SENSE
        if any(sense_all[(word, k)] > sense_fold[(word, k, fold)] for k in keys)
        else UNSEEN_SENSE
        for keys, word, fold in zip(gold, words, fold_of, strict=True)
    )


def key_file_unseen_groups(
    gold: Sequence[Sequence[str]], train: Mapping[str, Sequence[str]], thesauri: Grading
) -> tuple[str, ...]:
    """Each instance's group against a training key file's ``{instance id: keys}``; words are
    read off the keys (:func:`~evaluation.words.key_word`): an instance's from its first gold
    key, every training key makes its own word seen.

    >>> key_file_unseen_groups([["run%2:38:00::"], ["eat%2:34:00::"]],
    ...                        {"t1": ["run%1:04:00::"]}, None)
    ('unseen verb', 'unseen verb')
    """
    word = key_word(thesauri)
    train_keys = list(dict.fromkeys(key for keys in train.values() for key in keys))
    return unseen_groups(
        gold,
        [word(keys[0]) if keys else None for keys in gold],
        [(key,) for key in train_keys],
        [word(key) for key in train_keys],
    )


def read_training_keys(paths: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """The training instances' keys of every key file in ``paths`` (``{id: keys}``; an id in
    two files keeps both files' keys).  An empty file raises :class:`EvaluationError`; a bad
    line raises the key reader's error naming the file and line."""
    from wsd.corpus.keys import read_keys

    found: dict[str, tuple[str, ...]] = {}
    for path in paths:
        keys = read_keys(path)
        if not keys:
            raise EvaluationError(f"{path}: no training instance (the key file has no line)")
        for ident, senses in keys.items():
            found[ident] = tuple(dict.fromkeys((*found.get(ident, ()), *senses)))
    return found


def first_sense_of(
    gold: Sequence[Sequence[str]],
    lemmas: Sequence[str],
    parts: Sequence[str | None],
    thesauri: Grading,
) -> tuple[str, ...]:
    """Per instance, ``first sense`` when its gold keys hold the first sense of its lemma in
    the thesaurus of its part of speech (WordNet's order), ``not first sense`` otherwise, or
    ``first sense unknown`` (no thesaurus for the part of speech, or an unknown lemma)."""
    books = as_thesauri(thesauri)
    first: dict[tuple[str, str | None], str | None] = {}
    out = []
    for lemma, pos, keys in zip(lemmas, parts, gold, strict=True):
        if (lemma, pos) not in first:
            thes = books.of(pos)
            known = thes is not None and thes.has_word(lemma)
            first[(lemma, pos)] = thes.senses(lemma)[0] if thes is not None and known else None
        sense = first[(lemma, pos)]
        out.append(FIRST_SENSE_UNKNOWN if sense is None else FIRST_SENSE[sense in keys])
    return tuple(out)
