"""Table 1 and the curves of an experiment from its
:class:`~evaluation.experiment.results.InstanceResults` (a cross-validation's or a
comparison's): per-verb rows and the micro-averaged total, top-k points, applicability and
learning curves with their bootstrap bands, sweep variants and fallback counts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import partial
from typing import TypedDict, cast

import numpy as np

import thesaurus
from evaluation.acceptability import (
    Credit,
    Grading,
    MethodScores,
    applicability_curve,
    format_alpha,
    graded_credit,
    top_k,
    undefined_precision_note,
    undefined_words_note,
)
from evaluation.experiment.config import EvaluationConfig, ExperimentConfig
from evaluation.experiment.jobs import CrossValidation
from evaluation.experiment.pairwise import pairwise_tests
from evaluation.experiment.per_sense import graded_headline, per_sense_scores
from evaluation.experiment.results import (
    ApplicabilityCurve,
    Breakdown,
    GroupRow,
    InstanceOutputs,
    InstanceResults,
    Intervals,
    LearningPoint,
    PairwiseTest,
    SenseMacro,
    SweepVariant,
    TopKPoint,
    VerbRow,
)
from evaluation.experiment.uncertainty import bootstrap_settings, total_intervals
from evaluation.intervals import interval, prefix_mean_intervals, senseval_intervals
from evaluation.thesauri import as_thesauri
from evaluation.unseen import FIRST_SENSE_ORDER, UNSEEN_NOT_AVAILABLE, UNSEEN_ORDER, first_sense_of
from evaluation.words import Word, word_names

__all__ = [
    "CURVE_POINTS",
    "TableMeasures",
    "applicability_curves",
    "breakdowns",
    "credit_of",
    "fallback_counts",
    "learning_curves",
    "measure_table",
    "sweep_variants",
    "table_rows",
    "top_k_points",
    "undefined_precision_notes",
]

POS_NAMES = {"noun": "nouns", "verb": "verbs", "adj": "adjectives", "adv": "adverbs"}
POS_ORDER = ("nouns", "verbs", "adjectives", "adverbs", "other")
# The order of the breakdowns' groups in reports
GROUP_ORDER = {"pos": POS_ORDER, "first sense": FIRST_SENSE_ORDER, "unseen": UNSEEN_ORDER}

# Applicability curves are stored with at most this many points (evenly spread over the
# sorted thresholds, always keeping the first and last); the AURC uses the full curve.
CURVE_POINTS = 201


class TableMeasures(TypedDict):
    """What every experiment measures, as :class:`ExperimentResult`'s fields of those names."""

    alphas: tuple[str, ...]
    verbs: tuple[VerbRow, ...]
    total: VerbRow
    breakdowns: tuple[Breakdown, ...]
    intervals: Intervals | None
    top_k: dict[str, tuple[TopKPoint, ...]]
    applicability: dict[str, ApplicabilityCurve]
    significance: tuple[PairwiseTest, ...]
    credit_issues: dict[str, dict[str, int]]
    per_sense: dict[str, dict[str, dict[str, SenseMacro]]]


def measure_table(
    per: InstanceResults,
    labels: Sequence[str],
    verbs: Grading,
    evaluation: EvaluationConfig,
    seed: int,
) -> TableMeasures:
    """The :class:`TableMeasures` of ``labels``: Table 1, intervals, top-k points (none when
    ``top_k`` is 0), applicability curves, paired tests, the scorer's issues and the scores
    macro-averaged over the gold senses."""
    bootstrap = bootstrap_settings(evaluation, seed)
    rows, total = table_rows(verbs, per, labels)
    alpha = evaluation.applicability_alpha
    alphas = tuple(format_alpha(a) for a in evaluation.alphas)
    return {
        "alphas": alphas,
        "verbs": rows,
        "total": total,
        "breakdowns": breakdowns(per, labels, verbs, **bootstrap),
        "intervals": total_intervals(per.credit, labels, **bootstrap),
        "top_k": top_k_points(per, labels, evaluation.top_k) if evaluation.top_k else {},
        "applicability": applicability_curves(alpha, verbs, per, labels, **bootstrap),
        "significance": pairwise_tests(per.credit, labels, evaluation.alphas, **bootstrap),
        "credit_issues": {label: dict(sorted(c.issues.items())) for label, c in per.credit.items()},
        "per_sense": per_sense_scores(
            per, labels, verbs, headline=graded_headline(alphas, alpha), **bootstrap
        ),
    }


