"""CCD(c): how much case ``c`` contributes to telling a verb's senses apart (Fujii et al. 1996).

::

    CCD(c) = 1/C(n,2) * sum_{i<j} (|Ei| + |Ej| - 2|Ei ∩ Ej|) / (|Ei| + |Ej|)

over the pairs of the verb's ``n`` senses, ``Ei`` the fillers of case ``c`` seen with sense
``i`` (a pair with no filler adds 0).  A filler of ``i`` is shared with ``j`` when its similarity
to one of ``j``'s reaches ``ccd_match`` (a mark: the same word); ``|Ei ∩ Ej|`` averages both ways.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from wsd.methods.example.examples import Entries, PointIndex, VerbModel
from wsd.methods.example.similarity import sim_rows
from wsd.methods.noun_lookup import NounLookup

__all__ = ["ccd_values", "nearest_shared"]


def ccd_values(entries: Entries, shared: np.ndarray, n: int) -> list[float]:
    """CCD of each case of a model's distinct examples (``n`` senses; ``n >= 2``) from
    ``shared[e, j]``: whether example ``e``'s filler is shared with sense ``j``."""
    group = entries.case_of * n + entries.columns  # ascending: model order
    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
    matched, size = np.zeros((len(entries.cases), n, n)), np.zeros((len(entries.cases), n))
    matched.reshape(-1, n)[group[starts]] = np.add.reduceat(shared, starts, axis=0, dtype=float)
    size.reshape(-1)[group[starts]] = np.diff(np.r_[starts, len(group)])
    total = size[:, :, None] + size[:, None, :]
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(total > 0, 1.0 - (matched + matched.transpose(0, 2, 1)) / total, 0.0)
    upper = _upper(n)
    return [float(t.ravel()[upper].sum() / math.comb(n, 2)) for t in terms]


@functools.lru_cache(maxsize=256)
def _upper(n: int) -> np.ndarray:
    """The flat positions of the pairs ``i < j`` in an ``n`` x ``n`` array, row by row."""
    rows, columns = np.triu_indices(n, k=1)
    return rows * n + columns


def nearest_shared(
    model: VerbModel, index: PointIndex, sims: np.ndarray, match: float, lookup: NounLookup
) -> np.ndarray:
    """:func:`ccd_values`'s ``shared`` when a filler is shared with sense ``j`` if the nearest
    example of ``j`` (``index``: counted as ``"max"`` counts) is at ``sims`` >= ``match``."""
    pairs = [model.pairs[item] for item in model.entries.items.tolist()]
    (near,) = sim_rows(model, pairs, [(sims, 1)], lookup, index)
    return near >= match - 1e-12
