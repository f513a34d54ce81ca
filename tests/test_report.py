"""Report files of a tiny experiment: JSON, Markdown, CSV, figures, self-contained HTML."""

from __future__ import annotations

import csv
import io
import json
import math
import re
from pathlib import Path

import pytest
from test_experiments import tiny_config, tiny_dataset, write_world

from evaluation.experiment import ExperimentResult, run_experiment
from evaluation.report import (
    PAPER_TOTALS,
    csv_tables,
    table1_markdown,
    table1_text,
    write_report,
)
from thesaurus.io import to_json


@pytest.fixture(scope="module")
def report(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[ExperimentResult, Path, list[Path]]:
    world = write_world(tmp_path_factory.mktemp("world"))
    config = tiny_config(world)
    result = run_experiment(config, tiny_dataset(config))
    out = tmp_path_factory.mktemp("out")
    written = write_report(result, out)
    return result, out, written


def _reject_constant(name: str) -> None:
    raise AssertionError(f"results.json contains {name}")


def test_to_json_replaces_inf_and_nan() -> None:
    assert to_json({"a": [math.inf, -math.inf, math.nan, 1.5], 2: (1,)}) == {
        "a": ["inf", "-inf", None, 1.5],
        "2": [1],
    }


def test_results_json_is_strict_json_with_config_and_versions(report) -> None:  # type: ignore[no-untyped-def]
    result, out, _ = report
    loaded = json.loads(
        (out / "results.json").read_text(encoding="utf-8"), parse_constant=_reject_constant
    )
    assert (loaded["format"], loaded["format_version"]) == ("verb-wsd-results", 3)
    assert loaded["config"]["name"] == "tiny" and loaded["seed"] == 3
    assert loaded["config"]["evaluation"]["alphas"] == ["0.5", "1", "2", "inf"]
    assert {"toolkit", "python", "numpy", "scikit-learn", "nltk", "thesaurus"} <= set(
        loaded["versions"]
    )
    assert loaded["timing"]["total_s"] > 0
    assert loaded["total"] == result.to_json()["total"]


def test_results_json_has_the_documented_schema(report) -> None:  # type: ignore[no-untyped-def]
    result, out, _ = report
    loaded = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert loaded == result.to_json()  # per-instance data stays in memory
    readme = (Path(__file__).resolve().parent.parent / "evaluation" / "README.md").read_text()
    documented = readme.split("## `results.json`")[1]
    table = {
        line.split("|")[1].strip() for line in documented.splitlines() if line.startswith("| `")
    }
    keys = {name.strip(" `") for cell in table for name in cell.split(",")}
    assert keys == set(loaded)
    assert f"version {loaded['format_version']})" in readme
    assert loaded["bounds"] == {"lower": ["mfs", "random"], "upper": None}
    row = loaded["verbs"][0]
    assert set(row) == {"verb", "n", "senses_inventory", "senses_observed", "maxlen", "scores"}
    assert set(row["scores"]["example"]) == set(loaded["alphas"])
    assert set(loaded["significance"][0]["mcnemar"]) == {
        "n01", "n10", "statistic", "p_value", "method", "n", "p_holm", "significant"
    }  # fmt: skip


def test_every_report_file_is_written(report) -> None:  # type: ignore[no-untyped-def]
    _, out, written = report
    names = {p.name for p in written}
    expected = {
        "results.json",
        "table1.md",
        "report.html",
        "per_verb.csv",
        "learning_curve.csv",
        "applicability.csv",
        "top_k.csv",
        "alpha_sweep.csv",
        "significance.csv",
    }
    expected |= {
        f"{f}.{ext}"
        for f in ("learning_curve", "applicability", "top_k", "alpha")
        for ext in ("png", "svg")
    }
    assert expected <= names
    assert all((out / n).stat().st_size > 0 for n in names)
    assert (out / "alpha.png").read_bytes().startswith(b"\x89PNG")
    assert not list(out.glob(".*.tmp"))  # no leftover temp files


def test_table1_markdown_has_every_verb_the_total_and_the_paper(report) -> None:  # type: ignore[no-untyped-def]
    result, _, _ = report
    text = table1_markdown(result)
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    body = [r for r in rows if r.startswith(("| take", "| use", "| **total"))]
    assert len(body) == 3
    total_cells = body[-1].split("|")[1:-1]
    expected = f"**{result.total.scores['example']['0.5'].precision:.3f}**"
    assert total_cells[3].strip() == expected  # first score column: example at alpha 0.5
    assert "| example-based | 0.836 | 0.772 | 0.714 | 0.640 |" in text
    assert "Japanese, EDR" in text and "n/a (no multiply-annotated data)" in text
    assert "example - bayes" in text
    lines = table1_text(result).splitlines()
    assert lines[0].split() == ["a=0.5", "a=1", "a=2", "precision"]
    assert lines[2].split()[:3] == ["verb", "n", "senses"]
    total = next(line for line in lines if line.startswith("total")).split()
    exact = result.total.scores["example"]["inf"].precision
    assert total[1] == str(result.total.n) and total[-4] == f"{exact:.3f}".lstrip("0")
    assert max(len(line) for line in lines[: lines.index("")]) <= 110  # fits a terminal
    assert any(line.startswith("methods: 1 = example, 2 = bayes") for line in lines)
    assert set(PAPER_TOTALS) == {"example-based", "Yarowsky", "MFS"}


def test_per_verb_csv_matches_the_data(report) -> None:  # type: ignore[no-untyped-def]
    result, out, _ = report
    rows = list(csv.DictReader(io.StringIO((out / "per_verb.csv").read_text(encoding="utf-8"))))
    # (2 verbs + total) x 4 methods x 4 alphas
    assert len(rows) == 3 * 4 * 4
    for row in rows:
        source = (
            result.total
            if row["verb"] == "total"
            else next(r for r in result.verbs if r.verb == row["verb"])
        )
        scores = source.scores[row["method"]][row["alpha"]]
        assert float(row["precision"]) == pytest.approx(scores.precision)
        assert int(row["attempted"]) == scores.attempted
    assert "sweep.csv" not in csv_tables(result)  # no sweep configured


def test_html_is_self_contained(report) -> None:  # type: ignore[no-untyped-def]
    _, out, _ = report
    page = (out / "report.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<link" not in page and "<script" not in page
    assert page.count("<svg") == 4
    assert "<?xml" not in page
    assert "Table 1: tiny" in page and "n/a (no multiply-annotated data)" in page