def undefined_precision_notes(
    rows: Sequence[VerbRow], total: VerbRow, labels: Sequence[str], of: str = "instances compared"
) -> list[str]:
    """A warning for each method whose precision is undefined (it attempted none ``of`` the
    instances) in all, or else on some words of Table 1 (``rows``)."""
    names = word_names([Word(row.verb, row.pos or "") for row in rows])
    notes = []
    for label in labels:
        if next(iter(total.scores[label].by_alpha.values())).precision is None:
            notes.append(undefined_precision_note(total.n, label, of))
            continue
        undefined = [
            name
            for name, row in zip(names, rows, strict=True)
            if next(iter(row.scores[label].by_alpha.values())).precision is None
        ]
        note = undefined_words_note(undefined, len(rows), label)
        if note is not None:
            notes.append(note)
    return notes


def credit_of(
    outputs: Mapping[str, InstanceOutputs],
    gold: Sequence[Sequence[str]],
    lemmas: Sequence[str],
    verbs: Grading,
    alphas: Sequence[float],
) -> dict[str, Credit]:
    """Every method's graded credit of its answers (:meth:`InstanceOutputs.answers`)."""
    return {
        label: graded_credit(out.answers(), gold, lemmas, verbs, alphas)
        for label, out in outputs.items()
    }


def _groups(values: Sequence[object]) -> list[tuple[object, np.ndarray]]:
    """Each distinct value (sorted; ``None`` parts first) with the indices that hold it."""
    found: dict[object, list[int]] = {}
    for index, value in enumerate(values):
        found.setdefault(value, []).append(index)

    def order(value: object) -> tuple[str, ...]:
        parts = value if isinstance(value, tuple) else (value,)
        return tuple("" if part is None else str(part) for part in parts)

    return [(value, np.array(found[value], dtype=np.int64)) for value in sorted(found, key=order)]


def _group_scores(
    per: InstanceResults, labels: Sequence[str], groups: list[tuple[object, np.ndarray]]
) -> dict[str, list[MethodScores]]:
    """Every method's scores of each group of :func:`_groups`, in that order."""
    codes = np.zeros(len(per.ids), dtype=np.int64)
    for g, (_, indices) in enumerate(groups):
        codes[indices] = g
    return {label: per.credit[label].group_scores(codes, len(groups)) for label in labels}


def instance_pos(gold: Sequence[Sequence[str]]) -> tuple[str | None, ...]:
    """Each instance's part of speech: its first gold key's (``None``: not a WordNet key)."""
    return tuple(thesaurus.sense_key_pos(keys[0]) if keys else None for keys in gold)


def table_rows(
    verbs: Grading, per: InstanceResults, labels: Sequence[str]
) -> tuple[tuple[VerbRow, ...], VerbRow]:
    """Table 1: one row per word (lemma and part of speech, :mod:`evaluation.words`; sorted),
    and the total row."""
    books = as_thesauri(verbs)
    parts = instance_pos(per.gold)
    rows = []
    groups = _groups([Word(lemma, pos or "") for lemma, pos in zip(per.lemmas, parts, strict=True)])
    scores = _group_scores(per, labels, groups)
    for g, (key, indices) in enumerate(groups):
        word = cast(Word, key)
        lemma, pos = word.lemma, word.pos or None
        thes = books.of(pos)
        senses = thes.senses(lemma) if thes is not None and thes.has_word(lemma) else ()
        rows.append(
            VerbRow(
                verb=lemma,
                n=len(indices),
                senses_inventory=len(senses),
                senses_observed=len({per.gold[i][0] for i in indices.tolist()}),
                maxlen=thes.maxlen(lemma) if thes is not None and senses else None,
                scores={label: scores[label][g] for label in labels},
                pos=pos,
            )
        )
    total = VerbRow(
        verb="total",
        n=len(per.ids),
        senses_inventory=sum(r.senses_inventory for r in rows),
        senses_observed=sum(r.senses_observed for r in rows),
        maxlen=None,
        scores={label: per.credit[label].scores() for label in labels},
    )
    return tuple(rows), total


