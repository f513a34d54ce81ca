"""Cross-validated comparison of disambiguators, driven by an :class:`ExperimentConfig`.

Protocol (Fujii et al.'s Table 1 and Figs. 4-6, plus Senseval-style extras):

1. The corpus is loaded once (only the needed verbs, case frames on) and grouped per verb
   lemma; an instance's training label is its first gold key.
2. Folds are made per verb, once, and shared by every method (paired comparison).  With
   ``stratified = true`` the strata are the senses with at least ``folds`` instances; rarer
   senses are pooled into one stratum (merged into the largest sense when even the pool is
   smaller than ``folds``), so :class:`~sklearn.model_selection.StratifiedKFold` never sees a
   class it cannot spread.  A verb with no sense of ``folds`` instances falls back to a
   shuffled :class:`~sklearn.model_selection.KFold`.  Both use ``random_state = seed``.
3. For every (verb, fold) a fresh clone of every method is fitted on the training fold only
   (CCD, MFS counts, Bayes statistics never see the test fold) and ranks the test fold.
   Learning-curve methods are also fitted on the first ``fraction`` of a seeded permutation of
   the training fold (nested subsets) and evaluated on the whole test fold.
4. Measures (:mod:`evaluation.measures`): graded credit of the top answer at every alpha,
   Senseval precision/recall/coverage/F1 (abstentions lower recall, not precision), top-k
   recall/precision, the applicability curve at ``applicability_alpha``; per verb and in total
   (micro-average: every instance weighs the same).  Between every pair of compared methods:
   a paired bootstrap of the difference of precisions at each alpha (all cells share each
   resample) and McNemar's test on exact match over the instances both attempted, p-values
   Holm-adjusted over each family (:mod:`evaluation.significance`).
5. Bounds: random and MFS are always evaluated as lower bounds; an upper bound comes from
   inter-annotator agreement when ``[bounds] agreement_keys`` names two key files
   (:func:`evaluation.bounds.agreement_upper_bound`, computed before any training).

Each verb is one joblib job (its folds, learning curve included, run in one worker, so its
instances are shipped once; the largest verbs start first).  Every job is deterministic and
results are assembled in a fixed order, so they are identical for any ``n_jobs``.
"""

from __future__ import annotations

import math
import platform
import subprocess
import sys
import time
import zlib
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np
from joblib import Parallel, delayed
from sklearn.base import clone
from sklearn.model_selection import KFold, StratifiedKFold
from tqdm import tqdm

import thesaurus
from wsd.types import Instance

from ._exceptions import ConfigError
from .config import ExperimentConfig, check_value
from .measures import (
    Credit,
    applicability_curve,
    format_alpha,
    graded_credit,
    senseval_scores,
    top_k,
)
from .significance import bootstrap_ratio_differences, holm, mcnemar

__all__ = [
    "CURVE_POINTS",
    "Dataset",
    "ExperimentResult",
    "InstanceOutputs",
    "load_dataset",
    "make_folds",
    "run_experiment",
    "select_verbs",
]

# Applicability curves are stored with at most this many points (evenly spread over the
# sorted thresholds, always keeping the first and last); the AURC uses the full curve.
CURVE_POINTS = 201


@dataclass(frozen=True)
class Dataset:
    """The instances to evaluate, per verb lemma (sorted), with the corpus's bookkeeping."""

    by_verb: dict[str, list[Instance]]
    source: str = ""
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def n_instances(self) -> int:
        return sum(len(v) for v in self.by_verb.values())


def select_verbs(
    config: ExperimentConfig,
    instances: Sequence[Instance],
    *,
    source: str = "",
    stats: dict[str, Any] | None = None,
) -> Dataset:
    """Group gold-annotated instances per verb and apply the config's verb list and filters.

    Raises :class:`ConfigError` when a listed verb is absent or fails a filter, when no verb is
    left, or when a verb has fewer instances than folds.
    """
    groups: dict[str, list[Instance]] = {}
    for instance in instances:
        if instance.gold:
            groups.setdefault(instance.lemma, []).append(instance)
    cfg = config.corpus
    where = f"{config.source}"
    if cfg.verbs:
        for verb in cfg.verbs:
            check_value(
                verb in groups, where, "corpus.verbs", verb, f"has no gold instances in {source}"
            )
        candidates = list(cfg.verbs)
    else:
        candidates = sorted(groups)
    chosen: dict[str, list[Instance]] = {}
    for verb in sorted(candidates):
        found = groups[verb]
        observed = len({inst.gold[0] for inst in found})
        passes = len(found) >= cfg.min_instances and observed >= cfg.min_senses
        if cfg.verbs:
            check_value(
                passes,
                where,
                "corpus.verbs",
                verb,
                f"has {len(found)} instances and {observed} observed senses, below "
                f"min_instances = {cfg.min_instances} / min_senses = {cfg.min_senses}",
            )
        if passes:
            chosen[verb] = found
    if not chosen:
        raise ConfigError(f"{where}: no verb in {source} passes the [corpus] filters")
    for verb, found in chosen.items():
        check_value(
            len(found) >= config.cv.folds,
            where,
            "cv.folds",
            config.cv.folds,
            f"verb {verb!r} has only {len(found)} instances",
        )
    return Dataset(by_verb=chosen, source=source, stats=dict(stats or {}))


