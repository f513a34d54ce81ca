"""The :class:`Thesaurus`: a rooted tree of concept nodes with word senses attached to nodes.

``LEN(a, b) = depth(a) + depth(b) - 2 * depth(lca(a, b))`` (root: depth 0), the number of edges
on the tree path; the lowest common ancestor is a range-minimum query (sparse table) on the
Euler tour, so :meth:`Thesaurus.path_lengths` is vectorised.

Senses are strings (WordNet sense keys such as ``use%2:34:01::``, or a file thesaurus's ids);
a word has an ordered tuple of senses and is looked up by :func:`normalize_word`.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from thesaurus.path_lengths import euler_tour, find_root, sparse_table, tour_tables
from thesaurus.utils.errors import ThesaurusError, UnknownKeyError

__all__ = ["Thesaurus", "WordTable", "normalize_word"]

MappingLike = str | Callable[[np.ndarray], np.ndarray]


def normalize_word(word: str) -> str:
    """The lookup form of a lemma: stripped, lower-cased, spaces as underscores."""
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
        return _unique_index(self.words, f"{name}: a word repeats in the word table")


class Thesaurus:
    """A rooted tree of named nodes, with senses attached to nodes and words owning senses.

    ``name`` and ``version`` identify the resource (models record both); node ids are positions
    in ``node_names``; ``parent[i]`` is node ``i``'s parent (``-1``: the one root); sense
    ``sense_ids[j]`` is attached to node ``sense_nodes[j]``; ``words`` maps a normalised word
    to indices into ``sense_ids`` in sense order (or is a :class:`WordTable`); ``euler`` is an
    optional cached :attr:`euler_tour`, checked against ``parent``.

    Raises :class:`ThesaurusError` if ``parent`` is not a single rooted tree, a given tour is
    not one of its Euler tours, or names/ids repeat.
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
        self.name = name
        self.version = version
        self._names = list(node_names)
        self._parent = np.asarray(parent, dtype=np.int32)
        n = len(self._names)
        if self._parent.shape != (n,) or n == 0:
            raise ThesaurusError(f"{name}: {n} node names but {self._parent.size} parents")
        self._sense_ids = list(sense_ids)
        self._sense_nodes = np.asarray(sense_nodes, dtype=np.int32)
        if self._sense_nodes.shape != (len(self._sense_ids),):
            raise ThesaurusError(
                f"{name}: {len(self._sense_ids)} sense ids but {self._sense_nodes.size} sense nodes"
            )
        if self._sense_nodes.size and not (
            0 <= self._sense_nodes.min() and self._sense_nodes.max() < n
        ):
            raise ThesaurusError(f"{name}: a sense points at a node id out of range")
        table = words if isinstance(words, WordTable) else WordTable.from_mapping(words)
        self._word_index = table.index(name, len(self._sense_ids))
        self._word_list = table.words
        self._word_bounds: list[int] = table.offsets.tolist()
        self._word_senses: list[int] = table.senses.tolist()
        self._index = _unique_index(self._names, f"{name}: node names repeat")
        self._sense_index = _unique_index(self._sense_ids, f"{name}: sense ids repeat")
        self._maxlen_cache: dict[str, int] = {}
        self._sense_owner: list[int] | None = None  # sense index -> word row, built on demand
        parent = self._parent
        self.root = find_root(self.name, parent, self._names)
        if euler is None:
            euler, first, depth = euler_tour(self.name, parent, self._names, self.root)
        else:
            euler = np.asarray(euler, dtype=np.int32)
            first, depth = tour_tables(self.name, parent, self.root, euler)
        self._depth = depth
        self._first = first
        self._euler = euler
        self.n_nodes = len(parent)
        self.max_depth = int(depth.max())
        self._sparse = sparse_table(euler, depth)
        self._first_list: list[int] = first.tolist()
        self._depth_list: list[int] = depth.tolist()
        self._log2 = np.zeros(len(euler) + 1, dtype=np.int64)
        self._log2[2:] = np.floor(np.log2(np.arange(2, len(euler) + 1))).astype(np.int64)

    @property
    def euler_tour(self) -> np.ndarray:
        """The Euler tour (int32, 2 n_nodes - 1 node ids)."""
        return self._euler

    # --- nodes --------------------------------------------------------------------------------
    def node_index(self, name: str) -> int:
        """Id of the node called ``name`` (UnknownKeyError if there is none)."""
        try:
            return self._index[name]
        except KeyError:
            raise UnknownKeyError(f"unknown node {name!r} in thesaurus {self.name}") from None

    def has_node(self, name: str) -> bool:
        return name in self._index

    def node_name(self, i: int) -> str:
        return self._names[self._check_node(i)]

    def depth(self, i: int) -> int:
        """Edges from the root down to node ``i`` (root: 0)."""
        return int(self._depth[self._check_node(i)])

    def parent(self, i: int) -> int:
        """Parent node id (-1 for the root)."""
        return int(self._parent[self._check_node(i)])

    def ancestors(self, i: int) -> tuple[np.ndarray, np.ndarray]:
        """``(ids, up)``: node ``i`` and all its ancestors up to the root (int64), and the
        number of edges from ``i`` up to each (int32; 0 for ``i`` itself)."""
        node = self._check_node(i)
        chain = []
        while node >= 0:
            chain.append(node)
            node = int(self._parent[node])
        return np.asarray(chain, dtype=np.int64), np.arange(len(chain), dtype=np.int32)

    # --- path lengths -------------------------------------------------------------------------
    def lcas(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Lowest common ancestors of the pairs ``(a[k], b[k])`` (vectorised RMQ)."""
        return self._lcas(self._check_nodes(a), self._check_nodes(b))

    def _lcas(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        fa, fb = self._first[a], self._first[b]
        lo, hi = np.minimum(fa, fb), np.maximum(fa, fb)
        k = self._log2[hi - lo + 1]
        left = self._sparse[k, lo]
        right = self._sparse[k, hi - (1 << k) + 1]
        return np.where(self._depth[left] <= self._depth[right], left, right)

    def lca(self, a: int, b: int) -> int:
        """Lowest common ancestor of nodes ``a`` and ``b``."""
        return self._lca(self._check_node(a), self._check_node(b))

    def _lca(self, a: int, b: int) -> int:
        fa, fb = self._first_list[a], self._first_list[b]
        lo, hi = (fa, fb) if fa <= fb else (fb, fa)
        k = (hi - lo + 1).bit_length() - 1
        left = int(self._sparse[k, lo])
        right = int(self._sparse[k, hi - (1 << k) + 1])
        return left if self._depth_list[left] <= self._depth_list[right] else right

    def path_lengths(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """``LEN(a[k], b[k])`` for every k (int64)."""
        a = self._check_nodes(a)
        b = self._check_nodes(b)
        lca = self._lcas(a, b)
        depth = self._depth
        return (depth[a] + depth[b] - 2 * depth[lca]).astype(np.int64)

    def path_length(self, a: int, b: int) -> int:
        """``LEN(a, b)``: edges on the tree path between nodes ``a`` and ``b``."""
        a, b = self._check_node(a), self._check_node(b)
        depth = self._depth_list
        return depth[a] + depth[b] - 2 * depth[self._lca(a, b)]

    def path(self, a: int, b: int) -> list[int]:
        """Node ids on the path ``a, ..., lca, ..., b`` (both ends included)."""
        a, b = self._check_node(a), self._check_node(b)
        top = self._lca(a, b)
        return self._chain(a, top) + [top] + self._chain(b, top)[::-1]

    def _chain(self, node: int, top: int) -> list[int]:
        out = []
        while node != top:
            out.append(node)
            node = int(self._parent[node])
        return out

    # --- words and senses ---------------------------------------------------------------------
    @property
    def words(self) -> tuple[str, ...]:
        """All words, in insertion order."""
        return self._word_list

    @property
    def sense_ids(self) -> tuple[str, ...]:
        return tuple(self._sense_ids)

    def has_word(self, lemma: str) -> bool:
        return normalize_word(lemma) in self._word_index

    def senses(self, lemma: str) -> tuple[str, ...]:
        """Sense ids of ``lemma`` in sense order (WordNet: sense number; file: file order)."""
        return tuple(self._sense_ids[j] for j in self._word(lemma))

    def word_nodes(self, lemma: str) -> tuple[int, ...]:
        """Nodes of ``lemma``'s senses, parallel to :meth:`senses` (may repeat a node)."""
        return tuple(int(self._sense_nodes[j]) for j in self._word(lemma))

    def has_sense(self, sense_id: str) -> bool:
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

    def _check_node(self, i: int) -> int:
        """``i`` as a Python int; :class:`UnknownKeyError` unless it is in ``[0, n_nodes)``."""
        try:
            node = operator.index(i)
        except TypeError:
            raise UnknownKeyError(
                f"node id {i!r} is not an integer (thesaurus {self.name})"
            ) from None
        if not 0 <= node < self.n_nodes:
            raise UnknownKeyError(f"node id {i} out of range [0, {self.n_nodes}) in {self.name}")
        return node

    def _check_nodes(self, ids: np.ndarray | Iterable[int]) -> np.ndarray:
        """``ids`` as an int64 array, checked like :meth:`_check_node`."""
        arr = np.asarray(ids)
        if arr.size == 0:
            return arr.astype(np.int64)
        if arr.dtype.kind not in "iu":
            raise UnknownKeyError(
                f"node ids must be integers, got {arr.dtype} ({arr.ravel()[0].item()!r}, ...) "
                f"in {self.name}"
            )
        arr = arr.astype(np.int64, copy=False)
        if arr.min() < 0 or arr.max() >= self.n_nodes:
            bad = arr[(arr < 0) | (arr >= self.n_nodes)][0]
            raise UnknownKeyError(f"node id {bad} out of range [0, {self.n_nodes}) in {self.name}")
        return arr

    def __repr__(self) -> str:
        return (
            f"Thesaurus({self.name!r}, version={self.version!r}, nodes={self.n_nodes}, "
            f"senses={len(self._sense_ids)}, words={len(self._word_list)})"
        )


def _unique_index(items: Sequence[str], message: str) -> dict[str, int]:
    """``item -> position``; :class:`ThesaurusError` with ``message`` if an item repeats."""
    index = dict(zip(items, range(len(items)), strict=True))
    if len(index) != len(items):
        repeated = next(item for i, item in enumerate(items) if index[item] != i)
        raise ThesaurusError(f"{message}: {repeated!r}")
    return index


def _as_mapping(mapping: MappingLike) -> Callable[[np.ndarray], np.ndarray]:
    if callable(mapping):
        return mapping
    from thesaurus.similarity import similarity_mapping

    return similarity_mapping(mapping)
