"""The significance of every pairwise difference (:mod:`evaluation.experiment.pairwise`) for
reports: a list of pairs for a few methods, a methods x methods matrix per alpha for many
(:func:`difference_matrix`), and the legend of the stars.
"""

from __future__ import annotations

from collections.abc import Sequence

from evaluation.experiment.results import ExperimentResult
from evaluation.report._markdown import markdown_table
from evaluation.report.headline import UNDEFINED
from evaluation.significance import format_p_value

__all__ = [
    "LIST_UP_TO",
    "alpha_title",
    "difference_matrix",
    "mcnemar_summary",
    "significance_lines",
    "significance_markdown",
    "significance_note",
    "significance_text",
    "stars_legend",
    "use_matrix",
]

LIST_UP_TO = 4  # methods whose pairs (6 at most) are listed; more: a matrix per alpha


def use_matrix(result: ExperimentResult) -> bool:
    """Whether reports show the pairs as matrices (more than :data:`LIST_UP_TO` methods)."""
    return len(result.labels) > LIST_UP_TO


def stars_legend(result: ExperimentResult) -> str:
    """What ``*`` means, in every legend: the Holm-adjusted p-value, not the interval."""
    level = 1 - result.config.evaluation.confidence
    return (
        f"* = Holm-adjusted p-value below {level:g} (the paired t-tests adjusted over every "
        "pair at every alpha, McNemar's tests over the pairs)"
    )


def significance_note(result: ExperimentResult) -> str:
    """The sentence above the pairs of a report: which tests, interval and adjustment."""
    intervals = result.intervals
    interval = (
        f"a {100 * intervals.confidence:g}% paired bootstrap interval ({intervals.n_resamples} "
        "resamples of the instances)"
        if intervals is not None
        else "no interval (evaluation.bootstrap = 0)"
    )
    return (
        "Differences of precision (acceptability) between every two methods at each alpha, "
        f"on the same instances: paired t-test on the per-instance differences, {interval}; "
        "McNemar's test on exact match over the instances both attempted.  "
        f"{stars_legend(result)}."
    )


def alpha_title(alpha: str) -> str:
    """``"a=0.5"``, or ``"exact match (a=inf)"``."""
    return "exact match (a=inf)" if alpha == "inf" else f"a={alpha}"


def _signed(value: float) -> str:
    """A difference as Table 1 writes its cells, signed.

    >>> [_signed(v) for v in (0.0142, -0.19, 1.0, -0.0001)]
    ['+.014', '-.190', '+1.000', '.000']
    """
    text = f"{value:+.3f}"
    if text in ("+0.000", "-0.000"):
        return ".000"
    return text[0] + text[2:] if text[1:3] == "0." else text


def difference_matrix(result: ExperimentResult, alpha: str) -> tuple[list[str], list[list[str]]]:
    """The methods x methods matrix of differences of precision at one alpha.

    Parameters
    ----------
    result : ExperimentResult
        The result; methods in Table 1's order and numbers.
    alpha : str
        One of ``result.alphas``.

    Returns
    -------
    header : list of str
        ``""`` then the method numbers.
    rows : list of list of str
        One per method: its number and label, then each cell row minus column (``*`` when
        significant; empty on the diagonal; undefined when either precision is).
    """
    labels = result.labels
    scores = result.total.scores
    tests = {(t.a, t.b): t.difference[alpha] for t in result.significance if alpha in t.difference}
    rows = []
    for i, row in enumerate(labels):
        cells = [f"{i + 1} {row}"]
        for column in labels:
            if column == row:
                cells.append("")
                continue
            test = tests.get((row, column)) or tests.get((column, row))
            mine, theirs = scores[row][alpha].precision, scores[column][alpha].precision
            if mine is None or theirs is None:
                cells.append(UNDEFINED)
                continue
            cells.append(
                _signed(mine - theirs) + ("*" if test is not None and test.significant else "")
            )
        rows.append(cells)
    return ["", *(str(i + 1) for i in range(len(labels)))], rows


def mcnemar_summary(result: ExperimentResult) -> str | None:
    """How many pairs McNemar's test finds significant (``None`` without the test)."""
    tests = [t.mcnemar for t in result.significance if t.mcnemar is not None]
    if not tests:
        return None
    found = sum(t.significant for t in tests)
    return f"McNemar's test on exact match: {found} of {len(tests)} pairs significant after Holm"


