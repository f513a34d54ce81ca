"""Every report file of an experiment, written atomically and put in place together
(:mod:`thesaurus.utils.outputs`) into one folder: ``results.json`` (the versioned results document),
``table1.md``, the CSV tables, ``predictions.jsonl`` (one line per instance and method), the
figures as PNG and SVG, a self-contained ``report.html`` and the instance browser
``instances.html`` (:mod:`.browser`) it links to."""

from __future__ import annotations

from pathlib import Path

from evaluation.experiment.results import ExperimentResult
from evaluation.experiment.tables import prediction_lines
from evaluation.report import plots
from evaluation.report._html import render_html
from evaluation.report.csv_tables import CSV_FILES, csv_tables
from evaluation.report.table1 import table1_markdown
from thesaurus.utils.outputs import (
    atomic_group,
    atomic_open,
    atomic_remove,
    atomic_write_json,
    atomic_write_text,
)

__all__ = ["REPORT_FILES", "write_report"]

# The name of every file a report may write.
REPORT_FILES = frozenset(
    {"results.json", "table1.md", "predictions.jsonl", "report.html", "instances.html"}
    | {*CSV_FILES}
    | {f"{name}.{kind}" for name in plots.FIGURES for kind in ("png", "svg")}
)


def write_report(
    result: ExperimentResult,
    out_dir: str | Path,
    *,
    figures: bool = True,
    instances: bool = True,
) -> list[Path]:
    """Write every report file of a result into a folder, all put in place together.

    Parameters
    ----------
    result : ExperimentResult
        A cross-validation's or a comparison's result.
    out_dir : str or Path
        The folder (made if missing): ``results.json``, ``table1.md``, CSVs,
        ``predictions.jsonl``, ``report.html`` and the figures.
    figures : bool, default=True
        Write the PNG/SVG figures.
    instances : bool, default=True
        Write the instance browser ``instances.html``.

    Returns
    -------
    list of Path
        The files written.

    Raises
    ------
    OSError
        A file the system refuses (no such folder, no space).
    """
    out = Path(out_dir)
    with atomic_group():
        out.mkdir(parents=True, exist_ok=True)
        written: list[Path] = []

        def text(name: str, content: str) -> None:
            atomic_write_text(out / name, content)
            written.append(out / name)

        # one line: the C encoder (an indented dump of an all-words comparison takes seconds)
        atomic_write_json(out / "results.json", result.to_json(), indent=None)
        written.append(out / "results.json")
        svgs = _write_figures(result, out, written) if figures else {}
        text("table1.md", table1_markdown(result, figures=list(svgs)))
        for name, content in csv_tables(result).items():
            text(name, content)
        with atomic_open(out / "predictions.jsonl") as handle:
            for line in prediction_lines(result):
                handle.write(line + "\n")
        written.append(out / "predictions.jsonl")
        if instances:
            from evaluation.report.browser import instances_page

            text("instances.html", instances_page(result))
        text("report.html", render_html(result, svgs, instances=instances))
        for name in REPORT_FILES - {path.name for path in written}:
            atomic_remove(out / name)
        return written


def _write_figures(result: ExperimentResult, out: Path, written: list[Path]) -> dict[str, str]:
    """Each figure of the result as PNG and SVG (added to ``written``); the SVGs by name."""
    svgs: dict[str, str] = {}
    for name, build in plots.FIGURES.items():
        figure = build(result)
        if figure is None:
            continue
        png, svg = plots.render(figure)
        with atomic_open(out / f"{name}.png", "wb") as handle:
            handle.write(png)
        atomic_write_text(out / f"{name}.svg", svg)
        written += [out / f"{name}.png", out / f"{name}.svg"]
        svgs[name] = svg
    return svgs
