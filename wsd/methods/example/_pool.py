"""A verb's training fillers, numbered once for all the example-based models of a run.

A model is its distinct :class:`Entries` (item, sense column, count); its point index and CCD
counts are sparse products of them with the pool's tables.  Nominal cases are separate copies of
the tree: node ids shifted by ``case number * n_nodes``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import numpy as np

from wsd.methods.example._examples import Entries, Item, PointIndex
from wsd.methods.noun_lookup import NounLookup

__all__ = ["ExamplePool"]


class ExamplePool:
    """The (case, filler) items of one verb's examples across the fits of a run.  ``lexical``
    are the cases whose fillers are words (marks); the others are ``lookup``'s nouns."""

    def __init__(self, lookup: NounLookup, lexical: Collection[str]) -> None:
        self.lookup = lookup
        self.lexical = frozenset(lexical)
        self.n_nodes = lookup.nouns.n_nodes
        self.items: dict[Item, int] = {}
        self.pairs: list[Item] = []  # item number -> (case, filler key)
        self.cases: dict[str, int] = {}  # nominal case -> number (its shift / n_nodes)
        self.case_ids: dict[str, int] = {}  # every case -> number
        self.item_case: list[int] = []  # item number -> its case's number
        self.encodings: dict[int, tuple[list[Item], list[Item], np.ndarray]] = {}
        self.tables: dict[str, Any] = {}  # what _build made, over `built` items
        self.built = -1

    def ids(self, items: Sequence[Item]) -> np.ndarray:
        """The item number of each (case, filler) pair, numbering new ones."""
        out = np.empty(len(items), np.int64)
        for i, item in enumerate(items):
            found = self.items.get(item)
            if found is None:
                found = self.items[item] = len(self.pairs)
                self.pairs.append(item)
                self.item_case.append(self.case_ids.setdefault(item[0], len(self.case_ids)))
            out[i] = found
        return out

    def encoded(self, pairs: list[Item]) -> np.ndarray:
        """:meth:`ids` of one instance's items, memoised by the list object."""
        entry = self.encodings.get(id(pairs))
        if entry is not None and entry[0] is pairs and entry[1] == pairs:
            return entry[2]
        ids = self.ids(pairs)
        if len(self.encodings) >= 1_000_000:
            self.encodings.clear()
        self.encodings[id(pairs)] = (pairs, list(pairs), ids)  # the list kept: its id stays
        return ids

    def entries(self, ids: np.ndarray, columns: np.ndarray, n_senses: int) -> Entries:
        """A model's :class:`Entries`: item ``ids[e]`` seen with sense column ``columns[e]``."""
        if not len(ids):
            empty = np.empty(0, np.int64)
            return Entries(empty, empty, empty, empty, empty, ())
        if len(self.tables.get("item_case", ())) != len(self.item_case):
            self.tables["item_case"] = np.asarray(self.item_case, np.int64)
        item_case = self.tables["item_case"]
        distinct, first, numbers = np.unique(
            ids * n_senses + columns, return_index=True, return_counts=True
        )
        items, cols = np.divmod(distinct, n_senses)
        seen, case_first = np.unique(item_case[ids], return_index=True)
        case_order = seen[np.argsort(case_first)]
        rank = np.empty(len(self.case_ids), np.int64)
        rank[case_order] = np.arange(len(case_order))
        case_of = rank[item_case[items]]
        order = np.lexsort((first, cols, case_of))
        names = list(self.case_ids)
        cases = tuple(names[c] for c in case_order.tolist())
        return Entries(
            items[order], cols[order], numbers[order], case_of[order], first[order], cases
        )

    def shift(self, case: str) -> int:
        """The node-id shift of a nominal case in this pool's point indexes."""
        return self.cases.setdefault(case, len(self.cases)) * self.n_nodes

    def point_index(self, entries: Entries, n_senses: int) -> PointIndex:
        """The point index of a model's nominal examples (``1/m`` at each of ``m`` nodes)."""
        from wsd.methods.example._kernels import pool_entries

        t = self._build()
        cells = self._buffer("cells", len(t["row_key"]) * n_senses, float)
        rows, cols, weights = pool_entries(
            t["spread_ptr"], t["spread_rows"], t["spread_share"], entries.items,
            entries.columns, entries.counts.astype(float), n_senses, cells, t["row_mark"],
        )  # fmt: skip
        key = t["row_key"][rows]
        starts = np.ones(len(key), bool)
        np.not_equal(key[1:], key[:-1], out=starts[1:])
        first = np.flatnonzero(starts)
        offsets = np.append(first, len(key)).astype(np.int64)
        return PointIndex(key[first], offsets, cols, t["row_down"][rows], weights, n_senses)

    def shared(self, entries: Entries, n_senses: int) -> tuple[np.ndarray, np.ndarray]:
        """CCD's counts under identity matching (:func:`~._kernels.pool_shared`)."""
        from wsd.methods.example._kernels import pool_shared

        t = self._build()
        held = self._buffer("held", t["n_units"] * n_senses, bool)
        return pool_shared(
            t["unit_ptr"], t["unit_ids"], entries.items, entries.columns, entries.case_of,
            n_senses, len(entries.cases), held,
        )  # fmt: skip

    def _buffer(self, name: str, size: int, dtype: type) -> np.ndarray:
        found = self.tables.get(name)
        if found is None or len(found) < size:
            found = self.tables[name] = np.zeros(max(size, 1), dtype=dtype)
        return found

    def _build(self) -> dict[str, Any]:
        """The item tables over every item numbered so far."""
        t = self.tables
        if self.built == len(self.items):
            return t
        anc_parts: list[np.ndarray] = []
        up_parts: list[np.ndarray] = []
        owner: list[int] = []
        share: list[float] = []
        unit_items: list[int] = []
        unit_keys: list[tuple[int, Any]] = []
        lexical = sorted(self.lexical)
        for (case, key), item in self.items.items():
            if case in self.lexical:
                unit_items.append(item)
                unit_keys.append((-1 - lexical.index(case), key[0]))
                continue
            denoted, shift = self.lookup.nodes(key) or (), self.shift(case)
            unit_items.extend([item] * len(denoted))
            unit_keys.extend((shift, node) for node in denoted)
            if denoted:
                ids, up = self.lookup.ancestors(key)
                anc_parts.append(ids.astype(np.int64) + shift)
                up_parts.append(up.astype(np.int64))
                owner.extend([item] * len(ids))
                share.extend([1.0 / len(denoted)] * len(ids))
        n_items = len(self.items)
        if anc_parts:
            anc, up = np.concatenate(anc_parts), np.concatenate(up_parts)
            width = int(up.max()) + 2
            rows, row_of = np.unique(anc * width + up, return_inverse=True)
            t["row_key"], t["row_down"] = rows // width, rows % width
            # one cell per (item, row): an item's nodes may share an ancestor at one depth
            cells = np.asarray(owner) * len(rows) + row_of.ravel()
            cell, where = np.unique(cells, return_inverse=True)
            t["spread_share"] = np.bincount(where.ravel(), np.asarray(share))
            t["spread_ptr"] = _pointers(cell // len(rows), n_items)
            t["spread_rows"] = cell % len(rows)
        else:
            t["row_key"] = t["row_down"] = t["spread_rows"] = np.empty(0, np.int64)
            t["spread_ptr"], t["spread_share"] = np.zeros(n_items + 1, np.int64), np.empty(0)
        t["row_mark"] = np.zeros(len(t["row_key"]), dtype=bool)
        numbers: dict[tuple[int, Any], int] = {}
        unit_ids = np.fromiter(
            (numbers.setdefault(u, len(numbers)) for u in unit_keys), np.int64, len(unit_keys)
        )
        t["n_units"] = n_units = max(1, len(numbers))
        pairs = np.unique(np.asarray(unit_items, np.int64) * n_units + unit_ids)
        t["unit_ptr"], t["unit_ids"] = _pointers(pairs // n_units, n_items), pairs % n_units
        self.built = n_items
        return t


def _pointers(owners: np.ndarray, n: int) -> np.ndarray:
    """CSR row pointers of sorted ``owners`` (each below ``n``)."""
    return np.r_[0, np.cumsum(np.bincount(owners, minlength=n))].astype(np.int64)
