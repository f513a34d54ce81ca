"""Cost growth of ``wsd evaluate`` with the corpus: evaluate time against corpus size, 1x to
8x, the exponent ``k`` of ``time ~ size^k`` (log-log least squares) and a plot of it.

Sizes are real, nested corpora, not copies (copies would let every memo of a method hit and
bias the exponent low): 8x is every SemCor tag file, 4x every 2nd file by name, 2x every 4th
and 1x every 8th (each a folder of symlinks, so the mix of brown1/brown2/brownv is kept).
Each is evaluated with ``configs/table1.toml`` (ten verbs, six methods, 10 folds, the
learning curve, 2,000 bootstrap resamples) at ``--n-jobs 1``, in its own process, warm (the
corpus cache of each folder is built before the timed runs; the thesaurus cache is the
user's).  The size is the number of evaluated instances; the time fitted is what grows with
it, ``cross_validation_s + measures_s`` of ``results.json`` (the fixed cost of imports,
thesaurus and corpus loading and the report are shown in the plot as the command's wall time
but not fitted).  Medians of ``repeats`` runs per size.  Target: ``k <= 1.1``.

The plot is written to ``bench/results-scaling.png`` (git-ignored; quick mode:
``results-scaling-quick.png``); its path is in the figures (``plot``).

Quick mode (CI): 1x and 2x of the first 12 brown1 files, one verb, two folds.

Run: ``python bench/bench_scaling.py [--quick] [--repeats N] [--json-out FILE]``.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import HERE, REPO, bench_main, fit_exponent, headline, run_python  # noqa: E402

EXPONENT_TARGET = 1.1
SIZES = (1, 2, 4, 8)
QUICK_SIZES = (1, 2)
QUICK_FILES = 12
QUICK_CONFIG = """\
name = "scaling-quick"
[corpus]
verbs = ["say"]
[cv]
folds = 2
[evaluation]
learning_curve = [0.5, 1.0]
bootstrap = 200
[methods.bayes]
[methods.mfs]
[methods.random]
"""


def _corpus(root: Path, step: int, limit: int | None) -> Path:
    """A folder of symlinks to every ``step``-th SemCor tag file by name (its own layout)."""
    from wsd.corpus import find_semcor

    source = find_semcor(None)
    files = sorted(
        (p for p in source.rglob("br-*") if p.is_file() and p.parent.name == "tagfiles"),
        key=lambda p: p.name,
    )
    if limit is not None:
        files = [p for p in files if p.parts[-3] == "brown1"][:limit]
    folder = root / f"semcor-every-{step}"
    for path in files[::step]:
        target = folder / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.symlink_to(path.resolve())
    return folder


def _evaluate(config: Path, corpus: Path, out: Path, env: dict[str, str]) -> dict[str, Any]:
    child = run_python(
        ["-m", "evaluation.cli", "evaluate", str(config), "--corpus", str(corpus), "--out",
         str(out), "--n-jobs", "1", "--quiet", "--no-plots"],
        env=env,
    )  # fmt: skip
    if child.returncode:
        raise RuntimeError(f"wsd evaluate on {corpus.name} failed: {child.stderr_tail[-2000:]}")
    document = json.loads((out / "results.json").read_text(encoding="utf-8"))
    timing = document["timing"]
    return {
        "instances": document["corpus"]["n_instances"],
        "wall_s": round(child.seconds, 3),
        "grows_s": round(timing["cross_validation_s"] + timing["measures_s"], 3),
        "timing": timing,
        "peak_rss_mb": child.peak_rss_mb,
    }


def plot(points: list[dict[str, Any]], exponent: float, path: Path) -> None:
    """Log-log plot of the growing time and the wall time against instances, with the fit."""
    import numpy as np
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    sizes = np.array([p["instances"] for p in points], dtype=float)
    grows = np.array([p["grows_s"] for p in points])
    wall = np.array([p["wall_s"] for p in points])
    figure = Figure(figsize=(6.4, 4.4), dpi=120)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    axes.loglog(sizes, wall, "s--", color="0.6", label="whole command (wall)")
    axes.loglog(sizes, grows, "o-", color="C0", label="cross-validation + measures")
    slope, intercept = np.polyfit(np.log(sizes), np.log(grows), 1)
    axes.loglog(sizes, np.exp(intercept) * sizes**slope, ":", color="C3",
                label=f"fit: time ~ size^{exponent:.2f}")  # fmt: skip
    linear = grows[0] * sizes / sizes[0]
    axes.loglog(sizes, linear, color="0.85", lw=4, zorder=0, label="linear from 1x")
    for size, value, factor in zip(sizes, grows, (p["factor"] for p in points), strict=True):
        axes.annotate(f"{factor}x", (size, value), textcoords="offset points", xytext=(4, -12))
    axes.set_xlabel("evaluated instances (SemCor files 1/8 ... all, table1 verbs)")
    axes.set_ylabel("seconds (median, one worker)")
    axes.set_title(f"wsd evaluate table1.toml: cost growth, k = {exponent:.2f}")
    axes.legend(loc="upper left", fontsize=8)
    axes.grid(True, which="both", alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, format="png")


def run(quick: bool, repeats: int = 3) -> dict[str, Any]:
    sizes = QUICK_SIZES if quick else SIZES
    results: dict[str, Any] = {"quick": quick, "repeats": repeats, "sizes": list(sizes)}
    with tempfile.TemporaryDirectory(prefix="bench-scaling-") as tmp:
        root = Path(tmp)
        if quick:
            config = root / "quick.toml"
            config.write_text(QUICK_CONFIG, encoding="utf-8")
        else:
            config = REPO / "configs" / "table1.toml"
        env = {"WSD_CORPUS_CACHE": str(root / "corpus-cache")}
        points = []
        for factor in sizes:
            corpus = _corpus(root, max(sizes) // factor, QUICK_FILES if quick else None)
            warm = f"from wsd.corpus import load_corpus; load_corpus({str(corpus)!r})"
            # the corpus cache of this folder, built before timing
            command = [sys.executable, "-c", warm]
            subprocess.run(command, cwd=REPO, env={**os.environ, **env}, check=True)
            runs = [
                _evaluate(config, corpus, root / f"out-{factor}-{attempt}", env)
                for attempt in range(repeats)
            ]
            points.append(
                {
                    "factor": factor,
                    "files": sum(1 for p in corpus.rglob("br-*")),
                    "instances": runs[0]["instances"],
                    "grows_s": round(statistics.median(r["grows_s"] for r in runs), 3),
                    "wall_s": round(statistics.median(r["wall_s"] for r in runs), 3),
                    "runs": runs,
                }
            )
    exponent = fit_exponent([p["instances"] for p in points], [p["grows_s"] for p in points])
    results["points"] = points
    results["exponent"] = round(exponent, 3)
    results["exponent_wall"] = round(
        fit_exponent([p["instances"] for p in points], [p["wall_s"] for p in points]), 3
    )
    path = HERE / ("results-scaling-quick.png" if quick else "results-scaling.png")
    plot(points, exponent, path)
    results["plot"] = str(path)
    results["peak_rss_mb"] = max(r["peak_rss_mb"] or 0.0 for p in points for r in p["runs"])
    last, first = points[-1], points[0]
    results["headlines"] = [
        headline(
            f"evaluate time ~ size^k, {first['factor']}x-{last['factor']}x "
            f"({first['instances']}-{last['instances']} instances)",
            results["exponent"],
            target=None if quick else ("<=", EXPONENT_TARGET),
        ),
        headline(
            f"CV + measures s at {last['factor']}x vs {first['factor']}x",
            last["grows_s"],
            first["grows_s"],
            round(last["grows_s"] / first["grows_s"], 2) if first["grows_s"] else None,
        ),
    ]
    return results


def main(argv: list[str] | None = None) -> int:
    return bench_main(run, __doc__ or "", argv)


if __name__ == "__main__":
    sys.exit(main())
