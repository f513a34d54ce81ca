"""The CSV files of a report (:data:`CSV_FILES`), one row per record of
:func:`~evaluation.experiment.records` (an undefined value is an empty cell); a table without
rows is not written."""

from __future__ import annotations

import csv
import io
from operator import itemgetter
from typing import Any

from evaluation.experiment.results import ExperimentResult
from evaluation.experiment.tables import SCORE_FIELDS, records

__all__ = ["CSV_FILES", "SCORE_FIELDS", "csv_tables"]

# file name -> record set
CSV_FILES = {
    "per_verb.csv": "table1",
    "totals.csv": "totals",
    "breakdowns.csv": "breakdowns",
    "learning_curve.csv": "learning_curve",
    "applicability.csv": "applicability",
    "top_k.csv": "top_k",
    "alpha_sweep.csv": "alpha_sweep",
    "significance.csv": "significance",
    "sweep.csv": "sweep",
    "systems.csv": "systems",
}


def _csv(records: list[dict[str, Any]]) -> str:
    fields = list(records[0])
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(fields)
    row = itemgetter(*fields)  # each record's cells in the header's order (a C call per row)
    writer.writerows(row(record) if len(fields) > 1 else (row(record),) for record in records)
    return buffer.getvalue()


def csv_tables(result: ExperimentResult) -> dict[str, str]:
    """The CSV files of a report (:data:`CSV_FILES`), one row per record.

    Parameters
    ----------
    result : ExperimentResult
        A cross-validation's or a comparison's result.

    Returns
    -------
    dict of str to str
        File name -> CSV text, header first; tables without rows are left out.
    """
    tables = {name: records(result, table) for name, table in CSV_FILES.items()}
    return {name: _csv(rows) for name, rows in tables.items() if rows}
