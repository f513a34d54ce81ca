"""Lookups that depend only on a thesaurus (or on an instance and fixed feature settings),
shared by every estimator in the process.

scikit-learn's ``clone`` builds a fresh estimator for every cross-validation fold, so caches
kept on the estimator would be rebuilt a hundred times per experiment.  These do not depend on
training data, so sharing them changes no result: a noun's thesaurus nodes and their
ancestors, a noun's class, an instance's context features.  :func:`clear` empties them all
(``Disambiguator.clear_caches`` calls it, so a benchmark can start cold).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

import numpy as np

from thesaurus import Thesaurus

__all__ = ["InstanceMemo", "NounLookup", "clear", "forget_instances", "noun_lookup", "table"]

FillerKey = tuple[str, str | None]  # (lemma, sense key to use, or None for every sense)
Ancestors = tuple[np.ndarray, np.ndarray]  # (node ids, edges up), concatenated over senses

_EMPTY: Ancestors = (np.empty(0, np.int64), np.empty(0, np.int32))


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


_LOOKUPS: dict[int, NounLookup] = {}
_TABLES: dict[tuple[Hashable, int], tuple[Any, dict[Any, Any]]] = {}


def noun_lookup(nouns: Thesaurus) -> NounLookup:
    """The shared lookup of ``nouns`` (one per loaded thesaurus object)."""
    lookup = _LOOKUPS.get(id(nouns))
    if lookup is None or lookup.nouns is not nouns:
        lookup = _LOOKUPS[id(nouns)] = NounLookup(nouns)
    return lookup


def table(name: Hashable, owner: Any) -> dict[Any, Any]:
    """A shared dict for values derived from ``owner`` (a thesaurus) under setting ``name``."""
    entry = _TABLES.get((name, id(owner)))
    if entry is None or entry[0] is not owner:
        entry = _TABLES[(name, id(owner))] = (owner, {})
    return entry[1]


T = TypeVar("T")


class InstanceMemo(Generic[T]):
    """Values computed from an instance under fixed settings, keyed by object identity.

    Entries hold the instance itself, so an id is never reused while its entry lives, and a
    hit is checked with ``is``.  The memo empties itself past ``limit`` entries.
    """

    def __init__(self, limit: int = 1_000_000) -> None:
        self.limit = limit
        self._items: dict[tuple[Hashable, int], tuple[Any, T]] = {}

    def get(self, settings: Hashable, instance: Any, compute: Callable[[], T]) -> T:
        key = (settings, id(instance))
        entry = self._items.get(key)
        if entry is not None and entry[0] is instance:
            return entry[1]
        value = compute()
        if len(self._items) >= self.limit:
            self._items.clear()
        self._items[key] = (instance, value)
        return value

    def clear(self) -> None:
        self._items.clear()


MEMOS: list[InstanceMemo[Any]] = []


def forget_instances() -> None:
    """Forget the per-instance memos (they hold their instances alive), keep the lookups
    that depend only on thesauri: call it between batches of unrelated instances."""
    for memo in MEMOS:
        memo.clear()


def clear() -> None:
    """Forget every shared lookup and memo."""
    _LOOKUPS.clear()
    _TABLES.clear()
    for memo in MEMOS:
        memo.clear()
