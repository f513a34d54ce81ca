"""Path lengths in the WordNet 3.0 verb and noun thesauri: ours against NLTK and networkx.

Measured side by side in one run:

- ours: ``Thesaurus.path_lengths`` (Euler tour + sparse-table RMQ, vectorised) on 1,000,000
  random sense pairs per thesaurus (quick: 10,000), median of 3 runs; and one ``path_length``
  call per pair on the sample (the scalar API);
- NLTK: ``Synset.shortest_path_distance(simulate_root=True)`` on a sample of those pairs
  (2,000; quick: 200) — it searches WordNet's DAG, so answers may differ (see
  ``thesaurus/_wordnet.py``): we report the share that agree;
- networkx: ``shortest_path_length`` on our own tree as an undirected graph, same sample:
  answers must be identical;
- loading: a fresh process with an empty cache directory (``$WSD_THESAURUS_CACHE``), i.e. the
  full build from WordNet, then a second fresh process reading that cache.

Run: ``python bench/bench_thesaurus.py [--quick] [--out FILE]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
from _common import measure, peak_rss_mb, write_results  # noqa: E402

_LOAD_SCRIPT = """
import json, time
start = time.perf_counter()
import thesaurus
times = {}
for spec in ("wordnet-verb", "wordnet-noun"):
    t0 = time.perf_counter()
    thesaurus.load(spec)
    times[spec] = time.perf_counter() - t0
times["total"] = time.perf_counter() - start
print(json.dumps(times))
"""


def load_times() -> dict[str, float]:
    """Cold (empty cache dir) and warm (second process) load times, each in a new process."""
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="thesaurus-cache-") as cache:
        env = {**os.environ, "WSD_THESAURUS_CACHE": cache}
        for phase in ("cold", "warm"):
            started = time.perf_counter()
            result = subprocess.run(
                [sys.executable, "-c", _LOAD_SCRIPT],
                env=env,
                cwd=HERE.parent,
                capture_output=True,
                text=True,
                check=True,
            )
            wall = time.perf_counter() - started
            inner = json.loads(result.stdout.strip().splitlines()[-1])
            out[f"{phase}_verb_seconds"] = round(inner["wordnet-verb"], 3)
            out[f"{phase}_noun_seconds"] = round(inner["wordnet-noun"], 3)
            out[f"{phase}_total_seconds"] = round(inner["total"], 3)
            out[f"{phase}_process_seconds"] = round(wall, 3)
    return out


def bench_one(spec: str, n_pairs: int, n_sample: int, seed: int) -> dict[str, Any]:
    import networkx as nx

    import thesaurus
    from thesaurus.wordnet_data import wordnet

    thes = thesaurus.load(spec)
    keys = thes.sense_ids
    nodes = np.array([thes.sense_node(k) for k in keys], dtype=np.int64)
    rng = np.random.default_rng(seed)
    pick = rng.integers(0, len(keys), size=(2, n_pairs))
    a, b = nodes[pick[0]], nodes[pick[1]]
    timing = measure(lambda: thes.path_lengths(a, b), repeats=3)
    ours_per_pair = timing["median_s"] / n_pairs

    sample_a, sample_b = a[:n_sample], b[:n_sample]
    ours = thes.path_lengths(sample_a, sample_b).tolist()
    started = time.perf_counter()
    scalar = [
        thes.path_length(x, y) for x, y in zip(sample_a.tolist(), sample_b.tolist(), strict=True)
    ]
    scalar_per_pair = (time.perf_counter() - started) / n_sample

    graph = nx.Graph()
    graph.add_edges_from((i, thes.parent(i)) for i in range(thes.n_nodes) if thes.parent(i) >= 0)
    started = time.perf_counter()
    reference = [
        nx.shortest_path_length(graph, x, y)
        for x, y in zip(sample_a.tolist(), sample_b.tolist(), strict=True)
    ]
    networkx_per_pair = (time.perf_counter() - started) / n_sample

    wn = wordnet()
    synsets_a = [wn.lemma_from_key(keys[j]).synset() for j in pick[0, :n_sample].tolist()]
    synsets_b = [wn.lemma_from_key(keys[j]).synset() for j in pick[1, :n_sample].tolist()]
    synsets_a[0].shortest_path_distance(synsets_b[0], simulate_root=True)  # warm NLTK's lazy state
    started = time.perf_counter()
    nltk = [
        s.shortest_path_distance(t, simulate_root=True)
        for s, t in zip(synsets_a, synsets_b, strict=True)
    ]
    nltk_per_pair = (time.perf_counter() - started) / n_sample

    return {
        "pairs": n_pairs,
        "pairs_per_second": round(1 / ours_per_pair),
        "ours_ns_per_pair": round(ours_per_pair * 1e9, 1),
        "ours_scalar_us_per_pair": round(scalar_per_pair * 1e6, 2),
        "nltk_us_per_pair": round(nltk_per_pair * 1e6, 1),
        "networkx_us_per_pair": round(networkx_per_pair * 1e6, 1),
        "speedup_vs_nltk": round(nltk_per_pair / ours_per_pair),
        "speedup_vs_networkx": round(networkx_per_pair / ours_per_pair),
        "scalar_speedup_vs_nltk": round(nltk_per_pair / scalar_per_pair, 1),
        "sample": n_sample,
        "networkx_equal": sum(x == y for x, y in zip(ours, reference, strict=True)),
        "scalar_equal": sum(x == y for x, y in zip(ours, scalar, strict=True)),
        "nltk_agreement": round(sum(x == y for x, y in zip(ours, nltk, strict=True)) / n_sample, 3),
        "nltk_shorter": sum(y is not None and y < x for x, y in zip(ours, nltk, strict=True)),
    }


def run(quick: bool) -> dict[str, Any]:
    n_pairs, n_sample = (10_000, 200) if quick else (1_000_000, 2_000)
    results: dict[str, Any] = {"quick": quick}
    results.update(load_times())
    results["build_seconds"] = results["cold_total_seconds"]
    results["warm_load_seconds"] = results["warm_total_seconds"]
    for kind, spec, seed in (("verb", "wordnet-verb", 1), ("noun", "wordnet-noun", 2)):
        for key, value in bench_one(spec, n_pairs, n_sample, seed).items():
            results[f"{kind}_{key}"] = value
    results["peak_rss_mb"] = peak_rss_mb()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (seconds)")
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    args = parser.parse_args()
    results = run(args.quick)
    print(json.dumps(results, indent=1))
    if args.out:
        write_results(args.out, results)


if __name__ == "__main__":
    main()
