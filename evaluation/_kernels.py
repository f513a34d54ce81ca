"""Compiled inner loops (numba) of the evaluation's bootstraps.

Imported on first use by :func:`evaluation.intervals.prefix_mean_intervals`; compiled once per
machine and cached next to this file (numba's ``cache=True``; a read-only install caches in
the user's cache directory instead).  Without ``fastmath``, numba keeps each addition in the
order written, so the sums are those of ``np.cumsum`` bit for bit.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def prefix_sums(  # pragma: no cover - compiled; tests call it through prefix_mean_intervals
    counts: np.ndarray,
    column: np.ndarray,
    ends: np.ndarray,
    weight: np.ndarray,
    weighted: np.ndarray,
) -> None:
    """For each row ``r`` of ``counts`` and each ``j``: ``weight[r, j]`` is the sum of
    ``counts[r, :ends[j] + 1]`` and ``weighted[r, j]`` the running sum of ``counts[r, i] *
    column[i]`` up to ``i = ends[j]``, added in order (``np.cumsum(counts * column)[r,
    ends[j]]``).  ``ends`` ascending."""
    n_ends = ends.shape[0]
    for r in range(counts.shape[0]):
        total = 0
        running = 0.0
        j = 0
        for i in range(counts.shape[1]):
            if j == n_ends:
                break
            count = counts[r, i]
            total += count
            running += count * column[i]
            while j < n_ends and ends[j] == i:
                weight[r, j] = total
                weighted[r, j] = running
                j += 1
