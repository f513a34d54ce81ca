"""SIM(n, E[s][c]): how close a sense's training examples lie to an input noun.

``sim(L)`` maps the path length ``L`` between two nouns to a similarity; an :class:`Aggregate`
sums up a sense's examples (name a new one in :data:`AGGREGATES`).  A mark's fillers are words
compared by identity.  Examples are indexed by their ancestors ``a``: ``min_e LEN(n, e) =
min_a (up(n, a) + down[a, s])``; for ``"knn"`` the examples at length ``L`` from ``x`` number

    N_s(L) = sum_{j <= r} hist[a_j][s][L - j]  -  sum_{j < r} hist[a_j][s][L - j - 2]

over ``x``'s ancestors ``a_0 = x, ..., a_r = root`` (points below ``a_{j-1}`` counted two edges
too long through ``a_j`` are taken off), which :func:`~._kernels.knn_best_kernel` walks.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from wsd.methods.example._examples import PointIndex, VerbModel
from wsd.methods.example._pool import ExamplePool
from wsd.methods.example._tuning import Setting
from wsd.methods.noun_lookup import Chain, FillerKey, NounLookup

__all__ = ["AGGREGATES", "FAR", "Aggregate", "NearestIndex", "nearest_sims", "sim_rows"]

Pair = tuple[str, FillerKey]  # (case, filler)
Lengths = Callable[[Setting], np.ndarray]  # a setting's sim(L) for L = 0, 1, ... while > 0
FAR = np.int32(1 << 20)  # "no example below this ancestor"


@dataclass(frozen=True, slots=True)
class NearestIndex:
    """``down[i, s]``: the fewest edges from node ``keys[i]`` (sorted) down to an example of
    sense ``s`` (:data:`FAR`: none)."""

    keys: np.ndarray
    down: np.ndarray

    @classmethod
    def build(cls, chains: Sequence[Chain], columns: Sequence[int], n_senses: int) -> NearestIndex:
        if not len(chains):
            return cls(np.empty(0, np.int64), np.empty((0, n_senses), np.int32))
        anc = np.concatenate([c[0] for c in chains]).astype(np.int64, copy=False)
        dist = np.concatenate([c[1] for c in chains]).astype(np.int32, copy=False)
        col = np.repeat(np.asarray(columns, np.int64), [len(c[0]) for c in chains])
        keys, row = np.unique(anc, return_inverse=True)
        down = np.full((len(keys), n_senses), FAR, dtype=np.int32)
        np.minimum.at(down, (row, col), dist)
        return cls(keys, down)

    def lengths(self, chains: Sequence[Chain]) -> np.ndarray:
        """``min LEN`` from each chain's nodes to an example of each sense (:data:`FAR`: none)."""
        out = np.full((len(chains), self.down.shape[1]), FAR, dtype=np.int32)
        if not len(self.keys) or not len(chains):
            return out
        sizes = np.fromiter((len(c[0]) for c in chains), dtype=np.int64, count=len(chains))
        anc = np.concatenate([c[0] for c in chains]).astype(np.int64, copy=False)
        up = np.concatenate([c[1] for c in chains]).astype(np.int32, copy=False)
        pos = np.minimum(np.searchsorted(self.keys, anc), len(self.keys) - 1)
        hit = self.keys[pos] == anc
        lengths = np.full((len(anc), out.shape[1]), FAR, dtype=np.int32)
        lengths[hit] = up[hit, None] + self.down[pos[hit]]
        return np.minimum.reduceat(lengths, np.cumsum(sizes) - sizes, axis=0)


def nearest_sims(
    model: VerbModel, case: str, keys: Sequence[FillerKey], sim: Callable, lookup: NounLookup
) -> np.ndarray:
    """``sim`` of the nearest example of each sense in a nominal ``case`` (0: none), per key."""
    index = model.nearest.get(case)
    if index is None:
        by_sense = model.examples[case]
        pairs = [(c, key) for c, s in enumerate(model.senses) for key in by_sense.get(s, ())]
        chains = [lookup.ancestors(key) for _, key in pairs]
        index = model.nearest[case] = NearestIndex.build(
            chains, [c for c, _ in pairs], len(model.senses)
        )
    lengths = index.lengths([lookup.ancestors(key) for key in keys])
    reached = lengths < FAR
    out = np.zeros(lengths.shape)
    out[reached] = np.asarray(sim(lengths[reached]), dtype=float)
    return out


