"""Similarity from path length: decreasing maps from ``LEN`` (an int array) to [0, 1].

``kurohashi`` (default): Kurohashi & Nagao's table for LEN 0, 2, ..., 12 (11, 10, 9, 8, 7, 5,
0, divided by 11) read at ``LEN / scale``, linearly interpolated (``scale = 1.5`` suits WordNet
nouns, ``1`` is the original table); ``linear``: ``max(0, 1 - LEN / max_len)``, ``max_len =
18``; ``exp``: ``exp(-LEN / tau)``, ``tau = 4``.  Callers clip lengths first; every mapping
returns float64 in [0, 1], non-increasing in LEN.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numpy as np

from thesaurus.utils.errors import ThesaurusError

__all__ = ["KUROHASHI_LENGTHS", "KUROHASHI_SCORES", "MAPPINGS", "similarity_mapping"]

KUROHASHI_LENGTHS = np.array([0, 2, 4, 6, 8, 10, 12], dtype=float)
KUROHASHI_SCORES = np.array([11, 10, 9, 8, 7, 5, 0], dtype=float) / 11.0


def _kurohashi(lengths: np.ndarray, *, scale: float) -> np.ndarray:
    x = np.asarray(lengths, dtype=float) / scale
    return np.interp(x, KUROHASHI_LENGTHS, KUROHASHI_SCORES, right=0.0)


def _linear(lengths: np.ndarray, *, max_len: float) -> np.ndarray:
    return np.maximum(0.0, 1.0 - np.asarray(lengths, dtype=float) / max_len)


def _exp(lengths: np.ndarray, *, tau: float) -> np.ndarray:
    return np.exp(-np.asarray(lengths, dtype=float) / tau)


MAPPINGS: dict[str, tuple[Callable[..., np.ndarray], dict[str, float]]] = {
    "kurohashi": (_kurohashi, {"scale": 1.5}),
    "linear": (_linear, {"max_len": 18.0}),
    "exp": (_exp, {"tau": 4.0}),
}


def similarity_mapping(
    name: str = "kurohashi", **params: float
) -> Callable[[np.ndarray], np.ndarray]:
    """The length-to-similarity map ``name`` with its parameters (module docstring).

    Parameters
    ----------
    name : {"kurohashi", "linear", "exp"}, default="kurohashi"
        The map.
    **params : float
        ``scale`` (kurohashi, default 1.5), ``max_len`` (linear, default 18) or ``tau`` (exp,
        default 4); each > 0.

    Returns
    -------
    callable
        From an int array of lengths to float64 similarities in [0, 1], non-increasing.

    Raises
    ------
    ThesaurusError
        For an unknown name or parameter, or a value that is not > 0.

    Examples
    --------
    >>> sim = similarity_mapping("kurohashi", scale=1)
    >>> sim(np.array([0, 2, 3, 12, 20])).round(4).tolist()
    [1.0, 0.9091, 0.8636, 0.0, 0.0]
    """
    if name not in MAPPINGS:
        raise ThesaurusError(
            f"unknown similarity mapping {name!r} (choose from {', '.join(MAPPINGS)})"
        )
    function, defaults = MAPPINGS[name]
    unknown = set(params) - set(defaults)
    if unknown:
        raise ThesaurusError(
            f"similarity mapping {name!r} takes {', '.join(defaults)}, "
            f"not {', '.join(sorted(unknown))}"
        )
    values = {**defaults, **params}
    for key, value in values.items():
        try:
            ok = float(value) > 0
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise ThesaurusError(f"similarity mapping {name!r}: {key} must be > 0, got {value!r}")
    return partial(function, **{key: float(value) for key, value in values.items()})
