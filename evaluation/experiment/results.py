"""The records of an experiment as frozen dataclasses: a :class:`CrossValidationResult`
(``wsd evaluate``) or a :class:`ComparisonResult` (``wsd compare``); ``result.to_json()`` is
the ``results.json`` document (schema: ``docs/formats.md``).
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
RESULTS_FORMAT_VERSION = 4  # its history: CHANGELOG.md
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

    Parameters
    ----------
    verb : str
        The verb, or ``"total"``.
    n : int
        Its instances.
    senses_inventory : int
        The thesaurus's senses of the verb.
    senses_observed : int
        The distinct first gold keys of its instances.
    maxlen : int or None
        ``MAXLEN(v)``; ``None`` for the total and for a verb unknown to the thesaurus.
    scores : Mapping of str to MethodScores
        Each method's scores, by method label.
    pos : str or None, default=None
        The word's part of speech.
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
    """One group of a breakdown (a dataset, a part of speech, ...).

    Parameters
    ----------
    group : str
        The group's name.
    n : int
        Its instances.
    scores : Mapping of str to MethodScores
        Each method's scores on the group, by method label.
    intervals : Intervals or None, default=None
        Bootstrap intervals of the group's scores; ``None`` without them.
    """

    group: str
    n: int
    scores: Mapping[str, MethodScores]
    intervals: Intervals | None = None


@dataclass(frozen=True)
class Breakdown:
    """The groups of one breakdown, in report order.

    Parameters
    ----------
    name : str
        The breakdown: ``dataset``, ``pos``, ``first sense`` or ``unseen``.
    rows : tuple of GroupRow
        Its groups.
    note : str or None, default=None
        Why the breakdown has no rows (``unseen`` without training data), else ``None``.
    """

    name: str
    rows: tuple[GroupRow, ...]
    note: str | None = None


@dataclass(frozen=True)
class TopKPoint:
    """Recall@k and precision@k of the ranked outputs (Fig. 6).

    Parameters
    ----------
    k : int
        How many of the best-ranked senses count.
    recall : float
        Recall@k.
    precision : float or None
        Precision@k; ``None`` without any output.
    """

    k: int
    recall: float
    precision: float | None


@dataclass(frozen=True)
class ApplicabilityCurve:
    """Applicability vs acceptability at ``alpha`` (Fig. 5).

    Parameters
    ----------
    alpha : str
        The alpha label (:func:`~evaluation.format_alpha`).
    aurc : float
        The area under the curve, over all ``points`` thresholds.
    points : int
        The number of confidence thresholds.
    threshold, applicability, acceptability : tuple of float
        The curve at no more than ``CURVE_POINTS`` of the thresholds, first and last
        included.
    low, high : tuple of float, default=()
        Bootstrap bounds of acceptability; empty without a bootstrap.
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
    """One point of a learning curve (Fig. 4).

    Parameters
    ----------
    fraction : float
        The share of every training fold trained on.
    train_instances_mean : float
        Training instances per verb and fold (the x axis).
    train_instances_total : int
        Training instances in all.
    scores : MethodScores
        The scores at this point.
    precision_interval : Mapping of str to tuple of (float, float), default={}
        Bootstrap interval of precision by alpha label; empty without a bootstrap, and no
        entry for an undefined precision.
    """

    fraction: float
    train_instances_mean: float
    train_instances_total: int
    scores: MethodScores
    precision_interval: Mapping[str, tuple[float, float]] = field(default_factory=dict)


@dataclass(frozen=True)
class ScoreInterval:
    """Bootstrap intervals ``(low, high)`` of one method's scores at one alpha.

    Parameters
    ----------
    precision : tuple of (float, float) or None
        ``None`` when precision is undefined (nothing attempted).
    recall, f1 : tuple of (float, float)
        The intervals of recall and F1.
    """

    precision: tuple[float, float] | None
    recall: tuple[float, float]
    f1: tuple[float, float]


@dataclass(frozen=True)
class Intervals:
    """Bootstrap intervals of every compared method's total.

    Parameters
    ----------
    confidence : float
        The confidence level, e.g. 0.95.
    n_resamples : int
        The bootstrap resamples.
    total : Mapping of str to Mapping of str to ScoreInterval
        ``total[label][alpha]``: by method label, then alpha label.
    """

    confidence: float
    n_resamples: int
    total: Mapping[str, Mapping[str, ScoreInterval]]


