"""The instance browser's view as terms, the same in the page's address
(``instances.html#pos=verb&all-wrong``) and on the command line (``--where pos=verb all-wrong``,
with ``--instances-out FILE``): what the page shows, a script gets.

Every filter term must hold (a term may repeat):

==========================  =====================================================================
``dataset=NAME``            the instances of that dataset
``pos=P``                   of that part of speech: ``noun``, ``verb``, ``adj``, ``adv``, ``other``
``lemma=PATTERN``           of that lemma, ``*`` standing for any letters (``look_*``); case ignored
``first-sense``             whose gold holds WordNet's first sense of the lemma
``not-first-sense``         whose gold does not (an unknown lemma is neither)
``seen-sense``              (also ``unseen-sense``, ``unseen-verb``) the unseen breakdown's group
``disagree``                on which the methods' answers are not all the same
``all-wrong``, ``all-right`` on which no method / every method is right
``right=M``, ``wrong=M``    on which method ``M`` is right / is not (an abstention is not right)
``only-right=M``            on which ``M`` is right and every other method is not
``near-miss=M``             on which ``M`` is not right but earns credit at the alpha
``abstains=M``              on which ``M`` gave no answer
==========================  =====================================================================

Two terms set the view: ``alpha=A`` (the alpha of ``near-miss``, of sorting by credit and of
the page's colours; default the headline's) and ``sort=ORDER``: ``lemma`` (the report's order,
the default), ``id``, ``right`` (how many methods are right), ``credit`` (the methods' mean
credit) or ``credit:M`` (method ``M``'s), ascending, or descending after a ``-``
(``sort=-right``); ties keep the report's order.  In the address the terms are joined by
``&`` and percent-encoded; the command line takes them as words, and decodes them too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import quote, unquote

from evaluation._exceptions import EvaluationError
from evaluation.report.browser.table import PARTS, InstanceTable

__all__ = ["FLAGS", "SYSTEM_TERMS", "VALUE_TERMS", "Where", "parse_where", "select"]

FIRST = {"first-sense": "first sense", "not-first-sense": "not first sense"}
UNSEEN = {"seen-sense": "seen sense", "unseen-sense": "unseen sense", "unseen-verb": "unseen verb"}
FLAGS = (*FIRST, *UNSEEN, "disagree", "all-wrong", "all-right")
SYSTEM_TERMS = ("right", "wrong", "only-right", "near-miss", "abstains")
VALUE_TERMS = ("dataset", "pos", "lemma", *SYSTEM_TERMS, "alpha", "sort")
SORTS = ("lemma", "id", "right", "credit")


@dataclass(frozen=True)
class Where:
    """Parsed terms (:func:`parse_where`): ``(name, value)``, ``value`` ``None`` for a flag."""

    terms: tuple[tuple[str, str | None], ...] = ()

    def values(self, name: str) -> list[str]:
        return [v for n, v in self.terms if n == name and v is not None]

    def words(self) -> list[str]:
        """The terms as command-line words (``pos=verb``, ``all-wrong``)."""
        return [name if value is None else f"{name}={value}" for name, value in self.terms]

    def address(self) -> str:
        """The terms as the page's address fragment (``pos=verb&all-wrong``)."""
        return "&".join(quote(word, safe="=:*-") for word in self.words())

    def check(self, labels: Sequence[str], alphas: Sequence[str] | None = None) -> None:
        """:class:`EvaluationError` for a method or alpha the experiment does not have."""
        for name, value in self.terms:
            if value is not None and (name in SYSTEM_TERMS or (name == "sort" and ":" in value)):
                label = value.split(":", 1)[1] if name == "sort" else value
                if label not in labels:
                    raise EvaluationError(
                        f"--where {name}={value}: no method {label!r} (have: {', '.join(labels)})"
                    )
            if name == "alpha" and alphas is not None and value not in alphas:
                raise EvaluationError(
                    f"--where alpha={value}: not scored (have: {', '.join(alphas)})"
                )

    def check_table(self, table: InstanceTable) -> None:
        """:meth:`check`, and :class:`EvaluationError` for a dataset the instances do not
        have or an unseen group without training data."""
        self.check(table.systems, table.alphas)
        datasets = sorted(set(table.datasets) - {""})
        for value in self.values("dataset"):
            if value not in datasets:
                have = ", ".join(datasets) or "none: the instance ids name no dataset"
                raise EvaluationError(f"--where dataset={value}: no such dataset (have: {have})")
        if table.unseen is None:
            for name, _ in self.terms:
                if name in UNSEEN:
                    raise EvaluationError(
                        f"--where {name}: the unseen breakdown needs the training data "
                        "(--train-keys FILE)"
                    )


