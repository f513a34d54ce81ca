"""The :class:`Thesaurus`: a tree of concept nodes (:mod:`thesaurus.path_lengths`) with word
senses attached to nodes.

Senses are strings (WordNet sense keys such as ``use%2:34:01::``, or a file thesaurus's ids);
a word has an ordered tuple of senses and is looked up by :func:`normalize_word`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from thesaurus.path_lengths import Tree, unique_index
from thesaurus.utils.errors import ThesaurusError, UnknownKeyError

__all__ = ["Thesaurus", "WordTable", "normalize_word"]

MappingLike = str | Callable[[np.ndarray], np.ndarray]


def normalize_word(word: str) -> str:
    """The lookup form of a lemma: stripped, lower-cased, spaces as underscores.

    Parameters
    ----------
    word : str
        A lemma as written (``"Give up"``).

    Returns
    -------
    str
        The lookup form (``"give_up"``).

    Examples
    --------
    >>> normalize_word("  Give Up ")
    'give_up'
    """
    return "_".join(word.strip().lower().split())


@dataclass(frozen=True, slots=True)
class WordTable:
    """Words and their senses in compressed rows: word ``words[i]`` owns the sense indices
    ``senses[offsets[i] : offsets[i + 1]]``, in sense order.

    >>> table = WordTable.from_mapping({"bank": [0, 2], "shore": [1]})
    >>> table.offsets.tolist(), table.senses.tolist()
    ([0, 2, 3], [0, 2, 1])
    """

    words: tuple[str, ...]
    offsets: np.ndarray  # int64, len(words) + 1, starts at 0, non-decreasing
    senses: np.ndarray  # int32 indices into the thesaurus's sense ids

    @classmethod
    def from_mapping(cls, words: Mapping[str, Sequence[int]]) -> WordTable:
        """The table of ``word -> sense indices``, in the mapping's order."""
        offsets = np.zeros(len(words) + 1, dtype=np.int64)
        np.cumsum([len(senses) for senses in words.values()], out=offsets[1:])
        flat = [j for senses in words.values() for j in senses]
        return cls(tuple(words), offsets, np.asarray(flat, dtype=np.int32))

    def index(self, name: str, n_senses: int) -> dict[str, int]:
        """``word -> row``, after checking that the rows are consistent, point at known senses
        and no word repeats (:class:`ThesaurusError` naming thesaurus ``name`` otherwise)."""
        offsets, senses = self.offsets, self.senses
        if offsets.dtype.kind not in "iu" or (senses.size and senses.dtype.kind not in "iu"):
            raise ThesaurusError(f"{name}: word table arrays must hold integers")
        if (
            offsets.shape != (len(self.words) + 1,)
            or offsets[0] != 0
            or offsets[-1] != len(senses)
            or np.any(np.diff(offsets) < 0)
        ):
            raise ThesaurusError(f"{name}: word table offsets do not match its senses")
        if senses.size and not (0 <= senses.min() and senses.max() < n_senses):
            raise ThesaurusError(f"{name}: a word points at a sense index out of range")
        return unique_index(self.words, f"{name}: a word repeats in the word table")


