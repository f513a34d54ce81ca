"""The compiled loop (numba) of SIM (:mod:`.similarity`); imported on first use."""

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
            # N_s(L) of this node's chain lo..hi-1 (similarity.py's module docstring)
            n_reached = 0
            for j in range(lo, hi):
                if up[j] >= n_lengths:  # every length from here on is too long
                    break
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
            _best_means(hist, last, reached[:n_reached], sims, widths, ks, out[:, q])
            lo = hi
        start = end


@njit(cache=True, nogil=True, inline="always")
def _best_means(  # pragma: no cover - compiled
    hist: np.ndarray,
    last: np.ndarray,
    reached: np.ndarray,
    sims: np.ndarray,
    widths: np.ndarray,
    ks: np.ndarray,
    out: np.ndarray,
) -> None:
    """``out[u, s]``: raised to the mean ``sims[u]`` of the ``ks[u]`` nearest points counted in
    ``hist[s]`` for each reached sense ``s``, whose rows are then cleared."""
    n_lengths = sims.shape[1]
    for s in reached:
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
            if mean > out[u, s]:
                out[u, s] = mean
        hist[s, : min(top + 2, n_lengths)] = 0.0
        last[s] = -1
