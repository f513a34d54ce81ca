"""Path lengths in the WordNet 3.0 verb and noun thesauri: ours against NLTK and networkx.

Measured side by side in one run (every timing is the median of ``repeats`` runs):

- ours: ``Thesaurus.path_lengths`` (Euler tour + sparse-table RMQ, vectorised) on 1,000,000
  random sense pairs per thesaurus (quick: 10,000); and one ``path_length`` call per pair on
  the sample (the scalar API);
- NLTK: ``Synset.shortest_path_distance(simulate_root=True)`` on a sample of those pairs
  (2,000; quick: 200), timed on warmed passes: NLTK reads synsets from the database lazily on
  first access, so a first, untimed pass over the sample loads them.  NLTK searches WordNet's
  DAG, not our tree (``docs/thesauri.md``), so we report the share of equal answers twice:
  raw, and on the pairs where both synsets have a single hypernym path, after adding the
  documented 2 to NLTK's answer for verb pairs whose LCA in our tree is the virtual ``ROOT``
  (there the two must agree);
- networkx: ``shortest_path_length`` on our own tree as an undirected graph, same sample:
  answers must be identical (asserted);
- loading: a fresh process with an empty cache directory (``$WSD_THESAURUS_CACHE``), i.e. the
  full build from WordNet, then a fresh process reading that cache; each process reports its
  own peak RSS.

Run: ``python bench/bench_thesaurus.py [--quick] [--repeats N] [--json-out FILE]``.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import (  # noqa: E402
    bench_main,
    headline,
    measure,
    ratio,
    run_python,
    vmhwm_mb,
)

_LOAD_SCRIPT = """
import json, sys, time
start = time.perf_counter()
import thesaurus
times = {}
for spec in ("wordnet-verb", "wordnet-noun"):
    t0 = time.perf_counter()
    thesaurus.load(spec)
    times[spec] = time.perf_counter() - t0
times["total"] = time.perf_counter() - start
with open(sys.argv[1], "w", encoding="utf-8") as handle:
    json.dump(times, handle)
