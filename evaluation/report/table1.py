"""Reports of an experiment: ``results.json``, ``table1.md``, CSVs, plots and ``report.html``.

Table 1 follows Fujii et al.: per verb the number of examples, the number of senses
(inventory / observed), then the acceptability (graded precision over attempted instances)
of every compared method at each alpha, ``inf`` being exact-match precision.  The random and
MFS baselines are lower-bound columns.  The paper's totals (Japanese, EDR) are printed below
for comparison; they are not comparable number for number (other language, thesaurus, corpus).

All files are written atomically (:mod:`thesaurus.io`).
"""

from __future__ import annotations

import csv
import io
import json
import math
import textwrap
from pathlib import Path
from typing import Any

from thesaurus.io import atomic_open, atomic_write_json, atomic_write_text

from . import plots
from ._html import render_html
from .experiments import ExperimentResult
from .significance import format_p_value

__all__ = [
    "PAPER_TOTALS",
    "json_safe",
    "significance_lines",
    "table1_markdown",
    "table1_text",
    "write_report",
]

# Fujii, Inui, Tokunaga & Tanaka, Table 1 totals (Japanese, EDR, 10 verbs): alpha -> value.
PAPER_TOTALS: dict[str, dict[str, float]] = {
    "example-based": {"0.5": 0.836, "1": 0.772, "2": 0.714, "inf": 0.640},
    "Yarowsky": {"0.5": 0.779, "1": 0.693, "2": 0.615, "inf": 0.521},
    "MFS": {"0.5": 0.738, "1": 0.634, "2": 0.540, "inf": 0.449},
}
PAPER_LABEL = "Fujii et al. totals (Japanese, EDR; not the same data)"


def json_safe(value: Any) -> Any:
    """Recursively replace ``inf`` by ``"inf"`` (``-inf``: ``"-inf"``) and NaN by ``None``."""
    if isinstance(value, float):
        if math.isnan(value):
            return None
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return value
    if isinstance(value, dict):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    return value


def _columns(data: dict[str, Any]) -> tuple[list[str], list[str]]:
    """Table 1 alphas and method labels (configured methods first, then bounds)."""
    return list(data["alphas"]), list(data["total"]["scores"])


def _senses(row: dict[str, Any]) -> str:
    return f"{row['senses_inventory']}/{row['senses_observed']}"


def _cells(row: dict[str, Any], alphas: list[str], labels: list[str]) -> list[str]:
    return [f"{row['scores'][m][a]['precision']:.3f}" for a in alphas for m in labels]


def _header(alphas: list[str], labels: list[str]) -> list[str]:
    return ["verb", "examples", "senses"] + [f"{m} a={a}" for a in alphas for m in labels]


def _rows(data: dict[str, Any]) -> list[list[str]]:
    alphas, labels = _columns(data)
    rows = [[r["verb"], str(r["n"]), _senses(r), *_cells(r, alphas, labels)] for r in data["verbs"]]
    total = data["total"]
    rows.append(["total", str(total["n"]), _senses(total), *_cells(total, alphas, labels)])
    return rows


def _short(value: float) -> str:
    """``0.836 -> ".836"``, ``1.0 -> "1.00"``: the paper's compact cells."""
    text = f"{value:.3f}"
    return text[1:] if text.startswith("0.") else f"{value:.2f}"


def table1_text(data: dict[str, Any]) -> str:
    """Table 1 as compact plain text (what ``wsd evaluate`` prints): one column group per
    alpha, methods numbered as in the paper with a legend, then bounds, the paper's totals and
    the significance of every pairwise difference."""
    alphas, labels = _columns(data)
    numbers = [str(i + 1) for i in range(len(labels))]
    rows = [
        [r["verb"], str(r["n"]), _senses(r)]
        + [_short(r["scores"][m][a]["precision"]) for a in alphas for m in labels]
        for r in [*data["verbs"], data["total"]]
    ]
    lead = [max(len(r[i]) for r in [["verb", "n", "senses"], *rows]) for i in range(3)]
    cell = max(4, *(len(n) for n in numbers))
    group = len(labels) * (cell + 1) - 1

    def line(first: list[str], cells: list[str]) -> str:
        head = f"{first[0]:<{lead[0]}}  {first[1]:>{lead[1]}}  {first[2]:>{lead[2]}}"
        chunks = [
            " ".join(f"{c:>{cell}}" for c in cells[k : k + len(labels)])
            for k in range(0, len(cells), len(labels))
        ]
        return (head + "  " + "  ".join(chunks)).rstrip()

    titles = [f"a={a}" if a != "inf" else "precision" for a in alphas]
    top = " " * (sum(lead) + 4) + "  " + "  ".join(f"{t:^{group}}" for t in titles)
    out = [top.rstrip(), line(["verb", "n", "senses"], numbers * len(alphas))]
    rule = "-" * len(out[1])
    out.insert(1, rule)
    out += [line(r[:3], r[3:]) for r in rows[:-1]] + [rule, line(rows[-1][:3], rows[-1][3:])]
    paper = "; ".join(
        f"{name} " + " ".join(_short(v[a]) for a in ("0.5", "1", "2", "inf"))
        for name, v in PAPER_TOTALS.items()
    )
    notes = [
        "methods: " + ", ".join(f"{n} = {m}" for n, m in zip(numbers, labels, strict=True)),
        "cells: acceptability (graded precision over attempted instances); precision = exact "
        "match (a=inf); senses = inventory/observed",
        f"lower bounds: {', '.join(data['bounds']['lower'])}; upper bound: {_upper(data)}",
        f"paper totals at a=0.5 1 2 inf (Japanese, EDR; not the same data): {paper}",
    ]
    out.append("")
    out += [
        wrapped for note in notes for wrapped in textwrap.wrap(note, 100, subsequent_indent="  ")
    ]
    out.extend(significance_lines(data, compact=True))
    return "\n".join(out) + "\n"


