"""A small logistic classifier over named features, kept as JSON (never pickle): the text
pipeline's verb detector (:mod:`wsd.text.verbs`) and multiword decision
(:mod:`wsd.text.multiwords`).

A row is a mapping from feature names to values (``{"prev=to": 1.0, "rate": 0.8}``); the model
is scikit-learn's ``LogisticRegression`` (L2, lbfgs: deterministic) trained by
:func:`train_linear`, kept as its nonzero weights by name and its bias.

>>> rows = [{"w=a": 1.0}, {"w=a": 1.0}, {"w=b": 1.0}, {"w=b": 1.0}]
>>> model = train_linear(rows, [True, True, False, False])
>>> model.probability({"w=a": 1.0}) > 0.5 > model.probability({"w=b": 1.0})
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wsd._exceptions import DataError, WSDError

__all__ = ["LinearModel", "train_linear"]

Row = Mapping[str, float]


@dataclass(frozen=True)
class LinearModel:
    """A logistic model: P(yes | row) = sigmoid(bias + sum of weight * value).

    Parameters
    ----------
    weights : dict of str to float
        Feature name -> weight; features with no weight count zero.
    bias : float
        The intercept.
    """

    weights: dict[str, float]
    bias: float

    def probability(self, row: Row) -> float:
        """P(yes) for one row."""
        score = self.bias + sum(self.weights.get(name, 0.0) * value for name, value in row.items())
        if score < -30:
            return 0.0
        return 1.0 / (1.0 + math.exp(-score))

    def to_json(self) -> dict[str, Any]:
        """``{"bias": b, "weights": {name: w}}``, weights sorted by name."""
        return {"bias": self.bias, "weights": dict(sorted(self.weights.items()))}

    @classmethod
    def from_json(cls, data: Any, where: str) -> LinearModel:
        """The model of :meth:`to_json`; :class:`DataError` naming ``where`` when malformed."""
        weights = data.get("weights") if isinstance(data, dict) else None
        bias = data.get("bias") if isinstance(data, dict) else None
        if not (
            isinstance(weights, dict)
            and all(_is_number(w) for w in weights.values())
            and _is_number(bias)
        ):
            raise DataError(f"{where}: malformed classifier (bias and weights by name)")
        assert isinstance(bias, int | float)
        return cls(weights={str(k): float(w) for k, w in weights.items()}, bias=float(bias))


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def train_linear(rows: Sequence[Row], labels: Sequence[bool], *, c: float = 1.0) -> LinearModel:
    """The logistic model of ``rows`` and their ``labels`` (scikit-learn, L2, lbfgs).

    Parameters
    ----------
    rows : sequence of mapping of str to float
        Feature name -> value, one mapping per example.
    labels : sequence of bool
        Each row's label, aligned with ``rows``.
    c : float, default=1.0
        scikit-learn's inverse regularisation strength ``C``.

    Returns
    -------
    LinearModel
        Its nonzero weights by name and its bias.

    Raises
    ------
    WSDError
        If ``rows`` and ``labels`` differ in length, or the labels are not both present.
    """
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    if len(rows) != len(labels):
        raise WSDError(f"{len(rows)} rows but {len(labels)} labels")
    if len(set(labels)) < 2:
        raise WSDError("a classifier needs rows of both labels to train on")
    vectoriser = DictVectorizer()
    matrix = vectoriser.fit_transform(rows)
    model = LogisticRegression(C=c, max_iter=2000)
    model.fit(matrix, [bool(y) for y in labels])
    names = vectoriser.get_feature_names_out()
    weights = {str(n): float(w) for n, w in zip(names, model.coef_[0], strict=True) if w != 0.0}
    return LinearModel(weights=weights, bias=float(model.intercept_[0]))