def parse_where(words: Sequence[str]) -> Where:
    """The terms of ``words`` (each one or several joined by ``&``, percent-encoded or not);
    :class:`EvaluationError` naming a term that is not one (module docstring).

    >>> parse_where(["pos=verb&all-wrong", "right=ims"]).words()
    ['pos=verb', 'all-wrong', 'right=ims']
    >>> parse_where(["sort=-credit:my%20system"]).terms
    (('sort', '-credit:my system'),)
    """
    terms: list[tuple[str, str | None]] = []
    for word in words:
        for part in word.split("&"):
            text = unquote(part.strip())
            if text:
                terms.append(_term(text))
    for once in ("alpha", "sort"):
        if sum(1 for name, _ in terms if name == once) > 1:
            raise EvaluationError(f"--where: {once}= is given twice")
    return Where(tuple(terms))


def _term(text: str) -> tuple[str, str | None]:
    name, equals, value = text.partition("=")
    if not equals:
        if name in FLAGS:
            return name, None
        if name in VALUE_TERMS:
            raise EvaluationError(f"--where {text}: give a value ({name}=...)")
    elif name in VALUE_TERMS and value:
        if name == "pos" and value not in PARTS:
            raise EvaluationError(f"--where {text}: pos is one of {', '.join(PARTS)}")
        if name == "sort" and value.lstrip("-").split(":", 1)[0] not in SORTS:
            raise EvaluationError(
                f"--where {text}: sort by lemma, id, right, credit or credit:METHOD "
                "(a leading - reverses)"
            )
        return name, value
    elif name in FLAGS:
        raise EvaluationError(f"--where {text}: {name} takes no value")
    raise EvaluationError(
        f"--where: unknown term {text!r} (terms: {', '.join(FLAGS)}, "
        f"{', '.join(f'{n}=...' for n in VALUE_TERMS)})"
    )


def _pattern(text: str) -> re.Pattern[str]:
    return re.compile(".*".join(re.escape(p) for p in text.split("*")), re.IGNORECASE)


def select(table: InstanceTable, where: Where) -> list[int]:
    """The rows of ``table`` that every filter term holds, in the view's order."""
    alpha = (where.values("alpha") or [table.alpha])[0]
    a = table.alpha_index(alpha)
    right = {label: table.right(label) for label in table.systems}
    tests = [_test(name, value, table, right, a) for name, value in where.terms]
    rows = [i for i in range(len(table)) if all(test(i) for test in tests)]
    order = (where.values("sort") or ["lemma"])[0]
    descending = order.startswith("-")
    key = _sort_key(order.lstrip("-"), table, right, a)
    if key is None:
        return rows[::-1] if descending else rows
    return sorted(rows, key=key, reverse=descending)  # stable: ties keep the report's order


def _test(
    name: str, value: str | None, table: InstanceTable, right: dict[str, list[bool]], a: int
) -> Callable[[int], bool]:
    """The test of one term on a row."""
    if name == "dataset":
        return lambda i: table.datasets[i] == value
    if name == "pos":
        return lambda i: table.parts[i] == value
    if name == "lemma":
        pattern = _pattern(value or "")
        return lambda i: pattern.fullmatch(table.lemmas[i]) is not None
    if name in FIRST:
        return lambda i: table.first[i] == FIRST[name]
    if name in UNSEEN:
        groups = table.unseen or ()
        return lambda i: groups[i] == UNSEEN[name]
    columns = list(right.values())
    if name == "disagree":
        return lambda i: len({frozenset(table.answers[m][i]) for m in table.systems}) > 1
    if name == "all-wrong":
        return lambda i: not any(column[i] for column in columns)
    if name == "all-right":
        return lambda i: all(column[i] for column in columns)
    if name in ("alpha", "sort"):
        return lambda i: True
    label = value or ""
    mine = right[label]
    if name == "right":
        return lambda i: mine[i]
    if name == "wrong":
        return lambda i: not mine[i]
    if name == "only-right":
        others = [right[m] for m in table.systems if m != label]
        return lambda i: mine[i] and not any(column[i] for column in others)
    if name == "near-miss":
        credit = table.credit[label][a]
        return lambda i: not mine[i] and credit[i] > 0
    if name == "abstains":
        given = table.answers[label]
        return lambda i: not given[i]
    raise EvaluationError(f"--where: unknown term {name!r}")  # parse_where lets none through


def _sort_key(
    order: str, table: InstanceTable, right: dict[str, list[bool]], a: int
) -> Callable[[int], str] | Callable[[int], float] | None:
    """The key of ``sort=order`` (without its ``-``); ``None`` for the report's order."""
    if order == "id":
        return lambda i: table.ids[i]
    if order == "right":
        counts = [sum(column) for column in zip(*right.values(), strict=True)]
        return lambda i: counts[i]
    if order == "credit":
        columns = [table.credit[label][a] for label in table.systems]
        means = [sum(values) / len(columns) for values in zip(*columns, strict=True)]
        return lambda i: means[i]
    if order.startswith("credit:"):
        credit = table.credit[order.split(":", 1)[1]][a]
        return lambda i: credit[i]
    return None
