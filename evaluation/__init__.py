"""Evaluation of WSD systems: graded measures, cross-validation, curves, agreement, reports."""

from ._exceptions import AgreementError, ConfigError, EvaluationError

__all__ = ["AgreementError", "ConfigError", "EvaluationError"]
