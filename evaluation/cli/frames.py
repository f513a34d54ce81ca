"""``wsd frames``: show extracted case frames as JSONL, or score the extractor on a gold file.

wsd frames --corpus PATH --verb make --limit 5      (SemCor, *.data.xml, *.jsonl, *.conllu)
wsd frames --evaluate tests/data/frames/test2.tsv [--corpus PATH] [--json] [--errors]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from evaluation.cli._numbers import LIMIT, MIN_COUNT, number
from wsd import CorpusFormatError
from wsd.corpus import FORMATS, detect_format, find_semcor
from wsd.corpus.frame_reports import (
    corpus_frame_evaluation,
    frame_record,
    framed_instances,
    report_json,
    report_text,
)
from wsd.frames import ClassTable, load_class_table

__all__ = ["register", "run"]


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "frames",
        help="print verb case frames as JSONL, or evaluate the extractor on a gold file",
        description="Without --evaluate: one JSON line per verb instance with its case frame. "
        "With --evaluate GOLD: precision/recall/F1 per case label against a hand-annotated "
        "gold file (format: tests/data/frames/README.md), strict (label + head position) and "
        "lenient (label + head lemma).  Lenient can be below strict: a head at the right "
        "position may carry another lemma convention than the gold (names: SemCor's pn= class "
        "in the gold, a class by spelling here); the report counts these cases.",
    )
    parser.add_argument(
        "--corpus",
        metavar="PATH",
        help="SemCor directory or tag file, *.data.xml, *.jsonl or *.conllu (default: find SemCor)",
    )
    parser.add_argument(
        "--format",
        dest="input_format",
        default="auto",
        choices=FORMATS,
        help="corpus format (default: by file shape)",
    )
    parser.add_argument("--evaluate", metavar="GOLD", help="gold file to score the extractor on")
    parser.add_argument("--verb", metavar="LEMMA", help="only instances of this verb lemma")
    parser.add_argument(
        "--limit",
        type=number(LIMIT),
        default=10,
        metavar="N",
        help=f"instances to print, {LIMIT} (0: all)",
    )
    parser.add_argument(
        "--classes",
        metavar="TSV",
        action="append",
        help="class table of pronouns, titles and names, replacing the shipped pronoun "
        "and name tables (repeat to merge several; a later file wins)",
    )
    parser.add_argument("--json", action="store_true", help="evaluation report as JSON")
    parser.add_argument(
        "--errors", action="store_true", help="also list the instances the extractor gets wrong"
    )
    parser.add_argument(
        "--min-count",
        type=number(MIN_COUNT),
        default=5,
        metavar="N",
        help=f"report a single preposition when the gold has at least N of it, {MIN_COUNT} "
        "(default 5)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    classes = load_class_table(*args.classes) if args.classes else None
    if args.evaluate:
        return _run_evaluate(args, classes)
    return _run_list(args, classes, sys.stdout)


def _corpus_root(corpus: str | None) -> Path:
    return Path(find_semcor(corpus))


def _format(root: Path, fmt: str) -> str:
    return detect_format(root) if fmt == "auto" else fmt


def _run_list(args: argparse.Namespace, classes: ClassTable | None, out: TextIO) -> int:
    root = _corpus_root(args.corpus)
    fmt = _format(root, args.input_format)
    printed = 0
    for instance in framed_instances(root, fmt, args.verb, classes):
        out.write(json.dumps(frame_record(instance), ensure_ascii=False) + "\n")
        printed += 1
        if args.limit and printed >= args.limit:
            return 0
    if printed == 0 and args.verb:
        raise CorpusFormatError(f"{root}: no sense-tagged instance of verb {args.verb!r}")
    return 0


def _run_evaluate(args: argparse.Namespace, classes: ClassTable | None) -> int:
    gold_path = str(args.evaluate)
    root = _corpus_root(args.corpus)
    fmt = _format(root, args.input_format)
    result = corpus_frame_evaluation(gold_path, root, fmt, classes, min_count=args.min_count)
    if args.json:
        print(json.dumps(report_json(gold_path, result, errors=args.errors), indent=2))
    else:
        print(report_text(gold_path, result, errors=args.errors))
    return 0
