"""TSV thesauri at scale: a chain of 1,000,000 nodes and 1,000,000 siblings load in linear time
and answer LEN exactly.

Three shapes, each at 125k, 250k, 500k and 1M nodes (quick: 12.5k to 100k):

- ``chain``: ``n0 <- n1 <- ... <- n(N-1)``, written root first (each line's parent is known);
- ``chain-leaf-first``: the same chain written from the leaf up (each parent is a forward
  reference; this order once made loading quadratic: 147 s at 100k nodes);
- ``siblings``: ``n1 ... n(N-1)`` all under ``n0``.

Per shape and size, in a fresh process each time: ``thesaurus.load_file`` timed, and the
process's ``VmHWM`` read right after it (only imports ran before: the load's peak RSS; the
LEN batch below allocates ~100 MB of temporaries of its own, so the process's final peak is
reported apart); LEN of 1,000,000 random node pairs (quick: 100,000) by ``path_lengths``,
timed and compared with the closed form (chain: ``|i - j|``; siblings: 0, 1 with the root,
else 2), plus MAXLEN of a word with senses at the root, next to it and at the far end; then,
as the reference measured side by side, a bare parse of the same file (read, split lines and
fields, a ``child -> parent`` dict): the work no loader can skip.  Wall times and rates are
medians over ``repeats`` processes per size; CPU times (``time.process_time``) are minima, and
the exponents ``k`` of load CPU time and of the bare parse's CPU time ~ size^k are fitted on
them (least squares over the four sizes, ``_common.fit_exponent``): on a shared machine wall
times of one size can double when another job runs, which no median of three undoes.  The
exponent of the load's peak RSS above the interpreter's is fitted the same way.  Target: the
load's k at most 1.1 times the bare parse's (reading a file grows a little faster than
linearly too once its dicts outgrow the caches: k ~ 1.2 on this machine; quadratic is 2).

Run: ``python bench/bench_thesaurus_scale.py [--quick] [--repeats N] [--json-out FILE]``.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import bench_main, fit_exponent, headline, ratio, run_python, vmhwm_mb  # noqa: E402

SHAPES = ("chain", "chain-leaf-first", "siblings")
SIZES = (125_000, 250_000, 500_000, 1_000_000)
QUICK_SIZES = (12_500, 25_000, 50_000, 100_000)


def write_tree(directory: Path, shape: str, n: int) -> Path:
    """``<shape>.tsv`` + ``<shape>.words.tsv`` with nodes ``n0`` (the root) .. ``n<n-1>`` and
    the word ``w`` with senses at ``n0``, ``n1`` and ``n<n-1>``; the tree file's path."""
    if shape == "siblings":
        edges = [f"n{i}\tn0\n" for i in range(1, n)]
    else:
        edges = [f"n{i}\tn{i - 1}\n" for i in range(1, n)]
        if shape == "chain-leaf-first":
            edges.reverse()
    path = directory / f"{shape}.tsv"
    path.write_text("n0\n" + "".join(edges), encoding="utf-8")
    last = f"n{n - 1}"
    words = f"w\tw#root\tn0\nw\tw#next\tn1\nw\tw#far\t{last}\n"
    (directory / f"{shape}.words.tsv").write_text(words, encoding="utf-8")
    return path


def expected_lengths(shape: str, i: Any, j: Any) -> Any:
    """LEN between ``n<i>`` and ``n<j>`` (numpy arrays) in the shape's closed form."""
    import numpy as np

    if shape == "siblings":
        return np.where(i == j, 0, np.where((i == 0) | (j == 0), 1, 2))
    return np.abs(i - j)


# Runs in a fresh process: python _hwm.py HWM script.py TREE SHAPE PAIRS OUT
_CHILD = """
import json, sys, time
from pathlib import Path
import numpy as np
sys.path[:0] = [sys.argv[5], str(Path(sys.argv[5]).parent)]  # bench/ and the repository
import thesaurus
from bench_thesaurus_scale import expected_lengths

path, shape, pairs, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
def status_mb(field):
    with open("/proc/self/status") as handle:
        return next(int(l.split()[1]) / 1024 for l in handle if l.startswith(field + ":"))
before = status_mb("VmRSS")
t0, c0 = time.perf_counter(), time.process_time()
thes = thesaurus.load_file(path)
load, load_cpu = time.perf_counter() - t0, time.process_time() - c0
load_peak = status_mb("VmHWM")  # nothing but imports ran before: the peak of the load
n = thes.n_nodes
ids = np.array([thes.node_index(f"n{k}") for k in range(n)], dtype=np.int64)
rng = np.random.default_rng(n)
i, j = rng.integers(0, n, size=(2, pairs))
a, b = ids[i], ids[j]
t0 = time.perf_counter()
lengths = thes.path_lengths(a, b)
per_pair = (time.perf_counter() - t0) / pairs
wrong = int(np.count_nonzero(lengths != expected_lengths(shape, i, j)))
maxlen = thes.maxlen("w")
ok_maxlen = maxlen == (2 if shape == "siblings" else n - 1)
del thes, ids
t0, c0 = time.perf_counter(), time.process_time()
with open(path, encoding="utf-8") as handle:
    parent = dict(line.rstrip("\\n").partition("\\t")[::2] for line in handle)
parse, parse_cpu = time.perf_counter() - t0, time.process_time() - c0
with open(out, "w") as handle:
    json.dump({"n": n, "load_s": load, "parse_s": parse, "len_pairs_per_s": 1 / per_pair,
               "load_cpu_s": load_cpu, "parse_cpu_s": parse_cpu,
               "wrong": wrong, "maxlen_ok": ok_maxlen, "rss_before_mb": before,
               "load_peak_rss_mb": load_peak,
               "parsed_nodes": len(parent)}, handle)
"""


