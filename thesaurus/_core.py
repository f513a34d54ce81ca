"""The :class:`Thesaurus`: a rooted tree of concept nodes with word senses attached to nodes.

Path length ``LEN(a, b)`` is the number of edges on the tree path between nodes ``a`` and ``b``::

    LEN(a, b) = depth(a) + depth(b) - 2 * depth(lca(a, b))        (root: depth 0)

The lowest common ancestor comes from a range-minimum query on the Euler tour of the tree:
with ``E`` the tour (2n - 1 node visits), ``first[v]`` the first visit of ``v`` and
``lo, hi = sorted(first[a], first[b])``, ``lca(a, b)`` is the shallowest node among
``E[lo..hi]``.  A sparse table ``T[k][i]`` = shallowest node of ``E[i .. i + 2**k - 1]``
answers any range with two overlapping power-of-two windows (``k = floor(log2(hi - lo + 1))``),
so one pair costs O(1) and :meth:`Thesaurus.path_lengths` answers a million pairs with a
handful of vectorised numpy gathers, never a per-pair graph search.

Senses are identified by strings (WordNet sense keys such as ``use%2:34:01::``, or the ids of
a file thesaurus); a word (lemma) has an ordered tuple of senses.  Words are looked up
lower-cased with spaces turned into underscores (``Take place`` -> ``take_place``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import combinations

import numpy as np

from ._exceptions import ThesaurusError, UnknownKeyError

__all__ = ["Thesaurus", "normalize_word"]

MappingLike = str | Callable[[np.ndarray], np.ndarray]


def normalize_word(word: str) -> str:
    """The lookup form of a lemma: stripped, lower-cased, spaces as underscores."""
    return "_".join(word.strip().lower().split())


class Thesaurus:
    """A rooted tree of named nodes, with senses attached to nodes and words owning senses.

    Parameters
    ----------
    name, version:
        Identify the resource (``"wordnet-verb"``, ``"3.0"``; a file thesaurus: its stem and
        the first 12 hex digits of the SHA-256 of its files).  Models record both.
    node_names:
        One unique name per node; node ids are positions in this sequence.
    parent:
        ``parent[i]`` is the parent id of node ``i``; exactly one node has ``-1`` (the root).
    sense_ids, sense_nodes:
        Parallel sequences: sense ``sense_ids[j]`` is attached to node ``sense_nodes[j]``.
    words:
        Word (already normalised) -> indices into ``sense_ids``, in sense order.

    Raises :class:`ThesaurusError` if ``parent`` is not a single rooted tree (several roots,
    a cycle, an out-of-range parent) or names/ids repeat.
    """

    def __init__(
        self,
        name: str,
        version: str,
        node_names: Sequence[str],
        parent: np.ndarray,
        sense_ids: Sequence[str],
        sense_nodes: np.ndarray,
        words: Mapping[str, Sequence[int]],
    ) -> None:
        self.name = name
        self.version = version
        self._names = list(node_names)
        self._parent = np.asarray(parent, dtype=np.int32)
        n = len(self._names)
        if self._parent.shape != (n,) or n == 0:
            raise ThesaurusError(f"{name}: {n} node names but {self._parent.size} parents")
        self._index = {node: i for i, node in enumerate(self._names)}
        if len(self._index) != n:
            raise ThesaurusError(f"{name}: node names repeat")
        self._sense_ids = list(sense_ids)
        self._sense_nodes = np.asarray(sense_nodes, dtype=np.int32)
        self._sense_index = {sense: j for j, sense in enumerate(self._sense_ids)}
        if len(self._sense_index) != len(self._sense_ids):
            raise ThesaurusError(f"{name}: sense ids repeat")
        if self._sense_nodes.size and not (
            0 <= self._sense_nodes.min() and self._sense_nodes.max() < n
        ):
            raise ThesaurusError(f"{name}: a sense points at a node id out of range")
        self._words = {word: tuple(int(j) for j in senses) for word, senses in words.items()}
        self._build_tree()
        self._maxlen_cache: dict[str, int] = {}

    # --- construction -------------------------------------------------------------------------
    def _build_tree(self) -> None:
        """Depths, Euler tour, first visits and the RMQ sparse table (see module docstring)."""
        parent = self._parent
        n = len(parent)
        roots = np.flatnonzero(parent < 0)
        if len(roots) != 1:
            shown = ", ".join(repr(self._names[r]) for r in roots[:5])
            raise ThesaurusError(f"{self.name}: {len(roots)} roots, expected one ({shown})")
        if parent.max() >= n:
            raise ThesaurusError(f"{self.name}: a parent id is out of range")
        self.root = int(roots[0])
        non_root = np.flatnonzero(parent >= 0)
        children = non_root[np.argsort(parent[non_root], kind="stable")]
        starts = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(np.bincount(parent[non_root], minlength=n), out=starts[1:])
        euler, first, depth = _euler_tour(self.root, children.tolist(), starts.tolist(), n)
        if len(euler) != 2 * n - 1:
            unreached = np.flatnonzero(first < 0)
            raise ThesaurusError(
                f"{self.name}: node {self._names[int(unreached[0])]!r} has no path to the root "
                f"(a cycle); {len(unreached)} node(s) unreachable"
            )
        self._depth = depth
        self._first = first
        self._euler = euler
        self.n_nodes = n
        self.max_depth = int(depth.max())
        self._sparse = _sparse_table(euler, depth)
        self._first_list: list[int] = first.tolist()  # Python ints for the scalar API
        self._depth_list: list[int] = depth.tolist()
        self._log2 = np.zeros(len(euler) + 1, dtype=np.int64)
        self._log2[2:] = np.floor(np.log2(np.arange(2, len(euler) + 1))).astype(np.int64)

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
        """Lowest common ancestor of nodes ``a`` and ``b`` (the same RMQ on Python ints)."""
        fa, fb = self._first_list[self._check_node(a)], self._first_list[self._check_node(b)]
        lo, hi = (fa, fb) if fa <= fb else (fb, fa)
        k = (hi - lo + 1).bit_length() - 1
        left = int(self._sparse[k, lo])
        right = int(self._sparse[k, hi - (1 << k) + 1])
        return left if self._depth_list[left] <= self._depth_list[right] else right

    def path_lengths(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """``LEN(a[k], b[k])`` for every k: depth(a) + depth(b) - 2 depth(lca) (int64)."""
        a = self._check_nodes(a)
        b = self._check_nodes(b)
        lca = self._lcas(a, b)
        depth = self._depth
        return (depth[a] + depth[b] - 2 * depth[lca]).astype(np.int64)

    def path_length(self, a: int, b: int) -> int:
        """``LEN(a, b)``: edges on the tree path between nodes ``a`` and ``b``."""
        depth = self._depth_list
        return depth[int(a)] + depth[int(b)] - 2 * depth[self.lca(a, b)]

    def path(self, a: int, b: int) -> list[int]:
        """Node ids on the path ``a, ..., lca, ..., b`` (both ends included)."""
        top = self.lca(a, b)
        up = self._chain(a, top)
        down = self._chain(b, top)
        return up + [top] + down[::-1]

    def _chain(self, node: int, top: int) -> list[int]:
        """Nodes from ``node`` up to, excluding, its ancestor ``top``."""
        out = []
        while node != top:
            out.append(node)
            node = int(self._parent[node])
        return out

    # --- words and senses ---------------------------------------------------------------------
    @property
    def words(self) -> tuple[str, ...]:
        """All words, in insertion order."""
        return tuple(self._words)

    @property
    def sense_ids(self) -> tuple[str, ...]:
        return tuple(self._sense_ids)

    def has_word(self, lemma: str) -> bool:
        return normalize_word(lemma) in self._words

    def senses(self, lemma: str) -> tuple[str, ...]:
        """Sense ids of ``lemma`` in sense order (WordNet: sense number; file: file order)."""
        return tuple(self._sense_ids[j] for j in self._word(lemma))

    def word_nodes(self, lemma: str) -> tuple[int, ...]:
        """Nodes of ``lemma``'s senses, parallel to :meth:`senses` (may repeat a node)."""
        return tuple(int(self._sense_nodes[j]) for j in self._word(lemma))

    def has_sense(self, sense_id: str) -> bool:
        return self._find_sense(sense_id) is not None

    def sense_node(self, sense_id: str) -> int:
        """Node a sense is attached to (UnknownKeyError naming the key if unknown)."""
        j = self._find_sense(sense_id)
        if j is None:
            raise UnknownKeyError(self._unknown_sense_message(sense_id))
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
        """Word-level similarity: the best pair over the two words' senses,
        ``max_{s in senses(a), t in senses(b)} sim(LEN(s, t))``."""
        nodes_a = np.asarray(self.word_nodes(lemma_a), dtype=np.int64)
        nodes_b = np.asarray(self.word_nodes(lemma_b), dtype=np.int64)
        grid_a, grid_b = np.meshgrid(nodes_a, nodes_b, indexing="ij")
        lengths = self.path_lengths(grid_a.ravel(), grid_b.ravel())
        return float(_as_mapping(mapping)(np.array([lengths.min()]))[0])

    # --- helpers ------------------------------------------------------------------------------
    def _word(self, lemma: str) -> tuple[int, ...]:
        try:
            return self._words[normalize_word(lemma)]
        except KeyError:
            raise UnknownKeyError(f"unknown word {lemma!r} in thesaurus {self.name}") from None

    def _find_sense(self, sense_id: str) -> int | None:
        j = self._sense_index.get(sense_id)
        if j is None:
            j = self._sense_index.get(sense_id.strip().lower())
        return j

    def _unknown_sense_message(self, sense_id: str) -> str:
        message = f"unknown sense key {sense_id!r} in thesaurus {self.name}"
        lemma = sense_id.partition("%")[0]
        if "%" in sense_id and self.has_word(lemma):
            known = self.senses(lemma)
            more = ", ..." if len(known) > 6 else ""
            message += f" ({lemma} has {', '.join(known[:6])}{more})"
        return message

    def _check_node(self, i: int) -> int:
        node = int(i)
        if not 0 <= node < self.n_nodes:
            raise UnknownKeyError(f"node id {i} out of range [0, {self.n_nodes}) in {self.name}")
        return node

    def _check_nodes(self, ids: np.ndarray | Iterable[int]) -> np.ndarray:
        arr = np.asarray(ids, dtype=np.int64)
        if arr.size and (arr.min() < 0 or arr.max() >= self.n_nodes):
            bad = arr[(arr < 0) | (arr >= self.n_nodes)][0]
            raise UnknownKeyError(f"node id {bad} out of range [0, {self.n_nodes}) in {self.name}")
        return arr

    def __repr__(self) -> str:
        return (
            f"Thesaurus({self.name!r}, version={self.version!r}, nodes={self.n_nodes}, "
            f"senses={len(self._sense_ids)}, words={len(self._words)})"
        )


