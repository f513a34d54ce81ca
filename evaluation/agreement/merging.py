"""Ng, Lim & Foo's greedy merging of sense classes until two annotators agree (kappa >= a
threshold), for one word (:func:`greedy_merge`) or for each word of a corpus
(:func:`merge_per_lemma`, with the summary table of seed 004), and the merged classes as a
coarse sense inventory (:func:`class_map`; files: :mod:`evaluation.agreement.class_table`).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from evaluation._exceptions import AgreementError
from evaluation.agreement.per_word import group_by_lemma
from evaluation.agreement.statistics import confusion_table, table_kappa, undefined_error

__all__ = [
    "MERGE_OUTCOMES",
    "MergeResult",
    "MergeStep",
    "class_map",
    "greedy_merge",
    "merge_per_lemma",
]

_TIE = 1e-12  # kappas closer than this are a tie: the first pair in class order wins


@dataclass(frozen=True)
class MergeStep:
    """One merge of :func:`greedy_merge`.

    Parameters
    ----------
    left, right : frozenset of str
        The two sense classes joined.
    kappa : float or None
        The statistic after the merge; ``None`` when one class is left.
    """

    left: frozenset[str]
    right: frozenset[str]
    kappa: float | None


@dataclass(frozen=True)
class MergeResult:
    """What :func:`greedy_merge` returns.

    Parameters
    ----------
    classes : list of frozenset of str
        The final sense classes, sorted by their smallest label.
    kappa_before : float
        The statistic before any merge.
    kappa_after : float or None
        The statistic after the last merge; ``None`` when one class is left.
    observed_before, observed_after : float
        Observed agreement before and after merging.
    steps : list of MergeStep
        The merges in the order made.
    """

    classes: list[frozenset[str]]
    kappa_before: float
    kappa_after: float | None
    observed_before: float
    observed_after: float
    steps: list[MergeStep]

    @property
    def single_class(self) -> bool:
        """Whether every sense was merged into one class (kappa undefined)."""
        return len(self.classes) == 1


def greedy_merge(
    a: Sequence[str], b: Sequence[str], k_min: float = 0.8, *, statistic: str = "scott"
) -> MergeResult:
    """Ng, Lim & Foo's greedy merging of sense classes until two annotators agree.

    While kappa < ``k_min``, join the two sense classes whose union gives the highest kappa
    (ties: the first pair in class order).  Apply it to the instances of one word.  Merging
    may end in a single class (:attr:`MergeResult.single_class`).

    Parameters
    ----------
    a, b : sequence of str
        The two annotators' labels, one per instance, aligned.
    k_min : float, default=0.8
        The kappa at which merging stops.
    statistic : {"scott", "cohen"}, default="scott"
        Scott's pi (pooled marginals, the paper's) or Cohen's kappa.

    Returns
    -------
    MergeResult
        The final classes, the statistic and observed agreement before and after, the merges.

    Raises
    ------
    AgreementError
        If ``statistic`` is unknown, ``a`` and ``b`` differ in length or are empty, or the
        labels hold one category only (kappa undefined).

    Examples
    --------
    >>> a, b = list("abbcd"), list("abccd")  # b/c confused once: Pa .8, Pc .26
    >>> r = greedy_merge(a, b, 0.8)
    >>> round(r.kappa_before, 3), [sorted(c) for c in r.classes], r.kappa_after
    (0.73, [['a'], ['b', 'c'], ['d']], 1.0)
    >>> greedy_merge(list("abab"), list("abba"), 0.8).single_class  # kappa 0: all merged
    True
    """
    _check_statistic(statistic)
    pooled = statistic == "scott"
    categories, table = confusion_table(a, b)
    before = table_kappa(table, pooled=pooled)
    if before is None:
        raise undefined_error(categories)
    observed_before = float(np.trace(table) / table.sum())
    classes = [frozenset([c]) for c in categories]
    current: float | None = before
    steps: list[MergeStep] = []
    while current is not None and current < k_min and len(classes) > 1:
        value, i, j, table = _best_merge(table, pooled)
        current = None if len(table) == 1 else value
        steps.append(MergeStep(classes[i], classes[j], current))
        classes = [c for k, c in enumerate(classes) if k not in (i, j)] + [classes[i] | classes[j]]
        order = sorted(range(len(classes)), key=lambda k: min(classes[k]))
        classes = [classes[k] for k in order]
        table = table[np.ix_(order, order)]
    observed_after = float(np.trace(table) / table.sum())
    return MergeResult(classes, before, current, observed_before, observed_after, steps)


def _best_merge(table: np.ndarray, pooled: bool) -> tuple[float, int, int, np.ndarray]:
    """The merge of two classes giving the highest statistic (``-inf`` when one class is left):
    that value, the two classes' indices and the merged table."""
    best: tuple[float, int, int, np.ndarray] | None = None
    for i, j in itertools.combinations(range(len(table)), 2):
        merged = _merge_table(table, i, j)
        kappa = None if len(merged) == 1 else table_kappa(merged, pooled=pooled)
        value = -math.inf if kappa is None else kappa
        if best is None or value > best[0] + _TIE:
            best = (value, i, j, merged)
    assert best is not None
    return best


