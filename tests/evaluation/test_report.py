"""Report files of a tiny experiment: JSON, Markdown, CSV, figures, self-contained HTML."""

from __future__ import annotations

import csv
import io
import json
import math
import re
from pathlib import Path

import pytest
from paths import DATA, ROOT

from evaluation.experiment import CrossValidationResult, records
from evaluation.report import (
    PAPER_TOTALS,
    csv_tables,
    difference_matrix,
    table1_markdown,
    table1_text,
    write_report,
)
from thesaurus.utils.outputs import to_json


@pytest.fixture(scope="module")
def report(
    result: CrossValidationResult, tmp_path_factory: pytest.TempPathFactory
) -> tuple[CrossValidationResult, Path, list[Path]]:
    """The tiny experiment's result, the folder of its report and the files written."""
    out = tmp_path_factory.mktemp("out")
    return result, out, write_report(result, out)


def _reject_constant(name: str) -> None:
    raise AssertionError(f"results.json contains {name}")


def test_to_json_replaces_inf_and_nan() -> None:
    got = to_json({"a": [math.inf, -math.inf, math.nan, 1.5], 2: (1,)})
    assert got == {"a": ["inf", "-inf", None, 1.5], "2": [1]}


def test_results_json_is_the_documented_strict_json(report) -> None:  # type: ignore[no-untyped-def]
    """Strict JSON (no NaN or Infinity) of the result, with config, versions and timing; its
    keys are the table of docs/formats.md."""
    result, out, written = report
    text = (out / "results.json").read_text(encoding="utf-8")
    loaded = json.loads(text, parse_constant=_reject_constant)
    assert loaded == result.to_json()  # per-instance data stays in memory
    assert (loaded["format"], loaded["format_version"]) == ("verb-wsd-results", 4)
    assert loaded["config"]["name"] == "tiny" and loaded["seed"] == 3
    assert loaded["config"]["evaluation"]["alphas"] == ["0.5", "1", "2", "inf"]
    versions = {"toolkit", "python", "numpy", "scikit-learn", "nltk", "thesauri"}
    assert versions <= set(loaded["versions"]) and loaded["timing"]["total_s"] > 0
    readme = (ROOT / "docs" / "formats.md").read_text()
    documented = readme.split("## `results.json`")[1].splitlines()
    table = {line.split("|")[1].strip() for line in documented if line.startswith("| `")}
    assert {name.strip(" `") for cell in table for name in cell.split(",")} == set(loaded)
    assert f"version {loaded['format_version']})" in readme
    assert loaded["bounds"] == {"lower": ["mfs", "random"], "upper": None}
    row = loaded["verbs"][0]
    assert set(row) == {*"verb n senses_inventory senses_observed maxlen scores pos".split()}
    assert set(row["scores"]["example"]) == set(loaded["alphas"])
    pair = loaded["significance"][0]
    assert set(pair) == {"a", "b", "difference", "mcnemar"}
    assert set(pair["mcnemar"]) == {
        *"n01 n10 statistic p_value method n p_holm significant".split()
    }
    assert set(pair["difference"]) == set(loaded["alphas"])
    tests = "mean_diff low high se t df p_value p_holm significant note"
    assert set(pair["difference"]["0.5"]) == set(tests.split())


def test_every_report_file_is_written_and_owned(report) -> None:  # type: ignore[no-untyped-def]
    from evaluation.report.writer import REPORT_FILES

    _, out, written = report
    names = {p.name for p in written}
    expected = {"results.json", "table1.md", "report.html", "instances.html"}
    expected |= {f"{t}.csv" for t in "per_verb learning_curve applicability top_k".split()}
    expected |= {"alpha_sweep.csv", "significance.csv"}
    figures = ("learning_curve", "applicability", "top_k", "alpha")
    expected |= {f"{f}.{ext}" for f in figures for ext in ("png", "svg")}
    assert expected <= names <= REPORT_FILES
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
    # Table 1 in the paper's layout first: a row per alpha, a column per method
    assert lines[0].startswith("Table 1: acceptability at each alpha")
    assert lines[1].split()[:3] == ["alpha", "example", "bayes"]
    exact = result.total.scores["example"]["inf"].precision
    exact_row = next(line for line in lines if line.startswith("inf (precision)")).split()
    assert exact_row[2] == f"{exact:.3f}".lstrip("0")  # example's cell, then its interval
    assert max(len(line) for line in lines[: lines.index("")]) <= 110  # fits a terminal
    # then the headline breakdown, the tests, the per-verb table
    assert any(line.startswith("F1 per dataset, part of speech") for line in lines)
    start = lines.index("per verb:")
    assert lines[start + 1].split() == ["a=0.5", "a=1", "a=2", "precision"]
    assert lines[start + 3].split()[:3] == ["verb", "n", "senses"]
    total = next(line for line in lines[start:] if line.startswith("total")).split()
    assert total[1] == str(result.total.n) and total[-4] == f"{exact:.3f}".lstrip("0")
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
    assert 'href="instances.html"' in page  # the instance browser beside it, its only link
    inside = page.replace('href="instances.html"', "")
    assert not EXTERNAL.search(inside), EXTERNAL.search(inside)
    assert "<link" not in page and "<script" not in page and "@import" not in page
    assert page.count("<svg") == 4
    assert "<?xml" not in page
    assert "Table 1: tiny" in page and "n/a (no multiply-annotated data)" in page


