"""``wsd evaluate CONFIG``: run a config-driven cross-validation experiment and write reports.

The config is validated before any work (unknown key, wrong type, alpha <= 0, unknown method
or parameter, a thesaurus that does not load); then the corpus is loaded once and checked
(listed verbs present, enough instances for the folds); then every verb's folds run (one job
per verb), and the Table 1-style table is printed (with the totals' bootstrap intervals and
the significance of every pair) while ``results.json``, ``table1.md``, CSVs,
``predictions.jsonl`` (every instance's answer per method and fold), plots, ``report.html``
and ``instances.html`` (every instance with its sentence and each method's answer; filters;
lemma matrices) go to ``--out`` (default ``results/<name>``); ``--instances-out FILE --where
TERM ...`` writes the instances of one of the page's views as JSON lines.  Progress: a bar per
step on a terminal, else one line per long step on stderr.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from evaluation.cli._instances import (
    add_instance_options,
    browser,
    instance_outputs,
    instance_view,
    write_instance_lines,
)
from evaluation.cli._numbers import N_JOBS, number
from evaluation.cli._paths import Named, corpus_inputs, thesaurus_inputs
from evaluation.cli._progress import Steps
from thesaurus.utils.outputs import atomic_group, check_outputs

if TYPE_CHECKING:
    from evaluation.experiment import ExperimentResult
    from evaluation.report.browser import Where

__all__ = ["register", "report", "run"]


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "evaluate",
        help="cross-validate methods from a TOML config and write Table 1, curves and reports",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("config", help="experiment config (TOML), e.g. configs/table1.toml")
    parser.add_argument("--out", help="output folder (default: results/<config name>)")
    parser.add_argument(
        "--n-jobs",
        type=number(N_JOBS),
        help=f"parallel workers, one job per verb, {N_JOBS}; overrides [cv] n_jobs",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run the jobs on this Dask scheduler (tcp://host:port); overrides [cv] backend "
        "and scheduler (needs the extra: pip install 'verb-wsd[dask]')",
    )
    parser.add_argument("--corpus", help="corpus path; overrides [corpus] path and $WSD_SEMCOR")
    parser.add_argument("--quiet", action="store_true", help="no progress, no table")
    parser.add_argument("--no-plots", action="store_true", help="skip the PNG/SVG figures")
    add_instance_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    started = time.perf_counter()  # before the heavy imports: they are part of the run
    from evaluation import ConfigError
    from evaluation.acceptability import format_alpha
    from evaluation.experiment import load_config, run_experiment
    from evaluation.experiment.config import check_scheduler

    config = load_config(args.config)
    if args.scheduler is not None:

        def bad(why: str) -> None:
            raise ConfigError(f"--scheduler = {args.scheduler!r}: {why}")

        check_scheduler(args.scheduler, bad)
    where = instance_view(
        args,
        [spec.label for spec in config.compared],
        [format_alpha(a) for a in config.evaluation.alphas],
    )
    out = args.out if args.out is not None else f"results/{config.name}"  # "" is refused
    check_outputs(
        files=instance_outputs(args),
        folders={"--out": out},
        inputs=[args.config, *_config_inputs(config, args.corpus)],
    )
    with Steps("evaluate", enabled=not args.quiet) as steps:
        result = run_experiment(
            config,
            corpus_path=args.corpus,
            n_jobs=args.n_jobs,
            scheduler=args.scheduler,
            progress=steps,
        )
    report(
        result,
        Path(out),
        started,
        quiet=args.quiet,
        figures=not args.no_plots,
        **browser(args, where),
    )
    return 0


def _config_inputs(config: Any, corpus: str | None) -> Named:
    """The files an experiment config names: its corpus, file thesauri and agreement keys."""
    specs = [("evaluation.thesaurus", config.evaluation.thesaurus)]
    for spec in config.methods:
        specs += [(f"{spec.label}: {name}", value) for name, value in spec.params]
    fmt = config.corpus.format
    if corpus is not None:
        corpora = corpus_inputs([corpus], fmt=fmt)
    elif config.corpus.path:
        corpora = corpus_inputs([config.corpus.path], option="corpus.path", fmt=fmt)
    else:
        corpora = corpus_inputs(None)
    keys = [("bounds.agreement_keys", path) for path in config.bounds.agreement_keys]
    return corpora + thesaurus_inputs(specs) + keys


def report(
    result: ExperimentResult,
    out: Path,
    started: float,
    *,
    quiet: bool,
    figures: bool,
    limit: int | None = None,
    instances: bool = True,
    lines: tuple[str, Where] | None = None,
) -> None:
    """Write the report files (``instances``: with the instance browser) and the ``lines`` of
    a view (``(path, where)``), all put in place together; print the table and one line on
    what was written and when."""
    from evaluation.report import table1_text, write_report

    written_at = time.perf_counter()
    with atomic_group():
        if lines is not None:
            write_instance_lines(result, *lines, quiet=quiet)
        written = write_report(result, out, figures=figures, instances=instances)
    done = time.perf_counter()
    if not quiet:
        sys.stdout.write(table1_text(result, limit=limit))
        print(
            f"wrote {len(written)} files to {out} in {done - written_at:.1f} s "
            f"({done - started:.1f} s in all)"
        )
