"""Experiments: config-driven cross-validation (the config :mod:`.config`, the evaluated
instances :mod:`.dataset`, the folds :mod:`.folds`, the per-verb jobs :mod:`.jobs` and
:func:`run_experiment` in :mod:`.run`, which ties them together) and the comparison of
systems' key files (:func:`compare_systems` in :mod:`.comparison`).  Both measure with the
same code (:mod:`.summary`, :mod:`.pairwise`, :mod:`.uncertainty`), record provenance
(:mod:`.provenance`) and return a :class:`CrossValidationResult` or a
:class:`ComparisonResult` (:mod:`.results`), whose tables are also lists of dicts
(:func:`records`, :mod:`.tables`)."""

from .comparison import compare_systems
from .config import (
    BASELINES,
    BoundsConfig,
    ComparisonConfig,
    CorpusConfig,
    CVConfig,
    EvaluationConfig,
    ExperimentConfig,
    MethodSpec,
    SystemSpec,
    check_resources,
    load_config,
    parse_config,
)
from .dataset import Dataset, load_dataset, select_verbs
from .folds import make_folds
from .results import (
    RESULTS_FORMAT,
    RESULTS_FORMAT_VERSION,
    ApplicabilityCurve,
    Bounds,
    ComparisonResult,
    CorpusSummary,
    CrossValidationResult,
    DifferenceTest,
    ExperimentResult,
    InstanceOutputs,
    InstanceResults,
    Intervals,
    LearningPoint,
    McNemarTest,
    PairwiseTest,
    ScoreInterval,
    SweepVariant,
    SystemInput,
    Timing,
    TopKPoint,
    VerbRow,
)
from .run import run_experiment
from .tables import records

__all__ = [
    "BASELINES",
    "RESULTS_FORMAT",
    "RESULTS_FORMAT_VERSION",
    "ApplicabilityCurve",
    "Bounds",
    "BoundsConfig",
    "CVConfig",
    "ComparisonConfig",
    "ComparisonResult",
    "CorpusConfig",
    "CorpusSummary",
    "CrossValidationResult",
    "Dataset",
    "DifferenceTest",
    "EvaluationConfig",
    "ExperimentConfig",
    "ExperimentResult",
    "InstanceOutputs",
    "InstanceResults",
    "Intervals",
    "LearningPoint",
    "McNemarTest",
    "MethodSpec",
    "PairwiseTest",
    "ScoreInterval",
    "SweepVariant",
    "SystemInput",
    "SystemSpec",
    "Timing",
    "TopKPoint",
    "VerbRow",
    "check_resources",
    "compare_systems",
    "load_config",
    "load_dataset",
    "make_folds",
    "parse_config",
    "records",
    "run_experiment",
    "select_verbs",
]
