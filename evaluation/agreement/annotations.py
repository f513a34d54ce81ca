"""The agreement between several annotations of the same instances, what ``wsd agreement``
reports."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from evaluation._exceptions import AgreementError
from evaluation.acceptability import Grading
from evaluation.agreement.merging import merge_per_lemma
from evaluation.agreement.per_word import (
    LEMMA_RULE,
    choose_labels,
    instance_words,
    multi_agreement,
    pair_agreement,
)
from evaluation.words import Word, key_word, word_names

__all__ = ["POOLED_NOTE", "agreement_report"]

POOLED_NOTE = (
    "pooled = all instances at once: overstates agreement (its chance agreement counts"
    " sense pairs of different verbs); the literature reports the mean per word"
)


def _check(n_annotations: int, merge_to: float | None) -> None:
    if n_annotations < 2:
        raise AgreementError(f"agreement needs two or more annotations, got {n_annotations}")
    if merge_to is not None:
        if n_annotations != 2:
            raise AgreementError(f"merging compares exactly two annotations, got {n_annotations}")
        if not 0 < merge_to <= 1:
            raise AgreementError(f"merge_to must be in (0, 1], got {merge_to}")


def _shared_ids(
    names: Sequence[str], keys: Sequence[Mapping[str, Any]], intersection: bool
) -> list[str]:
    shared = set(keys[0]).intersection(*keys[1:])
    if not intersection and any(len(k) != len(shared) for k in keys):
        outside = ", ".join(f"{n} {len(k) - len(shared)}" for n, k in zip(names, keys, strict=True))
        raise AgreementError(
            f"key files cover different instances ({len(shared)} shared; not shared: {outside});"
            " intersection=True (--intersection) compares the shared ones"
        )
    if not shared:  # named: an empty file is the usual cause
        empty = [n for n, k in zip(names, keys, strict=True) if not k]
        why = f" ({', '.join(empty)}: no key line)" if empty else ""
        raise AgreementError(f"the key files {', '.join(names)} share no instance{why}")
    return sorted(shared)


def agreement_report(
    names: Sequence[str],
    keys: Sequence[Mapping[str, Sequence[str]]],
    *,
    intersection: bool = False,
    verbs: Grading | None = None,
    merge_to: float | None = None,
    statistic: str = "scott",
    several: str = "first",
) -> tuple[dict[str, Any], dict[Word, list[frozenset[str]]]]:
    """Agreement statistics of several annotations per word (``wsd agreement``).

    Parameters
    ----------
    names : sequence of str
        The annotations' names (their files), two or more.
    keys : sequence of mappings of str to sequences of str
        Each annotation's ``{instance_id: sense keys}``.
    intersection : bool, default=False
        Compare the instances every annotation has; else every annotation must have the
        same instances.
    verbs : VerbThesaurus or Thesauri or None, default=None
        Adds the weighted kappa (thesaurus distances as weights) and owns the keys' words.
    merge_to : float or None, default=None
        Merge senses per word until the statistic reaches this, in (0, 1].
    statistic : {"scott", "cohen"}, default="scott"
        The kappa the merging raises.
    several : {"first", "shared"}, default="first"
        Lines with several keys: each file's first key, or a key every file gives.

    Returns
    -------
    report : dict
        JSON-ready: one :func:`~evaluation.agreement.per_word.pair_agreement` per pair,
        :func:`~evaluation.agreement.per_word.multi_agreement` of all, ``merged`` with
        ``merge_to``; ``None`` for an undefined statistic; words named by
        :func:`~evaluation.words.word_names`.
    classes : dict of Word to list of frozenset of str
        Each word's merged sense classes.

    Raises
    ------
    AgreementError
        Fewer than two annotations, instances that differ, or a bad setting.
    """
    _check(len(keys), merge_to)
    ids = _shared_ids(names, keys, intersection)
    labels, several_count = choose_labels(keys, ids, several=several)
    words, other = instance_words(labels, key_word(verbs))
    lemmas = word_names(words)
    report: dict[str, Any] = {
        "files": list(names),
        "instances": len(ids),
        "lemmas": len(set(words)),
        "left_out": {n: len(k) - len(ids) for n, k in zip(names, keys, strict=True)},
        "several_keys": {"rule": several, "instances": several_count},
        "lemma_rule": LEMMA_RULE,
        "other_lemma_keys": dict(zip(names, other, strict=True)),
        "pooled_note": POOLED_NOTE,
        "pairs": [],
    }
    for (na, a), (nb, b) in itertools.combinations(zip(names, labels, strict=True), 2):
        report["pairs"].append({"a": na, "b": nb, **pair_agreement(a, b, lemmas, verbs=verbs)})
    report["observed"] = sum(p["observed"] for p in report["pairs"]) / len(report["pairs"])
    report["all_files"] = multi_agreement(labels, lemmas)
    classes: dict[Word, list[frozenset[str]]] = {}
    if merge_to is not None:
        report["merged"], named = merge_per_lemma(
            labels[0], labels[1], lemmas, merge_to, statistic=statistic
        )
        word_of_name = dict(zip(lemmas, words, strict=True))
        classes = {word_of_name[name]: found for name, found in named.items()}
    return report, classes
