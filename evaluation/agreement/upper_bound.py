"""The upper bound of a WSD experiment: how well two annotators of the evaluated instances
agree (Pa and per-word kappa, :mod:`evaluation.agreement.per_word`; and the graded agreement
``A_alpha`` between their answers, scored the way a system's precision is).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

import thesaurus
from evaluation._exceptions import AgreementError
from evaluation.acceptability import (
    ALPHA_DEFAULTS,
    Grading,
    VerbThesaurus,
    format_alpha,
    graded_credit,
    parse_alpha,
)
from evaluation.agreement.per_word import (
    LEMMA_RULE,
    SEVERAL_KEYS_RULES,
    choose_labels,
    group_by_lemma,
    instance_words,
    pair_agreement,
)
from evaluation.words import Word, key_word, word_names
from thesaurus import ToolkitError

__all__ = ["UpperBound", "agreement_upper_bound"]


@dataclass(frozen=True, kw_only=True)
class UpperBound:
    """Inter-annotator agreement between two key files over the instances they share.

    Returned by :func:`agreement_upper_bound`; all fields are keyword-only.

    Parameters
    ----------
    files : tuple of (str, str)
        The two key files, ``a`` and ``b``.
    instances : int
        The instances compared.
    lemmas : int
        The words among them.
    n_shared, n_only_a, n_only_b : int
        Instances annotated in both files, only in ``a``, only in ``b``.
    n_requested, n_missing_a, n_missing_b : int or None, default=None
        With a list of instances: its size and how many of them each file lacks.
    n_other_lemma : int or None, default=None
        With a list of lemmas: shared instances of other lemmas, left out.
    lemma_rule : str
        How an instance's word was chosen (:data:`~evaluation.agreement.LEMMA_RULE`).
    other_lemma_keys : Mapping of str to int
        Per file (``"a"``, ``"b"``), keys of another word than the instance's.
    several_keys : Mapping of str to Any
        The ``"rule"`` for lines with several keys and the ``"instances"`` that had them.
    acceptability_issues : Mapping of str to int
        What the graded scorer had to decide, counted by reason (:class:`~evaluation.Credit`).
    total : Mapping of str to Any
        ``observed`` (Pa), each kappa's :func:`~evaluation.agreement.summarise`, and
        ``acceptability``: the mean graded agreement by alpha label.
    per_lemma : Mapping of str to Mapping
        The same figures per word.
    note : str
        One line for a report.
    """

    files: tuple[str, str]
    instances: int
    lemmas: int
    n_shared: int
    n_only_a: int
    n_only_b: int
    n_requested: int | None = None
    n_missing_a: int | None = None
    n_missing_b: int | None = None
    n_other_lemma: int | None = None
    lemma_rule: str
    other_lemma_keys: Mapping[str, int]
    several_keys: Mapping[str, Any]
    acceptability_issues: Mapping[str, int]
    total: Mapping[str, Any]
    per_lemma: Mapping[str, Mapping[str, Any]]
    note: str


def _read_key_file(path: str | os.PathLike[str]) -> dict[str, tuple[str, ...]]:
    """A key file's answers as ``wsd score`` reads them; an error names the file."""
    from evaluation.answers import read_answer_keys

    try:
        return read_answer_keys(path)
    except ToolkitError as exc:
        message = str(exc)
        raise AgreementError(message if str(path) in message else f"{path}: {message}") from exc


def agreement_upper_bound(
    key_files: Sequence[str | os.PathLike[str]],
    *,
    instances: Iterable[str] | None = None,
    lemmas: Iterable[str] | None = None,
    verb_thesaurus: VerbThesaurus | str | None = None,
    alphas: Sequence[float] = ALPHA_DEFAULTS,
    several: str = "first",
    instance_lemma: Mapping[str, str] | None = None,
) -> UpperBound:
    """The inter-annotator upper bound of a WSD experiment from two key files.

    Parameters
    ----------
    key_files : sequence of str or PathLike
        Exactly two annotations' key files.
    instances, lemmas : iterable of str or None, default=None
        Only these instances, and those of these lemmas; ``None``: all both annotate.
    verb_thesaurus : VerbThesaurus or str or None, default=None
        Adds the graded agreement ``mean_i A_alpha(a_i, b_i)``; ``None``: only Pa.
    alphas : sequence of float, default=(0.5, 1, 2, inf)
        Each in (0, 1e6] or inf.
    several : {"first", "shared"}, default="first"
        Lines with several keys: each file's first key, or a key every file gives.
    instance_lemma : mapping of str to str or None, default=None
        Each instance's verb, instead of the lemma of its keys.

    Returns
    -------
    UpperBound

    Raises
    ------
    AgreementError
        Not two files, an unreadable file, or a bad setting.
    """
    if len(files := [str(p) for p in key_files]) != 2:
        raise AgreementError(f"the upper bound compares exactly two key files, got {len(files)}")
    if several not in SEVERAL_KEYS_RULES:
        raise AgreementError(f"unknown rule for several keys {several!r} (first or shared)")
    keys, counts = _requested([_read_key_file(p) for p in files], instances)
    verbs = thesaurus.load(verb_thesaurus) if isinstance(verb_thesaurus, str) else verb_thesaurus
    shared = sorted(keys[0].keys() & keys[1].keys())
    counts.update(n_shared=len(shared), n_only_a=len(keys[0]) - len(shared))
    counts["n_only_b"] = len(keys[1]) - len(shared)
    (a, b), several_keys = choose_labels(keys, shared, several=several)
    words, other = _instance_words(a, b, shared, key_word(verbs), instance_lemma)
    if lemmas is not None:
        keep = set(lemmas)
        rows = [r for r, word in enumerate(words) if word.lemma in keep]
        counts["n_other_lemma"] = len(shared) - len(rows)
        a, b, words = [a[r] for r in rows], [b[r] for r in rows], [words[r] for r in rows]
    if not a:
        raise AgreementError(
            f"no instance to compare in {files[0]} and {files[1]} "
            + ", ".join(f"{k} {v}" for k, v in counts.items())
        )
    return _bound(files, a, b, words, verbs, alphas, counts, other, (several, several_keys))


