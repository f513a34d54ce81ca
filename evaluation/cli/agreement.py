"""``wsd agreement``: agreement between two or more key files over the same instances.

Every statistic is computed per word (lemma) and summarised the way the literature reports
it (evaluation/agreement/per_word.py): the arithmetic mean of the per-word kappas (seed 004's "Media
k"), the instance-weighted mean, and the count of words where kappa is undefined (a single
category).  The figures over all instances at once are kept but labelled "pooled over
lemmas": they overstate agreement, because their chance agreement counts pairs of senses of
different verbs, which two annotators of one instance can never choose between.

For each pair of files: ``Pa``, Cohen's kappa, Scott's pi and, with ``--weighted``, weighted
kappa; over all files: Fleiss' kappa and Krippendorff's alpha; with ``--merge-to K``, Ng et
al.'s greedy merging per word.  Files are read as ``wsd score`` reads answers.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from evaluation import AgreementError
from evaluation.agreement import SEVERAL_KEYS_RULES, agreement_report
from evaluation.cli._numbers import KAPPA, number
from evaluation.cli._paths import add_thesaurus_options, thesaurus_option_inputs, thesaurus_specs
from evaluation.words import key_word
from thesaurus.utils.outputs import check_outputs

__all__ = ["register", "run"]
_NAMES = {  # long name, column header
    "cohen_kappa": ("Cohen's kappa", "Cohen"),
    "scott_pi": ("Scott's pi", "Scott"),
    "weighted_kappa": ("weighted kappa", "weighted"),
    "fleiss_kappa": ("Fleiss' kappa", "Fleiss"),
    "krippendorff_alpha": ("Krippendorff's alpha", "Kripp."),
}


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "agreement",
        help="agreement between key files per word: Pa, Cohen/Scott/Fleiss/weighted kappa, merging",
        description=__doc__.split("\n\n")[1] if __doc__ else None,
    )
    parser.add_argument(
        "keys",
        nargs="+",
        metavar="KEY",
        help="two or more key files, plain or ranked (key:score: the first key is the answer)",
    )
    parser.add_argument(
        "--weighted",
        action="store_true",
        help="also weighted kappa, disagreement = LEN / MAXLEN in the verb thesaurus",
    )
    add_thesaurus_options(parser, verb_default=None)
    parser.add_argument(
        "--merge-to",
        type=number(KAPPA),
        metavar="K",
        help=f"greedily merge sense classes of each word until kappa >= K, {KAPPA} (two files)",
    )
    parser.add_argument(
        "--statistic",
        choices=("scott", "cohen"),
        default="scott",
        help="kappa maximised by --merge-to: scott (Ng et al.'s generalised kappa, "
        "Pc = sum_j (C_j / 2T)^2; default) or cohen",
    )
    parser.add_argument(
        "--classes-out",
        metavar="TSV",
        help="with --merge-to: write the merged classes, one 'sense_key<TAB>class_id' line per "
        "key (class id = smallest key of the class), for wsd score --classes",
    )
    parser.add_argument(
        "--several-keys",
        choices=SEVERAL_KEYS_RULES,
        default="first",
        help="label of an instance with several keys: each file's first key (default), or a "
        "key all files share when there is one (then Pa equals exact-match precision)",
    )
    parser.add_argument(
        "--intersection",
        action="store_true",
        help="use the instances shared by all files when they cover different instances",
    )
    parser.add_argument(
        "--per-verb", action="store_true", help="text output: one row per word (JSON has them)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def _check_options(n_files: int, merge_to: float | None, classes_out: str | None) -> None:
    """The arguments that cannot go together, rejected before any file is read."""
    if n_files < 2:
        raise AgreementError(f"agreement needs two or more key files, got {n_files}")
    if classes_out is not None and merge_to is None:
        raise AgreementError("--classes-out needs --merge-to (the classes come from merging)")
    if merge_to is not None and n_files != 2:
        raise AgreementError(f"--merge-to compares exactly two key files, got {n_files}")


def _num(value: float | None, width: int = 0) -> str:
    if value is None:
        return f"{'undefined':>{width}}"
    return f"{round(value, 4) + 0.0:{width}.4f}"  # + 0.0: no "-0.0000" for a tiny negative


def _summary_rows(statistics: Mapping[str, Mapping[str, Any]]) -> list[str]:
    lines = [f"  {'':<22} {'mean/word':>9} {'inst-wtd':>9} {'pooled*':>9}  undefined (1 category)"]
    for name, s in statistics.items():
        lines.append(
            f"  {_NAMES[name][0]:<22} {_num(s['mean_per_word'], 9)} "
            f"{_num(s['instance_weighted_mean'], 9)} {_num(s['pooled_over_lemmas'], 9)}  "
            f"{s['undefined']} of {s['defined'] + s['undefined']} words"
        )
    return lines


def _per_verb_rows(per_lemma: Mapping[str, Mapping[str, Any]], names: Sequence[str]) -> list[str]:
    lines = [f"  {'word':<16} {'n':>6} {'Pa':>7} " + " ".join(f"{_NAMES[n][1]:>9}" for n in names)]
    for lemma, row in per_lemma.items():
        cells = " ".join(_num(row[n], 9) for n in names)
        lines.append(f"  {lemma:<16} {row['instances']:>6} {row['observed']:7.4f} {cells}")
    return lines


def _merge_text(merged: Mapping[str, Any], per_verb: bool) -> list[str]:
    summary = merged["summary"]
    outcomes = summary["outcomes"]
    statistic = "Scott's pi" if merged["statistic"] == "scott" else "Cohen's kappa"
    lines = [
        f"greedy merging per word ({statistic}, until >= {merged['k_min']:g}), "
        f"{summary['words']} words: unchanged {outcomes['unchanged']}, merged "
        f"{outcomes['merged']}, merged into a single class (kappa undefined) "
        f"{outcomes['single-class']}, single category (kappa undefined) "
        f"{outcomes['single-category']}"
    ]
    table = summary["with_classes"]
    if table is not None:
        before, after = table["before"], table["after"]
        lines.append(
            f"  words left with >= 2 classes ({table['words']}, T = {table['instances']}): "
            f"senses {before['mean_senses']:.1f} -> {after['mean_senses']:.1f}, "
            f"A {before['agree']} -> {after['agree']}, Pa {before['observed']:.4f} -> "
            f"{after['observed']:.4f}, mean kappa {before['mean_kappa']:.4f} -> "
            f"{after['mean_kappa']:.4f}"
        )
    if not per_verb:
        return lines
    for lemma, entry in merged["per_lemma"].items():
        head = f"  {lemma} ({entry['instances']}): "
        if entry["outcome"] == "single-category":
            lines.append(head + "single category (kappa undefined)")
            continue
        after = (
            "merged into a single class (kappa undefined)"
            if entry["outcome"] == "single-class"
            else f"{entry['kappa_after']:.4f}"
        )
        classes = " | ".join(" ".join(c) for c in entry["classes"])
        lines.append(head + f"kappa {entry['kappa_before']:.4f} -> {after}; classes: {classes}")
    return lines


def _text(report: dict[str, Any], per_verb: bool) -> list[str]:
    other = ", ".join(f"{n} {c}" for n, c in report["other_lemma_keys"].items())
    lines = [
        f"instances: {report['instances']}, words: {report['lemmas']} "
        f"(keys of another word than the instance's: {other})"
    ]
    left_out = {n: c for n, c in report["left_out"].items() if c}
    if left_out:
        lines.append("left out (not shared): " + ", ".join(f"{n} {c}" for n, c in left_out.items()))
    several = report["several_keys"]
    if several["instances"]:
        lines.append(
            f"instances with several keys: {several['instances']} (label: {several['rule']} key;"
            " wsd score counts any gold key, so Pa can be below exact-match precision)"
        )
    for pair in report["pairs"]:
        lines.append(
            f"{pair['a']} vs {pair['b']}: Pa {pair['observed']:.4f} "
            f"(= A/T, pooled and instance-weighted alike)"
        )
        lines += _summary_rows(pair["statistics"])
        if "weight_defaults" in pair:
            defaults = ", ".join(f"{r} {c}" for r, c in pair["weight_defaults"].items()) or "none"
            lines.append(f"  weighted kappa: disagreements at distance 1 by default: {defaults}")
        if per_verb:
            lines += _per_verb_rows(pair["per_lemma"], list(pair["statistics"]))
    lines.append("all files:")
    lines += _summary_rows(report["all_files"]["statistics"])
    if per_verb and len(report["files"]) > 2:
        lines += _per_verb_rows(
            report["all_files"]["per_lemma"], list(report["all_files"]["statistics"])
        )
    lines.append(f"* {report['pooled_note']}")
    if "merged" in report:
        lines += _merge_text(report["merged"], per_verb)
    if "classes_out" in report:
        out = report["classes_out"]
        lines.append(
            f"classes written to {out['path']}: {out['keys']} keys in {out['classes']} classes"
            f" (keys of another word left out: {out['other_lemma_left_out']})"
        )
    return lines


def run(args: argparse.Namespace) -> int:
    from evaluation.agreement import write_class_table
    from evaluation.answers import read_answer_keys

    _check_options(len(args.keys), args.merge_to, args.classes_out)  # before reading anything
    check_outputs(
        files={"--classes-out": args.classes_out},
        inputs=[*args.keys, *thesaurus_option_inputs(args)],
        stdout="the agreement report",
    )
    keys = [read_answer_keys(path) for path in args.keys]
    verbs = None
    if args.weighted or args.verb_thesaurus is not None:
        from evaluation.thesauri import Thesauri

        verbs = Thesauri.from_specs(thesaurus_specs(args))
    names = [Path(p).name for p in args.keys]
    if len(set(names)) < len(names):
        names = list(args.keys)
    report, classes = agreement_report(
        names,
        keys,
        intersection=args.intersection,
        verbs=verbs,
        merge_to=args.merge_to,
        statistic=args.statistic,
        several=args.several_keys,
    )
    if args.classes_out:
        command = (
            f"wsd agreement {' '.join(args.keys)} --merge-to {args.merge_to:g} "
            f"--statistic {args.statistic} --several-keys {args.several_keys}"
            + (" --intersection" if args.intersection else "")
        )
        counts = write_class_table(
            args.classes_out, classes, comment=f"made by: {command}", word_of=key_word(verbs)
        )
        report["classes_out"] = {"path": str(args.classes_out), **counts}
    if args.json:
        json.dump(report, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        print("\n".join(_text(report, args.per_verb)))
    return 0
