"""The bench harness (``bench/``): every benchmark module has the ``run`` entry point
``bench/run.py`` calls, and the measuring helpers report what they claim.  No benchmark runs
here: ``make test`` runs ``bench/run.py --quick`` after the test suite."""

from __future__ import annotations

import doctest
import importlib
import inspect
import sys
import textwrap
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from paths import ROOT

BENCH = ROOT / "bench"
sys.path.insert(0, str(BENCH))
MODULES = sorted(p.stem for p in BENCH.glob("bench_*.py"))
ON_LINUX = Path("/proc/self/status").is_file()


def _module(name: str) -> ModuleType:
    return importlib.import_module(name)


def test_every_bench_module_is_run_by_run_py() -> None:
    run = _module("run")
    assert MODULES, f"no bench_*.py in {BENCH}"
    assert sorted(f"bench_{name}" for name in run.BENCHMARKS) == MODULES


@pytest.mark.parametrize("name", MODULES)
def test_run_signature(name: str) -> None:
    module = _module(name)
    assert callable(module.run), f"{name}.run"
    parameters = inspect.signature(module.run).parameters
    assert list(parameters) == ["quick", "repeats"]
    assert parameters["quick"].default is inspect.Parameter.empty
    assert parameters["repeats"].default == 3
    assert parameters["quick"].annotation in (bool, "bool")
    assert parameters["repeats"].annotation in (int, "int")
    assert callable(module.main)


@pytest.mark.parametrize("name", ["_common", "run"])
def test_doctests(name: str) -> None:
    result = doctest.testmod(_module(name))
    assert result.attempted > 0
    assert result.failed == 0


def test_fit_exponent_recovers_a_power_law() -> None:
    from _common import fit_exponent

    sizes = np.array([1_000, 2_000, 4_000, 8_000])
    assert fit_exponent(sizes, 3e-6 * sizes**1.5) == pytest.approx(1.5)
    assert fit_exponent(sizes, 2e-4 * sizes * np.log(sizes)) > 1.0
    assert np.isnan(fit_exponent([10], [1.0]))


def test_headline_checks_the_chosen_value() -> None:
    from _common import headline

    row = headline("x", 50, 1, 50.0, target=(">=", 100), on="ratio")
    assert (row["status"], row["target"]) == ("MISSED", ">= 100 (ratio)")
    assert headline("x", 150, target=(">=", 100))["status"] == "ok"
    assert headline("x", 150, status="3/3 equal")["status"] == "3/3 equal"


def test_table_shows_errors_and_peak_rss_against_the_target() -> None:
    run = _module("run")
    results = {
        "thesaurus": {
            "headlines": [
                {
                    "figure": "LEN",
                    "ours": 2_000_000,
                    "reference": 10_000,
                    "ratio": 200.0,
                    "target": ">= 100",
                    "status": "ok",
                }
            ],
            "peak_rss_mb": 3000.5,
            "seconds": 12.0,
        },
        "evaluate": {"error": "exit status 1: RuntimeError: boom", "seconds": 1.0},
    }
    rows = run.table_rows(results)
    assert rows[0][1:] == ("LEN", "2,000,000", "10,000", "200x", ">= 100", "ok")
    assert rows[1][0] == "thesaurus" and rows[1][-1] == "MISSED"  # 3000 MB > 2048
    assert ("evaluate", "FAILED") == rows[2][:2] and rows[2][-1] == "ERROR"
    assert rows[3][2] == "-" and rows[3][-1] == "-"  # no peak reported
    assert "boom" in run.table(results)


@pytest.mark.skipif(not ON_LINUX, reason="peak RSS is read from /proc")
def test_child_peak_is_its_own_not_the_parents(tmp_path: Path) -> None:
    """ru_maxrss of a child inherits the parent's high-water mark; VmHWM does not."""
    from _common import run_python

    ballast = np.ones(300 * 2**20 // 8)  # 300 MB touched in this (the parent) process
    script = tmp_path / "small.py"
    script.write_text("x = 1\n", encoding="utf-8")
    child = run_python([str(script)])
    assert child.returncode == 0
    assert child.own_hwm_mb is not None and child.own_hwm_mb < 150
    assert child.peak_rss_mb is not None and child.peak_rss_mb < 150
    assert ballast.sum() > 0


@pytest.mark.skipif(not ON_LINUX, reason="peak RSS is read from /proc")
def test_tree_peak_sums_concurrent_processes(tmp_path: Path) -> None:
    from _common import run_python

    hold = "import sys, time, numpy as np; a = np.ones(120 * 2**20 // 8)"
    script = tmp_path / "two.py"
    script.write_text(
        textwrap.dedent(
            f"""
            import subprocess, sys, time
            import numpy as np
            a = np.ones(120 * 2**20 // 8)
            child = subprocess.Popen(
                [sys.executable, "-c", {hold!r} + "; print('ready', flush=True); time.sleep(1.5)"],
                stdout=subprocess.PIPE, text=True,
            )
            assert child.stdout.readline().strip() == "ready"
            time.sleep(1.0)
            child.wait()
            """
        ),
        encoding="utf-8",
    )
    run = run_python([str(script)], interval=0.05)
    assert run.returncode == 0, run.stderr_tail
    assert run.processes >= 2
    assert run.own_hwm_mb is not None and 120 < run.own_hwm_mb < 200
    assert run.tree_peak_mb is not None and run.tree_peak_mb > 240
    assert run.peak_rss_mb == run.tree_peak_mb


@pytest.mark.skipif(not ON_LINUX, reason="peak RSS is read from /proc")
def test_reset_peak_starts_a_new_high_water_mark() -> None:
    from _common import reset_peak, vmhwm_mb

    ballast = np.ones(200 * 2**20 // 8)
    assert ballast.sum() > 0
    before = vmhwm_mb()
    del ballast  # a large numpy buffer is unmapped on release
    if not reset_peak():
        pytest.skip("/proc/self/clear_refs is not writable here")
    after = vmhwm_mb()
    assert before is not None and after is not None
    assert after < before - 100


@pytest.mark.parametrize("name", sorted(p.name for p in (BENCH.parent / "configs").glob("*.toml")))
def test_toml_text_writes_back_every_shipped_config(name: str) -> None:
    import tomllib

    raw = tomllib.loads((BENCH.parent / "configs" / name).read_text(encoding="utf-8"))
    assert tomllib.loads(_module("_common").toml_text(raw)) == raw


@pytest.mark.parametrize("name", ["table1.toml", "semcor_all.toml"])
def test_the_comparators_subset_is_the_config_with_only_them(name: str, tmp_path: Path) -> None:
    from evaluation.experiment.config import load_config

    bench = _module("bench_evaluate")
    path = BENCH.parent / "configs" / name
    whole = load_config(path)
    labels = bench.SUPERVISED + bench.BOUNDS
    subset = load_config(bench.subset_config(path, labels, tmp_path / name))
    assert subset.methods == tuple(whole.method(label) for label in labels)
    assert (subset.corpus, subset.cv, subset.seed) == (whole.corpus, whole.cv, whole.seed)
    for field in ("alphas", "top_k", "bootstrap", "applicability_alpha", "thesaurus"):
        assert getattr(subset.evaluation, field) == getattr(whole.evaluation, field), field
    assert whole.evaluation.learning_curve_methods
    assert subset.evaluation.learning_curve_methods == ()
    with pytest.raises(ValueError, match="no \\[methods.nope\\]"):
        bench.subset_config(path, ["nope"], tmp_path / "nope.toml")
