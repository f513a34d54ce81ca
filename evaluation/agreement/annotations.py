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
    names, keys : sequence of str, sequence of mappings of str to sequences of str
        Two or more annotations' names (their files) and ``{instance_id: sense keys}``.
    intersection : bool, default=False
        Compare the shared instances (else the annotations must have the same ones).
    verbs : VerbThesaurus or Thesauri or None, default=None
        Adds the weighted kappa (thesaurus distances) and gives the keys' words.
    merge_to : float or None, default=None
        Merge senses per word until the statistic reaches this, in (0, 1].
    statistic : {"scott", "cohen"}, default="scott"
        The kappa the merging raises.
    several : {"first", "shared"}, default="first"
        Lines with several keys: each file's first key, or a key every file gives.

    Returns
    -------
    report, classes : dict, dict of Word to list of frozenset of str
        JSON-ready statistics per pair, of all, merged (``None``: undefined); merged classes.

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
        "pairs": [
            {"a": na, "b": nb, **pair_agreement(a, b, lemmas, verbs=verbs)}
            for (na, a), (nb, b) in itertools.combinations(zip(names, labels, strict=True), 2)
        ],
    }
    report["observed"] = sum(p["observed"] for p in report["pairs"]) / len(report["pairs"])
    report["all_files"] = multi_agreement(labels, lemmas)
    return _merged(report, labels, words, lemmas, merge_to, statistic)


def _merged(
    report: dict[str, Any],
    labels: list[list[str]],
    words: list[Word],
    lemmas: list[str],
    merge_to: float | None,
    statistic: str,
) -> tuple[dict[str, Any], dict[Word, list[frozenset[str]]]]:
    """The report with the first two files' merged senses, and each word's classes."""
    if merge_to is None:
        return report, {}
    report["merged"], named = merge_per_lemma(
        labels[0], labels[1], lemmas, merge_to, statistic=statistic
    )
    word_of_name = dict(zip(lemmas, words, strict=True))
    return report, {word_of_name[name]: found for name, found in named.items()}
