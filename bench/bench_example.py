"""The example-based method's "knn" similarity, compiled, against the numpy formula, and its
``fit`` with per-verb tuning, measured on the same SemCor inputs.

For each verb (full: the ten Table 1 verbs; quick: the two most frequent in six tag files), a
model is fitted on 90 % of the verb's instances (every 10th held out), and the ``"knn"`` SIM
rows its per-verb tuning needs are computed: every training instance's nominal (case, filler)
pairs under the six settings of ``DEFAULT_TUNE`` plus the estimator's own.

- ``knn``: ``knn_best`` (the compiled loop, ``wsd/methods/example/_kernels.py``) against the
  numpy formula (``length_counts`` then ``knn_means`` below, in blocks of 250,000 (nodes x
  senses x lengths) cells, then the best over each filler's nodes); they must agree to 1e-12
  (``knn_max_abs_diff``: float rounding, the sums run in another order);
- ``fit``: ``fit`` of the verb with tuning (three inner folds: four models per fit), from the
  corpus alone (``CORPUS_ALONE``), one ``RunCache`` across the repeats.

Medians of ``repeats`` runs per verb, summed over the verbs.

Run: ``python bench/bench_example.py [--quick] [--repeats N] [--json-out FILE]``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import (  # noqa: E402
    CORPUS_ALONE,
    bench_main,
    headline,
    measure,
    ratio,
    semcor_instances,
    vmhwm_mb,
)

VERBS = ("make", "see", "know", "give", "take", "find", "come", "get", "use", "tell")
CELLS = 250_000  # the numpy formula's block size


def length_counts(
    index: Any, anc: np.ndarray, up: np.ndarray, sizes: np.ndarray, width: int
) -> np.ndarray:
    """``N[row, s, L]``, ``L < width``: the weight of the points of sense ``s`` at path length
    ``L`` from each input node (one chain per row, node first): each ancestor's points at
    their length through it, minus the same points two edges too long through the next one."""
    out = np.zeros((len(sizes), index.n_senses, width))
    row = np.repeat(np.arange(len(sizes)), sizes)
    is_root = np.zeros(len(anc), dtype=bool)
    is_root[np.cumsum(sizes) - 1] = True
    pos = np.minimum(np.searchsorted(index.keys, anc), len(index.keys) - 1)
    hit = np.flatnonzero(index.keys[pos] == anc)
    lo, n = index.offsets[pos[hit]], index.offsets[pos[hit] + 1] - index.offsets[pos[hit]]
    element = np.repeat(hit, n)
    entry = np.repeat(lo - (np.cumsum(n) - n), n) + np.arange(int(n.sum()))
    length = up[element] + index.down[entry]
    base = (row[element] * index.n_senses + index.column[entry]) * width
    near, again = length < width, ~is_root[element] & (length + 2 < width)
    out.reshape(-1)[:] = np.bincount(
        np.concatenate([base[near] + length[near], base[again] + length[again] + 2]),
        np.concatenate([index.weight[entry][near], -index.weight[entry][again]]),
        out.size,
    )
    out[out < 1e-9] = 0.0
    return out


def knn_means(counts: np.ndarray, spec: list[tuple[np.ndarray, float]]) -> list[np.ndarray]:
    """Per ``(sims, k)``: the mean similarity of each sense's ``k`` nearest points."""
    before = np.cumsum(counts, axis=-1) - counts
    taken = [np.minimum(np.maximum(k - before, 0.0), counts) for _, k in spec]
    return [t[..., : len(sims)] @ sims / k for t, (sims, k) in zip(taken, spec, strict=True)]


