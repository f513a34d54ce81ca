"""The report of an experiment: Table 1, totals with intervals and significance as text and
Markdown (:mod:`.table1`), the pairwise differences as a list or a matrix per alpha
(:mod:`.pairs`: :func:`difference_matrix`), CSV tables (:mod:`.csv_tables`), figures
(:mod:`.plots`), a self-contained HTML page (:mod:`._html`), and :func:`write_report`
(:mod:`.writer`), which writes them all with ``results.json`` and ``predictions.jsonl``."""

from .csv_tables import csv_tables
from .pairs import difference_matrix, significance_lines, significance_markdown, significance_text
from .table1 import (
    PAPER_TOTALS,
    table1_markdown,
    table1_text,
    totals_text,
)
from .writer import write_report

__all__ = [
    "PAPER_TOTALS",
    "csv_tables",
    "difference_matrix",
    "significance_lines",
    "significance_markdown",
    "significance_text",
    "table1_markdown",
    "table1_text",
    "totals_text",
    "write_report",
]
