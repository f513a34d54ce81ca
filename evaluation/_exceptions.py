"""Errors of the ``evaluation`` layer; all derive from :class:`thesaurus.ToolkitError`.

:class:`EvaluationError` is also a :class:`ValueError`, so pure functions that reject a bad
argument (an ``alpha <= 0``, arrays of different lengths) can be caught either way, and the
CLI turns them into one line on stderr and exit status 2.
"""

from __future__ import annotations

from thesaurus._exceptions import ToolkitError

__all__ = ["AgreementError", "EvaluationError", "ToolkitError"]


class EvaluationError(ToolkitError, ValueError):
    """A measure, test or scorer was given input it cannot evaluate; the message names it."""


class AgreementError(EvaluationError):
    """An agreement statistic is undefined (e.g. kappa with a single category) or the
    annotations cannot be compared (different instance sets, different lengths)."""
