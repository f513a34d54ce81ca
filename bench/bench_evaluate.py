"""End-to-end ``wsd evaluate`` timing and memory, each run in its own subprocess.

Full mode:

- ``table1`` cold: fresh thesaurus cache folder (``$WSD_THESAURUS_CACHE``), so the WordNet
  thesauri are rebuilt; then warm: the normal cache (the target: <= 60 s);
- ``semcor_all`` with ``--n-jobs 1`` and ``--n-jobs 2`` (the target: <= 600 s).

Quick mode: a 1-verb, 2-fold config (seconds).  Wall time and the peak RSS of each child
(``os.wait4``) are reported.

Run: ``python bench/bench_evaluate.py [--quick] [--out FILE]``.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import write_results  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
QUICK_CONFIG = """\
name = "quick"
[corpus]
verbs = ["tell"]
[cv]
folds = 2
[evaluation]
learning_curve = [0.5, 1.0]
bootstrap = 200
[methods.example]
[methods.bayes]
[methods.mfs]
[methods.random]
"""


def evaluate(
    config: Path, out: Path, *extra: str, env: dict[str, str] | None = None
) -> dict[str, Any]:
    """Run ``wsd evaluate`` in a child process; wall seconds, peak RSS (MB) and its timing."""
    command = [
        sys.executable,
        "-m",
        "evaluation.cli",
        "evaluate",
        str(config),
        "--out",
        str(out),
        "--quiet",
        *extra,
    ]
    log = out.with_suffix(".stderr")
    start = time.perf_counter()
    with open(log, "wb") as errors:  # a file, not a pipe: a chatty child cannot block
        child = subprocess.Popen(
            command, cwd=REPO, env={**os.environ, **(env or {})}, stderr=errors
        )
        _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    if status:
        message = log.read_text(encoding="utf-8", errors="replace").strip()
        raise RuntimeError(f"{' '.join(command)} failed ({status}): {message}")
    timing = json.loads((out / "results.json").read_text(encoding="utf-8"))["timing"]
    return {
        "seconds": round(seconds, 2),
        "peak_rss_mb": round(usage.ru_maxrss / 1024, 1),
        "timing": timing,
    }


def run(quick: bool) -> dict[str, Any]:
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="bench-evaluate-") as tmp:
        root = Path(tmp)
        if quick:
            config = root / "quick.toml"
            config.write_text(QUICK_CONFIG, encoding="utf-8")
            run_ = evaluate(config, root / "quick")
            results["quick"] = run_
            results["quick_seconds"] = run_["seconds"]
            results["peak_rss_mb"] = run_["peak_rss_mb"]
            return results
        table1 = REPO / "configs" / "table1.toml"
        cold = evaluate(table1, root / "cold", env={"WSD_THESAURUS_CACHE": str(root / "cache")})
        warm = evaluate(table1, root / "warm")
        results["table1_cold"] = cold
        results["table1_warm"] = warm
        results["table1_cold_seconds"] = cold["seconds"]
        results["table1_warm_seconds"] = warm["seconds"]
        semcor_all = REPO / "configs" / "semcor_all.toml"
        for jobs in (1, 2):
            results[f"semcor_all_n_jobs{jobs}"] = evaluate(
                semcor_all, root / f"all{jobs}", "--n-jobs", str(jobs)
            )
        results["semcor_all_seconds"] = min(
            results["semcor_all_n_jobs1"]["seconds"], results["semcor_all_n_jobs2"]["seconds"]
        )
        results["semcor_all_speedup_2_jobs"] = round(
            results["semcor_all_n_jobs1"]["seconds"] / results["semcor_all_n_jobs2"]["seconds"], 2
        )
        results["peak_rss_mb"] = max(
            r["peak_rss_mb"] for k, r in results.items() if isinstance(r, dict)
        )
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", default="bench/results_evaluate.json")
    args = parser.parse_args()
    results = run(args.quick)
    write_results(args.out, results)
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
