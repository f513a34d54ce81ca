"""The records of an experiment as frozen dataclasses: a :class:`CrossValidationResult`
(``wsd evaluate``) or a :class:`ComparisonResult` (``wsd compare``); ``result.to_json()`` is
the ``results.json`` document (schema: ``evaluation/README.md``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from evaluation.acceptability import Credit, MethodScores
from evaluation.agreement.upper_bound import UpperBound
from evaluation.experiment.config import ComparisonConfig, ExperimentConfig
from evaluation.significance import McNemarResult
from thesaurus.utils.outputs import to_json

if TYPE_CHECKING:
    from wsd.types import Sentence

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
    "SenseMacro",
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
    *("total", "breakdowns", "per_sense", "intervals", "top_k", "applicability"),
    "learning_curve",
    *("significance", "bounds", "fallbacks", "credit_issues", "oracles", "sweep", "systems"),
    "examples",
    *("warnings", "timing", "versions"),
)


@dataclass(frozen=True)
class VerbRow:
    """One row of Table 1: a verb, or the total (``verb = "total"``, ``maxlen = None``).
    ``senses_inventory`` counts the thesaurus's senses, ``senses_observed`` the distinct first
    gold keys; ``maxlen`` is ``None`` for a verb unknown to the thesaurus."""

    verb: str
    n: int
    senses_inventory: int
    senses_observed: int
    maxlen: int | None
    scores: Mapping[str, MethodScores]
    pos: str | None = None


@dataclass(frozen=True)
class GroupRow:
    """One group of a breakdown (a dataset, a part of speech, ...)."""

    group: str
    n: int
    scores: Mapping[str, MethodScores]
    intervals: Intervals | None = None


@dataclass(frozen=True)
class Breakdown:
    """The groups of one breakdown (``dataset``, ``pos``, ``first sense``, ``unseen``) in
    report order; ``note`` says why a breakdown has no rows (``unseen`` without training
    data), else ``None``."""

    name: str
    rows: tuple[GroupRow, ...]
    note: str | None = None


@dataclass(frozen=True)
class TopKPoint:
    """Recall@k and precision@k of the ranked outputs (Fig. 6); ``precision`` is ``None``
    without any output."""

    k: int
    recall: float
    precision: float | None


@dataclass(frozen=True)
class ApplicabilityCurve:
    """Applicability vs acceptability at ``alpha`` (Fig. 5): ``aurc`` over all ``points``
    thresholds, the lists at most ``CURVE_POINTS`` of them (first and last included);
    ``low``/``high`` bootstrap bounds of acceptability (empty without a bootstrap)."""

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
    """One point of a learning curve (Fig. 4): trained on ``fraction`` of every training fold;
    ``train_instances_mean`` per verb and fold (the x axis); ``precision_interval`` by alpha
    (empty without a bootstrap; an undefined precision has none)."""

    fraction: float
    train_instances_mean: float
    train_instances_total: int
    scores: MethodScores
    precision_interval: Mapping[str, tuple[float, float]] = field(default_factory=dict)


@dataclass(frozen=True)
class ScoreInterval:
    """Bootstrap intervals ``(low, high)`` of one method's scores at one alpha; ``precision``
    is ``None`` when it is undefined (nothing attempted)."""

    precision: tuple[float, float] | None
    recall: tuple[float, float]
    f1: tuple[float, float]


@dataclass(frozen=True)
class Intervals:
    """Bootstrap intervals of every compared method's total (``total[label][alpha]``)."""

    confidence: float
    n_resamples: int
    total: Mapping[str, Mapping[str, ScoreInterval]]


@dataclass(frozen=True)
class SenseMacro:
    """A method's precision, recall and F1 macro-averaged over the ``senses`` gold senses
    (:mod:`evaluation.sense_scores`), lenient or strict, at one alpha; ``interval`` their
    bootstrap intervals (``None`` without a bootstrap, and at the alphas the headline does not
    show)."""

    precision: float
    recall: float
    f1: float
    senses: int
    interval: ScoreInterval | None = None


