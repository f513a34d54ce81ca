"""``wsd compare --gold GOLD.key SYS.key [SYS.key ...] --out DIR``: compare any systems from
their key files, with the report of ``wsd evaluate``.

Every system's file is plain (``id key``) or ranked (``id key:score ... [confidence=C]``, as
``wsd disambiguate --top-k K --confidence`` writes it; evaluation/README.md): ranked files
give top-k curves, files with a confidence applicability curves.  By default the instances
scored are the gold instances every file answers, and what was left out is counted;
``--instances gold`` scores every gold instance, a missing line being an abstention.  The
table is printed (totals with bootstrap intervals at every alpha: precision, recall, F1,
coverage; the 25 most frequent verbs, or all with ``--per-verb``; the significance of every
pair, Holm-adjusted; the breakdowns by dataset, part of speech, first sense and, with
``--train-keys``, unseen sense) and ``--out`` receives ``results.json``, ``table1.md``, CSVs,
``predictions.jsonl``, plots, ``report.html`` and ``instances.html`` (every instance with its
sentence, glosses and each system's answer and credit; filters kept in the address; each
lemma's gold x answer matrices).  ``--instances-out FILE --where TERM ...`` writes the
instances of one of its views as JSON lines.
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from evaluation.cli._instances import add_instance_options, browser, instance_outputs, instance_view
from evaluation.cli._numbers import (
    ALPHA,
    BOOTSTRAP,
    CONFIDENCE,
    SEED,
    alpha_list,
    alpha_text,
    number,
)
from evaluation.cli._options import add_train_keys_option, say, top_k
from evaluation.cli._paths import (
    add_thesaurus_options,
    corpus_inputs,
    evaluation_config,
    thesaurus_option_inputs,
)
from evaluation.cli._progress import Steps
from thesaurus.utils.outputs import check_outputs

if TYPE_CHECKING:
    from evaluation.experiment import ComparisonConfig, ComparisonResult

__all__ = ["INSTANCE_RULES", "SEVERAL_KEYS", "register", "run"]

TERMINAL_VERBS = 25  # verb rows printed without --per-verb
# evaluation.experiment.config.INSTANCE_RULES and evaluation.answers.SEVERAL_KEYS, spelled
# out so that building the CLI imports nothing heavy (a test checks that they agree)
INSTANCE_RULES = ("common", "gold")
SEVERAL_KEYS = ("first", "all")


def register(subparsers: Any) -> None:
    """The ``wsd compare`` command and its options."""
    parser = subparsers.add_parser(
        "compare",
        help="compare systems' key files against gold: Table 1, intervals, significance, "
        "curves and reports",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--gold", required=True, metavar="KEY", help="gold key file")
    parser.add_argument(
        "systems", nargs="+", metavar="SYS.key", help="system key files (plain or key:score)"
    )
    parser.add_argument("--out", help="output folder (default: results/<name>)")
    parser.add_argument(
        "--labels", nargs="+", metavar="NAME", help="system names (default: the file names)"
    )
    parser.add_argument("--name", default="comparison", help="report name (default comparison)")
    parser.add_argument(
        "--alpha",
        nargs="+",
        type=alpha_text(),
        metavar="A",
        help=f"acceptability exponents, each {ALPHA} (default: 0.5 1 2 inf; inf is always "
        "scored; with --classes only inf)",
    )
    add_thesaurus_options(parser, verb_default="wordnet-verb")
    parser.add_argument(
        "--corpus",
        nargs="+",
        metavar="XML",
        help="Raganato *.data.xml file(s) of the gold instances: each file is a dataset of the "
        "breakdown (default: an instance id's first component, senseval2 of "
        "senseval2.d000.s000.t000) and gives the instances' lemmas and sentences (without "
        "it, instances.html takes the sentences of the *.data.xml beside the gold file)",
    )
    parser.add_argument(
        "--classes",
        metavar="TSV",
        help="map every key to its sense class first (wsd agreement --classes-out) and score "
        "exact match on classes",
    )
    add_train_keys_option(parser)
    _add_scoring_options(parser)
    parser.add_argument(
        "--per-verb", action="store_true", help="print every verb (the files always have all)"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress, no table")
    parser.add_argument("--no-plots", action="store_true", help="skip the PNG/SVG figures")
    add_instance_options(parser)
    parser.set_defaults(func=run)


def _add_scoring_options(parser: argparse.ArgumentParser) -> None:
    """The options of what is scored and how."""
    parser.add_argument(
        "--instances",
        choices=INSTANCE_RULES,
        default="common",
        help="common: the gold instances every file answers (default); gold: every gold "
        "instance, a missing line being an abstention (Senseval coverage and recall)",
    )
    parser.add_argument(
        "--several-keys",
        choices=SEVERAL_KEYS,
        help="lines with several keys: score the first, or all (each earning its share, as the "
        "official scorer); default: first for ranked files, all for plain ones (warned)",
    )
    parser.add_argument(
        "--top-k",
        type=top_k,
        metavar="K",
        help="top-k curves for k = 1..K, K >= 1 (default: the longest ranking of a ranked file)",
    )
    parser.add_argument(
        "--applicability-alpha",
        type=alpha_text(),
        metavar="A",
        help=f"alpha of the applicability curves, {ALPHA} (default 0.5; inf with --classes)",
    )
    parser.add_argument(
        "--bootstrap",
        type=number(BOOTSTRAP),
        default=2000,
        metavar="N",
        help=f"resamples, {BOOTSTRAP} (0: no bootstrap)",
    )
    parser.add_argument(
        "--confidence",
        type=number(CONFIDENCE),
        default=0.95,
        help=f"interval level, {CONFIDENCE} (default 0.95)",
    )
    parser.add_argument(
        "--seed", type=number(SEED), default=0, help=f"bootstrap seed, {SEED} (default 0)"
    )


def _config(args: argparse.Namespace) -> ComparisonConfig:
    """The :class:`ComparisonConfig` of the arguments, checked before any file is read."""
    from evaluation import EvaluationError
    from evaluation.acceptability import parse_alpha
    from evaluation.experiment.comparison import system_labels
    from evaluation.experiment.config import ComparisonConfig, SystemSpec

    classes = args.classes is not None
    alphas = alpha_list(args.alpha, classes, ordered=True)
    default_alpha = "inf" if classes else "0.5"
    applicability = parse_alpha(args.applicability_alpha or default_alpha)
    if classes and not math.isinf(applicability):
        raise EvaluationError("--applicability-alpha: with --classes only inf is scored")
    if args.labels is not None and len(args.labels) != len(args.systems):
        raise EvaluationError(
            f"--labels names {len(args.labels)} systems but {len(args.systems)} key files are given"
        )
    labels = args.labels or system_labels(list(args.systems))
    return ComparisonConfig(
        name=args.name,
        seed=args.seed,
        gold=str(args.gold),
        systems=tuple(
            SystemSpec(label, str(path)) for label, path in zip(labels, args.systems, strict=True)
        ),
        instances=args.instances,
        several_keys=args.several_keys,
        classes=args.classes,
        corpus=tuple(args.corpus or ()),
        train_keys=tuple(args.train_keys or ()),
        evaluation=evaluation_config(
            args,
            alphas=alphas,
            top_k=args.top_k or 0,  # 0: the longest ranking
            applicability_alpha=applicability,
            bootstrap=args.bootstrap,
            confidence=args.confidence,
        ),
    )


def _summary(result: ComparisonResult) -> str:
    """One line on the instances compared and what was left out."""
    stats = result.corpus.stats
    left = ", ".join(
        f"{label} {count}" for label, count in stats["left_out_by_system"].items() if count
    )
    not_in_gold = ", ".join(f"{s.label} {s.not_in_gold}" for s in result.systems if s.not_in_gold)
    parts = [
        f"compare: {result.total.n} of {stats['gold_instances']} gold instances scored",
        f"gold instances without a line: {left or 'none'}"
        + (" (left out)" if stats["instances"] == "common" else " (abstentions)"),
        f"lines not in the gold (ignored): {not_in_gold or 'none'}",
    ]
    return "; ".join(parts)


def run(args: argparse.Namespace) -> int:
    started = time.perf_counter()  # before the heavy imports: they are part of the run
    from evaluation.acceptability import format_alpha
    from evaluation.cli.evaluate import report
    from evaluation.experiment.comparison import compare_systems

    config = _config(args)
    labels = [s.label for s in config.systems]
    where = instance_view(args, labels, [format_alpha(a) for a in config.evaluation.alphas])
    out = args.out if args.out is not None else f"results/{config.name}"  # "" is refused
    check_outputs(
        files=instance_outputs(args),
        folders={"--out": out},
        inputs=[
            ("--gold", args.gold),
            *args.systems,
            ("--classes", args.classes),
            *(("--train-keys", path) for path in args.train_keys or ()),
            *thesaurus_option_inputs(args),
            *corpus_inputs(args.corpus or ()),
        ],
    )
    with Steps("compare", enabled=not args.quiet) as steps:
        result = compare_systems(config, progress=steps)
    if not args.quiet:
        say(_summary(result))
    limit = None if args.per_verb else TERMINAL_VERBS
    figures = not args.no_plots
    report(
        result,
        Path(out),
        started,
        quiet=args.quiet,
        figures=figures,
        limit=limit,
        **browser(args, where),
    )
    return 0
