"""An experiment's tables as records (:func:`records`): lists of flat dicts (strings, numbers,
booleans, ``None``; a prediction's ``ranking`` and ``gold`` are lists of keys), ready for
``pandas.DataFrame(records)`` and written as the report's CSV files and ``predictions.jsonl``.

| name | one record per | fields |
|---|---|---|
| ``table1`` | lemma and part of speech (and ``total``) x method x alpha | verb (the lemma), pos, examples, senses_inventory, senses_observed, method, alpha, precision, recall, coverage, f1, n, attempted |
| ``breakdowns`` | breakdown x group x method x alpha | breakdown (``dataset``, ``pos``, ``first sense``, ``unseen``; none without rows), group, examples, method, alpha, the scores, and ``<score>_low``/``<score>_high`` (the group's bootstrap interval; ``None`` without) |
| ``totals`` | method x alpha | method, alpha, precision, recall, coverage, f1, n, attempted, and ``<score>_low``/``<score>_high`` (bootstrap interval at ``confidence``; ``None`` without) |
| ``learning_curve`` (a cross-validation) | method x fraction x alpha | method, fraction, train_instances_mean, train_instances_total, alpha, the scores, precision_low, precision_high |
| ``applicability`` | method x stored threshold | method, alpha, threshold, applicability, acceptability, acceptability_low, acceptability_high |
| ``top_k`` | method x k | method, k, recall, precision |
| ``alpha_sweep`` | method x alpha | method, alpha, precision, recall, f1, precision_low, precision_high |
| ``significance`` | pair x alpha | a, b, alpha, mean_diff, low, high (bootstrap interval; ``None`` without), se, t, df, p_value, p_holm, significant (paired t-test, Holm over all pairs x alphas), note, and McNemar's test on exact match on the ``inf`` row (``mcnemar_``: n, n01, n10, method, statistic, p_value, p_holm, significant; ``None`` on other rows) |
| ``sweep`` (a cross-validation) | sweep variant x alpha | variant, method, params (JSON), aurc, fallbacks, alpha, the scores |
| ``systems`` (a comparison) | compared key file | label, path, lines, ranked, confidence, several_keys, lines_with_several_keys, not_in_gold, unanswered |
| ``predictions`` | instance x method | id, verb, method, fold, sense, confidence, fallback, ranking, gold, attempted, ``credit_<alpha>`` |
"""  # noqa: E501

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict
from json.encoder import encode_basestring  # type: ignore[attr-defined]
from typing import Any

import numpy as np

from evaluation._exceptions import EvaluationError
from evaluation.acceptability import MethodScores
from evaluation.experiment.results import (
    ComparisonResult,
    CrossValidationResult,
    ExperimentResult,
    Intervals,
)
from thesaurus.utils.outputs import to_json

__all__ = ["RECORDS", "SCORE_FIELDS", "records"]

SCORE_FIELDS = ("precision", "recall", "coverage", "f1", "n", "attempted")

Record = dict[str, Any]


def _scores(scores: MethodScores, alpha: str) -> Record:
    s = scores[alpha]
    return {name: getattr(s, name) for name in SCORE_FIELDS}


def table1(result: ExperimentResult) -> Iterator[Record]:
    for row in (*result.verbs, result.total):
        for label, scores in row.scores.items():
            for alpha in result.alphas:
                yield {
                    "verb": row.verb,
                    "pos": row.pos,
                    "examples": row.n,
                    "senses_inventory": row.senses_inventory,
                    "senses_observed": row.senses_observed,
                    "method": label,
                    "alpha": alpha,
                    **_scores(scores, alpha),
                }


def _with_intervals(record: Record, intervals: Intervals | None, label: str, alpha: str) -> Record:
    """``record`` with the ``<score>_low``/``<score>_high`` bounds (``None`` without)."""
    found = intervals.total[label][alpha] if intervals is not None else None
    for name in ("precision", "recall", "f1"):
        low, high = (getattr(found, name) if found is not None else None) or (None, None)
        record[f"{name}_low"], record[f"{name}_high"] = low, high
    record["confidence"] = intervals.confidence if intervals is not None else None
    return record


