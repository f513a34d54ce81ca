"""Case fillers as nodes of the noun thesaurus, with their ancestor chains."""

from __future__ import annotations

import numpy as np

from thesaurus import Thesaurus

__all__ = ["Chain", "FillerKey", "NounLookup"]

FillerKey = tuple[str, str | None]  # (lemma, sense key to use, or None for every sense)
Chain = tuple[np.ndarray, np.ndarray]  # (node ids, edges up), concatenated over the senses

_EMPTY: Chain = (np.empty(0, np.int64), np.empty(0, np.int32))


class NounLookup:
    """Filler keys -> thesaurus nodes -> ancestor chains, memoised for one thesaurus."""

    def __init__(self, nouns: Thesaurus) -> None:
        self.nouns = nouns
        self._nodes: dict[FillerKey, tuple[int, ...] | None] = {}
        self._chains: dict[FillerKey, Chain] = {}

    def nodes(self, key: FillerKey) -> tuple[int, ...] | None:
        """The nodes a filler may denote: its known sense's, else its word's (None: neither)."""
        if key not in self._nodes:
            lemma, sense = key
            nodes: tuple[int, ...] | None = None
            if sense is not None and self.nouns.has_sense(sense):
                nodes = (self.nouns.sense_node(sense),)
            elif self.nouns.has_word(lemma):
                nodes = tuple(self.nouns.word_nodes(lemma))
            self._nodes[key] = nodes
        return self._nodes[key]

    def ancestors(self, key: FillerKey) -> Chain:
        """Each node the filler may denote, then its ancestors to the root, with edges up."""
        if key not in self._chains:
            parts = [self.nouns.ancestors(node) for node in self.nodes(key) or ()]
            if len(parts) == 1:
                self._chains[key] = parts[0]
            elif parts:
                self._chains[key] = (
                    np.concatenate([p[0] for p in parts]),
                    np.concatenate([p[1] for p in parts]),
                )
            else:
                self._chains[key] = _EMPTY
        return self._chains[key]