@dataclass(frozen=True)
class SystemInput:
    """One compared system's key file (``wsd compare``); ``several_keys`` is ``first`` or
    ``all``; ``not_in_gold`` lines are ignored, ``unanswered`` gold instances abstained."""

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
    """One alpha's difference of precisions ``a - b``: its bootstrap interval (``None``
    without a bootstrap), the paired t-test, ``p_holm`` adjusted over every t-test of the
    table, and ``significant`` (``p_holm < 1 - confidence``)."""

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
    """McNemar's test over the ``n`` instances both attempted, Holm-adjusted over the table."""

    n: int
    p_holm: float
    significant: bool


@dataclass(frozen=True)
class PairwiseTest:
    """Method ``a`` against ``b``: differences by alpha (empty below 2 instances) and McNemar's
    test (``None`` without ``alpha = inf``)."""

    a: str
    b: str
    difference: Mapping[str, DifferenceTest]
    mcnemar: McNemarTest | None


@dataclass(frozen=True)
class Bounds:
    """The lower-bound columns' labels and the agreement upper bound (``None`` without
    ``[bounds] agreement_keys``)."""

    lower: tuple[str, ...]
    upper: UpperBound | None

    @property
    def upper_note(self) -> str:
        """One line on the upper bound for a report."""
        return self.upper.note if self.upper is not None else NO_UPPER_BOUND


@dataclass(frozen=True)
class SweepVariant:
    """One variant of a ``[sweep]`` grid, scored on the same folds."""

    label: str
    method: str
    params: Mapping[str, Any]
    scores: MethodScores
    aurc: float
    fallbacks: int


@dataclass(frozen=True)
class CorpusSummary:
    """Where the instances came from (a comparison: the gold key file) and the loader's or
    the comparison's counts."""

    source: str
    n_instances: int
    stats: Mapping[str, Any]


@dataclass(frozen=True)
class Timing:
    """Wall seconds of the run's steps, its workers, tasks and backend (``none`` in a
    comparison), and per method label the CPU seconds ``{fit_s, rank_s, curve_s}``."""

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
    """One method's outputs per instance: senses best first, confidence (``None``: none
    given) and fallback.  ``several_keys``: the answer is the ``first`` sense or ``all``."""

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
    """Per-instance data of a run (not in ``results.json``), verbs sorted: ``folds`` is -1 in
    a comparison, ``fold_of`` each verb's fold assignment (empty in a comparison),
    ``contexts`` the sentences of the instances (a comparison's: of ``--corpus``)."""

    ids: tuple[str, ...]
    lemmas: tuple[str, ...]
    gold: tuple[tuple[str, ...], ...]
    folds: np.ndarray
    outputs: Mapping[str, InstanceOutputs]
    credit: Mapping[str, Credit]
    fold_of: Mapping[str, np.ndarray] = field(default_factory=dict)
    groups: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # instance id -> its sentence and the target's token index, where the corpus is known
    contexts: Mapping[str, tuple[Sentence, int]] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class ExperimentResult(ABC):
    """What every experiment measured; ``total`` is micro-averaged, ``intervals`` ``None``
    without a bootstrap, mappings keyed by method label; ``per_instance`` stays in memory."""

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
    # method label -> alpha -> "lenient" or "strict" -> macro scores over the gold senses
    per_sense: Mapping[str, Mapping[str, Mapping[str, SenseMacro]]] = field(default_factory=dict)

    @property
    def labels(self) -> tuple[str, ...]:
        """The compared methods' labels in table order."""
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
    """A cross-validation's result (:func:`~evaluation.experiment.run_experiment`)."""

    kind: str = field(default=CROSS_VALIDATION, init=False)
    config: ExperimentConfig
    learning_curve: Mapping[str, tuple[LearningPoint, ...]]
    bounds: Bounds
    fallbacks: Mapping[str, Mapping[str, int]]
    oracles: Mapping[str, str]
    sweep: tuple[SweepVariant, ...]
    examples: Mapping[str, str] = field(default_factory=dict)  # label -> what it learns from

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
    """A comparison of key files' result (:func:`~evaluation.experiment.compare_systems`)."""

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
            "examples": {},
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
