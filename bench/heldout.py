"""The held-out split (docs/results.md), measured per method: every 10th SemCor tag file by
name held out
(36 files), each run trained on the other 316 and scored on the held-out verb instances with a
gold sense, overall and per group of the breakdowns (:mod:`evaluation.unseen`, first sense).

    python bench/heldout.py                                    # the six methods, defaults
    python bench/heldout.py --method example --param thesaurus_examples=1
    python bench/heldout.py --run ex:example --run ex-k1:example:sim_k=1,sim_aggregate=max

``--method M ...`` adds a run per method (label: the method; ``--param k=v`` applies to each),
``--run LABEL:METHOD[:k=v,k=v]`` a run with parameters of its own (values as in ``wsd train
--param``: JSON when they parse).  Models are cached in ``--work`` by method, parameters,
held-out files and a digest of the toolkit's code (``--retrain`` ignores the cache); the
held-out keys go to ``WORK/keys`` (``gold.key``, ``train.key`` and a key file per run, for
``wsd score --train-keys`` and ``wsd compare``).  Printed: one table, per run and group
(all, unseen sense, unseen verb, not first sense, first sense) the instances, exact precision
and precision at alpha 0.5 with their 95 % bootstrap intervals, and each run's wall time
(train or cached load, disambiguation); ``--csv`` gets the same table (default
``WORK/heldout.csv``; ``WORK`` defaults to ``results/heldout``).  Everything runs in this
process through the library (corpus loading, the methods' registry, the scorer and the
breakdowns of ``wsd compare``).
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import math
import re
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

from evaluation.experiment import summary  # noqa: E402
from evaluation.experiment.config import EvaluationConfig  # noqa: E402
from evaluation.experiment.results import GroupRow, InstanceOutputs, InstanceResults  # noqa: E402
from evaluation.experiment.uncertainty import BootstrapSettings, total_intervals  # noqa: E402
from evaluation.report.headline import fixed  # noqa: E402
from evaluation.thesauri import Thesauri  # noqa: E402
from evaluation.unseen import key_file_unseen_groups  # noqa: E402
from evaluation.words import key_word  # noqa: E402
from thesaurus.utils.outputs import atomic_open, atomic_write_json  # noqa: E402
from wsd import Instance, ModelError  # noqa: E402
from wsd.corpus import find_semcor, load_corpus, semcor_files  # noqa: E402
from wsd.corpus.keys import write_keys  # noqa: E402
from wsd.methods import (  # noqa: E402
    METHODS,
    Disambiguator,
    load_model,
    make_method,
    parse_param,
    save_model,
)

DEFAULT_METHODS = ("hybrid", "ims", "example", "bayes", "mfs", "random")
HELD_OUT_EVERY = 10  # every 10th tag file by name, from the first
ALPHAS = (0.5, math.inf)
# the table's groups: (title, breakdown, group); ("", "") is every instance
GROUPS = (
    ("all", "", ""),
    ("unseen sense", "unseen", "unseen sense"),
    ("unseen verb", "unseen", "unseen verb"),
    ("not first sense", "first sense", "not first sense"),
    ("first sense", "first sense", "first sense"),
)
CSV_FIELDS = (
    *("run", "method", "params", "group", "n", "attempted"),
    *("exact", "exact_low", "exact_high", "alpha_0.5", "alpha_0.5_low", "alpha_0.5_high"),
    *("train_s", "trained", "cached", "disambiguate_s"),
)


@dataclass(frozen=True)
class Run:
    """One measured configuration: a report ``label``, a registered ``method`` and its
    ``params`` (config keys as ``--param`` takes them)."""

    label: str
    method: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Timed:
    """A run's answers to the test instances and its wall seconds: ``train_s`` trained the
    model (``trained``) or loaded it from the model cache; ``cached``: the answers and the
    seconds are those kept by the run that first made them."""

    answers: dict[str, str]
    train_s: float
    cached: bool
    disambiguate_s: float
    trained: bool = True


# --- the runs ------------------------------------------------------------------------------
def _params(texts: Iterable[str]) -> dict[str, Any]:
    """``["k=v", ...]`` as ``wsd train --param`` reads them."""
    return dict(parse_param(text) for text in texts)


def parse_run(text: str) -> Run:
    """``LABEL:METHOD[:k=v,k=v]`` (a value may hold commas: a new parameter starts at
    ``,name=``).

    >>> parse_run("k1:example:sim_k=1,marks=[\\"comp\\",\\"adv\\"]")
    Run(label='k1', method='example', params={'sim_k': 1, 'marks': ['comp', 'adv']})
    """
    label, _, rest = text.partition(":")
    method, _, params = rest.partition(":")
    if not label or not method:
        raise ModelError(f"--run {text!r} is not LABEL:METHOD[:k=v,k=v]")
    pieces = re.split(r",(?=[A-Za-z_][A-Za-z0-9_]*=)", params) if params else []
    return Run(label, method, _params(pieces))


def runs_of(args: argparse.Namespace) -> list[Run]:
    """The runs the options ask for (the six methods with their defaults when none is named);
    every method and parameter checked before anything is read."""
    runs = [Run(m, m, _params(args.param)) for m in args.method or ()]
    runs += [parse_run(text) for text in args.run or ()]
    if not runs:
        runs = [Run(m, m, _params(args.param)) for m in DEFAULT_METHODS]
    labels = [run.label for run in runs]
    twice = sorted({label for label in labels if labels.count(label) > 1})
    if twice:
        raise ModelError(f"run label {twice[0]!r} is given twice")
    for run in runs:
        make_method(run.method, **run.params)  # raises on a bad name or value
    return runs


# --- the split and the models --------------------------------------------------------------
def held_out_split(root: Path) -> tuple[list[str], list[str]]:
    """``(training, held-out)`` tag file names: every 10th name in sorted order is held out."""
    names = sorted(path.name for path in semcor_files(root))
    held = names[::HELD_OUT_EVERY]
    return [name for name in names if name not in set(held)], held


def code_digest() -> str:
    """A digest of the toolkit's code that trains and runs a model (``wsd``, ``thesaurus``)."""
    digest = hashlib.sha256()
    for package in ("thesaurus", "wsd"):
        for path in sorted((REPO / package).rglob("*.py")):
            digest.update(path.relative_to(REPO).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def model_path(
    work: Path,
    method: Disambiguator,
    held: Sequence[str],
    code: str,
    tagger: str | None = None,
) -> Path:
    """Where the model of ``method`` (its resolved parameters) trained without ``held`` is
    cached; ``tagger``: the digest of the tagger that read its WordNet examples, if any."""
    fields: dict[str, Any] = {"params": method.get_params(), "held_out": list(held), "code": code}
    if tagger is not None:
        fields["tagger"] = tagger
    key = json.dumps(fields, sort_keys=True, default=str)
    return (
        work / "models" / f"{method.name}-{hashlib.sha256(key.encode()).hexdigest()[:16]}.json.gz"
    )


def tagger_digest(method: Disambiguator) -> str | None:
    """The digest of the tagger file that tags WordNet's examples for ``method`` (None when it
    reads none); :class:`ModelError` when the file is missing, rather than training one."""
    if not int(getattr(method, "thesaurus_examples", 0)) or not method.verb_thesaurus.startswith(
        "wordnet"
    ):
        return None
    from wsd.text import tagger_path

    path = tagger_path()
    if not path.is_file():
        raise ModelError(
            f"no tagger at {path} for WordNet's examples: train it (`wsd data setup --tagger`) "
            "or name its folder with $WSD_TAGGER_CACHE"
        )
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def train_or_load(
    method: Disambiguator, path: Path, train: list[Instance], retrain: bool
) -> tuple[Disambiguator, float, bool]:
    """The trained model (cached at ``path``, else fitted on ``train`` and saved), the wall
    seconds and whether it came from the cache."""
    started = time.perf_counter()
    if path.exists() and not retrain:
        return load_model(path), time.perf_counter() - started, True
    method.fit(train)
    path.parent.mkdir(parents=True, exist_ok=True)
    save_model(method, path)
    return method, time.perf_counter() - started, False


class Split:
    """The split's instances, read once per context window a method needs: ``held`` are the
    tag files left out of training, ``name`` names the test instances (answer caches)."""

    name = "heldout"

    def __init__(self, root: Path) -> None:
        self.root = root
        self.train_files, self.held = held_out_split(root)
        self._read: dict[int | str, tuple[list[Instance], list[Instance]]] = {}

    def instances(self, window: int | str) -> tuple[list[Instance], list[Instance]]:
        """``(training instances, test instances)`` with ``window`` sentences of context (test
        instances with and without a gold sense)."""
        if window not in self._read:
            self._read[window] = self._load(window)
        return self._read[window]

    def _load(self, window: int | str) -> tuple[list[Instance], list[Instance]]:
        train = load_corpus(self.root, files=self.train_files, context_window=window)
        test = load_corpus(self.root, files=self.held, context_window=window, require_gold=False)
        return list(train.instances), list(test.instances)

    def keys(self) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
        """``(test gold keys, training keys)`` by instance id (the instances of any context
        window: the same ones)."""
        train, test = self.instances(next(iter(self._read), 0))
        return {i.id: i.gold for i in test if i.gold}, {i.id: i.gold for i in train}


def measure_run(run: Run, split: Split, work: Path, code: str, retrain: bool) -> Timed:
    """Train (or load) ``run``'s model and disambiguate the split's test instances; the
    answers and the wall times of the run that made them are kept beside the model, so a
    rerun reads them (``cached``)."""
    method = make_method(run.method, **run.params)
    path = model_path(work, method, split.held, code, tagger_digest(method))
    answers_path = path.with_name(path.name.removesuffix(".json.gz") + f".{split.name}.json")
    if answers_path.exists() and not retrain:
        kept = json.loads(answers_path.read_text(encoding="utf-8"))
        return Timed(
            kept["answers"], kept["train_s"], True, kept["disambiguate_s"], kept["trained"]
        )
    train, test = split.instances(method.context_window)
    model, train_s, loaded = train_or_load(method, path, train, retrain)
    started = time.perf_counter()
    predictions = model.rank(test)
    disambiguate_s = time.perf_counter() - started
    answers = {p.instance_id: p.sense for p in predictions if p.sense is not None}
    kept = {"answers": answers, "train_s": train_s, "disambiguate_s": disambiguate_s}
    atomic_write_json(answers_path, {**kept, "trained": not loaded})
    return Timed(answers, train_s, False, disambiguate_s, not loaded)


# --- the table -----------------------------------------------------------------------------
def instance_results(
    gold: dict[str, tuple[str, ...]],
    train: dict[str, tuple[str, ...]],
    answers: dict[str, dict[str, str]],
) -> InstanceResults:
    """Every run's credit per gold instance (ids sorted) at :data:`ALPHAS`, with the unseen
    groups against the ``train`` keys (as ``wsd compare --train-keys`` makes them)."""
    books = Thesauri(EvaluationConfig().thesauri)
    ids = sorted(gold)
    gold_column = tuple(gold[i] for i in ids)
    word = key_word(books)
    lemmas = tuple(word(keys[0])[0] for keys in gold_column)
    outputs = {
        label: InstanceOutputs(
            rankings=[(found[i],) if i in found else () for i in ids],
            confidence=None,
            fallbacks=[None] * len(ids),
        )
        for label, found in answers.items()
    }
    return InstanceResults(
        ids=tuple(ids),
        lemmas=lemmas,
        gold=gold_column,
        folds=np.full(len(ids), -1, dtype=np.int64),
        outputs=outputs,
        credit=summary.credit_of(outputs, gold_column, lemmas, books, ALPHAS),
        groups={"unseen": key_file_unseen_groups(gold_column, train, books)},
    )


def score_runs(
    gold: dict[str, tuple[str, ...]],
    train: dict[str, tuple[str, ...]],
    answers: dict[str, dict[str, str]],
    *,
    n_resamples: int,
    seed: int,
) -> dict[str, dict[str, dict[str, Any]]]:
    """Per run label and group title (:data:`GROUPS`): ``n``, ``attempted`` and, per alpha
    label, ``precision`` with its ``interval`` (``None`` without resamples)."""
    per = instance_results(gold, train, answers)
    return group_table(per, list(answers), n_resamples=n_resamples, seed=seed)


def group_table(
    per: InstanceResults, labels: Sequence[str], *, n_resamples: int, seed: int
) -> dict[str, dict[str, dict[str, Any]]]:
    """:func:`score_runs`' table of the runs ``labels`` of ``per``."""
    books = Thesauri(EvaluationConfig().thesauri)
    ids = per.ids
    bootstrap: BootstrapSettings = {"n_resamples": n_resamples, "seed": seed, "confidence": 0.95}
    found = summary.breakdowns(per, labels, books, **bootstrap)
    rows = {(b.name, row.group): row for b in found for row in b.rows}
    table: dict[str, dict[str, dict[str, Any]]] = {label: {} for label in labels}
    rows[("", "")] = GroupRow(
        group="all",
        n=len(ids),
        scores={label: per.credit[label].scores() for label in labels},
        intervals=total_intervals(per.credit, labels, **bootstrap),
    )
    for title, breakdown, group in GROUPS:
        if (breakdown, group) not in rows:
            continue  # no instance in the group
        row = rows[(breakdown, group)]
        n, scores, intervals = row.n, row.scores, row.intervals
        for label in labels:
            cells: dict[str, Any] = {"n": n, "attempted": scores[label]["inf"].attempted}
            for alpha in ("inf", "0.5"):
                interval = None if intervals is None else intervals.total[label][alpha].precision
                cells[alpha] = {"precision": scores[label][alpha].precision, "interval": interval}
            table[label][title] = cells
    return table


def _cell(cell: dict[str, Any]) -> str:
    text = fixed(cell["precision"])
    if cell["interval"] is not None:
        low, high = cell["interval"]
        text += f" [{low:.3f}, {high:.3f}]"
    return text


def table_lines(runs: Sequence[Run], table: dict[str, Any], times: dict[str, Timed]) -> list[str]:
    """The printed table: a row per run and group."""
    header = ["run", "group", "n", "attempted", "exact [95 %]", "alpha 0.5 [95 %]"]
    rows = [header]
    for run in runs:
        for title, cells in table[run.label].items():
            rows.append(
                [run.label, title, f"{cells['n']:,}", f"{cells['attempted']:,}"]
                + [_cell(cells["inf"]), _cell(cells["0.5"])]
            )
    widths = [max(len(row[c]) for row in rows) for c in range(len(header))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) for row in rows]
    lines.append("")
    for run in runs:
        t = times[run.label]
        how = "trained" if t.trained else "loaded from the cache"
        when = " (answers from the cache: the times of the run that made them)" * t.cached
        lines.append(
            f"{run.label}: {run.method} {json.dumps(run.params)}; model {how} in "
            f"{t.train_s:.1f} s, disambiguated in {t.disambiguate_s:.1f} s{when}"
        )
    return lines


