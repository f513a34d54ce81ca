"""The supervised comparator (``ims``) and the hybrid: fit time on all of SemCor, ranking
throughput, peak memory, and the obvious scikit-learn implementation as the reference.

Measured side by side in one run (medians of ``repeats``; every rank starts with cold caches,
``set_cache()``):

- ours: ``IMSWSD`` / ``HybridWSD`` ``fit`` on every SemCor verb instance (quick: six tag
  files), from the corpus alone as the reference (``CORPUS_ALONE``), then ``rank`` of every
  instance;
- reference ("what a user would write"): per verb, scikit-learn's ``DictVectorizer`` +
  ``LinearSVC`` pipeline on the very same feature strings (``ims`` features, extracted afresh
  inside each timed fit and rank, as ours are), fitted and asked for predictions verb by verb.
  The senses it picks are compared with ours (they differ only where ours rounds weights to
  float16 or breaks a tie by training frequency);
- the Bayes baseline's fit and rank in the same run, for scale.

Memory: ``peak_rss_mb`` is the process's peak (``VmHWM``) over everything.

Run: ``python bench/bench_supervised.py [--quick] [--repeats N] [--json-out FILE]``.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import (  # noqa: E402
    CORPUS_ALONE,
    bench_main,
    headline,
    ratio,
    semcor_instances,
    vmhwm_mb,
)

FIT_TARGET_S = 60.0
RANK_TARGET = 5000.0


def _timed(call: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    value = call()
    return time.perf_counter() - start, value


def measure(name: str, instances: Sequence[Any], repeats: int) -> dict[str, Any]:
    """Fit and cold-rank times of method ``name`` (medians) and its last predictions."""
    from wsd.methods import make_method

    fits, ranks = [], []
    predictions: list[Any] = []
    for _ in range(repeats):
        model = make_method(name, **CORPUS_ALONE)
        seconds, _ = _timed(lambda m=model: m.fit(instances))
        fits.append(seconds)
        model.set_cache()
        seconds, predictions = _timed(lambda m=model: m.rank(instances))
        ranks.append(seconds)
    fit_s, rank_s = statistics.median(fits), statistics.median(ranks)
    return {
        "fit_seconds": round(fit_s, 2),
        "rank_seconds": round(rank_s, 2),
        "instances_per_second": round(len(instances) / rank_s),
        "senses": [p.sense for p in predictions],
    }


def pipeline_reference(instances: Sequence[Any], repeats: int) -> dict[str, Any]:
    """Per verb, ``DictVectorizer`` + ``LinearSVC`` on our ``ims`` feature strings."""
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import FunctionTransformer
    from sklearn.svm import LinearSVC

    from wsd.methods import make_method

    by_verb: dict[str, list[int]] = defaultdict(list)
    for index, instance in enumerate(instances):
        by_verb[instance.lemma].append(index)
    labels = [instance.gold[0] for instance in instances]

    def feature_rows() -> list[dict[str, int]]:
        ims = make_method("ims")  # the same strings ours learns from, cold
        return [dict.fromkeys(ims._feature_names(i), 1) for i in instances]

    def fit() -> dict[str, Any]:
        rows = feature_rows()
        models: dict[str, Any] = {}
        for verb, indices in by_verb.items():
            senses = {labels[i] for i in indices}
            if len(senses) == 1:
                models[verb] = senses.pop()
                continue
            # LinearSVC refuses the 64-bit sparse indices DictVectorizer now produces
            pipe = make_pipeline(
                DictVectorizer(), FunctionTransformer(_int32), LinearSVC(C=0.1, max_iter=5000)
            )
            models[verb] = pipe.fit([rows[i] for i in indices], [labels[i] for i in indices])
        return models

    def rank(models: dict[str, Any]) -> list[str]:
        rows = feature_rows()
        out = [""] * len(instances)
        for verb, indices in by_verb.items():
            model = models[verb]
            if isinstance(model, str):
                for i in indices:
                    out[i] = model
                continue
            for i, sense in zip(indices, model.predict([rows[i] for i in indices]), strict=True):
                out[i] = str(sense)
        return out

    fits, ranks = [], []
    senses: list[str] = []
    for _ in range(repeats):
        seconds, models = _timed(fit)
        fits.append(seconds)
        seconds, senses = _timed(lambda m=models: rank(m))
        ranks.append(seconds)
    rank_s = statistics.median(ranks)
    return {
        "fit_seconds": round(statistics.median(fits), 2),
        "rank_seconds": round(rank_s, 2),
        "instances_per_second": round(len(instances) / rank_s),
        "senses": senses,
    }


def _int32(X: Any) -> Any:
    X = X.tocsr()
    X.indices = X.indices.astype("int32")
    X.indptr = X.indptr.astype("int32")
    return X


def _agreement(a: Sequence[Any], b: Sequence[Any]) -> float:
    return round(sum(x == y for x, y in zip(a, b, strict=True)) / len(a), 4)


def run(quick: bool, repeats: int = 3) -> dict[str, Any]:
    started = time.perf_counter()
    instances = semcor_instances(quick)
    load_s = time.perf_counter() - started
    results: dict[str, Any] = {
        "quick": quick,
        "repeats": repeats,
        "instances": len(instances),
        "load_seconds": round(load_s, 2),
    }
    for name in ("ims", "hybrid", "bayes"):
        results[name] = measure(name, instances, repeats)
    reference = pipeline_reference(instances, repeats)
    results["sklearn_pipeline"] = reference
    results["agreement_ims_vs_pipeline"] = _agreement(results["ims"]["senses"], reference["senses"])
    for figures in (*(results[n] for n in ("ims", "hybrid", "bayes")), reference):
        del figures["senses"]
    results["peak_rss_mb"] = vmhwm_mb()
    results["headlines"] = _rows(results)
    return results


def _rows(r: dict[str, Any]) -> list[dict[str, Any]]:
    ims, hybrid, bayes, pipe = r["ims"], r["hybrid"], r["bayes"], r["sklearn_pipeline"]
    return [
        headline(
            "ims fit s, all SemCor (ref: sklearn DictVectorizer+LinearSVC per verb)",
            ims["fit_seconds"],
            pipe["fit_seconds"],
            ratio(pipe["fit_seconds"], ims["fit_seconds"], 2),
            target=("<=", FIT_TARGET_S),
        ),
        headline(
            "hybrid fit s, all SemCor (ref: bayes fit)",
            hybrid["fit_seconds"],
            bayes["fit_seconds"],
            ratio(bayes["fit_seconds"], hybrid["fit_seconds"], 2),
            target=("<=", FIT_TARGET_S),
        ),
        headline(
            "ims instances/s, cold (ref: the sklearn pipeline)",
            ims["instances_per_second"],
            pipe["instances_per_second"],
            ratio(ims["instances_per_second"], pipe["instances_per_second"], 2),
            target=(">=", RANK_TARGET),
        ),
        headline(
            "hybrid instances/s, cold (ref: bayes)",
            hybrid["instances_per_second"],
            bayes["instances_per_second"],
            ratio(hybrid["instances_per_second"], bayes["instances_per_second"], 2),
            target=(">=", RANK_TARGET),
        ),
        headline(
            "ims senses = pipeline's (share of instances)",
            r["agreement_ims_vs_pipeline"],
            target=(">=", 0.99),
        ),
    ]


def main(argv: list[str] | None = None) -> int:
    return bench_main(run, __doc__ or "", argv)


if __name__ == "__main__":
    sys.exit(main())
