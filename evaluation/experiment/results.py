"""The records of an experiment: everything ``results.json`` holds, as frozen dataclasses, and
the per-instance outputs a run keeps in memory.  A result is a :class:`CrossValidationResult`
(``wsd evaluate``) or a :class:`ComparisonResult` (``wsd compare``), both
:class:`ExperimentResult`; ``result.to_json()`` is the ``results.json`` document (records by
their fields through :func:`thesaurus.io.to_json`; alphas as labels wherever they key a
mapping), whose schema and its history are in ``evaluation/README.md``.  This module builds
nothing: the builders (:mod:`.summary`, :mod:`.run`, :mod:`.comparison`, ...) import it, and
:func:`~evaluation.experiment.tables.records` gives a result's tables as lists of dicts.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from thesaurus.io import to_json

from ..agreement.upper_bound import UpperBound
from ..measures import Credit, MethodScores
from ..significance import McNemarResult
from .config import ComparisonConfig, ExperimentConfig

__all__ = [
    "COMPARISON",
    "CROSS_VALIDATION",
    "NO_UPPER_BOUND",
    "RESULTS_FORMAT",
    "RESULTS_FORMAT_VERSION",
    "ApplicabilityCurve",
    "Breakdown",
    "Bounds",
    "ComparisonResult",
    "CorpusSummary",
    "CrossValidationResult",
    "DifferenceTest",
    "ExperimentResult",
    "GroupRow",
    "InstanceOutputs",
    "InstanceResults",
    "Intervals",
    "LearningPoint",
    "McNemarTest",
    "PairwiseTest",
    "ScoreInterval",
    "SweepVariant",
    "SystemInput",
    "Timing",
    "TopKPoint",
    "VerbRow",
]

RESULTS_FORMAT = "verb-wsd-results"
RESULTS_FORMAT_VERSION = 4  # its history: evaluation/README.md
CROSS_VALIDATION = "cross-validation"
COMPARISON = "comparison"
NO_UPPER_BOUND = "n/a (no multiply-annotated data)"
# the keys of results.json (format 4), both kinds'; each kind writes the other's empty
DOCUMENT_KEYS = (
    *("format", "format_version", "kind", "config", "seed", "corpus", "alphas", "verbs"),
    *("total", "breakdowns", "intervals", "top_k", "applicability", "learning_curve"),
    *("significance", "bounds", "fallbacks", "credit_issues", "oracles", "sweep", "systems"),
    *("warnings", "timing", "versions"),
)


@dataclass(frozen=True)
class VerbRow:
    """One row of Table 1: a verb, or the total (``verb = "total"``, ``maxlen = None``).

    ``n`` instances; ``senses_inventory`` senses in the verb thesaurus (summed over the verbs
    in the total), ``senses_observed`` distinct first gold keys; ``maxlen`` the verb's
    MAXLEN (``None`` when the thesaurus does not know it); ``scores`` every compared method's
    :class:`~evaluation.measures.MethodScores`, by method label.
    """

    verb: str
    n: int
    senses_inventory: int
    senses_observed: int
    maxlen: int | None
    scores: Mapping[str, MethodScores]
    pos: str | None = None


@dataclass(frozen=True)
class GroupRow:
    """One group of a breakdown (a dataset, a part of speech, ...): its ``n`` instances and
    every compared method's scores, by label."""

    group: str
    n: int
    scores: Mapping[str, MethodScores]
    intervals: Intervals | None = None


@dataclass(frozen=True)
class Breakdown:
    """The scores of every compared method per group of one breakdown, ``name``
    (``dataset``, ``pos``, ``first sense``), groups in report order."""

    name: str
    rows: tuple[GroupRow, ...]


@dataclass(frozen=True)
class TopKPoint:
    """Recall@k and precision@k of the ranked outputs (Fig. 6)."""

    k: int
    recall: float
    precision: float