def breakdowns(
    per: InstanceResults,
    labels: Sequence[str],
    verbs: Grading,
    *,
    n_resamples: int = 0,
    seed: int = 0,
    confidence: float = 0.95,
) -> tuple[Breakdown, ...]:
    """Every system's scores per dataset (when there are several), part of speech, first
    sense and unseen sense (``per.groups["unseen"]``, :mod:`evaluation.unseen`; without it a
    breakdown with no rows and a note); with ``n_resamples``, each group's bootstrap
    intervals."""
    books = as_thesauri(verbs)
    parts = instance_pos(per.gold)
    columns: dict[str, Sequence[object]] = {}
    datasets = per.groups.get("dataset", ())
    if len(set(datasets)) > 1:
        columns["dataset"] = datasets
    columns["pos"] = [POS_NAMES.get(p, p) if p else "other" for p in parts]
    columns["first sense"] = first_sense_of(per.gold, per.lemmas, parts, books)
    if "unseen" in per.groups:
        columns["unseen"] = per.groups["unseen"]
    intervals = partial(
        total_intervals,
        per.credit,
        labels,
        n_resamples=n_resamples,
        seed=seed,
        confidence=confidence,
    )
    out = []
    for name, values in columns.items():
        order = GROUP_ORDER.get(name, ())
        found = _groups(values)
        found.sort(key=lambda item: order.index(item[0]) if item[0] in order else len(order))
        scores = _group_scores(per, labels, found)
        out.append(
            Breakdown(
                name=name,
                rows=tuple(
                    GroupRow(
                        group=str(group),
                        n=len(indices),
                        scores={label: scores[label][g] for label in labels},
                        intervals=intervals(rows=indices),
                    )
                    for g, (group, indices) in enumerate(found)
                ),
            )
        )
    if "unseen" not in per.groups:
        out.append(Breakdown(name="unseen", rows=(), note=UNSEEN_NOT_AVAILABLE))
    return tuple(out)


def top_k_points(
    per: InstanceResults, labels: Sequence[str], k: int
) -> dict[str, tuple[TopKPoint, ...]]:
    """Recall@k and precision@k for k = 1..``k`` of each method whose outputs are rankings."""
    return {
        label: tuple(
            TopKPoint(k=point, recall=recall, precision=precision)
            for point, (recall, precision) in top_k(
                per.outputs[label].rankings, per.gold, list(range(1, k + 1))
            ).items()
        )
        for label in labels
        if per.outputs[label].ranked
    }


