"""The records of an experiment: everything ``results.json`` holds, as frozen dataclasses, and
the per-instance outputs a run keeps in memory.  One record serves both kinds of experiment:
a cross-validation (``wsd evaluate``) and a comparison of systems' key files (``wsd compare``).

:class:`ExperimentResult` is the whole result and ``ExperimentResult.to_json()`` the JSON
document, written by :func:`thesaurus.io.to_json` (the one serializer: records by their
fields, ``inf`` as ``"inf"``).  The document names its schema, ``"format":
"verb-wsd-results"`` and ``"format_version"`` (:data:`RESULTS_FORMAT_VERSION`); the schema is
documented, with its history, in ``evaluation/README.md``.  Alphas appear as labels
(``"0.5"``, ``"1"``, ``"inf"``: :func:`~evaluation.measures.format_alpha`) wherever they key
a mapping.  :meth:`ExperimentResult.records` gives every table as a list of flat dicts
(``pandas.DataFrame(result.records("table1"))``; :mod:`evaluation.experiment.records`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from thesaurus.io import to_json

from ..agreement.upper_bound import UpperBound
from ..measures import Credit, MethodScores
from ..significance import McNemarResult
from .config import ExperimentConfig

if TYPE_CHECKING:
    from .comparison import ComparisonConfig

__all__ = [
    "COMPARISON",
    "CROSS_VALIDATION",
    "NO_UPPER_BOUND",
    "RESULTS_FORMAT",
    "RESULTS_FORMAT_VERSION",
    "ApplicabilityCurve",
    "Breakdown",
    "Bounds",
    "CorpusSummary",
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
# 1: the unversioned layout of earlier releases (no "format" key); 2: format/format_version;
# 3: kind, intervals, systems, warnings, learning-curve sizes and bands; 4: breakdowns, rows
# per lemma and part of speech, versions.thesauri, significance by paired t-tests with
# bootstrap intervals (evaluation/README.md)
RESULTS_FORMAT_VERSION = 4
CROSS_VALIDATION = "cross-validation"
COMPARISON = "comparison"
NO_UPPER_BOUND = "n/a (no multiply-annotated data)"


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


@dataclass(frozen=True)
class ExperimentResult:
    """Everything an experiment measured; :meth:`to_json` is ``results.json``.

    ``kind`` is ``"cross-validation"`` (``config`` an :class:`ExperimentConfig`) or
    ``"comparison"`` (a :class:`~evaluation.experiment.comparison.ComparisonConfig`; the key
    files are described in ``systems``).  ``seed`` is the config's (folds, learning-curve
    subsets, bootstrap); ``verbs`` are Table 1's rows and ``total`` its micro-averaged total
    row (every instance weighs the same); ``alphas`` the table's alpha labels; ``intervals``
    the bootstrap intervals of every total (``None`` without a bootstrap).  ``top_k``,
    ``applicability`` and ``learning_curve`` are keyed by method label (methods whose data
    allow them); ``significance`` holds every pair of compared methods; ``fallbacks`` and
    ``credit_issues`` count, per method label, the fallbacks used and what the scorer had to
    decide; ``oracles`` names, per method label, the gold an oracle setting reads at
    prediction time (empty: no oracle).  ``warnings`` are what the run warned about.
    ``versions`` records the software and resources
    (:mod:`evaluation.experiment.provenance`).  ``per_instance`` stays in memory.
    """

    format: str = field(default=RESULTS_FORMAT, init=False)
    format_version: int = field(default=RESULTS_FORMAT_VERSION, init=False)
    kind: str
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
    learning_curve: Mapping[str, tuple[LearningPoint, ...]]
    significance: tuple[PairwiseTest, ...]
    bounds: Bounds
    fallbacks: Mapping[str, Mapping[str, int]]
    credit_issues: Mapping[str, Mapping[str, int]]
    oracles: Mapping[str, str]
    sweep: tuple[SweepVariant, ...]
    systems: tuple[SystemInput, ...]
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
    def setup(self) -> str:
        """One sentence on what was evaluated, for reports."""
        n, verbs = self.total.n, len(self.verbs)
        words = "verbs" if {row.pos for row in self.verbs} <= {"verb", None} else "lemmas"
        if self.kind == COMPARISON:
            stats = self.corpus.stats
            rule = (
                "every gold instance (a missing line is an abstention)"
                if stats.get("instances") == "gold"
                else "the gold instances every key file answers"
            )
            return (
                f"{n} instances of {verbs} {words}: {len(self.systems)} systems' key files "
                f"against {self.corpus.source}, scored on {rule}; "
                f"{stats.get('left_out', 0)} of {stats.get('gold_instances', n)} gold "
                "instances left out"
            )
        config = self.config
        assert isinstance(config, ExperimentConfig)
        return (
            f"{n} instances of {verbs} verbs, {config.cv.folds}-fold cross-validation, "
            f"seed {self.seed}"
        )

    def records(self, name: str) -> list[dict[str, Any]]:
        """A table of the result as a list of flat dicts, ready for
        ``pandas.DataFrame(records)``: ``table1`` (per verb and total, per method and alpha),
        ``totals`` (with intervals), ``learning_curve``, ``applicability``, ``top_k``,
        ``alpha_sweep``, ``significance``, ``sweep``, ``systems`` and ``predictions`` (one per
        instance and method).  See :mod:`evaluation.experiment.records`."""
        from .records import records

        return records(self, name)

    def to_json(self) -> dict[str, Any]:
        """The ``results.json`` document: strict JSON data (no NaN or Infinity)."""
        document: dict[str, Any] = to_json(self)
        return document
