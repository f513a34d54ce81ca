"""Errors of the ``evaluation`` layer; all derive from :class:`thesaurus.ToolkitError`.

Public names: ``evaluation.EvaluationError``, ``evaluation.AgreementError``,
``evaluation.ConfigError`` and ``evaluation.EvaluationWarning`` (``__module__`` is set to
``evaluation``, so tracebacks show them).
:class:`EvaluationError` is also a :class:`ValueError`, so pure functions that reject a bad
argument (an ``alpha <= 0``, arrays of different lengths) can be caught either way; the CLI
turns any of them into one line on stderr and exit status 2.
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
    """A result is valid but may not mean what the user expects: graded scores that fell back
    to exact match (keys unknown to the thesaurus), several keys per line scored as shares, a
    method most of whose answers fell back because its thesauri do not fit the corpus.  Results also
    record the message (``warnings`` in ``results.json``); the CLI prints one line each."""

    __module__ = "evaluation"
