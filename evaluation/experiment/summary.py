"""Table 1 and the curves of an experiment from its per-instance outputs
(:mod:`evaluation.measures` over the evaluated instances): per-verb rows and the
micro-averaged total (every instance weighs the same), top-k points, applicability curves,
learning curves, sweep variants and the fallback counts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import numpy as np

import thesaurus

from ..measures import (
    Credit,
    applicability_curve,
    format_alpha,
    graded_credit,
    top_k,
)
from .config import ExperimentConfig
from .dataset import Dataset
from .jobs import CrossValidation
from .results import (
    ApplicabilityCurve,
    InstanceOutputs,
    LearningPoint,
    SweepVariant,
    TopKPoint,
    VerbRow,
)

__all__ = [
    "CURVE_POINTS",
    "applicability_curves",
    "fallback_counts",
    "learning_curves",
    "sweep_variants",
    "table_rows",
    "top_k_points",
]

# Applicability curves are stored with at most this many points (evenly spread over the
# sorted thresholds, always keeping the first and last); the AURC uses the full curve.
CURVE_POINTS = 201


def table_rows(
    dataset: Dataset,
    verbs: thesaurus.Thesaurus,
    cv: CrossValidation,
    credit: Mapping[str, Credit],
    labels: Sequence[str],
) -> tuple[tuple[VerbRow, ...], VerbRow]:
    """Table 1: one row per verb (dataset order) and the total row, scores of ``labels``."""
    lemmas = np.array([inst.lemma for inst in cv.instances], dtype=object)
    rows = []
    for verb, instances in dataset.by_verb.items():
        mask = lemmas == verb
        known = verbs.has_word(verb)
        rows.append(
            VerbRow(
                verb=verb,
                n=int(mask.sum()),
                senses_inventory=len(verbs.senses(verb)) if known else 0,
                senses_observed=len({inst.gold[0] for inst in instances}),
                maxlen=verbs.maxlen(verb) if known else None,
                scores={label: credit[label].scores(mask) for label in labels},
            )
        )
    total = VerbRow(
        verb="total",
        n=len(cv.instances),
        senses_inventory=sum(r.senses_inventory for r in rows),
        senses_observed=sum(r.senses_observed for r in rows),
        maxlen=None,
        scores={label: credit[label].scores() for label in labels},
    )
    return tuple(rows), total


def top_k_points(
    cv: CrossValidation, labels: Sequence[str], k: int
) -> dict[str, tuple[TopKPoint, ...]]:
    """Recall@k and precision@k for k = 1..``k`` of each method's rankings."""
    gold = [inst.gold for inst in cv.instances]
    return {
        label: tuple(
            TopKPoint(k=point, recall=recall, precision=precision)
            for point, (recall, precision) in top_k(
                cv.outputs[label].rankings, gold, list(range(1, k + 1))
            ).items()
        )
        for label in labels
    }


def _applicability(
    config: ExperimentConfig,
    verbs: thesaurus.Thesaurus,
    cv: CrossValidation,
    out: InstanceOutputs,
    credit: Credit,
) -> ApplicabilityCurve:
    alpha = config.evaluation.applicability_alpha
    if alpha in credit.alphas:
        column, attempted = credit.column(alpha), credit.attempted
    else:  # the curve's alpha is not among the table's: score it separately
        extra = graded_credit(
            [r[:1] for r in out.rankings],
            [i.gold for i in cv.instances],
            [i.lemma for i in cv.instances],
            verbs,
            (alpha,),
        )
        column, attempted = extra.values[:, 0], extra.attempted
    curve = applicability_curve(out.confidence, column, attempted)
    n = len(curve.thresholds)
    keep: list[int] = (
        np.unique(np.linspace(0, n - 1, min(n, CURVE_POINTS)).round().astype(int)).tolist()
        if n
        else []
    )
    return ApplicabilityCurve(
        alpha=format_alpha(alpha),
        aurc=float(curve.aurc),
        points=int(n),
        threshold=tuple(float(curve.thresholds[i]) for i in keep),
        applicability=tuple(float(curve.applicability[i]) for i in keep),
        acceptability=tuple(float(curve.acceptability[i]) for i in keep),
    )


def applicability_curves(
    config: ExperimentConfig,
    verbs: thesaurus.Thesaurus,
    cv: CrossValidation,
    credit: Mapping[str, Credit],
    labels: Sequence[str],
) -> dict[str, ApplicabilityCurve]:
    """Each method's applicability curve at ``applicability_alpha`` (Fig. 5)."""
    return {
        label: _applicability(config, verbs, cv, cv.outputs[label], credit[label])
        for label in labels
    }


def learning_curves(
    config: ExperimentConfig, verbs: thesaurus.Thesaurus, cv: CrossValidation
) -> dict[str, tuple[LearningPoint, ...]]:
    """Each learning-curve method's scores at each training fraction (Fig. 4)."""
    ev = config.evaluation
    gold = [inst.gold for inst in cv.instances]
    lemmas = [inst.lemma for inst in cv.instances]
    out: dict[str, tuple[LearningPoint, ...]] = {}
    for label in ev.learning_curve_methods:
        points = []
        for fraction in ev.learning_curve:
            top = [(a,) if a else () for a in cv.curve[(label, fraction)]]
            credit = graded_credit(top, gold, lemmas, verbs, ev.alphas)
            points.append(
                LearningPoint(
                    fraction=fraction,
                    train_instances=int(cv.train_instances[fraction]),
                    scores=credit.scores(),
                )
            )
        out[label] = tuple(points)
    return out


def sweep_variants(
    config: ExperimentConfig,
    verbs: thesaurus.Thesaurus,
    cv: CrossValidation,
    credit: Mapping[str, Credit],
) -> tuple[SweepVariant, ...]:
    """Every ``[sweep]`` variant's total scores, AURC (a lambda grid changes only the
    confidence: the applicability curve shows it) and fallback count."""
    return tuple(
        SweepVariant(
            label=spec.label,
            method=spec.method,
            params=spec.param_dict,
            scores=credit[spec.label].scores(),
            aurc=_applicability(config, verbs, cv, cv.outputs[spec.label], credit[spec.label]).aurc,
            fallbacks=sum(1 for f in cv.outputs[spec.label].fallbacks if f),
        )
        for spec in config.methods
        if spec.role == "sweep"
    )


def fallback_counts(outputs: Mapping[str, InstanceOutputs]) -> dict[str, dict[str, int]]:
    """How often each method used each fallback, by method label."""
    return {
        label: dict(sorted(Counter(f for f in out.fallbacks if f).items()))
        for label, out in outputs.items()
    }
