"""The cross-validation work: every (verb, fold) fits a fresh clone of every method on the
training fold only and ranks the test fold; learning-curve methods are also fitted on the
first ``fraction`` of a seeded permutation of the training fold and ranked on the test fold.

A job is one verb's folds for a group of methods (:func:`method_groups`); a verb holding
more than 1/:data:`SPLIT` of the instances has its folds split over several jobs.  A job's
clones share one :class:`~wsd.methods.RunCache`.  Jobs run on joblib's processes or a Dask
cluster (:mod:`.backend`); results are identical for any ``n_jobs`` and backend.  A method's
cost (:class:`MethodCost`) is its worker thread's CPU time; shared work is charged to the
first method that needs it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
from joblib import Parallel, delayed
from sklearn.base import clone

from evaluation.cross_validation import FoldTask, fold_tasks
from evaluation.experiment.backend import parallel
from evaluation.experiment.config import ExperimentConfig
from evaluation.experiment.dataset import Dataset
from evaluation.experiment.results import InstanceOutputs
from wsd.methods import RunCache
from wsd.types import Instance

__all__ = [
    "CrossValidation",
    "FoldRun",
    "MethodCost",
    "cross_validate",
    "method_groups",
    "run_fold",
]

CurveKey = tuple[str, float]  # (method label, training fraction)
SPLIT = 16  # a verb with more than 1/SPLIT of the instances has its folds split over jobs


@dataclasses.dataclass(frozen=True)
class MethodCost:
    """CPU seconds a method spent (its worker thread's time, summed over tasks): fitting and
    ranking the cross-validation folds, and fitting and ranking its learning-curve subsets."""

    fit_s: float = 0.0
    rank_s: float = 0.0
    curve_s: float = 0.0

    def __add__(self, other: MethodCost) -> MethodCost:
        return MethodCost(
            self.fit_s + other.fit_s, self.rank_s + other.rank_s, self.curve_s + other.curve_s
        )

    def rounded(self) -> dict[str, float]:
        """The seconds as ``results.json`` gives them (to the microsecond: a small method's
        ranking can take less than a millisecond)."""
        return {key: round(getattr(self, key), 6) for key in ("fit_s", "rank_s", "curve_s")}


@dataclasses.dataclass(frozen=True)
class FoldRun:
    """What one (verb, fold) produced: every method's outputs on the test fold (test
    instances in corpus order), per learning-curve point each test instance's top sense
    (``None`` when abstained), and what each method cost."""

    verb: str
    fold: int
    outputs: Mapping[str, InstanceOutputs]
    curve: Mapping[CurveKey, tuple[str | None, ...]]
    cost: Mapping[str, MethodCost]


@dataclasses.dataclass(frozen=True)
class CrossValidation:
    """Every fold's outputs assembled over the evaluated instances, in the experiment's
    order: ``instances``, the fold each was tested in (``folds``), each method's ``outputs``,
    the learning-curve answers, the training-set size of each learning-curve fraction summed
    over the tasks (``train_instances``), each verb's fold assignment, the number of tasks
    and what each method cost over all of them."""

    instances: tuple[Instance, ...]
    folds: np.ndarray
    outputs: Mapping[str, InstanceOutputs]
    curve: Mapping[CurveKey, list[str | None]]
    train_instances: Mapping[float, int]
    fold_of: Mapping[str, np.ndarray]
    tasks: int
    cost: Mapping[str, MethodCost]


def _fit_rank(
    method: Any, train: list[Instance], test: list[Instance], keep: int, cache: RunCache
) -> tuple[InstanceOutputs, MethodCost]:
    """A clone of ``method`` fitted on ``train`` ranks ``test``; its outputs, and the CPU
    seconds of the fit and of the ranking."""
    started = time.thread_time()
    fitted = clone(method).set_cache(cache).fit(train)
    fit = time.thread_time()
    predictions = fitted.rank(test)
    outputs = InstanceOutputs(
        rankings=[p.top(keep) for p in predictions],
        confidence=np.array([float(p.confidence) for p in predictions], dtype=float),
        fallbacks=[p.fallback for p in predictions],
    )
    return outputs, MethodCost(fit - started, time.thread_time() - fit)


def _curve_size(fraction: float, n_train: int) -> int:
    return max(1, math.ceil(fraction * n_train))


def run_fold(
    task: FoldTask,
    methods: Mapping[str, Any],
    curve_methods: Sequence[str],
    fractions: Sequence[float],
    keep: int,
    cache: RunCache,
) -> FoldRun:
    """Fit every method on the task's training fold and rank its test fold; the same for the
    learning-curve methods on each fraction of the training fold.  The clones use ``cache``."""
    instances = task.instances
    train_idx = np.flatnonzero(~task.test)
    test = [instances[i] for i in np.flatnonzero(task.test)]
    train = [instances[i] for i in train_idx]
    outputs: dict[str, InstanceOutputs] = {}
    cost: dict[str, MethodCost] = {}
    for label, method in methods.items():
        outputs[label], cost[label] = _fit_rank(method, train, test, keep, cache)
    curve: dict[CurveKey, tuple[str | None, ...]] = {}
    for fraction in fractions:
        size = _curve_size(fraction, len(train_idx))
        subset = [instances[i] for i in np.sort(task.curve_order[:size])]
        for label in curve_methods:
            if size == len(train_idx):  # the main run's training set: reuse its answers
                ranked = outputs[label]
            else:
                started = time.thread_time()
                ranked, _ = _fit_rank(methods[label], subset, test, 1, cache)
                cost[label] += MethodCost(curve_s=time.thread_time() - started)
            curve[(label, fraction)] = tuple(r[0] if r else None for r in ranked.rankings)
    return FoldRun(task.verb, task.fold, outputs, curve, cost)


def _run_verb(
    tasks: list[FoldTask],
    methods: Mapping[str, Any],
    curve_methods: Sequence[str],
    fractions: Sequence[float],
    keep: int,
) -> list[FoldRun]:
    """Every fold of one verb for some of the methods, their clones sharing one cache: a
    worker receives the verb's instances once, not per fold."""
    cache = RunCache()
    return [run_fold(task, methods, curve_methods, fractions, keep, cache) for task in tasks]


