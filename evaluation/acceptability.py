"""Evaluation measures (pure, on numpy arrays): graded acceptability, Senseval-style scores,
top-k, applicability curves.  Acceptability (Fujii et al.) of a system sense ``x`` against a
gold sense ``s`` of verb ``v``, ``LEN`` being their path length in the thesaurus and
``MAXLEN(v)`` the longest between two senses of ``v`` (``alpha = inf``: exact match)::

    A(x, s) = ((MAXLEN(v) - LEN(x, s)) / MAXLEN(v)) ** alpha        alpha > 0

    precision = sum(credit) / attempted      recall = sum(credit) / n
    coverage  = attempted / n                F1     = 2 P R / (P + R)

Precision with nothing attempted (0/0) is undefined: ``None``, never 0; recall and F1 are then 0.
"""

from __future__ import annotations

import math
import re
import sys
import warnings
from array import array
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from evaluation._exceptions import EvaluationError, EvaluationWarning
from evaluation.thesauri import Thesauri, as_thesauri
from thesaurus import sense_key_pos
from wsd.methods.ranges import REAL_LIMIT, Range, parse_number

__all__ = [
    "ALPHA",
    "ALPHA_DEFAULTS",
    "AcceptabilityScorer",
    "Credit",
    "Curve",
    "Grading",
    "MethodScores",
    "NO_DATASET",
    "Scores",
    "dataset_of",
    "VerbThesaurus",
    "acceptability",
    "applicability_curve",
    "format_alpha",
    "graded_credit",
    "key_lemma",
    "make_acceptability_scorer",
    "pair_credit",
    "path_length",
    "sense_lemma",
    "parse_alpha",
    "senseval_scores",
    "top_k",
    "undefined_precision_note",
    "undefined_words_note",
]

ALPHA_DEFAULTS: tuple[float, ...] = (0.5, 1.0, 2.0, math.inf)

# the acceptability exponent's values; inf (exact match) also as its words of the ranges
ALPHA = Range(float, 0, REAL_LIMIT, low_open=True, inf=True)


class VerbThesaurus(Protocol):
    """What the measures need from a verb thesaurus (``thesaurus.load("wordnet-verb")``)."""

    def maxlen(self, lemma: str) -> int: ...

    def sense_length(self, key_a: str, key_b: str) -> int: ...

    def has_sense(self, key: str) -> bool: ...

    def has_word(self, lemma: str) -> bool: ...


# What graded credit is computed on: one thesaurus, or one per part of speech.
Grading = VerbThesaurus | Thesauri


def parse_alpha(value: str | float) -> float:
    """One alpha: a number in (0, 1e6], or inf (``inf``, ``infinity``, ``∞``) for exact match.

    Parameters
    ----------
    value : str or float
        The alpha as written (a command line's or a config's text) or as a number.

    Returns
    -------
    float
        The alpha; ``math.inf`` for exact match.

    Raises
    ------
    EvaluationError
        ``value`` is no number of that range (0, negative, NaN, past 1e6, a word).

    >>> parse_alpha("0.5"), parse_alpha("inf"), parse_alpha(2)
    (0.5, inf, 2.0)
    >>> parse_alpha("0")
    Traceback (most recent call last):
    ...
    evaluation.EvaluationError: alpha must be a number in (0, 1000000] or inf, got '0'
    """
    if isinstance(value, str):
        try:
            return float(parse_number(value, ALPHA))
        except ValueError as exc:
            raise EvaluationError(f"alpha {exc}") from None
    why = ALPHA.problem(value)
    if why is not None:
        raise EvaluationError(f"alpha {why}, got {value!r}")
    return float(value)


def format_alpha(alpha: float) -> str:
    """The label of an alpha used in tables and JSON: ``0.5 -> "0.5"``, ``inf -> "inf"``.

    Parameters
    ----------
    alpha : float
        The alpha; ``math.inf`` for exact match.

    Returns
    -------
    str
        ``"inf"`` for an infinite alpha, else the number in ``%g`` form.

    Examples
    --------
    >>> format_alpha(0.5), format_alpha(1.0), format_alpha(math.inf)
    ('0.5', '1', 'inf')
    """
    if math.isinf(alpha):
        return "inf"
    return f"{alpha:g}"


