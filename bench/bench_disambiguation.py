"""Example-based disambiguation throughput after training on all SemCor verbs.

Measured side by side in one run:

- ours: ``ExampleBasedWSD.rank`` on every SemCor verb instance (trained on all of them);
- reference: a straightforward implementation of the same Score formula that calls NLTK's
  ``Synset.shortest_path_distance(simulate_root=True)`` for every (input sense, example sense)
  pair, on a sample of instances (it is far too slow for all of them);
- scaling: ranking time for 1x, 2x, 4x, 8x the instances (by repetition, a fresh model each
  time so no memo is warm) and the fitted exponent of time ~ size**k.

Run: ``python bench/bench_disambiguation.py [--quick] [--out FILE]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import measure, peak_rss_mb, write_results  # noqa: E402


def _load(quick: bool):  # type: ignore[no-untyped-def]
    from wsd.corpus import find_semcor, load_corpus

    root = find_semcor(None)
    files = None
    if quick:
        files = sorted(p.name for p in (root / "brown1" / "tagfiles").iterdir())[:6]
    corpus = load_corpus(root, files=files) if files else load_corpus(root)
    return [i for i in corpus.instances if i.frame is not None]


def naive_rank(model, instance, wn, sims_memo):  # type: ignore[no-untyped-def]
    """Score(s) by the formula, one NLTK graph search per synset pair (no index, no memo)."""
    verb = model.verbs_.get(instance.lemma)
    if verb is None or instance.frame is None:
        return None
    scores = np.zeros(len(verb.senses))
    weights = 0.0
    for case, filler in instance.frame.cases:
        if case not in verb.examples or not wn.synsets(filler.lemma, "n"):
            continue
        weight = verb.ccd[case] ** model.beta
        weights += weight
        for column, sense in enumerate(verb.senses):
            best = 0.0
            for lemma, _ in verb.examples[case].get(sense, ()):
                for a in wn.synsets(filler.lemma, "n"):
                    for b in wn.synsets(lemma, "n"):
                        length = a.shortest_path_distance(b, simulate_root=True)
                        best = max(best, float(model._sim(np.array([length]))[0]))
            scores[column] += weight * best
    return scores / weights if weights else None


def main(argv: list[str] | None = None) -> dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few files, small sample")
    parser.add_argument(
        "--out", default=str(Path(__file__).with_name("results_disambiguation.json"))
    )
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)

    from thesaurus.wordnet_data import wordnet
    from wsd.methods import ExampleBasedWSD

    t0 = time.perf_counter()
    instances = _load(args.quick)
    load_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    model = ExampleBasedWSD().fit(instances)
    fit_s = time.perf_counter() - t0

    def rank_fresh(data):  # type: ignore[no-untyped-def]
        model._reset_caches()
        for verb in model.verbs_.values():
            verb.memo.clear()
        model.rank(data)

    ours = measure(lambda: rank_fresh(instances), repeats=args.repeats)
    ours_rate = len(instances) / ours["median_s"]

    sample_size = 20 if args.quick else 200
    rng = np.random.default_rng(0)
    sample = [instances[i] for i in rng.choice(len(instances), sample_size, replace=False)]
    wn = wordnet()
    t0 = time.perf_counter()
    naive = [naive_rank(model, inst, wn, {}) for inst in sample]
    naive_s = time.perf_counter() - t0
    naive_rate = sample_size / naive_s
    # Same answers? Compare the argmax where both decide (the DAG/tree shapes may differ).
    ranked = model.rank(sample)
    agree = [
        p.sense == model.verbs_[p.lemma].senses[int(np.argmax(n))]
        for p, n in zip(ranked, naive, strict=True)
        if n is not None and p.fallback is None
    ]

    sizes = [1, 2] if args.quick else [1, 2, 4, 8]
    base = instances[: max(1, len(instances) // (4 if not args.quick else 1))]
    scaling = []
    for factor in sizes:
        data = base * factor
        run = measure(lambda d=data: rank_fresh(d), repeats=1 if not args.quick else 1)
        scaling.append({"factor": factor, "instances": len(data), "seconds": run["median_s"]})
    xs = np.log([s["instances"] for s in scaling])
    ys = np.log([s["seconds"] for s in scaling])
    exponent = float(np.polyfit(xs, ys, 1)[0]) if len(scaling) > 1 else float("nan")

    results = {
        "instances": len(instances),
        "verbs": len(model.verbs_),
        "load_seconds": round(load_s, 2),
        "fit_seconds": round(fit_s, 2),
        "rank_seconds_median": round(ours["median_s"], 3),
        "instances_per_second": round(ours_rate),
        "naive_nltk_sample": sample_size,
        "naive_nltk_instances_per_second": round(naive_rate, 2),
        "speedup_vs_naive_nltk": round(ours_rate / naive_rate, 1),
        "argmax_agreement_with_naive": round(float(np.mean(agree)), 3) if agree else None,
        "scaling": scaling,
        "scaling_exponent": round(exponent, 3),
        "peak_rss_mb": peak_rss_mb(),
    }
    write_results(args.out, results)
    print(json.dumps(results, indent=1))
    return results


if __name__ == "__main__":
    main()