def test_html_gives_each_methods_cost_as_a_table(report) -> None:  # type: ignore[no-untyped-def]
    """The per-method CPU seconds of ``timing.methods`` are a table of their own (one row per
    method, its total the sum of its parts), not flattened into the settings."""
    result, out, _ = report
    page = (out / "report.html").read_text(encoding="utf-8")
    section = page[page.index("<h2>Versions and timing</h2>") :]
    assert "timing.methods" not in section and ">learning curve</th>" in section
    for label, cost in result.timing.methods.items():
        cells = re.findall(rf'<td class="l">{label}</td>((?:<td>[^<]*</td>)+)', section)
        assert len(cells) == 1, label
        fit, rank, curve, total = re.findall(r"<td>([^<]*)</td>", cells[0])
        assert [float(fit), float(rank)] == [round(cost["fit_s"], 2), round(cost["rank_s"], 2)]
        curves = result.config.evaluation.learning_curve_methods
        assert curve == (f"{cost['curve_s']:.2f}" if label in curves else "-"), label
        assert float(total) == pytest.approx(sum(cost.values()), abs=0.006)


# any reference a browser would fetch: src/href/xlink:href to a URL or a file, CSS url(...)
EXTERNAL = re.compile(
    r"""(?:\b(?:src|href|xlink:href|srcset|data)\s*=\s*["']?(?!#)[^"'\s>]+)|url\(\s*["']?(?!#)""",
    re.IGNORECASE,
)


def test_html_legends_say_what_the_stars_mean(report) -> None:  # type: ignore[no-untyped-def]
    """The stars follow Holm-adjusted p-values, and every legend says so."""
    result, out, _ = report
    page = (out / "report.html").read_text(encoding="utf-8")
    markdown = (out / "table1.md").read_text(encoding="utf-8")
    text = table1_text(result)
    for document in (page, markdown, " ".join(text.split())):
        assert "* = Holm-adjusted p-value below 0.05" in document
        assert "* = interval excludes 0" not in document
    # the 19-column Table 1 scrolls in its own box instead of overflowing the page, and the
    # settings are tables, not raw JSON
    assert page.count('<div class="scroll"><table>') >= 4 and "overflow-x:auto" in page
    assert "<pre>" not in page and '<td class="l">evaluation.alphas</td>' in page
    assert "bootstrap intervals" in page and "Warning:" not in page


def test_totals_carry_bootstrap_intervals_everywhere(report) -> None:  # type: ignore[no-untyped-def]
    result, out, _ = report
    loaded = json.loads((out / "results.json").read_text(encoding="utf-8"))
    intervals = loaded["intervals"]
    assert (intervals["confidence"], intervals["n_resamples"]) == (0.95, 200)
    for label, by_alpha in intervals["total"].items():
        for alpha, bounds in by_alpha.items():
            low, high = bounds["precision"]
            assert low <= result.total.scores[label][alpha].precision <= high
            assert set(bounds) == {"precision", "recall", "f1"}
    rows = list(csv.DictReader(io.StringIO((out / "totals.csv").read_text(encoding="utf-8"))))
    assert len(rows) == 4 * 4 and {"precision_low", "precision_high", "f1_low"} <= set(rows[0])
    assert "totals with 95% bootstrap intervals (200 resamples" in table1_text(result)
    assert not any("Holm" in w for w in loaded["warnings"])  # no test has a resample floor