def acceptability(
    length: np.ndarray | float, maxlen: np.ndarray | float, alpha: float
) -> np.ndarray | float:
    """The acceptability ``A = ((MAXLEN - LEN) / MAXLEN) ** alpha``, element-wise.

    ``alpha = inf`` or ``MAXLEN == 0``: ``A = 1`` iff ``LEN == 0``; ``LEN > MAXLEN`` gives 0.

    Parameters
    ----------
    length : float or ndarray
        Path lengths ``LEN(x, s)`` between an answer and a gold sense, >= 0.
    maxlen : float or ndarray
        ``MAXLEN(v)``, the longest path between two senses of the verb, >= 0; broadcast
        against ``length``.
    alpha : float or str
        The exponent, in (0, 1e6] or inf (:func:`parse_alpha`).

    Returns
    -------
    float or ndarray
        ``A`` in [0, 1]: a float when both inputs are scalars.

    Raises
    ------
    EvaluationError
        A negative length or MAXLEN, or an alpha out of range.

    >>> acceptability(3, 7, 1.0)  # (7 - 3) / 7
    0.5714285714285714
    >>> acceptability(3, 7, 2.0)  # (4 / 7) ** 2
    0.32653061224489793
    >>> acceptability(np.array([0, 3, 7]), 7, math.inf).tolist()
    [1.0, 0.0, 0.0]
    >>> acceptability(0, 0, 0.5)
    1.0
    """
    alpha = parse_alpha(alpha)
    scalar = np.ndim(length) == 0 and np.ndim(maxlen) == 0
    lengths = np.asarray(length, dtype=float)
    maxlens = np.asarray(maxlen, dtype=float)
    if np.any(lengths < 0) or np.any(maxlens < 0):
        raise EvaluationError("path lengths and MAXLEN must be >= 0")
    exact = lengths == 0
    if math.isinf(alpha):
        result = exact.astype(float)
    else:
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = np.clip((maxlens - lengths) / maxlens, 0.0, 1.0)
        result = np.where(maxlens == 0, exact.astype(float), ratio**alpha)
    result = np.broadcast_to(result, np.broadcast_shapes(lengths.shape, maxlens.shape))
    return float(result) if scalar else np.array(result, dtype=float)


@dataclass(frozen=True)
class Credit:
    """Per-instance credit at several alphas.

    Parameters
    ----------
    alphas : tuple of float
        The alphas scored, in column order.
    values : ndarray of shape (n_instances, n_alphas)
        ``values[i, j]`` is the credit of instance ``i`` at ``alphas[j]``; 0 when abstained.
    attempted : ndarray of bool, shape (n_instances,)
        Whether the system answered instance ``i``.
    issues : dict of str to int, default={}
        Counts by reason of what the scorer had to decide (``"unknown-lemma"``,
        ``"monosemous"``, ``"unknown-gold-key"``, ...).
    """

    alphas: tuple[float, ...]
    values: np.ndarray
    attempted: np.ndarray
    issues: dict[str, int] = field(default_factory=dict)

    def column(self, alpha: float) -> np.ndarray:
        """The credit column of one alpha (exactly one of :attr:`alphas`)."""
        alpha = parse_alpha(alpha)
        for index, known in enumerate(self.alphas):
            if known == alpha:
                return self.values[:, index]
        labels = ", ".join(format_alpha(a) for a in self.alphas)
        raise EvaluationError(f"alpha {format_alpha(alpha)} was not scored (have: {labels})")

    def scores(self, rows: np.ndarray | Sequence[int] | slice = slice(None)) -> MethodScores:
        """:func:`senseval_scores` of the instances ``rows`` (by default all) at every alpha."""
        return MethodScores(
            {
                format_alpha(alpha): senseval_scores(self.values[rows, j], self.attempted[rows])
                for j, alpha in enumerate(self.alphas)
            }
        )

    def group_scores(self, groups: np.ndarray, n_groups: int) -> list[MethodScores]:
        """:meth:`scores` of each group, ``groups[i]`` (``0 .. n_groups - 1``) being instance
        ``i``'s; an empty group raises :class:`EvaluationError`.

        >>> credit = Credit((math.inf,), np.array([[1.0], [0.0], [1.0]]), np.array([1, 1, 0], bool))
        >>> [s["inf"].precision for s in credit.group_scores(np.array([0, 0, 1]), 2)]
        [0.5, None]
        """
        n = np.bincount(groups, minlength=n_groups)
        if np.any(n == 0):
            raise EvaluationError("every group must hold at least one instance")
        attempted = np.bincount(groups, weights=self.attempted, minlength=n_groups)
        columns = []
        for j in range(len(self.alphas)):
            credit = np.where(self.attempted, self.values[:, j], 0.0)
            total = np.bincount(groups, weights=credit, minlength=n_groups)
            precision = np.divide(total, attempted, out=np.zeros(n_groups), where=attempted > 0)
            recall = total / n
            both = precision + recall
            f1 = np.divide(2 * precision * recall, both, out=np.zeros(n_groups), where=both > 0)
            columns.append((precision.tolist(), recall.tolist(), f1.tolist()))
        coverage = (attempted / n).tolist()
        counts, tried = n.tolist(), attempted.astype(np.int64).tolist()
        labels = [format_alpha(alpha) for alpha in self.alphas]
        return [
            MethodScores(
                {
                    label: Scores(
                        precision[g] if tried[g] else None,
                        recall[g],
                        coverage[g],
                        f1[g],
                        counts[g],
                        tried[g],
                    )
                    for label, (precision, recall, f1) in zip(labels, columns, strict=True)
                }
            )
            for g in range(n_groups)
        ]


