"""The instance browser's options of ``wsd compare`` and ``wsd evaluate``: the report's
``instances.html`` (``--no-instances-html`` leaves it out) and a view of its instances as JSON
lines for scripts (``--instances-out FILE --where TERM ...``, the terms of the page's address;
``evaluation/report/browser/where.py``)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from evaluation.cli._options import say

if TYPE_CHECKING:
    from evaluation.experiment import ExperimentResult
    from evaluation.report.browser import Where

__all__ = [
    "add_instance_options",
    "browser",
    "instance_outputs",
    "instance_view",
    "write_instance_lines",
]


def add_instance_options(parser: argparse.ArgumentParser) -> None:
    """``--no-instances-html``, ``--instances-out`` and ``--where``."""
    parser.add_argument(
        "--no-instances-html",
        action="store_true",
        help="skip instances.html, the page of every instance with its glosses, answers and "
        "credits, filters and lemma matrices (ALL-sized with 20 systems: about 5 MB, written "
        "in about 1 s)",
    )
    parser.add_argument(
        "--instances-out",
        metavar="FILE",
        help="also write the instances of a view (--where) as JSON lines: id, dataset, pos, "
        "lemma, gold and glosses, sentence, and every system's answer, path length and credit",
    )
    parser.add_argument(
        "--where",
        nargs="+",
        metavar="TERM",
        help="the view of --instances-out, in the terms of the page's address (the page shows "
        "the line for its view): dataset=NAME, pos=noun|verb|adj|adv|other, lemma=PATTERN, "
        "first-sense, not-first-sense, seen-sense, unseen-sense, unseen-verb, disagree, "
        "all-wrong, all-right, right=SYS, wrong=SYS, only-right=SYS, near-miss=SYS, "
        "abstains=SYS, alpha=A, sort=lemma|id|right|credit|credit:SYS (-: descending); all "
        "must hold (default: every instance)",
    )


def instance_view(
    args: argparse.Namespace, labels: Sequence[str], alphas: Sequence[str]
) -> Where | None:
    """The parsed ``--where`` (``None`` without ``--instances-out``), checked against the
    methods and alphas before any work; :class:`~evaluation.EvaluationError` otherwise."""
    from evaluation import EvaluationError
    from evaluation.report.browser import parse_where

    if args.instances_out is None:
        if args.where:
            raise EvaluationError("--where chooses the instances of --instances-out FILE: give it")
        return None
    where = parse_where(args.where or ())
    where.check(labels, alphas)
    return where


def instance_outputs(args: argparse.Namespace) -> list[tuple[str, str | None]]:
    """The file ``--instances-out`` names, for :func:`thesaurus.utils.outputs.check_outputs`."""
    return [("--instances-out", args.instances_out)]


def browser(args: argparse.Namespace, where: Where | None) -> dict[str, Any]:
    """The report's browser settings of the arguments: ``instances`` (the page) and ``lines``
    (``--instances-out`` and its view)."""
    return {
        "instances": not args.no_instances_html,
        "lines": None if where is None else (args.instances_out, where),
    }


def write_instance_lines(result: ExperimentResult, path: str, where: Where, *, quiet: bool) -> None:
    """Write the view's instances to ``path`` (atomically: inside the report's group, with
    it); :class:`~evaluation.EvaluationError` for a dataset or group the result does not
    have, before anything is written."""
    from evaluation.report.browser import instance_lines, instance_table, select
    from thesaurus.utils.outputs import atomic_open

    table = instance_table(result)
    where.check_table(table)
    rows = select(table, where)
    with atomic_open(Path(path)) as handle:
        for line in instance_lines(table, rows):
            handle.write(line + "\n")
    if not quiet:
        view = " ".join(where.words()) or "every instance"
        say(f"instances-out: {len(rows):,} of {len(table):,} instances ({view}) to {path}")
