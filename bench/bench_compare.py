"""End-to-end ``wsd compare`` on an all-words benchmark: wall time and peak RSS of the whole
command (plots, report and every file included), each run in its own subprocess.

Full mode: the ALL-shaped benchmark of ``bench/allwords.py`` (7,253 instances of every part of
speech in five datasets, synthesised from SemCor) with 20 systems' key files, every part of
speech graded on its WordNet thesaurus, 2,000 bootstrap resamples.  Target:
<= 20 s on this 2-core machine.  For reference, the same comparison with 8 systems, and the
20 systems with nouns, adjectives and adverbs scored by exact match
(``--noun-thesaurus none ...``: what grading them costs).

Quick mode (CI): 4 systems on the same benchmark, drawn from 20 SemCor tag files and cut to
1,000 instances.

Every run's ``timing`` (load, measures) is kept; the report's writing is the rest of the
wall time.  Run: ``python bench/bench_compare.py [--quick] [--repeats N] [--json-out FILE]``.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import bench_main, headline, ratio, run_python  # noqa: E402
from allwords import build  # noqa: E402

TARGET_S = 20.0
SYSTEMS = 20
QUICK_SYSTEMS, QUICK_INSTANCES = 4, 1000
EXACT_ELSEWHERE = ["--noun-thesaurus", "none", "--adj-thesaurus", "none", "--adv-thesaurus", "none"]


def compare(folder: Path, systems: list[Path], out: Path, *extra: str) -> dict[str, Any]:
    """``wsd compare`` of ``systems`` against the folder's gold in a child process: wall
    seconds, peak RSS and the result's timing."""
    gold = folder / "ALL.gold.key.txt"
    child = run_python(
        ["-m", "evaluation.cli", "compare", "--gold", str(gold), *map(str, systems)]
        + ["--out", str(out), "--quiet", *extra]
    )
    if child.returncode:
        raise RuntimeError(f"wsd compare failed ({child.returncode}): {child.stderr_tail}")
    timing = json.loads((out / "results.json").read_text(encoding="utf-8"))["timing"]
    return {**child.as_dict(), "timing": timing}


def _cut(folder: Path, systems: list[Path], n: int) -> list[Path]:
    """Keep the first ``n`` gold instances (and the systems' lines for them)."""
    gold = folder / "ALL.gold.key.txt"
    lines = gold.read_text(encoding="utf-8").splitlines(keepends=True)[:n]
    gold.write_text("".join(lines), encoding="utf-8")
    kept = {line.split()[0] for line in lines}
    for path in systems:
        rows = path.read_text(encoding="utf-8").splitlines(keepends=True)
        path.write_text("".join(r for r in rows if r.split()[0] in kept), encoding="utf-8")
    return systems


def _median(runs: list[dict[str, Any]]) -> float:
    return round(statistics.median(r["seconds"] for r in runs), 2)


def run(quick: bool, repeats: int = 3) -> dict[str, Any]:
    from wsd.corpus import find_semcor

    with tempfile.TemporaryDirectory(prefix="bench-compare-") as tmp:
        folder = Path(tmp) / "all"
        n_systems = QUICK_SYSTEMS if quick else SYSTEMS
        gold, systems = build(find_semcor(None), folder, n_systems, files=20 if quick else None)
        if quick:
            systems = _cut(folder, systems, QUICK_INSTANCES)
        out = Path(tmp) / "out"
        compare(folder, systems, out)  # warms the thesaurus caches and the page cache
        runs = [compare(folder, systems, out) for _ in range(repeats)]
        results: dict[str, Any] = {
            "instances": sum(1 for _ in gold.open(encoding="utf-8")),
            "systems": n_systems,
            "all_graded": runs,
            "wall_s": _median(runs),
        }
        if not quick:
            eight = [compare(folder, systems[:8], out) for _ in range(repeats)]
            exact = [compare(folder, systems, out, *EXACT_ELSEWHERE) for _ in range(repeats)]
            results |= {"eight_systems": eight, "verbs_graded_only": exact}
            results["eight_wall_s"] = _median(eight)
            results["verbs_graded_only_wall_s"] = _median(exact)
    results["headlines"] = _rows(results, quick)
    return results


def _rows(results: dict[str, Any], quick: bool) -> list[dict[str, Any]]:
    n, wall = results["systems"], results["wall_s"]
    phases = results["all_graded"][0]["timing"]
    rows = [
        headline(
            f"wsd compare, {n} systems, {results['instances']:,} instances, all POS graded (s)",
            wall,
            target=None if quick else ("<=", TARGET_S),
        ),
        headline(
            "  of which load / measures (s, first run)",
            f"{phases['load_s']:.1f} / {phases['measures_s']:.1f}",
        ),
        headline("  peak RSS (MB)", results["all_graded"][0].get("peak_rss_mb")),
    ]
    if not quick:
        rows.append(
            headline(
                "  vs 8 systems (s; ratio 20/8)",
                wall,
                results["eight_wall_s"],
                ratio(wall, results["eight_wall_s"], 2),
            )
        )
        rows.append(
            headline(
                "  vs nouns/adj/adv by exact match (s; ratio)",
                wall,
                results["verbs_graded_only_wall_s"],
                ratio(wall, results["verbs_graded_only_wall_s"], 2),
            )
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    return bench_main(run, __doc__ or "", argv)


if __name__ == "__main__":
    sys.exit(main())
