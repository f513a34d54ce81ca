"""Multiword verbs of running text, found by WordNet lookup, as SemCor writes them: one token
(``took place`` -> ``took_place``, lemma ``take_place``).

A token tagged as a verb (Penn ``VB*``) starts a multiword when it and the next words, all
written in letters, make a WordNet verb (:func:`is_wordnet_verb` through WordNet's morphy,
``looked up`` -> ``look_up``); the longest such run of at most :data:`MAX_WORDS` words wins.
Runs broken by other words (``looked it up``) are left as they are.  WordNet lists many
verb + preposition pairs SemCor writes as two tokens (``lived in``, ``went to``, ``was on``), and
some it joins in one sentence and not in another (``go on``: "go on talking" joined, "go on the
trip" apart): :func:`train_multiword_model` learns from a corpus's own joins whether to join a
run in its context (:func:`multiword_features`: the run's lemma, its last word, the words and
tags around it), and :func:`joins` gives :func:`verb_multiwords` the decision; a refused run
gives way to a shorter one.

>>> known = {"took_place", "looked_up"}.__contains__  # WordNet's morphy in real use
>>> verb_multiwords(["it", "took", "place", "."], ["PRP", "VBD", "NN", "."], known)
[(1, 3)]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence

from wsd.text.classifier import LinearModel, train_linear

__all__ = [
    "MAX_WORDS",
    "MIN_PROBABILITY",
    "is_wordnet_verb",
    "joins",
    "multiword_candidates",
    "multiword_features",
    "multiword_rows",
    "train_multiword_model",
    "verb_lemma",
    "verb_multiwords",
]

MIN_PROBABILITY = 0.5  # joined when a join is more likely than not
MAX_WORDS = 3  # of SemCor's 116,531 verb tokens, 5,730 have two words, 249 three, 61 more


def verb_lemma(form: str) -> str:
    """The WordNet verb lemma of ``form`` by morphy.

    Parameters
    ----------
    form : str
        An inflected verb, multiwords written ``_`` (``took_place``).

    Returns
    -------
    str
        Its lemma (``take_place``).
    """
    from thesaurus.wordnet.morphy import wordnet_morphy

    return wordnet_morphy().lemma(form, "v")


def is_wordnet_verb(form: str) -> bool:
    """Whether ``form`` has a WordNet verb lemma.

    Parameters
    ----------
    form : str
        An inflected verb, multiwords written ``_`` (``took_place``: ``take_place``).

    Returns
    -------
    bool
        True when morphy's lemma of ``form`` is a WordNet verb.
    """
    from thesaurus.wordnet.morphy import wordnet_morphy

    morphy = wordnet_morphy()
    lemma = morphy.lemma(form, "v")
    return lemma in morphy.analyses(lemma, "v")


def verb_multiwords(
    forms: Sequence[str],
    tags: Sequence[str],
    known: Callable[[str], bool] = is_wordnet_verb,
    max_words: int = MAX_WORDS,
    join: Callable[[int, int], bool] | None = None,
) -> list[tuple[int, int]]:
    """The token ranges of a sentence's multiword verbs (module docstring).

    Parameters
    ----------
    forms : sequence of str
        The sentence's tokens.
    tags : sequence of str
        Their Penn tags.
    known : callable, default=is_wordnet_verb
        ``known(words joined by "_")``: whether a run is a multiword verb.
    max_words : int, default=MAX_WORDS
        The longest run looked for.
    join : callable, optional
        ``join(start, end)``: whether a known run is joined here (default: always); a run it
        refuses gives way to a shorter one.

    Returns
    -------
    list of (int, int)
        The ``(start, end)`` ranges, in sentence order.
    """
    found: list[tuple[int, int]] = []
    i = 0
    while i < len(forms):
        end = i + 1
        for start, stop in _runs(forms, tags, i, known, max_words):
            if join is None or join(start, stop):
                end = stop
                found.append((start, stop))
                break
        i = end
    return found


def _runs(
    forms: Sequence[str],
    tags: Sequence[str],
    i: int,
    known: Callable[[str], bool],
    max_words: int,
) -> list[tuple[int, int]]:
    """The known runs starting at token ``i`` (a verb), longest first."""
    if not (tags[i].startswith("VB") and forms[i].isalpha()):
        return []
    runs = []
    for n in range(min(max_words, len(forms) - i), 1, -1):
        words = forms[i : i + n]
        if all(w.isalpha() for w in words) and known("_".join(words)):
            runs.append((i, i + n))
    return runs


def multiword_candidates(
    forms: Sequence[str], tags: Sequence[str], known: Callable[[str], bool] = is_wordnet_verb
) -> list[tuple[int, int]]:
    """Every known run of a sentence a :func:`verb_multiwords` may join (all lengths)."""
    return [run for i in range(len(forms)) for run in _runs(forms, tags, i, known, MAX_WORDS)]


def _at(seq: Sequence[str], i: int, lower: bool = True) -> str:
    if 0 <= i < len(seq):
        return seq[i].lower() if lower else seq[i]
    return "<s>" if i < 0 else "</s>"


def multiword_features(
    forms: Sequence[str], tags: Sequence[str], start: int, end: int
) -> dict[str, float]:
    """The features of the run ``forms[start:end]`` in its sentence: its lemma, its last word,
    the word after it and that word's tag, alone and with the lemma.  (Tuned on the 32 files of
    the detector's fold of ``bench/text_pipeline.py``'s training files, with the model trained on
    the other 284: of the 588 runs SemCor joins there and the 752 the lookup finds, joining every
    run makes 344 errors, a per-lemma list of runs the corpus mostly leaves apart 222, these
    features 212; more (the verb's lemma and tag, the word before, the 2nd tag after) 229-235.)
    """
    lemma = verb_lemma("_".join(forms[start:end]).lower())
    after_tag = _at(tags, end, False)
    return {
        f"lemma={lemma}": 1.0,
        f"last={_at(forms, end - 1)}": 1.0,
        f"after={_at(forms, end)}": 1.0,
        f"after_tag={after_tag}": 1.0,
        f"lemma+after_tag={lemma}+{after_tag}": 1.0,
    }


def multiword_rows(
    sentences: Iterable[Sequence[tuple[str, str]]], joined: Iterable[Collection[tuple[int, int]]]
) -> tuple[list[dict[str, float]], list[bool]]:
    """The candidate runs of tagged ``sentences`` (``(word, tag)`` pairs) as feature rows, and
    whether the corpus wrote each as one token (``joined``: each sentence's ``(start, end)``
    word ranges of its multiword verb tokens)."""
    rows: list[dict[str, float]] = []
    labels: list[bool] = []
    for words, gold in zip(sentences, joined, strict=True):
        forms, tags = [w for w, _ in words], [t for _, t in words]
        for start, end in multiword_candidates(forms, tags):
            rows.append(multiword_features(forms, tags, start, end))
            labels.append((start, end) in gold)
    return rows, labels


def train_multiword_model(
    sentences: Iterable[Sequence[tuple[str, str]]],
    joined: Iterable[Collection[tuple[int, int]]],
    *,
    c: float = 1.0,
) -> LinearModel:
    """The join-or-apart model of :func:`multiword_rows` (SemCor's own joins are the labels).

    Parameters
    ----------
    sentences : iterable of sequence of (str, str)
        Tagged sentences, ``(word, tag)`` pairs.
    joined : iterable of collection of (int, int)
        Each sentence's ``(start, end)`` word ranges the corpus writes as one token.
    c : float, default=1.0
        scikit-learn's inverse regularisation strength (:func:`train_linear`).

    Returns
    -------
    LinearModel
        The model :func:`joins` reads.

    Raises
    ------
    WSDError
        If the candidate runs are not both joined and apart somewhere.
    """
    rows, labels = multiword_rows(sentences, joined)
    return train_linear(rows, labels, c=c)


def joins(
    model: LinearModel, forms: Sequence[str], tags: Sequence[str]
) -> Callable[[int, int], bool]:
    """The ``join`` of :func:`verb_multiwords` for one sentence: the model's probability of a
    join at least :data:`MIN_PROBABILITY`."""

    def join(start: int, end: int) -> bool:
        row = multiword_features(forms, tags, start, end)
        return model.probability(row) >= MIN_PROBABILITY

    return join