@dataclass(frozen=True)
class ApplicabilityCurve:
    """Applicability vs acceptability of the applied outputs at ``alpha`` (Fig. 5).

    ``aurc`` is the area under the risk-coverage curve of all ``points`` thresholds (lower
    is better); the parallel lists keep at most ``CURVE_POINTS`` of them, evenly spread
    over the sorted thresholds, the first and last always included.  ``low`` and ``high``
    bound each point's acceptability by a percentile bootstrap of the applied inputs (empty
    without a bootstrap).
    """

    alpha: str
    aurc: float
    points: int
    threshold: tuple[float, ...]
    applicability: tuple[float, ...]
    acceptability: tuple[float, ...]
    low: tuple[float, ...] = ()
    high: tuple[float, ...] = ()


@dataclass(frozen=True)
class LearningPoint:
    """One point of a learning curve (Fig. 4): methods trained on ``fraction`` of every
    training fold and scored on the whole test folds.  ``train_instances_mean`` is the mean
    training-set size per verb and fold (the plot's x axis), ``train_instances_total`` its
    sum over the verbs' folds; ``precision_interval`` bounds the precision at each alpha (a
    percentile bootstrap of the test instances; empty without a bootstrap)."""

    fraction: float
    train_instances_mean: float
    train_instances_total: int
    scores: MethodScores
    precision_interval: Mapping[str, tuple[float, float]] = field(default_factory=dict)


@dataclass(frozen=True)
class ScoreInterval:
    """Percentile bootstrap intervals ``(low, high)`` of one method's precision, recall and
    F1 at one alpha."""

    precision: tuple[float, float]
    recall: tuple[float, float]
    f1: tuple[float, float]


@dataclass(frozen=True)
class Intervals:
    """Bootstrap intervals of every compared method's total (``total[label][alpha]``), at
    ``confidence`` from ``n_resamples`` resamples of the instances."""

    confidence: float
    n_resamples: int
    total: Mapping[str, Mapping[str, ScoreInterval]]


@dataclass(frozen=True)
class SystemInput:
    """One compared system's key file (``wsd compare``): its ``lines``; whether they are
    ``ranked`` (key:score) and give a ``confidence``; how lines with several keys were scored
    (``several_keys``: ``first`` or ``all``) and how many there are; lines for instances not
    in the gold (``not_in_gold``, ignored) and gold instances it has no line for
    (``unanswered``)."""

    label: str
    path: str
    lines: int
    ranked: bool
    confidence: bool
    several_keys: str
    lines_with_several_keys: int
    not_in_gold: int
    unanswered: int


@dataclass(frozen=True)
class DifferenceTest:
    """One alpha's difference of precisions ``a - b`` (``mean_diff``): ``low``/``high``, its
    paired bootstrap interval at the experiment's confidence (``None`` without a bootstrap);
    the paired t-test (:class:`~evaluation.significance.PairedTTest`: ``se``, ``t``, ``df``,
    ``p_value``, ``note`` for a degenerate test); ``p_holm``, the p-value Holm-adjusted over
    every t-test of the table (all pairs at all alphas); ``significant`` means ``p_holm < 1 -
    confidence`` (not that the interval excludes 0)."""

    mean_diff: float
    low: float | None
    high: float | None
    se: float
    t: float
    df: int
    p_value: float
    p_holm: float
    significant: bool
    note: str | None = None


@dataclass(frozen=True)
class McNemarTest(McNemarResult):
    """McNemar's test on exact match over the ``n`` instances both methods attempted, with
    ``p_holm`` Holm-adjusted over the table's McNemar tests and ``significant`` meaning
    ``p_holm < 1 - confidence``."""

    n: int
    p_holm: float
    significant: bool


@dataclass(frozen=True)
class PairwiseTest:
    """Method ``a`` against method ``b`` (``a - b``): the difference of precisions per alpha
    label (empty with fewer than 2 instances: no test) and McNemar's test on exact match
    (``None`` without ``alpha = inf``)."""

    a: str
    b: str
    difference: Mapping[str, DifferenceTest]
    mcnemar: McNemarTest | None


@dataclass(frozen=True)
class Bounds:
    """The bounds shown beside the table: ``lower``, the labels of the lower-bound columns
    (MFS and random), and ``upper``, inter-annotator agreement (``None`` without
    ``[bounds] agreement_keys``)."""

    lower: tuple[str, ...]
    upper: UpperBound | None

    @property
    def upper_note(self) -> str:
        """One line on the upper bound for a report."""
        return self.upper.note if self.upper is not None else NO_UPPER_BOUND


