"""The example-based method's scoring settings, and their per-verb choice by cross-validation.

A :class:`Setting` is what a verb scores with: the similarity map from path length, ``sim_k``
and ``beta``; the estimator's own parameters, or one of its ``tune`` candidates (a table
overriding some of :data:`TUNABLE`).

``ExampleBasedWSD(tune=[...])``: a verb with at least ``tune_min_instances`` training
instances splits them into ``tune_folds`` folds (instance ``i`` in fold ``i mod tune_folds``).
For each fold the verb's examples are indexed once from the other folds, and the fold's
instances are answered under every candidate setting: a setting changes only the map from
path length to similarity, ``sim_k`` and ``beta``, so the counts of examples at each path
length (:meth:`ExampleBasedWSD.knn_rows`) serve all of them.  The candidate with the most
exact matches over the folds wins; the estimator's own parameters come first and win ties.
Only the verb's training instances are read (their gold senses are the labels; the inputs are
answered without gold, as ``rank`` would answer them).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np

import thesaurus

from .._exceptions import ModelError
from .._ranges import COUNT_LIMIT, REAL_LIMIT, Range
from ..types import Instance
from ._cache import FillerKey

if TYPE_CHECKING:  # pragma: no cover
    from ._example import ExampleBasedWSD, _VerbModel

__all__ = [
    "BETA",
    "setting_key",
    "DEFAULT_TUNE",
    "SIMILARITY_PARAM",
    "SIM_K",
    "TUNABLE",
    "Setting",
    "make_setting",
    "select_setting",
]

TUNABLE = ("similarity", "similarity_params", "sim_k", "beta")
BETA = Range(float, 0, REAL_LIMIT, inf=True)  # finite in a tune candidate
SIM_K = Range(int, 1, COUNT_LIMIT)
SIMILARITY_PARAM = Range(float, 0, REAL_LIMIT, low_open=True)  # scale, max_len, tau

# The default per-verb alternatives of `tune`: steeper similarity, fewer/more neighbours, more
# weight on the most contributing case (chosen on the held-out split; README, "Methods").
DEFAULT_TUNE: tuple[dict[str, Any], ...] = (
    {"similarity": "exp", "similarity_params": {"tau": 2.0}},
    {"similarity": "exp", "similarity_params": {"tau": 4.0}},
    {"sim_k": 3},
    {"sim_k": 15},
    {"beta": 2.0},
    {"beta": 4.0},
)


@dataclass(frozen=True, slots=True)
class Setting:
    """The scoring parameters a verb uses: the estimator's own, or its ``tune`` choice."""

    key: str  # the overrides as sorted JSON ("{}": the estimator's own parameters)
    mapping: str  # the similarity mapping and its parameters as JSON
    sim: Callable[[np.ndarray], np.ndarray]
    k: int
    beta: float


def make_setting(key: str, overrides: Mapping[str, Any], own: Mapping[str, Any]) -> Setting:
    """``own`` (the estimator's :data:`TUNABLE` parameters) with ``overrides`` applied,
    checked: :class:`ModelError` names a bad value (``tune: ...`` for a candidate).  A
    candidate that names another ``similarity`` starts from that mapping's default
    parameters; ``beta`` must be finite in a candidate."""
    where = "tune: " if overrides else ""
    param = "tune" if overrides else None
    unknown = sorted(set(overrides) - set(TUNABLE))
    if unknown:
        raise ModelError(
            f"{where}{unknown[0]!r} cannot be tuned (only {', '.join(TUNABLE)})", param=param
        )
    name = overrides.get("similarity", own["similarity"])
    params = overrides.get(
        "similarity_params", None if "similarity" in overrides else own["similarity_params"]
    )
    if params is not None and not isinstance(params, dict):
        raise ModelError(
            f"{where}similarity_params must be a table of numbers, got {params!r}",
            param=param or "similarity_params",
        )
    if params is not None:  # checked, as floats (a numpy scalar, say, is no JSON)
        params = {
            part: SIMILARITY_PARAM.check(
                f"{where}similarity_params.{part}", value, param=param or "similarity_params"
            )
            for part, value in params.items()
        }
    try:
        thesaurus.similarity_mapping(name)
    except thesaurus.ThesaurusError as exc:
        raise ModelError(f"{where}similarity: {exc}", param=param or "similarity") from exc
    try:
        sim = thesaurus.similarity_mapping(name, **(params or {}))
    except thesaurus.ThesaurusError as exc:
        raise ModelError(
            f"{where}similarity_params: {exc}", param=param or "similarity_params"
        ) from exc
    k = SIM_K.check(f"{where}sim_k", overrides.get("sim_k", own["sim_k"]), param=param)
    beta_range = BETA if not overrides else replace(BETA, inf=False)
    beta = beta_range.check(f"{where}beta", overrides.get("beta", own["beta"]), param=param)
    mapping = json.dumps([name, params or {}], sort_keys=True)
    return Setting(key, mapping, sim, k, float(beta))


