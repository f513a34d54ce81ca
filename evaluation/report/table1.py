"""Table 1 of an experiment: compact text (what ``wsd evaluate`` prints) and Markdown
(``table1.md``), each with the bounds, the significance of every pairwise difference and the
paper's totals.

Table 1 follows Fujii et al.: per verb the number of examples, the number of senses
(inventory / observed), then the acceptability (graded precision over attempted instances)
of every compared method at each alpha, ``inf`` being exact-match precision.  The random and
MFS baselines are lower-bound columns.  The paper's totals (Japanese, EDR) are printed below
for comparison; they are not comparable number for number (other language, thesaurus, corpus).
"""

from __future__ import annotations

import textwrap

from ..experiment.results import ExperimentResult, VerbRow
from ..significance import format_p_value

__all__ = [
    "PAPER_LABEL",
    "PAPER_TOTALS",
    "paper_table",
    "significance_lines",
    "table1_header",
    "table1_markdown",
    "table1_rows",
    "table1_text",
]

# Fujii, Inui, Tokunaga & Tanaka, Table 1 totals (Japanese, EDR, 10 verbs): alpha -> value.
PAPER_TOTALS: dict[str, dict[str, float]] = {
    "example-based": {"0.5": 0.836, "1": 0.772, "2": 0.714, "inf": 0.640},
    "Yarowsky": {"0.5": 0.779, "1": 0.693, "2": 0.615, "inf": 0.521},
    "MFS": {"0.5": 0.738, "1": 0.634, "2": 0.540, "inf": 0.449},
}
PAPER_LABEL = "Fujii et al. totals (Japanese, EDR; not the same data)"


def _senses(row: VerbRow) -> str:
    return f"{row.senses_inventory}/{row.senses_observed}"


def _cells(row: VerbRow, alphas: tuple[str, ...], labels: tuple[str, ...]) -> list[str]:
    return [f"{row.scores[m][a].precision:.3f}" for a in alphas for m in labels]


def table1_header(result: ExperimentResult) -> list[str]:
    """Column names of Table 1: verb, examples, senses, then every method at every alpha."""
    return ["verb", "examples", "senses"] + [
        f"{m} a={a}" for a in result.alphas for m in result.labels
    ]


def table1_rows(result: ExperimentResult) -> list[list[str]]:
    """Table 1's cells as text, one list per verb and the total last."""
    return [
        [row.verb, str(row.n), _senses(row), *_cells(row, result.alphas, result.labels)]
        for row in (*result.verbs, result.total)
    ]


def _short(value: float) -> str:
    """``0.836 -> ".836"``, ``1.0 -> "1.00"``: the paper's compact cells."""
    text = f"{value:.3f}"
    return text[1:] if text.startswith("0.") else f"{value:.2f}"


def table1_text(result: ExperimentResult) -> str:
    """Table 1 as compact plain text (what ``wsd evaluate`` prints): one column group per
    alpha, methods numbered as in the paper with a legend, then bounds, the paper's totals and
    the significance of every pairwise difference."""
    alphas, labels = result.alphas, result.labels
    numbers = [str(i + 1) for i in range(len(labels))]
    rows = [
        [r.verb, str(r.n), _senses(r)]
        + [_short(r.scores[m][a].precision) for a in alphas for m in labels]
        for r in (*result.verbs, result.total)
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
        "methods: "
        + ", ".join(
            f"{n} = {m}" + (" (ORACLE)" if m in result.oracles else "")
            for n, m in zip(numbers, labels, strict=True)
        ),
        *(f"ORACLE {label}: {what}" for label, what in result.oracles.items()),
        "cells: acceptability (graded precision over attempted instances); precision = exact "
        "match (a=inf); senses = inventory/observed",
        f"lower bounds: {', '.join(result.bounds.lower)}; upper bound: {result.bounds.upper_note}",
        f"paper totals at a=0.5 1 2 inf (Japanese, EDR; not the same data): {paper}",
    ]
    out.append("")
    out += [
        wrapped for note in notes for wrapped in textwrap.wrap(note, 100, subsequent_indent="  ")
    ]
    out.extend(significance_lines(result, compact=True))
    return "\n".join(out) + "\n"


