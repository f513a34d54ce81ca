"""Run every benchmark, print one table of figures against their targets, write results.json.

    python bench/run.py            # full run (several minutes; needs SemCor and WordNet)
    python bench/run.py --quick    # smoke mode for CI: small sizes, seconds
    python bench/run.py --only thesaurus disambiguation

Each benchmark module exposes ``run(quick: bool) -> dict`` and measures its reference (NLTK,
networkx, a naive implementation, n_jobs=1) in the same process and run, so the ratios are
side by side.  Figures are medians of repeated runs where a benchmark repeats.
"""

from __future__ import annotations

import argparse
import importlib
import math
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from _common import peak_rss_mb, write_results  # noqa: E402

BENCHMARKS = ("thesaurus", "disambiguation", "evaluate")

# (benchmark, key in its results, comparison, target, label); missing keys show as "-".
TARGETS: tuple[tuple[str, str, str, float, str], ...] = (
    ("thesaurus", "verb_speedup_vs_nltk", ">=", 100, "verb LEN: ours / NLTK per pair"),
    ("thesaurus", "noun_speedup_vs_nltk", ">=", 100, "noun LEN: ours / NLTK per pair"),
    ("thesaurus", "build_seconds", "<=", 15, "WordNet thesauri build, cold (s)"),
    ("thesaurus", "warm_load_seconds", "<=", 2, "WordNet thesauri load, warm (s)"),
    ("disambiguation", "instances_per_second", ">=", 10_000, "example-based, instances/s"),
    ("disambiguation", "scaling_exponent", "<=", 1.1, "time ~ size**k, k"),
    ("evaluate", "table1_warm_seconds", "<=", 60, "wsd evaluate table1, warm (s)"),
    ("evaluate", "semcor_all_seconds", "<=", 600, "wsd evaluate semcor_all (s)"),
    ("evaluate", "peak_rss_mb", "<=", 2048, "evaluate peak RSS (MB)"),
)


def _module(name: str) -> Any:
    return importlib.import_module(f"bench_{name}")


def _run_one(name: str, quick: bool) -> dict[str, Any]:
    started = time.perf_counter()
    try:
        figures = _module(name).run(quick=quick)
    except Exception as exc:  # a failing benchmark is reported, the others still run
        return {"error": f"{type(exc).__name__}: {exc}", "seconds": time.perf_counter() - started}
    figures["seconds"] = round(time.perf_counter() - started, 2)
    return figures


def _check(value: Any, comparison: str, target: float) -> str:
    if not isinstance(value, int | float) or math.isnan(value):
        return "-"
    ok: Callable[[float, float], bool] = (
        (lambda v, t: v >= t) if comparison == ">=" else (lambda v, t: v <= t)
    )
    return "ok" if ok(float(value), target) else "MISSED"


def table(results: dict[str, dict[str, Any]]) -> str:
    rows = [("figure", "value", "target", "status")]
    for bench, key, comparison, target, label in TARGETS:
        if bench not in results:
            continue
        value = results[bench].get(key)
        shown = (
            f"{value:,.2f}"
            if isinstance(value, float)
            else str(value if value is not None else "-")
        )
        rows.append((label, shown, f"{comparison} {target:g}", _check(value, comparison, target)))
    for bench, figures in results.items():
        if "error" in figures:
            rows.append((f"{bench}: FAILED", figures["error"][:60], "", "ERROR"))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smoke mode: small sizes, seconds")
    parser.add_argument("--only", nargs="+", choices=BENCHMARKS, default=list(BENCHMARKS))
    parser.add_argument("--out", default=str(HERE / "results.json"))
    args = parser.parse_args(argv)

    results: dict[str, dict[str, Any]] = {}
    for name in args.only:
        print(f"bench: {name} ...", file=sys.stderr, flush=True)
        results[name] = _run_one(name, args.quick)
    document = {
        "mode": "quick" if args.quick else "full",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "processor_count": _cpu_count(),
        "peak_rss_mb": peak_rss_mb(),
        "benchmarks": results,
    }
    write_results(args.out, document)
    print(table(results))
    print(f"\nwritten: {args.out}")
    return 1 if any("error" in figures for figures in results.values()) else 0


def _cpu_count() -> int:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


if __name__ == "__main__":
    sys.exit(main())