def _p(p: float) -> str:
    """``"= 0.0915"``, or ``"< 1e-300"`` for an underflow: never "p = 0"."""
    text = format_p_value(p)
    return text if text.startswith("<") else f"= {text}"


def significance_lines(result: ExperimentResult, *, compact: bool = False) -> list[str]:
    """One line per method pair: each alpha's difference, then McNemar's test.

    Parameters
    ----------
    result : ExperimentResult
        The result.
    compact : bool, default=False
        Leave out the intervals, t and McNemar's method and n, and indent each line.

    Returns
    -------
    list of str
        ``"a - b: ..."`` per pair, with differences and Holm-adjusted p-values.
    """
    lines = []
    for test in result.significance:
        parts = []
        for alpha, d in test.difference.items():
            mark = "*" if d.significant else ""
            detail = ""
            if not compact:
                if d.low is not None and d.high is not None:
                    detail += f" [{_signed(d.low)}, {_signed(d.high)}]"
                detail += f" t = {d.t:.3g}"
            parts.append(f"a={alpha} {_signed(d.mean_diff)}{detail} p(Holm) {_p(d.p_holm)}{mark}")
        if test.mcnemar is not None:
            m = test.mcnemar
            parts.append(f"McNemar p(Holm) {_p(m.p_holm)}{'*' if m.significant else ''}")
            if not compact:
                parts[-1] += f" ({m.method}, n={m.n})"
        undefined = [m for m in (test.a, test.b) if _undefined(result, m)]
        if undefined:
            verb = "is" if len(undefined) == 1 else "are"
            parts.insert(
                0, f"no difference: precision of {' and '.join(undefined)} {verb} {UNDEFINED}"
            )
        elif not parts:
            parts.append("no test (fewer than 2 instances)")
        lines.append(("  " if compact else "") + f"{test.a} - {test.b}: " + "; ".join(parts))
    return lines


def _undefined(result: ExperimentResult, label: str) -> bool:
    """Whether ``label``'s precision is undefined (it attempted nothing)."""
    return result.total.scores[label][result.alphas[0]].precision is None


def _aligned(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """A matrix as text, the cells right-aligned on their digits."""
    numbered = [r[0].split(" ", 1) for r in rows]
    digits = max(len(number) for number, _ in numbered)
    labels = [f"{number:>{digits}} {name}" for number, name in numbered]
    lead = max(len(label) for label in labels)
    cells = [[h + " " for h in header[1:]]]
    cells += [[c if c.endswith("*") or not c else c + " " for c in r[1:]] for r in rows]
    width = max(len(c) for r in cells for c in r)
    return [
        ("  " + label.ljust(lead) + "".join(f" {c:>{width}}" for c in r)).rstrip()
        for label, r in zip(["", *labels], cells, strict=True)
    ]


def significance_text(result: ExperimentResult) -> list[str]:
    """The terminal's significance block.

    Parameters
    ----------
    result : ExperimentResult
        The result.

    Returns
    -------
    list of str
        The compact pairs (up to :data:`LIST_UP_TO` methods), or one matrix per alpha and
        McNemar's summary; empty without pairs.
    """
    if not result.significance:
        return []
    if not use_matrix(result):
        return significance_lines(result, compact=True)
    out: list[str] = []
    for alpha in result.alphas:
        out += [
            f"{alpha_title(alpha)}, row - column:",
            *_aligned(*difference_matrix(result, alpha)),
        ]
    summary, tail = mcnemar_summary(result), "every test in significance.csv"
    return [*out, f"{summary}; {tail}" if summary else tail]


def significance_markdown(result: ExperimentResult) -> list[str]:
    """The ``## Significance`` section of ``table1.md``.

    Parameters
    ----------
    result : ExperimentResult
        The result.

    Returns
    -------
    list of str
        Markdown lines: the note on the tests, then the pairs (up to :data:`LIST_UP_TO`
        methods) or one matrix per alpha.
    """
    out = ["## Significance", "", significance_note(result), ""]
    if not result.significance:
        return [*out, "- (no pairs)"]
    if not use_matrix(result):
        return out + [f"- {line}" for line in significance_lines(result)]
    for alpha in result.alphas:
        out += [f"{alpha_title(alpha)}, row minus column:", ""]
        out += [*markdown_table(*difference_matrix(result, alpha)), ""]
    summary = mcnemar_summary(result)
    tail = "every pair with its interval, t, df and p-values: `significance.csv`."
    out.append(f"{summary}; {tail}" if summary else tail.capitalize())
    return out