@dataclass(frozen=True)
class SweepVariant:
    """One variant of a ``[sweep]`` grid, scored on the same folds: its total scores, the
    AURC of its applicability curve (a lambda grid changes only the confidence) and how many
    of its answers used a fallback."""

    label: str
    method: str
    params: Mapping[str, Any]
    scores: MethodScores
    aurc: float
    fallbacks: int


@dataclass(frozen=True)
class CorpusSummary:
    """Where the instances came from: the corpus ``source`` (a comparison: the gold key file),
    the ``n_instances`` evaluated and the ``stats``: the corpus loader's counts (files,
    sentences, tokens, verb tokens, skipped verb tokens by reason), or a comparison's
    (``gold_instances``, ``instances`` rule, ``left_out`` and ``left_out_by_system``)."""

    source: str
    n_instances: int
    stats: Mapping[str, Any]


@dataclass(frozen=True)
class Timing:
    """Seconds spent loading, cross-validating and measuring; the workers, tasks (verb x
    fold) and backend (``loky``, ``dask``; ``none`` in a comparison) of the run; per method
    label, the CPU seconds its fits and ranks took in the workers, summed over the tasks
    (``{fit_s, rank_s, curve_s}``, :class:`~evaluation.experiment.jobs.MethodCost`; empty in
    a comparison)."""

    load_s: float
    cross_validation_s: float
    measures_s: float
    total_s: float
    n_jobs: int
    tasks: int
    backend: str = "loky"
    methods: Mapping[str, Mapping[str, float]] = field(default_factory=dict)


@dataclass(frozen=True)
class InstanceOutputs:
    """One method's outputs over instances: the senses of each (best first; a method's
    ranking cut at ``max(top_k, 1)``, a key file's line), the confidence of each (``None``: a
    key file without confidences) and the fallback (or ``None``) of each.

    ``several_keys`` says which senses are the answer: ``first`` (a ranking's best) or ``all``
    (several answers, each earning its share of the credit); ``ranked`` whether the senses are
    a ranking (top-k curves)."""

    rankings: list[tuple[str, ...]]
    confidence: np.ndarray | None
    fallbacks: list[str | None]
    several_keys: str = "first"
    ranked: bool = True

    def answers(self) -> list[tuple[str, ...]]:
        """The senses scored for each instance (empty: abstained)."""
        if self.several_keys == "all":
            return list(self.rankings)
        return [r[:1] for r in self.rankings]