class Thesaurus(Tree):
    """A rooted tree of named concept nodes (a :class:`~thesaurus.path_lengths.Tree`), with
    senses attached to nodes and words owning senses.

    Parameters
    ----------
    name, version : str
        What the resource is (models record both), e.g. ``"wordnet-verb"``, ``"3.0"``.
    node_names : sequence of str
        Node ``i`` is called ``node_names[i]``; names are unique.
    parent : array of int, shape (n_nodes,)
        ``parent[i]`` is node ``i``'s parent; ``-1`` marks the one root.
    sense_ids : sequence of str
        The senses (WordNet sense keys, or a file thesaurus's ids); unique.
    sense_nodes : array of int, shape (n_senses,)
        Sense ``sense_ids[j]`` is attached to node ``sense_nodes[j]``.
    words : mapping of str to sequence of int, or WordTable
        A normalised word (:func:`normalize_word`) -> indices into ``sense_ids``, in sense
        order.
    euler : array of int, optional
        A cached :attr:`euler_tour`, checked against ``parent``.

    Raises
    ------
    ThesaurusError
        If ``parent`` is not a single rooted tree, a given tour is not one of its Euler tours,
        names or ids repeat, or a sense or word points out of range.

    Examples
    --------
    >>> t = Thesaurus("t", "0", ["R", "a", "b"], np.array([-1, 0, 0]), ["s1", "s2"],
    ...               np.array([1, 2]), {"run": [0, 1]})
    >>> t.senses("Run"), t.sense_length("s1", "s2"), t.maxlen("run")
    (('s1', 's2'), 2, 2)
    """

    def __init__(
        self,
        name: str,
        version: str,
        node_names: Sequence[str],
        parent: np.ndarray,
        sense_ids: Sequence[str],
        sense_nodes: np.ndarray,
        words: Mapping[str, Sequence[int]] | WordTable,
        *,
        euler: np.ndarray | None = None,
    ) -> None:
        super().__init__(name, node_names, parent, euler=euler)
        self.version = version
        self._sense_ids = list(sense_ids)
        self._sense_nodes = np.asarray(sense_nodes, dtype=np.int32)
        if self._sense_nodes.shape != (len(self._sense_ids),):
            raise ThesaurusError(
                f"{name}: {len(self._sense_ids)} sense ids but {self._sense_nodes.size} sense nodes"
            )
        if self._sense_nodes.size and not (
            0 <= self._sense_nodes.min() and self._sense_nodes.max() < self.n_nodes
        ):
            raise ThesaurusError(f"{name}: a sense points at a node id out of range")
        table = words if isinstance(words, WordTable) else WordTable.from_mapping(words)
        self._word_index = table.index(name, len(self._sense_ids))
        self._word_list = table.words
        self._word_bounds: list[int] = table.offsets.tolist()
        self._word_senses: list[int] = table.senses.tolist()
        self._sense_index = unique_index(self._sense_ids, f"{name}: sense ids repeat")
        self._maxlen_cache: dict[str, int] = {}
        self._sense_owner: list[int] | None = None  # sense index -> word row, built on demand

    # --- words and senses ---------------------------------------------------------------------
    @property
    def words(self) -> tuple[str, ...]:
        """All words, in insertion order."""
        return self._word_list

    @property
    def sense_ids(self) -> tuple[str, ...]:
        """All sense ids, in the order they were given."""
        return tuple(self._sense_ids)

    def has_word(self, lemma: str) -> bool:
        """Whether ``lemma`` (normalised by :func:`normalize_word`) has senses here."""
        return normalize_word(lemma) in self._word_index

    def senses(self, lemma: str) -> tuple[str, ...]:
        """Sense ids of ``lemma`` in sense order (WordNet: sense number; file: file order)."""
        return tuple(self._sense_ids[j] for j in self._word(lemma))

    def word_nodes(self, lemma: str) -> tuple[int, ...]:
        """Nodes of ``lemma``'s senses, parallel to :meth:`senses` (may repeat a node)."""
        return tuple(int(self._sense_nodes[j]) for j in self._word(lemma))

    def has_sense(self, sense_id: str) -> bool:
        """Whether ``sense_id`` (as given, else lower-cased) is a sense here."""
        return self._find_sense(sense_id) is not None

    def sense_word(self, sense_id: str) -> str | None:
        """The word that owns a sense (the first in word order if several do), ``None`` for an
        unknown sense.

        >>> t = Thesaurus("t", "0", ["R", "a"], np.array([-1, 0]), ["s1"], np.array([1]),
        ...               {"run": [0]})
        >>> t.sense_word("s1"), t.sense_word("s9")
        ('run', None)
        """
        j = self._find_sense(sense_id)
        if j is None:
            return None
        if self._sense_owner is None:
            bounds, owner = self._word_bounds, [-1] * len(self._sense_ids)
            for row in range(len(self._word_list) - 1, -1, -1):  # first word wins
                for k in self._word_senses[bounds[row] : bounds[row + 1]]:
                    owner[k] = row
            self._sense_owner = owner
        row = self._sense_owner[j]
        return self._word_list[row] if row >= 0 else None

    def sense_node(self, sense_id: str) -> int:
        """Node a sense is attached to (UnknownKeyError naming the key if unknown)."""
        j = self._find_sense(sense_id)
        if j is None:
            hint = self.sense_hint(sense_id)
            raise UnknownKeyError(f"unknown sense key {sense_id!r} in thesaurus {self.name}{hint}")
        return int(self._sense_nodes[j])

    def sense_length(self, sense_a: str, sense_b: str) -> int:
        """``LEN`` between the nodes of two senses."""
        return self.path_length(self.sense_node(sense_a), self.sense_node(sense_b))

    def maxlen(self, lemma: str) -> int:
        """``MAXLEN(word)`` = max over pairs of its senses of LEN (0 for a single sense)."""
        word = normalize_word(lemma)
        cached = self._maxlen_cache.get(word)
        if cached is None:
            nodes = np.asarray(self.word_nodes(word), dtype=np.int64)
            pairs = np.array(list(combinations(range(len(nodes)), 2)), dtype=np.int64)
            cached = 0
            if len(pairs):
                cached = int(self.path_lengths(nodes[pairs[:, 0]], nodes[pairs[:, 1]]).max())
            self._maxlen_cache[word] = cached
        return cached

    # --- similarity ---------------------------------------------------------------------------
    def similarity(self, sense_a: str, sense_b: str, mapping: MappingLike = "kurohashi") -> float:
        """``sim(LEN(sense_a, sense_b))`` with ``mapping`` a :func:`similarity_mapping` name or
        a callable from length arrays to similarities."""
        return float(_as_mapping(mapping)(np.array([self.sense_length(sense_a, sense_b)]))[0])

    def word_similarity(
        self, lemma_a: str, lemma_b: str, mapping: MappingLike = "kurohashi"
    ) -> float:
        """``max_{s in senses(a), t in senses(b)} sim(LEN(s, t))`` (the map is applied to every
        pair, so a user mapping need not be non-increasing)."""
        nodes_a = np.asarray(self.word_nodes(lemma_a), dtype=np.int64)
        nodes_b = np.asarray(self.word_nodes(lemma_b), dtype=np.int64)
        grid_a, grid_b = np.meshgrid(nodes_a, nodes_b, indexing="ij")
        lengths = self.path_lengths(grid_a.ravel(), grid_b.ravel())
        return float(np.max(_as_mapping(mapping)(lengths)))

    # --- helpers ------------------------------------------------------------------------------
    def _word(self, lemma: str) -> tuple[int, ...]:
        try:
            i = self._word_index[normalize_word(lemma)]
        except KeyError:
            raise UnknownKeyError(f"unknown word {lemma!r} in thesaurus {self.name}") from None
        return tuple(self._word_senses[self._word_bounds[i] : self._word_bounds[i + 1]])

    def _find_sense(self, sense_id: str) -> int | None:
        j = self._sense_index.get(sense_id)
        if j is None:
            j = self._sense_index.get(sense_id.strip().lower())
        return j

    def sense_hint(self, key: str) -> str:
        """For a sense key whose lemma is known, ``" (use has use%2:34:01::, ...)"``; else ``""``
        (appended to unknown-key messages)."""
        lemma = key.partition("%")[0]
        if "%" not in key or not self.has_word(lemma):
            return ""
        known = self.senses(lemma)
        more = ", ..." if len(known) > 6 else ""
        return f" ({lemma} has {', '.join(known[:6])}{more})"

    def __repr__(self) -> str:
        return (
            f"Thesaurus({self.name!r}, version={self.version!r}, nodes={self.n_nodes}, "
            f"senses={len(self._sense_ids)}, words={len(self._word_list)})"
        )


def _as_mapping(mapping: MappingLike) -> Callable[[np.ndarray], np.ndarray]:
    if callable(mapping):
        return mapping
    from thesaurus.similarity import similarity_mapping

    return similarity_mapping(mapping)
