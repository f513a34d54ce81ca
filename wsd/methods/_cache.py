"""Case fillers as nodes of a noun thesaurus: :class:`NounLookup` memoises their nodes and
ancestor chains."""

from __future__ import annotations

import numpy as np

from thesaurus import Thesaurus

__all__ = ["FillerKey", "NounLookup"]

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