class Aggregate:
    """How ``SIM(n, E[s][c])`` sums up the examples of sense ``s``."""

    def index(self, model: VerbModel, pool: ExamplePool) -> None:
        """Index a model's examples after fitting (nothing by default)."""

    def noun_rows(
        self,
        model: VerbModel,
        pairs: Sequence[Pair],
        settings: Sequence[Setting],
        lookup: NounLookup,
        lengths: Lengths,
    ) -> list[np.ndarray]:
        """Per setting, the (pairs x senses) SIM of nominal (case, filler) pairs."""
        raise NotImplementedError

    def word_rows(self, counts: np.ndarray, setting: Setting) -> np.ndarray:
        """SIM of a mark's words from their per-sense training counts."""
        raise NotImplementedError


class Nearest(Aggregate):
    """``"max"``: the similarity of the nearest example (the paper); a mark's: 1 if seen."""

    def noun_rows(self, model, pairs, settings, lookup, lengths):  # type: ignore[no-untyped-def]
        by_case: dict[str, list[int]] = defaultdict(list)
        for i, (case, _) in enumerate(pairs):
            by_case[case].append(i)
        out = [np.zeros((len(pairs), len(model.senses))) for _ in settings]
        for case, rows in by_case.items():
            keys = [pairs[i][1] for i in rows]
            for table, setting in zip(out, settings, strict=True):
                table[rows] = nearest_sims(model, case, keys, setting.sim, lookup)
        return out

    def word_rows(self, counts: np.ndarray, setting: Setting) -> np.ndarray:
        return (counts > 0).astype(float)


class KNearest(Aggregate):
    """``"knn"``: the mean similarity of the ``k`` nearest examples of the sense, best over the
    input noun's senses (see ``ExampleBasedWSD``).  A mark's SIM: ``min(count, k) / k``."""

    def index(self, model: VerbModel, pool: ExamplePool) -> None:
        model.points = pool.point_index(model.entries, len(model.senses))

    def noun_rows(self, model, pairs, settings, lookup, lengths):  # type: ignore[no-untyped-def]
        unique = {(s.mapping, s.k): s for s in settings}  # beta alone changes no row
        spec = [(lengths(s), s.k) for s in unique.values()]
        chains = [lookup.ancestors(key) for _, key in pairs]
        shifts = np.fromiter((model.shift[case] for case, _ in pairs), np.int64, len(pairs))
        best = knn_best(model.points, chains, spec, shifts)
        return [best[list(unique).index((s.mapping, s.k))] for s in settings]

    def word_rows(self, counts: np.ndarray, setting: Setting) -> np.ndarray:
        return np.minimum(counts, setting.k) / setting.k


AGGREGATES: dict[str, Aggregate] = {"max": Nearest(), "knn": KNearest()}


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
    aggregate: Aggregate,
    model: VerbModel,
    pairs: Sequence[Pair],
    settings: Sequence[Setting],
    lookup: NounLookup,
    lengths: Lengths,
) -> list[np.ndarray]:
    """Per setting, the (pairs x senses) SIM of (case, filler) pairs the model can score."""
    unique = {pair: row for row, pair in enumerate(dict.fromkeys(pairs))}
    marks: dict[str, list[FillerKey]] = defaultdict(list)
    nominal: list[Pair] = []
    for case, key in unique:
        if case in model.words:
            marks[case].append(key)
        else:
            nominal.append((case, key))
    tables = [np.zeros((len(unique), len(model.senses))) for _ in settings]
    for case, keys in marks.items():
        counts = model.words[case].counts_of(keys)
        rows = [unique[(case, key)] for key in keys]
        for table, setting in zip(tables, settings, strict=True):
            table[rows] = aggregate.word_rows(counts, setting)
    if nominal:
        found = aggregate.noun_rows(model, nominal, settings, lookup, lengths)
        for table, sims in zip(tables, found, strict=True):
            table[[unique[pair] for pair in nominal]] = sims
    inverse = np.fromiter((unique[pair] for pair in pairs), np.int64, len(pairs))
    return [table[inverse] for table in tables]