def measure_one(tmp: Path, script: Path, shape: str, n: int, pairs: int) -> dict[str, Any]:
    """One load in a fresh process: its figures and its own peak RSS."""
    tree = write_tree(tmp, shape, n)
    out = tmp / "figures.json"
    here = str(Path(__file__).resolve().parent)
    child = run_python([str(script), str(tree), shape, str(pairs), str(out), here])
    if child.returncode:
        raise RuntimeError(f"{shape} at {n}: exit {child.returncode}: {child.stderr_tail}")
    figures: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    figures["peak_rss_mb"] = child.peak_rss_mb
    return figures


def bench_shape(shape: str, sizes: tuple[int, ...], pairs: int, repeats: int) -> dict[str, Any]:
    """Per size, ``repeats`` fresh processes (the sizes interleaved, so a busy spell of the
    machine does not fall on one size): medians of wall times, memory and rates, minima of
    CPU times; exponents over the sizes, fitted on the CPU minima (the least noisy figure on
    a shared machine)."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-thesaurus-scale-") as tmp:
        script = Path(tmp) / "child.py"
        script.write_text(_CHILD, encoding="utf-8")
        measured: dict[int, list[dict[str, Any]]] = {n: [] for n in sizes}
        for _ in range(repeats):
            for n in sizes:
                measured[n].append(measure_one(Path(tmp), script, shape, n, pairs))
        for n, runs in measured.items():
            row: dict[str, Any] = {"nodes": n}
            for key in ("load_cpu_s", "parse_cpu_s"):
                row[key] = round(min(r[key] for r in runs), 4)
            for key in (
                "load_s",
                "parse_s",
                "len_pairs_per_s",
                "peak_rss_mb",
                "load_peak_rss_mb",
                "rss_before_mb",
            ):
                row[key] = round(statistics.median(r[key] for r in runs), 4)
            row["len_wrong"] = sum(r["wrong"] for r in runs)
            row["maxlen_ok"] = all(r["maxlen_ok"] for r in runs)
            row["load_ns_per_node"] = round(row["load_s"] / n * 1e9)
            row["load_bytes_per_node"] = round(
                (row["load_peak_rss_mb"] - row["rss_before_mb"]) * 2**20 / n
            )
            rows.append(row)
    nodes = [row["nodes"] for row in rows]
    return {
        "sizes": rows,
        "load_exponent": round(fit_exponent(nodes, [row["load_cpu_s"] for row in rows]), 3),
        "parse_exponent": round(fit_exponent(nodes, [row["parse_cpu_s"] for row in rows]), 3),
        "load_wall_exponent": round(fit_exponent(nodes, [row["load_s"] for row in rows]), 3),
        "memory_exponent": round(
            fit_exponent(nodes, [row["load_peak_rss_mb"] - row["rss_before_mb"] for row in rows]),
            3,
        ),
        "pairs": pairs,
    }


def _rows(results: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for shape in SHAPES:
        r = results[shape]
        small, large = r["sizes"][0], r["sizes"][-1]
        big, little = f"{large['nodes'] / 1e6:g}M", f"{small['nodes'] / 1e3:g}k"
        exact = large["len_wrong"] == 0 and large["maxlen_ok"]
        out += [
            headline(
                f"{shape} {big}: load CPU s vs bare parse CPU s (x)",
                large["load_cpu_s"],
                large["parse_cpu_s"],
                ratio(large["load_cpu_s"], large["parse_cpu_s"]),
            ),
            headline(
                f"{shape}: k of CPU time ~ n^k, load vs bare parse ({little}..{big})",
                r["load_exponent"],
                r["parse_exponent"],
                ratio(r["load_exponent"], r["parse_exponent"], 2),
                target=("<=", 1.1),
                on="ratio",
            ),
            headline(
                f"{shape} {big}: LEN pairs/s vs at {little}",
                round(large["len_pairs_per_s"]),
                round(small["len_pairs_per_s"]),
                ratio(large["len_pairs_per_s"], small["len_pairs_per_s"], 2),
                status="exact" if exact else "WRONG",
            ),
            headline(
                f"{shape} {big}: load peak RSS MB vs at {little} (k = {r['memory_exponent']:g})",
                large["load_peak_rss_mb"],
                small["load_peak_rss_mb"],
                ratio(large["load_peak_rss_mb"], small["load_peak_rss_mb"]),
            ),
        ]
    return out


def run(quick: bool, repeats: int = 3) -> dict[str, Any]:
    sizes, pairs = (QUICK_SIZES, 100_000) if quick else (SIZES, 1_000_000)
    results: dict[str, Any] = {"quick": quick, "repeats": repeats}
    for shape in SHAPES:
        results[shape] = bench_shape(shape, sizes, pairs, repeats)
    results["peak_rss_mb"] = max(
        [vmhwm_mb() or 0.0]
        + [row["peak_rss_mb"] or 0.0 for shape in SHAPES for row in results[shape]["sizes"]]
    )
    results["headlines"] = _rows(results)
    return results


def main(argv: list[str] | None = None) -> int:
    return bench_main(run, __doc__ or "", argv)


if __name__ == "__main__":
    sys.exit(main())