@dataclass(frozen=True)
class SenseMacro:
    """A method's scores macro-averaged over the gold senses (:mod:`evaluation.sense_scores`).

    Lenient or strict, at one alpha.

    Parameters
    ----------
    precision, recall, f1 : float
        The macro-averaged scores.
    senses : int
        The gold senses averaged over.
    interval : ScoreInterval or None, default=None
        Their bootstrap intervals; ``None`` without a bootstrap, and at the alphas the
        headline does not show.
    """

    precision: float
    recall: float
    f1: float
    senses: int
    interval: ScoreInterval | None = None


@dataclass(frozen=True)
class SystemInput:
    """One compared system's key file (``wsd compare``).

    Parameters
    ----------
    label : str
        The system's label.
    path : str
        The key file.
    lines : int
        Its answer lines.
    ranked : bool
        Whether its keys are read as a ranking, best first.
    confidence : bool
        Whether it gives confidences.
    several_keys : {"first", "all"}
        Which keys of a line are scored.
    lines_with_several_keys : int
        Lines with more than one key.
    not_in_gold : int
        Lines of instances not in the gold; ignored.
    unanswered : int
        Gold instances without a line; abstained.
    """

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
    """One alpha's difference of precisions ``a - b`` and its tests.

    Parameters
    ----------
    mean_diff : float
        The mean difference ``a - b``.
    low, high : float or None
        Its bootstrap interval; ``None`` without a bootstrap.
    se, t : float
        The paired t-test's standard error and statistic.
    df : int
        Its degrees of freedom.
    p_value : float
        Its two-sided p-value.
    p_holm : float
        The p-value Holm-adjusted over every t-test of the table.
    significant : bool
        ``p_holm < 1 - confidence``.
    note : str or None, default=None
        A remark on the test, if any.
    """

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
    """McNemar's test over the instances both methods attempted, Holm-adjusted over the table.

    Parameters
    ----------
    n01, n10 : int
        Discordant counts: only ``b`` right, only ``a`` right.
    statistic : float
        The test statistic.
    p_value : float
        The two-sided p-value.
    method : {"exact", "chi2"}
        The form of the test used.
    n : int
        The instances both attempted.
    p_holm : float
        The p-value Holm-adjusted over every McNemar test of the table.
    significant : bool
        Whether ``p_holm`` is below ``1 - confidence``.
    """

    n: int
    p_holm: float
    significant: bool


@dataclass(frozen=True)
class PairwiseTest:
    """Method ``a`` against method ``b``.

    Parameters
    ----------
    a, b : str
        The two method labels.
    difference : Mapping of str to DifferenceTest
        The differences of precision by alpha label; empty below 2 instances.
    mcnemar : McNemarTest or None
        McNemar's test; ``None`` without ``alpha = inf``.
    """

    a: str
    b: str
    difference: Mapping[str, DifferenceTest]
    mcnemar: McNemarTest | None


@dataclass(frozen=True)
class Bounds:
    """The lower and upper bounds of a cross-validation.

    Parameters
    ----------
    lower : tuple of str
        The labels of the lower-bound columns (the ``mfs`` and ``random`` methods).
    upper : UpperBound or None
        The agreement upper bound; ``None`` without ``[bounds] agreement_keys``.
    """

    lower: tuple[str, ...]
    upper: UpperBound | None

    @property
    def upper_note(self) -> str:
        """One line on the upper bound for a report."""
        return self.upper.note if self.upper is not None else NO_UPPER_BOUND


@dataclass(frozen=True)
class SweepVariant:
    """One variant of a ``[sweep]`` grid, scored on the same folds.

    Parameters
    ----------
    label : str
        The variant's label.
    method : str
        The method swept.
    params : Mapping of str to Any
        The variant's parameters.
    scores : MethodScores
        Its scores.
    aurc : float
        The area under its applicability curve.
    fallbacks : int
        Instances answered by a fallback.
    """

    label: str
    method: str
    params: Mapping[str, Any]
    scores: MethodScores
    aurc: float
    fallbacks: int


@dataclass(frozen=True)
class CorpusSummary:
    """Where the instances came from.

    Parameters
    ----------
    source : str
        The corpus; in a comparison, the gold key file.
    n_instances : int
        The instances evaluated.
    stats : Mapping of str to Any
        The loader's or the comparison's counts.
    """

    source: str
    n_instances: int
    stats: Mapping[str, Any]


