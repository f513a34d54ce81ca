"""The cross-validation work: every (verb, fold) fits a fresh clone of every method on the
training fold only (CCD, MFS counts, Bayes statistics never see the test fold) and ranks the
test fold; learning-curve methods are also fitted on the first ``fraction`` of a seeded
permutation of the training fold (nested subsets) and ranked on the whole test fold.

Each verb is one joblib job (its folds run in one worker, so its instances are shipped once;
the largest verbs start first).  The job's clones share one :class:`~wsd.methods.RunCache`
(noun lookups, Bayes features of the verb's instances), dropped when the job ends, so a
worker's memory does not grow with every verb it has seen.  Every job is deterministic and
:func:`cross_validate` assembles the outputs in a fixed order (verbs as in the dataset, corpus
order within a verb), so results are identical for any ``n_jobs``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from joblib import Parallel, delayed
from sklearn.base import clone

from wsd.methods import RunCache
from wsd.types import Instance

from .config import ExperimentConfig
from .dataset import Dataset
from .folds import FoldTask, fold_tasks
from .results import InstanceOutputs

__all__ = ["CrossValidation", "FoldRun", "cross_validate", "run_fold"]

CurveKey = tuple[str, float]  # (method label, training fraction)


@dataclass(frozen=True)
class FoldRun:
    """What one (verb, fold) produced: every method's outputs on the test fold (test
    instances in corpus order) and, per learning-curve point, each test instance's top sense
    (``None`` when abstained)."""

    verb: str
    fold: int
    outputs: Mapping[str, InstanceOutputs]
    curve: Mapping[CurveKey, tuple[str | None, ...]]


@dataclass(frozen=True)
class CrossValidation:
    """Every fold's outputs assembled over the evaluated instances, in the experiment's
    order: ``instances``, the fold each was tested in (``folds``), each method's ``outputs``,
    the learning-curve answers, the training-set size of each learning-curve fraction summed
    over the tasks (``train_instances``), each verb's fold assignment and the number of
    tasks."""

    instances: tuple[Instance, ...]
    folds: np.ndarray
    outputs: Mapping[str, InstanceOutputs]
    curve: Mapping[CurveKey, list[str | None]]
    train_instances: Mapping[float, int]
    fold_of: Mapping[str, np.ndarray]
    tasks: int


def _fit_rank(
    method: Any, train: list[Instance], test: list[Instance], keep: int, cache: RunCache
) -> InstanceOutputs:
    predictions = clone(method).set_cache(cache).fit(train).rank(test)
    return InstanceOutputs(
        rankings=[p.top(keep) for p in predictions],
        confidence=np.array([float(p.confidence) for p in predictions], dtype=float),
        fallbacks=[p.fallback for p in predictions],
    )


def _curve_size(fraction: float, n_train: int) -> int:
    return max(1, math.ceil(fraction * n_train))


def run_fold(
    task: FoldTask,
    methods: Mapping[str, Any],
    curve_methods: Sequence[str],
    fractions: Sequence[float],
    keep: int,
    cache: RunCache | None = None,
) -> FoldRun:
    """Fit every method on the task's training fold and rank its test fold; the same for the
    learning-curve methods on each fraction of the training fold.  The fitted clones use
    ``cache`` (a new one by default)."""
    cache = RunCache() if cache is None else cache
    instances = task.instances
    train_idx = np.flatnonzero(~task.test)
    test = [instances[i] for i in np.flatnonzero(task.test)]
    train = [instances[i] for i in train_idx]
    outputs = {
        label: _fit_rank(method, train, test, keep, cache) for label, method in methods.items()
    }
    curve: dict[CurveKey, tuple[str | None, ...]] = {}
    for fraction in fractions:
        size = _curve_size(fraction, len(train_idx))
        subset = [instances[i] for i in np.sort(task.curve_order[:size])]
        for label in curve_methods:
            # the whole training fold is the main run's training set: reuse its answers
            ranked = (
                outputs[label]
                if size == len(train_idx)
                else _fit_rank(methods[label], subset, test, 1, cache)
            )
            curve[(label, fraction)] = tuple(r[0] if r else None for r in ranked.rankings)
    return FoldRun(task.verb, task.fold, outputs, curve)


def _run_verb(
    tasks: list[FoldTask],
    methods: Mapping[str, Any],
    curve_methods: Sequence[str],
    fractions: Sequence[float],
    keep: int,
) -> list[FoldRun]:
    """Every fold of one verb, its clones sharing one cache: a worker receives the verb's
    instances once, not per fold."""
    cache = RunCache()
    return [run_fold(task, methods, curve_methods, fractions, keep, cache) for task in tasks]


def cross_validate(
    config: ExperimentConfig,
    dataset: Dataset,
    methods: Mapping[str, Any],
    *,
    n_jobs: int,
    progress: Callable[[int, int], None] | None = None,
) -> CrossValidation:
    """Run every (verb, fold) task, one joblib job per verb on ``n_jobs`` workers, and
    assemble their outputs (module docstring); ``progress(done, total)`` is called as the
    tasks finish."""
    ev = config.evaluation
    keep = max(ev.top_k, 1)
    tasks = list(fold_tasks(config, dataset))
    by_verb: dict[str, list[FoldTask]] = {}
    for task in tasks:
        by_verb.setdefault(task.verb, []).append(task)
    # largest verbs first, so that the long jobs start early
    verb_order = sorted(by_verb, key=lambda v: (-len(dataset.by_verb[v]), v))
    runner = Parallel(n_jobs=n_jobs, return_as="generator_unordered", batch_size=1)
    jobs = runner(
        delayed(_run_verb)(
            by_verb[verb], methods, ev.learning_curve_methods, ev.learning_curve, keep
        )
        for verb in verb_order
    )
    runs: dict[tuple[str, int], FoldRun] = {}
    if progress is not None:
        progress(0, len(tasks))
    for verb_runs in jobs:
        for run in verb_runs:
            runs[(run.verb, run.fold)] = run
        if progress is not None:
            progress(len(runs), len(tasks))
    return _assemble(tasks, runs, list(methods), ev.learning_curve)


def _assemble(
    tasks: Sequence[FoldTask],
    runs: Mapping[tuple[str, int], FoldRun],
    labels: Sequence[str],
    fractions: Sequence[float],
) -> CrossValidation:
    order: list[Instance] = []
    folds: list[int] = []
    fold_of: dict[str, np.ndarray] = {}
    rankings: dict[str, list[tuple[str, ...]]] = {label: [] for label in labels}
    confidence: dict[str, list[np.ndarray]] = {label: [] for label in labels}
    fallbacks: dict[str, list[str | None]] = {label: [] for label in labels}
    curve: dict[CurveKey, list[str | None]] = {}
    train_instances = dict.fromkeys(fractions, 0)
    for task in tasks:
        run = runs[(task.verb, task.fold)]
        test_positions = np.flatnonzero(task.test)
        order.extend(task.instances[i] for i in test_positions)
        folds.extend([task.fold] * len(test_positions))
        assignment = fold_of.setdefault(task.verb, np.empty(len(task.instances), dtype=np.int64))
        assignment[test_positions] = task.fold
        for label, out in run.outputs.items():
            assert out.confidence is not None  # a method always gives confidences
            rankings[label].extend(out.rankings)
            confidence[label].append(out.confidence)
            fallbacks[label].extend(out.fallbacks)
        for key, answers in run.curve.items():
            curve.setdefault(key, []).extend(answers)
        for fraction in fractions:
            train_instances[fraction] += _curve_size(fraction, task.n_train)
    outputs = {
        label: InstanceOutputs(
            rankings=rankings[label],
            confidence=np.concatenate(confidence[label]) if confidence[label] else np.zeros(0),
            fallbacks=fallbacks[label],
        )
        for label in labels
    }
    return CrossValidation(
        tuple(order),
        np.array(folds, dtype=np.int64),
        outputs,
        curve,
        train_instances,
        fold_of,
        len(tasks),
    )