def _as_mapping(mapping: MappingLike) -> Callable[[np.ndarray], np.ndarray]:
    if callable(mapping):
        return mapping
    from ._similarity import similarity_mapping

    return similarity_mapping(mapping)


def _euler_tour(
    root: int, children: list[int], starts: list[int], n: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Iterative DFS: the Euler tour (node ids, int32), first visit of each node (-1: never
    reached) and depths.  Children are visited in id order; ``children[starts[v]:starts[v+1]]``
    are ``v``'s children."""
    euler: list[int] = [root]
    first = [-1] * n
    depth = [0] * n
    first[root] = 0
    stack = [root]
    cursor = list(starts[:n])  # next child to visit, per node
    while stack:
        node = stack[-1]
        pos = cursor[node]
        if pos < starts[node + 1]:
            cursor[node] = pos + 1
            child = children[pos]
            depth[child] = depth[node] + 1
            first[child] = len(euler)
            euler.append(child)
            stack.append(child)
        else:
            stack.pop()
            if stack:
                euler.append(stack[-1])
    return (
        np.asarray(euler, dtype=np.int32),
        np.asarray(first, dtype=np.int64),
        np.asarray(depth, dtype=np.int32),
    )


def _sparse_table(euler: np.ndarray, depth: np.ndarray) -> np.ndarray:
    """``T[k, i]`` = the shallowest node among ``euler[i : i + 2**k]`` (clipped at the end).

    Row k combines two windows of row k-1:
    ``T[k, i] = shallower of (T[k-1, i], T[k-1, i + 2**(k-1)])``.
    """
    m = len(euler)
    levels = max(1, int(np.floor(np.log2(m))) + 1)
    table = np.empty((levels, m), dtype=np.int32)
    table[0] = euler
    for k in range(1, levels):
        half = 1 << (k - 1)
        prev = table[k - 1]
        shifted = np.concatenate([prev[half:], prev[m - half :]])  # pad with in-range values
        table[k] = np.where(depth[prev] <= depth[shifted], prev, shifted)
    return table
