"""Every method's scores macro-averaged over the gold senses (:mod:`evaluation.sense_scores`)
at every alpha, lenient and strict, with bootstrap intervals at the two alphas the headline
table shows (exact match and :func:`graded_headline`): the resamples cost a pass over the
instances per method and alpha, so the others keep their point values."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from evaluation.acceptability import Grading, format_alpha, pair_credit
from evaluation.experiment.results import InstanceResults, ScoreInterval, SenseMacro
from evaluation.sense_scores import (
    MACRO_VARIANTS,
    SenseIndex,
    SenseTable,
    macro_intervals,
    macro_scores,
    sense_index,
)

__all__ = ["graded_headline", "per_sense_scores"]


def graded_headline(alphas: Sequence[str], wanted: float) -> str | None:
    """The headline's graded alpha among the ``alphas`` labels: ``wanted`` (the applicability
    alpha) if scored, else the smallest finite one; ``None`` for exact match only.

    >>> graded_headline(["0.5", "1", "inf"], 1.0), graded_headline(["2", "1", "inf"], 0.5)
    ('1', '1')
    """
    finite = [a for a in alphas if a != "inf"]
    for alpha in finite:
        if float(alpha) == wanted:
            return alpha
    return min(finite, key=float) if finite else None


def per_sense_scores(
    per: InstanceResults,
    labels: Sequence[str],
    thesauri: Grading,
    *,
    headline: str | None,
    n_resamples: int = 0,
    seed: int = 0,
    confidence: float = 0.95,
) -> dict[str, dict[str, dict[str, SenseMacro]]]:
    """``{label: {alpha: {variant: SenseMacro}}}`` over the instances of ``per`` that have a
    gold sense; intervals (``n_resamples`` > 0) at ``inf`` and the ``headline`` alpha."""
    rows = [i for i, keys in enumerate(per.gold) if keys]
    if not rows or not labels:
        return {}
    points: dict[tuple[str, str], tuple[dict[str, np.ndarray], int]] = {}
    shown: dict[tuple[str, str], SenseTable] = {}  # the tables whose intervals are drawn
    # each table is scored as it comes and kept only if its intervals are drawn (a table
    # holds numbers per instance: all of them at once weigh much on a million instances)
    for key, table in _tables(per, labels, rows, thesauri):
        points[key] = macro_scores(table), len(table.index.senses)
        if n_resamples and key[1] in {"inf", headline}:
            shown[key] = table
    bounds = macro_intervals(
        list(shown.values()), n_resamples=n_resamples, seed=seed, confidence=confidence
    )
    intervals = dict(zip(shown, bounds, strict=True))
    out: dict[str, dict[str, dict[str, SenseMacro]]] = {label: {} for label in labels}
    for (label, name), (point, senses) in points.items():
        found = intervals.get((label, name))
        out[label][name] = {
            variant: SenseMacro(
                *_three(point[variant][:, 0]),
                senses=senses,
                interval=None if found is None else _interval(found[variant]),
            )
            for variant in MACRO_VARIANTS
        }
    return out


def _tables(
    per: InstanceResults, labels: Sequence[str], rows: list[int], thesauri: Grading
) -> Iterator[tuple[tuple[str, str], SenseTable]]:
    """Each method's sense table at each alpha, over the instances ``rows``."""
    gold = [per.gold[i] for i in rows]
    lemmas = [per.lemmas[i] for i in rows]
    first: SenseIndex | None = None  # the gold side every method's index shares
    for label in labels:
        answers = per.outputs[label].answers()
        answers = [answers[i] for i in rows]
        index = first = sense_index(gold, answers, like=first)
        credit = per.credit[label]
        several = sorted(index.several)
        for j, alpha in enumerate(credit.alphas):
            name = format_alpha(alpha)
            if name == "inf":
                yield (label, name), index.table()
                continue
            pairs = pair_credit(
                [answers[i] for i in several],
                [gold[i] for i in several],
                [lemmas[i] for i in several],
                thesauri,
                alpha,
            )
            column = credit.values[rows, j]
            yield (label, name), index.table(column, dict(zip(several, pairs, strict=True)))


def _three(values: np.ndarray) -> tuple[float, float, float]:
    precision, recall, f1 = (float(v) for v in values)
    return precision, recall, f1


def _interval(bounds: np.ndarray) -> ScoreInterval:
    """Rows precision, recall, F1 of ``(low, high)``."""
    p, r, f = ((float(low), float(high)) for low, high in bounds.tolist())
    return ScoreInterval(precision=p, recall=r, f1=f)
