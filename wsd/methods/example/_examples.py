"""A verb's training examples: ``E[s][c]``, the fillers of case ``c`` seen with sense ``s``,
counted, and the point index of their positions in the noun thesaurus."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ._nouns import FillerKey, NounLookup

__all__ = ["Examples", "PointIndex", "VerbModel", "WordIndex", "count_examples", "point_index"]

Item = tuple[str, FillerKey]  # (case, filler key)
Examples = dict[str, dict[str, dict[FillerKey, int]]]  # case -> sense -> filler -> count


@dataclass(frozen=True, slots=True)
class PointIndex:
    """Per ancestor node (``keys``, sorted, shifted by case), the entries ``offsets[i]:
    offsets[i + 1]`` of ``column`` (sense), ``down`` (edges below) and ``weight`` (the weight
    of the examples there)."""

    keys: np.ndarray
    offsets: np.ndarray
    column: np.ndarray
    down: np.ndarray
    weight: np.ndarray
    n_senses: int


@dataclass(slots=True)
class WordIndex:
    """A mark's training words: word -> row of per-sense counts, rows in order first seen."""

    rows: dict[str, int]
    counts: np.ndarray  # (len(rows), n_senses)

    @classmethod
    def build(cls, senses: Sequence[str], by_sense: dict[str, dict[FillerKey, int]]) -> WordIndex:
        """The index of a mark's examples (sense -> (word, None) -> count)."""
        rows: dict[str, int] = {}
        cells = [
            (rows.setdefault(word, len(rows)), column, count)
            for column, sense in enumerate(senses)
            for (word, _), count in by_sense.get(sense, {}).items()
        ]
        table = np.zeros((len(rows), len(senses)))
        for row, column, count in cells:
            table[row, column] = count
        return cls(rows, table)

    def counts_of(self, keys: Sequence[FillerKey]) -> np.ndarray:
        """Per-sense training counts of each key's word (0 for an unseen word)."""
        out = np.zeros((len(keys), self.counts.shape[1]))
        for i, (word, _) in enumerate(keys):
            row = self.rows.get(word)
            if row is not None:
                out[i] = self.counts[row]
        return out


@dataclass(slots=True)
class VerbModel:
    """One verb's fitted examples and what scoring reads of them."""

    senses: tuple[str, ...]  # training senses in tie-break order: the column order everywhere
    examples: Examples  # cases, senses and fillers in the order first seen in training
    setting: dict[str, Any] = field(default_factory=dict)  # this verb's `tune` choice
    shift: dict[str, int] = field(default_factory=dict)  # nominal case -> its node-id shift
    words: dict[str, WordIndex] = field(default_factory=dict)  # marks
    ccd: dict[str, float] = field(default_factory=dict)  # raw CCD (before the beta power)
    points: PointIndex | None = None  # "knn": every nominal case's examples
    nearest: dict[str, Any] = field(default_factory=dict)  # case -> NearestIndex, on first use
    memo: dict[Item, np.ndarray] = field(default_factory=dict)  # SIM rows


def count_examples(items: Iterable[list[Item]], labels: Iterable[str]) -> Examples:
    """case -> sense -> filler -> count of the training instances' (case, filler) items and
    senses, each level in the order first seen."""
    examples: Examples = {}
    for pairs, label in zip(items, labels, strict=True):
        for case, key in pairs:
            counts = examples.setdefault(case, {}).setdefault(label, {})
            counts[key] = counts.get(key, 0) + 1
    return examples


def point_index(model: VerbModel, lookup: NounLookup) -> PointIndex:
    """The examples of the model's nominal cases as weighted points of the noun thesaurus (a
    filler of ``m`` nodes ``count / m`` at each: :meth:`NounLookup.points`), each case's tree
    shifted by ``model.shift``.  Each (ancestor, sense, edges below) adds its weights in
    model order (cases, sense columns, fillers): np.bincount adds in input order."""
    parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    scale: list[tuple[float, int, int]] = []  # per example: count, sense column, shift
    for case, by_sense in model.examples.items():
        if case in model.shift:
            for column, sense in enumerate(model.senses):
                for key, count in by_sense.get(sense, {}).items():
                    parts.append(lookup.points(key))
                    scale.append((float(count), column, model.shift[case]))
    n, sizes = len(model.senses), [len(p[0]) for p in parts]
    if not sum(sizes):
        empty = np.empty(0, np.int64)
        return PointIndex(empty, np.zeros(1, np.int64), empty, empty, np.empty(0), n)
    counts, columns, shifts = (np.repeat(np.array(v), sizes) for v in zip(*scale, strict=True))
    node = np.concatenate([p[0] for p in parts]) + shifts.astype(np.int64)
    down = np.concatenate([p[1] for p in parts])
    weights = np.concatenate([p[2] for p in parts]) * counts
    width = int(down.max()) + 1
    points, slot = np.unique((node * width + down) * n + columns, return_inverse=True)
    total = np.bincount(slot.ravel(), weights)
    cell, of_sense = np.divmod(points, n)
    at, below = np.divmod(cell, width)
    keys, first = np.unique(at, return_index=True)
    offsets = np.append(first, len(at)).astype(np.int64)
    return PointIndex(keys, offsets, of_sense, below, total, n)
