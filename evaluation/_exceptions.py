"""Errors of the ``evaluation`` layer (public as ``evaluation.<name>``); all derive from
:class:`thesaurus.ToolkitError`, and :class:`EvaluationError` is also a :class:`ValueError`.
"""

from __future__ import annotations

from thesaurus import ToolkitError

__all__ = ["AgreementError", "ConfigError", "EvaluationError", "EvaluationWarning", "ToolkitError"]


class EvaluationError(ToolkitError, ValueError):
    """A measure, test or scorer was given input it cannot evaluate; the message names it."""

    __module__ = "evaluation"


class AgreementError(EvaluationError):
    """An agreement statistic is undefined (e.g. kappa with a single category) or the
    annotations cannot be compared (different instance sets, different lengths)."""

    __module__ = "evaluation"


class ConfigError(EvaluationError):
    """An experiment config is invalid; the message names the key path and the value, and
    ``key`` holds the path (``methods.example.beta``) when one key is at fault."""

    __module__ = "evaluation"

    def __init__(self, message: str, *, key: str | None = None) -> None:
        super().__init__(message)
        self.key = key


class EvaluationWarning(UserWarning):
    """A result is valid but may not mean what the user expects (e.g. graded scores that fell
    back to exact match); results also record the message."""

    __module__ = "evaluation"
