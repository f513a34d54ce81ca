"""Checks of the values a model file gives a verb's state, so that a file training could not
have made is refused when loaded.  Each raises :class:`ValueError` naming the field
(``counts[3][1]``); sense keys are lower-cased on reading.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np

from wsd.methods.ranges import shown

__all__ = [
    "MAX_COUNT",
    "MAX_WEIGHT",
    "counts_table",
    "feature_names",
    "finite_weights",
    "sense_key",
    "weights",
]

MAX_COUNT = 10**9  # training instances of one verb: beyond any corpus
MAX_WEIGHT = 65504.0  # float16's largest finite value: the weights' format in a model file


def sense_key(field: str, value: Any) -> str:
    """A sense key as a model holds it: a non-empty string without whitespace, lower-cased."""
    if not isinstance(value, str) or not value or value != "".join(value.split()):
        raise ValueError(f"{field} must be a sense key, got {shown(value)}")
    return value.lower()


def feature_names(field: str, value: Any) -> dict[str, int]:
    """A model's feature names (a list of distinct strings) -> their column."""
    if not isinstance(value, list) or not set(map(type, value)) <= {str}:
        raise ValueError(f"{field} must be a list of feature names")
    columns = dict(zip(value, range(len(value)), strict=True))
    if len(columns) != len(value):
        raise ValueError(f"{field} lists a feature twice")
    return columns


def counts_table(field: str, value: Any, shape: tuple[int, int], high: np.ndarray) -> np.ndarray:
    """A table of JSON integers of ``shape``, each in ``0 .. high[column]``, as int64."""
    rows, columns = shape
    if not isinstance(value, list) or len(value) != rows:
        raise ValueError(f"{field} must be a list of {rows} rows")
    if not (set(map(type, value)) <= {list} and set(map(len, value)) <= {columns}):
        i = next(i for i, row in enumerate(value) if type(row) is not list or len(row) != columns)
        raise ValueError(f"{field}[{i}] must be a row of {columns} counts")
    table = None
    if set(map(type, itertools.chain.from_iterable(value))) <= {int}:
        try:
            table = np.array(value, dtype=np.int64).reshape(shape)
        except OverflowError:  # an integer beyond int64
            table = None
    if table is None or ((table < 0) | (table > MAX_COUNT)).any():
        i, j = next(
            (i, j)
            for i, row in enumerate(value)
            for j, c in enumerate(row)
            if type(c) is not int or not 0 <= c <= MAX_COUNT
        )
        raise ValueError(f"{field}[{i}][{j}] must be a count, got {shown(value[i][j])}")
    over = np.argwhere(table > high[None, :])
    if len(over):
        i, j = over[0].tolist()
        raise ValueError(
            f"{field}[{i}][{j}] = {table[i, j]} is more than the {int(high[j])} training "
            "instances of its sense"
        )
    return table


def finite_weights(field: str, array: np.ndarray) -> np.ndarray:
    """``array`` if every weight is finite and within +-:data:`MAX_WEIGHT`."""
    if np.abs(array).max(initial=0.0) <= MAX_WEIGHT:  # (NaN compares False)
        return array
    bad = np.flatnonzero(~np.isfinite(array) | (np.abs(array) > MAX_WEIGHT))
    if len(bad):
        where = np.unravel_index(int(bad[0]), array.shape)
        index = "".join(f"[{int(k)}]" for k in where)
        raise ValueError(
            f"{field}{index} must be a finite weight within +-{MAX_WEIGHT:g}, got "
            f"{float(array.flat[int(bad[0])])!r}"
        )
    return array


def weights(field: str, value: Any, length: int) -> np.ndarray:
    """A list of ``length`` JSON numbers, finite and within +-:data:`MAX_WEIGHT`, as float64."""
    if not isinstance(value, list) or len(value) != length:
        raise ValueError(f"{field} must be a list of {length} numbers")
    for i, number in enumerate(value):
        number_ok = type(number) is int or (type(number) is float and math.isfinite(number))
        if not number_ok or abs(number) > MAX_WEIGHT:
            raise ValueError(
                f"{field}[{i}] must be a finite weight within +-{MAX_WEIGHT:g}, got {shown(number)}"
            )
    return np.array(value, dtype=np.float64)
