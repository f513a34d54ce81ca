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
from collections.abc import Callable, Sequence

import numpy as np

from wsd.methods.example._examples import VerbModel
from wsd.methods.noun_lookup import FillerKey

__all__ = ["ccd", "ccd_values"]

Shared = Callable[[Sequence[FillerKey]], np.ndarray]  # keys -> (keys x senses) bool


def ccd_values(matched: np.ndarray, size: np.ndarray) -> list[float]:
    """CCD of each case ``c`` from ``matched[c, i, j]`` (fillers of sense ``i`` shared with
    sense ``j``) and ``size[c, i]`` (fillers of sense ``i``)."""
    n = size.shape[1]
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


def ccd(model: VerbModel, case: str, shared: Shared) -> float:
    """CCD of one case of a model (1 for a verb of one sense)."""
    n = len(model.senses)
    if n < 2:
        return 1.0
    by_sense = model.examples[case]
    owners = [i for i, s in enumerate(model.senses) for _ in by_sense.get(s, ())]
    keys = [key for s in model.senses for key in by_sense.get(s, ())]
    size = np.bincount(owners, minlength=n).astype(float)
    matched = np.zeros((n, n))
    if keys:
        np.add.at(matched, np.asarray(owners), shared(keys))
    (value,) = ccd_values(matched[None], size[None])
    return value
