"""Numeric command-line options: one checked argparse type for all of them.

``add_argument("--bootstrap", type=number(BOOTSTRAP), help=f"... ({BOOTSTRAP})")``: a value
not of the range's kind or out of range is argparse's one-line error naming the option.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from typing import Any

from evaluation.acceptability import ALPHA
from wsd.methods import COUNT_LIMIT, SEED, Range, parse_number

__all__ = [
    "ALPHA",
    "BOOTSTRAP",
    "CONFIDENCE",
    "KAPPA",
    "LIMIT",
    "MIN_COUNT",
    "N_JOBS",
    "PAIRS",
    "SAME_AS_CONFIG",
    "SEED",
    "alpha_list",
    "alpha_text",
    "number",
]

BOOTSTRAP = Range(int, 0, COUNT_LIMIT)  # resamples
CONFIDENCE = Range(float, 0, 1, low_open=True, high_open=True)  # interval level
N_JOBS = Range(int, 1, 256, extra=(-1,))  # workers; -1: every core
KAPPA = Range(float, 0, 1, low_open=True)  # the agreement --merge-to reaches
LIMIT = Range(int, 0, COUNT_LIMIT)  # instances to print, 0: all
MIN_COUNT = Range(int, 1, COUNT_LIMIT)
PAIRS = Range(int, 1, 100_000)  # random synset pairs compared with NLTK (slow: NLTK's paths)

# option -> the config key whose range it has
SAME_AS_CONFIG = {
    "--alpha": "evaluation.alphas[i]",
    "--applicability-alpha": "evaluation.applicability_alpha",
    "--bootstrap": "evaluation.bootstrap",
    "--confidence": "evaluation.confidence",
    "--n-jobs": "cv.n_jobs",
    "--seed": "seed",
}


class _Checked:
    """The argparse type of a range (:func:`number`); its ``range`` is what tests read."""

    def __init__(self, within: Range, keep_text: bool) -> None:
        self.range = within
        self.keep_text = keep_text
        self.__name__ = "number"  # argparse names the type in some messages

    def __call__(self, text: str) -> Any:
        try:
            value = parse_number(text, self.range)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        return text if self.keep_text else value

    def __repr__(self) -> str:
        return f"number({self.range})"


def number(within: Range) -> Any:
    """An argparse ``type``: the option's text as an int or float within ``within``."""
    return _Checked(within, keep_text=False)


def alpha_text() -> Any:
    """An argparse ``type`` for an alpha: checked as :data:`ALPHA`, kept as written."""
    return _Checked(ALPHA, keep_text=True)


def alpha_list(
    texts: Sequence[str] | None, classes: bool, *, ordered: bool = False
) -> tuple[float, ...]:
    """The alphas of ``--alpha`` (default 0.5 1 2 inf; inf with ``--classes``), de-duplicated
    (sorted when ``ordered``), ``inf`` added; a graded alpha with ``--classes`` raises
    :class:`~evaluation.EvaluationError`."""
    from evaluation import EvaluationError
    from evaluation.acceptability import ALPHA_DEFAULTS, format_alpha, parse_alpha

    if texts is None:
        return (math.inf,) if classes else tuple(ALPHA_DEFAULTS)
    alphas = tuple(dict.fromkeys(parse_alpha(t) for t in texts))
    alphas = tuple(sorted(alphas)) if ordered else alphas
    if classes and alphas != (math.inf,):
        finite = ", ".join(format_alpha(a) for a in alphas if not math.isinf(a))
        raise EvaluationError(
            f"--classes scores exact match on classes only; graded alpha {finite} is not"
            " defined between classes (drop --alpha or pass --alpha inf)"
        )
    return alphas if math.inf in alphas else (*alphas, math.inf)