# Raganato et al.'s instance ids in a benchmark of several datasets (ALL): the dataset first
_DATASET_ID = re.compile(r"(?P<dataset>.+)\.d[0-9]+\.s[0-9]+\.t[0-9]+")
NO_DATASET = "no dataset"  # the group of an instance whose id names no dataset


def dataset_of(instance_id: str) -> str:
    """The dataset an id names when it is shaped as ALL's (``<dataset>.dNNN.sNNN.tNNN``),
    else :data:`NO_DATASET`: other ids (a UD sentence id, ``d000.s000.t000``) say nothing of
    a dataset, whatever their dots.

    >>> dataset_of("senseval2.d000.s000.t000"), dataset_of("d000.s000.t000")
    ('senseval2', 'no dataset')
    >>> dataset_of("newsgroup-groups.google.com_x_1234.s1.t1")
    'no dataset'
    """
    match = _DATASET_ID.fullmatch(instance_id)
    return sys.intern(match["dataset"]) if match is not None else NO_DATASET  # one string each


def sense_lemma(key: str) -> str:
    """The lemma of a WordNet sense key: the part before ``%``.

    Parameters
    ----------
    key : str
        A sense key such as ``"look_up%2:32:00::"``; a key without ``%`` is returned whole.

    Returns
    -------
    str
        The lemma.

    Examples
    --------
    >>> sense_lemma("look_up%2:32:00::"), sense_lemma("go")
    ('look_up', 'go')
    """
    return key.split("%", 1)[0]


def key_lemma(verbs: object | None = None) -> Callable[[str], str]:
    """``key -> lemma``: the word owning a sense key in ``verbs``, else :func:`sense_lemma`.

    >>> key_lemma()("look_up%2:32:00::")
    'look_up'
    """
    owner = getattr(verbs, "sense_word", None)
    if owner is None:
        return sense_lemma
    return lambda key: owner(key) or sense_lemma(key)


