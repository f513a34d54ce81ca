"""Score(s): the CCD-weighted mean of a sense's SIM over the input's cases.

::

    Score(s) = sum_c SIM(n_c, E[s][c]) * CCD(c)^beta / sum_c CCD(c)^beta

``beta = inf``: the cases of the highest CCD decide (their mean SIM is the score), ties go to the
next CCD level, then to the sense columns' order.  An input whose cases all have CCD 0 has no
informative case.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence

import numpy as np

from wsd.methods.example.examples import VerbModel
from wsd.methods.example.tuning import Setting

__all__ = ["Ranked", "choices", "rank_inputs", "weighted_scores"]

# per input: (senses ranked with scores, details "weight:<case>"), or None: no informative case
Ranked = tuple[tuple[tuple[str, float], ...], tuple[tuple[str, float], ...]] | None


def weighted_scores(
    model: VerbModel, owner: Sequence[int], cases: Sequence[str], sims: np.ndarray, beta: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per input (``owner`` of each SIM row, grouped): its first row, the weights CCD^beta
    (over the input's largest), its total weight and its scores (to divide by the total)."""
    owners = np.asarray(owner)
    starts = np.flatnonzero(np.r_[True, owners[1:] != owners[:-1]])
    if beta == 0.0:
        weights = np.ones(len(cases))
    else:
        with np.errstate(divide="ignore"):
            logs = np.log(np.array([model.ccd[c] for c in cases]))
        top = np.maximum.reduceat(logs, starts)
        informative = np.isfinite(top)
        offset = np.repeat(np.where(informative, top, 0.0), np.diff(np.r_[starts, len(logs)]))
        weights = np.exp(beta * (logs - offset))
    totals = np.add.reduceat(weights, starts)
    scores = np.add.reduceat(sims * weights[:, None], starts, axis=0)
    return starts, weights, totals, scores


def rank_inputs(
    model: VerbModel, owner: list[int], cases: list[str], sims: np.ndarray, beta: float
) -> dict[int, Ranked]:
    """The :data:`Ranked` of every input that has a pair (by input number ``owner[pair]``)."""
    if math.isinf(beta):
        return _lexicographic(model, owner, cases, sims)
    starts, weights, totals, scores = weighted_scores(model, owner, cases, sims, beta)
    order = np.argsort(-scores, axis=1, kind="stable")  # ties: column = tie-break order
    with np.errstate(invalid="ignore", divide="ignore"):
        values = (np.take_along_axis(scores, order, axis=1) / totals[:, None]).tolist()
    names = np.array(model.senses, dtype=object)[order].tolist()
    ends = [*starts[1:].tolist(), len(cases)]
    labels = [f"weight:{c}" for c in cases]
    relative = weights.tolist()  # CCD^beta over the input's largest
    out: dict[int, Ranked] = {}
    for row, (start, end) in enumerate(zip(starts.tolist(), ends, strict=True)):
        if totals[row] <= 0:
            out[owner[start]] = None
            continue
        ranking = tuple(zip(names[row], values[row], strict=True))
        details = tuple(zip(labels[start:end], relative[start:end], strict=True))
        out[owner[start]] = (ranking, details)
    return out


def _lexicographic(
    model: VerbModel, owner: list[int], cases: list[str], sims: np.ndarray
) -> dict[int, Ranked]:
    """``beta = inf`` (module docstring)."""
    groups: dict[int, list[int]] = defaultdict(list)
    for entry, i in enumerate(owner):
        groups[i].append(entry)
    senses, ccd = model.senses, model.ccd
    out: dict[int, Ranked] = {}
    for i, entries in groups.items():
        levels = sorted({ccd[cases[e]] for e in entries}, reverse=True)
        if levels[0] <= 0:
            out[i] = None
            continue
        means = [
            sims[[e for e in entries if ccd[cases[e]] == level]].mean(axis=0) for level in levels
        ]
        # np.lexsort sorts by the last key first: tie-break column, then levels upwards.
        order = np.lexsort([np.arange(len(senses))] + [-m for m in reversed(means)])
        ranking = tuple((senses[j], float(means[0][j])) for j in order.tolist())
        details = tuple(
            (f"weight:{cases[e]}", 1.0 if ccd[cases[e]] == levels[0] else 0.0) for e in entries
        )
        out[i] = (ranking, details)
    return out


def choices(
    model: VerbModel,
    owner: list[int],
    cases: list[str],
    sims: Sequence[np.ndarray],
    settings: Sequence[Setting],
    n: int,
) -> list[np.ndarray]:
    """Per setting (its SIM rows ``sims[c]``), the column of the sense chosen for each of the
    ``n`` inputs as :func:`rank_inputs` would (column 0 where the method falls back to MFS)."""
    chosen = [np.zeros(n, dtype=np.int64) for _ in settings]
    by_beta: dict[float, list[int]] = defaultdict(list)
    for c, setting in enumerate(settings):
        by_beta[setting.beta].append(c)
    for beta, group in by_beta.items() if owner else ():
        if math.isinf(beta):  # CCD^inf has no weights to sum: the levels decide, as in ranking
            column = {sense: j for j, sense in enumerate(model.senses)}
            for c in group:
                for i, ranked in _lexicographic(model, owner, cases, sims[c]).items():
                    chosen[c][i] = 0 if ranked is None else column[ranked[0][0][0]]
            continue
        table = np.hstack([sims[c] for c in group])
        starts, _, totals, scores = weighted_scores(model, owner, cases, table, beta)
        best = np.argmax(scores.reshape(len(scores), len(group), len(model.senses)), axis=2)
        for g, c in enumerate(group):
            chosen[c][np.asarray(owner)[starts]] = np.where(totals > 0, best[:, g], 0)
    return chosen