def test_difference_matrix_is_row_minus_column_with_holm_stars(report) -> None:  # type: ignore[no-untyped-def]
    result, _, _ = report
    labels = result.labels
    tests = {(t.a, t.b): t.difference for t in result.significance}
    for alpha in result.alphas:
        header, rows = difference_matrix(result, alpha)
        assert header == ["", "1", "2", "3", "4"]
        assert [row[0] for row in rows] == [f"{i + 1} {m}" for i, m in enumerate(labels)]
        for i, row in enumerate(labels):
            assert rows[i][i + 1] == ""  # the diagonal
            for j, column in enumerate(labels[i + 1 :], start=i + 1):
                d = tests[(row, column)][alpha]
                cell, mirror = rows[i][j + 1], rows[j][i + 1]
                assert cell.endswith("*") == mirror.endswith("*") == d.significant
                diff = float(cell.rstrip("*"))  # "+.014", "-.190", ".000"
                assert diff == pytest.approx(d.mean_diff, abs=5e-4)
                assert float(mirror.rstrip("*")) == -diff


def test_many_methods_show_matrices_and_the_csv_keeps_every_test(  # type: ignore[no-untyped-def]
    report, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Up to LIST_UP_TO methods the reports list the pairs; beyond, one matrix per alpha;
    significance.csv has one row per pair and alpha, with McNemar on the exact-match row."""
    from evaluation.report import _html, pairs

    result, out, _ = report
    listed = table1_text(result)
    assert "  example - bayes: a=0.5 " in listed and "row - column" not in listed
    monkeypatch.setattr(pairs, "LIST_UP_TO", 3)
    text, markdown = table1_text(result), table1_markdown(result)
    page = _html.render_html(result, {})
    assert "example - bayes:" not in text and "a=0.5, row - column:" in text
    assert "exact match (a=inf), row minus column:" in markdown
    assert "<h3>a=0.5, row minus column</h3>" in page
    assert "McNemar's test on exact match:" in text and "significance.csv" in markdown
    rows = list(csv.DictReader(io.StringIO((out / "significance.csv").read_text("utf-8"))))
    assert len(rows) == 6 * 4
    assert {"mean_diff", "low", "high", "t", "df", "p_value", "p_holm", "significant"} <= set(
        rows[0]
    )
    for row in rows:
        assert (row["mcnemar_p_holm"] != "") == (row["alpha"] == "inf")


def test_learning_curve_csv_and_plot_show_the_same_sizes(report) -> None:  # type: ignore[no-untyped-def]
    """The CSV summed the training sizes over folds while the plot showed their mean."""
    from evaluation.report.plots import learning_curve

    result, out, _ = report
    rows = list(
        csv.DictReader(io.StringIO((out / "learning_curve.csv").read_text(encoding="utf-8")))
    )
    tasks = result.timing.tasks
    for row in rows:
        mean, total = float(row["train_instances_mean"]), int(row["train_instances_total"])
        assert mean == pytest.approx(total / tasks)
        assert (
            float(row["precision_low"]) <= float(row["precision"]) <= float(row["precision_high"])
        )
    figure = learning_curve(result)
    assert figure is not None
    axes = figure.axes[0]
    curve = next(line for line in axes.get_lines() if line.get_label() == "example")
    means = sorted({float(r["train_instances_mean"]) for r in rows if r["method"] == "example"})
    assert sorted(curve.get_xdata()) == pytest.approx(means)
    reference = [line for line in axes.get_lines() if line.get_label() == "mfs (whole folds)"]
    assert len(reference) == 1  # the MFS reference line
    assert reference[0].get_ydata()[0] == pytest.approx(result.total.scores["mfs"]["0.5"].precision)
    low, high = axes.get_ylim()
    assert high - low >= 0.1 - 1e-9  # a 0.005 gap is not blown up to the whole axis


def test_y_limits_keep_a_minimum_span() -> None:
    from evaluation.report.plots import y_limits

    assert y_limits([0.870, 0.875]) == pytest.approx((0.8225, 0.9225))
    assert y_limits([0.99, 1.0]) == (0.9, 1.0)  # kept inside [0, 1]
    assert y_limits([0.0, 0.01]) == (0.0, 0.1)
    assert y_limits([0.2, 0.8]) == pytest.approx((0.17, 0.83))
    assert y_limits([]) == (0.0, 1.0)


def test_predictions_jsonl_has_every_instance_of_every_method(report) -> None:  # type: ignore[no-untyped-def]
    result, out, _ = report
    lines = (out / "predictions.jsonl").read_text(encoding="utf-8").splitlines()
    predictions = [json.loads(line) for line in lines]
    assert len(predictions) == result.total.n * 4
    first = predictions[0]
    assert set(first) >= {"id", "verb", "method", "fold", "sense", "confidence", "ranking"}
    assert {r["fold"] for r in predictions} == {0, 1, 2}  # 3 folds
    assert all(r["sense"] == r["ranking"][0] for r in predictions if r["ranking"])
    assert all(1 <= len(r["ranking"]) <= 3 for r in predictions if r["ranking"])  # top_k = 3
    example = [r for r in predictions if r["method"] == "example"]
    exact = sum(r["credit_inf"] for r in example) / len(example)
    assert exact == pytest.approx(result.total.scores["example"]["inf"].recall)
    assert records(result, "predictions") == predictions


def _browser() -> str | None:
    import shutil

    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def test_report_renders_in_a_headless_browser(report, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """report.html drawn by a real browser (skipped without Chromium): a page of the window's
    width with tables and figures on it, not a blank or broken page."""
    import subprocess

    browser = _browser()
    if browser is None:
        pytest.skip("no Chromium to render report.html (apt-get install chromium)")
    _, out, _ = report
    shot = tmp_path / "report.png"
    flags = "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-sync"
    flags += " --disable-background-networking --disable-component-update"
    command = [browser, *flags.split(), f"--user-data-dir={tmp_path / 'profile'}"]
    command += [f"--screenshot={shot}", "--window-size=1400,1600", (out / "report.html").as_uri()]
    subprocess.run(command, capture_output=True, timeout=120, check=False)
    from PIL import Image

    with Image.open(shot) as image:
        assert image.size == (1400, 1600)
        grey = image.convert("L")
        dark = sum(grey.histogram()[:128])  # text, rules and plot lines
    assert dark > 5000


def test_predictions_jsonl_lines_are_the_records_dumped(report) -> None:  # type: ignore[no-untyped-def]
    """``prediction_lines`` encodes column by column; each line must be byte for byte what
    ``json.dumps(to_json(record))`` writes, including the values JSON has no plain form for
    (non-finite and negative-zero confidences, abstentions, no fold, non-ASCII ids)."""
    import dataclasses

    import numpy as np

    from evaluation.experiment.tables import prediction_lines

    result, _, _ = report
    per = result.per_instance
    n = len(per.ids)
    odd = np.array([math.nan, math.inf, -math.inf, -0.0, 0.1 + 0.2, 1e-300])
    outputs = dict(per.outputs)
    label = next(iter(outputs))
    out = outputs[label]
    rankings = list(out.rankings)
    rankings[1] = ()  # an abstention
    outputs[label] = dataclasses.replace(
        out, rankings=rankings, confidence=np.resize(odd, n), fallbacks=["mfs", *[None] * (n - 1)]
    )
    folds = per.folds.copy()
    folds[0] = -1
    ids = ("使う.1", 'quote"and\\slash', *per.ids[2:])
    odd_result = dataclasses.replace(
        result, per_instance=dataclasses.replace(per, ids=ids, outputs=outputs, folds=folds)
    )
    expected = [
        json.dumps(to_json(record), ensure_ascii=False)
        for record in records(odd_result, "predictions")
    ]
    assert list(prediction_lines(odd_result)) == expected
    assert '"confidence": null' in expected[0] and '"confidence": -0.0' in expected[3]


def test_a_reused_report_folder_keeps_no_file_of_an_earlier_report(tmp_path: Path) -> None:
    """A second ``compare --out`` into the same folder removes the first report's files it
    does not write (``top_k.*``, ``applicability.*``) and keeps files of others."""
    from evaluation.cli import main

    keys = DATA / "keys"
    ranked = tmp_path / "ranked.key"
    ranked.write_text(
        "d1 run%1:0.9 run%2:0.1 confidence=0.8\nd2 run%2:0.6 run%1:0.4 confidence=0.2\n"
        "d3 run%2:0.7 confidence=0.5\n"
    )
    out = tmp_path / "report"
    argv = ["compare", "--gold", str(keys / "gold.key"), "--quiet", "--out", str(out)]
    assert main([*argv, str(ranked)]) == 0
    first = {p.name for p in out.iterdir()}
    assert {"top_k.csv", "top_k.png", "applicability.svg"} <= first
    (out / "notes.txt").write_text("mine\n")
    (out / "top_k.old").write_text("mine too\n")
    (out / "alpha.png").unlink()
    (out / "alpha.png").mkdir()  # not a file of the report's: it stays
    assert main([*argv, str(keys / "pred.key"), "--no-plots"]) == 0
    second = {p.name for p in out.iterdir()}
    csvs = {n for n in first if n.endswith(".csv") and not n.startswith(("top_k", "applic"))}
    pages = {"results.json", "table1.md", "predictions.jsonl", "report.html", "instances.html"}
    assert second == pages | csvs | {"notes.txt", "top_k.old", "alpha.png"}
    assert (out / "alpha.png").is_dir()