def load_dataset(config: ExperimentConfig, corpus_path: str | None = None) -> Dataset:
    """Load the configured corpus once (only the listed verbs, frames on) and select verbs."""
    from wsd.corpus import DOCUMENT, find_semcor, load_corpus

    path = corpus_path or config.corpus.path or None
    root: str | Path
    if config.corpus.format in {"auto", "semcor"}:
        root = find_semcor(path)
    elif path is None:
        raise ConfigError(
            f"{config.source}: corpus.path is required for format {config.corpus.format!r}"
        )
    else:
        root = path
    needs = {spec.build().context_window for spec in config.methods}
    sentences = [n for n in needs if isinstance(n, int)]
    corpus = load_corpus(
        root,
        config.corpus.format,
        verbs=list(config.corpus.verbs) or None,
        frames=True,
        require_gold=True,
        context_window=DOCUMENT if DOCUMENT in needs else max(sentences, default=0),
    )
    stats = corpus.stats.as_dict()
    stats["skipped"] = dict(corpus.stats.skipped)
    return select_verbs(config, corpus.instances, source=str(corpus.source), stats=stats)


def make_folds(labels: Sequence[str], folds: int, seed: int, stratified: bool = True) -> np.ndarray:
    """The fold number (``0..folds-1``) of each instance, see the module docstring for strata.

    >>> make_folds(["a"] * 4 + ["b"] * 4, 2, seed=0).tolist().count(0)
    4
    """
    n = len(labels)
    if folds > n:
        raise ConfigError(f"cannot make {folds} folds from {n} instances")
    strata = _strata(labels, folds) if stratified else None
    if strata is None:
        splitter: KFold | StratifiedKFold = KFold(folds, shuffle=True, random_state=seed)
        splits = splitter.split(np.zeros(n))
    else:
        splitter = StratifiedKFold(folds, shuffle=True, random_state=seed)
        splits = splitter.split(np.zeros(n), strata)
    assignment = np.empty(n, dtype=np.int64)
    for fold, (_, test) in enumerate(splits):
        assignment[test] = fold
    return assignment


def _strata(labels: Sequence[str], folds: int) -> list[str] | None:
    counts = Counter(labels)
    frequent = [label for label, count in counts.items() if count >= folds]
    if not frequent:
        return None
    rare = sum(count for label, count in counts.items() if count < folds)
    pool = "\x00rare"
    if 0 < rare < folds:  # too small to spread: ride with the largest sense
        pool = max(frequent, key=lambda label: (counts[label], label))
    return [label if counts[label] >= folds else pool for label in labels]


# --- per-task work -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Task:
    verb: str
    fold: int
    instances: list[Instance]  # the verb's instances (shared by the verb's tasks)
    test: np.ndarray  # bool mask
    curve_order: np.ndarray  # the training instances' indices in a seeded random order


@dataclass(frozen=True)
class InstanceOutputs:
    """One method's outputs over all evaluated instances, in the experiment's order."""

    rankings: list[tuple[str, ...]]  # best first, cut at max(top_k, 1)
    confidence: np.ndarray
    fallbacks: list[str | None]


def _fit_rank(method: Any, train: list[Instance], test: list[Instance], keep: int) -> list[Any]:
    fitted = clone(method).fit(train)
    return [(p.top(keep), float(p.confidence), p.fallback) for p in fitted.rank(test)]