def graded_credit(
    answers: Sequence[Sequence[str]],
    gold: Sequence[Sequence[str]],
    lemmas: Sequence[str],
    thesauri: Grading,
    alphas: Sequence[float] = ALPHA_DEFAULTS,
    *,
    pos: Sequence[str | None] | None = None,
) -> Credit:
    """Credit of each instance at each alpha, as the official Senseval scorer gives it::

        credit_i(alpha) = mean over answers x of ( max over gold s of A_alpha(x, s) )

    Parameters
    ----------
    answers : sequence of sequences of str
        Each instance's answered sense keys; empty: an abstention.
    gold : sequence of sequences of str
        Each instance's gold sense keys (none only where it abstains).
    lemmas : sequence of str
        Each instance's lemma, whose MAXLEN grades it.
    thesauri : VerbThesaurus or Thesauri
        One thesaurus, or one per part of speech (:class:`~evaluation.thesauri.Thesauri`).
    alphas : sequence of float or str, default=(0.5, 1, 2, inf)
        The exponents, each in (0, 1e6] or inf.
    pos : sequence of str or None, default=None
        Each instance's part of speech; ``None``: its first gold key's.

    Returns
    -------
    Credit

    Raises
    ------
    EvaluationError
        Inputs of different lengths, an answered instance without gold, no or a bad alpha.

    An empty ``answers[i]`` is an abstention; repeated keys count once.  Instance ``i`` is
    graded on the thesaurus of its part of speech ``pos[i]`` (default: its first gold key's;
    none: exact match).  An answer equal to a gold key earns 1; otherwise a pair earns 0, and
    is counted in :attr:`Credit.issues`, when the answer is of another part of speech
    (``predicted-other-pos``) or lemma (``predicted-other-lemma``) or a key is unknown
    (``unknown-predicted-key``, ``unknown-gold-key``).  Per instance: a lemma unknown to the
    thesaurus is exact match (``unknown-lemma``), a ``monosemous`` word has ``MAXLEN = 0``.

    >>> class Toy:  # lemma "run": senses run%1, run%2 at distance 2 = MAXLEN
    ...     def maxlen(self, lemma): return 2
    ...     def sense_length(self, a, b): return 0 if a == b else 2
    ...     def has_sense(self, key): return key in {"run%1", "run%2"}
    ...     def has_word(self, lemma): return lemma == "run"
    >>> credit = graded_credit([["run%1", "run%2"], []], [["run%1"], ["run%2"]],
    ...                        ["run", "run"], Toy(), alphas=[1.0, math.inf])
    >>> credit.values.tolist(), credit.attempted.tolist()
    ([[0.5, 0.5], [0.0, 0.0]], [True, False])
    """
    alphas = tuple(parse_alpha(a) for a in alphas)
    if not alphas:
        raise EvaluationError("no alpha to score")
    pairs, n = _Pairs.of(answers, gold, lemmas, thesauri, pos), len(gold)
    return Credit(alphas, pairs.mean_best_credit(alphas, n), pairs.attempted(n), pairs.issues)


def pair_credit(
    answers: Sequence[Sequence[str]],
    gold: Sequence[Sequence[str]],
    lemmas: Sequence[str],
    thesauri: Grading,
    alpha: float,
    *,
    pos: Sequence[str | None] | None = None,
) -> list[np.ndarray]:
    """Per instance, the credit ``A_alpha(x, s)`` of each distinct answer ``x`` (a row)
    against each distinct gold key ``s`` (a column), as :func:`graded_credit` scores the
    pairs (its credit is the mean over the rows of their maximum); an abstention has no row.

    >>> class Toy:  # run%1 and run%2 at distance 1 of MAXLEN 2
    ...     def maxlen(self, lemma): return 2
    ...     def sense_length(self, a, b): return 0 if a == b else 1
    ...     def has_sense(self, key): return key in {"run%1", "run%2"}
    ...     def has_word(self, lemma): return lemma == "run"
    >>> [m.tolist() for m in pair_credit([["run%1", "run%2"], []], [["run%1"], ["run%2"]],
    ...                                  ["run", "run"], Toy(), 1.0)]
    [[[1.0], [0.5]], []]
    """
    alpha = parse_alpha(alpha)
    pairs = _Pairs.of(answers, gold, lemmas, thesauri, pos)
    values = pairs.credit(alpha) if pairs.answer_start else np.zeros(0)
    out = []
    start = 0
    for given, keys in zip(answers, gold, strict=True):
        rows, columns = len(dict.fromkeys(given)), len(dict.fromkeys(keys))
        out.append(values[start : start + rows * columns].reshape(rows, columns))
        start += rows * columns
    return out


def path_length(
    thesauri: Grading, x: str, s: str, lemma: str, pos: str | None = None
) -> int | None:
    """``LEN(x, s)`` of an answer ``x`` and a gold key ``s`` of ``lemma`` as graded credit
    takes it: 0 for the same key; ``None`` when the pair earns nothing whatever its distance
    (exact match for the part of speech ``pos``, default the gold key's; another part of
    speech or lemma; a key or lemma the thesaurus does not know).

    >>> path_length(None, "run%2:38:00::", "run%2:38:00::", "run")
    0
    """
    if x == s:
        return 0
    part = sense_key_pos(s) if pos is None else pos
    books = as_thesauri(thesauri).of(part)
    if books is None or not books.has_word(lemma) or _pair_issue(books, x, s, lemma, part):
        return None
    return int(books.sense_length(x, s))