def csv_records(
    runs: Sequence[Run], table: dict[str, Any], times: dict[str, Timed]
) -> Iterator[dict[str, Any]]:
    """The table's CSV rows, one per run and group (:data:`CSV_FIELDS`)."""
    for run in runs:
        t = times[run.label]
        for title, cells in table[run.label].items():
            record: dict[str, Any] = {
                "run": run.label,
                "method": run.method,
                "params": json.dumps(run.params, sort_keys=True),
                "group": title,
                "n": cells["n"],
                "attempted": cells["attempted"],
                "train_s": round(t.train_s, 2),
                "trained": t.trained,
                "cached": t.cached,
                "disambiguate_s": round(t.disambiguate_s, 2),
            }
            for alpha, name in (("inf", "exact"), ("0.5", "alpha_0.5")):
                low, high = cells[alpha]["interval"] or (None, None)
                record[name] = cells[alpha]["precision"]
                record[f"{name}_low"], record[f"{name}_high"] = low, high
            yield record


def write_csv(
    path: Path, runs: Sequence[Run], table: dict[str, Any], times: dict[str, Timed]
) -> None:
    """The table as CSV, one row per run and group (:data:`CSV_FIELDS`)."""
    with atomic_open(path) as f:
        writer = csv.DictWriter(f, fieldnames=CSV_FIELDS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(csv_records(runs, table, times))


# --- the command ---------------------------------------------------------------------------
def run_parser(doc: str) -> argparse.ArgumentParser:
    """A parser described by ``doc``'s first paragraph, with the options that name the runs
    (``--method``, ``--param``, ``--run``: :func:`runs_of`)."""
    parser = argparse.ArgumentParser(
        description=doc.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--method", nargs="+", choices=sorted(METHODS), help="runs of these methods"
    )
    parser.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="K=V",
        help="a parameter of every --method run",
    )
    parser.add_argument(
        "--run", action="append", metavar="LABEL:METHOD[:K=V,K=V]", help="a run of its own"
    )
    return parser