def applicability(
    alpha: float,
    verbs: Grading,
    per: InstanceResults,
    label: str,
    *,
    n_resamples: int = 0,
    seed: int = 0,
    confidence: float = 0.95,
) -> ApplicabilityCurve:
    """One method's applicability curve at ``alpha`` (Fig. 5; credit scored anew if ``alpha`` was
    not), with ``n_resamples`` its band."""
    credit = per.credit[label]
    if alpha not in credit.alphas:
        credit = graded_credit(per.outputs[label].answers(), per.gold, per.lemmas, verbs, (alpha,))
    column, attempted = credit.column(alpha), credit.attempted
    scores = per.outputs[label].confidence
    assert scores is not None
    curve = applicability_curve(scores, column, attempted)
    n = len(curve.thresholds)
    points = np.linspace(0, n - 1, min(n, CURVE_POINTS)).round().astype(int)
    keep: list[int] = np.unique(points).tolist()
    low: tuple[float, ...] = ()
    high: tuple[float, ...] = ()
    if n_resamples and keep:
        order = np.argsort(-scores[attempted], kind="stable")  # as applicability_curve sorts
        applied = np.rint(curve.applicability[keep] * len(column)).astype(np.int64) - 1
        band = prefix_mean_intervals(
            column[attempted][order],
            applied,
            n_resamples=n_resamples,
            seed=seed,
            confidence=confidence,
        )
        low, high = tuple(band[:, 0].tolist()), tuple(band[:, 1].tolist())
    return ApplicabilityCurve(
        alpha=format_alpha(alpha),
        aurc=float(curve.aurc),
        points=int(n),
        threshold=tuple(float(curve.thresholds[i]) for i in keep),
        applicability=tuple(float(curve.applicability[i]) for i in keep),
        acceptability=tuple(float(curve.acceptability[i]) for i in keep),
        low=low,
        high=high,
    )


def applicability_curves(
    alpha: float,
    verbs: Grading,
    per: InstanceResults,
    labels: Sequence[str],
    *,
    n_resamples: int = 0,
    seed: int = 0,
    confidence: float = 0.95,
) -> dict[str, ApplicabilityCurve]:
    """The applicability curve at ``alpha`` of each method that gives confidences."""
    return {
        label: applicability(
            alpha, verbs, per, label, n_resamples=n_resamples, seed=seed, confidence=confidence
        )
        for label in labels
        if per.outputs[label].confidence is not None
    }


def sweep_variants(
    config: ExperimentConfig, verbs: Grading, per: InstanceResults
) -> tuple[SweepVariant, ...]:
    """Every ``[sweep]`` variant's total scores, AURC and fallback count."""
    alpha = config.evaluation.applicability_alpha
    return tuple(
        SweepVariant(
            label=spec.label,
            method=spec.method,
            params=spec.param_dict,
            scores=per.credit[spec.label].scores(),
            aurc=applicability(alpha, verbs, per, spec.label).aurc,
            fallbacks=sum(1 for f in per.outputs[spec.label].fallbacks if f),
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


def learning_curves(
    config: ExperimentConfig, verbs: Grading, cv: CrossValidation
) -> dict[str, tuple[LearningPoint, ...]]:
    """Each learning-curve method's points (Fig. 4), with their precision intervals."""
    ev = config.evaluation
    gold = [inst.gold for inst in cv.instances]
    lemmas = [inst.lemma for inst in cv.instances]
    keys = [(label, f) for label in ev.learning_curve_methods for f in ev.learning_curve]
    credit = {
        key: graded_credit(
            [(a,) if a else () for a in cv.curve[key]], gold, lemmas, verbs, ev.alphas
        )
        for key in keys
    }
    bounds: dict[tuple[str, float], dict[str, tuple[float, float]]] = {key: {} for key in keys}
    if ev.bootstrap and keys and cv.instances:
        labels = [format_alpha(a) for a in ev.alphas]
        found = senseval_intervals(
            np.column_stack([credit[key].values for key in keys]),
            np.column_stack([credit[key].attempted for key in keys for _ in labels]),
            n_resamples=ev.bootstrap,
            seed=config.seed,
            confidence=ev.confidence,
        )["precision"]
        cells = [(key, alpha) for key in keys for alpha in labels]
        for (key, alpha), row in zip(cells, found, strict=True):
            pair = interval(row)
            if pair is not None:
                bounds[key][alpha] = pair
    tasks = max(1, cv.tasks)
    return {
        label: tuple(
            LearningPoint(
                fraction=fraction,
                train_instances_mean=cv.train_instances[fraction] / tasks,
                train_instances_total=int(cv.train_instances[fraction]),
                scores=credit[(label, fraction)].scores(),
                precision_interval=bounds[(label, fraction)],
            )
            for fraction in ev.learning_curve
        )
        for label in ev.learning_curve_methods
    }