def setting_key(overrides: Mapping[str, Any]) -> str:
    """``overrides`` as sorted JSON (a numpy scalar as its number, any other value that JSON
    cannot hold as its repr: :func:`make_setting` refuses it)."""

    def plain(value: Any) -> Any:
        return value.item() if isinstance(value, np.generic) else repr(value)

    return json.dumps(overrides, sort_keys=True, default=plain)


def select_setting(
    est: ExampleBasedWSD,
    lemma: str,
    instances: Sequence[Instance],
    encoded: Sequence[np.ndarray],
    labels: Sequence[str],
) -> dict[str, Any]:
    """The overrides (``{}``: none) under which the verb's held-out folds score best;
    ``encoded`` are the instances' training frame items, numbered in the verb's pool."""
    candidates: list[dict[str, Any]] = [{}, *(dict(c) for c in est.tune)]
    settings = [est.setting(c) for c in candidates]
    pool = est._pool(lemma)
    fold = np.arange(len(instances)) % est.tune_folds
    inputs = est._frame_items(est.seen_as_all(instances), training=False)
    correct = np.zeros(len(candidates))
    for f in range(est.tune_folds):
        train = np.flatnonzero(fold != f).tolist()
        test = np.flatnonzero(fold == f).tolist()
        if not test:
            continue
        model = est._model_of(lemma, pool, [encoded[i] for i in train], [labels[i] for i in train])
        owner, pairs = est.usable_pairs(model, [inputs[i] for i in test])
        columns = {sense: c for c, sense in enumerate(model.senses)}
        gold = np.array([columns.get(labels[i], -1) for i in test])
        cases = [case for case, _ in pairs]
        sims = _candidate_sims(est, model, pairs, settings)
        for c, chosen in enumerate(_choices(model, owner, cases, sims, settings, len(test))):
            correct[c] += int(np.sum(chosen == gold))
    return candidates[int(np.argmax(correct))]


def _candidate_sims(
    est: ExampleBasedWSD,
    model: _VerbModel,
    pairs: list[tuple[str, FillerKey]],
    settings: list[Setting],
) -> list[np.ndarray]:
    """The SIM rows of every pair under every setting (one array per setting): each distinct
    (case, filler) pair is computed once, then gathered for every row."""
    unique: dict[tuple[str, FillerKey], int] = {}
    inverse = np.fromiter(
        (unique.setdefault(pair, len(unique)) for pair in pairs), dtype=np.int64, count=len(pairs)
    )
    distinct = [np.zeros((len(unique), len(model.senses))) for _ in settings]
    by_case: dict[str, list[tuple[FillerKey, int]]] = defaultdict(list)
    for (case, key), row in unique.items():
        by_case[case].append((key, row))
    nominal: list[tuple[str, FillerKey]] = []
    nominal_rows: list[int] = []
    for case, entries in by_case.items():
        keys = [key for key, _ in entries]
        rows = [row for _, row in entries]
        if case in model.words:
            from ._example import _word_counts

            counts = _word_counts(model.words[case], keys)
            per_setting = [est.word_sims(counts, s) for s in settings]
        elif est.sim_aggregate == "knn":
            nominal.extend((case, key) for key in keys)
            nominal_rows.extend(rows)
            continue
        else:
            index = est.nearest_index(model, case)
            per_setting = [est._nearest_sims(index, keys, s.sim) for s in settings]
        for target, sims in zip(distinct, per_setting, strict=True):
            target[rows] = sims
    if nominal:
        for target, sims in zip(distinct, est.knn_rows(model, nominal, settings), strict=True):
            target[nominal_rows] = sims
    return [table[inverse] for table in distinct]


def _choices(
    model: _VerbModel,
    owner: list[int],
    cases: list[str],
    sims: list[np.ndarray],
    settings: list[Setting],
    n: int,
) -> list[np.ndarray]:
    """Per setting (its SIM rows ``sims[c]``), the column of the chosen sense per input
    (column 0, the most frequent training sense, where the method falls back to MFS), ties to
    the lower column as in ``rank``.  Settings of one ``beta`` are scored side by side, as
    one wider table: each column's sums are the ones it would have alone."""
    from ._example import weighted_scores

    chosen = [np.zeros(n, dtype=np.int64) for _ in settings]
    if not owner:
        return chosen
    n_senses = len(model.senses)
    by_beta: dict[float, list[int]] = defaultdict(list)
    for c, setting in enumerate(settings):
        by_beta[setting.beta].append(c)
    for beta, group in by_beta.items():
        table = np.hstack([sims[c] for c in group])
        starts, _, totals, scores = weighted_scores(model, owner, cases, table, beta)
        best = np.argmax(scores.reshape(len(scores), len(group), n_senses), axis=2)
        inputs = np.asarray(owner)[starts]
        for g, c in enumerate(group):
            chosen[c][inputs] = np.where(totals > 0, best[:, g], 0)
    return chosen