def _upper(data: dict[str, Any]) -> str:
    return str(data["bounds"]["upper"]["note"])


def significance_lines(data: dict[str, Any], *, compact: bool = False) -> list[str]:
    """One line per method pair: the difference of precisions at each alpha (paired
    bootstrap), then McNemar's test on exact match.

    ``*`` marks a difference significant after Holm's adjustment over the table's tests;
    p-values shown are Holm-adjusted.  ``compact`` drops the intervals (the terminal table);
    files keep them.
    """
    lines = []
    if compact and data["significance"]:
        lines.append(
            "differences of precision (paired bootstrap; * = significant after Holm's "
            "adjustment over the table's tests):"
        )
    for test in data["significance"]:
        parts = []
        for alpha, boot in test["bootstrap"].items():
            mark = "*" if boot["significant"] else ""
            interval = "" if compact else f" [{boot['low']:+.3f}, {boot['high']:+.3f}]"
            parts.append(f"a={alpha} {boot['mean_diff']:+.3f}{interval}{mark}")
        if test["mcnemar"] is not None:
            mcnemar = test["mcnemar"]
            p_value = mcnemar.get("p_holm", mcnemar["p_value"])
            parts.append(
                f"McNemar p {_p_value(p_value)}{'*' if mcnemar.get('significant') else ''}"
            )
            if not compact:
                parts[-1] += f" ({mcnemar['method']}, n={mcnemar.get('n', '?')})"
        lines.append(("  " if compact else "") + f"{test['a']} - {test['b']}: " + "; ".join(parts))
    return lines


def _p_value(p: float) -> str:
    """``"= 0.0915"``, or ``"< 1e-300"`` for an underflow: never "p = 0"."""
    text = format_p_value(p)
    return text if text.startswith("<") else f"= {text}"


def table1_markdown(data: dict[str, Any]) -> str:
    """Table 1 in Markdown, with bounds, significance and the paper's totals."""
    alphas, labels = _columns(data)
    header = _header(alphas, labels)
    out = [f"# Table 1: {data['config']['name']}", ""]
    out.append(
        f"{data['total']['n']} instances of {len(data['verbs'])} verbs, "
        f"{data['config']['cv']['folds']}-fold cross-validation (seed {data['seed']}); "
        "cells are acceptability (graded precision over attempted instances) at each alpha, "
        "a=inf is exact-match precision; senses = inventory/observed."
    )
    out.append("")
    out.append("| " + " | ".join(header) + " |")
    out.append("|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|")
    for row in _rows(data):
        if row[0] == "total":
            row = [f"**{cell}**" for cell in row]
        out.append("| " + " | ".join(row) + " |")
    level = 100 * float(data["config"]["evaluation"]["confidence"])
    out += ["", "## Bounds", ""]
    out.append(f"- lower: {', '.join(data['bounds']['lower'])} (columns above)")
    out.append(f"- upper: {_upper(data)}")
    out += [
        "",
        "## Significance",
        "",
        "Differences of precision (acceptability) between every two methods at each alpha: "
        f"paired bootstrap over the same instances, {level:g}% interval; McNemar's test on "
        "exact match over the instances both attempted.  p-values are Holm-adjusted over all "
        f"the tests of the table; * = significant at {100 - level:g}% after adjustment.",
        "",
    ]
    out += [f"- {line}" for line in significance_lines(data)] or ["- (no pairs)"]
    out += ["", f"## {PAPER_LABEL}", ""]
    header, rows = _paper_table()
    out.append("| " + " | ".join(header) + " |")
    out.append("|---|" + "---:|" * (len(header) - 1))
    out += ["| " + " | ".join(row) + " |" for row in rows]
    out.append("")
    return "\n".join(out)


def _paper_table() -> tuple[list[str], list[list[str]]]:
    alphas = ["0.5", "1", "2", "inf"]
    rows = [[m, *(f"{v[a]:.3f}" for a in alphas)] for m, v in PAPER_TOTALS.items()]
    return ["method", *(f"a={a}" for a in alphas)], rows