def totals(result: ExperimentResult) -> Iterator[Record]:
    for label, scores in result.total.scores.items():
        for alpha in result.alphas:
            record = {"method": label, "alpha": alpha, **_scores(scores, alpha)}
            yield _with_intervals(record, result.intervals, label, alpha)


def breakdowns(result: ExperimentResult) -> Iterator[Record]:
    for breakdown in result.breakdowns:
        for row in breakdown.rows:
            for label, scores in row.scores.items():
                for alpha in result.alphas:
                    record = {
                        "breakdown": breakdown.name,
                        "group": row.group,
                        "examples": row.n,
                        "method": label,
                        "alpha": alpha,
                        **_scores(scores, alpha),
                    }
                    yield _with_intervals(record, row.intervals, label, alpha)


def learning_curve(result: CrossValidationResult) -> Iterator[Record]:
    for label, points in result.learning_curve.items():
        for point in points:
            for alpha in result.alphas:
                low, high = point.precision_interval.get(alpha, (None, None))
                yield {
                    "method": label,
                    "fraction": point.fraction,
                    "train_instances_mean": point.train_instances_mean,
                    "train_instances_total": point.train_instances_total,
                    "alpha": alpha,
                    **_scores(point.scores, alpha),
                    "precision_low": low,
                    "precision_high": high,
                }


def applicability(result: ExperimentResult) -> Iterator[Record]:
    for label, curve in result.applicability.items():
        band = curve.low and curve.high
        for j, threshold in enumerate(curve.threshold):
            yield {
                "method": label,
                "alpha": curve.alpha,
                "threshold": threshold,
                "applicability": curve.applicability[j],
                "acceptability": curve.acceptability[j],
                "acceptability_low": curve.low[j] if band else None,
                "acceptability_high": curve.high[j] if band else None,
            }


def top_k(result: ExperimentResult) -> Iterator[Record]:
    for label, points in result.top_k.items():
        for p in points:
            yield {"method": label, "k": p.k, "recall": p.recall, "precision": p.precision}


def alpha_sweep(result: ExperimentResult) -> Iterator[Record]:
    intervals = result.intervals
    for label, scores in result.total.scores.items():
        for alpha in result.alphas:
            s = scores[alpha]
            bounds = intervals.total[label][alpha].precision if intervals is not None else None
            low, high = bounds or (None, None)
            yield {
                "method": label,
                "alpha": alpha,
                "precision": s.precision,
                "recall": s.recall,
                "f1": s.f1,
                "precision_low": low,
                "precision_high": high,
            }


_MCNEMAR_FIELDS = ("n", "n01", "n10", "method", "statistic", "p_value", "p_holm", "significant")


def significance(result: ExperimentResult) -> Iterator[Record]:
    for test in result.significance:
        for alpha, d in test.difference.items():
            m = test.mcnemar if alpha == "inf" else None
            yield {
                "a": test.a,
                "b": test.b,
                "alpha": alpha,
                **asdict(d),
                **{f"mcnemar_{k}": getattr(m, k) if m else None for k in _MCNEMAR_FIELDS},
            }


def sweep(result: CrossValidationResult) -> Iterator[Record]:
    for variant in result.sweep:
        params = json.dumps(to_json(variant.params), sort_keys=True)
        for alpha in result.alphas:
            yield {
                "variant": variant.label,
                "method": variant.method,
                "params": params,
                "aurc": variant.aurc,
                "fallbacks": variant.fallbacks,
                "alpha": alpha,
                **_scores(variant.scores, alpha),
            }


def systems(result: ComparisonResult) -> Iterator[Record]:
    for system in result.systems:
        yield asdict(system)


def _prediction_columns(
    result: ExperimentResult,
) -> Iterator[dict[str, Sequence[Any] | np.ndarray]]:
    """Per method, the ``predictions`` records as columns (field -> one value per instance;
    numbers as arrays, turned into Python numbers a block at a time)."""
    per = result.per_instance
    n = len(per.ids)
    folds = [f if f >= 0 else None for f in per.folds.tolist()]
    for label, out in per.outputs.items():
        credit = per.credit[label]
        yield {
            "id": per.ids,
            "verb": per.lemmas,
            "method": [label] * n,
            "fold": folds,
            "sense": [r[0] if r else None for r in out.rankings],
            "confidence": [None] * n if out.confidence is None else out.confidence,
            "fallback": out.fallbacks,
            "ranking": out.rankings,
            "gold": per.gold,
            "attempted": credit.attempted.astype(bool),
            **{f"credit_{alpha}": credit.values[:, j] for j, alpha in enumerate(result.alphas)},
        }


