"""A verb's model: its training examples ``E[s][c]`` (the fillers of case ``c`` seen with
sense ``s``, counted) and the indexes scoring reads of them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from wsd.methods.noun_lookup import FillerKey

__all__ = ["Entries", "Examples", "PointIndex", "VerbModel", "WordIndex"]

Item = tuple[str, FillerKey]  # (case, filler key)
Examples = dict[str, dict[str, dict[FillerKey, int]]]  # case -> sense -> filler -> count


class Entries(NamedTuple):
    """A model's distinct examples, one per (item, sense column): cases in order of first
    appearance, then sense columns, then items in order of first appearance (model order)."""

    items: np.ndarray  # item numbers of the verb's ExamplePool
    columns: np.ndarray
    counts: np.ndarray  # training examples of the item with that sense
    case_of: np.ndarray  # the rank of the item's case in ``cases``
    first: np.ndarray  # position of its first example in the training stream
    cases: tuple[str, ...]  # in order of first appearance


@dataclass(frozen=True, slots=True)
class PointIndex:
    """Per ancestor node ``keys[i]`` (sorted, shifted by case), the entries ``offsets[i]:
    offsets[i + 1]`` of ``column`` (sense), ``down`` (edges below) and ``weight``."""

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
    def build(
        cls, n_senses: int, words: list[str], columns: np.ndarray, counts: np.ndarray
    ) -> WordIndex:
        rows: dict[str, int] = {}
        row_of = [rows.setdefault(word, len(rows)) for word in words]
        table = np.zeros((len(rows), n_senses))
        np.add.at(table, (np.asarray(row_of, np.int64), columns), counts)
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
    pairs: list[Item]  # the (case, filler) items `entries` numbers (its pool's, growing)
    entries: Entries
    setting: dict[str, Any] = field(default_factory=dict)  # this verb's `tune` choice
    shift: dict[str, int] = field(default_factory=dict)  # nominal case -> its node-id shift
    words: dict[str, WordIndex] = field(default_factory=dict)  # marks
    ccd: dict[str, float] = field(default_factory=dict)  # raw CCD (before the beta power)
    points: PointIndex | None = None  # "knn": every nominal case's examples
    nearest: dict[str, Any] = field(default_factory=dict)  # case -> NearestIndex, on first use
    memo: dict[Item, np.ndarray] = field(default_factory=dict)  # SIM rows
    saved: Examples | None = None

    @property
    def examples(self) -> Examples:
        """case -> sense -> filler -> count, each in the order first seen in training."""
        if self.saved is None:
            items, columns, counts, case_of, first, cases = self.entries
            by_case: Examples = {case: {} for case in cases}
            for e in np.lexsort((first, case_of)).tolist():  # senses by first example
                by_case[cases[case_of[e]]].setdefault(self.senses[columns[e]], {})
            listed = zip(items.tolist(), columns.tolist(), counts.tolist(), strict=True)
            for item, column, count in listed:
                case, key = self.pairs[item]
                by_case[case][self.senses[column]][key] = count
            self.saved = by_case
        return self.saved
