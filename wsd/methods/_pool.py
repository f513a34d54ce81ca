"""A verb's training fillers, indexed once for all the example-based models of a run.

Cross-validation fits one verb hundreds of times (folds, learning-curve subsets, the inner
folds of per-verb tuning) from overlapping sets of the same fillers.  What a filler
contributes to a model does not depend on the set it is in: its nodes, their ancestors, the
thesaurus units CCD compares.  An :class:`ExamplePool` keeps every (case, filler) item a run
has given one verb, with that structure computed once; a model is then only its counts, an
(items x senses) table, and its point index and CCD are sparse products of that table with the
pool's fixed matrices (the count differences of :mod:`wsd.methods._counts`, for the example
method's filler sets).

* The point index (:class:`~wsd.methods._neighbours.PointIndex`): the pool's rows are the
  (ancestor, edges below) pairs of its nominal items' nodes, ``spread[row, item]`` the share
  of one example of ``item`` there (1/m for a filler of m nodes).  A model's histogram entries
  are ``spread @ counts``: one sparse product, no sorting.
* CCD with identity matching (``ccd_match`` 1): ``units[item, u]`` marks the units an item
  may denote (its nodes; a mark's word).  A unit holds sense ``j`` when some present item of
  sense ``j`` denotes it (``units.T @ present``), and an item is shared with ``j`` when one
  of its units holds ``j`` (``units @ held``).

Items are numbered in the order they are first given; new items grow the matrices on next
use.  A pool is one verb's (``RunCache.table``), so a model's products touch only that
verb's items.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

import numpy as np
from scipy import sparse

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
        self._built = -1  # how many items the matrices cover
        self._spread: Any = None  # (rows x items) CSC
        self._row_key = np.empty(0, np.int64)  # per row: shifted ancestor id
        self._row_down = np.empty(0, np.int64)  # per row: edges below it
        self._units: Any = None  # (items x units) CSR, 0/1

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
        self._build()
        table = sparse.csc_matrix(
            (counts.astype(float), (items, columns)), shape=(len(self.items), n_senses)
        )
        hist = sparse.csr_matrix(self._spread @ table)
        rows = np.flatnonzero(np.diff(hist.indptr))
        if not len(rows):
            empty = np.empty(0, np.int64)
            return PointIndex(empty, np.zeros(1, np.int64), empty, empty, np.empty(0), n_senses)
        per_row = np.diff(hist.indptr)[rows]
        key = self._row_key[rows]
        first = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
        ends = np.cumsum(per_row)
        offsets = np.r_[0, ends[np.r_[first[1:] - 1, len(rows) - 1]]].astype(np.int64)
        return PointIndex(
            key[first],
            offsets,
            hist.indices.astype(np.int64),
            np.repeat(self._row_down[rows], per_row),
            hist.data,
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
        self._build()
        present = sparse.csr_matrix(
            (np.ones(len(items)), (items, columns)), shape=(len(self.items), n_senses)
        )
        held = (self._units.T @ present).astype(bool).astype(float)
        example, other = (self._units[items] @ held).nonzero()  # example shared with sense
        cell = case_of * n_senses + columns
        matched = np.bincount(
            cell[example] * n_senses + other, minlength=n_cases * n_senses * n_senses
        ).astype(float)
        size = np.bincount(cell, minlength=n_cases * n_senses).astype(float)
        return matched.reshape(n_cases, n_senses, n_senses), size.reshape(n_cases, n_senses)

    def _build(self) -> None:
        """(Re)build the matrices over every item numbered so far."""
        n_items = len(self.items)
        if self._built == n_items:
            return
        ancestors: Callable[[FillerKey], tuple[np.ndarray, np.ndarray]] = self.lookup.ancestors
        nodes = self.lookup.nodes
        anc_parts: list[np.ndarray] = []
        up_parts: list[np.ndarray] = []
        owner: list[int] = []
        share: list[float] = []
        sizes: list[int] = []
        unit_items: list[int] = []
        unit_keys: list[tuple[int, Any]] = []
        for (case, key), item in self.items.items():
            if case in self.lexical:
                unit_items.append(item)
                unit_keys.append((-1 - self._lexical_number(case), key[0]))
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
        if anc_parts:
            anc = np.concatenate(anc_parts)
            up = np.concatenate(up_parts)
            width = int(up.max()) + 2
            cell = anc * width + up
            rows, row_of = np.unique(cell, return_inverse=True)
            self._row_key, self._row_down = rows // width, rows % width
            columns = np.repeat(np.asarray(owner, np.int64), sizes)
            weights = np.repeat(np.asarray(share), sizes)
            # one cell per (row, item): an item's nodes may share ancestors at the same depth
            self._spread = sparse.csc_matrix(
                (weights, (row_of.ravel(), columns)), shape=(len(rows), n_items)
            )
            self._spread.sum_duplicates()
        else:
            self._row_key = self._row_down = np.empty(0, np.int64)
            self._spread = sparse.csc_matrix((0, n_items))
        numbers: dict[tuple[int, Any], int] = {}
        unit_ids = [numbers.setdefault(u, len(numbers)) for u in unit_keys]
        self._units = sparse.csr_matrix(
            (np.ones(len(unit_ids)), (unit_items, unit_ids)), shape=(n_items, len(numbers))
        )
        self._units.sum_duplicates()
        self._units.data[:] = 1.0
        self._built = n_items

    def _lexical_number(self, case: str) -> int:
        return sorted(self.lexical).index(case)