def _values(column: Sequence[Any] | np.ndarray) -> Sequence[Any]:
    """A column's values as Python objects (an array's numbers as floats and booleans)."""
    return column.tolist() if isinstance(column, np.ndarray) else column


def predictions(result: ExperimentResult) -> Iterator[Record]:
    for columns in _prediction_columns(result):
        names = list(columns)
        for row in zip(*map(_values, columns.values()), strict=True):
            record = dict(zip(names, row, strict=True))
            record["ranking"], record["gold"] = list(record["ranking"]), list(record["gold"])
            yield record


def prediction_lines(result: ExperimentResult) -> Iterator[str]:
    """The lines of ``predictions.jsonl``: each ``predictions`` record as
    ``json.dumps(to_json(record), ensure_ascii=False)`` would write it.  Encoded a block of
    rows at a time, column by column: the memory taken stays the same for any number of
    instances (encoding every column whole held several strings per instance)."""
    memo: dict[tuple[type, Any], str] = {}
    for columns in _prediction_columns(result):
        fields = (encode_basestring(name).replace("%", "%%") + ": %s" for name in columns)
        line = "{" + ", ".join(fields) + "}"
        n = len(result.per_instance.ids)
        for start in range(0, n, _BLOCK):
            stop = start + _BLOCK
            encoded = [_encoded(_values(c[start:stop]), memo) for c in columns.values()]
            for row in zip(*encoded, strict=True):
                yield line % row


_BLOCK = 4096  # rows of predictions.jsonl encoded at a time
_MEMO = 1 << 16  # distinct values whose encoding is kept (rankings, gold keys, folds ...)


def _encoded(column: Sequence[Any], memo: dict[tuple[type, Any], str]) -> list[str]:
    """Each value of ``column`` as ``json.dumps(to_json(value), ensure_ascii=False)``: a
    string or a finite float at once; other values once per distinct value (``memo``)."""
    out = []
    for value in column:
        kind = type(value)
        if kind is str:
            out.append(encode_basestring(value))
            continue
        if kind is float and math.isfinite(value):
            out.append(repr(value))
            continue
        key = (kind, value)
        text = memo.get(key)
        if text is None:
            if len(memo) >= _MEMO:
                memo.clear()
            text = memo[key] = json.dumps(to_json(value), ensure_ascii=False)
        out.append(text)
    return out


# name -> (the results that have the table, its records)
RECORDS: dict[str, tuple[type[ExperimentResult], Callable[[Any], Iterator[Record]]]] = {
    "table1": (ExperimentResult, table1),
    "totals": (ExperimentResult, totals),
    "breakdowns": (ExperimentResult, breakdowns),
    "learning_curve": (CrossValidationResult, learning_curve),
    "applicability": (ExperimentResult, applicability),
    "top_k": (ExperimentResult, top_k),
    "alpha_sweep": (ExperimentResult, alpha_sweep),
    "significance": (ExperimentResult, significance),
    "sweep": (CrossValidationResult, sweep),
    "systems": (ComparisonResult, systems),
    "predictions": (ExperimentResult, predictions),
}


def records(result: ExperimentResult, name: str) -> list[Record]:
    """The records of one of ``result``'s tables, one dict per row (the CSV rows).

    Parameters
    ----------
    result : ExperimentResult
        A cross-validation's or a comparison's result.
    name : str
        A key of :data:`RECORDS` (``"table1"``, ``"totals"``, ``"significance"``, ...).

    Returns
    -------
    list of dict
        The rows; none for a table of the other kind of result (``"sweep"`` of a
        comparison, ``"systems"`` of a cross-validation).

    Raises
    ------
    EvaluationError
        If ``name`` is no table's name.
    """
    if name not in RECORDS:
        raise EvaluationError(f"no records named {name!r} (choose from {', '.join(RECORDS)})")
    kind, build = RECORDS[name]
    return list(build(result)) if isinstance(result, kind) else []