def _merge_table(table: np.ndarray, i: int, j: int) -> np.ndarray:
    """The table with rows and columns ``i`` and ``j`` summed into a last row/column."""
    keep = [k for k in range(len(table)) if k not in (i, j)]
    rows = np.vstack([table[keep], table[i] + table[j]])
    return np.hstack([rows[:, keep], (rows[:, i] + rows[:, j])[:, None]])


def class_map(classes: Sequence[frozenset[str]]) -> dict[str, str]:
    """A coarse sense inventory: each label mapped to its class's smallest label.

    Parameters
    ----------
    classes : sequence of frozenset of str
        Sense classes, e.g. :attr:`MergeResult.classes`.

    Returns
    -------
    dict of str to str
        ``{label: representative}``.

    Examples
    --------
    >>> class_map([frozenset({"run%2", "run%3"}), frozenset({"run%1"})])
    {'run%2': 'run%2', 'run%3': 'run%2', 'run%1': 'run%1'}
    """
    return {label: min(group) for group in classes for label in sorted(group)}


MERGE_OUTCOMES = ("unchanged", "merged", "single-class", "single-category")


def merge_per_lemma(
    a: Sequence[str],
    b: Sequence[str],
    lemmas: Sequence[str],
    k_min: float,
    *,
    statistic: str = "scott",
) -> tuple[dict[str, Any], dict[str, list[frozenset[str]]]]:
    """Ng et al.'s greedy merging applied to each lemma's instances, with the seed's summary.

    Each lemma ends ``unchanged``, ``merged``, ``single-class`` or ``single-category``
    (:data:`MERGE_OUTCOMES`); a lemma of one category keeps its senses as classes.

    Parameters
    ----------
    a, b : sequence of str
        The two annotators' labels, one per instance, aligned.
    lemmas : sequence of str
        The lemma of each instance.
    k_min : float
        The kappa at which merging stops (:func:`greedy_merge`).
    statistic : {"scott", "cohen"}, default="scott"
        Scott's pi or Cohen's kappa.

    Returns
    -------
    report : dict
        ``statistic``, ``k_min``, ``summary`` (``words``, ``outcomes`` counted by name, and
        ``with_classes``: the seed's table over the words left with two or more classes, or
        ``None`` when there is none) and ``per_lemma`` (each lemma's entry).
    classes : dict of str to list of frozenset of str
        Every lemma's classes.

    Raises
    ------
    AgreementError
        If ``statistic`` is unknown, or ``a``, ``b`` and ``lemmas`` differ in length or are
        empty.
    """
    _check_statistic(statistic)
    if not len(a) == len(b) == len(lemmas):
        sizes = f"{len(a)}, {len(b)} and {len(lemmas)}"
        raise AgreementError(f"annotations and lemmas of different lengths: {sizes}")
    if not a:
        raise AgreementError("no items to compare")
    per_lemma: dict[str, dict[str, Any]] = {}
    classes: dict[str, list[frozenset[str]]] = {}
    for lemma, rows in group_by_lemma(lemmas).items():
        xa, xb = [a[i] for i in rows], [b[i] for i in rows]
        per_lemma[lemma], classes[lemma] = _merge_word(xa, xb, k_min, statistic)
    outcomes = Counter(e["outcome"] for e in per_lemma.values())
    kept = [e for e in per_lemma.values() if e["outcome"] in {"unchanged", "merged"}]
    summary: dict[str, Any] = {
        "words": len(per_lemma),
        "outcomes": {name: outcomes[name] for name in MERGE_OUTCOMES},
        "with_classes": _seed_table(kept) if kept else None,
    }
    return {"statistic": statistic, "k_min": k_min, "summary": summary, "per_lemma": per_lemma}, (
        classes
    )


def _check_statistic(statistic: str) -> None:
    if statistic not in {"cohen", "scott"}:
        raise AgreementError(f"unknown agreement statistic {statistic!r} (cohen or scott)")


def _merge_word(
    a: Sequence[str], b: Sequence[str], k_min: float, statistic: str
) -> tuple[dict[str, Any], list[frozenset[str]]]:
    """One word's entry of :func:`merge_per_lemma` and its classes."""
    senses = confusion_table(a, b)[0]
    entry: dict[str, Any] = {"instances": len(a), "senses_before": len(senses)}
    try:
        result = greedy_merge(a, b, k_min, statistic=statistic)
    except AgreementError:
        entry["outcome"] = "single-category"
        return entry, [frozenset([s]) for s in senses]
    entry.update(
        outcome="single-class"
        if result.single_class
        else "merged"
        if result.steps
        else "unchanged",
        senses_after=len(result.classes),
        observed_before=result.observed_before,
        observed_after=result.observed_after,
        kappa_before=result.kappa_before,
        kappa_after=result.kappa_after,
        classes=[sorted(c) for c in result.classes],
    )
    return entry, result.classes


def _seed_table(entries: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    total = sum(e["instances"] for e in entries)
    row: dict[str, Any] = {"words": len(entries), "instances": total}
    for when in ("before", "after"):
        agree = sum(round(e[f"observed_{when}"] * e["instances"]) for e in entries)
        row[when] = {
            "mean_senses": float(np.mean([e[f"senses_{when}"] for e in entries])),
            "agree": agree,
            "observed": agree / total,
            "mean_kappa": float(np.mean([e[f"kappa_{when}"] for e in entries])),
        }
    return row
