"""Fits from counts: how a count-based method is trained on many overlapping training sets
(the folds of a cross-validation, the nested subsets of a learning curve) without starting
from its instances each time.

A method whose model of a verb is a function of additive statistics of its training
instances (how often each sense was seen, and how often each feature occurred with each
sense) declares it with ``fits_from_counts = True`` and implements two hooks of
:class:`~wsd.methods.Disambiguator`: ``count_features(instances)`` (each instance's features
as ids of a :class:`~wsd.methods.FeatureIndex`, and that index's names) and
``_fit_verb_counts(lemma, counts)`` (the model ``_fit_verb`` would make from instances with
these counts).  ``fit_counts`` then fits from a :class:`SenseCounts` per verb.  MFS and random
(sense counts alone) and Bayes (feature-sense counts) do.

The caller encodes a verb's instances once (:class:`VerbRows`), counts each fold once, and gets
every training fold as the total minus its test fold and every learning-curve subset as the
previous, smaller subset plus the instances added (:mod:`evaluation.experiment.jobs`).  Counts
are integers, so differences are exact and the fitted model is the one ``fit`` makes.

>>> import numpy as np
>>> rows = VerbRows.build(["a", "b", "a"], [np.array([0, 1]), np.array([1]), np.array([2])],
...                       ["W:x", "W:y", "W:z"])
>>> total = rows.counts(np.ones(3, bool))
>>> train = total - rows.counts(np.array([False, True, False]))
>>> dict(train.counter()), train.joint.tolist()
({'a': 2}, [[1, 0], [1, 0], [1, 0]])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import numpy as np

__all__ = ["SenseCounts", "VerbRows"]


@dataclass(frozen=True, slots=True)
class SenseCounts:
    """Counts over a set of one verb's instances: ``sense[j]`` instances of ``senses[j]``,
    ``joint[f, j]`` of them with the feature ``features[f]`` (features and senses as the
    verb's :class:`VerbRows` numbers them; counts of 0 mean "not in this set").  ``features``
    may be longer than ``joint`` (an index that numbered more features since)."""

    senses: tuple[str, ...]
    features: Sequence[Hashable]
    sense: np.ndarray  # (senses,) int64
    joint: np.ndarray  # (features, senses) int64

    @property
    def total(self) -> int:
        """The number of instances counted."""
        return int(self.sense.sum())

    def counter(self) -> Counter[str]:
        """The senses seen, with their counts (as ``fit`` keeps them in ``sense_counts_``)."""
        return Counter(
            {s: int(c) for s, c in zip(self.senses, self.sense.tolist(), strict=True) if c}
        )

    def __add__(self, other: SenseCounts) -> SenseCounts:
        return self._combine(other, 1)

    def __sub__(self, other: SenseCounts) -> SenseCounts:
        return self._combine(other, -1)

    def _combine(self, other: SenseCounts, sign: int) -> SenseCounts:
        if other.senses != self.senses or other.joint.shape != self.joint.shape:
            raise ValueError("counts of different verbs or encodings cannot be combined")
        return SenseCounts(
            self.senses,
            self.features,
            self.sense + sign * other.sense,
            self.joint + sign * other.joint,
        )


@dataclass(frozen=True, slots=True)
class VerbRows:
    """One verb's instances encoded once: ``labels[i]`` is instance ``i``'s sense (an index
    into ``senses``) and ``ids[indptr[i]:indptr[i + 1]]`` its features (indices into
    ``features``, below ``n_features``), each feature at most once per instance.
    ``features`` is the encoder's own list of names (not a copy: a model fitted from the
    counts recognises its index)."""

    senses: tuple[str, ...]
    labels: np.ndarray
    ids: np.ndarray
    indptr: np.ndarray
    features: Sequence[Hashable]
    n_features: int

    @classmethod
    def build(
        cls, labels: Sequence[str], rows: Sequence[np.ndarray], features: Sequence[Hashable]
    ) -> VerbRows:
        """From each instance's label and feature ids (``features`` names the ids)."""
        senses = tuple(sorted(set(labels)))
        column = {s: j for j, s in enumerate(senses)}
        codes = np.fromiter((column[s] for s in labels), dtype=np.int64, count=len(labels))
        lengths = np.fromiter((len(r) for r in rows), dtype=np.int64, count=len(rows))
        indptr = np.concatenate([[0], np.cumsum(lengths)])
        ids = np.concatenate(rows).astype(np.int64) if rows else np.zeros(0, np.int64)
        return cls(senses, codes, ids, indptr, features, len(features))

    def counts(self, rows: np.ndarray) -> SenseCounts:
        """The counts of the instances ``rows`` (a boolean mask or indices) select."""
        n_senses, n_features = len(self.senses), self.n_features
        if rows.dtype == bool:
            rows = np.flatnonzero(rows)
        labels = self.labels[rows]
        sense = np.bincount(labels, minlength=n_senses)
        starts, stops = self.indptr[rows], self.indptr[rows + 1]
        lengths = stops - starts
        # the entries of the selected rows: each row's start plus 0..length-1
        offsets = np.arange(int(lengths.sum())) - np.repeat(np.cumsum(lengths) - lengths, lengths)
        entries = np.repeat(starts, lengths) + offsets
        cells = self.ids[entries] * n_senses + np.repeat(labels, lengths)
        joint = np.bincount(cells, minlength=n_features * n_senses)
        return SenseCounts(
            self.senses,
            self.features,
            sense.astype(np.int64),
            joint.reshape(n_features, n_senses).astype(np.int64),
        )