def _bound(
    files: list[str],
    a: list[str],
    b: list[str],
    words: list[Word],
    verbs: VerbThesaurus | None,
    alphas: Sequence[float],
    counts: dict[str, int],
    other: list[int],
    several: tuple[str, int],
) -> UpperBound:
    """The agreement of the labels ``a`` and ``b`` of the instances of ``words``."""
    alphas = tuple(dict.fromkeys(parse_alpha(x) for x in alphas))
    pair = pair_agreement(a, b, word_names(words))
    total, issues = _with_graded_agreement(pair, a, b, words, verbs, alphas)
    return UpperBound(
        files=(files[0], files[1]),
        instances=len(a),
        lemmas=pair["lemmas"],
        **counts,
        lemma_rule=LEMMA_RULE,
        other_lemma_keys={"a": other[0], "b": other[1]},
        several_keys={"rule": several[0], "instances": several[1]},
        acceptability_issues=issues,
        total=total,
        per_lemma=pair["per_lemma"],
        note=_note(total, len(a), counts["n_only_a"], counts["n_only_b"]),
    )


def _requested(
    keys: list[dict[str, tuple[str, ...]]], instances: Iterable[str] | None
) -> tuple[list[dict[str, tuple[str, ...]]], dict[str, int]]:
    """The two files' keys of the ``instances`` wanted and the counts of those missing."""
    if instances is None:
        return keys, {}
    requested = set(instances)
    counts = {
        "n_requested": len(requested),
        "n_missing_a": len(requested - keys[0].keys()),
        "n_missing_b": len(requested - keys[1].keys()),
    }
    return [{i: k for i, k in f.items() if i in requested} for f in keys], counts


def _instance_words(
    a: list[str],
    b: list[str],
    shared: list[str],
    word_of: Callable[[str], Word],
    instance_lemma: Mapping[str, str] | None,
) -> tuple[list[Word], list[int]]:
    """Each shared instance's word and how many keys of each file are of another word; with
    ``instance_lemma`` (an experiment's verbs, of one part of speech), another lemma."""
    if instance_lemma is not None:
        lemma_list = [instance_lemma.get(i, "") for i in shared]
        other = [
            sum(word_of(x).lemma != w for x, w in zip(f, lemma_list, strict=True)) for f in (a, b)
        ]
        return [Word(lemma) for lemma in lemma_list], other
    if shared:
        return instance_words([a, b], word_of)
    return [], [0, 0]


def _with_graded_agreement(
    pair: dict[str, Any],
    a: Sequence[str],
    b: Sequence[str],
    words: Sequence[Word],
    verbs: Grading | None,
    alphas: Sequence[float],
) -> tuple[dict[str, Any], dict[str, int]]:
    """``pair``'s totals with the mean graded agreement ``A_alpha(a_i, b_i)`` by alpha (exact
    match only without a thesaurus), and the scorer's issues."""
    if verbs is None:
        scores = {"inf": np.array([x == y for x, y in zip(a, b, strict=True)], dtype=float)}
        issues: dict[str, int] = {}
    else:
        lemmas = [word.lemma for word in words]
        credit = graded_credit([(x,) for x in a], [(y,) for y in b], lemmas, verbs, alphas)
        scores = {format_alpha(alpha): credit.values[:, j] for j, alpha in enumerate(credit.alphas)}
        issues = dict(sorted(credit.issues.items()))
    for lemma, rows in group_by_lemma(word_names(words)).items():
        pair["per_lemma"][lemma]["acceptability"] = {
            alpha: float(column[rows].mean()) for alpha, column in scores.items()
        }
    total = {
        "observed": pair["observed"],
        **pair["statistics"],
        "acceptability": {alpha: float(column.mean()) for alpha, column in scores.items()},
    }
    return total, issues


def _note(total: Mapping[str, Any], instances: int, only_a: int, only_b: int) -> str:
    scott = total["scott_pi"]

    def show(value: float | None) -> str:
        return "undefined" if value is None else f"{value:.3f}"

    graded = ", ".join(f"A_{alpha} {value:.3f}" for alpha, value in total["acceptability"].items())
    return (
        f"Pa {total['observed']:.3f}, mean per-word kappa (Scott) {show(scott['mean_per_word'])}"
        f" over {scott['defined']} words ({scott['undefined']} undefined),"
        f" pooled over lemmas {show(scott['pooled_over_lemmas'])}; {graded};"
        f" {instances} instances annotated in both files"
        f" (only in a: {only_a}, only in b: {only_b})"
    )
