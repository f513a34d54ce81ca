"""Agreement per word: each instance's label and lemma, the statistics of
:mod:`evaluation.agreement.statistics` per lemma, and their summaries.

Chance agreement of a word must come from that word's marginals alone (pooled over verbs it
is too small and inflates kappa), so, following Ng, Lim & Foo (1999), every statistic is
computed per lemma and summarised as::

    mean_per_word           = mean over words with a defined kappa (the literature's figure)
    instance_weighted_mean  = sum_w N_w kappa_w / sum_w N_w over the same words
    pooled_over_lemmas      = the statistic of all instances at once (overstates)

A word with an undefined kappa is counted (``undefined``), never averaged.  A word is a lemma
with its part of speech (:mod:`evaluation.words`); the word of an instance is
:data:`LEMMA_RULE`'s; keys of another word are counted in ``other_lemma_keys``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from evaluation._exceptions import AgreementError
from evaluation.acceptability import Grading
from evaluation.agreement.statistics import (
    cohen_kappa,
    fleiss_kappa,
    krippendorff_alpha,
    observed_agreement,
    scott_pi,
    thesaurus_distance,
    weight_defaults,
    weighted_kappa,
)
from evaluation.words import Word, key_word, sense_word

__all__ = [
    "LEMMA_RULE",
    "SEVERAL_KEYS_RULES",
    "choose_labels",
    "group_by_lemma",
    "instance_words",
    "multi_agreement",
    "pair_agreement",
    "summarise",
]

LEMMA_RULE = (
    "an instance's word is the most common word of its files' keys: a lemma (the word owning"
    " the key in the thesaurus of its part of speech when one is given, else the key before"
    " '%') with the key's part of speech; ties go to the earliest file"
)
SEVERAL_KEYS_RULES = ("first", "shared")


def choose_labels(
    keys: Sequence[Mapping[str, Sequence[str]]], ids: Sequence[str], *, several: str = "first"
) -> tuple[list[list[str]], int]:
    """One label per file for each instance of ``ids``, and how many have several keys.

    Parameters
    ----------
    keys : sequence of Mapping of str to sequence of str
        Each file's keys by instance id; every id of ``ids`` must be in every file.
    ids : sequence of str
        The instances to label, in output order.
    several : {"first", "shared"}, default="first"
        ``"first"``: each file's first key; ``"shared"``: a key all files give the instance
        (the first in the first file's order) when there is one, else each file's first.

    Returns
    -------
    labels : list of list of str
        Per file, one label per instance of ``ids``.
    multiple : int
        How many instances have several keys in some file.

    Raises
    ------
    AgreementError
        If ``several`` is unknown.

    Examples
    --------
    >>> files = [{"i": ("run%2", "run%3")}, {"i": ("run%3",)}]
    >>> choose_labels(files, ["i"]), choose_labels(files, ["i"], several="shared")
    (([['run%2'], ['run%3']], 1), ([['run%3'], ['run%3']], 1))
    """
    if several not in SEVERAL_KEYS_RULES:
        raise AgreementError(f"unknown rule for several keys {several!r} (first or shared)")
    labels: list[list[str]] = [[] for _ in keys]
    multiple = 0
    for i in ids:
        given = [k[i] for k in keys]
        if any(len(g) > 1 for g in given):
            multiple += 1
        chosen = [g[0] for g in given]
        if several == "shared" and len(set(chosen)) > 1:
            common = set(given[0]).intersection(*given[1:])
            if common:
                first = next(x for x in given[0] if x in common)
                chosen = [first] * len(given)
        for row, label in zip(labels, chosen, strict=True):
            row.append(label)
    return labels, multiple


def instance_words(
    labels: Sequence[Sequence[str]], word_of: Callable[[str], Word] = sense_word
) -> tuple[list[Word], list[int]]:
    """The word of each instance (:data:`LEMMA_RULE`), and per file the labels of another word.

    Parameters
    ----------
    labels : sequence of sequence of str
        Per file, one sense key per instance, aligned.
    word_of : callable, default=sense_word
        ``key -> Word``; e.g. :func:`evaluation.words.key_word` of a thesaurus.

    Returns
    -------
    words : list of Word
        The word of each instance: the most common word of its keys, ties to the earliest file.
    other : list of int
        Per file, how many of its labels are of another word than the instance's.

    Raises
    ------
    AgreementError
        If ``labels`` is empty.

    Examples
    --------
    >>> words, other = instance_words([["run%1", "run%2", "go%1"], ["run%1", "go%1", "run%1"]])
    >>> [w.lemma for w in words], other
    (['run', 'run', 'go'], [0, 2])
    """
    if not labels:
        raise AgreementError("no annotation to compare")
    words: list[Word] = []
    other = [0] * len(labels)
    for column in zip(*labels, strict=True):
        own = [word_of(x) for x in column]
        counts = Counter(own)
        best = max(counts.values())
        word = next(x for x in own if counts[x] == best)  # earliest file among the ties
        words.append(word)
        for f, x in enumerate(own):
            other[f] += x != word
    return words, other


def group_by_lemma(lemmas: Sequence[str]) -> dict[str, list[int]]:
    """The rows of each lemma.

    Parameters
    ----------
    lemmas : sequence of str
        The lemma of each row.

    Returns
    -------
    dict of str to list of int
        ``{lemma: row indices}``, lemmas sorted.

    Examples
    --------
    >>> group_by_lemma(["take", "give", "take"])
    {'give': [1], 'take': [0, 2]}
    """
    rows: dict[str, list[int]] = {}
    for row, lemma in enumerate(lemmas):
        rows.setdefault(lemma, []).append(row)
    return dict(sorted(rows.items()))


def _defined(function: Callable[..., float], *args: Any) -> float | None:
    """The statistic, or ``None`` when it is undefined (one category: chance agreement 1)."""
    try:
        return float(function(*args))
    except AgreementError:
        return None


def summarise(
    per_lemma: Mapping[str, Mapping[str, Any]], name: str, pooled: float | None
) -> dict[str, Any]:
    """The summaries of the statistic ``name`` (module docstring) and the counts of words.

    Parameters
    ----------
    per_lemma : Mapping of str to Mapping
        Each lemma's row: ``"instances"`` and the statistic ``name`` (``None``: undefined).
    name : str
        The statistic to summarise.
    pooled : float or None
        The statistic of all instances at once, reported as ``pooled_over_lemmas``.

    Returns
    -------
    dict
        ``mean_per_word``, ``instance_weighted_mean`` (``None`` without a defined word),
        ``pooled_over_lemmas``, and the counts ``defined`` and ``undefined``.

    Examples
    --------
    >>> rows = {"give": {"instances": 30, "k": 0.5}, "take": {"instances": 10, "k": 0.1},
    ...         "be": {"instances": 5, "k": None}}
    >>> s = summarise(rows, "k", pooled=0.6)
    >>> round(s["mean_per_word"], 4), round(s["instance_weighted_mean"], 4), s["undefined"]
    (0.3, 0.4, 1)
    """
    values = [(row[name], row["instances"]) for row in per_lemma.values()]
    defined = [(v, n) for v, n in values if v is not None]
    weight = sum(n for _, n in defined)
    return {
        "mean_per_word": sum(v for v, _ in defined) / len(defined) if defined else None,
        "instance_weighted_mean": sum(v * n for v, n in defined) / weight if weight else None,
        "pooled_over_lemmas": pooled,
        "defined": len(defined),
        "undefined": len(values) - len(defined),
    }


def pair_agreement(
    a: Sequence[str], b: Sequence[str], lemmas: Sequence[str], *, verbs: Grading | None = None
) -> dict[str, Any]:
    """Per-lemma ``Pa``, Cohen's kappa and Scott's pi of two label lists, and summaries.

    Parameters
    ----------
    a, b : sequence of str
        The two label lists, one label per instance, aligned.
    lemmas : sequence of str
        The lemma of each instance.
    verbs : VerbThesaurus or Thesauri or None, default=None
        With a thesaurus, weighted kappa (:func:`thesaurus_distance`) is computed too.

    Returns
    -------
    dict
        ``{"instances", "lemmas", "observed", "statistics": {name: summary},
        "per_lemma": {lemma: row}}`` (:func:`summarise`) and, with ``verbs``,
        ``"weight_defaults"`` (:func:`weight_defaults`).

    Raises
    ------
    AgreementError
        If ``a``, ``b`` and ``lemmas`` differ in length or are empty.

    Examples
    --------
    >>> gold = ["give%1", "give%2", "take%1", "take%2"]
    >>> mfs = ["give%1", "give%1", "take%1", "take%1"]  # constant within each verb
    >>> cohen = pair_agreement(gold, mfs, ["give", "give", "take", "take"])["statistics"][
    ...     "cohen_kappa"]
    >>> cohen["mean_per_word"], round(cohen["pooled_over_lemmas"], 4)  # Pc .5 vs .25
    (0.0, 0.3333)
    """
    if not len(a) == len(b) == len(lemmas):
        raise AgreementError(
            f"labels ({len(a)}, {len(b)}) and lemmas ({len(lemmas)}) differ in length"
        )
    per_word, pooled = _pair_statistics(verbs)
    per_lemma: dict[str, dict[str, Any]] = {}
    for lemma, rows in group_by_lemma(lemmas).items():
        xa, xb = [a[i] for i in rows], [b[i] for i in rows]
        row: dict[str, Any] = {"instances": len(rows), "observed": observed_agreement(xa, xb)}
        row.update({name: _defined(fn, xa, xb) for name, fn in per_word.items()})
        per_lemma[lemma] = row
    summaries = {
        name: summarise(per_lemma, name, _defined(pooled[name], a, b)) for name in per_word
    }
    report: dict[str, Any] = {
        "instances": len(a),
        "lemmas": len(per_lemma),
        "observed": observed_agreement(a, b),
        "statistics": summaries,
        "per_lemma": per_lemma,
    }
    if verbs is not None:
        report["weight_defaults"] = weight_defaults(a, b, verbs)
    return report


def _pair_statistics(
    verbs: Grading | None,
) -> tuple[dict[str, Callable[..., float]], dict[str, Callable[..., float]]]:
    """The statistics of :func:`pair_agreement` by name: as computed per lemma, and over all
    instances at once."""
    per_word: dict[str, Callable[..., float]] = {"cohen_kappa": cohen_kappa, "scott_pi": scott_pi}
    pooled = dict(per_word)
    if verbs is not None:
        distance = thesaurus_distance(verbs)
        per_word["weighted_kappa"] = partial(weighted_kappa, distance=distance)
        # pooled: keys of different lemmas are at distance 1 without asking the thesaurus
        pooled["weighted_kappa"] = partial(weighted_kappa, distance=distance, block=key_word(verbs))
    return per_word, pooled


def multi_agreement(labels: Sequence[Sequence[str]], lemmas: Sequence[str]) -> dict[str, Any]:
    """Fleiss' kappa and Krippendorff's alpha of all files, per lemma and summarised.

    Parameters
    ----------
    labels : sequence of sequence of str
        Per file, one label per instance, aligned; two files or more.
    lemmas : sequence of str
        The lemma of each instance.

    Returns
    -------
    dict
        ``{"statistics": {name: summary}, "per_lemma": {lemma: row}}``; each row holds
        ``instances``, ``observed`` (the mean pairwise ``Pa``) and the two statistics
        (``None``: undefined).

    Raises
    ------
    AgreementError
        Fewer than two files, files of different lengths, or not one lemma per instance.
    """
    if len(labels) < 2:
        raise AgreementError(f"agreement of several files needs two or more, got {len(labels)}")
    if len({len(x) for x in [*labels, lemmas]}) > 1:
        sizes = ", ".join(str(len(x)) for x in [*labels, lemmas])
        raise AgreementError(f"files and lemmas of different lengths: {sizes}")
    items = list(zip(*labels, strict=True))
    pairs = list(itertools.combinations(range(len(labels)), 2))

    def observed(rows: list[int]) -> float:
        agree = sum(items[i][x] == items[i][y] for i in rows for x, y in pairs)
        return agree / (len(rows) * len(pairs))

    statistics: dict[str, Callable[[list[Any]], float]] = {
        "fleiss_kappa": lambda rows: fleiss_kappa([items[i] for i in rows]),
        "krippendorff_alpha": lambda rows: krippendorff_alpha(
            [[x[i] for i in rows] for x in labels]
        ),
    }
    per_lemma = {
        lemma: {
            "instances": len(rows),
            "observed": observed(rows),
            **{n: _defined(f, rows) for n, f in statistics.items()},
        }
        for lemma, rows in group_by_lemma(lemmas).items()
    }
    every = list(range(len(items)))
    return {
        "statistics": {
            name: summarise(per_lemma, name, _defined(f, every)) for name, f in statistics.items()
        },
        "per_lemma": per_lemma,
    }