@dataclass(frozen=True)
class InstanceResults:
    """Per-instance data of a run (not written to ``results.json``; see
    ``records("predictions")``), in the experiment's order (verbs sorted, corpus or file
    order within a verb): instance ``ids``, verb ``lemmas``, ``gold`` keys, the ``folds`` each
    instance was tested in (-1 in a comparison), every method's outputs and graded credit,
    and each verb's fold assignment in the verb's corpus order (``fold_of``; empty in a
    comparison)."""

    ids: tuple[str, ...]
    lemmas: tuple[str, ...]
    gold: tuple[tuple[str, ...], ...]
    folds: np.ndarray
    outputs: Mapping[str, InstanceOutputs]
    credit: Mapping[str, Credit]
    fold_of: Mapping[str, np.ndarray] = field(default_factory=dict)
    groups: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class ExperimentResult(ABC):
    """What every experiment measured: a :class:`CrossValidationResult` (``wsd evaluate``) or
    a :class:`ComparisonResult` (``wsd compare``); :meth:`to_json` is ``results.json``.

    ``seed`` is the config's (folds, learning-curve subsets, bootstrap); ``alphas`` the
    table's alpha labels; ``verbs`` Table 1's rows and ``total`` its micro-averaged total
    (every instance weighs the same); ``intervals`` the totals' bootstrap intervals (``None``
    without a bootstrap).  ``top_k`` and ``applicability`` are keyed by method label (the
    methods whose outputs allow them); ``significance`` holds every pair of compared methods;
    ``credit_issues`` counts, per method label, what the scorer had to decide; ``warnings``
    are what the run warned about; ``versions`` the software and resources
    (:mod:`evaluation.experiment.provenance`).  ``per_instance`` stays in memory.
    """

    format: str = field(default=RESULTS_FORMAT, init=False)
    format_version: int = field(default=RESULTS_FORMAT_VERSION, init=False)
    kind: str = field(init=False)
    config: ExperimentConfig | ComparisonConfig
    seed: int
    corpus: CorpusSummary
    alphas: tuple[str, ...]
    verbs: tuple[VerbRow, ...]
    total: VerbRow
    breakdowns: tuple[Breakdown, ...]
    intervals: Intervals | None
    top_k: Mapping[str, tuple[TopKPoint, ...]]
    applicability: Mapping[str, ApplicabilityCurve]
    significance: tuple[PairwiseTest, ...]
    credit_issues: Mapping[str, Mapping[str, int]]
    warnings: tuple[str, ...]
    timing: Timing
    versions: Mapping[str, Any]
    per_instance: InstanceResults = field(repr=False, compare=False, metadata={"json": False})

    @property
    def labels(self) -> tuple[str, ...]:
        """The compared methods' labels in table order (configured methods, then bounds; or
        the systems in the order given)."""
        return tuple(self.total.scores)

    @property
    def name(self) -> str:
        return self.config.name

    @property
    @abstractmethod
    def setup(self) -> str:
        """One sentence on what was evaluated, for reports."""

    def to_json(self) -> dict[str, Any]:
        """The ``results.json`` document: strict JSON data (no NaN or Infinity), every key
        of :data:`DOCUMENT_KEYS` in that order, the other kind's keys empty."""
        document = {**self._other_kind(), **to_json(self)}
        return {key: document[key] for key in DOCUMENT_KEYS}

    @abstractmethod
    def _other_kind(self) -> dict[str, Any]:
        """The keys of the other kind of result, empty."""


@dataclass(frozen=True, kw_only=True)
class CrossValidationResult(ExperimentResult):
    """A cross-validation's result (:func:`~evaluation.experiment.run_experiment`): the
    common measures, and ``learning_curve`` per learning-curve method, the ``bounds``, per
    method label the ``fallbacks`` used and the gold an oracle setting reads (``oracles``;
    empty: no oracle), and the ``sweep`` variants."""

    kind: str = field(default=CROSS_VALIDATION, init=False)
    config: ExperimentConfig
    learning_curve: Mapping[str, tuple[LearningPoint, ...]]
    bounds: Bounds
    fallbacks: Mapping[str, Mapping[str, int]]
    oracles: Mapping[str, str]
    sweep: tuple[SweepVariant, ...]

    def _other_kind(self) -> dict[str, Any]:
        return {"systems": []}

    @property
    def setup(self) -> str:
        return (
            f"{self.total.n} instances of {len(self.verbs)} verbs, {self.config.cv.folds}-fold "
            f"cross-validation, seed {self.seed}"
        )


@dataclass(frozen=True, kw_only=True)
class ComparisonResult(ExperimentResult):
    """A comparison of key files' result (:func:`~evaluation.experiment.compare_systems`): the
    common measures and the key files (``systems``)."""

    kind: str = field(default=COMPARISON, init=False)
    config: ComparisonConfig
    systems: tuple[SystemInput, ...]

    def _other_kind(self) -> dict[str, Any]:
        return {
            "learning_curve": {},
            "bounds": {"lower": [], "upper": None},
            "fallbacks": {label: {} for label in self.labels},
            "oracles": {},
            "sweep": [],
        }

    @property
    def setup(self) -> str:
        n, stats = self.total.n, self.corpus.stats
        words = "verbs" if {row.pos for row in self.verbs} <= {"verb", None} else "lemmas"
        rule = (
            "every gold instance (a missing line is an abstention)"
            if stats.get("instances") == "gold"
            else "the gold instances every key file answers"
        )
        return (
            f"{n} instances of {len(self.verbs)} {words}: {len(self.systems)} systems' key "
            f"files against {self.corpus.source}, scored on {rule}; "
            f"{stats.get('left_out', 0)} of {stats.get('gold_instances', n)} gold "
            "instances left out"
        )
