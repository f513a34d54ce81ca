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
use.  An instance's items are numbered once (:meth:`ExamplePool.encoded`, memoised by the
run cache's list of them), so a model is counted from its instances' number arrays by array
operations (:meth:`ExamplePool.entries`), in the order a nested count of the items would
list them: the point index adds each cell's weights in that order, whatever the numbering.
A pool is one verb's (``RunCache.table``), so a model's products touch only that verb's
items; a model keeps only the pool's (growing) list of items, to name its examples.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, NamedTuple

import numpy as np

from ._cache import FillerKey, NounLookup
from ._neighbours import PointIndex

__all__ = ["Entries", "ExamplePool"]

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
        self.pairs: list[Item] = []  # item number -> (case, filler key)
        self.cases: dict[str, int] = {}  # nominal case -> number (its shift / n_nodes)
        self._case_ids: dict[str, int] = {}  # every case (marks too) -> number
        self._case_names: list[str] = []
        self._item_case: list[int] = []  # item number -> its case's number
        self._item_case_array: np.ndarray = np.empty(0, np.int64)
        self._encoded: dict[int, tuple[list[Item], list[Item], np.ndarray]] = {}
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
        out = np.empty(len(items), np.int64)
        for i, item in enumerate(items):
            found = known.get(item)
            if found is None:
                found = known[item] = len(self.pairs)
                self.pairs.append(item)
                case = item[0]
                number = self._case_ids.get(case)
                if number is None:
                    number = self._case_ids[case] = len(self._case_names)
                    self._case_names.append(case)
                self._item_case.append(number)
            out[i] = found
        return out

    def encoded(self, pairs: list[Item]) -> np.ndarray:
        """:meth:`ids` of one instance's (case, filler) pairs, memoised by the list: the run
        cache gives an instance's frame items as the same list every time."""
        entry = self._encoded.get(id(pairs))
        if entry is not None and entry[0] is pairs and entry[1] == pairs:
            return entry[2]
        ids = self.ids(pairs)
        if len(self._encoded) >= _ENCODED_LIMIT:
            self._encoded.clear()
        self._encoded[id(pairs)] = (pairs, list(pairs), ids)  # the list kept: its id stays
        return ids

    def entries(self, ids: np.ndarray, columns: np.ndarray, n_senses: int) -> Entries:
        """A model's distinct examples from its training stream (item ``ids[e]`` seen with
        sense column ``columns[e]``, instances in training order), in the order a model
        lists them: cases in order of first appearance, then sense columns, then items in
        order of first appearance; with each one's count, its case's rank in that order and
        its first position in the stream.  Returns those arrays and the case names."""
        if not len(ids):
            empty = np.empty(0, np.int64)
            return Entries(empty, empty, empty, empty, empty, ())
        if len(self._item_case_array) != len(self._item_case):
            self._item_case_array = np.asarray(self._item_case, np.int64)
        item_case = self._item_case_array
        distinct, first, numbers = np.unique(
            ids * n_senses + columns, return_index=True, return_counts=True
        )
        items, cols = np.divmod(distinct, n_senses)
        seen, case_first = np.unique(item_case[ids], return_index=True)
        case_order = seen[np.argsort(case_first)]
        rank = np.empty(len(self._case_names), np.int64)
        rank[case_order] = np.arange(len(case_order))
        case_of = rank[item_case[items]]
        order = np.lexsort((first, cols, case_of))
        names = tuple(self._case_names[c] for c in case_order.tolist())
        return Entries(
            items[order], cols[order], numbers[order], case_of[order], first[order], names
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
        starts = np.ones(len(key), bool)
        np.not_equal(key[1:], key[:-1], out=starts[1:])
        first = np.flatnonzero(starts)
        return PointIndex(
            key[first],
            np.append(first, len(key)).astype(np.int64),
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


_ENCODED_LIMIT = 1_000_000  # memoised instance encodings (ExamplePool.encoded) at most


class Entries(NamedTuple):
    """A model's distinct examples (:meth:`ExamplePool.entries`), one per (item, sense
    column), in model order."""

    items: np.ndarray
    columns: np.ndarray
    counts: np.ndarray  # training examples of the item with that sense
    case_of: np.ndarray  # the rank of the item's case in ``cases``
    first: np.ndarray  # position of its first example in the training stream
    cases: tuple[str, ...]  # in order of first appearance


def _pointers(owners: np.ndarray, n: int) -> np.ndarray:
    """CSR row pointers of sorted ``owners`` (each below ``n``)."""
    return np.r_[0, np.cumsum(np.bincount(owners, minlength=n))].astype(np.int64)