def _run_task(
    task: _Task,
    methods: dict[str, Any],
    curve_methods: tuple[str, ...],
    fractions: tuple[float, ...],
    keep: int,
) -> tuple[str, int, dict[str, list[Any]], dict[tuple[str, float], list[str | None]], int]:
    """Fit every method on the task's training fold and rank its test fold."""
    instances = task.instances
    train_idx = np.flatnonzero(~task.test)
    test = [instances[i] for i in np.flatnonzero(task.test)]
    train = [instances[i] for i in train_idx]
    outputs = {label: _fit_rank(method, train, test, keep) for label, method in methods.items()}
    curve: dict[tuple[str, float], list[str | None]] = {}
    for fraction in fractions:
        size = max(1, math.ceil(fraction * len(train_idx)))
        subset = [instances[i] for i in np.sort(task.curve_order[:size])]
        for label in curve_methods:
            # the whole training fold is the main run's training set: reuse its answers
            ranked = (
                outputs[label]
                if size == len(train_idx)
                else _fit_rank(methods[label], subset, test, 1)
            )
            curve[(label, fraction)] = [r[0][0] if r[0] else None for r in ranked]
    return task.verb, task.fold, outputs, curve, len(train_idx)


def _run_verb(
    tasks: list[_Task],
    methods: dict[str, Any],
    curve_methods: tuple[str, ...],
    fractions: tuple[float, ...],
    keep: int,
) -> list[tuple[str, int, dict[str, list[Any]], dict[tuple[str, float], list[str | None]], int]]:
    """Every fold of one verb: a worker receives the verb's instances once, not per fold.
    Memos of the verb's instances (shared by its folds' clones) are dropped afterwards, so a
    worker's memory does not grow with every verb it has seen."""
    from wsd.methods import forget_instances

    try:
        return [_run_task(task, methods, curve_methods, fractions, keep) for task in tasks]
    finally:
        forget_instances()


def _tasks(config: ExperimentConfig, dataset: Dataset) -> Iterator[_Task]:
    for verb, instances in dataset.by_verb.items():
        labels = [inst.gold[0] for inst in instances]
        folds = make_folds(labels, config.cv.folds, config.seed, config.cv.stratified)
        for fold in range(config.cv.folds):
            test = folds == fold
            rng = np.random.default_rng([config.seed, zlib.crc32(verb.encode()), fold])
            train = np.flatnonzero(~test)
            yield _Task(verb, fold, instances, test, train[rng.permutation(len(train))])


# --- the experiment ----------------------------------------------------------------------


@dataclass
class ExperimentResult:
    """Everything a report needs, JSON-safe except ``outputs``/``credit`` (per-instance data).

    ``data`` holds: ``config``, ``versions``, ``corpus``, ``methods``, ``alphas``, ``verbs``
    (per-verb rows), ``total``, ``top_k``, ``applicability``, ``learning_curve``,
    ``significance``, ``bounds``, ``fallbacks``, ``credit_issues``, ``sweep``, ``folds``,
    ``timing``.  A row's ``scores[label][alpha]`` holds ``precision``, ``recall``,
    ``coverage``, ``f1``, ``n``, ``attempted``.
    """

    data: dict[str, Any]
    outputs: dict[str, InstanceOutputs]
    credit: dict[str, Credit]
    fold_of: dict[str, np.ndarray]


