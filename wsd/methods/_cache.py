"""The lookups of one run, kept in an explicit :class:`RunCache` object that estimators share.

scikit-learn's ``clone`` builds a fresh estimator for every cross-validation fold, so caches
kept on the estimator would be rebuilt a hundred times per experiment.  What does not depend
on training data can be shared by every estimator of a run without changing any result: a
noun's thesaurus nodes and ancestor chains, a noun's class, the sense order of a verb, an
instance's context features.  A :class:`RunCache` holds them; ``estimator.set_cache(cache)``
makes an estimator use it (an estimator without one makes its own on first use).  The cache
lives as long as its owner keeps it: an experiment makes one per verb job, so a worker's
memory does not grow with every verb it has seen.

Thesaurus-derived tables are keyed by the thesaurus *spec* (``"wordnet-noun"``, a file path),
so a hit loads nothing.  An instance's features can also be kept *encoded*: numbered by a
:class:`FeatureIndex` of the feature setting (:meth:`RunCache.encoded`), so that the folds of
a verb build their design matrices and count tables by concatenating arrays rather than
looking every feature name up again.  Per-instance values are keyed by the instance object itself
(identity: instances are frozen records, and hashing a whole document's tokens on every
lookup would cost more than the value); the cache holds the instance, so its identity cannot
be reused while the entry lives.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

import numpy as np
from scipy import sparse

import thesaurus
from thesaurus import Thesaurus

__all__ = ["FeatureIndex", "FillerKey", "NounLookup", "RunCache", "Vocabulary"]

FillerKey = tuple[str, str | None]  # (lemma, sense key to use, or None for every sense)
Ancestors = tuple[np.ndarray, np.ndarray]  # (node ids, edges up), concatenated over senses

_EMPTY: Ancestors = (np.empty(0, np.int64), np.empty(0, np.int32))

T = TypeVar("T")


class NounLookup:
    """Filler keys -> thesaurus nodes -> ancestor chains, memoised for one thesaurus."""

    def __init__(self, nouns: Thesaurus) -> None:
        self.nouns = nouns
        self._nodes: dict[FillerKey, tuple[int, ...] | None] = {}
        self._chains: dict[FillerKey, Ancestors] = {}
        self._split: dict[FillerKey, list[Ancestors]] = {}

    def nodes(self, key: FillerKey) -> tuple[int, ...] | None:
        """The nodes a filler may denote: its sense's node when a known sense is given, else
        every sense of the word; None when the thesaurus knows neither."""
        try:
            return self._nodes[key]
        except KeyError:
            pass
        nouns = self.nouns
        lemma, sense = key
        nodes: tuple[int, ...] | None = None
        if sense is not None and nouns.has_sense(sense):
            nodes = (nouns.sense_node(sense),)
        elif nouns.has_word(lemma):
            nodes = tuple(nouns.word_nodes(lemma))
        self._nodes[key] = nodes
        return nodes

    def ancestors(self, key: FillerKey) -> Ancestors:
        """Every node the filler may denote with all their ancestors, and the edges up to each
        (a node reached from two senses appears twice: callers take minima)."""
        try:
            return self._chains[key]
        except KeyError:
            pass
        nodes = self.nodes(key)
        if not nodes:
            chain = _EMPTY
        else:
            parts = [self.nouns.ancestors(node) for node in nodes]
            chain = (
                parts[0]
                if len(parts) == 1
                else (np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts]))
            )
        self._chains[key] = chain
        return chain

    def node_chains(self, key: FillerKey) -> list[Ancestors]:
        """The ancestor chain of each node the filler may denote, separately."""
        try:
            return self._split[key]
        except KeyError:
            pass
        ids, up = self.ancestors(key)
        starts = [*np.flatnonzero(up == 0).tolist(), len(ids)]
        chains = [(ids[lo:hi], up[lo:hi]) for lo, hi in zip(starts[:-1], starts[1:], strict=True)]
        self._split[key] = chains
        return chains


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
        """Feature id -> ``vocab``'s column (-1 for a feature ``vocab`` does not hold), for the
        ids numbered so far."""
        table = np.full(len(self.names), -1, dtype=np.int64)
        ids = self.ids
        for feature, column in vocab.items():
            found = ids.get(feature)
            if found is not None:
                table[found] = column
        return table


class Vocabulary:
    """A fitted model's features and their columns: as ids of the :class:`FeatureIndex` it
    was fitted with (cross-validation folds never need the names: the dict is made when
    asked for, to save the model) or as a name -> column dict (a loaded model).

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
        """The column of each feature id ``ids`` of ``index`` (-1 for a feature not in the
        model).  A model fitted with ``index`` looks its features up by binary search, so a
        call costs what ``ids`` holds, not the whole index (which numbers every feature of
        the run: SemCor's every verb, ranked fold by fold)."""
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
        """The binary CSR matrix of inputs whose features are ``rows`` (ids of ``index``, one
        array per input) over this vocabulary's columns: features the model lacks are
        dropped, a row's entries stay in its features' order."""
        lengths = np.fromiter(map(len, rows), dtype=np.int64, count=len(rows))
        column = self.columns(index, np.concatenate(rows) if rows else np.zeros(0, np.int64))
        known = column >= 0
        row_of = np.repeat(np.arange(len(rows)), lengths)[known]
        indptr = np.concatenate([[0], np.cumsum(np.bincount(row_of, minlength=len(rows)))])
        return binary_csr(column[known], indptr, len(self), dtype)


