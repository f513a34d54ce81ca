"""The report of an experiment as text, Markdown, CSV, figures and HTML; :func:`write_report`
writes them all with ``results.json`` and ``predictions.jsonl``."""

from evaluation.report.csv_tables import csv_tables
from evaluation.report.pairs import (
    difference_matrix,
    significance_lines,
    significance_markdown,
    significance_text,
)
from evaluation.report.table1 import PAPER_TOTALS, table1_markdown, table1_text, totals_text
from evaluation.report.writer import write_report

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