def run_experiment(
    config: ExperimentConfig,
    dataset: Dataset | None = None,
    *,
    corpus_path: str | None = None,
    n_jobs: int | None = None,
    progress: bool = False,
) -> ExperimentResult:
    """Run the configured cross-validation and compute every measure.

    ``dataset`` defaults to :func:`load_dataset` (the configured corpus, or ``corpus_path``).
    ``n_jobs`` overrides ``[cv] n_jobs``.
    """
    started = time.perf_counter()
    if dataset is None:
        dataset = load_dataset(config, corpus_path)
    loaded = time.perf_counter()
    ev = config.evaluation
    methods = {spec.label: spec.build() for spec in config.methods}
    verbs = thesaurus.load(ev.thesaurus)
    keep = max(ev.top_k, 1)
    upper = _upper_bound(config, dataset, verbs)
    tasks = list(_tasks(config, dataset))
    jobs = config.cv.n_jobs if n_jobs is None else n_jobs
    # One job per verb, largest first so that the long ones start early.
    by_verb: dict[str, list[_Task]] = {}
    for task in tasks:
        by_verb.setdefault(task.verb, []).append(task)
    verb_order = sorted(by_verb, key=lambda v: (-len(dataset.by_verb[v]), v))
    runner = Parallel(n_jobs=jobs, return_as="generator_unordered", batch_size=1)
    results = runner(
        delayed(_run_verb)(
            by_verb[verb], methods, ev.learning_curve_methods, ev.learning_curve, keep
        )
        for verb in verb_order
    )
    by_task = {}
    with tqdm(
        total=len(tasks), desc=f"{config.name}: folds", disable=not progress, file=sys.stderr
    ) as bar:
        for verb_results in results:
            for verb, fold, outputs, curve, task_n_train in verb_results:
                by_task[(verb, fold)] = (outputs, curve, task_n_train)
            bar.update(len(verb_results))
    trained = time.perf_counter()

    # Assemble per-instance outputs in a fixed order: verbs sorted, corpus order within a verb.
    order: list[Instance] = []
    fold_of: dict[str, np.ndarray] = {}
    raw: dict[str, list[Any]] = {label: [] for label in methods}
    curve_answers: dict[tuple[str, float], list[str | None]] = {}
    n_train: dict[float, list[int]] = {f: [] for f in ev.learning_curve}
    for task in tasks:
        outputs, curve, size = by_task[(task.verb, task.fold)]
        test_positions = np.flatnonzero(task.test)
        order.extend(task.instances[i] for i in test_positions)
        fold_of.setdefault(task.verb, np.empty(len(task.instances), dtype=np.int64))[
            test_positions
        ] = task.fold
        for label, rows in outputs.items():
            raw[label].extend(rows)
        for key, answers in curve.items():
            curve_answers.setdefault(key, []).extend(answers)
        for fraction in ev.learning_curve:
            n_train[fraction].append(max(1, math.ceil(fraction * size)))
    outputs = {
        label: InstanceOutputs(
            rankings=[r[0] for r in rows],
            confidence=np.array([r[1] for r in rows], dtype=float),
            fallbacks=[r[2] for r in rows],
        )
        for label, rows in raw.items()
    }
    gold = [inst.gold for inst in order]
    lemmas = [inst.lemma for inst in order]
    credit = {
        label: graded_credit([r[:1] for r in out.rankings], gold, lemmas, verbs, ev.alphas)
        for label, out in outputs.items()
    }
    data = _summarise(config, dataset, verbs, order, outputs, credit, curve_answers, n_train, upper)
    measured = time.perf_counter()
    data["timing"] = {
        "load_s": round(loaded - started, 3),
        "cross_validation_s": round(trained - loaded, 3),
        "measures_s": round(measured - trained, 3),
        "total_s": round(measured - started, 3),
        "n_jobs": jobs,
        "tasks": len(tasks),
    }
    data["versions"] = _versions(verbs, methods)
    return ExperimentResult(data=data, outputs=outputs, credit=credit, fold_of=fold_of)


def _scores(credit: Credit, rows: np.ndarray | slice) -> dict[str, dict[str, float]]:
    out = {}
    for j, alpha in enumerate(credit.alphas):
        out[format_alpha(alpha)] = senseval_scores(
            credit.values[rows, j], credit.attempted[rows]
        ).as_dict()
    return out


