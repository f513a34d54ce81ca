"""``wsd score``: graded scoring of any system's key file against a gold key file.

Exact match (``alpha = inf``) follows the official Senseval/Raganato scorer::

    P = sum(credit) / attempted     R = sum(credit) / #gold     F1 = 2 P R / (P + R)

where an instance's credit is the share of its answers that are gold senses.  Graded scores
replace that share by the mean over answers of the best acceptability against a gold sense
(``evaluation.measures.graded_credit``).  An instance's verb is the word that owns its first
gold key in the verb thesaurus (``evaluation.measures.key_lemma``: any resource's sense ids),
else the part of the key before ``%``.  Predictions for instances absent from the gold are
counted and ignored; gold instances without a prediction are not attempted.

With ``--classes TSV`` (a coarse sense inventory, e.g. ``wsd agreement --merge-to 0.8
--classes-out``: ``sense_key<TAB>class_id`` lines) every gold and predicted key is replaced
by its class before scoring, keys not in the table being classes of their own; answers that
fall into one class count once.  Only exact match on classes (``alpha = inf``) is scored
then: a thesaurus distance between two *classes* is not defined (which of their senses would
it join?), so graded acceptability with classes is refused rather than guessed.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from evaluation._exceptions import EvaluationError
from evaluation.measures import (
    ALPHA_DEFAULTS,
    VerbThesaurus,
    format_alpha,
    graded_credit,
    key_lemma,
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
        metavar="A",
        help="acceptability exponents, > 0 or inf (default: 0.5 1 2 inf; inf is always scored;"
        " with --classes only inf)",
    )
    parser.add_argument(
        "--classes",
        metavar="TSV",
        help="map gold and predicted keys to sense classes (sense_key<TAB>class_id lines, as "
        "written by wsd agreement --classes-out; unlisted keys are their own class) and score "
        "exact match on classes only",
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


def _alphas(texts: Sequence[str] | None, classes: bool) -> tuple[float, ...]:
    """Parsed, de-duplicated alphas in the given order, with ``inf`` added if absent."""
    if texts is None:
        return (math.inf,) if classes else tuple(ALPHA_DEFAULTS)
    alphas = tuple(dict.fromkeys(parse_alpha(t) for t in texts))
    if classes and alphas != (math.inf,):
        finite = ", ".join(format_alpha(a) for a in alphas if not math.isinf(a))
        raise EvaluationError(
            f"--classes scores exact match on classes only; graded alpha {finite} is not"
            " defined between classes (drop --alpha or pass --alpha inf)"
        )
    return alphas if math.inf in alphas else (*alphas, math.inf)


def _to_classes(
    keys: Mapping[str, Sequence[str]], classes: Mapping[str, str]
) -> tuple[dict[str, tuple[str, ...]], dict[str, int]]:
    """Each key replaced by its class (unlisted keys: themselves), repeats dropped, and how
    many keys were ``in_table`` / ``not_in_table``."""
    found = sum(1 for senses in keys.values() for k in senses if k in classes)
    total = sum(len(senses) for senses in keys.values())
    mapped = {i: tuple(dict.fromkeys(classes.get(k, k) for k in ks)) for i, ks in keys.items()}
    return mapped, {"in_table": found, "not_in_table": total - found}


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
    classes: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """Score ``pred`` against ``gold`` (``{instance_id: sense keys}``) at each alpha.

    Returns a JSON-ready dict: ``instances``, ``attempted``, ``not_in_gold``, ``alphas``,
    ``overall`` (``{alpha: Scores.as_dict()}``), ``issues`` and, with ``per_verb``,
    ``per_verb`` (``{lemma: {alpha: scores}}``).  With ``classes`` (``{sense_key:
    class_id}``), keys are mapped to classes first (the lemma of an instance still comes from
    its first gold *key*); only ``alpha = inf`` is allowed, and ``classes`` counts the gold
    and predicted keys found in the table.
    """
    ids = list(gold)
    owner = key_lemma(verbs)
    lemmas = [owner(gold[i][0]) for i in ids]
    mapped: dict[str, Any] = {}
    if classes is not None:
        if any(not math.isinf(a) for a in alphas):
            raise EvaluationError("scoring with sense classes is exact match only (alpha = inf)")
        gold, mapped["gold"] = _to_classes(gold, classes)
        pred, mapped["pred"] = _to_classes(pred, classes)
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
    if mapped:
        report["classes"] = mapped
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
    from evaluation.agreement import read_class_table
    from wsd.corpus.keys import read_keys

    alphas = _alphas(args.alpha, args.classes is not None)
    gold = read_keys(args.gold)
    pred = read_keys(args.pred)
    classes = read_class_table(args.classes) if args.classes else None
    verbs = thesaurus.load(args.verb_thesaurus)
    report = {
        "gold": str(args.gold),
        "pred": str(args.pred),
        "verb_thesaurus": str(args.verb_thesaurus),
        **score_keys(gold, pred, verbs, alphas, per_verb=args.per_verb, classes=classes),
    }
    if args.classes:
        report["classes"] = {"path": str(args.classes), **report["classes"]}
    if args.json:
        json.dump(report, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return 0
    lines = [
        f"gold: {report['instances']} instances; predicted: {report['attempted']} attempted"
        f" (not in gold: {report['not_in_gold']}, ignored)",
        "exact match at alpha = inf; graded acceptability otherwise"
        if not args.classes
        else f"exact match on sense classes of {args.classes} (gold keys in the table: "
        f"{report['classes']['gold']['in_table']}, predicted: "
        f"{report['classes']['pred']['in_table']}; unlisted keys are their own class)",
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
