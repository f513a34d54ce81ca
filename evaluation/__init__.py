"""Evaluation of WSD systems: graded measures, scoring, significance, agreement and bounds,
cross-validation experiments, reports, and the ``wsd`` command.

Pure measures and scorers are importable from here; key files with ranked answers are read by
:mod:`evaluation.answers`, bootstrap intervals computed by :mod:`evaluation.intervals`; the
subject packages are :mod:`evaluation.agreement`, :mod:`evaluation.experiment`,
:mod:`evaluation.report` and :mod:`evaluation.cli` (see ``evaluation/README.md`` for the
layout and the results schema).

>>> from evaluation import acceptability, make_acceptability_scorer
>>> round(acceptability(2, 7, 1.0), 4)  # LEN 2 of MAXLEN 7
0.7143
"""

from ._exceptions import AgreementError, ConfigError, EvaluationError, EvaluationWarning
from .measures import (
    ALPHA_DEFAULTS,
    Credit,
    MethodScores,
    Scores,
    acceptability,
    applicability_curve,
    format_alpha,
    graded_credit,
    parse_alpha,
    senseval_scores,
    top_k,
)
from .scoring import AcceptabilityScorer, make_acceptability_scorer, score_keys

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
    "score_keys",
    "senseval_scores",
    "top_k",
]