def _summarise(
    config: ExperimentConfig,
    dataset: Dataset,
    verbs: Any,
    order: list[Instance],
    outputs: dict[str, InstanceOutputs],
    credit: dict[str, Credit],
    curve_answers: dict[tuple[str, float], list[str | None]],
    n_train: dict[float, list[int]],
    upper: dict[str, Any],
) -> dict[str, Any]:
    ev = config.evaluation
    compared = [spec.label for spec in config.compared]
    lemmas = np.array([inst.lemma for inst in order], dtype=object)
    gold = [inst.gold for inst in order]
    rows: list[dict[str, Any]] = []
    for verb in dataset.by_verb:
        mask = lemmas == verb
        senses = verbs.senses(verb) if verbs.has_word(verb) else ()
        rows.append(
            {
                "verb": verb,
                "n": int(mask.sum()),
                "senses_inventory": len(senses),
                "senses_observed": len({inst.gold[0] for inst in dataset.by_verb[verb]}),
                "maxlen": verbs.maxlen(verb) if verbs.has_word(verb) else None,
                "scores": {label: _scores(credit[label], mask) for label in compared},
            }
        )
    everything = slice(None)
    total = {
        "verb": "total",
        "n": len(order),
        "senses_inventory": sum(r["senses_inventory"] for r in rows),
        "senses_observed": sum(r["senses_observed"] for r in rows),
        "scores": {label: _scores(credit[label], everything) for label in compared},
    }
    alpha_j = (
        ev.alphas.index(ev.applicability_alpha) if ev.applicability_alpha in ev.alphas else None
    )
    ks = list(range(1, ev.top_k + 1))
    data: dict[str, Any] = {
        "config": config.resolved(),
        "seed": config.seed,
        "corpus": {"source": dataset.source, "n_instances": len(order), **dataset.stats},
        "methods": [spec.as_dict() for spec in config.methods],
        "alphas": [format_alpha(a) for a in ev.alphas],
        "verbs": rows,
        "total": total,
        "top_k": {
            label: [
                {"k": k, "recall": r, "precision": p}
                for k, (r, p) in top_k(outputs[label].rankings, gold, ks).items()
            ]
            for label in compared
        },
        "applicability": {
            label: _curve(config, verbs, order, outputs[label], credit[label], alpha_j)
            for label in compared
        },
        "learning_curve": _learning_curve(config, verbs, order, curve_answers, n_train),
        "significance": _significance(config, compared, credit),
        "bounds": {
            "lower": [spec.label for spec in config.compared if spec.method in {"mfs", "random"}],
            "upper": upper,
        },
        "fallbacks": {
            label: dict(sorted(Counter(f for f in out.fallbacks if f).items()))
            for label, out in outputs.items()
        },
        "credit_issues": {label: dict(sorted(c.issues.items())) for label, c in credit.items()},
        "sweep": [
            {
                "label": spec.label,
                "method": spec.method,
                "params": spec.as_dict()["params"],
                "scores": _scores(credit[spec.label], everything),
                # lambda changes only the confidence: the applicability curve shows it
                "aurc": _curve(
                    config, verbs, order, outputs[spec.label], credit[spec.label], alpha_j
                )["aurc"],
                "fallbacks": sum(1 for f in outputs[spec.label].fallbacks if f),
            }
            for spec in config.methods
            if spec.role == "sweep"
        ],
    }
    return data


def _curve(
    config: ExperimentConfig,
    verbs: Any,
    order: list[Instance],
    out: InstanceOutputs,
    credit: Credit,
    alpha_j: int | None,
) -> dict[str, Any]:
    alpha = config.evaluation.applicability_alpha
    if alpha_j is None:  # the curve's alpha is not among the table's: score it separately
        extra = graded_credit(
            [r[:1] for r in out.rankings],
            [i.gold for i in order],
            [i.lemma for i in order],
            verbs,
            (alpha,),
        )
        column, attempted = extra.values[:, 0], extra.attempted
    else:
        column, attempted = credit.values[:, alpha_j], credit.attempted
    curve = applicability_curve(out.confidence, column, attempted)
    n = len(curve.thresholds)
    keep: list[int] = (
        np.unique(np.linspace(0, n - 1, min(n, CURVE_POINTS)).round().astype(int)).tolist()
        if n
        else []
    )
    return {
        "alpha": format_alpha(alpha),
        "aurc": float(curve.aurc),
        "points": int(n),
        "threshold": [float(curve.thresholds[i]) for i in keep],
        "applicability": [float(curve.applicability[i]) for i in keep],
        "acceptability": [float(curve.acceptability[i]) for i in keep],
    }


def _learning_curve(
    config: ExperimentConfig,
    verbs: Any,
    order: list[Instance],
    answers: dict[tuple[str, float], list[str | None]],
    n_train: dict[float, list[int]],
) -> dict[str, list[dict[str, Any]]]:
    ev = config.evaluation
    gold = [inst.gold for inst in order]
    lemmas = [inst.lemma for inst in order]
    out: dict[str, list[dict[str, Any]]] = {}
    for label in ev.learning_curve_methods:
        points = []
        for fraction in ev.learning_curve:
            top = [(a,) if a else () for a in answers[(label, fraction)]]
            credit = graded_credit(top, gold, lemmas, verbs, ev.alphas)
            points.append(
                {
                    "fraction": fraction,
                    "train_instances": int(sum(n_train[fraction])),
                    "scores": _scores(credit, slice(None)),
                }
            )
        out[label] = points
    return out


