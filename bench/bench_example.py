"""The example-based method's cross-validation inner loops, compiled and pooled, against the
numpy formula and per-fit builds, measured side by side on the same SemCor inputs.

For each verb (full: the ten Table 1 verbs; quick: the two most frequent in six tag files),
a model is fitted on 90 % of the verb's instances (every 10th held out), and the
``"knn"`` similarity rows its per-verb tuning needs are computed: every training instance's
(case, filler) pairs under the six settings of ``DEFAULT_TUNE`` plus the estimator's own.

- ``knn``: ``ExampleBasedWSD.knn_rows`` (the compiled loop, ``wsd/methods/_kernels.py``)
  against the numpy formula it replaced (``length_counts`` then ``knn_means``, in blocks of
  250,000 (nodes x senses x lengths) cells, then the best over each filler's nodes).  The two
  must agree to 1e-12 (``knn_max_abs_diff``: float rounding; the sums run in another order);
- ``fit``: ``fit`` of the verb with tuning (three inner folds: four models per fit) sharing
  one ``RunCache`` across the repeats, so the verb's ``ExamplePool`` is built once, against
  ``fit`` with a new ``RunCache`` each time (the pool, the noun lookups and the frame items
  built again: what every fit cost when each model indexed its own examples).

Medians of ``repeats`` runs per verb, summed over the verbs.  No target in the issue: these
explain the Table 1 figure of ``bench_evaluate.py``.

Run: ``python bench/bench_example.py [--quick] [--repeats N] [--json-out FILE]``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import bench_main, headline, measure, ratio, semcor_instances, vmhwm_mb  # noqa: E402

VERBS = ("make", "see", "know", "give", "take", "find", "come", "get", "use", "tell")
CELLS = 250_000  # the numpy formula's block size (as it ran before the compiled loop)


def numpy_knn_rows(est: Any, model: Any, pairs: list[Any], settings: list[Any]) -> np.ndarray:
    """The reference: counts at every path length as (nodes x senses x lengths) arrays, then
    the k-nearest means of every setting, then the best over each filler's nodes."""
    from wsd.methods._neighbours import knn_means, length_counts

    node_chains = est._lookup.node_chains
    spec = [(est.length_sims(s), s.k) for s in settings]
    width = max(len(sims) for sims, _ in spec)
    n = len(model.senses)
    out = np.zeros((len(settings), len(pairs), n))
    budget = max(1, CELLS // (n * width))
    lo = 0
    while lo < len(pairs):
        chains, owners, shifts = [], [], []
        hi = lo
        while hi < len(pairs) and (hi == lo or len(chains) < budget):
            case, key = pairs[hi]
            nodes = node_chains(key)
            chains.extend(nodes)
            owners.extend([hi - lo] * len(nodes))
            shifts.extend([model.shift[case]] * len(nodes))
            hi += 1
        counts = length_counts(model.points, chains, width, np.asarray(shifts))
        starts = np.flatnonzero(np.r_[True, np.diff(owners) != 0])
        for j, mean in enumerate(knn_means(counts, spec)):
            out[j, lo:hi] = np.maximum.reduceat(mean, starts, axis=0)
        lo = hi
    return out


def bench_verb(instances: list[Any], verb: str, repeats: int) -> dict[str, Any]:
    from wsd.methods import ExampleBasedWSD, RunCache

    train = [inst for i, inst in enumerate(instances) if i % 10]
    est = ExampleBasedWSD().set_cache(RunCache()).fit(train)
    items = est._frame_items(train, training=True)
    model = est.verb_model(verb, items, [inst.gold[0] for inst in train])
    inputs = est._frame_items(est.seen_as_all(train), training=False)
    pairs = list(dict.fromkeys(p for its in inputs for p in its if p[0] in model.shift))
    settings = list({(s.mapping, s.k): s for s in map(est.setting, [{}, *est.tune])}.values())
    ours = np.stack(est.knn_rows(model, pairs, settings))
    reference = numpy_knn_rows(est, model, pairs, settings)
    shared = RunCache()
    ExampleBasedWSD().set_cache(shared).fit(train)  # the pool and lookups, built once
    return {
        "instances": len(train),
        "pairs": len(pairs),
        "senses": len(model.senses),
        "knn_compiled": measure(lambda: est.knn_rows(model, pairs, settings), repeats=repeats),
        "knn_numpy": measure(lambda: numpy_knn_rows(est, model, pairs, settings), repeats=repeats),
        "knn_max_abs_diff": float(np.max(np.abs(ours - reference))) if len(pairs) else 0.0,
        "fit_pooled": measure(
            lambda: ExampleBasedWSD().set_cache(shared).fit(train), repeats=repeats
        ),
        "fit_fresh": measure(
            lambda: ExampleBasedWSD().set_cache(RunCache()).fit(train), repeats=repeats
        ),
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
    results["fit_pooled_s"] = total("fit_pooled")
    results["fit_fresh_s"] = total("fit_fresh")
    results["fit_speedup"] = ratio(results["fit_fresh_s"], results["fit_pooled_s"])
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
        headline(
            f"fit with tuning, {len(verbs)} verbs, s (pooled vs fresh cache)",
            results["fit_pooled_s"],
            results["fit_fresh_s"],
            results["fit_speedup"],
        ),
    ]
    return results


def main(argv: list[str] | None = None) -> int:
    return bench_main(run, __doc__ or "", argv)


if __name__ == "__main__":
    sys.exit(main())
