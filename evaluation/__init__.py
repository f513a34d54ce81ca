"""Evaluation of WSD systems: graded measures, scoring, significance, agreement and bounds,
cross-validation experiments, reports, and the ``wsd`` command.

Pure measures and scorers are importable from here (layout: ``evaluation/README.md``).

>>> from evaluation import acceptability, make_acceptability_scorer
>>> round(acceptability(2, 7, 1.0), 4)  # LEN 2 of MAXLEN 7
0.7143
"""

from evaluation._exceptions import AgreementError, ConfigError, EvaluationError, EvaluationWarning
from evaluation.acceptability import (
    ALPHA_DEFAULTS,
    AcceptabilityScorer,
    Credit,
    MethodScores,
    Scores,
    acceptability,
    applicability_curve,
    format_alpha,
    graded_credit,
    make_acceptability_scorer,
    parse_alpha,
    senseval_scores,
    top_k,
)

__all__ = [
    "ALPHA_DEFAULTS",
    "AcceptabilityScorer",
    "AgreementError",
    "ConfigError",
    "Credit",
    "EvaluationError",
    "EvaluationWarning",
    "MethodScores",
    "Scores",
    "acceptability",
    "applicability_curve",
    "format_alpha",
    "graded_credit",
    "make_acceptability_scorer",
    "parse_alpha",
    "senseval_scores",
    "top_k",
]
