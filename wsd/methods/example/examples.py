"""The one encoding of a verb's examples, shared by fitting, per-verb tuning and ranking.

An :class:`ExamplePool` numbers a verb's (case, filler) items once for all the models of a run;
a model (:class:`VerbModel`) is its distinct :class:`Entries` (item, sense column, count), and
its :class:`PointIndex` (what SIM reads) and CCD's counts are sparse products of them with the
pool's tables.  Nominal cases are separate copies of the noun tree (node ids shifted by ``case
number * n_nodes``); a mark's word is a node of its own, below nothing (id ``-1 - item``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from wsd.methods.noun_lookup import Chain, FillerKey, NounLookup

__all__ = ["Entries", "ExamplePool", "Examples", "PointIndex", "VerbModel", "mark_chain"]

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
class VerbModel:
    """One verb's fitted examples and what scoring reads of them."""

    senses: tuple[str, ...]  # training senses in tie-break order: the column order everywhere
    pairs: list[Item]  # the (case, filler) items `entries` numbers (its pool's, growing)
    entries: Entries
    points: PointIndex  # what SIM reads
    setting: dict[str, Any] = field(default_factory=dict)  # this verb's `tune` choice
    shift: dict[str, int] = field(default_factory=dict)  # nominal case -> its node-id shift
    marks: dict[Item, int] = field(default_factory=dict)  # a seen mark's word -> its item
    ccd: dict[str, float] = field(default_factory=dict)  # raw CCD (before the beta power)
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

    def point_index(self, entries: Entries, n_senses: int, *, nearest: bool) -> PointIndex:
        """The point index of a model's examples: a filler of ``m`` nodes counts ``1/m`` at
        each; ``nearest``: 1 at each (only the nearest matters, as whole numbers)."""
        t = self._build()
        share = t["spread_count" if nearest else "spread_share"]
        _, owner, at = _spread(t["spread_ptr"], entries.items)
        cells = t["spread_rows"][at] * n_senses + entries.columns[owner]
        # summed in model order, as bincount adds its weights one by one
        dense = np.bincount(cells, share[at] * entries.counts[owner], len(t["row_key"]) * n_senses)
        cell = np.flatnonzero(dense)
        rows, cols = np.divmod(cell, n_senses)
        keys, first = np.unique(t["row_key"][rows], return_index=True)  # rows run by key
        offsets = np.append(first, len(rows)).astype(np.int64)
        return PointIndex(keys, offsets, cols, t["row_down"][rows], dense[cell], n_senses)

    def shared(self, entries: Entries, n_senses: int) -> np.ndarray:
        """Whether each example's filler shares a node (a mark: its word) with an example of
        each sense: CCD's sharing when ``ccd_match`` is reached at length 0 only."""
        t = self._build()
        sizes, owner, at = _spread(t["unit_ptr"], entries.items)
        units = t["unit_ids"][at]
        held = np.zeros((t["n_units"], n_senses), bool)
        held[units, entries.columns[owner]] = True
        below = np.zeros((len(units) + 1, n_senses), np.int64)  # held units counted so far
        np.cumsum(held[units], axis=0, out=below[1:])
        ends = np.cumsum(sizes)
        return below[ends] > below[ends - sizes]

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
        for (case, key), item in self.items.items():
            if case in self.lexical:
                unit_items.append(item)
                unit_keys.append((-1, item))
                denoted: tuple[int, ...] = (0,)
                ids, up = mark_chain(item)
            else:
                denoted, shift = self.lookup.nodes(key) or (), self.shift(case)
                unit_items.extend([item] * len(denoted))
                unit_keys.extend((shift, node) for node in denoted)
                ids, up = self.lookup.ancestors(key)
                ids = ids.astype(np.int64) + shift
            if denoted:
                anc_parts.append(ids)
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
            t["spread_count"] = np.bincount(where.ravel()).astype(float)
            t["spread_ptr"] = _pointers(cell // len(rows), n_items)
            t["spread_rows"] = cell % len(rows)
        else:
            t["row_key"] = t["row_down"] = t["spread_rows"] = np.empty(0, np.int64)
            t["spread_ptr"] = np.zeros(n_items + 1, np.int64)
            t["spread_share"] = t["spread_count"] = np.empty(0)
        numbers: dict[tuple[int, Any], int] = {}
        unit_ids = np.fromiter(
            (numbers.setdefault(u, len(numbers)) for u in unit_keys), np.int64, len(unit_keys)
        )
        t["n_units"] = n_units = max(1, len(numbers))
        pairs = np.unique(np.asarray(unit_items, np.int64) * n_units + unit_ids)
        t["unit_ptr"], t["unit_ids"] = _pointers(pairs // n_units, n_items), pairs % n_units
        self.built = n_items
        return t


def _spread(ptr: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The CSR ``rows`` of pointers ``ptr`` laid end to end: their sizes, and the row (its
    position in ``rows``) and the position of each cell."""
    sizes = ptr[rows + 1] - ptr[rows]
    owner = np.repeat(np.arange(len(rows)), sizes)
    at = np.arange(len(owner)) + np.repeat(ptr[rows] - np.cumsum(sizes) + sizes, sizes)
    return sizes, owner, at


def _pointers(owners: np.ndarray, n: int) -> np.ndarray:
    """CSR row pointers of sorted ``owners`` (each below ``n``)."""
    return np.r_[0, np.cumsum(np.bincount(owners, minlength=n))].astype(np.int64)


def mark_chain(item: int) -> Chain:
    """The chain of a mark's word (item number ``item``): one node of its own, id ``-1 - item``."""
    return np.array([-1 - item], np.int64), np.zeros(1, np.int64)
