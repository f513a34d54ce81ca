"""Defaults chosen on the field's development set and the held-out split together: each run (a
method and its parameters) is trained on all of SemCor and scored on the verbs of
SemEval-2007 (Raganato format, Wall Street Journal text outside SemCor), and trained on the
held-out split's 316 tag files and scored on its 36 held-out files (:mod:`heldout`).

    python bench/devset.py --dev DEV.data.xml --heldout-tagger DIR            # the sweep
    python bench/devset.py --dev DEV.data.xml --run h2:hybrid:thesaurus_examples=2 --method ims

Without ``--method``/``--run`` the runs are :func:`sweep`: each of hybrid, ims, example and
bayes at today's defaults, with ``thesaurus_examples`` 1, 2, 3, ``frame_penalty`` .2 and .5,
both, and the parameters of its own that plausibly matter (``C``, ``filler_hypernyms``,
``sim_k``, ``scoring``, ...), then mfs and random.  WordNet's examples are tagged by a tagger:
on the dev set the user cache's (trained on all SemCor; ``--dev-tagger DIR`` names another
folder), on the held-out split the one in ``--heldout-tagger DIR`` (``DIR/semcor-tagger.json``,
trained on the 316 training files only: ``bench/text_pipeline.py`` makes it).  A missing tagger
is an error, never a training.

Printed: one Markdown table, a row per run: on each split exact precision over all the verb
instances with its 95 % bootstrap interval, the paired bootstrap difference from the same
method at its defaults (the run labelled with the method's name) with its 95 % interval, the
breakdowns of ``wsd compare`` (not first sense, first sense, unseen sense, unseen verb; the
unseen groups against the training keys: all of SemCor's for the dev set), whether the run
meets the rule for a default (it gains on the dev set and loses at most ``--max-loss`` on the
held-out split, as point estimates), and the seconds to train (the model cache's, when a run
was first made) on each split.  ``--csv`` (default ``WORK/devset.csv``) gets every group with
its interval and the differences.  Models are cached in ``WORK/models`` by method, resolved
parameters, training files, tagger and code (:func:`heldout.model_path`), answers beside them
per test set, so a rerun only scores; ``WORK/keys/<split>/`` holds the gold, training and
answer keys for ``wsd compare --train-keys``.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import os
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import heldout  # noqa: E402
from heldout import (  # noqa: E402
    Run,
    Split,
    Timed,
    code_digest,
    group_table,
    instance_results,
    measure_run,
    runs_of,
    tagger_digest,
)

from evaluation.experiment.results import InstanceResults  # noqa: E402
from evaluation.significance import bootstrap_ratio_differences  # noqa: E402
from thesaurus.utils.outputs import atomic_open  # noqa: E402
from wsd import Instance, ModelError  # noqa: E402
from wsd.corpus import find_semcor, load_corpus  # noqa: E402
from wsd.corpus.keys import write_keys  # noqa: E402
from wsd.methods import make_method  # noqa: E402
from wsd.text.tagger import ENV_VAR  # noqa: E402

TUNED = ("hybrid", "ims", "example", "bayes")
EVIDENCE: tuple[tuple[str, dict[str, Any]], ...] = (
    ("k1", {"thesaurus_examples": 1}),
    ("k2", {"thesaurus_examples": 2}),
    ("k3", {"thesaurus_examples": 3}),
    ("p.2", {"frame_penalty": 0.2}),
    ("p.5", {"frame_penalty": 0.5}),
    ("k1p.2", {"thesaurus_examples": 1, "frame_penalty": 0.2}),
    ("k2p.2", {"thesaurus_examples": 2, "frame_penalty": 0.2}),
    ("k3p.2", {"thesaurus_examples": 3, "frame_penalty": 0.2}),
    ("k1p.5", {"thesaurus_examples": 1, "frame_penalty": 0.5}),
    ("k2p.5", {"thesaurus_examples": 2, "frame_penalty": 0.5}),
    ("k3p.5", {"thesaurus_examples": 3, "frame_penalty": 0.5}),
    ("p.8", {"frame_penalty": 0.8}),
    ("p1", {"frame_penalty": 1.0}),
    ("k1p.8", {"thesaurus_examples": 1, "frame_penalty": 0.8}),
    ("k2p.8", {"thesaurus_examples": 2, "frame_penalty": 0.8}),
    ("k1p1", {"thesaurus_examples": 1, "frame_penalty": 1.0}),
    ("k2p1", {"thesaurus_examples": 2, "frame_penalty": 1.0}),
)
OWN: dict[str, tuple[tuple[str, dict[str, Any]], ...]] = {
    "hybrid": (
        ("k2p.5C.05", {"thesaurus_examples": 2, "frame_penalty": 0.5, "C": 0.05}),
        ("C.05", {"C": 0.05}),
        ("C.2", {"C": 0.2}),
        ("C.5", {"C": 0.5}),
        ("hyp-all", {"filler_hypernyms": "all"}),
        ("hyp-none", {"filler_hypernyms": "none"}),
    ),
    "ims": (
        ("k2p.5C.05", {"thesaurus_examples": 2, "frame_penalty": 0.5, "C": 0.05}),
        ("C.05", {"C": 0.05}),
        ("C.2", {"C": 0.2}),
        ("C.5", {"C": 0.5}),
    ),
    "example": (("simk3", {"sim_k": 3}), ("simk15", {"sim_k": 15})),
    "bayes": (
        ("p.5noun-words", {"frame_penalty": 0.5, "noun_words": True}),
        ("p.5m2", {"frame_penalty": 0.5, "smoothing": 2.0}),
        ("k1p.5noun-words", {"thesaurus_examples": 1, "frame_penalty": 0.5, "noun_words": True}),
        ("log-ratio", {"scoring": "log-ratio"}),
        ("noun-words", {"noun_words": True}),
        ("m.5", {"smoothing": 0.5}),
        ("m2", {"smoothing": 2.0}),
    ),
}
SPLITS = ("dev", "heldout")
TITLES = {"dev": "SemEval-2007", "heldout": "held-out"}
MAX_LOSS = 0.005  # what a new default may lose on the held-out split
EXACT = -1  # the column of alpha = inf in the credit of heldout.ALPHAS (0.5, inf)


# the defaults the sweep started from (before it chose today's), spelt out: it measures the
# same runs whatever the defaults are (a model is cached by its resolved parameters)
BASE: dict[str, dict[str, Any]] = {
    method: {"thesaurus_examples": 0, "frame_penalty": 0.0, **({"C": 0.1} if svm else {})}
    for method, svm in (("hybrid", True), ("ims", True), ("example", False), ("bayes", False))
}


def sweep() -> list[Run]:
    """The runs measured without ``--method``/``--run`` (module docstring): per method the
    base (labelled with its name) and each variant of it."""
    runs = []
    for method in TUNED:
        runs.append(Run(method, method, dict(BASE[method])))
        for suffix, params in (*EVIDENCE, *OWN[method]):
            runs.append(Run(f"{method}+{suffix}", method, {**BASE[method], **params}))
    return [*runs, Run("mfs", "mfs", {}), Run("random", "random", {})]


class DevSet(Split):
    """A Raganato corpus (its verbs) as test instances, the training instances all of SemCor's
    tag files (none held out)."""

    def __init__(self, root: Path, data: Path) -> None:
        self.root = root
        self.data = data
        self.name = data.name.removesuffix(".data.xml")
        self.train_files, self.held = [], []
        self._read: dict[int | str, tuple[list[Instance], list[Instance]]] = {}

    def _load(self, window: int | str) -> tuple[list[Instance], list[Instance]]:
        train = load_corpus(self.root, context_window=window)
        test = load_corpus(self.data, context_window=window, require_gold=False)
        return list(train.instances), list(test.instances)


@contextlib.contextmanager
def tagger_folder(folder: Path | None) -> Iterator[None]:
    """``$WSD_TAGGER_CACHE`` set to ``folder`` (None: unset, the user cache's tagger) inside
    the block, restored after it."""
    before = os.environ.get(ENV_VAR)
    if folder is None:
        os.environ.pop(ENV_VAR, None)
    else:
        os.environ[ENV_VAR] = str(folder)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(ENV_VAR, None)
        else:
            os.environ[ENV_VAR] = before


@dataclass
class Measured:
    """One split's runs: their answers and times, the per-instance credit and the table."""

    times: dict[str, Timed]
    per: InstanceResults
    table: dict[str, dict[str, dict[str, Any]]]


def measure_split(
    runs: Sequence[Run], split: Split, work: Path, code: str, args: argparse.Namespace
) -> Measured:
    """Every run on ``split`` (trained or from the caches), scored, its keys written."""
    times: dict[str, Timed] = {}
    for run in runs:
        started = time.perf_counter()
        times[run.label] = measure_run(run, split, work, code, args.retrain)
        print(
            f"devset: {split.name}: {run.label} done in {time.perf_counter() - started:.1f} s",
            file=sys.stderr,
        )
    gold, train_keys = split.keys()
    keys = work / "keys" / split.name
    keys.mkdir(parents=True, exist_ok=True)
    write_keys(keys / "gold.key", gold)
    write_keys(keys / "train.key", train_keys)
    for label, timed in times.items():
        write_keys(keys / f"{label}.key", {i: (s,) for i, s in timed.answers.items()})
    answers = {label: timed.answers for label, timed in times.items()}
    per = instance_results(gold, train_keys, answers)
    table = group_table(per, list(answers), n_resamples=args.bootstrap, seed=args.seed)
    return Measured(times, per, table)


def differences(
    runs: Sequence[Run], per: InstanceResults, *, n_resamples: int, seed: int
) -> dict[str, tuple[float, tuple[float, float] | None]]:
    """Per run with a base (the run labelled with its method's name, not itself): exact
    precision minus the base's and the paired bootstrap interval of the difference (all runs
    share each resample; None without resamples)."""
    labels = [run.label for run in runs]
    pairs = [
        (run.label, run.method) for run in runs if run.method in labels and run.label != run.method
    ]
    if not pairs:
        return {}
    credit = per.credit
    column = {label: c for c, label in enumerate(labels)}
    attempted = np.column_stack([credit[label].attempted.astype(float) for label in labels])
    values = np.column_stack([credit[label].values[:, EXACT] for label in labels]) * attempted
    index = [(column[a], column[b]) for a, b in pairs]
    if not n_resamples:
        totals = values.sum(axis=0) / np.maximum(attempted.sum(axis=0), 1)
        return {
            a: (float(totals[c] - totals[d]), None)
            for (a, _), (c, d) in zip(pairs, index, strict=True)
        }
    found = bootstrap_ratio_differences(
        values, attempted, index, n_resamples=n_resamples, seed=seed
    )
    return {a: (r.mean_diff, (r.low, r.high)) for (a, _), r in zip(pairs, found, strict=True)}


# --- the table -----------------------------------------------------------------------------
def _figure(value: float) -> str:
    return f"{value:.3f}".replace("0.", ".", 1)


def _signed(value: float) -> str:
    return f"{value:+.3f}".replace("0.", ".", 1)


def _with_interval(value: float, interval: tuple[float, float] | None, signed: bool) -> str:
    show = _signed if signed else _figure
    text = show(value)
    if interval is not None:
        text += f" [{show(interval[0])}, {show(interval[1])}]"
    return text


BREAKDOWN = ("not first sense", "first sense", "unseen sense", "unseen verb")


def meets_rule(dev: float | None, heldout: float | None, max_loss: float) -> str:
    """``yes`` when a run gains on the dev set and loses at most ``max_loss`` on the held-out
    split (point estimates), ``no`` otherwise, empty without both differences."""
    if dev is None or heldout is None:
        return ""
    return "yes" if dev > 0 and heldout >= -max_loss else "no"


def choices(
    runs: Sequence[Run],
    measured: dict[str, Measured],
    diffs: dict[str, dict[str, tuple[float, tuple[float, float] | None]]],
    max_loss: float,
) -> dict[str, str]:
    """Per method with a base run and variants of it, the run chosen as its default: of the runs
    that meet the rule, the best on the dev set, a run within one dev instance of the best
    counting as tied and the tie going to the best on the held-out split; the base when none
    meets it."""
    dev, held = measured["dev"], measured["heldout"]
    step = 1 / len(dev.per.ids)
    found = {}
    labels = {run.label for run in runs}
    for method in {run.method for run in runs if run.label != run.method and run.method in labels}:
        exact = {
            run.label: (
                dev.table[run.label]["all"]["inf"]["precision"],
                held.table[run.label]["all"]["inf"]["precision"],
            )
            for run in runs
            if run.method == method
            and meets_rule(
                diffs["dev"].get(run.label, (None,))[0],
                diffs["heldout"].get(run.label, (None,))[0],
                max_loss,
            )
            == "yes"
        }
        if not exact:
            found[method] = method
            continue
        best = max(d for d, _ in exact.values())
        tied = [label for label, (d, _) in exact.items() if d >= best - step - 1e-12]
        found[method] = max(tied, key=lambda label: exact[label][1])
    return found


def table_lines(
    runs: Sequence[Run],
    measured: dict[str, Measured],
    diffs: dict[str, dict[str, tuple[float, tuple[float, float] | None]]],
    max_loss: float,
) -> list[str]:
    """The Markdown table (module docstring)."""
    header = ["run", "parameters"]
    for name, found in measured.items():
        title = TITLES.get(name, name)
        n = found.table[runs[0].label]
        header += [f"{title} all ({n['all']['n']})", f"{title} diff"]
        if name == "dev":
            header += [f"{title} {group} ({n[group]['n']})" for group in BREAKDOWN if group in n]
        else:
            header += [f"{title} {group}" for group in ("not first sense", "unseen sense")]
    header += ["rule", "train s"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    bases = {run.label: run.params for run in runs}
    for run in runs:
        base = bases.get(run.method, {}) if run.label != run.method else {}
        shown = {k: v for k, v in run.params.items() if k not in base or base[k] != v}
        cells = [run.label, ", ".join(f"`{k}={v}`" for k, v in shown.items()) or "defaults"]
        for name, found in measured.items():
            table = found.table[run.label]
            exact = table["all"]["inf"]
            cells.append(_with_interval(exact["precision"], exact["interval"], signed=False))
            diff = diffs[name].get(run.label)
            cells.append("" if diff is None else _with_interval(*diff, signed=True))
            groups = BREAKDOWN if name == "dev" else ("not first sense", "unseen sense")
            cells += [_figure(table[g]["inf"]["precision"]) for g in groups if g in table]
        dev = diffs.get("dev", {}).get(run.label)
        held = diffs.get("heldout", {}).get(run.label)
        cells.append(meets_rule(dev and dev[0], held and held[0], max_loss))
        cells.append(
            " / ".join(f"{found.times[run.label].train_s:.0f}" for found in measured.values())
        )
        lines.append("| " + " | ".join(cells) + " |")
    return lines


CSV_FIELDS = ("split", *heldout.CSV_FIELDS, "diff", "diff_low", "diff_high")


def write_csv(
    path: Path,
    runs: Sequence[Run],
    measured: dict[str, Measured],
    diffs: dict[str, dict[str, tuple[float, tuple[float, float] | None]]],
) -> None:
    """Every split, run and group with its intervals; the difference on the ``all`` rows."""
    with atomic_open(path) as f:
        writer = csv.DictWriter(f, fieldnames=CSV_FIELDS, lineterminator="\n")
        writer.writeheader()
        for name, found in measured.items():
            for record in heldout.csv_records(runs, found.table, found.times):
                record["split"] = name
                diff = diffs[name].get(record["run"]) if record["group"] == "all" else None
                if diff is not None:
                    record["diff"] = diff[0]
                    record["diff_low"], record["diff_high"] = diff[1] or (None, None)
                writer.writerow(record)


# --- the command ---------------------------------------------------------------------------
def arguments(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = heldout.run_parser(__doc__)
    parser.add_argument(
        "--dev",
        type=Path,
        default=os.environ.get("WSD_DEV"),
        help="the dev set's .data.xml, its .gold.key.txt beside it (default: $WSD_DEV)",
    )
    parser.add_argument("--corpus", help="SemCor (default: $WSD_SEMCOR)")
    parser.add_argument("--splits", nargs="+", choices=SPLITS, default=list(SPLITS))
    parser.add_argument(
        "--dev-tagger", type=Path, help="the dev set's tagger folder (default: the user cache)"
    )
    parser.add_argument(
        "--heldout-tagger", type=Path, help="the folder of the held-out split's tagger"
    )
    parser.add_argument("--work", type=Path, default=Path("results/devset"), help="caches and keys")
    parser.add_argument("--csv", type=Path, help="the table as CSV (default: WORK/devset.csv)")
    parser.add_argument("--retrain", action="store_true", help="ignore cached models and answers")
    parser.add_argument("--bootstrap", type=int, default=1000, help="resamples (0: no intervals)")
    parser.add_argument("--seed", type=int, default=0, help="bootstrap seed")
    parser.add_argument(
        "--max-loss", type=float, default=MAX_LOSS, help="held-out loss a default may cost"
    )
    return parser.parse_args(argv)


def checked_taggers(runs: Sequence[Run], folders: dict[str, Path | None]) -> None:
    """:class:`ModelError` unless each split that needs a tagger (a run with WordNet's
    examples) has one; the held-out split never uses the user cache's (it saw every file)."""
    readers = [
        run
        for run in runs
        if make_method(run.method, **run.params).get_params().get("thesaurus_examples", 0)
    ]
    if not readers:
        return
    if "heldout" in folders and folders["heldout"] is None:
        raise ModelError(
            "--heldout-tagger DIR is needed: a tagger trained on the split's training files "
            "(bench/text_pipeline.py) for WordNet's examples"
        )
    for folder in folders.values():
        with tagger_folder(folder):
            tagger_digest(make_method(readers[0].method, **readers[0].params))


def main(argv: Sequence[str] | None = None) -> int:
    args = arguments(argv)
    try:
        runs = runs_of(args) if args.method or args.run else sweep()
        if "dev" in args.splits and (args.dev is None or not args.dev.is_file()):
            raise ModelError(f"--dev {args.dev}: the dev set's .data.xml is needed (or $WSD_DEV)")
        folders = {
            name: args.dev_tagger if name == "dev" else args.heldout_tagger for name in args.splits
        }
        checked_taggers(runs, folders)
    except ModelError as exc:
        print(f"devset: {exc}", file=sys.stderr)
        return 2
    root = find_semcor(args.corpus)
    code = code_digest()
    measured: dict[str, Measured] = {}
    diffs: dict[str, dict[str, tuple[float, tuple[float, float] | None]]] = {}
    for name in args.splits:
        split = DevSet(root, args.dev) if name == "dev" else Split(root)
        with tagger_folder(folders[name]):
            measured[name] = measure_split(runs, split, args.work, code, args)
        diffs[name] = differences(
            runs, measured[name].per, n_resamples=args.bootstrap, seed=args.seed
        )
    print("\n".join(table_lines(runs, measured, diffs, args.max_loss)))
    if set(measured) == set(SPLITS):
        print()
        for method, label in sorted(choices(runs, measured, diffs, args.max_loss).items()):
            params = next(run.params for run in runs if run.label == label)
            print(f"- {method}: {label} ({', '.join(f'{k}={v}' for k, v in params.items())})")
    out = args.csv or args.work / "devset.csv"
    write_csv(out, runs, measured, diffs)
    print(f"devset: wrote {out} and the key files in {args.work / 'keys'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
