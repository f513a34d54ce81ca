"""The records of an experiment: everything ``results.json`` holds, as frozen dataclasses, and
the per-instance outputs a run keeps in memory.

:class:`ExperimentResult` is the whole result and ``ExperimentResult.to_json()`` the JSON
document, written by :func:`thesaurus.io.to_json` (the one serializer: records by their
fields, ``inf`` as ``"inf"``).  The document names its schema, ``"format":
"verb-wsd-results"`` and ``"format_version"`` (:data:`RESULTS_FORMAT_VERSION`); the schema is
documented, with its history, in ``evaluation/README.md``.  Alphas appear as labels
(``"0.5"``, ``"1"``, ``"inf"``: :func:`~evaluation.measures.format_alpha`) wherever they key
a mapping.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from thesaurus.io import to_json
from wsd.types import Instance

from ..agreement.upper_bound import UpperBound
from ..measures import Credit, MethodScores
from ..significance import BootstrapResult, McNemarResult
from .config import ExperimentConfig

__all__ = [
    "NO_UPPER_BOUND",
    "RESULTS_FORMAT",
    "RESULTS_FORMAT_VERSION",
    "ApplicabilityCurve",
    "BootstrapTest",
    "Bounds",
    "CorpusSummary",
    "ExperimentResult",
    "InstanceOutputs",
    "InstanceResults",
    "LearningPoint",
    "McNemarTest",
    "PairwiseTest",
    "SweepVariant",
    "Timing",
    "TopKPoint",
    "VerbRow",
]

RESULTS_FORMAT = "verb-wsd-results"
RESULTS_FORMAT_VERSION = 2  # 1: the unversioned layout of earlier releases (no "format" key)
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
    is better); the three parallel lists keep at most ``CURVE_POINTS`` of them, evenly spread
    over the sorted thresholds, the first and last always included.
    """

    alpha: str
    aurc: float
    points: int
    threshold: tuple[float, ...]
    applicability: tuple[float, ...]
    acceptability: tuple[float, ...]


@dataclass(frozen=True)
class LearningPoint:
    """One point of a learning curve (Fig. 4): methods trained on ``fraction`` of every
    training fold (``train_instances`` summed over the verbs' folds) and scored on the whole
    test folds."""

    fraction: float
    train_instances: int
    scores: MethodScores


@dataclass(frozen=True)
class BootstrapTest(BootstrapResult):
    """The paired bootstrap of one alpha's difference of precisions, with ``p_holm``, the
    p-value Holm-adjusted over every bootstrap test of the table; ``significant`` here means
    ``p_holm < 1 - confidence`` (not the unadjusted interval's verdict)."""

    p_holm: float


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
    """Method ``a`` against method ``b`` (``a - b``): a paired bootstrap per alpha label
    (empty when the bootstrap is off) and McNemar's test (``None`` without ``alpha = inf``)."""

    a: str
    b: str
    bootstrap: Mapping[str, BootstrapTest]
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
    """Where the instances came from: the corpus ``source``, the ``n_instances`` evaluated and
    the corpus loader's counts (``stats``: files, sentences, tokens, verb tokens, skipped verb
    tokens by reason)."""

    source: str
    n_instances: int
    stats: Mapping[str, Any]


@dataclass(frozen=True)
class Timing:
    """Seconds spent loading, cross-validating and measuring; the workers and tasks
    (verb x fold) of the run."""

    load_s: float
    cross_validation_s: float
    measures_s: float
    total_s: float
    n_jobs: int
    tasks: int


@dataclass(frozen=True)
class InstanceOutputs:
    """One method's outputs over instances: the ranked senses (best first, cut at
    ``max(top_k, 1)``), the confidence and the fallback (or ``None``) of each."""

    rankings: list[tuple[str, ...]]
    confidence: np.ndarray
    fallbacks: list[str | None]


@dataclass(frozen=True)
class InstanceResults:
    """Per-instance data of a run (not written to ``results.json``): the evaluated
    ``instances`` in the experiment's order (verbs sorted, corpus order within a verb), every
    method's outputs and graded credit in that order, and each verb's fold assignment (in
    the verb's corpus order)."""

    instances: tuple[Instance, ...]
    outputs: Mapping[str, InstanceOutputs]
    credit: Mapping[str, Credit]
    fold_of: Mapping[str, np.ndarray]


@dataclass(frozen=True)
class ExperimentResult:
    """Everything an experiment measured; :meth:`to_json` is ``results.json``.

    ``seed`` is the config's (folds, learning-curve subsets, bootstrap); ``verbs`` are
    Table 1's rows and ``total`` its micro-averaged total row (every instance weighs the
    same); ``alphas`` the table's alpha labels.  ``top_k``, ``applicability`` and
    ``learning_curve`` are keyed by method label; ``significance`` holds every pair of
    compared methods; ``fallbacks`` and ``credit_issues`` count, per method label, the
    fallbacks used and what the scorer had to decide; ``oracles`` names, per method label,
    the gold an oracle setting reads at prediction time (empty: no oracle).  ``versions``
    records the software and resources (:mod:`evaluation.experiment.provenance`).
    ``per_instance`` stays in memory.
    """

    format: str = field(default=RESULTS_FORMAT, init=False)
    format_version: int = field(default=RESULTS_FORMAT_VERSION, init=False)
    config: ExperimentConfig
    seed: int
    corpus: CorpusSummary
    alphas: tuple[str, ...]
    verbs: tuple[VerbRow, ...]
    total: VerbRow
    top_k: Mapping[str, tuple[TopKPoint, ...]]
    applicability: Mapping[str, ApplicabilityCurve]
    learning_curve: Mapping[str, tuple[LearningPoint, ...]]
    significance: tuple[PairwiseTest, ...]
    bounds: Bounds
    fallbacks: Mapping[str, Mapping[str, int]]
    credit_issues: Mapping[str, Mapping[str, int]]
    oracles: Mapping[str, str]
    sweep: tuple[SweepVariant, ...]
    timing: Timing
    versions: Mapping[str, Any]
    per_instance: InstanceResults = field(repr=False, compare=False, metadata={"json": False})

    @property
    def labels(self) -> tuple[str, ...]:
        """The compared methods' labels in table order (configured methods, then bounds)."""
        return tuple(self.total.scores)

    def to_json(self) -> dict[str, Any]:
        """The ``results.json`` document: strict JSON data (no NaN or Infinity)."""
        document: dict[str, Any] = to_json(self)
        return document
