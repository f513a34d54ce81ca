"""Feature names numbered once per run (:class:`FeatureIndex`) and a model's columns over them
(:class:`Vocabulary`), which makes the binary design matrices."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np
from scipy import sparse

__all__ = ["FeatureIndex", "Vocabulary"]


class FeatureIndex:
    """Feature names numbered in first-seen order: one numbering per feature setting of a run.

    >>> index = FeatureIndex()
    >>> index.encode(["W:a", "W:b"]).tolist(), index.encode(["W:b", "W:c"]).tolist()
    ([0, 1], [1, 2])
    >>> index.lookup({"W:c": 0, "W:z": 1}).tolist()  # feature id -> column, -1 when absent
    [-1, -1, 0]
    """

    __slots__ = ("ids", "names")

    def __init__(self) -> None:
        self.ids: dict[Any, int] = {}
        self.names: list[Any] = []

    def __len__(self) -> int:
        return len(self.names)

    def encode(self, features: Iterable[Hashable]) -> np.ndarray:
        """The ids of ``features`` (in their order), numbering the new ones."""
        ids, names = self.ids, self.names
        out = []
        for feature in features:
            found = ids.get(feature)
            if found is None:
                found = ids[feature] = len(names)
                names.append(feature)
            out.append(found)
        return np.array(out, dtype=np.int64)

    def lookup(self, vocab: Mapping[Any, int]) -> np.ndarray:
        """Feature id -> ``vocab``'s column (-1: not in ``vocab``), for the ids so far."""
        table = np.full(len(self.names), -1, dtype=np.int64)
        ids = self.ids
        for feature, column in vocab.items():
            found = ids.get(feature)
            if found is not None:
                table[found] = column
        return table


class Vocabulary:
    """A fitted model's features and their columns: ids of the :class:`FeatureIndex` it was
    fitted with (:meth:`of_ids`), or a name -> column dict (a loaded model).

    >>> index = FeatureIndex()
    >>> _ = index.encode(["W:a", "W:b", "W:c"])
    >>> vocab = Vocabulary.of_ids(index, np.array([2, 0]))
    >>> vocab.columns(index, np.array([0, 1, 2, 2])).tolist(), vocab.mapping
    ([1, -1, 0, 0], {'W:c': 0, 'W:a': 1})
    """

    __slots__ = ("_ids", "_index", "_mapping", "_sorted")

    def __init__(self, mapping: dict[Any, int]) -> None:
        self._mapping: dict[Any, int] | None = mapping
        self._index: FeatureIndex | None = None
        self._ids: np.ndarray | None = None
        self._sorted: tuple[np.ndarray, np.ndarray] | None = None  # ids sorted, their columns

    @classmethod
    def of_ids(cls, index: FeatureIndex, ids: np.ndarray) -> Vocabulary:
        """Columns ``0..len(ids)-1`` are the features ``ids`` of ``index``."""
        vocab = cls({})
        vocab._mapping, vocab._index, vocab._ids = None, index, ids
        return vocab

    def __len__(self) -> int:
        return len(self._ids) if self._ids is not None else len(self.mapping)

    @property
    def mapping(self) -> dict[Any, int]:
        """Feature name -> column."""
        if self._mapping is None:
            assert self._index is not None and self._ids is not None
            names = self._index.names
            self._mapping = {names[i]: k for k, i in enumerate(self._ids.tolist())}
        return self._mapping

    def columns(self, index: FeatureIndex, ids: np.ndarray) -> np.ndarray:
        """The column of each feature id ``ids`` of ``index`` (-1: not in the model)."""
        if index is not self._index or self._ids is None:
            return index.lookup(self.mapping)[ids]
        if self._sorted is None:
            order = np.argsort(self._ids)
            self._sorted = self._ids[order], order
        known, column = self._sorted
        if not len(known):
            return np.full(len(ids), -1, dtype=np.int64)
        at = np.minimum(np.searchsorted(known, ids), len(known) - 1)
        return np.where(known[at] == ids, column[at], -1)

    def matrix(self, index: FeatureIndex, rows: Sequence[np.ndarray], dtype: Any) -> Any:
        """The binary CSR matrix of inputs whose features are ``rows`` (ids of ``index``) over
        this vocabulary's columns, a row's entries in its features' order."""
        lengths = np.fromiter(map(len, rows), dtype=np.int64, count=len(rows))
        column = self.columns(index, np.concatenate(rows) if rows else np.zeros(0, np.int64))
        known = column >= 0
        row_of = np.repeat(np.arange(len(rows)), lengths)[known]
        indptr = np.concatenate([[0], np.cumsum(np.bincount(row_of, minlength=len(rows)))])
        indices = column[known]
        arrays = (np.ones(len(indices), dtype), indices.astype(np.int32), indptr.astype(np.int32))
        return sparse.csr_matrix(arrays, shape=(len(rows), len(self)))
