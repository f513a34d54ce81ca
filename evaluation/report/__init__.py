"""The report of an experiment: Table 1, totals with intervals and significance as text and
Markdown (:mod:`.table1`), CSV tables (:mod:`.csv_tables`), figures (:mod:`.plots`), a
self-contained HTML page (:mod:`._html`), and :func:`write_report` (:mod:`.writer`), which
writes them all with ``results.json`` and ``predictions.jsonl``."""

from .csv_tables import csv_tables
from .table1 import (
    PAPER_TOTALS,
    significance_lines,
    table1_markdown,
    table1_text,
    totals_text,
)
from .writer import write_report

__all__ = [
    "PAPER_TOTALS",
    "csv_tables",
    "significance_lines",
    "table1_markdown",
    "table1_text",
    "totals_text",
    "write_report",
]