def _pair_issue(books: VerbThesaurus, x: str, s: str, lemma: str, part: str | None) -> str | None:
    """Why the pair of distinct keys ``x`` (answered) and ``s`` (gold) of ``lemma`` earns 0,
    or ``None`` when its path length grades it."""
    x_pos = sense_key_pos(x)
    if x_pos is not None and part is not None and x_pos != part:
        return "predicted-other-pos"
    if not books.has_sense(x):
        return "unknown-predicted-key"
    if not books.has_sense(s):
        return "unknown-gold-key"
    if key_lemma(books)(x) != lemma:
        return "predicted-other-lemma"
    return None


class _Pairs:
    """The (answer, gold key) pairs of the graded instances, grouped by answer: each pair's
    ``LEN`` (-1: it earns 0), the instance's ``MAXLEN``, whether the keys are equal.  Kept as
    typed arrays (33 bytes a pair; a list holds a number object per pair, 150 bytes)."""

    def __init__(self, books: Thesauri) -> None:
        self.books = books
        self.issues: dict[str, int] = {}
        self.length = array("d")
        self.maxlen = array("d")
        self.equal = array("b")
        self.answer_start = array("q")  # each answer's first pair
        self.answer_instance = array("q")
        self._lengths: dict[tuple[str, str], int] = {}

    @classmethod
    def of(
        cls,
        answers: Sequence[Sequence[str]],
        gold: Sequence[Sequence[str]],
        lemmas: Sequence[str],
        thesauri: Grading,
        pos: Sequence[str | None] | None,
    ) -> _Pairs:
        """The pairs of every instance, each graded on the thesaurus of its part of speech
        (default: its first gold key's); bad lengths or answers without gold raise."""
        n = len(gold)
        if len(answers) != n or len(lemmas) != n or (pos is not None and len(pos) != n):
            raise EvaluationError(
                f"answers ({len(answers)}), gold ({n}), lemmas ({len(lemmas)}) and parts of "
                f"speech ({n if pos is None else len(pos)}) differ in length"
            )
        if pos is None:
            pos = [sense_key_pos(keys[0]) if keys else None for keys in gold]
        pairs = cls(as_thesauri(thesauri))
        for i, case in enumerate(zip(answers, gold, lemmas, pos, strict=True)):
            if case[0] and not case[1]:
                raise EvaluationError(f"instance {i} has no gold sense")
            pairs.add(i, *case)
        return pairs

    def add(
        self,
        instance: int,
        answers: Sequence[str],
        gold: Sequence[str],
        lemma: str,
        part: str | None,
    ) -> None:
        """The pairs of one instance (none for an abstention)."""
        if not answers:
            return
        books = self.books.of(part)
        maxlen = books.maxlen(lemma) if books is not None and books.has_word(lemma) else None
        if books is not None and maxlen is None:
            self._count("unknown-lemma")
        elif maxlen == 0:
            self._count("monosemous")
        for x in dict.fromkeys(answers):
            self.answer_start.append(len(self.length))
            self.answer_instance.append(instance)
            for s in dict.fromkeys(gold):
                length, issue = self._length(books, x, s, lemma, part, maxlen)
                if issue is not None:
                    self._count(issue)
                self.length.append(length)
                self.maxlen.append(float(maxlen or 0))
                self.equal.append(x == s)

    def _count(self, issue: str) -> None:
        self.issues[issue] = self.issues.get(issue, 0) + 1

    def _length(
        self,
        books: VerbThesaurus | None,
        x: str,
        s: str,
        lemma: str,
        part: str | None,
        maxlen: int | None,
    ) -> tuple[float, str | None]:
        """``LEN(x, s)``, or -1 with the issue that makes the pair earn 0."""
        if x == s:
            return 0.0, None
        if maxlen is None or books is None:
            return -1.0, None
        issue = _pair_issue(books, x, s, lemma, part)
        if issue is not None:
            return -1.0, issue
        if (x, s) not in self._lengths:
            self._lengths[(x, s)] = books.sense_length(x, s)
        return float(self._lengths[(x, s)]), None

    def attempted(self, n: int) -> np.ndarray:
        """Whether each of the ``n`` instances has an answer."""
        return np.bincount(self.answer_instance, minlength=n) > 0

    def credit(self, alpha: float) -> np.ndarray:
        """Every pair's credit at ``alpha``."""
        lengths, maxlens, equal = map(np.asarray, (self.length, self.maxlen, self.equal))
        if math.isinf(alpha):
            return np.asarray(equal.astype(float))
        valid = lengths >= 0
        graded = acceptability(np.where(valid, lengths, 0.0), maxlens, alpha)
        return np.where(valid, graded, 0.0)

    def mean_best_credit(self, alphas: tuple[float, ...], n: int) -> np.ndarray:
        """Each instance's credit at each alpha (0 unanswered)."""
        values = np.zeros((n, len(alphas)))
        if not self.answer_start:
            return values
        answers = np.bincount(self.answer_instance, minlength=n)
        for j, alpha in enumerate(alphas):
            pair_credit = self.credit(alpha)
            best = np.maximum.reduceat(pair_credit, self.answer_start)
            total = np.bincount(self.answer_instance, weights=best, minlength=n)
            values[:, j] = np.where(answers > 0, total / np.maximum(answers, 1), 0.0)
        return values


