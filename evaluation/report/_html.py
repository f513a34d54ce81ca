"""A self-contained HTML page for a report: inline CSS and SVG, no external asset or link."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from html import escape
from typing import Any

from thesaurus.io import to_json

from ..experiment.results import ExperimentResult

__all__ = ["render_html"]

_STYLE = """
body{font-family:system-ui,sans-serif;margin:2em;max-width:80em;color:#222}
table{border-collapse:collapse;margin:1em 0;font-size:.9em}
th,td{border:1px solid #ccc;padding:.25em .5em;text-align:right}
th:first-child,td:first-child{text-align:left}
tr.total td{font-weight:bold;background:#f4f4f4}
figure{display:inline-block;margin:.5em;vertical-align:top}
figure svg{width:36em;height:auto}
pre{background:#f7f7f7;padding:1em;overflow:auto;font-size:.8em}
.note{color:#555}
"""


def _table(header: list[str], rows: list[list[str]], total_last: bool = False) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = []
    for index, row in enumerate(rows):
        css = ' class="total"' if total_last and index == len(rows) - 1 else ""
        body.append(f"<tr{css}>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _inline_svg(svg: str) -> str:
    """Drop the XML prolog and DOCTYPE so the SVG can sit inside HTML."""
    return re.sub(r"^\s*(<\?xml[^>]*>\s*)?(<!DOCTYPE[^>]*>\s*)?", "", svg)


def render_html(
    result: ExperimentResult,
    table: tuple[list[str], list[list[str]]],
    significance: list[str],
    paper: tuple[list[str], list[list[str]]],
    svgs: dict[str, str],
) -> str:
    """The report page: Table 1, bounds, significance, paper totals, fallbacks, plots, config."""
    name = escape(result.config.name)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>verb-wsd: {name}</title><style>{_STYLE}</style></head><body>",
        f"<h1>Table 1: {name}</h1>",
        f'<p class="note">{result.total.n} instances of {len(result.verbs)} verbs, '
        f"{result.config.cv.folds}-fold cross-validation, seed {result.config.seed}. "
        "Cells: acceptability (graded precision over attempted instances); a=inf is exact "
        "match; senses = inventory/observed.</p>",
        _table(*table, total_last=True),
        *(
            f'<p class="note"><strong>ORACLE</strong> {escape(label)}: {escape(what)}</p>'
            for label, what in result.oracles.items()
        ),
        "<h2>Bounds</h2><ul>",
        f"<li>lower: {escape(', '.join(result.bounds.lower))} (columns above)</li>",
        f"<li>upper: {escape(result.bounds.upper_note)}</li></ul>",
        "<h2>Significance</h2>",
        '<p class="note">Paired bootstrap CI of the mean per-instance difference; '
        "* = interval excludes 0. McNemar's test on exact match.</p><ul>",
        *(f"<li>{escape(line)}</li>" for line in significance),
        "</ul><h2>Fujii et al. totals (Japanese, EDR; not the same data)</h2>",
        _table(*paper),
        "<h2>Figures</h2>",
        *(
            f"<figure>{_inline_svg(svg)}<figcaption>{escape(key)}</figcaption></figure>"
            for key, svg in svgs.items()
        ),
        "<h2>Fallbacks and scoring issues</h2>",
        _table(
            ["method", "fallbacks", "scoring issues"],
            [
                [label, _counts(counts), _counts(result.credit_issues.get(label, {}))]
                for label, counts in result.fallbacks.items()
            ],
        ),
        "<h2>Corpus</h2>",
        _pre(result.corpus),
        "<h2>Configuration (resolved)</h2>",
        _pre(result.config),
        "<h2>Versions and timing</h2>",
        _pre({"versions": result.versions, "timing": result.timing}),
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


def _counts(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{k}: {v}" for k, v in counts.items()) or "none"


def _pre(value: Any) -> str:
    return f"<pre>{escape(json.dumps(to_json(value), indent=1, ensure_ascii=False))}</pre>"
