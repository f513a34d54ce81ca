"""``wsd score``: graded scoring of any system's key file against a gold key file, the
comparison of one system (:func:`evaluation.experiment.compare_systems` on every gold
instance, a missing line being an abstention).

The system's file is plain or ranked (:mod:`evaluation.answers`); an undefined precision is
``null`` in ``--json`` and ``undefined`` in the text table.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from evaluation.cli._numbers import ALPHA, alpha_list, alpha_text
from evaluation.cli._options import add_train_keys_option
from evaluation.cli._paths import add_thesaurus_options, evaluation_config
from evaluation.cli.compare import SEVERAL_KEYS
from evaluation.unseen import UNSEEN_NOT_AVAILABLE
from evaluation.words import Word, word_names
from thesaurus.utils.outputs import to_json

if TYPE_CHECKING:
    from evaluation.experiment import ComparisonResult

__all__ = ["register", "run"]

# the report key of each breakdown of a comparison
BREAKDOWNS = {
    "dataset": "per_dataset",
    "pos": "per_pos",
    "first sense": "per_first_sense",
    "unseen": "per_unseen",
}
# the breakdowns of the text table, after the totals: report key and title
GROUP_TITLES = (
    ("per_dataset", "dataset"),
    ("per_pos", "part of speech"),
    ("per_first_sense", "first sense"),
    ("per_unseen", "unseen"),
)


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "score", help="score a system's key file against gold: exact and graded P/R/F1"
    )
    parser.add_argument("--gold", required=True, metavar="KEY", help="gold key file")
    parser.add_argument(
        "--pred", required=True, metavar="KEY", help="system key file, plain or ranked (key:score)"
    )
    parser.add_argument(
        "--several-keys",
        choices=SEVERAL_KEYS,
        help="lines with several keys: score the first (default for ranked key:score files) or "
        "all, each earning its share of the credit as in the official scorer (default for plain "
        "files, with a warning)",
    )
    parser.add_argument(
        "--alpha",
        nargs="+",
        type=alpha_text(),
        metavar="A",
        help=f"acceptability exponents, each {ALPHA} (default: 0.5 1 2 inf; inf is always "
        "scored; with --classes only inf)",
    )
    parser.add_argument(
        "--classes",
        metavar="TSV",
        help="map gold and predicted keys to sense classes (sense_key<TAB>class_id lines, as "
        "written by wsd agreement --classes-out; unlisted keys are their own class) and score "
        "exact match on classes only",
    )
    add_thesaurus_options(parser, verb_default="wordnet-verb")
    add_train_keys_option(parser)
    parser.add_argument(
        "--per-verb",
        action="store_true",
        help="also score each word (a lemma with its part of speech: square.n, square.r)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def _cell(value: float | None, width: int) -> str:
    """A score of the text table; an undefined one (``None``: 0/0) is said in words."""
    return f"{'undefined':>{width}}" if value is None else f"{value:{width}.4f}"


def _format_table(report: dict[str, Any]) -> list[str]:
    lines = [f"{'alpha':>6} {'precision':>9} {'recall':>7} {'F1':>7} {'coverage':>8}"]
    for alpha in report["alphas"]:
        s = report["overall"][alpha]
        lines.append(
            f"{alpha:>6} {_cell(s['precision'], 9)} {s['recall']:7.4f} {s['f1']:7.4f} "
            f"{s['coverage']:8.4f}"
        )
    return lines


def _format_groups(report: dict[str, Any], name: str, title: str) -> list[str]:
    """One row per group of ``report[name]`` (``per_verb``, ``per_pos``, ``per_dataset``,
    ``per_first_sense``, ``per_unseen``)."""
    alphas = report["alphas"]
    header = f"{title:<16} {'n':>6} {'attempted':>9} " + " ".join(f"{'P@' + a:>9}" for a in alphas)
    lines = [header + f" {'R@inf':>8} {'F1@inf':>8}"]
    for lemma, by_alpha in report[name].items():
        exact = by_alpha["inf"]
        cells = " ".join(_cell(by_alpha[a]["precision"], 9) for a in alphas)
        lines.append(
            f"{lemma:<16} {exact['n']:>6} {exact['attempted']:>9} {cells} "
            f"{exact['recall']:8.4f} {exact['f1']:8.4f}"
        )
    return lines


def _answers_line(answers: dict[str, Any]) -> str:
    """How the system's file was read (the report's ``answers``)."""
    kind = "ranked keys (key:score)" if answers["ranked"] else "plain keys"
    several = answers["lines_with_several_keys"]
    if answers["several_keys"] == "first":
        return f"answers: {kind}; the first key of each line is scored"
    if not several:
        return f"answers: {kind}, one per line"
    return (
        f"answers: {kind}; {several} lines with several keys, each key earning its share of the"
        " credit (official scorer)"
    )


def _report(result: ComparisonResult, args: argparse.Namespace) -> dict[str, Any]:
    """The JSON report of a comparison of one system: its totals, scorer issues, breakdowns
    (dataset and part of speech when there are several groups), per-word scores (with
    ``--per-verb``), how its file was read, and how many keys the class table lists."""
    (system,) = result.systems
    label = system.label
    total = result.total.scores[label]
    report: dict[str, Any] = {
        "gold": str(args.gold),
        "pred": str(args.pred),
        "thesauri": result.config.evaluation.thesauri.described(),
        "instances": result.total.n,
        "attempted": next(iter(total.by_alpha.values())).attempted,
        "not_in_gold": system.not_in_gold,
        "alphas": list(result.alphas),
        "overall": to_json(total),
        "issues": result.credit_issues[label],
        "warnings": list(result.warnings),
    }
    for breakdown in result.breakdowns:
        if breakdown.name in ("dataset", "pos") and len(breakdown.rows) < 2:
            continue
        rows = {row.group: to_json(row.scores[label]) for row in breakdown.rows}
        report[BREAKDOWNS[breakdown.name]] = None if breakdown.note else rows
    if args.per_verb:
        names = word_names([Word(row.verb, row.pos or "") for row in result.verbs])
        named = zip(names, result.verbs, strict=True)
        report["per_verb"] = {name: to_json(row.scores[label]) for name, row in named}
    if args.train_keys:
        report["train_keys"] = [str(path) for path in args.train_keys]
    report["answers"] = {
        "ranked": system.ranked,
        "confidence": system.confidence,
        "several_keys": system.several_keys,
        "lines_with_several_keys": system.lines_with_several_keys,
    }
    if args.classes:
        in_table = result.corpus.stats["classes"]
        report["classes"] = {
            "path": str(args.classes),
            "gold": in_table["gold"],
            "pred": in_table[label],
        }
    return report


def _text(report: dict[str, Any], args: argparse.Namespace) -> list[str]:
    """The lines of the text report: what was read and scored, the totals, the breakdowns."""
    lines = [
        f"gold: {report['instances']} instances; predicted: {report['attempted']} attempted"
        f" (not in gold: {report['not_in_gold']}, ignored)",
        _answers_line(report["answers"]),
        "exact match at alpha = inf; graded acceptability otherwise, on "
        + ", ".join(f"{pos}: {spec}" for pos, spec in report["thesauri"].items())
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
    for name, title in GROUP_TITLES:
        if report.get(name) is not None:
            lines += ["", *_format_groups(report, name, title)]
    if report["per_unseen"] is None:
        lines += ["", f"unseen: {UNSEEN_NOT_AVAILABLE}"]
    if args.per_verb:
        lines += ["", *_format_groups(report, "per_verb", "word")]
    return lines


def run(args: argparse.Namespace) -> int:
    from evaluation.experiment import compare_systems
    from evaluation.experiment.comparison import system_labels
    from evaluation.experiment.config import ComparisonConfig, SystemSpec

    alphas = alpha_list(args.alpha, args.classes is not None)
    config = ComparisonConfig(
        gold=str(args.gold),
        systems=(SystemSpec(system_labels([args.pred])[0], str(args.pred)),),
        instances="gold",
        several_keys=args.several_keys,
        classes=args.classes,
        train_keys=tuple(args.train_keys or ()),
        evaluation=evaluation_config(
            args, alphas=alphas, applicability_alpha=alphas[0], bootstrap=0
        ),
        source="wsd score",
    )
    report = _report(compare_systems(config), args)
    if args.json:
        json.dump(report, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        print("\n".join(_text(report, args)))
    return 0
