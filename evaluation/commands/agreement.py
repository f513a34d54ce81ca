"""``wsd agreement``: agreement between two or more key files over the same instances.

Prints Pa, Cohen's kappa for each pair, Fleiss' kappa and Krippendorff's alpha over all files,
optionally weighted kappa with the thesaurus distance ``LEN / MAXLEN`` (``--weighted``) and
Ng et al.'s greedy merged sense classes per verb (``--merge-to K``, two files).  An instance
with several keys is labelled by its first key (counted).  A statistic that is undefined (one
category only) is reported as such, never as NaN.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .._errors import AgreementError
from ..agreement import (
    cohen_kappa,
    fleiss_kappa,
    greedy_merge,
    krippendorff_alpha,
    observed_agreement,
    sense_lemma,
    thesaurus_distance,
    weighted_kappa,
)

__all__ = ["agreement_report", "register", "run"]


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "agreement", help="agreement between key files: Pa, Cohen/Fleiss/weighted kappa, merging"
    )
    parser.add_argument("keys", nargs="+", metavar="KEY", help="two or more key files")
    parser.add_argument(
        "--weighted",
        action="store_true",
        help="also weighted kappa, disagreement = LEN / MAXLEN in the verb thesaurus",
    )
    parser.add_argument(
        "--verb-thesaurus",
        default="wordnet-verb",
        metavar="SPEC",
        help="for --weighted: wordnet-verb or a <stem>.tsv file (default: wordnet-verb)",
    )
    parser.add_argument(
        "--merge-to",
        type=float,
        metavar="K",
        help="greedily merge sense classes per verb until kappa >= K (two files)",
    )
    parser.add_argument(
        "--intersection",
        action="store_true",
        help="use the instances shared by all files when they cover different instances",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def _check_options(n_files: int, merge_to: float | None) -> None:
    if n_files < 2:
        raise AgreementError(f"agreement needs two or more key files, got {n_files}")
    if merge_to is not None:
        if n_files != 2:
            raise AgreementError(f"--merge-to compares exactly two key files, got {n_files}")
        if not 0 < merge_to <= 1:
            raise AgreementError(f"--merge-to must be in (0, 1], got {merge_to}")


def _shared_ids(
    names: Sequence[str], keys: Sequence[Mapping[str, Any]], intersection: bool
) -> list[str]:
    shared = set(keys[0]).intersection(*keys[1:])
    if not intersection and any(len(k) != len(shared) for k in keys):
        outside = ", ".join(f"{n} {len(k) - len(shared)}" for n, k in zip(names, keys, strict=True))
        raise AgreementError(
            f"key files cover different instances ({len(shared)} shared; not shared: {outside});"
            " pass --intersection to compare the shared ones"
        )
    if not shared:
        raise AgreementError("the key files share no instance")
    return sorted(shared)


def _statistic(function: Callable[..., float], *args: Any) -> dict[str, Any]:
    try:
        return {"value": function(*args)}
    except AgreementError as exc:
        return {"value": None, "undefined": str(exc)}


def agreement_report(
    names: Sequence[str],
    keys: Sequence[Mapping[str, Sequence[str]]],
    *,
    intersection: bool = False,
    distance: Callable[[str, str], float] | None = None,
    merge_to: float | None = None,
) -> dict[str, Any]:
    """Agreement statistics of several annotations ``{instance_id: sense keys}``.

    Statistics are ``{"value": float}`` or ``{"value": None, "undefined": reason}``.
    """
    _check_options(len(keys), merge_to)
    ids = _shared_ids(names, keys, intersection)
    labels = [[k[i][0] for i in ids] for k in keys]
    report: dict[str, Any] = {
        "files": list(names),
        "instances": len(ids),
        "left_out": {n: len(k) - len(ids) for n, k in zip(names, keys, strict=True)},
        "several_keys_first_used": sum(1 for k in keys for i in ids if len(k[i]) > 1),
        "pairs": [],
    }
    for (na, a), (nb, b) in itertools.combinations(zip(names, labels, strict=True), 2):
        pair: dict[str, Any] = {
            "a": na,
            "b": nb,
            "observed": observed_agreement(a, b),
            "cohen_kappa": _statistic(cohen_kappa, a, b),
        }
        if distance is not None:
            pair["weighted_kappa"] = _statistic(
                lambda x, y: weighted_kappa(x, y, distance, block=sense_lemma), a, b
            )
        report["pairs"].append(pair)
    report["observed"] = sum(p["observed"] for p in report["pairs"]) / len(report["pairs"])
    report["fleiss_kappa"] = _statistic(fleiss_kappa, list(zip(*labels, strict=True)))
    report["krippendorff_alpha"] = _statistic(krippendorff_alpha, labels)
    if merge_to is not None:
        report["merge_to"] = merge_to
        report["merged"] = _merge_per_verb(labels[0], labels[1], merge_to)
    return report


def _merge_per_verb(a: Sequence[str], b: Sequence[str], k_min: float) -> dict[str, Any]:
    by_verb: dict[str, list[int]] = {}
    for index, key in enumerate(a):
        by_verb.setdefault(key.split("%", 1)[0], []).append(index)
    merged: dict[str, Any] = {}
    for verb, rows in sorted(by_verb.items()):
        try:
            result = greedy_merge([a[i] for i in rows], [b[i] for i in rows], k_min)
        except AgreementError as exc:
            merged[verb] = {"instances": len(rows), "undefined": str(exc)}
            continue
        merged[verb] = {
            "instances": len(rows),
            "kappa_before": result.kappa_before,
            "kappa_after": result.kappa_after,
            "classes": [sorted(c) for c in result.classes],
        }
    return merged


def _value(statistic: dict[str, Any]) -> str:
    if statistic["value"] is None:
        return f"undefined ({statistic['undefined']})"
    return f"{statistic['value']:.4f}"


def _text(report: dict[str, Any]) -> list[str]:
    lines = [f"instances: {report['instances']}"]
    left_out = {n: c for n, c in report["left_out"].items() if c}
    if left_out:
        lines.append("left out (not shared): " + ", ".join(f"{n} {c}" for n, c in left_out.items()))
    if report["several_keys_first_used"]:
        lines.append(
            f"instances with several keys (first key used): {report['several_keys_first_used']}"
        )
    for pair in report["pairs"]:
        line = (
            f"{pair['a']} vs {pair['b']}: Pa {pair['observed']:.4f}, "
            f"Cohen's kappa {_value(pair['cohen_kappa'])}"
        )
        if "weighted_kappa" in pair:
            line += f", weighted kappa {_value(pair['weighted_kappa'])}"
        lines.append(line)
    if len(report["pairs"]) > 1:
        lines.append(f"mean pairwise Pa: {report['observed']:.4f}")
    lines.append(f"Fleiss' kappa: {_value(report['fleiss_kappa'])}")
    lines.append(f"Krippendorff's alpha: {_value(report['krippendorff_alpha'])}")
    for verb, entry in report.get("merged", {}).items():
        if "undefined" in entry:
            lines.append(f"{verb} ({entry['instances']}): {entry['undefined']}")
            continue
        classes = " | ".join(" ".join(c) for c in entry["classes"])
        lines.append(
            f"{verb} ({entry['instances']}): kappa {entry['kappa_before']:.4f} -> "
            f"{entry['kappa_after']:.4f}; classes: {classes}"
        )
    return lines


def run(args: argparse.Namespace) -> int:
    from wsd.corpus.keys import read_keys

    _check_options(len(args.keys), args.merge_to)  # before reading anything
    keys = [read_keys(path) for path in args.keys]
    distance = None
    if args.weighted:
        import thesaurus

        distance = thesaurus_distance(thesaurus.load(args.verb_thesaurus))
    names = [Path(p).name for p in args.keys]
    if len(set(names)) < len(names):
        names = list(args.keys)
    report = agreement_report(
        names, keys, intersection=args.intersection, distance=distance, merge_to=args.merge_to
    )
    if args.json:
        json.dump(report, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        print("\n".join(_text(report)))
    return 0
