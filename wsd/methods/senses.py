"""The verb thesaurus as a method's sense inventory: the order of a verb's senses, the senses
it lists, why it refuses one, and the checks of the senses a saved model's state names."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

import thesaurus
from wsd.methods._state import sense_key
from wsd.methods.run_cache import RunCache

__all__ = ["not_listed", "sense_order", "state_senses", "unlisted_sense"]


class Method(Protocol):
    """What these functions read of a :class:`~wsd.methods.Disambiguator`."""

    verb_thesaurus: str
    sense_counts_: dict[str, Counter[str]]

    @property
    def cache(self) -> RunCache: ...


def sense_order(method: Method, lemma: str, sense: str) -> int:
    """Position of ``sense`` in the verb thesaurus's order for ``lemma`` (unknown: last)."""
    orders = method.cache.table(("sense-order", method.verb_thesaurus))
    order = orders.get(lemma)
    if order is None:
        inventory = thesaurus.load(method.verb_thesaurus)
        senses = inventory.senses(lemma) if inventory.has_word(lemma) else ()
        order = orders[lemma] = {s: i for i, s in enumerate(senses)}
    return int(order.get(sense, len(order)))


def _listed_senses(method: Method, lemma: str) -> frozenset[str] | None:
    """The senses the verb thesaurus lists under ``lemma``, lower-cased (None: no word)."""
    table = method.cache.table(("listed-senses", method.verb_thesaurus))
    if lemma not in table:
        inventory = thesaurus.load(method.verb_thesaurus)
        listed = inventory.senses(lemma) if inventory.has_word(lemma) else None
        table[lemma] = None if listed is None else frozenset(s.lower() for s in listed)
    found: frozenset[str] | None = table[lemma]
    return found


def unlisted_sense(method: Method, lemma: str, senses: Iterable[str]) -> str | None:
    """The first of ``senses`` the verb thesaurus does not list under ``lemma``, or None."""
    listed = _listed_senses(method, lemma)
    for sense in senses:
        if listed is None or sense.lower() not in listed:
            return sense
    return None


def not_listed(method: Method, lemma: str, sense: str) -> str:
    """Why ``sense`` cannot be a sense of ``lemma`` here (the end of an error message)."""
    version = thesaurus.load(method.verb_thesaurus).version
    where = f"the verb thesaurus {method.verb_thesaurus!r} (version {version})"
    if _listed_senses(method, lemma) is None:
        return f"{lemma!r} is not a word of {where}"
    return f"{sense!r} is not a sense of {lemma!r} in {where}"


def state_senses(
    method: Method, lemma: str, field: str, senses: Any, *, every: bool
) -> tuple[str, ...]:
    """The senses a saved state lists in ``field``, lower-cased, each once and trained
    (``sense_counts_``); ``every``: all the trained ones.  Else ValueError."""
    if not isinstance(senses, list | tuple | dict):
        raise ValueError(f"{field} must be a list of sense keys")
    keys = tuple(sense_key(f"{field}[{i}]", s) for i, s in enumerate(senses))
    known: Mapping[str, int] = method.sense_counts_.get(lemma, {})
    for key in keys:
        if key not in known:
            raise ValueError(f"{field} names sense {key!r}, not one of its sense_counts")
    if len(set(keys)) != len(keys):
        raise ValueError(f"{field} lists a sense twice")
    if every and len(keys) != len(known):
        missing = sorted(set(known) - set(keys))[0]
        raise ValueError(f"{field} leaves out the trained sense {missing!r}")
    return keys