def significance_lines(result: ExperimentResult, *, compact: bool = False) -> list[str]:
    """One line per method pair: the difference of precisions at each alpha (paired
    bootstrap), then McNemar's test on exact match.

    ``*`` marks a difference significant after Holm's adjustment over the table's tests;
    p-values shown are Holm-adjusted.  ``compact`` drops the intervals (the terminal table);
    files keep them.
    """
    lines = []
    if compact and result.significance:
        lines.append(
            "differences of precision (paired bootstrap; * = significant after Holm's "
            "adjustment over the table's tests):"
        )
    for test in result.significance:
        parts = []
        for alpha, boot in test.bootstrap.items():
            mark = "*" if boot.significant else ""
            interval = "" if compact else f" [{boot.low:+.3f}, {boot.high:+.3f}]"
            parts.append(f"a={alpha} {boot.mean_diff:+.3f}{interval}{mark}")
        if test.mcnemar is not None:
            mcnemar = test.mcnemar
            parts.append(
                f"McNemar p {_p_value(mcnemar.p_holm)}{'*' if mcnemar.significant else ''}"
            )
            if not compact:
                parts[-1] += f" ({mcnemar.method}, n={mcnemar.n})"
        lines.append(("  " if compact else "") + f"{test.a} - {test.b}: " + "; ".join(parts))
    return lines


def _p_value(p: float) -> str:
    """``"= 0.0915"``, or ``"< 1e-300"`` for an underflow: never "p = 0"."""
    text = format_p_value(p)
    return text if text.startswith("<") else f"= {text}"


def table1_markdown(result: ExperimentResult) -> str:
    """Table 1 in Markdown, with bounds, significance and the paper's totals."""
    header = table1_header(result)
    config = result.config
    out = [f"# Table 1: {config.name}", ""]
    out.append(
        f"{result.total.n} instances of {len(result.verbs)} verbs, "
        f"{config.cv.folds}-fold cross-validation (seed {config.seed}); "
        "cells are acceptability (graded precision over attempted instances) at each alpha, "
        "a=inf is exact-match precision; senses = inventory/observed."
    )
    out += [f"**ORACLE** {label}: {what}." for label, what in result.oracles.items()]
    out.append("")
    out.append("| " + " | ".join(header) + " |")
    out.append("|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|")
    rows = table1_rows(result)
    for row in rows[:-1]:
        out.append("| " + " | ".join(row) + " |")
    out.append("| " + " | ".join(f"**{cell}**" for cell in rows[-1]) + " |")
    level = 100 * config.evaluation.confidence
    out += ["", "## Bounds", ""]
    out.append(f"- lower: {', '.join(result.bounds.lower)} (columns above)")
    out.append(f"- upper: {result.bounds.upper_note}")
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
    out += [f"- {line}" for line in significance_lines(result)] or ["- (no pairs)"]
    out += ["", f"## {PAPER_LABEL}", ""]
    paper_header, paper_rows = paper_table()
    out.append("| " + " | ".join(paper_header) + " |")
    out.append("|---|" + "---:|" * (len(paper_header) - 1))
    out += ["| " + " | ".join(row) + " |" for row in paper_rows]
    out.append("")
    return "\n".join(out)


def paper_table() -> tuple[list[str], list[list[str]]]:
    """The paper's totals as a header and rows of text."""
    alphas = ["0.5", "1", "2", "inf"]
    rows = [[m, *(f"{v[a]:.3f}" for a in alphas)] for m, v in PAPER_TOTALS.items()]
    return ["method", *(f"a={a}" for a in alphas)], rows
