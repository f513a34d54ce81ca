"""Path lengths: a rooted tree of named nodes with ``LEN`` and lowest common ancestors in O(1).

``LEN(a, b) = depth(a) + depth(b) - 2 * depth(lca(a, b))`` (root: depth 0), the number of edges
on the tree path.  The Euler tour ``E`` lists the 2n - 1 nodes met by a depth-first walk from
the root; with ``first[v]`` the first position of ``v``, ``lca(a, b)`` is the shallowest node
of ``E[lo..hi]`` (``lo, hi = sorted(first[a], first[b])``): a range-minimum query answered by
a sparse table, so :meth:`Tree.path_lengths` is vectorised.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence

import numpy as np

from thesaurus.utils.errors import ThesaurusError, UnknownKeyError

__all__ = ["Tree", "euler_tour", "find_root", "sparse_table", "tour_tables"]


class Tree:
    """A rooted tree of named nodes with path lengths between them.

    Parameters
    ----------
    name : str
        The tree's name, in error messages.
    node_names : sequence of str
        Node ``i`` is called ``node_names[i]``; names are unique.
    parent : array of int, shape (n_nodes,)
        ``parent[i]`` is node ``i``'s parent; ``-1`` marks the one root.
    euler : array of int, shape (2 n_nodes - 1,), optional
        A stored :attr:`euler_tour` (from a cache), checked against ``parent``.

    Raises
    ------
    ThesaurusError
        If ``parent`` is not one rooted tree (several roots, a cycle, an id out of range),
        ``euler`` is not one of its Euler tours, or a node name repeats.
    """

    def __init__(
        self,
        name: str,
        node_names: Sequence[str],
        parent: np.ndarray,
        *,
        euler: np.ndarray | None = None,
    ) -> None:
        self.name = name
        self._names = list(node_names)
        self._parent = np.asarray(parent, dtype=np.int32)
        n = len(self._names)
        if self._parent.shape != (n,) or n == 0:
            raise ThesaurusError(f"{name}: {n} node names but {self._parent.size} parents")
        self._index = unique_index(self._names, f"{name}: node names repeat")
        self.root = find_root(name, self._parent, self._names)
        if euler is None:
            euler, first, depth = euler_tour(name, self._parent, self._names, self.root)
        else:
            euler = np.asarray(euler, dtype=np.int32)
            first, depth = tour_tables(name, self._parent, self.root, euler)
        self._euler, self._first, self._depth = euler, first, depth
        self.n_nodes = n
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

    def node_index(self, name: str) -> int:
        """Id of the node called ``name`` (:class:`UnknownKeyError` if there is none)."""
        try:
            return self._index[name]
        except KeyError:
            raise UnknownKeyError(f"unknown node {name!r} in thesaurus {self.name}") from None

    def has_node(self, name: str) -> bool:
        """Whether a node is called ``name``."""
        return name in self._index

    def node_name(self, i: int) -> str:
        """The name of node ``i``."""
        return self._names[self._check_node(i)]

    def depth(self, i: int) -> int:
        """Edges from the root down to node ``i`` (root: 0)."""
        return self._depth_list[self._check_node(i)]

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
        """``LEN(a[k], b[k])`` for every k.

        Parameters
        ----------
        a, b : array of int
            Node ids, of one shape.

        Returns
        -------
        array of int64
            The edges on the tree path between ``a[k]`` and ``b[k]``.

        Raises
        ------
        UnknownKeyError
            For an id that is no integer or outside ``[0, n_nodes)``.
        """
        a, b = self._check_nodes(a), self._check_nodes(b)
        depth = self._depth
        return (depth[a] + depth[b] - 2 * depth[self._lcas(a, b)]).astype(np.int64)

    def path_length(self, a: int, b: int) -> int:
        """``LEN(a, b)``: edges on the tree path between nodes ``a`` and ``b``."""
        a, b = self._check_node(a), self._check_node(b)
        depth = self._depth_list
        return depth[a] + depth[b] - 2 * depth[self._lca(a, b)]

    def path(self, a: int, b: int) -> list[int]:
        """Node ids on the path ``a, ..., lca, ..., b`` (both ends included)."""
        top = self.lca(a, b)
        up_a, up_b = self.ancestors(a)[0].tolist(), self.ancestors(b)[0].tolist()
        return up_a[: up_a.index(top) + 1] + up_b[: up_b.index(top)][::-1]

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


def unique_index(items: Sequence[str], message: str) -> dict[str, int]:
    """``item -> position``; :class:`ThesaurusError` with ``message`` if an item repeats."""
    index = dict(zip(items, range(len(items)), strict=True))
    if len(index) != len(items):
        repeated = next(item for i, item in enumerate(items) if index[item] != i)
        raise ThesaurusError(f"{message}: {repeated!r}")
    return index


def find_root(name: str, parent: np.ndarray, names: Sequence[str]) -> int:
    """The one node whose parent is ``-1``; :class:`ThesaurusError` naming the roots otherwise."""
    n = len(parent)
    roots = np.flatnonzero(parent < 0)
    if len(roots) != 1:
        shown = ", ".join(repr(names[r]) for r in roots[:5])
        raise ThesaurusError(f"{name}: {len(roots)} roots, expected one ({shown})")
    if parent.max() >= n:
        bad = int(np.flatnonzero(parent >= n)[0])
        raise ThesaurusError(f"{name}: node {names[bad]!r} has parent id {parent[bad]} >= {n}")
    return int(roots[0])


def euler_tour(
    name: str, parent: np.ndarray, names: Sequence[str], root: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(euler, first, depth)`` by a depth-first walk (children in id order): the tour
    (int32), each node's first position (int64) and depths (int32); :class:`ThesaurusError`
    naming a node the walk never reaches (on or under a cycle)."""
    n = len(parent)
    non_root = np.flatnonzero(parent >= 0)
    children = non_root[np.argsort(parent[non_root], kind="stable")].tolist()
    bounds = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(parent[non_root], minlength=n), out=bounds[1:])
    starts = bounds.tolist()
    euler: list[int] = [root]
    first = [-1] * n
    depth = [0] * n
    first[root] = 0
    stack = [root]
    cursor = starts[:n]  # next child to visit, per node
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
    first_arr = np.asarray(first, dtype=np.int64)
    if len(euler) != 2 * n - 1:
        unreached = np.flatnonzero(first_arr < 0)
        raise ThesaurusError(
            f"{name}: node {names[int(unreached[0])]!r} has no path to the root "
            f"(a cycle); {len(unreached)} node(s) unreachable"
        )
    return (
        np.asarray(euler, dtype=np.int32),
        first_arr,
        np.asarray(depth, dtype=np.int32),
    )


