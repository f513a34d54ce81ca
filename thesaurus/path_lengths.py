"""Tree tables behind O(1) LCA: the Euler tour, first visits, depths and the RMQ sparse table.

The Euler tour ``E`` lists the 2n - 1 nodes met by a depth-first walk from the root; with
``first[v]`` the first position of ``v``, ``lca(a, b)`` is the shallowest node of
``E[lo..hi]`` (``lo, hi = sorted(first[a], first[b])``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from thesaurus.utils.errors import ThesaurusError

__all__ = ["euler_tour", "find_root", "sparse_table", "tour_tables"]


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
