"""CCD(c): how much case ``c`` contributes to telling a verb's senses apart (Fujii et al. 1996).

::

    CCD(c) = 1/C(n,2) * sum_{i<j} (|Ei| + |Ej| - 2|Ei ∩ Ej|) / (|Ei| + |Ej|)

over the pairs of the verb's ``n`` senses, ``Ei`` the fillers of case ``c`` seen with sense
``i``; a pair with no filler adds 0 (the sum is still divided by all pairs).  A filler of
sense ``i`` is shared with sense ``j`` when ``shared`` says so (the same thesaurus node or word,
or a similarity of at least ``ccd_match``); ``|Ei ∩ Ej|`` is the mean of the two directions.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Callable, Sequence

import numpy as np

from ._examples import VerbModel
from ._nouns import FillerKey, NounLookup

__all__ = ["ccd", "shared_nodes"]

Shared = Callable[[Sequence[FillerKey]], np.ndarray]  # keys -> (keys x senses) bool


def ccd(model: VerbModel, case: str, shared: Shared) -> float:
    """CCD of one case of a model (1 for a verb of one sense)."""
    n = len(model.senses)
    if n < 2:
        return 1.0
    by_sense = [model.examples[case].get(s, {}) for s in model.senses]
    size = np.array([len(keys) for keys in by_sense], dtype=float)
    matched = np.zeros((n, n))
    keys = [key for keys in by_sense for key in keys]
    if keys:
        np.add.at(matched, np.repeat(np.arange(n), size.astype(np.int64)), shared(keys))
    total = size[:, None] + size[None, :]
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(total > 0, 1.0 - (matched + matched.T) / total, 0.0)
    return float(terms.ravel()[_upper(n)].sum() / math.comb(n, 2))


@functools.lru_cache(maxsize=256)
def _upper(n: int) -> np.ndarray:
    """The flat positions of the pairs ``i < j`` in an ``n`` x ``n`` array, row by row."""
    rows, columns = np.triu_indices(n, k=1)
    return rows * n + columns


def shared_nodes(model: VerbModel, case: str, lookup: NounLookup) -> Shared:
    """``shared`` for fillers that count as one when they may denote a common node."""
    by_sense = model.examples[case]
    held: dict[int, int] = {}  # node -> bit mask of the sense columns with a filler there
    for column, sense in enumerate(model.senses):
        for key in by_sense.get(sense, ()):
            for node in lookup.nodes(key) or ():
                held[node] = held.get(node, 0) | 1 << column
    bits = [1 << column for column in range(len(model.senses))]

    def shared(keys: Sequence[FillerKey]) -> np.ndarray:
        masks = [
            functools.reduce(operator.or_, map(held.get, lookup.nodes(k) or ()), 0) for k in keys
        ]
        return np.array([[mask & bit != 0 for bit in bits] for mask in masks], dtype=bool).reshape(
            len(keys), len(bits)
        )

    return shared