def tour_tables(
    name: str, parent: np.ndarray, root: int, euler: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """``(first, depth)`` from a stored Euler tour, after checking that it is one.

    >>> parent = np.array([-1, 0, 0, 1])            # 0 -> {1, 2}, 1 -> 3
    >>> first, depth = tour_tables("t", parent, 0, np.array([0, 1, 3, 1, 0, 2, 0]))
    >>> first.tolist(), depth.tolist()
    ([0, 1, 5, 2], [0, 1, 1, 2])
    >>> tour_tables("t", parent, 0, np.array([0, 1, 3, 1, 0, 3, 0]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    thesaurus.ThesaurusError: t: stored Euler tour steps from node 0 to node 3, ...
    """
    n = len(parent)
    tour = np.asarray(euler)
    if tour.dtype.kind not in "iu" or tour.shape != (2 * n - 1,):
        raise ThesaurusError(
            f"{name}: stored Euler tour has shape {tour.shape}, not ({2 * n - 1},)"
        )
    tour = tour.astype(np.int64)
    if tour.min() < 0 or tour.max() >= n or tour[0] != root or tour[-1] != root:
        raise ThesaurusError(f"{name}: stored Euler tour does not start and end at the root")
    here, there = tour[:-1], tour[1:]
    down = parent[there] == here
    up = parent[here] == there
    bad = np.flatnonzero(~(down | up))
    if len(bad):
        k = int(bad[0])
        raise ThesaurusError(
            f"{name}: stored Euler tour steps from node {here[k]} to node {there[k]}, "
            "not a tree edge"
        )
    nodes, first = np.unique(tour, return_index=True)
    if len(nodes) != n:  # 2n - 2 steps along edges that meet all n nodes: each edge twice
        raise ThesaurusError(f"{name}: stored Euler tour meets {len(nodes)} of {n} nodes")
    depth = np.empty(n, dtype=np.int32)
    depth[tour] = np.concatenate([[0], np.cumsum(np.where(down, 1, -1))])
    return first.astype(np.int64), depth


def sparse_table(euler: np.ndarray, depth: np.ndarray) -> np.ndarray:
    """``T[k, i]`` = the shallowest node among ``euler[i : i + 2**k]`` (clipped at the end).

    >>> sparse_table(np.array([0, 1, 0, 2, 0]), np.array([0, 1, 1]))[1].tolist()
    [0, 0, 0, 0, 0]
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