@dataclass(frozen=True)
class Scores:
    """Senseval-style scores of one credit column (see the module docstring).

    Parameters
    ----------
    precision : float or None
        Credit over attempted instances; ``None`` when nothing was attempted.
    recall : float
        Credit over all instances.
    coverage : float
        Attempted over all instances.
    f1 : float
        Harmonic mean of precision and recall; 0 when both are 0 or precision is undefined.
    n : int
        Number of instances.
    attempted : int
        Number of instances answered.
    """

    precision: float | None
    recall: float
    coverage: float
    f1: float
    n: int
    attempted: int


@dataclass(frozen=True)
class MethodScores:
    """A system's :class:`Scores` by alpha label, in the order scored.

    Indexing with a label gives its scores; iterating gives the labels.

    Parameters
    ----------
    by_alpha : Mapping of str to Scores
        The scores under each alpha label (:func:`format_alpha`).
    """

    by_alpha: Mapping[str, Scores]

    def __getitem__(self, alpha: str) -> Scores:
        return self.by_alpha[alpha]

    def __iter__(self) -> Iterator[str]:
        return iter(self.by_alpha)

    def __json__(self) -> Mapping[str, Scores]:
        return self.by_alpha


def senseval_scores(credit_column: np.ndarray, attempted: np.ndarray) -> Scores:
    """Senseval's precision, recall, coverage and F1 of one credit column (module docstring).

    Parameters
    ----------
    credit_column : ndarray of shape (n,)
        Each instance's credit in [0, 1] (:attr:`Credit.values` at one alpha).
    attempted : ndarray of bool, shape (n,)
        Whether each instance was answered.

    Returns
    -------
    Scores
        Precision is ``None`` (undefined), never 0 or NaN, when nothing was attempted.

    Raises
    ------
    EvaluationError
        Arrays of different shapes, or no instance.

    >>> s = senseval_scores(np.array([1.0, 0.5, 0.0, 0.0]), np.array([True, True, True, False]))
    >>> s.precision, s.recall, s.coverage
    (0.5, 0.375, 0.75)
    >>> senseval_scores(np.zeros(2), np.zeros(2, bool)).precision is None
    True
    """
    credit = np.asarray(credit_column, dtype=float)
    done = np.asarray(attempted, dtype=bool)
    if credit.ndim != 1 or credit.shape != done.shape:
        raise EvaluationError(
            f"credit {credit.shape} and attempted {done.shape} must be 1-D of one length"
        )
    n = int(credit.size)
    if n == 0:
        raise EvaluationError("no instances to score")
    n_attempted = int(done.sum())
    total = float(credit[done].sum())
    if not n_attempted:
        return Scores(None, 0.0, 0.0, 0.0, n, 0)
    precision = total / n_attempted
    recall = total / n
    f1 = 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0
    return Scores(precision, recall, n_attempted / n, f1, n, n_attempted)


