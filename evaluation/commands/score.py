"""``wsd score``: graded scoring of any system's key file against a gold key file.

Exact match (``alpha = inf``) follows the official Senseval/Raganato scorer::

    P = sum(credit) / attempted     R = sum(credit) / #gold     F1 = 2 P R / (P + R)

where an instance's credit is the share of its answers that are gold senses.  Graded scores
replace that share by the mean over answers of the best acceptability against a gold sense
(``evaluation.measures.graded_credit``).  An instance's verb is the part of its first gold
key before ``%``.  Predictions for instances absent from the gold are counted and ignored;
gold instances without a prediction are not attempted.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..measures import (
    ALPHA_DEFAULTS,
    VerbThesaurus,
    format_alpha,
    graded_credit,
    parse_alpha,
    senseval_scores,
)

__all__ = ["register", "run", "score_keys"]


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "score", help="score a system's key file against gold: exact and graded P/R/F1"
    )
    parser.add_argument("--gold", required=True, metavar="KEY", help="gold key file")
    parser.add_argument("--pred", required=True, metavar="KEY", help="system key file")
    parser.add_argument(
        "--alpha",
        nargs="+",
        default=[format_alpha(a) for a in ALPHA_DEFAULTS],
        metavar="A",
        help="acceptability exponents, > 0 or inf (default: 0.5 1 2 inf; inf is always scored)",
    )
    parser.add_argument(
        "--verb-thesaurus",
        default="wordnet-verb",
        metavar="SPEC",
        help="wordnet-verb or a <stem>.tsv file thesaurus (default: wordnet-verb)",
    )
    parser.add_argument("--per-verb", action="store_true", help="also score each verb")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def _alphas(texts: Sequence[str]) -> tuple[float, ...]:
    """Parsed, de-duplicated alphas in the given order, with ``inf`` added if absent."""
    alphas = tuple(dict.fromkeys(parse_alpha(t) for t in texts))
    return alphas if math.inf in alphas else (*alphas, math.inf)


def _scores_by_alpha(
    values: np.ndarray, attempted: np.ndarray, alphas: Sequence[float]
) -> dict[str, dict[str, float | int]]:
    return {
        format_alpha(alpha): senseval_scores(values[:, j], attempted).as_dict()
        for j, alpha in enumerate(alphas)
    }


def score_keys(
    gold: Mapping[str, Sequence[str]],
    pred: Mapping[str, Sequence[str]],
    verbs: VerbThesaurus,
    alphas: Sequence[float] = ALPHA_DEFAULTS,
    *,
    per_verb: bool = False,
) -> dict[str, Any]:
    """Score ``pred`` against ``gold`` (``{instance_id: sense keys}``) at each alpha.

    Returns a JSON-ready dict: ``instances``, ``attempted``, ``not_in_gold``, ``alphas``,
    ``overall`` (``{alpha: Scores.as_dict()}``), ``issues`` and, with ``per_verb``,
    ``per_verb`` (``{lemma: {alpha: scores}}``).
    """
    ids = list(gold)
    lemmas = [gold[i][0].split("%", 1)[0] for i in ids]
    credit = graded_credit(
        [pred.get(i, ()) for i in ids], [gold[i] for i in ids], lemmas, verbs, alphas
    )
    report: dict[str, Any] = {
        "instances": len(ids),
        "attempted": int(credit.attempted.sum()),
        "not_in_gold": sum(1 for i in pred if i not in gold),
        "alphas": [format_alpha(a) for a in credit.alphas],
        "overall": _scores_by_alpha(credit.values, credit.attempted, credit.alphas),
        "issues": dict(sorted(credit.issues.items())),
    }
    if per_verb:
        rows_of: dict[str, list[int]] = {}
        for row, lemma in enumerate(lemmas):
            rows_of.setdefault(lemma, []).append(row)
        report["per_verb"] = {
            lemma: _scores_by_alpha(
                credit.values[rows_of[lemma]], credit.attempted[rows_of[lemma]], credit.alphas
            )
            for lemma in sorted(rows_of)
        }
    return report


def _format_table(report: dict[str, Any]) -> list[str]:
    lines = [f"{'alpha':>6} {'precision':>9} {'recall':>7} {'F1':>7} {'coverage':>8}"]
    for alpha in report["alphas"]:
        s = report["overall"][alpha]
        lines.append(
            f"{alpha:>6} {s['precision']:9.4f} {s['recall']:7.4f} {s['f1']:7.4f} "
            f"{s['coverage']:8.4f}"
        )
    return lines


def _format_per_verb(report: dict[str, Any]) -> list[str]:
    alphas = report["alphas"]
    header = f"{'verb':<16} {'n':>6} {'attempted':>9} " + " ".join(f"{'P@' + a:>8}" for a in alphas)
    lines = [header + f" {'R@inf':>8} {'F1@inf':>8}"]
    for lemma, by_alpha in report["per_verb"].items():
        exact = by_alpha["inf"]
        cells = " ".join(f"{by_alpha[a]['precision']:8.4f}" for a in alphas)
        lines.append(
            f"{lemma:<16} {exact['n']:>6} {exact['attempted']:>9} {cells} "
            f"{exact['recall']:8.4f} {exact['f1']:8.4f}"
        )
    return lines


def run(args: argparse.Namespace) -> int:
    import thesaurus
    from wsd.corpus.keys import read_keys

    alphas = _alphas(args.alpha)
    gold = read_keys(args.gold)
    pred = read_keys(args.pred)
    verbs = thesaurus.load(args.verb_thesaurus)
    report = {
        "gold": str(args.gold),
        "pred": str(args.pred),
        "verb_thesaurus": str(args.verb_thesaurus),
        **score_keys(gold, pred, verbs, alphas, per_verb=args.per_verb),
    }
    if args.json:
        json.dump(report, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return 0
    lines = [
        f"gold: {report['instances']} instances; predicted: {report['attempted']} attempted"
        f" (not in gold: {report['not_in_gold']}, ignored)",
        "exact match at alpha = inf; graded acceptability otherwise",
        *_format_table(report),
    ]
    if report["issues"]:
        lines.append(
            "issues: " + ", ".join(f"{name} {count}" for name, count in report["issues"].items())
        )
    if args.per_verb:
        lines += ["", *_format_per_verb(report)]
    print("\n".join(lines))
    return 0
