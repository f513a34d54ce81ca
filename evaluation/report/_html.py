"""A self-contained HTML page for a report: inline CSS and SVG, no script, no external asset
or link but to the instance browser beside it (a test checks it), readable in a browser
window of 1,400 pixels: wide tables scroll inside their own box, settings are tables rather
than raw JSON."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from evaluation.experiment.results import (
    ComparisonResult,
    CrossValidationResult,
    DifferenceTest,
    ExperimentResult,
    McNemarTest,
)
from evaluation.report.headline import (
    alpha_note,
    breakdown_notes,
    headline_alpha,
    headline_table,
    headline_title,
)
from evaluation.report.pairs import (
    alpha_title,
    difference_matrix,
    mcnemar_summary,
    significance_note,
    use_matrix,
)
from evaluation.report.table1 import (
    PAPER_LABEL,
    TOTALS_HEADER,
    examples_line,
    inputs_table,
    oracles_of,
    paper_table,
    shown_verbs,
    table1_header,
    table1_rows,
    title_of,
    totals_alphas,
    totals_rows,
    with_paper_totals,
)
from evaluation.significance import format_p_value
from thesaurus.utils.outputs import to_json

__all__ = ["MAX_VERBS", "SCORE_COLUMNS", "render_html"]

MAX_VERBS = 40  # lemma rows shown in the page (the most frequent); every lemma is in the CSV
SCORE_COLUMNS = 16  # score columns of one Table 1 (4 methods x 4 alphas fit a 1,400-pixel page)

_STYLE = """
body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:84em;padding:0 1em;color:#222}
h1{font-size:1.6em;margin-bottom:.2em}h2{font-size:1.25em;margin-top:1.6em}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;margin:.6em 0;font-size:.85em}
th,td{border:1px solid #ccc;padding:.2em .45em;text-align:right;white-space:nowrap}
th{background:#f2f2f2}
th.l,td.l{text-align:left}
td.wrap{white-space:normal;text-align:left;max-width:40em}
tr.total td{font-weight:bold;background:#f4f4f4}
tr.group td{border-top:2px solid #999}
figure{display:inline-block;margin:.4em;vertical-align:top;width:calc(50% - 1em);min-width:26em}
figure svg{width:100%;height:auto}
figcaption{font-size:.85em;color:#555}
.note{color:#555;font-size:.9em;max-width:60em}
.ci{color:#777;font-size:.8em}
.warn{background:#fff4d6;border-left:4px solid #e0a800;padding:.4em .8em;margin:.3em 0}
.oracle{background:#fde2e2;border-left:4px solid #c0392b;padding:.4em .8em}
"""


_INSTANCES_LINK = (
    '<p><a href="instances.html">Every instance</a>: its sentence, gold senses and glosses, each '
    "method's answer and credit, filters (the methods disagree, every method is wrong, only one "
    "is right, ...) and each lemma's gold x answer matrices.</p>"
)


def _cell(value: object, css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    return f"<td{cls}>{escape(str(value))}</td>"


def _with_interval(text: str) -> str:
    """``.879 [.873, .886]`` as HTML, the interval in small print below the value."""
    value, _, interval = text.partition(" ")
    if not interval:
        return escape(value)
    return f'{escape(value)}<br><span class="ci">{escape(interval)}</span>'


def _table(
    header: Sequence[str],
    rows: Sequence[Sequence[object]],
    *,
    left: int = 1,
    total_last: bool = False,
    group_every: int = 0,
    wrap: Sequence[int] = (),
    head_rows: Sequence[str] = (),
    intervals: bool = False,
) -> str:
    """An HTML table; the first ``left`` columns are left-aligned, ``wrap`` columns may wrap;
    ``group_every`` draws a rule between groups of rows; ``head_rows`` are extra header rows
    (already HTML) above the column names; with ``intervals``, score cells show their
    interval (:func:`_with_interval`)."""
    head = "".join(
        f'<th class="{"l" if i < left else ""}">{escape(h)}</th>' for i, h in enumerate(header)
    )
    body = []
    for index, row in enumerate(rows):
        css = []
        if total_last and index == len(rows) - 1:
            css.append("total")
        if group_every and index and index % group_every == 0:
            css.append("group")
        attr = f' class="{" ".join(css)}"' if css else ""
        cells = "".join(
            f"<td>{_with_interval(str(c))}</td>"
            if intervals and i >= left
            else _cell(c, "wrap" if i in wrap else "l" if i < left else "")
            for i, c in enumerate(row)
        )
        body.append(f"<tr{attr}>{cells}</tr>")
    heads = "".join(head_rows)
    return (
        f'<div class="scroll"><table><thead>{heads}<tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


def _inline_svg(svg: str) -> str:
    """Drop the XML prolog and DOCTYPE so the SVG can sit inside HTML."""
    return re.sub(r"^\s*(<\?xml[^>]*>\s*)?(<!DOCTYPE[^>]*>\s*)?", "", svg)


def _flatten(value: Any, prefix: str = "") -> list[tuple[str, str]]:
    """``{"a": {"b": 1}, "c": [1, 2]}`` -> ``[("a.b", "1"), ("c", "1, 2")]``."""
    if isinstance(value, Mapping):
        if not value:
            return [(prefix, "(none)")] if prefix else []
        return [
            pair
            for key, item in value.items()
            for pair in _flatten(item, f"{prefix}.{key}" if prefix else str(key))
        ]
    if isinstance(value, list):
        if value and all(isinstance(v, Mapping) for v in value):
            return [pair for i, v in enumerate(value) for pair in _flatten(v, f"{prefix}[{i}]")]
        return [(prefix, ", ".join(str(v) for v in value) or "(none)")]
    if value is None or value == "":
        return [(prefix, "(none)" if value is None else '""')]
    return [(prefix, str(value))]


def _settings(value: Any) -> str:
    return _table(["setting", "value"], _flatten(value), left=2, wrap=(1,))


def _configuration(result: ExperimentResult) -> str:
    """The resolved config, and a cross-validation's methods as a table of their own."""
    config = to_json(result.config)
    methods = config.pop("methods", [])
    parts = [_settings(config)]
    if methods:
        rows = [
            [
                m["label"],
                m["method"],
                m["role"],
                ", ".join(f"{k} = {v}" for k, v in m["params"].items()) or "(defaults)",
            ]
            for m in methods
        ]
        parts.append(_table(["label", "method", "role", "parameters"], rows, left=4, wrap=(3,)))
    return "".join(parts)


def _table1(result: ExperimentResult) -> str:
    """Table 1, split into tables of at most :data:`SCORE_COLUMNS` score columns."""
    labels = result.labels
    numbers = [str(i + 1) for i in range(len(labels))]
    per_table = max(1, SCORE_COLUMNS // len(labels))
    tables = []
    for start in range(0, len(result.alphas), per_table):
        alphas = result.alphas[start : start + per_table]
        groups = "".join(
            f'<th colspan="{len(labels)}">{"a=" + a if a != "inf" else "precision (a=inf)"}</th>'
            for a in alphas
        )
        head = f'<tr><th colspan="3"></th>{groups}</tr>'
        header = [table1_header(result)[0], "examples", "senses"] + numbers * len(alphas)
        rows = table1_rows(result, MAX_VERBS, alphas)
        tables.append(_table(header, rows, total_last=True, head_rows=[head]))
    legend = ", ".join(f"{n} = {escape(m)}" for n, m in zip(numbers, labels, strict=True))
    shown = len(shown_verbs(result, MAX_VERBS))
    more = (
        f" The {shown} with most instances are shown; all {len(result.verbs):,} are in "
        "per_verb.csv."
        if shown < len(result.verbs)
        else ""
    )
    return (
        f'<p class="note">Methods: {legend}. Cells: acceptability (graded precision over '
        f"attempted instances); precision (a=inf) is exact match; senses = "
        f"inventory/observed.{more}</p>" + "".join(tables)
    )


def _headline(result: ExperimentResult) -> list[str]:
    """The headline breakdown at exact match and at the headline alpha."""
    parts = []
    for alpha in dict.fromkeys(["inf", headline_alpha(result) or "inf"]):
        parts.append(f"<h2>{escape(headline_title(result, alpha))}</h2>")
        parts.append(_table(*headline_table(result, alpha), intervals=True))
    parts += [f'<p class="note">{escape(note)}.</p>' for note in breakdown_notes(result)]
    return parts


def _totals(result: ExperimentResult) -> str:
    intervals = result.intervals
    if intervals is None:
        note = "No bootstrap intervals (evaluation.bootstrap = 0)."
    else:
        note = (
            f"Intervals: {100 * intervals.confidence:g}% percentile bootstrap over "
            f"{intervals.n_resamples} resamples of the instances. Precision is over attempted "
            "instances, recall over all (Senseval); coverage = attempted / all."
        )
    shown = totals_alphas(result)
    if shown != result.alphas:
        note += f" Alpha {' and '.join(shown)} shown; every alpha in totals.csv."
    table = _table(TOTALS_HEADER, totals_rows(result), left=2, group_every=len(shown))
    return f'<p class="note">{escape(note)}</p>{table}'


def _verdict(t: DifferenceTest | McNemarTest) -> list[str]:
    """A test's p-value, Holm-adjusted p-value and star cells."""
    return [format_p_value(t.p_value), format_p_value(t.p_holm), "*" if t.significant else ""]


def _significance(result: ExperimentResult) -> str:
    """Every pair listed for a few methods, else a matrix per alpha."""
    note = f'<p class="note">{escape(significance_note(result))}</p>'
    if not result.significance:
        return note + "<p>(no pairs)</p>"
    if use_matrix(result):
        parts = [note]
        for alpha in result.alphas:
            parts.append(f"<h3>{escape(alpha_title(alpha))}, row minus column</h3>")
            parts.append(_table(*difference_matrix(result, alpha)))
        summary = mcnemar_summary(result)
        tail = "every pair with its interval, t, df and p-values is in significance.csv."
        parts.append(f'<p class="note">{escape(f"{summary}; {tail}" if summary else tail)}</p>')
        return "".join(parts)
    rows: list[list[object]] = []
    for test in result.significance:
        pair = f"{test.a} - {test.b}"
        for alpha, d in test.difference.items():
            interval = "" if d.low is None else f"[{d.low:+.4f}, {d.high:+.4f}]"
            shown = [f"{d.mean_diff:+.4f}", interval, f"{d.t:.3g} ({d.df})"]
            rows.append([pair, "paired t-test", alpha, *shown, *_verdict(d)])
        if (m := test.mcnemar) is not None:
            rows.append([pair, f"McNemar ({m.method}, n={m.n})", "inf", "", "", "", *_verdict(m)])
    header = ["a - b", "test", "alpha", "difference", "interval", "t (df)", "p", "p (Holm)", "*"]
    per_pair = len(result.alphas) + (1 if any(t.mcnemar for t in result.significance) else 0)
    return note + _table(header, rows, left=2, group_every=per_pair)


def render_html(result: ExperimentResult, svgs: dict[str, str], *, instances: bool = False) -> str:
    """The report page: setup, warnings, totals with intervals, Table 1, significance, figures,
    inputs or bounds, fallbacks and scoring issues, corpus, configuration, versions; with
    ``instances``, a link to the instance browser beside it."""
    name = escape(result.name)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>verb-wsd: {name}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{title_of(result)}: {name}</h1>",
        f'<p class="note">{escape(result.setup)}.</p>',
        *[_INSTANCES_LINK] * instances,
        *(f'<p class="warn">Warning: {escape(note)}</p>' for note in result.warnings),
        *(
            f'<p class="oracle"><strong>ORACLE</strong> {escape(label)}: {escape(what)}</p>'
            for label, what in oracles_of(result).items()
        ),
        *(f'<p class="note">{escape(line)}</p>' for line in filter(None, [examples_line(result)])),
        "<h2>Table 1: acceptability at each alpha</h2>",
        f'<p class="note">{escape(alpha_note(result))}</p>'
        + _table(*with_paper_totals(result), intervals=True),
        *_headline(result),
        "<h2>Figures</h2>",
        *(
            f"<figure>{_inline_svg(svg)}<figcaption>{escape(key)}</figcaption></figure>"
            for key, svg in svgs.items()
        ),
        "<h2>Significance</h2>",
        _significance(result),
        "<h2>Totals</h2>",
        _totals(result),
        "<h2>Per lemma</h2>",
        _table1(result),
    ]
    parts += [
        *_inputs_or_bounds(result),
        "<h2>Fallbacks and scoring issues</h2>",
        _fallbacks(result),
        "<h2>Instances</h2>",
        _settings(to_json(result.corpus)),
        "<h2>Configuration (resolved)</h2>",
        _configuration(result),
        "<h2>Versions and timing</h2>",
        _timing(result),
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


def _inputs_or_bounds(result: ExperimentResult) -> list[str]:
    """A comparison's key files, or a cross-validation's bounds and the paper's totals."""
    if isinstance(result, ComparisonResult):
        return ["<h2>Key files</h2>", _table(*inputs_table(result), left=2)]
    if isinstance(result, CrossValidationResult):
        return [
            "<h2>Bounds</h2><ul>",
            f"<li>lower: {escape(', '.join(result.bounds.lower))} (columns above)</li>",
            f"<li>upper: {escape(result.bounds.upper_note)}</li></ul>",
            f"<h2>{escape(PAPER_LABEL)}</h2>",
            _table(*paper_table()),
        ]
    return []


def _fallbacks(result: ExperimentResult) -> str:
    """Each method's fallbacks (none for a key file) and the scorer's issues."""
    fallbacks = (
        result.fallbacks
        if isinstance(result, CrossValidationResult)
        else dict.fromkeys(result.labels, {})
    )
    return _table(
        ["method", "fallbacks", "scoring issues"],
        [
            [label, _counts(counts), _counts(result.credit_issues.get(label, {}))]
            for label, counts in fallbacks.items()
        ],
        wrap=(1, 2),
    )


def _timing(result: ExperimentResult) -> str:
    """The versions, the run's timing and each method's CPU seconds."""
    timing = to_json(result.timing)
    methods = timing.pop("methods", {})
    parts = [_settings({"versions": to_json(result.versions), "timing": timing})]
    if methods:
        curves = set(result.config.evaluation.learning_curve_methods)
        rows = [
            [
                label,
                f"{cost['fit_s']:.2f}",
                f"{cost['rank_s']:.2f}",
                f"{cost['curve_s']:.2f}" if label in curves else "-",
                f"{sum(cost.values()):.2f}",
            ]
            for label, cost in methods.items()
        ]
        parts.append(
            "<p>CPU seconds of each method in the workers, summed over the folds (work shared "
            "through the run cache and a fresh worker's one-time costs are charged to the "
            "first method that needs them):</p>"
        )
        parts.append(_table(["method", "fit", "rank", "learning curve", "total"], rows, left=1))
    return "".join(parts)


def _counts(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{k}: {v}" for k, v in counts.items()) or "none"