def _significance(
    config: ExperimentConfig, compared: list[str], credit: dict[str, Credit]
) -> list[dict[str, Any]]:
    """Every pair of compared methods: a paired bootstrap of the difference of precisions
    (Table 1's cells) at each alpha, all cells sharing each resample, and McNemar's test on
    exact match over the instances both methods attempted.  ``p_holm`` adjusts each family
    (all bootstrap tests of the table; all McNemar tests) for multiple comparisons (Holm);
    ``significant`` means ``p_holm < 1 - confidence``."""
    ev = config.evaluation
    level = 1.0 - ev.confidence
    pairs = list(combinations(compared, 2))
    tests: list[dict[str, Any]] = [
        {"a": a, "b": b, "bootstrap": {}, "mcnemar": None} for a, b in pairs
    ]
    if ev.bootstrap and pairs:
        cells = {
            (m, j): c
            for c, (m, j) in enumerate((m, j) for m in compared for j in range(len(ev.alphas)))
        }
        num = np.column_stack([credit[m].values[:, j] * credit[m].attempted for (m, j) in cells])
        den = np.column_stack([credit[m].attempted.astype(float) for (m, _) in cells])
        wanted = [(a, b, j) for a, b in pairs for j in range(len(ev.alphas))]
        results = bootstrap_ratio_differences(
            num,
            den,
            [(cells[(a, j)], cells[(b, j)]) for a, b, j in wanted],
            n_resamples=ev.bootstrap,
            seed=config.seed,
            confidence=ev.confidence,
        )
        adjusted = holm([r.p_value for r in results])
        for (a, b, j), result, p_holm in zip(wanted, results, adjusted, strict=True):
            entry = _plain(result)
            entry.update(p_holm=float(p_holm), significant=bool(p_holm < level))
            tests[pairs.index((a, b))]["bootstrap"][format_alpha(ev.alphas[j])] = entry
    if math.inf in ev.alphas:
        exact = ev.alphas.index(math.inf)
        found = []
        for test, (a, b) in zip(tests, pairs, strict=True):
            both = credit[a].attempted & credit[b].attempted
            test_result = mcnemar(
                credit[a].values[both, exact] >= 1.0, credit[b].values[both, exact] >= 1.0
            )
            test["mcnemar"] = {**_plain(test_result), "n": int(both.sum())}
            found.append(test_result.p_value)
        for test, p_holm in zip(tests, holm(found) if found else [], strict=True):
            test["mcnemar"].update(p_holm=float(p_holm), significant=bool(p_holm < level))
    return tests


def _upper_bound(config: ExperimentConfig, dataset: Dataset, verbs: Any) -> dict[str, Any]:
    """Inter-annotator agreement between the two ``[bounds] agreement_keys`` files over the
    evaluated instances (:func:`evaluation.bounds.agreement_upper_bound`), computed before
    any training so that a bad file fails early."""
    if not config.agreement_keys:
        return {"available": False, "note": "n/a (no multiply-annotated data)"}
    from ._exceptions import AgreementError
    from .bounds import agreement_upper_bound

    try:
        return agreement_upper_bound(
            config.agreement_keys,
            instances=[inst.id for group in dataset.by_verb.values() for inst in group],
            lemmas=list(dataset.by_verb),
            verb_thesaurus=verbs,
            alphas=config.evaluation.alphas,
            instance_lemma={
                inst.id: verb for verb, group in dataset.by_verb.items() for inst in group
            },
        )
    except AgreementError as exc:
        raise ConfigError(f"{config.source}: bounds.agreement_keys: {exc}") from exc


def _plain(result: Any) -> dict[str, Any]:
    """A frozen result dataclass as JSON-safe plain values."""
    out = {}
    for name in result.__dataclass_fields__:
        value = getattr(result, name)
        if isinstance(value, (np.floating, float)):
            value = float(value)
            value = "inf" if math.isinf(value) else value
        elif isinstance(value, (np.integer,)):
            value = int(value)
        elif isinstance(value, np.bool_):
            value = bool(value)
        out[name] = value
    return out


def _package_version(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return "unknown"


def _git_commit() -> str:
    """The commit of the source tree the toolkit runs from ("unknown" outside a checkout)."""
    try:
        done = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=Path(__file__).resolve().parent,
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return done.stdout.strip() if done.returncode == 0 else "unknown"


def _versions(verbs: Any, methods: dict[str, Any]) -> dict[str, Any]:
    resources: dict[str, dict[str, str]] = {}
    for method in methods.values():
        for param, value in method.get_params().items():
            if param.endswith("_thesaurus") and isinstance(value, str) and value not in resources:
                loaded = thesaurus.load(value)
                resources[value] = {"name": loaded.name, "version": str(loaded.version)}
    return {
        "toolkit": _package_version("verb-wsd"),
        "git_commit": _git_commit(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "scikit-learn": _package_version("scikit-learn"),
        "nltk": _package_version("nltk"),
        "joblib": _package_version("joblib"),
        "thesaurus": {"name": verbs.name, "version": str(verbs.version)},
        "resources": resources,
    }
