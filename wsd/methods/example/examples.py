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
        self.case_ids: dict[str, int] = {}  # case -> number
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
        return self.case_ids[case] * self.n_nodes

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
        _, owner, at = _spread(t["spread_ptr"], entries.items)
        rows = t["spread_rows"][at]
        own = t["row_down"][rows] == 0  # the item's own nodes
        rows, owner = rows[own], owner[own]
        held = np.zeros((len(t["row_key"]), n_senses), bool)
        held[rows, entries.columns[owner]] = True
        below = np.zeros((len(rows) + 1, n_senses), np.int64)  # held nodes counted so far
        np.cumsum(held[rows], axis=0, out=below[1:])
        sizes = np.bincount(owner, minlength=len(entries.items))
        ends = np.cumsum(sizes)
        return below[ends] > below[ends - sizes]

    def _build(self) -> dict[str, Any]:
        """The tables over every item numbered so far: ``row_key``/``row_down``, the (node,
        edges down) rows of every item's nodes' ancestors; ``spread_*``, each item's cells on
        the rows (CSR) with its share of the filler and its count of nodes there."""
        t = self.tables
        if self.built == len(self.items):
            return t
        anc_parts, up_parts, shares = [np.empty(0, np.int64)], [np.empty(0, np.int64)], []
        for (case, key), item in self.items.items():
            if case in self.lexical:
                (ids, up), denoted = mark_chain(item), 1
            else:
                (ids, up), denoted = self.lookup.ancestors(key), len(self.lookup.nodes(key) or ())
                ids = ids.astype(np.int64) + self.shift(case)
            anc_parts.append(ids)
            up_parts.append(up.astype(np.int64))
            shares.append(1.0 / max(denoted, 1))
        sizes = [len(ids) for ids in anc_parts[1:]]
        anc, up = np.concatenate(anc_parts), np.concatenate(up_parts)
        width = int(up.max(initial=0)) + 2
        rows, row_of = np.unique(anc * width + up, return_inverse=True)
        t["row_key"], t["row_down"] = rows // width, rows % width
        # one cell per (item, row): an item's nodes may share an ancestor at one depth
        n_rows = max(len(rows), 1)
        cells = np.repeat(np.arange(len(sizes)), sizes) * n_rows + row_of.ravel()
        cell, where = np.unique(cells, return_inverse=True)
        t["spread_share"] = np.bincount(where.ravel(), np.repeat(shares, sizes))
        t["spread_count"] = np.bincount(where.ravel()).astype(float)
        t["spread_ptr"] = _pointers(cell // n_rows, len(sizes))
        t["spread_rows"] = cell % n_rows
        self.built = len(sizes)
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