def arguments(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = run_parser(__doc__)
    parser.add_argument("--corpus", help="SemCor (default: $WSD_SEMCOR)")
    parser.add_argument(
        "--work",
        default="results/heldout",
        help="model cache and key files (default results/heldout)",
    )
    parser.add_argument("--csv", help="the table as CSV (default: WORK/heldout.csv)")
    parser.add_argument("--retrain", action="store_true", help="ignore cached models")
    parser.add_argument("--bootstrap", type=int, default=1000, help="resamples (0: no intervals)")
    parser.add_argument("--seed", type=int, default=0, help="bootstrap seed")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = arguments(argv)
    try:
        runs = runs_of(args)
    except ModelError as exc:
        print(f"heldout: {exc}", file=sys.stderr)
        return 2
    work = Path(args.work)
    split = Split(find_semcor(args.corpus))
    code = code_digest()
    times: dict[str, Timed] = {}
    for run in runs:
        started = time.perf_counter()
        times[run.label] = measure_run(run, split, work, code, args.retrain)
        print(
            f"heldout: {run.label} done in {time.perf_counter() - started:.1f} s", file=sys.stderr
        )
    gold, train_keys = split.keys()
    keys = work / "keys"
    keys.mkdir(parents=True, exist_ok=True)
    write_keys(keys / "gold.key", gold)
    write_keys(keys / "train.key", train_keys)
    for label, timed in times.items():
        write_keys(keys / f"{label}.key", {i: (s,) for i, s in timed.answers.items()})
    table = score_runs(
        gold,
        train_keys,
        {label: timed.answers for label, timed in times.items()},
        n_resamples=args.bootstrap,
        seed=args.seed,
    )
    print("\n".join(table_lines(runs, table, times)))
    out = Path(args.csv) if args.csv else work / "heldout.csv"
    write_csv(out, runs, table, times)
    print(f"heldout: wrote {out} and the key files in {keys}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
