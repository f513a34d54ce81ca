"""How far the training examples of each sense lie from an input noun, in a tree thesaurus.

Two indexes over a (verb, case)'s training examples, both built from the examples' ancestor
chains, so that no per-example search happens at prediction time:

:class:`NearestIndex` answers the paper's ``SIM`` (the nearest example): ``down[a, s]`` is the
shortest distance from ancestor ``a`` down to an example of sense ``s``; in a tree
``min_{e in E[s]} LEN(n, e) = min_{a ancestor of n} (dist(n, a) + down[a, s])``, one pass
over the input noun's ancestors whatever the number of examples (:func:`nearest_lengths`).

:class:`PointIndex` counts examples at every distance.  The example-based method's ``SIM`` may
look beyond the single nearest example
(``sim_aggregate="knn"``: the mean similarity of the ``k`` nearest).  That needs, for an input
node ``x`` and every sense ``s``, the number of examples at each path length ``L`` from ``x``,
``N_s(L)``.  No per-example search is needed in a tree.  Every training example is a weighted
point (node, sense); the index keeps, for every ancestor ``a`` of a point, the total weight of
the points of each sense ``d`` edges below ``a`` (``hist[a][s][d]``).  With ``x = a_0, a_1,
..., a_r = root`` the ancestors of ``x`` (``a_j`` is ``j`` edges up), the points whose lowest
common ancestor with ``x`` is ``a_j`` lie below ``a_j`` but not below ``a_{j-1}``; a point
``d`` below ``a_{j-1}`` is ``d + 1`` below ``a_j``, so::

    N_s(L) = sum_{j <= r} hist[a_j][s][L - j]  -  sum_{j < r} hist[a_j][s][L - j - 2]

(each ancestor's points are added at their path length through it, and removed again where
the next ancestor up counts them two edges too long).  One input node costs one pass over the
histogram entries of its ancestors, whatever the number of examples.
:func:`length_counts` and :func:`knn_mean` state the formula with whole-array numpy
operations; :func:`knn_best` is what the example method runs: the same sums compiled, one
input node at a time, only the senses it reaches (:mod:`wsd.methods._kernels`).

>>> # a path root(0) - 1 - 2 and a leaf 3 under 1: points 2 (sense 0) and 3 (sense 1)
>>> chains = {2: ([2, 1, 0], [0, 1, 2]), 3: ([3, 1, 0], [0, 1, 2])}
>>> index = build_index([chains[2], chains[3]], np.array([0, 1]), np.ones(2), 2)
>>> counts = length_counts(index, [(np.array([2, 1, 0]), np.array([0, 1, 2]))], 5)
>>> counts[0].tolist()   # from node 2: itself at LEN 0 (sense 0), node 3 at LEN 2 (sense 1)
[[1.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0, 0.0]]
>>> knn_mean(counts, np.array([1.0, 0.8, 0.6, 0.4, 0.2]), 2).tolist()
[[0.5, 0.3]]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

__all__ = [
    "FAR",
    "NearestIndex",
    "PointIndex",
    "build_index",
    "build_nearest",
    "knn_best",
    "knn_mean",
    "knn_means",
    "length_counts",
    "nearest",
    "nearest_lengths",
]

Chain = tuple[np.ndarray, np.ndarray] | tuple[Sequence[int], Sequence[int]]
_EPS = 1e-9  # counts are sums and differences of weights: below this, nothing is there
_BLOCK = 4_000_000  # histogram entries gathered at once
FAR = np.int32(1 << 20)  # "no example below this ancestor"


@dataclass(frozen=True, slots=True)
class NearestIndex:
    """``down[i, s]``: the shortest distance from node ``keys[i]`` (sorted) down to a point of
    sense ``s`` (:data:`FAR`: none)."""

    keys: np.ndarray
    down: np.ndarray


def build_nearest(chains: Sequence[Chain], columns: Sequence[int], n_senses: int) -> NearestIndex:
    """The nearest-point index of points given by their ancestor chains and sense columns."""
    if not len(chains):
        return NearestIndex(np.empty(0, np.int64), np.empty((0, n_senses), np.int32))
    sizes = [len(c[0]) for c in chains]
    anc = _joined(chains, 0, np.int64)
    dist = _joined(chains, 1, np.int32)
    col = np.repeat(np.asarray(columns, dtype=np.int64), sizes)
    keys, row = np.unique(anc, return_inverse=True)
    down = np.full((len(keys), n_senses), FAR, dtype=np.int32)
    np.minimum.at(down, (row, col), dist)
    return NearestIndex(keys, down)


def nearest_lengths(index: NearestIndex, chains: Sequence[Chain]) -> np.ndarray:
    """``min LEN`` from each chain's nodes to a point of each sense (:data:`FAR`: none); a
    chain may concatenate the chains of several nodes (a noun's senses): the minimum over
    them."""
    n_senses = index.down.shape[1]
    out = np.full((len(chains), n_senses), FAR, dtype=np.int32)
    if not len(index.keys) or not len(chains):
        return out
    # ~16 ancestors a noun sense: blocks keep the (ancestors x senses) array near 2M cells.
    step = max(1, 2_000_000 // (16 * n_senses))
    for lo in range(0, len(chains), step):
        part = chains[lo : lo + step]
        sizes = np.fromiter((len(c[0]) for c in part), dtype=np.int64, count=len(part))
        anc = _joined(part, 0, np.int64)
        up = _joined(part, 1, np.int32)
        pos = np.minimum(np.searchsorted(index.keys, anc), len(index.keys) - 1)
        hit = index.keys[pos] == anc
        lengths = np.full((len(anc), n_senses), FAR, dtype=np.int32)
        lengths[hit] = up[hit, None] + index.down[pos[hit]]
        out[lo : lo + step] = np.minimum.reduceat(lengths, np.cumsum(sizes) - sizes, axis=0)
    return out


@dataclass(frozen=True, slots=True)
class PointIndex:
    """Per ancestor node (``keys``, sorted), the histogram entries
    ``offsets[i]:offsets[i + 1]`` of ``column`` (sense), ``down`` (edges below) and
    ``weight`` (total weight of the points there)."""

    keys: np.ndarray
    offsets: np.ndarray
    column: np.ndarray
    down: np.ndarray
    weight: np.ndarray
    n_senses: int


def build_index(
    chains: Sequence[Chain],
    columns: np.ndarray,
    weights: np.ndarray,
    n_senses: int,
    shift: np.ndarray | None = None,
) -> PointIndex:
    """The index of weighted points, each given by its ancestor chain (node ids, edges up
    from the point; the point itself first), its sense column and weight.  ``shift`` (one
    per chain) is added to the chain's node ids: separate trees in one index (a verb's
    cases, each shifted by ``case * n_nodes``), queried with the same shifts."""
    if not len(chains):
        empty = np.empty(0, np.int64)
        return PointIndex(empty, np.zeros(1, np.int64), empty, empty, np.empty(0), n_senses)
    sizes = np.fromiter((len(c[0]) for c in chains), dtype=np.int64, count=len(chains))
    anc = _shifted(chains, sizes, shift)
    down = _joined(chains, 1, np.int64)
    col = np.repeat(np.asarray(columns, dtype=np.int64), sizes)
    w = np.repeat(np.asarray(weights, dtype=float), sizes)
    width = int(down.max()) + 1
    cell = (col * width + down).astype(np.int64)
    order = np.lexsort((cell, anc))
    anc, cell, w = anc[order], cell[order], w[order]
    new = np.r_[True, (anc[1:] != anc[:-1]) | (cell[1:] != cell[:-1])]
    starts = np.flatnonzero(new)
    anc, cell, w = anc[starts], cell[starts], np.add.reduceat(w, starts)
    keys, first = np.unique(anc, return_index=True)
    offsets = np.r_[first, len(anc)].astype(np.int64)
    return PointIndex(keys, offsets, cell // width, cell % width, w, n_senses)


def length_counts(
    index: PointIndex, chains: Sequence[Chain], n_lengths: int, shift: np.ndarray | None = None
) -> np.ndarray:
    """``N[row, s, L]`` for ``L < n_lengths``: the weight of the points of sense ``s`` at path
    length ``L`` from each input node, one row per chain (node ids, edges up, node first;
    ``shift`` as in :func:`build_index`)."""
    n_senses = index.n_senses
    out = np.zeros((len(chains), n_senses, n_lengths))
    if not len(chains) or not len(index.keys):
        return out
    sizes = np.fromiter((len(c[0]) for c in chains), dtype=np.int64, count=len(chains))
    anc = _shifted(chains, sizes, shift)
    up = _joined(chains, 1, np.int64)
    row = np.repeat(np.arange(len(chains)), sizes)
    is_root = np.zeros(len(anc), dtype=bool)
    is_root[np.cumsum(sizes) - 1] = True
    pos = np.minimum(np.searchsorted(index.keys, anc), len(index.keys) - 1)
    hit = np.flatnonzero(index.keys[pos] == anc)
    lo = index.offsets[pos[hit]]
    n = index.offsets[pos[hit] + 1] - lo
    flat = out.reshape(-1)
    # gather the entries of the hit ancestors in blocks of about _BLOCK entries
    ends = np.cumsum(n)
    cut = 0
    while cut < len(hit):
        stop = int(np.searchsorted(ends, (ends[cut - 1] if cut else 0) + _BLOCK, "right"))
        stop = max(stop, cut + 1)
        part = slice(cut, stop)
        counts = n[part]
        element = np.repeat(hit[part], counts)
        first = np.cumsum(counts) - counts
        entry = np.repeat(lo[part] - first, counts) + np.arange(int(counts.sum()))
        length = up[element] + index.down[entry]
        base = (row[element] * n_senses + index.column[entry]) * n_lengths
        weight = index.weight[entry]
        near = length < n_lengths
        again = ~is_root[element] & (length + 2 < n_lengths)
        flat += np.bincount(
            np.concatenate([base[near] + length[near], base[again] + length[again] + 2]),
            np.concatenate([weight[near], -weight[again]]),
            flat.size,
        )
        cut = stop
    out[out < _EPS] = 0.0
    return out


def _joined(chains: Sequence[Chain], part: int, dtype: type[np.integer]) -> np.ndarray:
    """Part ``part`` (0: node ids, 1: edges) of every chain, concatenated as ``dtype``."""
    return np.concatenate([c[part] for c in chains]).astype(dtype, copy=False)


def _shifted(chains: Sequence[Chain], sizes: np.ndarray, shift: np.ndarray | None) -> np.ndarray:
    """The chains' node ids, concatenated, each chain's plus its ``shift``."""
    anc = _joined(chains, 0, np.int64)
    if shift is not None:
        anc += np.repeat(np.asarray(shift, dtype=np.int64), sizes)
    return anc


def knn_mean(counts: np.ndarray, sims: np.ndarray, k: float) -> np.ndarray:
    """Mean similarity of the ``k`` nearest points of each sense (points weigh their weight;
    fewer than ``k`` points: the missing ones count 0).  ``sims[L]`` is the similarity at
    path length ``L`` (non-increasing), ``counts`` from :func:`length_counts` (its lengths
    beyond ``len(sims)`` are ignored)."""
    (out,) = knn_means(counts, [(sims, k)])
    return out


def knn_means(counts: np.ndarray, settings: Sequence[tuple[np.ndarray, float]]) -> list[np.ndarray]:
    """:func:`knn_mean` under several ``(sims, k)`` at once: the running counts are shared,
    and so is the share of each length taken for one ``k``."""
    width = max((len(sims) for sims, _ in settings), default=0)
    counts = counts[..., :width]  # longer paths score 0 under every setting
    before = np.cumsum(counts, axis=-1)
    before -= counts
    widths: dict[float, int] = {}  # per k, the lengths some setting with that k scores
    for sims, k in settings:
        widths[k] = max(widths.get(k, 0), len(sims))
    taken: dict[float, np.ndarray] = {}
    for k, w in widths.items():
        # clip(k - before, 0, counts) without np.clip's slow path for array bounds
        share = np.subtract(k, before[..., :w])
        np.maximum(share, 0.0, out=share)
        taken[k] = np.minimum(share, counts[..., :w], out=share)
    return [np.asarray(taken[k][..., : len(sims)] @ sims / k) for sims, k in settings]


def knn_best(
    index: PointIndex,
    queries: Sequence[Chain],
    settings: Sequence[tuple[np.ndarray, float]],
    shift: np.ndarray | None = None,
    columns: np.ndarray | None = None,
    n_columns: int | None = None,
) -> list[np.ndarray]:
    """Per setting ``(sims, k)``, a (queries x senses) array: the best over each query's
    nodes of :func:`knn_mean` of that node's :func:`length_counts`.  A query is the ancestor
    chains of one or more nodes, concatenated (each node's chain starts at edges 0), as
    ``NounLookup.ancestors`` gives them; ``shift`` (one per query) as in :func:`build_index`.
    ``columns`` maps the index's senses to the ``n_columns`` output columns (-1: left out;
    default: the index's own).  Compiled (:mod:`wsd.methods._kernels`): one node's counts
    at a time, only the senses it reaches, no (nodes x senses x lengths) array."""
    from ._kernels import knn_best_kernel

    if columns is None:
        columns = np.arange(index.n_senses, dtype=np.int64)
    n_out = index.n_senses if n_columns is None else n_columns
    out = np.zeros((len(settings), len(queries), n_out))
    if not len(queries) or not len(index.keys) or not len(settings):
        return list(out)
    sizes = np.fromiter((len(c[0]) for c in queries), dtype=np.int64, count=len(queries))
    anc = _shifted(queries, sizes, shift)
    up = _joined(queries, 1, np.int64)
    widths = np.fromiter((len(sims) for sims, _ in settings), dtype=np.int64, count=len(settings))
    table = np.zeros((len(settings), int(widths.max())))
    for row, (sims, _) in enumerate(settings):
        table[row, : len(sims)] = sims
    ks = np.fromiter((k for _, k in settings), dtype=float, count=len(settings))
    knn_best_kernel(
        index.keys,
        index.offsets,
        index.column,
        index.down,
        index.weight,
        np.asarray(columns, dtype=np.int64),
        anc,
        up,
        np.cumsum(sizes),
        table,
        widths,
        ks,
        out,
    )
    return list(out)


def nearest(counts: np.ndarray, sims: np.ndarray) -> np.ndarray:
    """Similarity of the nearest point of each sense (0 where a sense has none)."""
    present = counts > 0
    first = np.argmax(present, axis=-1)
    return np.where(present.any(axis=-1), sims[first], 0.0)
