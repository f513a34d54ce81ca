"""The two tables every report opens with, as a header and rows of text: Table 1 in the
paper's layout (a row per alpha, a column per method) and the headline breakdown as WSD
papers report it (systems as rows; datasets, parts of speech, first sense, unseen sense and
ALL as columns; F1 with its interval; then F1 macro-averaged over the gold senses, strict
beside lenient when an instance has several) with the notes of breakdowns that are not
available.
"""

from __future__ import annotations

from evaluation.experiment.per_sense import graded_headline
from evaluation.experiment.results import ExperimentResult, GroupRow, Intervals, SenseMacro

__all__ = [
    "UNDEFINED",
    "alpha_note",
    "alpha_table",
    "breakdown_notes",
    "fixed",
    "graded_on",
    "headline_alpha",
    "headline_table",
    "headline_title",
    "short",
]

BREAKDOWN_ORDER = ("dataset", "pos", "first sense", "unseen")
POS_OF_GROUP = {"nouns": "noun", "verbs": "verb", "adjectives": "adj", "adverbs": "adv"}


UNDEFINED = "undefined"  # a precision with nothing attempted (0/0), in every table


def short(value: float | None) -> str:
    """``0.836 -> ".836"``, ``1.0 -> "1.00"``: the paper's compact cells; ``None`` (an
    undefined precision) is :data:`UNDEFINED`."""
    if value is None:
        return UNDEFINED
    text = f"{value:.3f}"
    return text[1:] if text.startswith("0.") else f"{value:.2f}"


def fixed(value: float | None) -> str:
    """``0.8361 -> "0.836"``: the totals' cells; ``None`` is :data:`UNDEFINED`."""
    return UNDEFINED if value is None else f"{value:.3f}"


def alpha_table(result: ExperimentResult) -> tuple[list[str], list[list[str]]]:
    """Table 1 in the paper's layout; each cell the precision and its interval, if any."""
    header = ["alpha", *result.labels]
    rows = []
    for alpha in result.alphas:
        cells = ["inf (precision)" if alpha == "inf" else alpha]
        for label in result.labels:
            value = short(result.total.scores[label][alpha].precision)
            if result.intervals is not None:
                value += _bracket(result.intervals.total[label][alpha].precision)
            cells.append(value)
        rows.append(cells)
    return header, rows


def _bracket(bounds: tuple[float, float] | None) -> str:
    """`` [low, high]`` of an interval, nothing for an undefined one."""
    return "" if bounds is None else f" [{short(bounds[0])}, {short(bounds[1])}]"


def headline_alpha(result: ExperimentResult) -> str | None:
    """The headline's graded alpha: the applicability alpha if scored, else the smallest
    finite one; ``None`` for exact match only."""
    return graded_headline(result.alphas, result.config.evaluation.applicability_alpha)


def _columns(result: ExperimentResult) -> list[tuple[str, GroupRow | None]]:
    """The headline's columns: the groups of breakdowns of several groups, then ALL
    (``None``)."""
    by_name = {b.name: b for b in result.breakdowns}
    columns: list[tuple[str, GroupRow | None]] = []
    for name in BREAKDOWN_ORDER:
        if name in by_name and len(by_name[name].rows) > 1:
            columns += [(row.group, row) for row in by_name[name].rows]
    return [*columns, ("ALL", None)]


def _f1(scores_f1: float, intervals: Intervals | None, label: str, alpha: str) -> str:
    text = short(scores_f1)
    if intervals is not None:
        low, high = intervals.total[label][alpha].f1
        text += f" ±{short((high - low) / 2)}"
    return text


def _macro_variants(result: ExperimentResult) -> list[str]:
    """The macro columns' variants: ``lenient``, and ``strict`` when an instance has several
    gold senses (else both are the same); none without per-sense scores."""
    if not result.per_sense:
        return []
    several = any(len(set(keys)) > 1 for keys in result.per_instance.gold)
    return ["lenient", "strict"] if several else ["lenient"]


def _macro_f1(macro: SenseMacro) -> str:
    text = short(macro.f1)
    if macro.interval is not None:
        low, high = macro.interval.f1
        text += f" ±{short((high - low) / 2)}"
    return text


def headline_table(result: ExperimentResult, alpha: str) -> tuple[list[str], list[list[str]]]:
    """The headline breakdown at ``alpha``; the first row holds each column's instances (the
    macro columns' gold senses)."""
    columns = _columns(result)
    variants = _macro_variants(result)
    header = ["system"] + [title for title, _ in columns]
    header += [f"macro F1{' ' + v if v == 'strict' else ''}" for v in variants]
    rows = [["n"] + [f"{(row.n if row is not None else result.total.n):,}" for _, row in columns]]
    first = next(iter(result.per_sense.values()), {})
    rows[0] += [f"{first[alpha][v].senses:,} senses" for v in variants]
    for label in result.labels:
        cells = [label]
        for _, row in columns:
            if row is None:
                scores, intervals = result.total.scores[label], result.intervals
            else:
                scores, intervals = row.scores[label], row.intervals
            cells.append(_f1(scores[alpha].f1, intervals, label, alpha))
        cells += [_macro_f1(result.per_sense[label][alpha][v]) for v in variants]
        rows.append(cells)
    return header, rows


def headline_title(result: ExperimentResult, alpha: str) -> str:
    """What the headline table at ``alpha`` shows."""
    level = ""
    if result.intervals is not None:
        level = f", ± half the {100 * result.intervals.confidence:g}% bootstrap interval"
    what = "exact match" if alpha == "inf" else f"graded, alpha = {alpha}"
    macro = ", and macro F1 over the gold senses" if result.per_sense else ""
    return f"F1 per dataset, part of speech, first sense and unseen sense{macro} ({what}{level})"


def breakdown_notes(result: ExperimentResult) -> list[str]:
    """One line per breakdown that has no rows, saying why (``unseen: not available: ...``)."""
    return [f"{b.name}: {b.note}" for b in result.breakdowns if b.note and not b.rows]


def alpha_note(result: ExperimentResult) -> str:
    """The sentence under :func:`alpha_table`."""
    level = ""
    if result.intervals is not None:
        level = f", with {100 * result.intervals.confidence:g}% bootstrap intervals"
    return (
        "Graded precision over attempted instances at each alpha (inf: exact-match "
        f"precision){level}; {graded_on(result)}."
    )


def graded_on(result: ExperimentResult) -> str:
    """Which thesaurus graded each part of speech the instances have (or exact match)."""
    described = result.config.evaluation.thesauri.described()
    groups = [row.group for b in result.breakdowns if b.name == "pos" for row in b.rows]
    parts = []
    for group in groups:
        pos = POS_OF_GROUP.get(group)
        spec = described[pos] if pos is not None else described["verb"]
        parts.append(f"{group} {spec}")
    return "graded on: " + ", ".join(parts) if parts else ""
