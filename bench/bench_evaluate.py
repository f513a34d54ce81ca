"""End-to-end ``wsd evaluate``: wall time and peak RSS, each run in its own subprocess.

Full mode:

- ``configs/table1.toml`` cold then warm at ``--n-jobs 1``, ``repeats`` times (medians), then
  warm at ``--n-jobs 2``: each cold run gets new empty thesaurus and corpus cache folders
  (``$WSD_THESAURUS_CACHE``, ``$WSD_CORPUS_CACHE`` in a temporary directory), so the WordNet
  thesauri are rebuilt and SemCor parsed; the warm runs after it reuse them.  The user's own
  caches (``~/.cache/verb-wsd``) are never read or written.  Target: warm <= 6 s
  on one worker;
- ``configs/semcor_all.toml`` with ``--n-jobs 1`` and ``--n-jobs 2``, warm, one run each.
  Target: <= 30 s at ``--n-jobs 2`` (the config's setting);
- the supervised comparators alone: each config again (warm, one run: table1 on one worker,
  semcor_all on two) holding only ``ims`` and ``hybrid``, the methods both configs must hold,
  and the lower bounds ``mfs`` and ``random``, which every run evaluates, with
  the same corpus, folds, parameters and measures (:func:`subset_config`).  The whole config
  cannot take less than this: the row shows what of each target the required methods leave
  for ``example`` and ``bayes``.

Every run's ``timing`` (load, cross-validation, measures) is kept, so the figures carry the
per-phase breakdown (``phases``: medians of the warm one-worker table1 runs) and each method's
CPU seconds in the workers (``timing.methods``).

Quick mode (CI): the same code path on a 1-verb (``tell``), 2-fold config over 12 SemCor tag
files (symlinked into a temporary folder): cold, warm (``--n-jobs 1``), then ``--n-jobs 2``,
then its ``ims`` + ``hybrid`` (+ bounds) subset on one worker and on two.

Memory: each ``wsd evaluate`` process writes its own ``VmHWM`` at exit (``_hwm.py``) and this
process samples the summed ``VmRSS`` of its process tree (joblib/loky workers included) every
0.1 s; a run's peak is the larger of the two, so with ``--n-jobs 2`` it is the peak of the sum
over the concurrent processes.  Wall time is the child's, start to exit.

Run: ``python bench/bench_evaluate.py [--quick] [--repeats N] [--json-out FILE]``.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import REPO, bench_main, headline, ratio, run_python, toml_text  # noqa: E402

QUICK_FILES = 12
SUPERVISED = ("ims", "hybrid")  # the comparators the benchmark requires in both configs
BOUNDS = ("mfs", "random")  # the lower bounds every run evaluates (listed or not)
QUICK_CONFIG = """\
name = "quick"
[corpus]
path = {path}
verbs = ["tell"]
[cv]
folds = 2
[evaluation]
learning_curve = [0.5, 1.0]
bootstrap = 200
[methods.example]
[methods.bayes]
[methods.ims]
[methods.hybrid]
[methods.mfs]
[methods.random]
"""


def evaluate(config: Path, out: Path, cache: Path, *extra: str) -> dict[str, Any]:
    """``wsd evaluate CONFIG`` in a child process (thesaurus and corpus caches under
    ``cache``): wall seconds, peak RSS and its timing."""
    child = run_python(
        ["-m", "evaluation.cli", "evaluate", str(config), "--out", str(out), "--quiet", *extra],
        env={"WSD_THESAURUS_CACHE": str(cache), "WSD_CORPUS_CACHE": str(cache / "corpora")},
    )
    if child.returncode:
        raise RuntimeError(
            f"wsd evaluate {config.name} {' '.join(extra)} failed ({child.returncode}): "
            f"{child.stderr_tail[-2000:]}"
        )
    timing = json.loads((out / "results.json").read_text(encoding="utf-8"))["timing"]
    return {**child.as_dict(), "timing": timing}


def _quick_config(root: Path) -> Path:
    """The tiny config over a folder of symlinks to the first SemCor tag files."""
    from wsd.corpus import find_semcor

    source = find_semcor(None) / "brown1" / "tagfiles"
    corpus = root / "semcor-mini" / "brown1" / "tagfiles"
    corpus.mkdir(parents=True)
    for path in sorted(source.iterdir())[:QUICK_FILES]:
        (corpus / path.name).symlink_to(path.resolve())
    config = root / "quick.toml"
    config.write_text(
        QUICK_CONFIG.format(path=json.dumps(str(root / "semcor-mini"))), encoding="utf-8"
    )
    return config


def subset_config(config: Path, labels: Sequence[str], out: Path) -> Path:
    """``config`` written to ``out`` holding only the methods ``labels``: the same corpus,
    folds and measures, the learning curve of those of them that had one.  (A config's
    relative paths are the caller's concern: the bench's configs name none.)"""
    raw = tomllib.loads(config.read_text(encoding="utf-8"))
    missing = sorted(set(labels) - set(raw.get("methods", {})))
    if missing:
        raise ValueError(f"{config}: no [methods.{missing[0]}]")
    raw["name"] = f"{raw.get('name', config.stem)}-{'-'.join(labels)}"
    raw["methods"] = {label: raw["methods"][label] for label in labels}
    evaluation = raw.get("evaluation", {})
    if "learning_curve_methods" in evaluation:
        kept = [m for m in evaluation["learning_curve_methods"] if m in labels]
        evaluation["learning_curve_methods"] = kept
        if not kept:
            evaluation.pop("learning_curve", None)
    out.write_text(toml_text(raw), encoding="utf-8")
    return out


def _median(runs: list[dict[str, Any]]) -> float:
    return round(statistics.median(r["seconds"] for r in runs), 2)


def _method_costs(runs: list[dict[str, Any]]) -> str:
    """Each method's CPU seconds (``timing.methods``: fits, ranks and learning curve summed
    over the folds), the median over ``runs``: where a run's time goes, method by method."""
    spent = [{k: sum(v.values()) for k, v in run["timing"]["methods"].items()} for run in runs]
    return ", ".join(
        f"{label} {statistics.median(costs[label] for costs in spent):.1f}" for label in spent[0]
    )