def top_k(
    rankings: Sequence[Sequence[str]], gold: Sequence[Sequence[str]], ks: Sequence[int]
) -> dict[int, tuple[float, float | None]]:
    """Recall@k and precision@k of ranked outputs (Fujii et al., Fig. 6)::

        recall@k    = #{i : gold_i ∩ first_k(ranking_i) ≠ ∅} / n
        precision@k = sum_i |gold_i ∩ first_k(ranking_i)| / sum_i min(k, |ranking_i|)

    Parameters
    ----------
    rankings : sequence of sequences of str
        Each instance's senses, best first (repeats count once).
    gold : sequence of sequences of str
        Each instance's gold senses.
    ks : sequence of int
        The depths, each >= 1.

    Returns
    -------
    dict of int to (float, float or None)
        ``{k: (recall@k, precision@k)}``; precision@k is ``None`` without any output.

    Raises
    ------
    EvaluationError
        No instance, lengths that differ, or a k that is no positive integer.

    >>> top_k([["a", "b", "c"], ["x", "y"]], [["b"], ["z"]], [1, 2])
    {1: (0.0, 0.0), 2: (0.5, 0.25)}
    >>> top_k([[]], [["a"]], [1])
    {1: (0.0, None)}
    """
    if len(rankings) != len(gold):
        raise EvaluationError(f"rankings ({len(rankings)}) and gold ({len(gold)}) differ in length")
    if not gold:
        raise EvaluationError("no instances to score")
    for k in ks:
        if int(k) != k or k < 1:
            raise EvaluationError(f"k must be a positive integer, got {k!r}")
    deepest = max((int(k) for k in ks), default=0)
    # one pass for every k: per rank j, the outputs there, the correct ones, the first hits
    outputs_at = [0] * deepest
    correct_at = [0] * deepest
    first_hit_at = [0] * deepest
    for ranking, truth in zip(rankings, gold, strict=True):
        hit = False
        for j, sense in enumerate(list(dict.fromkeys(ranking))[:deepest]):
            outputs_at[j] += 1
            if sense in truth:
                correct_at[j] += 1
                if not hit:
                    first_hit_at[j] += 1
                    hit = True
    result: dict[int, tuple[float, float | None]] = {}
    for k in (int(k) for k in ks):
        outputs, correct = sum(outputs_at[:k]), sum(correct_at[:k])
        result[k] = (sum(first_hit_at[:k]) / len(gold), correct / outputs if outputs else None)
    return result


@dataclass(frozen=True)
class Curve:
    """An applicability-acceptability curve (Fujii et al., Fig. 5) at descending thresholds,
    and the area under its risk-coverage curve (lower is better)."""

    thresholds: np.ndarray
    applicability: np.ndarray
    acceptability: np.ndarray
    aurc: float


def applicability_curve(
    confidence: np.ndarray, credit_column: np.ndarray, attempted: np.ndarray | None = None
) -> Curve:
    """Sweep a confidence threshold ``t`` over the distinct confidences of attempted inputs::

        applicability(t) = #{i attempted : conf_i >= t} / n
        acceptability(t) = mean credit of those inputs
        AURC = sum_j (applicability_j - applicability_{j-1}) * (1 - acceptability_j)

    with ``applicability_0 = 0``; tied confidences enter together, abstentions never.

    Parameters
    ----------
    confidence : ndarray of shape (n,)
        Each instance's confidence; not NaN where attempted.
    credit_column : ndarray of shape (n,)
        Each instance's credit at one alpha.
    attempted : ndarray of bool, shape (n,), default=None
        Whether each instance was answered; ``None``: all were.

    Returns
    -------
    Curve

    Raises
    ------
    EvaluationError
        Arrays of different shapes, no instance, or a NaN confidence.
    >>> c = applicability_curve(np.array([0.9, 0.5]), np.array([1.0, 0.0]))
    >>> c.applicability.tolist(), c.acceptability.tolist(), c.aurc
    ([0.5, 1.0], [1.0, 0.5], 0.25)
    """
    conf = np.asarray(confidence, dtype=float)
    credit = np.asarray(credit_column, dtype=float)
    done = np.ones(conf.shape, dtype=bool) if attempted is None else np.asarray(attempted, bool)
    if conf.ndim != 1 or conf.shape != credit.shape or conf.shape != done.shape:
        raise EvaluationError(
            f"confidence {conf.shape}, credit {credit.shape} and attempted {done.shape}"
            " must be 1-D of one length"
        )
    n = conf.size
    if n == 0:
        raise EvaluationError("no instances for an applicability curve")
    if np.any(np.isnan(conf[done])):
        raise EvaluationError("confidence is NaN for an attempted instance")
    order = np.argsort(-conf[done], kind="stable")
    sorted_conf = conf[done][order]
    cumulative = np.cumsum(credit[done][order])
    if sorted_conf.size == 0:
        empty = np.zeros(0)
        return Curve(empty, empty, empty, 0.0)
    # last index of each run of equal confidences (sorted descending)
    ends = np.flatnonzero(np.append(sorted_conf[1:] != sorted_conf[:-1], True))
    counts = ends + 1
    thresholds = sorted_conf[ends]
    applicability = counts / n
    accept = cumulative[ends] / counts
    steps = np.diff(np.concatenate(([0.0], applicability)))
    aurc = float(np.sum(steps * (1.0 - accept)))
    return Curve(thresholds, applicability, accept, aurc)


