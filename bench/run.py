"""Run every benchmark, print one table of figures against their references and targets,
write the figures as JSON.

    python bench/run.py            # full run (see bench/README.md; needs SemCor and WordNet)
    python bench/run.py --quick    # smoke mode for CI: small sizes, about a minute
    python bench/run.py --only thesaurus disambiguation --repeats 5

Each benchmark runs in a fresh Python process (``python bench/_hwm.py ... bench/bench_X.py
--json-out FILE``), so no benchmark inherits another's memory or caches; the process reports
its own peak RSS (``VmHWM``) at exit while this one samples the RSS of its process tree.  Each
module exposes ``run(quick: bool, repeats: int = 3) -> dict`` and measures its references
(NLTK, networkx, naive implementations, cold runs, ``n_jobs=1``) in the same run, so the
ratios compare figures taken minutes apart on the same machine.  Figures are medians of
``--repeats`` runs (default 3; 1 in quick mode).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from _common import check, run_python, write_results  # noqa: E402

BENCHMARKS = (
    "thesaurus",
    "thesaurus_scale",
    "corpus",
    "disambiguation",
    "example",
    "supervised",
    "evaluate",
    "compare",
    "instances",
    "scaling",
)
# the benchmarks that read SemCor; without it they are skipped with the reason
NEEDS_SEMCOR = frozenset(BENCHMARKS) - {"thesaurus", "thesaurus_scale"}
PEAK_RSS_TARGET_MB = 2048.0
COLUMNS = ("benchmark", "figure", "ours", "reference", "ratio", "target", "status")


def run_benchmark(name: str, quick: bool, repeats: int) -> dict[str, Any]:
    """``bench_<name>.py`` in a fresh process; its figures plus the process's time and peak."""
    with tempfile.TemporaryDirectory(prefix=f"bench-{name}-") as tmp:
        out = Path(tmp) / "figures.json"
        script = HERE / f"bench_{name}.py"
        flags = ["--json-out", str(out), "--repeats", str(repeats), *(["--quick"] if quick else [])]
        # Its own VmHWM is exact; the tree samples are a backstop, so sample slowly (~0.5%
        # of a core instead of ~2.5% at 0.1 s).
        child = run_python([str(script), *flags], echo=True, interval=0.5)
        if child.returncode == 0 and out.is_file():
            figures: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
        else:
            last = child.stderr_tail.splitlines()[-1] if child.stderr_tail else ""
            figures = {"error": f"exit status {child.returncode}: {last}"}
    figures["process"] = child.as_dict()
    figures["seconds"] = round(child.seconds, 1)
    if figures.get("peak_rss_mb") is None:
        figures["peak_rss_mb"] = child.peak_rss_mb
    return figures


def semcor_problem() -> str | None:
    """Why SemCor cannot be read here (its finder's message), or None when it can."""
    from thesaurus import ToolkitError
    from wsd.corpus import find_semcor

    try:
        find_semcor(None)
    except ToolkitError as exc:
        return str(exc)
    return None


def fmt(value: Any, suffix: str = "") -> str:
    """Table cell: thousands separators for large numbers, 3 significant digits otherwise.

    >>> fmt(12345678), fmt(0.04567), fmt(348, "x"), fmt(None), fmt(float("nan"))
    ('12,345,678', '0.0457', '348x', '-', '-')
    """
    if value is None or value == "":
        return "-" if value is None else ""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if isinstance(value, float) and math.isnan(value):
        return "-"
    if isinstance(value, int) or abs(value) >= 1000:
        return f"{value:,.0f}{suffix}"
    return f"{value:.3g}{suffix}"


def table_rows(results: dict[str, dict[str, Any]]) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for bench, figures in results.items():
        if "error" in figures:
            rows.append((bench, "FAILED", figures["error"][:70], "", "", "", "ERROR"))
        if "skipped" in figures:
            rows.append((bench, "skipped", figures["skipped"][:70], "", "", "", "SKIPPED"))
            continue
        for row in figures.get("headlines", ()):
            rows.append(
                (
                    bench,
                    row["figure"],
                    fmt(row["ours"]),
                    fmt(row["reference"]),
                    fmt(row["ratio"], "x"),
                    row["target"],
                    row["status"],
                )
            )
        peak = figures.get("peak_rss_mb")
        rows.append(
            (
                bench,
                f"peak RSS MB (benchmark, {figures['seconds']:g} s)",
                fmt(peak),
                "",
                "",
                f"<= {PEAK_RSS_TARGET_MB:g}",
                check(peak, "<=", PEAK_RSS_TARGET_MB),
            )
        )
    return rows


def table(results: dict[str, dict[str, Any]]) -> str:
    rows = [COLUMNS, *table_rows(results)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    right = {2, 3, 4}  # numbers
    lines = [
        "  ".join(
            cell.rjust(w) if i in right else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smoke mode: small sizes")
    parser.add_argument("--only", nargs="+", choices=BENCHMARKS, default=list(BENCHMARKS))
    parser.add_argument("--repeats", type=int, help="timed runs per figure (3; quick: 1)")
    parser.add_argument(
        "--out", type=Path, help="JSON output (bench/results.json; quick: results-quick.json)"
    )
    args = parser.parse_args(argv)
    repeats = args.repeats or (1 if args.quick else 3)
    if repeats < 1:
        parser.error(f"--repeats must be >= 1, got {repeats}")
    out = args.out or HERE / ("results-quick.json" if args.quick else "results.json")

    started = time.perf_counter()
    results: dict[str, dict[str, Any]] = {}
    no_semcor = semcor_problem() if NEEDS_SEMCOR.intersection(args.only) else None
    for name in args.only:
        if no_semcor and name in NEEDS_SEMCOR:
            print(f"bench: {name} skipped: {no_semcor}", file=sys.stderr, flush=True)
            results[name] = {"skipped": f"no SemCor: {no_semcor}"}
            continue
        print(f"bench: {name} ...", file=sys.stderr, flush=True)
        results[name] = run_benchmark(name, args.quick, repeats)
    wall = time.perf_counter() - started
    document = {
        "mode": "quick" if args.quick else "full",
        "repeats": repeats,
        "seconds": round(wall, 1),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "processor_count": len(os.sched_getaffinity(0))
        if hasattr(os, "sched_getaffinity")
        else os.cpu_count(),
        "benchmarks": results,
    }
    write_results(out, document)
    print(table(results))
    if args.quick:
        print("\nquick mode: small sizes, so the figures only show the code runs; targets are")
        print("for the full run (python bench/run.py).")
    print(f"\n{document['mode']} run, {repeats} repeat(s), {wall:.0f} s; written: {out}")
    return 1 if any("error" in figures for figures in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