def _rows(r: dict[str, Any]) -> list[dict[str, Any]]:
    quick = r["quick"]
    first, second = ("tiny", "tiny") if quick else ("table1", "semcor_all")
    supervised = " + ".join(SUPERVISED) + " (+ bounds)"
    pairs = (  # figure, ours, reference, target in the full run
        (f"{first} s: warm vs cold, n_jobs 1", "warm", "cold", 6),
        (f"{first} s warm: n_jobs 2 vs 1", "warm2", "warm", None),
        (f"{second} s: n_jobs 2 vs 1", "n_jobs2", "n_jobs1", 30),
        # what the required methods alone take, against the whole config's target
        (f"{first} s warm n_jobs 1: {supervised} only vs all", "floor1", "warm", 6),
        (f"{second} s n_jobs 2: {supervised} only vs all", "floor2", "n_jobs2", 30),
    )
    rows = [
        headline(
            f"wsd evaluate {figure}",
            r[f"{ours}_seconds"],
            r[f"{reference}_seconds"],
            ratio(r[f"{reference}_seconds"], r[f"{ours}_seconds"], 2),
            target=None if quick or bound is None else ("<=", bound),
        )
        for figure, ours, reference, bound in pairs
    ]
    phases = r["phases"]
    rows.append(
        headline(
            f"{first} warm n_jobs 1: load / CV / measures s",
            " / ".join(f"{phases[k]:.1f}" for k in ("load_s", "cross_validation_s", "measures_s")),
            status=f"rest {r['warm_seconds'] - phases['total_s']:.1f} s (imports, report)",
        )
    )
    for name, runs in (
        (f"{first} warm n_jobs 1", r["warm"]),
        (f"{second} n_jobs 2", [r["n_jobs2"]]),
    ):
        rows.append(
            headline(
                f"{name}: CPU s per method",
                _method_costs(runs),
                status="fit + rank + learning curve, in the workers",
            )
        )
    rows.append(
        headline(
            f"peak RSS MB, {second} n_jobs 2 (sum) vs 1",
            r["n_jobs2"]["peak_rss_mb"],
            r["n_jobs1"]["peak_rss_mb"],
            status=f"{r['n_jobs2']['processes']} processes",
        )
    )
    return rows


def run(quick: bool, repeats: int = 3) -> dict[str, Any]:
    results: dict[str, Any] = {"quick": quick, "repeats": repeats}
    with tempfile.TemporaryDirectory(prefix="bench-evaluate-") as tmp:
        root = Path(tmp)
        if quick:
            first = second = _quick_config(root)
        else:
            first, second = REPO / "configs" / "table1.toml", REPO / "configs" / "semcor_all.toml"
        cold, warm = [], []
        for attempt in range(repeats):
            cache = root / f"cache{attempt}"  # new and empty: the cold run builds into it
            cold.append(evaluate(first, root / f"cold{attempt}", cache, "--n-jobs", "1"))
            warm.append(evaluate(first, root / f"warm{attempt}", cache, "--n-jobs", "1"))
        results.update(config=first.name, cold=cold, warm=warm)
        results["cold_seconds"], results["warm_seconds"] = _median(cold), _median(warm)
        results["phases"] = {
            key: round(statistics.median(r["timing"][key] for r in warm), 2)
            for key in ("load_s", "cross_validation_s", "measures_s", "total_s")
        }
        results["warm2"] = evaluate(first, root / "warm2", cache, "--n-jobs", "2")
        results["warm2_seconds"] = round(results["warm2"]["seconds"], 2)
        results["jobs_config"] = second.name
        for jobs in (1, 2):
            if jobs == 1 and second == first:  # quick: the last warm run is that run
                results["n_jobs1"] = warm[-1]
            else:
                results[f"n_jobs{jobs}"] = evaluate(
                    second, root / f"jobs{jobs}", cache, "--n-jobs", str(jobs)
                )
            results[f"n_jobs{jobs}_seconds"] = round(results[f"n_jobs{jobs}"]["seconds"], 2)
        for name, config, jobs in (("floor1", first, 1), ("floor2", second, 2)):
            subset = subset_config(config, SUPERVISED + BOUNDS, root / f"{name}.toml")
            results[name] = evaluate(subset, root / name, cache, "--n-jobs", str(jobs))
            results[f"{name}_seconds"] = round(results[name]["seconds"], 2)
    singles = ("warm2", "n_jobs1", "n_jobs2", "floor1", "floor2")
    every = [*cold, *warm, *(results[name] for name in singles)]
    results["peak_rss_mb"] = max(r["peak_rss_mb"] or 0.0 for r in every)
    results["headlines"] = _rows(results)
    return results


def main(argv: list[str] | None = None) -> int:
    return bench_main(run, __doc__ or "", argv)


if __name__ == "__main__":
    sys.exit(main())
