"""SIM(n, E[s][c]): how close a sense's training examples lie to an input noun.

``sim(L)`` maps the path length ``L`` between two nouns to a similarity (1 at ``L = 0``,
non-increasing).  ``"knn"``: the mean ``sim`` of the sense's ``k`` nearest examples, each counted
as often as seen, missing ones 0, a filler of ``m`` possible nodes ``1/m`` at each; ``"max"`` (the
paper): the ``sim`` of the nearest, that is ``k = 1`` over whole counts.  Both are the best over
the input noun's nodes.  A mark's word is a node of its own, so its SIM is ``min(count, k) / k``.
Examples are indexed by their ancestors ``a``; the examples at length ``L`` from ``x`` number

    N_s(L) = sum_{j <= r} hist[a_j][s][L - j]  -  sum_{j < r} hist[a_j][s][L - j - 2]

over ``x``'s ancestors ``a_0 = x, ..., a_r = root`` (points below ``a_{j-1}`` counted two edges
too long through ``a_j`` are taken off), which :func:`~._kernels.knn_best_kernel` walks.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from wsd.methods.example.examples import PointIndex, VerbModel, mark_chain
from wsd.methods.noun_lookup import Chain, FillerKey, NounLookup

__all__ = ["knn_best", "sim_rows"]

Pair = tuple[str, FillerKey]  # (case, filler)
Spec = tuple[np.ndarray, float]  # (sim(L) for L = 0, 1, ... while > 0, k)


def knn_best(
    index: PointIndex,
    queries: Sequence[Chain],
    settings: Sequence[tuple[np.ndarray, float]],
    shift: np.ndarray,
) -> list[np.ndarray]:
    """Per setting ``(sims, k)`` a (queries x senses) array: the best over each query's nodes
    of the mean ``sims`` of each sense's ``k`` nearest points; a query's node ids are shifted by
    its ``shift`` (its case's tree)."""
    from wsd.methods.example._kernels import knn_best_kernel

    out = np.zeros((len(settings), len(queries), index.n_senses))
    if not len(queries) or not len(index.keys) or not len(settings):
        return list(out)
    sizes = np.fromiter((len(c[0]) for c in queries), dtype=np.int64, count=len(queries))
    anc = np.concatenate([c[0] for c in queries]).astype(np.int64) + np.repeat(shift, sizes)
    up = np.concatenate([c[1] for c in queries]).astype(np.int64, copy=False)
    widths = np.fromiter((len(sims) for sims, _ in settings), np.int64, len(settings))
    table = np.zeros((len(settings), int(widths.max())))
    for row, (sims, _) in enumerate(settings):
        table[row, : len(sims)] = sims
    ks = np.fromiter((k for _, k in settings), dtype=float, count=len(settings))
    index_arrays = (index.keys, index.offsets, index.column, index.down, index.weight)
    knn_best_kernel(*index_arrays, anc, up, np.cumsum(sizes), table, widths, ks, out)
    return list(out)


def sim_rows(
    model: VerbModel,
    pairs: Sequence[Pair],
    specs: Sequence[Spec],
    lookup: NounLookup,
    index: PointIndex | None = None,
) -> list[np.ndarray]:
    """Per ``(sims, k)``, the (pairs x senses) SIM of (case, filler) pairs the model can score,
    over ``index`` (default: the model's)."""
    unique = {pair: row for row, pair in enumerate(dict.fromkeys(pairs))}
    chains = []
    for case, key in unique:
        item = model.marks.get((case, key))
        chains.append(lookup.ancestors(key) if item is None else mark_chain(item))
    shifts = np.fromiter((model.shift.get(case, 0) for case, _ in unique), np.int64, len(unique))
    tables = knn_best(index or model.points, chains, specs, shifts)
    inverse = np.fromiter((unique[pair] for pair in pairs), np.int64, len(pairs))
    return [table[inverse] for table in tables]
