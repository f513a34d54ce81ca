"""Every report file of an experiment, written atomically (:mod:`thesaurus.io`) into one
folder: ``results.json`` (the versioned results document), ``table1.md``, the CSV tables,
the figures as PNG and SVG, and a self-contained ``report.html``."""

from __future__ import annotations

from pathlib import Path

from thesaurus.io import atomic_open, atomic_write_json, atomic_write_text

from ..experiment.results import ExperimentResult
from . import plots
from ._html import render_html
from .csv_tables import csv_tables
from .table1 import paper_table, significance_lines, table1_header, table1_markdown, table1_rows

__all__ = ["write_report"]


def write_report(
    result: ExperimentResult, out_dir: str | Path, *, figures: bool = True
) -> list[Path]:
    """Write every report file into ``out_dir``; returns the paths written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def text(name: str, content: str) -> None:
        atomic_write_text(out / name, content)
        written.append(out / name)

    atomic_write_json(out / "results.json", result.to_json())
    written.append(out / "results.json")
    text("table1.md", table1_markdown(result))
    for name, content in csv_tables(result).items():
        text(name, content)
    svgs: dict[str, str] = {}
    if figures:
        for name, build in plots.FIGURES.items():
            figure = build(result)
            if figure is None:
                continue
            png, svg = plots.render(figure)
            with atomic_open(out / f"{name}.png", "wb") as handle:
                handle.write(png)
            written.append(out / f"{name}.png")
            text(f"{name}.svg", svg)
            svgs[name] = svg
    table = (table1_header(result), table1_rows(result))
    page = render_html(result, table, significance_lines(result), paper_table(), svgs)
    text("report.html", page)
    return written
