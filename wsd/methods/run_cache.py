"""Lookups that do not depend on training data, shared by the estimators of one run
(``estimator.set_cache(cache)``): :class:`RunCache`.  Results never depend on the cache."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, TypeVar

import thesaurus
from wsd.methods.feature_index import FeatureIndex
from wsd.methods.noun_lookup import NounLookup

__all__ = ["RunCache"]

T = TypeVar("T")


class RunCache:
    """Memoised lookups per thesaurus spec, instance object and feature setting.

    Parameters
    ----------
    instance_limit : int, default=1_000_000
        Past this many per-instance values, all of them are forgotten.
    """

    def __init__(self, *, instance_limit: int = 1_000_000) -> None:
        self.instance_limit = instance_limit
        self._nouns: dict[str, NounLookup] = {}
        self._tables: dict[Hashable, dict[Any, Any]] = {}
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
        """A dict for the setting ``name``, e.g. ``("sense-order", "wordnet-verb")``."""
        return self._tables.setdefault(name, {})

    def instance_value(self, settings: Hashable, instance: Any, compute: Callable[[], T]) -> T:
        """``compute()``, the value of ``instance`` under ``settings``, computed once."""
        (value,) = self.instance_values(settings, (instance,), lambda _: compute())
        return value

    def instance_values(
        self, settings: Hashable, instances: Iterable[Any], compute: Callable[[Any], T]
    ) -> list[T]:
        """``compute(instance)`` of every instance under ``settings``, each computed once."""
        table = self._instances.setdefault(settings, {})
        out: list[T] = []
        for instance in instances:
            entry = table.get(id(instance))
            if entry is None:
                if self._instance_count >= self.instance_limit:
                    self._instances.clear()
                    self._instance_count = 0
                    table = self._instances[settings] = {}
                entry = table[id(instance)] = (instance, compute(instance))
                self._instance_count += 1
            out.append(entry[1])
        return out

    def feature_index(self, settings: Hashable) -> FeatureIndex:
        """The numbering of the features computed under ``settings``."""
        return self._indexes.setdefault(settings, FeatureIndex())

    def __repr__(self) -> str:
        sizes = (len(self._nouns), len(self._tables), self._instance_count)
        return "RunCache(noun_lookups={}, tables={}, instance_values={})".format(*sizes)