"""


def _load_once(script: Path, cache: Path, times: Path) -> dict[str, Any]:
    child = run_python([str(script), str(times)], env={"WSD_THESAURUS_CACHE": str(cache)})
    if child.returncode:
        raise RuntimeError(f"thesaurus load failed ({child.returncode}): {child.stderr_tail}")
    inner = json.loads(times.read_text(encoding="utf-8"))
    return {
        "verb_s": inner["wordnet-verb"],
        "noun_s": inner["wordnet-noun"],
        "total_s": inner["total"],
        "process_s": child.seconds,
        "peak_rss_mb": child.peak_rss_mb,
    }


def load_times(repeats: int) -> dict[str, Any]:
    """Cold (a new empty cache dir each time) and warm (that cache, read again) loads, each in
    a fresh process; medians over ``repeats`` of each."""
    runs: dict[str, list[dict[str, Any]]] = {"cold": [], "warm": []}
    with tempfile.TemporaryDirectory(prefix="bench-thesaurus-") as tmp:
        script = Path(tmp) / "load.py"
        script.write_text(_LOAD_SCRIPT, encoding="utf-8")
        for attempt in range(repeats):
            cache = Path(tmp) / f"cache{attempt}"  # empty: the cold run builds into it
            runs["cold"].append(_load_once(script, cache, Path(tmp) / "times.json"))
            runs["warm"].append(_load_once(script, cache, Path(tmp) / "times.json"))
    out: dict[str, Any] = {}
    for phase, measured in runs.items():
        for key in ("verb_s", "noun_s", "total_s", "process_s"):
            out[f"{phase}_{key.removesuffix('_s')}_seconds"] = round(
                statistics.median(m[key] for m in measured), 3
            )
        out[f"{phase}_peak_rss_mb"] = max(m["peak_rss_mb"] or 0.0 for m in measured)
    return out


def _median_per_pair(fn: Any, n: int, repeats: int) -> float:
    return float(measure(fn, repeats=repeats)["median_s"]) / n


def bench_one(spec: str, n_pairs: int, n_sample: int, seed: int, repeats: int) -> dict[str, Any]:
    import networkx as nx

    import thesaurus
    from thesaurus.wordnet.data import wordnet

    thes = thesaurus.load(spec)
    keys = thes.sense_ids
    nodes = np.array([thes.sense_node(k) for k in keys], dtype=np.int64)
    rng = np.random.default_rng(seed)
    pick = rng.integers(0, len(keys), size=(2, n_pairs))
    a, b = nodes[pick[0]], nodes[pick[1]]
    ours_per_pair = _median_per_pair(lambda: thes.path_lengths(a, b), n_pairs, repeats)

    pairs = list(zip(a[:n_sample].tolist(), b[:n_sample].tolist(), strict=True))
    ours = thes.path_lengths(a[:n_sample], b[:n_sample]).tolist()
    scalar = [thes.path_length(x, y) for x, y in pairs]
    scalar_per_pair = _median_per_pair(
        lambda: [thes.path_length(x, y) for x, y in pairs], n_sample, repeats
    )

    graph = nx.Graph()
    graph.add_edges_from((i, thes.parent(i)) for i in range(thes.n_nodes) if thes.parent(i) >= 0)
    reference = [nx.shortest_path_length(graph, x, y) for x, y in pairs]
    networkx_equal = sum(x == y for x, y in zip(ours, reference, strict=True))
    assert networkx_equal == n_sample, f"{spec}: networkx differs on {n_sample - networkx_equal}"
    assert scalar == ours, f"{spec}: path_length differs from path_lengths"
    networkx_per_pair = _median_per_pair(
        lambda: [nx.shortest_path_length(graph, x, y) for x, y in pairs], n_sample, repeats
    )

    wn = wordnet()
    synsets = [
        (wn.lemma_from_key(keys[i]).synset(), wn.lemma_from_key(keys[j]).synset())
        for i, j in zip(pick[0, :n_sample].tolist(), pick[1, :n_sample].tolist(), strict=True)
    ]

    def nltk_pass() -> list[int | None]:
        return [s.shortest_path_distance(t, simulate_root=True) for s, t in synsets]

    nltk = nltk_pass()  # the warm-up pass: NLTK loads the synsets it touches lazily
    nltk_per_pair = _median_per_pair(nltk_pass, n_sample, repeats)

    # Single hypernym path on both sides: NLTK's DAG is our tree there; verbs whose LCA is our
    # virtual ROOT go through two lexicographer-file levels instead of NLTK's one fake root.
    virtual = 2 if spec == "wordnet-verb" else 0
    single = [
        (x, y, ours_len, nltk_len)
        for (x, y), (s, t), ours_len, nltk_len in zip(pairs, synsets, ours, nltk, strict=True)
        if len(s.hypernym_paths()) == 1 and len(t.hypernym_paths()) == 1
    ]
    single_equal = sum(
        ours_len == (nltk_len or 0) + (virtual if thes.lca(x, y) == thes.root else 0)
        for x, y, ours_len, nltk_len in single
    )
    return {
        "pairs": n_pairs,
        "pairs_per_second": round(1 / ours_per_pair),
        "ours_ns_per_pair": round(ours_per_pair * 1e9, 1),
        "ours_scalar_us_per_pair": round(scalar_per_pair * 1e6, 2),
        "nltk_pairs_per_second": round(1 / nltk_per_pair),
        "nltk_us_per_pair": round(nltk_per_pair * 1e6, 1),
        "networkx_pairs_per_second": round(1 / networkx_per_pair),
        "networkx_us_per_pair": round(networkx_per_pair * 1e6, 1),
        "speedup_vs_nltk": round(nltk_per_pair / ours_per_pair),
        "speedup_vs_networkx": round(networkx_per_pair / ours_per_pair),
        "scalar_speedup_vs_nltk": round(nltk_per_pair / scalar_per_pair, 1),
        "sample": n_sample,
        "networkx_equal": networkx_equal,
        "nltk_agreement": round(sum(x == y for x, y in zip(ours, nltk, strict=True)) / n_sample, 3),
        "nltk_shorter": sum(y is not None and y < x for x, y in zip(ours, nltk, strict=True)),
        "single_path_pairs": len(single),
        "nltk_agreement_single_path": round(single_equal / len(single), 3) if single else None,
    }


def _rows(results: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for kind in ("verb", "noun"):
        r = {k.removeprefix(f"{kind}_"): v for k, v in results.items() if k.startswith(kind)}
        rows.append(
            headline(
                f"{kind} LEN pairs/s: ours vs NLTK (x = speedup)",
                r["pairs_per_second"],
                r["nltk_pairs_per_second"],
                r["speedup_vs_nltk"],
                target=(">=", 100),
                on="ratio",
            )
        )
        rows.append(
            headline(
                f"{kind} LEN pairs/s: ours vs networkx, same answers",
                r["pairs_per_second"],
                r["networkx_pairs_per_second"],
                r["speedup_vs_networkx"],
                status=f"{r['networkx_equal']}/{r['sample']} equal",
            )
        )
        rows.append(
            headline(
                f"{kind} LEN = NLTK: raw share vs single-path pairs",
                r["nltk_agreement"],
                r["nltk_agreement_single_path"],
                status=f"n={r['single_path_pairs']} single-path",
            )
        )
    rows.append(
        headline(
            "thesauri load s: warm vs cold build",
            results["warm_total_seconds"],
            results["cold_total_seconds"],
            ratio(results["cold_total_seconds"], results["warm_total_seconds"]),
            target=("<=", 2),
        )
    )
    return rows


def run(quick: bool, repeats: int = 3) -> dict[str, Any]:
    n_pairs, n_sample = (10_000, 200) if quick else (1_000_000, 2_000)
    results: dict[str, Any] = {"quick": quick, "repeats": repeats}
    results.update(load_times(repeats))
    for kind, spec, seed in (("verb", "wordnet-verb", 1), ("noun", "wordnet-noun", 2)):
        for key, value in bench_one(spec, n_pairs, n_sample, seed, repeats).items():
            results[f"{kind}_{key}"] = value
    results["peak_rss_mb"] = max(
        vmhwm_mb() or 0.0, results["cold_peak_rss_mb"], results["warm_peak_rss_mb"]
    )
    results["headlines"] = _rows(results)
    return results


def main(argv: list[str] | None = None) -> int:
    return bench_main(run, __doc__ or "", argv)


if __name__ == "__main__":
    sys.exit(main())