def _csv(rows: list[list[Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerows(rows)
    return buffer.getvalue()


_SCORE_FIELDS = ["precision", "recall", "coverage", "f1", "n", "attempted"]


def csv_tables(data: dict[str, Any]) -> dict[str, str]:
    """The CSV files of a report, name -> text."""
    alphas = data["alphas"]
    per_verb: list[list[Any]] = [
        [
            "verb",
            "examples",
            "senses_inventory",
            "senses_observed",
            "method",
            "alpha",
            *_SCORE_FIELDS,
        ]
    ]
    for row in [*data["verbs"], data["total"]]:
        for label, by_alpha in row["scores"].items():
            for alpha in alphas:
                s = by_alpha[alpha]
                per_verb.append(
                    [
                        row["verb"],
                        row["n"],
                        row["senses_inventory"],
                        row["senses_observed"],
                        label,
                        alpha,
                        *(s[f] for f in _SCORE_FIELDS),
                    ]
                )
    curve: list[list[Any]] = [["method", "fraction", "train_instances", "alpha", *_SCORE_FIELDS]]
    for label, points in data["learning_curve"].items():
        for p in points:
            for alpha in alphas:
                s = p["scores"][alpha]
                curve.append(
                    [
                        label,
                        p["fraction"],
                        p["train_instances"],
                        alpha,
                        *(s[f] for f in _SCORE_FIELDS),
                    ]
                )
    applicability: list[list[Any]] = [
        ["method", "alpha", "threshold", "applicability", "acceptability"]
    ]
    for label, c in data["applicability"].items():
        for t, x, y in zip(c["threshold"], c["applicability"], c["acceptability"], strict=True):
            applicability.append([label, c["alpha"], t, x, y])
    topk: list[list[Any]] = [["method", "k", "recall", "precision"]]
    for label, points in data["top_k"].items():
        topk += [[label, p["k"], p["recall"], p["precision"]] for p in points]
    alpha_sweep: list[list[Any]] = [["method", "alpha", "precision", "recall", "f1"]]
    for label, by_alpha in data["total"]["scores"].items():
        for alpha in alphas:
            s = by_alpha[alpha]
            alpha_sweep.append([label, alpha, s["precision"], s["recall"], s["f1"]])
    sweep: list[list[Any]] = [
        ["variant", "method", "params", "aurc", "fallbacks", "alpha", *_SCORE_FIELDS]
    ]
    for variant in data["sweep"]:
        params = json.dumps(json_safe(variant["params"]), sort_keys=True)
        for alpha in alphas:
            s = variant["scores"][alpha]
            sweep.append(
                [
                    variant["label"],
                    variant["method"],
                    params,
                    variant["aurc"],
                    variant["fallbacks"],
                    alpha,
                    *(s[f] for f in _SCORE_FIELDS),
                ]
            )
    significance: list[list[Any]] = [
        ["a", "b", "test", "alpha", "mean_diff", "low", "high", "p_value", "p_holm", "significant"]
    ]
    for test in data["significance"]:
        for alpha, b in test["bootstrap"].items():
            significance.append(
                [
                    test["a"],
                    test["b"],
                    "bootstrap",
                    alpha,
                    b["mean_diff"],
                    b["low"],
                    b["high"],
                    b["p_value"],
                    b.get("p_holm", ""),
                    b["significant"],
                ]
            )
        if test["mcnemar"] is not None:
            m = test["mcnemar"]
            significance.append(
                [
                    test["a"],
                    test["b"],
                    f"mcnemar-{m['method']}",
                    "inf",
                    "",
                    "",
                    "",
                    m["p_value"],
                    m.get("p_holm", ""),
                    m.get("significant", ""),
                ]
            )
    tables = {
        "per_verb.csv": per_verb,
        "learning_curve.csv": curve,
        "applicability.csv": applicability,
        "top_k.csv": topk,
        "alpha_sweep.csv": alpha_sweep,
        "significance.csv": significance,
    }
    if data["sweep"]:
        tables["sweep.csv"] = sweep
    return {name: _csv(rows) for name, rows in tables.items()}


def write_report(
    result: ExperimentResult, out_dir: str | Path, *, figures: bool = True
) -> list[Path]:
    """Write every report file into ``out_dir``; returns the paths written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    data = json_safe(result.data)
    written: list[Path] = []

    def text(name: str, content: str) -> None:
        atomic_write_text(out / name, content)
        written.append(out / name)

    atomic_write_json(out / "results.json", data)
    written.append(out / "results.json")
    text("table1.md", table1_markdown(data))
    for name, content in csv_tables(data).items():
        text(name, content)
    svgs: dict[str, str] = {}
    if figures:
        for name, build in plots.FIGURES.items():
            figure = build(data)
            if figure is None:
                continue
            png, svg = plots.render(figure)
            with atomic_open(out / f"{name}.png", "wb") as handle:
                handle.write(png)
            written.append(out / f"{name}.png")
            text(f"{name}.svg", svg)
            svgs[name] = svg
    alphas, labels = _columns(data)
    page = render_html(
        data, (_header(alphas, labels), _rows(data)), significance_lines(data), _paper_table(), svgs
    )
    text("report.html", page)
    return written
