"""Markdown tables for ``table1.md``: one helper for every table of the file."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["markdown_table"]


def markdown_table(
    header: Sequence[str], rows: Sequence[Sequence[str]], bold_last: bool = False
) -> list[str]:
    """A Markdown table as lines: the first column left-aligned, the others right-aligned;
    ``bold_last`` sets the last row in bold (a total).

    >>> markdown_table(["m", "p"], [["a", ".5"]])
    ['| m | p |', '|---|---:|', '| a | .5 |']
    """
    out = ["| " + " | ".join(header) + " |"]
    out.append("|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|")
    for index, row in enumerate(rows):
        cells = list(row)
        if bold_last and index == len(rows) - 1:
            cells = [f"**{cell}**" for cell in row]
        out.append("| " + " | ".join(cells) + " |")
    return out
