"""A verb's training fillers, indexed once for all the example-based models of a run.

Cross-validation fits one verb hundreds of times (folds, learning-curve subsets, the inner
folds of per-verb tuning) from overlapping sets of the same fillers.  What a filler
contributes to a model does not depend on the set it is in: its nodes, their ancestors, the
thesaurus units CCD compares.  An :class:`ExamplePool` keeps every (case, filler) item a run
has given one verb, with that structure computed once; a model is then only its counts, an
(items x senses) table, and its point index and CCD are sparse products of that table with the
pool's fixed tables (the count differences of :mod:`wsd.methods._counts`, for the example
method's filler sets), computed by compiled loops (:mod:`wsd.methods._kernels`) in time
proportional to the model's own examples.

* The point index (:class:`~wsd.methods._neighbours.PointIndex`): the pool's rows are the
  (ancestor, edges below) pairs of its nominal items' nodes, ``spread[row, item]`` the share
  of one example of ``item`` there (1/m for a filler of m nodes).  A model's histogram entries
  are ``spread @ counts``: a scatter of its examples' rows, no sorting.
* CCD with identity matching (``ccd_match`` 1): ``units[item, u]`` marks the units an item
  may denote (its nodes; a mark's word).  A unit holds sense ``j`` when some present item of
  sense ``j`` denotes it (``units.T @ present``), and an item is shared with ``j`` when one
  of its units holds ``j`` (``units @ held``).

Items are numbered in the order they are first given; new items grow the tables on next
use.  A pool is one verb's (``RunCache.table``), so a model's products touch only that
verb's items.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import numpy as np

from ._cache import FillerKey, NounLookup
from ._neighbours import PointIndex

__all__ = ["ExamplePool"]

Item = tuple[str, FillerKey]  # (case, filler key)


class ExamplePool:
    """The (case, filler) items of one verb's examples across the fits of a run (module
    docstring).  ``lexical`` are the cases whose fillers are words (marks); the other cases
    are nominal, ``lookup``'s thesaurus nodes, each case a separate copy of the tree (node
    ids shifted by ``case number * n_nodes``)."""

    def __init__(self, lookup: NounLookup, lexical: Collection[str]) -> None:
        self.lookup = lookup
        self.lexical = frozenset(lexical)
        self.n_nodes = lookup.nouns.n_nodes
        self.items: dict[Item, int] = {}
        self.cases: dict[str, int] = {}  # nominal case -> number (its shift / n_nodes)
        self._built = -1  # how many items the tables cover
        # the points: rows (ancestor, edges below), sorted; item i on rows
        # _spread_rows[_spread_ptr[i]:_spread_ptr[i + 1]] with its share of one example there
        self._row_key: np.ndarray = np.empty(0, np.int64)  # per row: shifted ancestor id
        self._row_down: np.ndarray = np.empty(0, np.int64)  # per row: edges below it
        self._row_mark: np.ndarray = np.empty(0, bool)
        self._spread_ptr: np.ndarray = np.zeros(1, np.int64)
        self._spread_rows: np.ndarray = np.empty(0, np.int64)
        self._spread_share: np.ndarray = np.empty(0)
        # CCD: item i denotes the units _unit_ids[_unit_ptr[i]:_unit_ptr[i + 1]]
        self._n_units = 0
        self._unit_ptr: np.ndarray = np.zeros(1, np.int64)
        self._unit_ids: np.ndarray = np.empty(0, np.int64)
        self._buffers: dict[str, np.ndarray] = {}

    def ids(self, items: Sequence[Item]) -> np.ndarray:
        """The item number of each (case, filler) pair, numbering new ones."""
        known = self.items
        return np.fromiter(
            (known.setdefault(item, len(known)) for item in items), np.int64, len(items)
        )

    def shift(self, case: str) -> int:
        """The node-id shift of a nominal case in this pool's point indexes."""
        return self.cases.setdefault(case, len(self.cases)) * self.n_nodes

    def point_index(
        self, items: np.ndarray, columns: np.ndarray, counts: np.ndarray, n_senses: int
    ) -> PointIndex:
        """The point index of a model that saw ``counts[e]`` examples of item ``items[e]``
        with sense column ``columns[e]`` (the nominal items among them count)."""
        from ._kernels import pool_entries

        self._build()
        rows, cols, weights = pool_entries(
            self._spread_ptr,
            self._spread_rows,
            self._spread_share,
            items,
            columns,
            counts.astype(float),
            n_senses,
            self._buffer(len(self._row_key) * n_senses, float),
            self._row_mark,
        )
        key = self._row_key[rows]
        first = np.flatnonzero(np.r_[True, key[1:] != key[:-1]]) if len(key) else key
        return PointIndex(
            key[first],
            np.r_[first, len(key)].astype(np.int64),
            cols,
            self._row_down[rows],
            weights,
            n_senses,
        )

    def shared(
        self,
        items: np.ndarray,
        columns: np.ndarray,
        n_senses: int,
        n_cases: int,
        case_of: np.ndarray,
    ) -> tuple[np.ndarray, np.ndarray]:
        """CCD's counts under identity matching for a model whose examples are the distinct
        (item, sense column) pairs given: ``matched[c, i, j]``, how many fillers of sense
        ``i`` in case ``c`` (``case_of[e]``, below ``n_cases``) share a unit with an example
        of sense ``j``, and ``size[c, i]``, how many fillers sense ``i`` has there."""
        from ._kernels import pool_shared

        self._build()
        held = self._buffer(self._n_units * n_senses, bool, "held")
        return pool_shared(
            self._unit_ptr, self._unit_ids, items, columns, case_of, n_senses, n_cases, held
        )

    def _buffer(self, size: int, dtype: type, name: str = "cells") -> np.ndarray:
        """A zeroed scratch array of at least ``size`` entries (the kernels leave it zeroed)."""
        found = self._buffers.get(name)
        if found is None or len(found) < size:
            found = self._buffers[name] = np.zeros(max(size, 1), dtype=dtype)
        return found

    def _build(self) -> None:
        """(Re)build the item tables over every item numbered so far."""
        n_items = len(self.items)
        if self._built == n_items:
            return
        ancestors = self.lookup.ancestors
        nodes = self.lookup.nodes
        anc_parts: list[np.ndarray] = []
        up_parts: list[np.ndarray] = []
        owner: list[int] = []
        share: list[float] = []
        sizes: list[int] = []
        unit_items: list[int] = []
        unit_keys: list[tuple[int, Any]] = []
        lexical = sorted(self.lexical)
        for (case, key), item in self.items.items():
            if case in self.lexical:
                unit_items.append(item)
                unit_keys.append((-1 - lexical.index(case), key[0]))
                continue
            denoted = nodes(key) or ()
            shift = self.shift(case)
            for node in denoted:
                unit_items.append(item)
                unit_keys.append((shift, node))
            if denoted:
                ids, up = ancestors(key)
                anc_parts.append(ids.astype(np.int64) + shift)
                up_parts.append(up.astype(np.int64))
                owner.append(item)
                share.append(1.0 / len(denoted))
                sizes.append(len(ids))
        empty = np.empty(0, np.int64)
        if anc_parts:
            anc, up = np.concatenate(anc_parts), np.concatenate(up_parts)
            width = int(up.max()) + 2
            rows, row_of = np.unique(anc * width + up, return_inverse=True)
            self._row_key, self._row_down = rows // width, rows % width
            # one cell per (item, row): an item's nodes may share an ancestor at one depth
            cells = np.repeat(np.asarray(owner, np.int64), sizes) * len(rows) + row_of.ravel()
            cell, where = np.unique(cells, return_inverse=True)
            weights = np.bincount(where.ravel(), np.repeat(np.asarray(share), sizes))
            self._spread_ptr = _pointers(cell // len(rows), n_items)
            self._spread_rows, self._spread_share = cell % len(rows), weights
        else:
            self._row_key = self._row_down = self._spread_rows = empty
            self._spread_ptr, self._spread_share = np.zeros(n_items + 1, np.int64), np.empty(0)
        self._row_mark = np.zeros(len(self._row_key), dtype=bool)
        numbers: dict[tuple[int, Any], int] = {}
        unit_ids = np.fromiter(
            (numbers.setdefault(u, len(numbers)) for u in unit_keys), np.int64, len(unit_keys)
        )
        pairs = np.unique(np.asarray(unit_items, np.int64) * len(numbers) + unit_ids)
        self._n_units = len(numbers)
        self._unit_ptr = _pointers(pairs // max(1, len(numbers)), n_items)
        self._unit_ids = pairs % max(1, len(numbers))
        self._built = n_items


def _pointers(owners: np.ndarray, n: int) -> np.ndarray:
    """CSR row pointers of sorted ``owners`` (each below ``n``)."""
    return np.r_[0, np.cumsum(np.bincount(owners, minlength=n))].astype(np.int64)