def method_groups(config: ExperimentConfig, labels: Sequence[str]) -> list[tuple[str, ...]]:
    """How a verb's methods are split into jobs: the compared methods (and bounds) together,
    each ``[sweep]`` variant on its own."""
    sweep = {spec.label for spec in config.methods if spec.role == "sweep"}
    compared = tuple(label for label in labels if label not in sweep)
    return ([compared] if compared else []) + [(label,) for label in labels if label in sweep]


def cross_validate(
    config: ExperimentConfig,
    dataset: Dataset,
    methods: Mapping[str, Any],
    *,
    runner: Parallel | None = None,
    n_jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> CrossValidation:
    """Run every (verb, fold) task, one job per verb and method group
    (:func:`method_groups`), on ``runner`` (:func:`~evaluation.experiment.backend.parallel`:
    local processes or a Dask cluster; by default ``n_jobs`` local processes), and assemble
    their outputs (module docstring); ``progress(done, total)`` is called as the (verb, fold,
    group) runs finish."""
    ev = config.evaluation
    keep = max(ev.top_k, 1)
    tasks = list(fold_tasks(config, dataset))
    by_verb: dict[str, list[FoldTask]] = {}
    for task in tasks:
        by_verb.setdefault(task.verb, []).append(task)
    groups = method_groups(config, list(methods))
    jobs = [
        (verb, part, group)
        for verb, verb_tasks in by_verb.items()
        for part in _fold_parts(verb_tasks, dataset.n_instances)
        for group in groups
    ]
    # the largest jobs first, so that the long ones start early
    jobs.sort(key=lambda j: (-len(j[1][0].instances) * len(j[1]) * len(j[2]), j[0], j[1][0].fold))
    runs: dict[tuple[str, int], list[FoldRun]] = {}
    total, done = len(tasks) * len(groups), 0
    if progress is not None:
        progress(0, total)
    with contextlib.ExitStack() as stack:
        if runner is None:
            runner = stack.enter_context(parallel("loky", n_jobs))
        results = runner(
            delayed(_run_verb)(
                part,
                {label: methods[label] for label in group},
                [label for label in ev.learning_curve_methods if label in group],
                ev.learning_curve,
                keep,
            )
            for _, part, group in jobs
        )
        for verb_runs in results:
            for run in verb_runs:
                runs.setdefault((run.verb, run.fold), []).append(run)
            done += len(verb_runs)
            if progress is not None:
                progress(done, total)
    merged = {key: _merge(parts) for key, parts in runs.items()}
    return _assemble(tasks, merged, list(methods), ev.learning_curve)


def _fold_parts(tasks: list[FoldTask], n_instances: int) -> list[list[FoldTask]]:
    """A verb's folds as the jobs that run them: all in one job (its instances are shipped
    and its features computed once), unless the verb holds more than 1/:data:`SPLIT` of the
    instances: then its folds are split over several jobs, so that no job is long enough to
    keep the other workers waiting at the end."""
    share = len(tasks[0].instances) * SPLIT / max(n_instances, 1)
    parts = max(1, min(len(tasks), math.ceil(share)))
    return [tasks[i::parts] for i in range(parts)]


def _merge(parts: Sequence[FoldRun]) -> FoldRun:
    """One (verb, fold)'s runs of every method group as one."""
    first = parts[0]
    outputs = {label: out for part in parts for label, out in part.outputs.items()}
    curve = {key: answers for part in parts for key, answers in part.curve.items()}
    cost = {label: spent for part in parts for label, spent in part.cost.items()}
    return FoldRun(first.verb, first.fold, outputs, curve, cost)


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
    cost = {label: MethodCost() for label in labels}
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
        for label, spent in run.cost.items():
            cost[label] += spent
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
        cost,
    )
