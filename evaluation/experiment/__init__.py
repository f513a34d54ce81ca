"""Config-driven cross-validation experiments: the config (:mod:`.config`), the evaluated
instances (:mod:`.dataset`), the folds (:mod:`.folds`), the per-verb jobs (:mod:`.jobs`),
the measures over their outputs (:mod:`.summary`, :mod:`.pairwise`), provenance
(:mod:`.provenance`), the result records (:mod:`.results`) and :func:`run_experiment`
(:mod:`.run`), which ties them together."""

from .config import (
    BASELINES,
    BoundsConfig,
    CorpusConfig,
    CVConfig,
    EvaluationConfig,
    ExperimentConfig,
    MethodSpec,
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
    BootstrapTest,
    Bounds,
    CorpusSummary,
    ExperimentResult,
    InstanceOutputs,
    InstanceResults,
    LearningPoint,
    McNemarTest,
    PairwiseTest,
    SweepVariant,
    Timing,
    TopKPoint,
    VerbRow,
)
from .run import run_experiment

__all__ = [
    "BASELINES",
    "RESULTS_FORMAT",
    "RESULTS_FORMAT_VERSION",
    "ApplicabilityCurve",
    "BootstrapTest",
    "Bounds",
    "BoundsConfig",
    "CVConfig",
    "CorpusConfig",
    "CorpusSummary",
    "Dataset",
    "EvaluationConfig",
    "ExperimentConfig",
    "ExperimentResult",
    "InstanceOutputs",
    "InstanceResults",
    "LearningPoint",
    "McNemarTest",
    "MethodSpec",
    "PairwiseTest",
    "SweepVariant",
    "Timing",
    "TopKPoint",
    "VerbRow",
    "check_resources",
    "load_config",
    "load_dataset",
    "make_folds",
    "parse_config",
    "run_experiment",
    "select_verbs",
]