def undefined_precision_note(instances: int, who: str = "", of: str = "gold instances") -> str:
    """The warning that a precision is undefined: ``who`` attempted none of the ``instances``.

    >>> undefined_precision_note(3, "ims")[:56]
    'precision of ims is undefined: none of the 3 gold instan'
    """
    return (
        f"precision {f'of {who} ' if who else ''}is undefined: none of the {instances} {of} was "
        "attempted (correct / attempted is 0/0); it is reported as null in JSON and "
        "'undefined' in tables, never as 0; recall and F1 are 0"
    )


def undefined_words_note(undefined: Sequence[str], words: int, who: str = "") -> str | None:
    """The warning that the precision of the ``undefined`` words (of ``words``) is undefined,
    or ``None`` when there is none.

    >>> undefined_words_note(["square.r"], 2)[:43]
    'precision is undefined for 1 of 2 words (e.'
    """
    if not undefined:
        return None
    return (
        f"precision {f'of {who} ' if who else ''}is undefined for {len(undefined)} of {words} "
        f"words (e.g. {undefined[0]!r}): none of their instances was attempted; reported as "
        "null in JSON and 'undefined' in tables, never as 0"
    )


@dataclass(frozen=True)
class AcceptabilityScorer:
    """A picklable scikit-learn scorer: ``scorer(estimator, X, y=None)`` is the graded
    precision of ``estimator.predict(X)`` at ``alpha`` (NaN, with a warning, when nothing is
    attempted: undefined, as scikit-learn takes a failed score).  ``X`` holds
    :class:`~wsd.types.Instance` records; the gold is ``y`` or, when ``None``, their gold keys.

    Parameters
    ----------
    alpha : float
        The exponent, in (0, 1e6] or inf (exact match).
    verb_thesaurus : str or None, default=None
        The ``thesaurus.load`` spec grading the answers; ``None``: the estimator's.
    """

    alpha: float
    verb_thesaurus: str | None = None

    def __call__(self, estimator: Any, X: Sequence[Any], y: Sequence[str] | None = None) -> float:
        import thesaurus

        instances = list(X)
        answers = [(sense,) if sense else () for sense in estimator.predict(instances)]
        if y is None:
            gold = [tuple(instance.gold) for instance in instances]
        else:
            gold = [(str(label),) for label in y]
            if len(gold) != len(instances):
                raise EvaluationError(f"{len(instances)} instances but {len(gold)} gold labels")
        verbs = thesaurus.load(self.verb_thesaurus or estimator.verb_thesaurus)
        lemmas = [instance.lemma for instance in instances]
        credit = graded_credit(answers, gold, lemmas, verbs, (self.alpha,))
        precision = credit.scores()[format_alpha(self.alpha)].precision
        if precision is None:
            warnings.warn(undefined_precision_note(len(instances)), EvaluationWarning, stacklevel=2)
            return math.nan
        return precision


def make_acceptability_scorer(
    alpha: float | str, *, verb_thesaurus: str | None = None
) -> AcceptabilityScorer:
    """A scorer for ``cross_val_score`` and ``GridSearchCV``: graded precision at ``alpha``.

    Parameters
    ----------
    alpha : float or str
        The exponent, in (0, 1e6] or ``"inf"`` (exact match).
    verb_thesaurus : str or None, default=None
        The ``thesaurus.load`` spec grading the answers; ``None``: the estimator's.

    Returns
    -------
    AcceptabilityScorer

    Raises
    ------
    EvaluationError
        An alpha out of range.

    >>> make_acceptability_scorer(0.5)
    AcceptabilityScorer(alpha=0.5, verb_thesaurus=None)
    >>> make_acceptability_scorer("inf", verb_thesaurus="wordnet-verb").alpha
    inf
    """
    return AcceptabilityScorer(parse_alpha(alpha), verb_thesaurus)
