"""Per-sense scores: each gold sense's precision, recall and F1, macro-averaged over the gold
senses, as papers on hard WSD benchmarks report them next to the micro-averaged F1 (Maru et
al., ACL 2022, "Nibbling at the Hard Core of Word Sense Disambiguation", whose scorer is
``evaluation/evaluate_macro_F1.py`` of SapienzaNLP/wsd-hard-benchmark), and graded.

Instance ``i`` has the gold senses ``G_i``, ``n_i`` distinct answers ``x`` (none: it abstained)
and a credit ``a_i(x, s)`` in [0, 1] for each answer and gold sense: 1 iff ``x = s`` at exact
match, ``A_alpha(x, s)`` when graded (:func:`~evaluation.acceptability.pair_credit`).  Its
credit is ``c_i = mean_x max_s a_i(x, s)`` (0 when it abstained;
:func:`~evaluation.acceptability.graded_credit`) and it adds::

    tp_s += c_i                           for each gold sense s of i
    fn_s += 1 - c_i                       lenient: one right answer serves every gold sense
    fn_s += 1 - min(c_i, max_x a_i(x, s)) strict: each gold sense must be answered itself
    fp_x += (1 - max_s a_i(x, s)) / n_i   for each answer x: its share of what i lost

    P_s = tp_s / (tp_s + fp_s)    R_s = tp_s / (tp_s + fn_s)    F1_s = 2 P_s R_s / (P_s + R_s)

each 0 when its denominator is 0 (a gold sense no answer names has ``P_s = 0``, as in the
benchmark's scorer).  The macro scores are the means of ``P_s``, ``R_s`` and ``F1_s`` over the
gold senses of the instances scored; the ``fp`` of an answer that is no gold sense belongs to
no sense averaged, as there.  With one answer per instance this is the benchmark's rule,
lenient and strict (the tests check it on random keys); the two variants differ only on
instances with several gold senses.  With several answers per instance the benchmark's scorer
gives the instance ``1 / n_i`` when any answer is right, however many are, and charges
``1 / n_i`` to every answer when any is wrong; here each answer earns and loses its own share,
as the Senseval scorer's micro figures do.  For an instance without a prediction the
benchmark's strict scorer reads the previous instance's prediction; here an abstention names
no sense.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from threadpoolctl import threadpool_limits

from evaluation._exceptions import EvaluationError
from evaluation.intervals import quantile_bounds
from evaluation.significance import resample_counts

__all__ = [
    "MACRO_VARIANTS",
    "MacroScores",
    "SenseIndex",
    "SenseTable",
    "macro_f1_score",
    "macro_intervals",
    "macro_scores",
    "sense_index",
]

MACRO_VARIANTS = ("lenient", "strict")


@dataclass(frozen=True, eq=False)
class SenseIndex:
    """Which gold senses the instances label and which answers name one, for one system's
    answers against the gold (:func:`sense_index`).  Per (instance, gold sense) pair, sorted by
    sense: ``gold_sense`` (an index into ``senses``), ``gold_instance`` and ``gold_column`` (the
    sense's column in the instance's pair credits); the same per answer that names a gold sense
    (``answer_row``: its row there).  ``answers[i]`` is ``n_i``; ``several`` the instances with
    several distinct answers or gold senses, each with its exact-match pair credits."""

    n: int
    senses: tuple[str, ...]
    gold_sense: np.ndarray
    gold_instance: np.ndarray
    gold_column: np.ndarray
    answer_sense: np.ndarray
    answer_instance: np.ndarray
    answer_row: np.ndarray
    answers: np.ndarray
    exact: np.ndarray
    several: Mapping[int, np.ndarray]

    def table(
        self, credit: np.ndarray | None = None, pairs: Mapping[int, np.ndarray] | None = None
    ) -> SenseTable:
        """The :class:`SenseTable` at exact match (no ``credit``), or of the instances'
        ``credit`` (``c_i``) with the pair credits of the instances in :attr:`several`
        (``pairs[i]``: a row per distinct answer, a column per distinct gold key)."""
        if credit is None:
            c, matrices = self.exact, self.several
        else:
            c = np.asarray(credit, dtype=float)
            matrices = pairs or {}
            missing = sorted(set(self.several) - set(matrices))
            if c.shape != (self.n,) or missing:
                raise EvaluationError(
                    f"credit must hold {self.n} values and pair credits for the instances with "
                    f"several answers or gold keys (missing: instance {missing[:1]})"
                )
        earned = c[self.gold_instance]
        named = earned.copy()
        answered = self.answers[self.answer_instance]
        lost = (1.0 - c[self.answer_instance]) / np.maximum(answered, 1)
        for p in np.flatnonzero(np.isin(self.gold_instance, list(matrices))).tolist():
            matrix = matrices[int(self.gold_instance[p])]
            named[p] = min(earned[p], matrix[:, self.gold_column[p]].max()) if matrix.size else 0.0
        for q in np.flatnonzero(np.isin(self.answer_instance, list(matrices))).tolist():
            matrix = matrices[int(self.answer_instance[q])]
            lost[q] = (1.0 - matrix[self.answer_row[q]].max()) / answered[q]
        return SenseTable(self, earned, named, lost)


@dataclass(frozen=True, eq=False)
class SenseTable:
    """What each instance adds to each gold sense (module docstring), aligned with its
    :class:`SenseIndex`: ``earned`` (``c_i``) and ``named`` (``min(c_i, max_x a_i(x, s))``) per gold
    pair, ``lost`` (the answer's ``fp`` share) per answer naming a gold sense."""

    index: SenseIndex
    earned: np.ndarray
    named: np.ndarray
    lost: np.ndarray


@dataclass(frozen=True)
class MacroScores:
    """Macro-averaged precision, recall and F1 over ``senses`` gold senses."""

    precision: float
    recall: float
    f1: float
    senses: int


def sense_index(
    gold: Sequence[Sequence[str]],
    answers: Sequence[Sequence[str]],
    *,
    like: SenseIndex | None = None,
) -> SenseIndex:
    """The :class:`SenseIndex` of ``answers`` against ``gold`` (one entry per instance; an
    empty answer is an abstention); ``like``: the index of another system's answers to the
    same gold, whose gold side is taken as it is.  :class:`EvaluationError` for lengths that
    differ or an instance without gold."""
    if len(gold) != len(answers):
        raise EvaluationError(f"gold ({len(gold)}) and answers ({len(answers)}) differ in length")
    if like is not None and like.n != len(gold):
        raise EvaluationError(f"like indexes {like.n} instances, not {len(gold)}")
    index, g, several_gold = _gold_side(gold) if like is None else _known_gold(like)
    # each answer naming a gold sense: its sense, instance and row in typed columns (a tuple
    # per answer took 150 bytes: a million instances, a peak of 150 MB)
    a_sense, a_instance, a_row = array("q"), array("q"), array("q")
    n_answers = np.zeros(len(gold), dtype=np.int64)
    exact = np.zeros(len(gold))
    several: dict[int, np.ndarray] = {}
    for i, (keys, given) in enumerate(zip(gold, answers, strict=True)):
        named = list(dict.fromkeys(given))
        for row, key in enumerate(named):
            if key in index:
                a_sense.append(index[key])
                a_instance.append(i)
                a_row.append(row)
        n_answers[i] = len(named)
        if named:
            exact[i] = sum(key in keys for key in named) / len(named)
        if len(named) > 1 or i in several_gold:
            senses = list(dict.fromkeys(keys))
            several[i] = np.array([[float(x == s) for s in senses] for x in named]).reshape(
                len(named), len(senses)
            )
    a = _sorted(a_sense, a_instance, a_row)
    return SenseIndex(
        n=len(gold),
        senses=tuple(index),
        gold_sense=g[:, 0],
        gold_instance=g[:, 1],
        gold_column=g[:, 2],
        answer_sense=a[:, 0],
        answer_instance=a[:, 1],
        answer_row=a[:, 2],
        answers=n_answers,
        exact=exact,
        several=several,
    )


def _gold_side(gold: Sequence[Sequence[str]]) -> tuple[dict[str, int], np.ndarray, set[int]]:
    """Each gold sense's index, the (sense, instance, column) rows sorted by sense, and the
    instances with several gold senses."""
    index: dict[str, int] = {}
    g_sense, g_instance, g_column = array("q"), array("q"), array("q")
    several: set[int] = set()
    for i, keys in enumerate(gold):
        senses = list(dict.fromkeys(keys))
        if not senses:
            raise EvaluationError(f"instance {i} has no gold sense")
        for c, s in enumerate(senses):
            g_sense.append(index.setdefault(s, len(index)))
            g_instance.append(i)
            g_column.append(c)
        if len(senses) > 1:
            several.add(i)
    return index, _sorted(g_sense, g_instance, g_column), several


def _known_gold(like: SenseIndex) -> tuple[dict[str, int], np.ndarray, set[int]]:
    """:func:`_gold_side` of the gold ``like`` was built on."""
    rows = np.column_stack([like.gold_sense, like.gold_instance, like.gold_column])
    counts = np.bincount(like.gold_instance, minlength=like.n)
    several = set(np.flatnonzero(counts > 1).tolist())
    return {s: k for k, s in enumerate(like.senses)}, rows, several


def _sorted(*columns: array[int]) -> np.ndarray:
    """The rows of ``columns`` as an integer array sorted by its first column (stable)."""
    table = np.column_stack([np.array(c, dtype=np.int64) for c in columns]).reshape(-1, 3)
    return table[np.argsort(table[:, 0], kind="stable")]


def _ratio(top: np.ndarray, bottom: np.ndarray) -> np.ndarray:
    """``top / bottom``, 0 where ``bottom`` is 0 (``top`` is then 0 too: a part of it)."""
    return top / np.maximum(bottom, np.finfo(float).tiny)


@dataclass(frozen=True)
class _Sums:
    """A weighted sum of the draws per sense: instance ``rows[p]`` weighs ``weights[p]``;
    the pairs are sorted by sense, ``starts`` opens each sense's run and ``at`` is that
    sense's row in the result."""

    rows: np.ndarray
    weights: np.ndarray
    starts: np.ndarray
    at: np.ndarray

    def __call__(self, draws: np.ndarray, senses: int) -> np.ndarray:
        """senses x resamples (``draws``: instances x resamples)."""
        out = np.zeros((senses, draws.shape[1]))
        if self.rows.size:
            weighted = draws[self.rows] * self.weights[:, None]
            out[self.at] = np.add.reduceat(weighted, self.starts, axis=0)
        return out


def _sums(weights: np.ndarray, rows: np.ndarray, sense: np.ndarray) -> _Sums:
    """The :class:`_Sums` of the pairs with a nonzero weight and a sense (``sense`` >= 0,
    sorted)."""
    keep = (weights != 0) & (sense >= 0)
    kept = sense[keep]
    starts = np.flatnonzero(np.r_[True, kept[1:] != kept[:-1]]) if kept.size else kept
    return _Sums(rows[keep], weights[keep], starts, kept[starts])


@dataclass(frozen=True)
class _Plan:
    """What one variant of a table's macro scores sums per draw.  A sense whose instances
    all earned their whole credit and that no answer named wrongly scores 1 whenever it is
    drawn (``whole``), one whose instances earned nothing scores 0: only the other senses'
    scores depend on the draws (``mixed``), and only theirs are computed per draw: what
    their instances missed, their strict false negatives (``None``: the same) and their
    answers' false positives."""

    whole: np.ndarray
    mixed: np.ndarray
    missed: _Sums
    fn: _Sums | None
    fp: _Sums


def _plan(table: SenseTable, variant: str) -> _Plan:
    ix = table.index
    k = len(ix.senses)
    took = table.named if variant == "strict" else table.earned
    earned = np.bincount(ix.gold_sense, weights=table.earned, minlength=k)
    wrong = np.bincount(ix.answer_sense, weights=table.lost, minlength=k) > 0
    missed = np.bincount(ix.gold_sense, weights=1.0 - took, minlength=k) > 0
    whole = ~missed & ~wrong & (earned > 0)
    mixed = np.flatnonzero((earned > 0) & ~whole)
    local = np.full(k, -1)
    local[mixed] = np.arange(mixed.size)
    gold, answer = local[ix.gold_sense], local[ix.answer_sense]
    return _Plan(
        whole=whole.astype(float),
        mixed=mixed,
        missed=_sums(1.0 - table.earned, ix.gold_instance, gold),
        fn=None if took is table.earned else _sums(1.0 - took, ix.gold_instance, gold),
        fp=_sums(table.lost, ix.answer_instance, answer),
    )


@dataclass(frozen=True)
class _Drawn:
    """The draws of a batch of resamples (instances x resamples) and, per gold sense, how
    often the draws hold it (``count``), as 0/1 (``present``), and how many senses each
    resample holds."""

    draws: np.ndarray
    count: np.ndarray
    present: np.ndarray
    senses: np.ndarray


def _drawn(index: SenseIndex, draws: np.ndarray) -> _Drawn:
    count = _sums(np.ones(len(index.gold_sense)), index.gold_instance, index.gold_sense)(
        draws, len(index.senses)
    )
    present = (count > 0).astype(float)
    return _Drawn(draws, count, present, present.sum(axis=0))


def macro_scores(table: SenseTable, draws: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """``{variant: (3, columns)}`` for :data:`MACRO_VARIANTS`: macro precision, recall and F1
    of ``table`` with instance ``i`` counted ``draws[i, r]`` times in column ``r`` (default:
    once, one column); a column averages over the gold senses of its instances, NaN when it
    has none."""
    ix = table.index
    w = np.ones((ix.n, 1)) if draws is None else np.asarray(draws, dtype=float)
    if w.ndim != 2 or w.shape[0] != ix.n:
        raise EvaluationError(f"draws must be {ix.n} instances x resamples, got {w.shape}")
    return _scored(_plans(table), _drawn(ix, w))


def _plans(table: SenseTable) -> dict[str, _Plan]:
    """The plan of each variant (strict is lenient when no instance has several answers or
    gold senses: the two are then the same)."""
    lenient = _plan(table, "lenient")
    return {
        "lenient": lenient,
        "strict": _plan(table, "strict") if table.index.several else lenient,
    }


def _scored(plans: dict[str, _Plan], drawn: _Drawn) -> dict[str, np.ndarray]:
    """Each variant's :func:`_macro`, a plan shared by both variants computed once."""
    lenient = _macro(plans["lenient"], drawn)
    strict = plans["strict"]
    return {
        "lenient": lenient,
        "strict": lenient if strict is plans["lenient"] else _macro(strict, drawn),
    }


def _macro(plan: _Plan, drawn: _Drawn) -> np.ndarray:
    """``(3, resamples)``: macro precision, recall and F1 of ``plan`` in each draw."""
    totals = np.vstack([plan.whole @ drawn.present] * 3)
    m = plan.mixed.size
    if m:
        n = drawn.count[plan.mixed]
        missed = plan.missed(drawn.draws, m)
        tp = n - missed
        fn = missed if plan.fn is None else plan.fn(drawn.draws, m)
        fp = plan.fp(drawn.draws, m)
        precision = _ratio(tp, tp + fp)
        recall = _ratio(tp, tp + fn)
        f1 = _ratio(2 * tp, 2 * tp + fp + fn)  # 2 P R / (P + R)
        held = n > 0
        totals += np.vstack([(v * held).sum(axis=0) for v in (precision, recall, f1)])
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(drawn.senses > 0, totals / drawn.senses, np.nan)


def macro_f1_score(
    gold: Sequence[Sequence[str]],
    answers: Sequence[Sequence[str]],
    credit: Sequence[np.ndarray | Sequence[Sequence[float]]] | None = None,
    *,
    strict: bool = False,
) -> MacroScores:
    """Macro-averaged precision, recall and F1 over the gold senses (module docstring), at
    exact match or with the pair ``credit``: ``credit[i]`` holds a row per distinct answer of
    instance ``i`` and a column per distinct gold key, in order of first appearance.  No
    instance, lengths that differ or a credit outside [0, 1] raise :class:`EvaluationError`.

    >>> gold = [["a"], ["a"], ["b"], ["b", "c"]]
    >>> s = macro_f1_score(gold, [["a"], ["b"], ["b"], ["b"]])  # a: P 1, R 1/2; b: 2/3, 1; c: 1, 1
    >>> round(s.precision, 3), round(s.recall, 3), round(s.f1, 3), s.senses
    (0.889, 0.833, 0.822, 3)
    >>> macro_f1_score(gold, [["a"], ["b"], ["b"], ["b"]], strict=True).recall  # c: R 1/2
    0.6666666666666666
    """
    if not gold:
        raise EvaluationError("no instances to score")
    index = sense_index(gold, answers)
    table = index.table()
    if credit is not None:
        if len(credit) != len(gold):
            raise EvaluationError(f"gold ({len(gold)}) and credit ({len(credit)}) differ in length")
        matrices = [_matrix(i, m, answers[i], gold[i]) for i, m in enumerate(credit)]
        c = np.array([m.max(axis=1).mean() if m.size else 0.0 for m in matrices])
        table = index.table(c, {i: matrices[i] for i in index.several})
    precision, recall, f1 = macro_scores(table)["strict" if strict else "lenient"][:, 0].tolist()
    return MacroScores(precision, recall, f1, senses=len(index.senses))


def _matrix(
    i: int,
    values: np.ndarray | Sequence[Sequence[float]],
    given: Sequence[str],
    keys: Sequence[str],
) -> np.ndarray:
    """Instance ``i``'s pair credits, checked against its distinct answers and gold keys."""
    shape = (len(dict.fromkeys(given)), len(dict.fromkeys(keys)))
    matrix = np.asarray(values, dtype=float).reshape(-1, shape[1]) if shape[0] else np.zeros(shape)
    if matrix.shape != shape or not np.all((matrix >= 0) & (matrix <= 1)):
        raise EvaluationError(
            f"instance {i}: the credit must be {shape[0]} x {shape[1]} values in [0, 1] "
            "(a row per distinct answer, a column per distinct gold key)"
        )
    return matrix


_BATCH_CELLS = 1 << 20  # instances x resamples in one batch of the macro intervals: 8 MB


def _batches(chunks: Iterator[np.ndarray], columns: int = 256) -> Iterator[np.ndarray]:
    """The resamples of ``chunks`` (resamples x instances) as instances x resamples arrays of
    about ``columns`` resamples: a sum over a sense's instances then runs over whole rows."""
    held: list[np.ndarray] = []
    for chunk in chunks:
        held.append(chunk)
        if sum(len(c) for c in held) >= columns:
            yield np.ascontiguousarray(np.vstack(held).T, dtype=float)
            held = []
    if held:
        yield np.ascontiguousarray(np.vstack(held).T, dtype=float)


def _same_gold(a: SenseIndex, b: SenseIndex) -> bool:
    """Whether two indexes label the same instances with the same senses."""
    return a is b or (
        a.senses == b.senses
        and np.array_equal(a.gold_instance, b.gold_instance)
        and np.array_equal(a.gold_sense, b.gold_sense)
    )


def macro_intervals(
    tables: Sequence[SenseTable],
    *,
    n_resamples: int = 2000,
    seed: int = 0,
    confidence: float = 0.95,
) -> list[dict[str, np.ndarray]]:
    """Percentile bootstrap intervals of each table's macro scores over the same resamples of
    the instances (:func:`~evaluation.significance.resample_counts`, those of every other
    interval of a report; the tables share their instances): per table ``{variant: (3, 2)}``,
    the rows precision, recall and F1, for :data:`MACRO_VARIANTS`.

    >>> index = sense_index([["a"], ["b"]] * 10, [["a"], ["a"]] * 10)
    >>> macro_intervals([index.table()], n_resamples=200)[0]["lenient"][1].tolist()  # recall
    [0.5, 0.5]
    """
    if not tables:
        return []
    n = tables[0].index.n
    if any(t.index.n != n for t in tables):
        raise EvaluationError("the tables of macro_intervals must share their instances")
    samples: list[dict[str, list[np.ndarray]]] = [{v: [] for v in MACRO_VARIANTS} for _ in tables]
    with threadpool_limits(1, user_api="blas"):  # small products: threads cost more than they give
        _draw_all(tables, samples, n, n_resamples, seed)
    return [
        {v: quantile_bounds(np.hstack(rows).T, confidence) for v, rows in found.items()}
        for found in samples
    ]


def _draw_all(
    tables: Sequence[SenseTable],
    samples: list[dict[str, list[np.ndarray]]],
    n: int,
    n_resamples: int,
    seed: int,
) -> None:
    """Append each table's macro scores in every resample to its ``samples``."""
    plans = [_plans(table) for table in tables]
    # fewer resamples a batch as the instances grow: a batch is held several times over,
    # and 256 resamples of a million instances are 2 GB
    columns = max(1, min(256, _BATCH_CELLS // n))
    for draws in _batches(resample_counts(n, n_resamples=n_resamples, seed=seed), columns):
        shared: list[tuple[SenseIndex, _Drawn]] = []  # one per gold
        for table, plan, found in zip(tables, plans, samples, strict=True):
            drawn = next((d for ix, d in shared if _same_gold(ix, table.index)), None)
            if drawn is None:
                drawn = _drawn(table.index, draws)
                shared.append((table.index, drawn))
            for variant, rows in _scored(plan, drawn).items():
                found[variant].append(rows)
