"""The CSV files of a report, one row per number: ``per_verb.csv`` (Table 1, long form),
``learning_curve.csv``, ``applicability.csv``, ``top_k.csv``, ``alpha_sweep.csv``,
``significance.csv`` and, with a ``[sweep]`` grid, ``sweep.csv``."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from thesaurus.io import to_json

from ..experiment.results import ExperimentResult
from ..measures import MethodScores

__all__ = ["SCORE_FIELDS", "csv_tables"]

SCORE_FIELDS = ("precision", "recall", "coverage", "f1", "n", "attempted")


def _csv(rows: list[list[Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerows(rows)
    return buffer.getvalue()


def _score_cells(scores: MethodScores, alpha: str) -> list[Any]:
    s = scores[alpha]
    return [getattr(s, name) for name in SCORE_FIELDS]


def _per_verb(result: ExperimentResult) -> list[list[Any]]:
    rows: list[list[Any]] = [
        ["verb", "examples", "senses_inventory", "senses_observed", "method", "alpha"]
        + list(SCORE_FIELDS)
    ]
    for row in (*result.verbs, result.total):
        for label, scores in row.scores.items():
            for alpha in result.alphas:
                rows.append(
                    [row.verb, row.n, row.senses_inventory, row.senses_observed, label, alpha]
                    + _score_cells(scores, alpha)
                )
    return rows


def _learning_curve(result: ExperimentResult) -> list[list[Any]]:
    rows: list[list[Any]] = [["method", "fraction", "train_instances", "alpha", *SCORE_FIELDS]]
    for label, points in result.learning_curve.items():
        for point in points:
            for alpha in result.alphas:
                rows.append(
                    [label, point.fraction, point.train_instances, alpha]
                    + _score_cells(point.scores, alpha)
                )
    return rows


def _applicability(result: ExperimentResult) -> list[list[Any]]:
    rows: list[list[Any]] = [["method", "alpha", "threshold", "applicability", "acceptability"]]
    for label, c in result.applicability.items():
        for t, x, y in zip(c.threshold, c.applicability, c.acceptability, strict=True):
            rows.append([label, c.alpha, t, x, y])
    return rows


def _top_k(result: ExperimentResult) -> list[list[Any]]:
    rows: list[list[Any]] = [["method", "k", "recall", "precision"]]
    for label, points in result.top_k.items():
        rows += [[label, p.k, p.recall, p.precision] for p in points]
    return rows


def _alpha_sweep(result: ExperimentResult) -> list[list[Any]]:
    rows: list[list[Any]] = [["method", "alpha", "precision", "recall", "f1"]]
    for label, scores in result.total.scores.items():
        for alpha in result.alphas:
            s = scores[alpha]
            rows.append([label, alpha, s.precision, s.recall, s.f1])
    return rows


def _sweep(result: ExperimentResult) -> list[list[Any]]:
    rows: list[list[Any]] = [
        ["variant", "method", "params", "aurc", "fallbacks", "alpha", *SCORE_FIELDS]
    ]
    for variant in result.sweep:
        params = json.dumps(to_json(variant.params), sort_keys=True)
        for alpha in result.alphas:
            rows.append(
                [variant.label, variant.method, params, variant.aurc, variant.fallbacks, alpha]
                + _score_cells(variant.scores, alpha)
            )
    return rows


def _significance(result: ExperimentResult) -> list[list[Any]]:
    rows: list[list[Any]] = [
        ["a", "b", "test", "alpha", "mean_diff", "low", "high", "p_value", "p_holm", "significant"]
    ]
    for test in result.significance:
        for alpha, b in test.bootstrap.items():
            rows.append(
                [test.a, test.b, "bootstrap", alpha, b.mean_diff, b.low, b.high]
                + [b.p_value, b.p_holm, b.significant]
            )
        if test.mcnemar is not None:
            m = test.mcnemar
            rows.append(
                [test.a, test.b, f"mcnemar-{m.method}", "inf", "", "", ""]
                + [m.p_value, m.p_holm, m.significant]
            )
    return rows


def csv_tables(result: ExperimentResult) -> dict[str, str]:
    """The CSV files of a report, name -> text."""
    tables = {
        "per_verb.csv": _per_verb(result),
        "learning_curve.csv": _learning_curve(result),
        "applicability.csv": _applicability(result),
        "top_k.csv": _top_k(result),
        "alpha_sweep.csv": _alpha_sweep(result),
        "significance.csv": _significance(result),
    }
    if result.sweep:
        tables["sweep.csv"] = _sweep(result)
    return {name: _csv(rows) for name, rows in tables.items()}
