"""Table 1 of an experiment (Fujii et al.: per verb the examples, the senses and every
method's acceptability at each alpha) as text (what ``wsd evaluate`` and ``wsd compare``
print) and Markdown (``table1.md``), with totals, intervals, bounds, significance and, for a
cross-validation, the paper's totals.
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections.abc import Mapping, Sequence

from evaluation.experiment.results import (
    ComparisonResult,
    CrossValidationResult,
    ExperimentResult,
    VerbRow,
)
from evaluation.report._markdown import markdown_table as _markdown_table
from evaluation.report.headline import (
    alpha_note,
    alpha_table,
    breakdown_notes,
    fixed,
    graded_on,
    headline_alpha,
    headline_table,
    headline_title,
    short,
)
from evaluation.report.pairs import (
    significance_lines,
    significance_markdown,
    significance_text,
    stars_legend,
)
from evaluation.words import Word, word_name

__all__ = [
    "PAPER_LABEL",
    "PAPER_TOTALS",
    "inputs_table",
    "paper_table",
    "shown_verbs",
    "significance_lines",
    "stars_legend",
    "table1_header",
    "table1_markdown",
    "table1_rows",
    "table1_text",
    "totals_rows",
    "totals_text",
    "with_paper_totals",
]

# Fujii, Inui, Tokunaga & Tanaka, Table 1 totals (Japanese, EDR, 10 verbs): alpha -> value.
PAPER_TOTALS: dict[str, dict[str, float]] = {
    "example-based": {"0.5": 0.836, "1": 0.772, "2": 0.714, "inf": 0.640},
    "Yarowsky": {"0.5": 0.779, "1": 0.693, "2": 0.615, "inf": 0.521},
    "MFS": {"0.5": 0.738, "1": 0.634, "2": 0.540, "inf": 0.449},
}
PAPER_LABEL = "Fujii et al. totals (Japanese, EDR; not the same data)"


def _width(text: str) -> int:
    """Columns ``text`` takes in a terminal: East Asian wide characters take two (使う: 4)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int, right: bool = False) -> str:
    """``text`` padded to ``width`` terminal columns (left-aligned unless ``right``)."""
    fill = " " * max(0, width - _width(text))
    return fill + text if right else text + fill


def _senses(row: VerbRow) -> str:
    return f"{row.senses_inventory}/{row.senses_observed}"


def _cells(row: VerbRow, alphas: tuple[str, ...], labels: tuple[str, ...]) -> list[str]:
    return [fixed(row.scores[m][a].precision) for a in alphas for m in labels]


def shown_verbs(result: ExperimentResult, limit: int | None) -> tuple[VerbRow, ...]:
    """All verb rows (sorted) when at most ``limit``, else the ``limit`` biggest, biggest first."""
    if limit is None or len(result.verbs) <= limit:
        return result.verbs
    return tuple(sorted(result.verbs, key=lambda r: (-r.n, r.verb))[:limit])


def row_name(result: ExperimentResult, row: VerbRow) -> str:
    """A word row's name, with the part-of-speech letter among several (``bank.n``)."""
    if row is result.total:
        return row.verb
    return word_name(Word(row.verb, row.pos or ""), len({r.pos for r in result.verbs}) > 1)


def table1_header(result: ExperimentResult) -> list[str]:
    """Column names of the per-lemma table."""
    first = "verb" if {r.pos for r in result.verbs} <= {"verb", None} else "lemma"
    return [first, "examples", "senses"] + [
        f"{m} a={a}" for a in result.alphas for m in result.labels
    ]


def table1_rows(
    result: ExperimentResult, limit: int | None = None, alphas: tuple[str, ...] | None = None
) -> list[list[str]]:
    """Table 1's cells as text, one list per shown verb, the total last."""
    shown = result.alphas if alphas is None else alphas
    return [
        [row_name(result, row), str(row.n), _senses(row), *_cells(row, shown, result.labels)]
        for row in (*shown_verbs(result, limit), result.total)
    ]


def _left_out_note(result: ExperimentResult, limit: int | None) -> list[str]:
    shown = len(shown_verbs(result, limit))
    if shown == len(result.verbs):
        return []
    return [f"({len(result.verbs) - shown} verbs with fewer instances not shown: per_verb.csv)"]


TERMINAL_WIDTH = 100  # the terminal's Table 1 is cut into blocks of columns this wide