def numpy_knn_rows(est: Any, model: Any, case: str, keys: list[Any], spec: list[Any]) -> np.ndarray:
    """The reference: counts at every path length, k-nearest means, best over a key's nodes."""
    width = max(len(sims) for sims, _ in spec)
    out = np.zeros((len(spec), len(keys), len(model.senses)))
    budget = max(1, CELLS // (len(model.senses) * width))
    for lo in range(0, len(keys), budget):
        part = keys[lo : lo + budget]
        chains = [est.lookup.ancestors(key) for key in part]
        anc = np.concatenate([c[0] for c in chains]).astype(np.int64) + model.shift[case]
        up = np.concatenate([c[1] for c in chains]).astype(np.int64)
        node = np.cumsum(up == 0) - 1  # one row per node of each key
        sizes = np.bincount(node)
        owner = np.repeat(np.arange(len(part)), [int(np.sum(c[1] == 0)) for c in chains])
        counts = length_counts(model.points, anc, up, sizes, width)
        starts = np.flatnonzero(np.r_[True, np.diff(owner) != 0])
        for j, mean in enumerate(knn_means(counts, spec)):
            out[j, lo : lo + len(part)] = np.maximum.reduceat(mean, starts, axis=0)
    return out


def bench_verb(instances: list[Any], verb: str, repeats: int) -> dict[str, Any]:
    from wsd.methods import ExampleBasedWSD, RunCache
    from wsd.methods.example.similarity import knn_best

    train = [inst for i, inst in enumerate(instances) if i % 10]
    est = ExampleBasedWSD(**CORPUS_ALONE).set_cache(RunCache()).fit(train)
    model = est.verbs_[verb]
    inputs = est.frame_items(est.seen_as_all(train), training=False)
    pairs = list(dict.fromkeys(p for its in inputs for p in its if p[0] in model.shift))
    by_case: dict[str, list[Any]] = {}
    for case, key in pairs:
        by_case.setdefault(case, []).append(key)
    settings = {(s.mapping, s.k): s for s in map(est.setting, [{}, *est.tune])}.values()
    spec = [(est.length_sims(s), s.k) for s in settings]

    def compiled() -> list[Any]:
        return [
            np.stack(
                knn_best(
                    model.points,
                    [est.lookup.ancestors(k) for k in keys],
                    spec,
                    np.full(len(keys), model.shift[case]),
                )
            )
            for case, keys in by_case.items()
        ]

    def reference() -> list[Any]:
        return [numpy_knn_rows(est, model, case, keys, spec) for case, keys in by_case.items()]

    diff = max(
        (
            float(np.max(np.abs(a - b)))
            for a, b in zip(compiled(), reference(), strict=True)
            if a.size
        ),
        default=0.0,
    )
    shared = RunCache()

    def fit() -> Any:
        return ExampleBasedWSD(**CORPUS_ALONE).set_cache(shared).fit(train)

    fit()  # the lookups and frame items, built once
    return {
        "instances": len(train),
        "pairs": len(pairs),
        "senses": len(model.senses),
        "knn_compiled": measure(compiled, repeats=repeats),
        "knn_numpy": measure(reference, repeats=repeats),
        "knn_max_abs_diff": diff,
        "fit": measure(fit, repeats=repeats),
    }


def run(quick: bool, repeats: int = 3) -> dict[str, Any]:
    by_verb: dict[str, list[Any]] = {}
    for inst in semcor_instances(quick):
        by_verb.setdefault(inst.lemma, []).append(inst)
    # quick: the two verbs with the most instances in the six files
    frequent = sorted(by_verb, key=lambda v: (-len(by_verb[v]), v))[:2]
    verbs = [v for v in (frequent if quick else VERBS) if len(by_verb.get(v, ())) >= 20]
    per_verb = {verb: bench_verb(by_verb[verb], verb, repeats) for verb in verbs}

    def total(name: str) -> float:
        return round(sum(r[name]["median_s"] for r in per_verb.values()), 4)

    results: dict[str, Any] = {"quick": quick, "repeats": repeats, "verbs": per_verb}
    results["knn_compiled_s"] = total("knn_compiled")
    results["knn_numpy_s"] = total("knn_numpy")
    results["knn_speedup"] = ratio(results["knn_numpy_s"], results["knn_compiled_s"])
    results["knn_max_abs_diff"] = max((r["knn_max_abs_diff"] for r in per_verb.values()), default=0)
    results["fit_s"] = total("fit")
    results["peak_rss_mb"] = vmhwm_mb()
    agree = "ok" if results["knn_max_abs_diff"] <= 1e-12 else "DIFFERS"
    results["headlines"] = [
        headline(
            f"knn rows of {len(verbs)} verbs' tuning, s (vs numpy formula)",
            results["knn_compiled_s"],
            results["knn_numpy_s"],
            results["knn_speedup"],
        ),
        headline(
            "knn rows: max |compiled - numpy|",
            results["knn_max_abs_diff"],
            target=("<=", 1e-12),
            status=agree,
        ),
        headline(f"fit with tuning, {len(verbs)} verbs, s", results["fit_s"]),
    ]
    return results


def main(argv: list[str] | None = None) -> int:
    return bench_main(run, __doc__ or "", argv)


if __name__ == "__main__":
    sys.exit(main())
