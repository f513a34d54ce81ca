"""Cross-validation folds, made per verb once and shared by every method.  With ``stratified
= true`` the strata are the first gold keys with at least ``folds`` instances, rarer ones
pooled (into the largest when the pool is too small); a verb without such a sense gets a
shuffled :class:`~sklearn.model_selection.KFold`.  Folds depend only on the verb's instances,
``folds`` and ``seed``.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from sklearn.model_selection import KFold, StratifiedKFold

from evaluation._exceptions import ConfigError
from wsd.types import Instance

if TYPE_CHECKING:  # the experiment package runs the folds: it imports this module
    from evaluation.experiment.config import ExperimentConfig
    from evaluation.experiment.dataset import Dataset

__all__ = ["FoldTask", "fold_tasks", "make_folds"]


def make_folds(labels: Sequence[str], folds: int, seed: int, stratified: bool = True) -> np.ndarray:
    """The fold number (``0..folds-1``) of each instance of one verb, seeded.

    Parameters
    ----------
    labels : sequence of str
        Each instance's first gold key (the strata).
    folds : int
        The number of folds, 2..n (10 in Table 1).
    seed : int
        The shuffling seed.
    stratified : bool, default=True
        Stratify by the senses with at least ``folds`` instances (module docstring).

    Returns
    -------
    ndarray of int64, shape (n,)

    Raises
    ------
    ConfigError
        More folds than instances.

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


@dataclass(frozen=True)
class FoldTask:
    """One fold of one verb: the test mask, and ``curve_order``, the training instances in a
    seeded order whose prefixes the learning curves train on."""

    verb: str
    fold: int
    instances: list[Instance]
    test: np.ndarray
    curve_order: np.ndarray

    @property
    def n_train(self) -> int:
        return int(self.test.size - self.test.sum())


def fold_tasks(config: ExperimentConfig, dataset: Dataset) -> Iterator[FoldTask]:
    """Every (verb, fold) task: verbs in the dataset's order, folds in order."""
    for verb, instances in dataset.by_verb.items():
        labels = [inst.gold[0] for inst in instances]
        folds = make_folds(labels, config.cv.folds, config.seed, config.cv.stratified)
        for fold in range(config.cv.folds):
            test = folds == fold
            rng = np.random.default_rng([config.seed, zlib.crc32(verb.encode()), fold])
            train = np.flatnonzero(~test)
            yield FoldTask(verb, fold, instances, test, train[rng.permutation(len(train))])
