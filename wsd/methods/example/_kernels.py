"""Compiled loops (numba) of the ``"knn"`` similarity and of the example pool's products;
imported on first use."""

from __future__ import annotations

import numpy as np
from numba import njit

EPS = 1e-9  # counts below this are sums and differences that cancel


@njit(cache=True, nogil=True)
def knn_best_kernel(  # pragma: no cover - compiled
    keys: np.ndarray,
    offsets: np.ndarray,
    column: np.ndarray,
    down: np.ndarray,
    weight: np.ndarray,
    anc: np.ndarray,
    up: np.ndarray,
    ends: np.ndarray,
    sims: np.ndarray,
    widths: np.ndarray,
    ks: np.ndarray,
    out: np.ndarray,
) -> None:
    """``out[u, q, s]``: the best over query ``q``'s nodes of the mean ``sims[u, :widths[u]]``
    of the ``ks[u]`` nearest points of sense ``s``.  Query ``q`` is ``anc/up[ends[q-1]:ends[q]]``:
    ancestor chains (node ids, edges up), each from edges 0 to its root."""
    n_lengths = sims.shape[1]
    n_index = out.shape[2]
    hist = np.zeros((n_index, n_lengths))
    last = np.full(n_index, -1, np.int64)  # a reached sense's longest counted length
    reached = np.empty(n_index, np.int64)
    n_keys = keys.shape[0]
    start = 0
    for q in range(ends.shape[0]):
        end = ends[q]
        lo = start
        while lo < end:
            hi = lo + 1
            while hi < end and up[hi] != 0:
                hi += 1
            # N_s(L) of this node's chain lo..hi-1 (_similarity's module docstring)
            n_reached = 0
            for j in range(lo, hi):
                pos = np.searchsorted(keys, anc[j])
                if pos == n_keys or keys[pos] != anc[j]:
                    continue
                for e in range(offsets[pos], offsets[pos + 1]):
                    s = column[e]
                    length = up[j] + down[e]
                    if length < n_lengths:
                        if last[s] < 0:
                            reached[n_reached] = s
                            n_reached += 1
                        if length > last[s]:
                            last[s] = length
                        hist[s, length] += weight[e]
                    if j < hi - 1 and length + 2 < n_lengths:
                        hist[s, length + 2] -= weight[e]
            for r in range(n_reached):
                s = reached[r]
                c_out = s
                top = last[s] + 1
                for u in range(widths.shape[0]):
                    k = ks[u]
                    taken = 0.0
                    total = 0.0
                    for length in range(min(widths[u], top)):
                        count = hist[s, length]
                        if count < EPS:
                            continue
                        total += min(k - taken, count) * sims[u, length]
                        taken += count
                        if taken >= k:
                            break
                    mean = total / k
                    if mean > out[u, q, c_out]:
                        out[u, q, c_out] = mean
                hist[s, : min(top + 2, n_lengths)] = 0.0
                last[s] = -1
            lo = hi
        start = end


@njit(cache=True, nogil=True)
def pool_entries(  # pragma: no cover - compiled
    item_ptr: np.ndarray,
    item_rows: np.ndarray,
    item_share: np.ndarray,
    items: np.ndarray,
    columns: np.ndarray,
    counts: np.ndarray,
    n_senses: int,
    buffer: np.ndarray,
    mark: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The nonzero (row, sense column, weight) cells of the items' shares on their rows
    (``item_rows``/``item_share`` by ``item_ptr``) times the examples' counts, in row order.
    ``buffer`` (>= rows x n_senses) and ``mark`` (per row) are zero on entry and left so."""
    for e in range(items.shape[0]):
        item, column, count = items[e], columns[e], counts[e]
        for p in range(item_ptr[item], item_ptr[item + 1]):
            row = item_rows[p]
            buffer[row * n_senses + column] += item_share[p] * count
            mark[row] = True
    n = 0
    for row in range(mark.shape[0]):
        if mark[row]:
            for column in range(n_senses):
                if buffer[row * n_senses + column] != 0.0:
                    n += 1
    rows = np.empty(n, np.int64)
    cols = np.empty(n, np.int64)
    weights = np.empty(n)
    i = 0
    for row in range(mark.shape[0]):
        if not mark[row]:
            continue
        for column in range(n_senses):
            cell = row * n_senses + column
            if buffer[cell] != 0.0:
                rows[i], cols[i], weights[i] = row, column, buffer[cell]
                buffer[cell] = 0.0
                i += 1
        mark[row] = False
    return rows, cols, weights


@njit(cache=True, nogil=True)
def pool_shared(  # pragma: no cover - compiled
    unit_ptr: np.ndarray,
    unit_ids: np.ndarray,
    items: np.ndarray,
    columns: np.ndarray,
    case_of: np.ndarray,
    n_senses: int,
    n_cases: int,
    held: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """``matched[c, i, j]``: examples of sense ``i`` in case ``c`` sharing a unit (a node; a
    mark's word) with an example of sense ``j``, and ``size[c, i]``.  Item ``t`` denotes the
    units ``unit_ids[unit_ptr[t]:unit_ptr[t + 1]]``; ``held`` is all False on entry and after."""
    matched = np.zeros((n_cases, n_senses, n_senses))
    size = np.zeros((n_cases, n_senses))
    for e in range(items.shape[0]):
        for p in range(unit_ptr[items[e]], unit_ptr[items[e] + 1]):
            held[unit_ids[p] * n_senses + columns[e]] = True
    for e in range(items.shape[0]):
        lo, hi = unit_ptr[items[e]], unit_ptr[items[e] + 1]
        size[case_of[e], columns[e]] += 1.0
        for j in range(n_senses):
            for p in range(lo, hi):
                if held[unit_ids[p] * n_senses + j]:
                    matched[case_of[e], columns[e], j] += 1.0
                    break
    for e in range(items.shape[0]):
        for p in range(unit_ptr[items[e]], unit_ptr[items[e] + 1]):
            held[unit_ids[p] * n_senses + columns[e]] = False
    return matched, size