def _aligned_text(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """A table as aligned text lines: the first column left-aligned, the others right."""
    table = [list(header), *(list(r) for r in rows)]
    widths = [max(_width(r[i]) for r in table) for i in range(len(header))]
    return [
        "  ".join(
            _pad(cell, width, right=i > 0)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in table
    ]


def headline_text(result: ExperimentResult) -> list[str]:
    """The terminal's opening: Table 1 (in blocks at most :data:`TERMINAL_WIDTH` wide) and the
    headline breakdown."""
    header, rows = with_paper_totals(result)
    out = [f"Table 1: acceptability at each alpha ({graded_on(result)})"]
    widths = [max(_width(r[i]) for r in [header, *rows]) + 2 for i in range(len(header))]
    start = 1
    while start < len(header):
        stop, used = start + 1, widths[0] + widths[start]
        while stop < len(header) and used + widths[stop] <= TERMINAL_WIDTH:
            used += widths[stop]
            stop += 1
        columns = [0, *range(start, stop)]
        out += _aligned_text([header[i] for i in columns], [[r[i] for i in columns] for r in rows])
        start = stop
    for alpha in dict.fromkeys(["inf", headline_alpha(result) or "inf"]):
        header, rows = headline_table(result, alpha)
        plain = [[cell.split(" ")[0] for cell in row] for row in rows]
        out += ["", headline_title(result, alpha).split(", ±")[0] + ")"]
        out += _aligned_text(header, plain)
    return out + breakdown_notes(result)


def _lemma_table(
    result: ExperimentResult, limit: int | None, numbers: list[str], first: str
) -> list[str]:
    """The lines of the per-lemma table: precision by alpha, a column per method."""
    alphas, labels = result.alphas, result.labels
    rows = [
        [row_name(result, r), str(r.n), _senses(r)]
        + [short(r.scores[m][a].precision) for a in alphas for m in labels]
        for r in (*shown_verbs(result, limit), result.total)
    ]
    lead = [max(_width(r[i]) for r in [[first, "n", "senses"], *rows]) for i in range(3)]
    cell = max(4, *(len(n) for n in numbers), *(len(c) for r in rows for c in r[3:]))
    group = len(labels) * (cell + 1) - 1

    def line(first: list[str], cells: list[str]) -> str:
        head = f"{_pad(first[0], lead[0])}  {first[1]:>{lead[1]}}  {first[2]:>{lead[2]}}"
        chunks = [
            " ".join(f"{c:>{cell}}" for c in cells[k : k + len(labels)])
            for k in range(0, len(cells), len(labels))
        ]
        return (head + "  " + "  ".join(chunks)).rstrip()

    titles = [f"a={a}" if a != "inf" else "precision" for a in alphas]
    top = " " * (sum(lead) + 4) + "  " + "  ".join(f"{t:^{group}}" for t in titles)
    table = [top.rstrip(), line([first, "n", "senses"], numbers * len(alphas))]
    rule = "-" * len(table[1])
    table.insert(1, rule)
    table += [line(r[:3], r[3:]) for r in rows[:-1]] + [rule, line(rows[-1][:3], rows[-1][3:])]
    return table


def table1_text(result: ExperimentResult, *, limit: int | None = None) -> str:
    """What ``wsd evaluate`` and ``wsd compare`` print.

    :func:`headline_text`, significance, the per-lemma table, the notes on methods, bounds
    and the paper's totals (a cross-validation), then the totals.

    Parameters
    ----------
    result : ExperimentResult
        The result.
    limit : int or None, default=None
        At most this many lemma rows, the biggest (:func:`shown_verbs`); ``None``: all.

    Returns
    -------
    str
        The text, ending in a newline.
    """
    labels = result.labels
    numbers = [str(i + 1) for i in range(len(labels))]
    first = table1_header(result)[0]
    out = [*headline_text(result)]
    if result.significance:
        title = "differences of precision (paired t-test; McNemar on exact match); "
        out += ["", *textwrap.wrap(title + stars_legend(result), 100, subsequent_indent="  ")]
        out += significance_text(result)
    table = _lemma_table(result, limit, numbers, first)
    out += ["", "per lemma:" if first == "lemma" else "per verb:", *table]
    oracles = oracles_of(result)
    notes = [
        *_left_out_note(result, limit),
        "methods: "
        + ", ".join(
            f"{n} = {m}" + (" (ORACLE)" if m in oracles else "")
            for n, m in zip(numbers, labels, strict=True)
        ),
        *(f"ORACLE {label}: {what}" for label, what in oracles.items()),
        *filter(None, [examples_line(result)]),
        "cells: acceptability (graded precision over attempted instances); precision = exact "
        "match (a=inf); senses = inventory/observed",
    ]
    if isinstance(result, CrossValidationResult):
        paper = "; ".join(
            f"{name} " + " ".join(short(v[a]) for a in ("0.5", "1", "2", "inf"))
            for name, v in PAPER_TOTALS.items()
        )
        notes += [
            f"lower bounds: {', '.join(result.bounds.lower)}; upper bound: "
            f"{result.bounds.upper_note}",
            f"paper totals at a=0.5 1 2 inf (Japanese, EDR; not the same data): {paper}",
        ]
    out.append("")
    out += [w for note in notes for w in textwrap.wrap(note, 100, subsequent_indent="  ")]
    out += ["", *totals_text(result)]
    return "\n".join(out) + "\n"


MAX_TABLE_ROWS = 40  # a longer table shows its main rows; the CSV beside it has them all


def totals_alphas(result: ExperimentResult) -> tuple[str, ...]:
    """The alphas of the totals table: all, or exact match and the headline alpha beyond
    :data:`MAX_TABLE_ROWS` rows."""
    if len(result.labels) * len(result.alphas) <= MAX_TABLE_ROWS:
        return result.alphas
    return tuple(a for a in result.alphas if a in ("inf", headline_alpha(result)))


TOTALS_HEADER = ["method", "alpha", "precision", "interval", "recall", "interval", "F1", "coverage"]


def totals_rows(result: ExperimentResult) -> list[list[str]]:
    """Per method and alpha (:func:`totals_alphas`): precision, recall, F1 and coverage."""
    rows = []
    intervals = result.intervals
    for label, scores in result.total.scores.items():
        for alpha in totals_alphas(result):
            s = scores[alpha]
            cells = [label, alpha, fixed(s.precision), "", f"{s.recall:.3f}", ""]
            if intervals is not None:
                bounds = intervals.total[label][alpha]
                if bounds.precision is not None:
                    cells[3] = "[{:.3f}, {:.3f}]".format(*bounds.precision)
                cells[5] = "[{:.3f}, {:.3f}]".format(*bounds.recall)
            rows.append([*cells, f"{s.f1:.3f}", f"{s.coverage:.3f}"])
    return rows


def _interval_title(result: ExperimentResult) -> str:
    shown = totals_alphas(result)
    some = "" if shown == result.alphas else f" at alpha {' and '.join(shown)} (all: totals.csv)"
    if result.intervals is None:
        return f"totals{some} (no bootstrap: evaluation.bootstrap = 0)"
    level = 100 * result.intervals.confidence
    return (
        f"totals{some} with {level:g}% bootstrap intervals ({result.intervals.n_resamples} "
        "resamples of the instances)"
    )


def totals_text(result: ExperimentResult) -> list[str]:
    """The totals block of :func:`table1_text`: :func:`totals_rows` aligned.

    Parameters
    ----------
    result : ExperimentResult
        The result.

    Returns
    -------
    list of str
        A title line, then the indented rows.
    """
    lines = _aligned_text(TOTALS_HEADER, totals_rows(result))
    return [f"{_interval_title(result)}:", *("  " + line for line in lines)]


MARKDOWN_LEMMAS = 40  # lemma rows of table1.md (the most frequent); every lemma in per_verb.csv


def table1_markdown(result: ExperimentResult, figures: Sequence[str] = ()) -> str:
    """The report in Markdown (``table1.md``).

    Table 1, the headline breakdown, the figures, significance, totals, the
    :data:`MARKDOWN_LEMMAS` biggest lemmas, then the key files (a comparison) or the bounds
    and the paper's totals.

    Parameters
    ----------
    result : ExperimentResult
        The result.
    figures : sequence of str, default=()
        Names of the figures, linked as ``NAME.png``.

    Returns
    -------
    str
        The Markdown document, ending in a newline.
    """
    out = [f"# {title_of(result)}: {result.name}", "", f"{result.setup}."]
    out += [f"**ORACLE** {label}: {what}." for label, what in oracles_of(result).items()]
    out += [f"{line[0].upper()}{line[1:]}." for line in filter(None, [examples_line(result)])]
    out += [f"**Warning**: {note}" for note in result.warnings]
    out += ["", "## Table 1: acceptability at each alpha", ""]
    out += [alpha_note(result), ""]
    header, rows = with_paper_totals(result)
    out += _markdown_table(header, rows)
    for alpha in dict.fromkeys(["inf", headline_alpha(result) or "inf"]):
        out += ["", f"## {headline_title(result, alpha)}", ""]
        out += _markdown_table(*headline_table(result, alpha))
    for note in breakdown_notes(result):
        out += ["", f"{note}."]
    if figures:
        out += ["", "## Figures", ""]
        out += [f"![{name}]({name}.png)" for name in figures]
    out += ["", *significance_markdown(result)]
    out += ["", f"## {_interval_title(result).capitalize()}", ""]
    out += _markdown_table(TOTALS_HEADER, totals_rows(result))
    shown = min(len(result.verbs), MARKDOWN_LEMMAS)
    out += ["", f"## Per lemma ({_lemma_note(result, shown)})", ""]
    out += ["Cells are acceptability at each alpha; senses = inventory/observed.", ""]
    out += _markdown_table(
        table1_header(result), table1_rows(result, limit=MARKDOWN_LEMMAS), bold_last=True
    )
    if isinstance(result, ComparisonResult):
        out += ["", "## Key files", ""]
        out += _markdown_table(*inputs_table(result))
    elif isinstance(result, CrossValidationResult):
        out += ["", "## Bounds", ""]
        out += [f"- lower: {', '.join(result.bounds.lower)} (columns above)"]
        out += [f"- upper: {result.bounds.upper_note}", "", f"## {PAPER_LABEL}", ""]
        out += _markdown_table(*paper_table())
    out.append("")
    return "\n".join(out)


def _lemma_note(result: ExperimentResult, shown: int) -> str:
    if shown == len(result.verbs):
        return f"{len(result.verbs)} lemmas"
    return f"the {shown} most frequent of {len(result.verbs):,} lemmas; all in per_verb.csv"


def with_paper_totals(result: ExperimentResult) -> tuple[list[str], list[list[str]]]:
    """Table 1 (:func:`~evaluation.report.headline.alpha_table`), for a cross-validation with
    the paper's totals beside it (Japanese, EDR: not the same data)."""
    header, rows = alpha_table(result)
    if not isinstance(result, CrossValidationResult):
        return header, rows
    paper = [
        "/".join(short(PAPER_TOTALS[name][row[0].split()[0]]) for name in PAPER_TOTALS)
        if row[0].split()[0] in PAPER_TOTALS["MFS"]
        else ""
        for row in rows
    ]
    return [*header, "paper: (1)/(2)/(3)"], [
        [*row, cell] for row, cell in zip(rows, paper, strict=True)
    ]


def title_of(result: ExperimentResult) -> str:
    """A report's title: ``Table 1`` (a cross-validation) or ``Comparison``."""
    return "Comparison" if isinstance(result, ComparisonResult) else "Table 1"


def examples_line(result: ExperimentResult) -> str | None:
    """Which examples the methods learnt from (None for a comparison of key files)."""
    examples = result.examples if isinstance(result, CrossValidationResult) else {}
    if not examples:
        return None
    if set(examples.values()) == {"corpus"}:
        return "examples: the training corpus's only (no thesaurus examples, back-off or frames)"
    return "examples: " + "; ".join(f"{label} = {what}" for label, what in examples.items())


def oracles_of(result: ExperimentResult) -> Mapping[str, str]:
    """The methods in an oracle setting and the gold each reads (none in a comparison)."""
    return result.oracles if isinstance(result, CrossValidationResult) else {}


def inputs_table(result: ComparisonResult) -> tuple[list[str], list[list[str]]]:
    """A comparison's key files: what each holds and what was left out."""
    header = [
        "system",
        "file",
        "lines",
        "format",
        "several keys",
        "not in gold",
        "gold not answered",
    ]
    rows = [
        [
            s.label,
            s.path,
            str(s.lines),
            ("ranked (key:score)" if s.ranked else "plain")
            + (" + confidence" if s.confidence else ""),
            f"{s.lines_with_several_keys} lines, scored: {s.several_keys}",
            str(s.not_in_gold),
            str(s.unanswered),
        ]
        for s in result.systems
    ]
    return header, rows


def paper_table() -> tuple[list[str], list[list[str]]]:
    """The paper's totals as a header and rows of text."""
    alphas = ["0.5", "1", "2", "inf"]
    rows = [[m, *(f"{v[a]:.3f}" for a in alphas)] for m, v in PAPER_TOTALS.items()]
    return ["method", *(f"a={a}" for a in alphas)], rows