@dataclass(frozen=True)
class Timing:
    """Wall seconds of the run's steps, its workers and per-method CPU seconds.

    Parameters
    ----------
    load_s, cross_validation_s, measures_s, total_s : float
        Wall seconds reading the corpus, cross-validating, measuring, and in all.
    n_jobs : int
        The worker processes.
    tasks : int
        The tasks run.
    backend : str, default="loky"
        The parallel backend; ``none`` in a comparison.
    methods : Mapping of str to Mapping of str to float, default={}
        Per method label the CPU seconds ``{fit_s, rank_s, curve_s}``.
    """

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
    """One method's outputs per instance.

    Parameters
    ----------
    rankings : list of tuple of str
        Each instance's senses, best first; empty: abstained.
    confidence : ndarray or None
        Each instance's confidence; ``None``: none given.
    fallbacks : list of str or None
        The fallback that answered each instance; ``None``: none.
    several_keys : {"first", "all"}, default="first"
        The answer is the ``first`` sense of the ranking or ``all`` of them.
    ranked : bool, default=True
        Whether the senses are a ranking.
    """

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
    """Per-instance data of a run (not in ``results.json``), instances sorted by verb.

    Parameters
    ----------
    ids, lemmas : tuple of str
        Each instance's id and lemma.
    gold : tuple of tuple of str
        Each instance's gold keys.
    folds : ndarray of int
        Each instance's test fold; -1 in a comparison.
    outputs : Mapping of str to InstanceOutputs
        Each method's outputs, by method label.
    credit : Mapping of str to Credit
        Each method's credit, by method label.
    fold_of : Mapping of str to ndarray, default={}
        Each verb's fold assignment; empty in a comparison.
    groups : Mapping of str to tuple of str, default={}
        Per breakdown name (``"dataset"``, ``"unseen"``), each instance's group.
    contexts : Mapping of str to tuple of (Sentence, int), default={}
        Instance id to its sentence and the target's token index, where the corpus is known
        (a comparison's: of ``--corpus``).
    """

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
    """What every experiment measured (the abstract base; all fields are keyword-only).

    ``format``, ``format_version`` and ``kind`` are set by the class.

    Parameters
    ----------
    config : ExperimentConfig or ComparisonConfig
        The run's configuration.
    seed : int
        The random seed.
    corpus : CorpusSummary
        Where the instances came from.
    alphas : tuple of str
        The alpha labels scored.
    verbs : tuple of VerbRow
        Table 1's rows, one per verb.
    total : VerbRow
        The total row, micro-averaged.
    breakdowns : tuple of Breakdown
        The scores by dataset, part of speech, first sense, unseen.
    intervals : Intervals or None
        Bootstrap intervals; ``None`` without a bootstrap.
    top_k : Mapping of str to tuple of TopKPoint
        By method label.
    applicability : Mapping of str to ApplicabilityCurve
        By method label.
    significance : tuple of PairwiseTest
        The pairwise tests.
    credit_issues : Mapping of str to Mapping of str to int
        By method label, what the scorer had to decide (:class:`~evaluation.Credit`).
    warnings : tuple of str
        The run's warnings.
    timing : Timing
        Where the time went.
    versions : Mapping of str to Any
        Software and thesaurus versions.
    per_instance : InstanceResults
        Per-instance data; stays in memory, not in ``results.json``.
    per_sense : Mapping, default={}
        Method label -> alpha -> ``"lenient"`` or ``"strict"`` -> :class:`SenseMacro`.
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
    """A cross-validation's result (:func:`~evaluation.experiment.run_experiment`).

    Parameters
    ----------
    config : ExperimentConfig
        The experiment's configuration.
    learning_curve : Mapping of str to tuple of LearningPoint
        By method label.
    bounds : Bounds
        The lower and upper bounds.
    fallbacks : Mapping of str to Mapping of str to int
        By method label, how often each fallback answered.
    oracles : Mapping of str to str
        By method label, what gold a method reads at prediction time (oracle methods only).
    sweep : tuple of SweepVariant
        The ``[sweep]`` grid's variants.
    examples : Mapping of str to str, default={}
        By method label, what the method learns from.
    **kwargs
        The fields of :class:`ExperimentResult`.
    """

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
    """A comparison of key files' result (:func:`~evaluation.experiment.compare_systems`).

    Parameters
    ----------
    config : ComparisonConfig
        The comparison's configuration.
    systems : tuple of SystemInput
        The compared key files.
    **kwargs
        The fields of :class:`ExperimentResult`.
    """

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