def binary_csr(indices: np.ndarray, indptr: Any, width: int, dtype: Any) -> Any:
    """A CSR matrix of ones of ``width`` columns (int32 indices, as liblinear takes)."""
    arrays = (
        np.ones(len(indices), dtype=dtype),
        np.asarray(indices, np.int32),
        np.asarray(indptr, np.int32),
    )
    return sparse.csr_matrix(arrays, shape=(len(arrays[2]) - 1, width))


class RunCache:
    """Lookups shared by the estimators of one run (module docstring).

    ``instance_limit`` bounds the per-instance values: past it they are forgotten at once
    (the thesaurus-derived tables are bounded by the thesauri and stay).
    """

    def __init__(self, *, instance_limit: int = 1_000_000) -> None:
        self.instance_limit = instance_limit
        self._nouns: dict[str, NounLookup] = {}
        self._tables: dict[Hashable, dict[Any, Any]] = {}
        # settings -> id(instance) -> (instance, value): one hash of the settings per lookup
        # of many instances, not one per instance
        self._instances: dict[Hashable, dict[int, tuple[Any, Any]]] = {}
        self._instance_count = 0
        self._indexes: dict[Hashable, FeatureIndex] = {}

    def noun_lookup(self, spec: str) -> NounLookup:
        """The node and ancestor lookup of the noun thesaurus ``spec``."""
        nouns = thesaurus.load(spec)
        lookup = self._nouns.get(spec)
        if lookup is None or lookup.nouns is not nouns:  # reloaded: node ids may differ
            lookup = self._nouns[spec] = NounLookup(nouns)
        return lookup

    def table(self, name: Hashable) -> dict[Any, Any]:
        """A dict for values derived from thesauri under the setting ``name`` (which names the
        thesaurus spec too), e.g. ``("bayes-noun-class", "lexfile", "wordnet-noun")``."""
        found = self._tables.get(name)
        if found is None:
            found = self._tables[name] = {}
        return found

    def instance_value(self, settings: Hashable, instance: Any, compute: Callable[[], T]) -> T:
        """The value ``compute()`` gives for ``instance`` under ``settings``, computed once."""
        (value,) = self.instance_values(settings, (instance,), lambda _: compute())
        return value

    def instance_values(
        self, settings: Hashable, instances: Iterable[Any], compute: Callable[[Any], T]
    ) -> list[T]:
        """:meth:`instance_value` of every instance, ``compute(instance)`` for the missing."""
        found = self._instances.get(settings, {})
        out: list[T] = []
        for instance in instances:
            entry = found.get(id(instance))
            if entry is not None and entry[0] is instance:
                out.append(entry[1])
            else:
                value = compute(instance)
                self._remember(settings, instance, value)
                found = self._instances[settings]  # (a new table when the limit was reached)
                out.append(value)
        return out

    def _remember(self, settings: Hashable, instance: Any, value: Any) -> None:
        """Keep ``value`` of ``instance`` under ``settings``; past ``instance_limit`` values,
        forget every earlier one first.  The entry holds the instance, so its ``id`` is not
        reused by another object while the entry lives."""
        if self._instance_count >= self.instance_limit:
            self._instances.clear()
            self._instance_count = 0
        table = self._instances.get(settings)
        if table is None:
            table = self._instances[settings] = {}
        self._instance_count += id(instance) not in table
        table[id(instance)] = (instance, value)

    def feature_index(self, settings: Hashable) -> FeatureIndex:
        """The numbering of the features computed under ``settings``."""
        found = self._indexes.get(settings)
        if found is None:
            found = self._indexes[settings] = FeatureIndex()
        return found

    def encoded(
        self, settings: Hashable, instance: Any, features: Callable[[], Iterable[Hashable]]
    ) -> np.ndarray:
        """``instance``'s features (``features()``, computed once) as ids of
        :meth:`feature_index` ``(settings)``."""
        index = self.feature_index(settings)
        return self.instance_value(
            ("encoded", settings), instance, lambda: index.encode(features())
        )

    def clear(self) -> None:
        """Forget everything, so the next use starts cold."""
        self._nouns.clear()
        self._tables.clear()
        self._instances.clear()
        self._instance_count = 0
        self._indexes.clear()

    def __repr__(self) -> str:
        sizes = (len(self._nouns), len(self._tables), self._instance_count)
        return "RunCache(noun_lookups={}, tables={}, instance_values={})".format(*sizes)
