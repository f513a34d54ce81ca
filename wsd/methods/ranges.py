"""Ranges of numeric settings (method parameters, config keys, command-line options), checked
before any work and documented as ``str(range)`` prints them (``tests/wsd/test_ranges.py`` holds
the READMEs to the code).  Integers are real integers: ``2.0`` and ``true`` are not.

>>> SIM_K = Range(int, 1, 10**6)
>>> str(SIM_K)
'an integer in [1, 1000000]'
>>> SIM_K.check("sim_k", 7)
7
>>> SIM_K.check("sim_k", 7.0)
Traceback (most recent call last):
...
wsd.ModelError: sim_k must be an integer in [1, 1000000], got 7.0
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

import numpy as np

from wsd._exceptions import ModelError

__all__ = [
    "COUNT_LIMIT",
    "REAL_LIMIT",
    "SEED",
    "UNIT",
    "Range",
    "parse_number",
    "shown",
]

COUNT_LIMIT = 1_000_000  # instances, tokens, neighbours: beyond any verb of any corpus
REAL_LIMIT = 1e6  # real-valued weights and scales: far beyond any useful setting

_NUMBER = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")  # ASCII digits
_INTEGER = re.compile(r"[+-]?[0-9]+")
_INFINITY = {"inf", "+inf", "infinity", "+infinity", "∞"}


def _bound(value: float) -> str:
    """A bound as the documentation writes it: ``1000000``, ``0.5``, ``1e-6``."""
    if float(value).is_integer() and abs(value) < 1e15:
        return str(int(value))
    mantissa, _, exponent = f"{value:g}".partition("e")
    return f"{mantissa}e{int(exponent)}" if exponent else mantissa


def shown(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters (an integer of 400 digits, a long string)."""
    try:
        text = repr(value)
    except ValueError:  # an integer past Python's digit limit for str()
        return f"an integer of {value.bit_length()} bits"
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


@dataclass(frozen=True, slots=True)
class Range:
    """The values a numeric setting accepts (module docstring for an example).

    Parameters
    ----------
    kind : type
        ``int`` or ``float``.
    low : float
        The lower end of the interval.
    high : float
        The upper end of the interval.
    low_open : bool, default=False
        Whether ``low`` itself is left out.
    high_open : bool, default=False
        Whether ``high`` itself is left out.
    inf : bool, default=False
        Whether infinity is accepted too.
    extra : tuple, default=()
        Values accepted beside the interval (a word such as ``"sentence"``, or ``-1``).
    """

    kind: type
    low: float
    high: float
    low_open: bool = False
    high_open: bool = False
    inf: bool = False
    extra: tuple[Any, ...] = ()

    def __str__(self) -> str:
        noun = "an integer" if self.kind is int else "a number"
        left, right = "(" if self.low_open else "[", ")" if self.high_open else "]"
        text = f"{noun} in {left}{_bound(self.low)}, {_bound(self.high)}{right}"
        if self.inf:
            text += " or inf"
        words = [f'"{x}"' if isinstance(x, str) else _bound(x) for x in self.extra]
        return " or ".join([*words, text])

    def problem(self, value: Any) -> str | None:
        """None when ``value`` is within the range; else why not (``must be ...``)."""
        why = f"must be {self}"
        if isinstance(value, bool | np.bool_):
            return why
        if any(type(value) is type(x) and value == x for x in self.extra):
            return None
        if self.kind is int:
            if not isinstance(value, int | np.integer):
                return why
        elif not isinstance(value, int | float | np.integer | np.floating):
            return why
        elif isinstance(value, float | np.floating) and not math.isfinite(value):
            return None if self.inf and value == math.inf else why
        if value < self.low or (self.low_open and value == self.low):
            return why
        if value > self.high or (self.high_open and value == self.high):
            return why
        return None

    def contains(self, value: Any) -> bool:
        return self.problem(value) is None

    def check(self, name: str, value: Any, *, param: str | None = None) -> Any:
        """``value`` (an int as ``int``, a number as ``float``, an extra value unchanged) if it
        is within the range, else :class:`ModelError` naming ``name`` (``param``: the
        parameter the error is about, default ``name``)."""
        why = self.problem(value)
        if why is not None:
            raise ModelError(f"{name} {why}, got {shown(value)}", param=param or name)
        if isinstance(value, str) or value in self.extra:
            return value
        return int(value) if self.kind is int else float(value)


def parse_number(text: str, within: Range) -> Any:
    """A command-line text as ``within``'s kind, checked.

    Parameters
    ----------
    text : str
        The text: an integer is ASCII digits with an optional sign, ``inf`` is accepted only
        as a word, never ``nan``, and an ``extra`` value of ``within`` as ``str()`` writes it.
    within : Range
        The values accepted.

    Returns
    -------
    int, float or an extra value
        The value read.

    Raises
    ------
    ValueError
        Saying why the text is not accepted.

    Examples
    --------
    >>> parse_number("0.5", Range(float, 0, 1))
    0.5
    >>> parse_number("1e400", Range(float, 0, 1e6, inf=True))
    Traceback (most recent call last):
    ...
    ValueError: must be a number in [0, 1000000] or inf, got '1e400'
    """
    word = text.strip()
    extra = {str(x): x for x in within.extra}
    if word in extra:
        return extra[word]
    value: Any = None
    if within.kind is int and _INTEGER.fullmatch(word):
        value = int(word)
    elif within.kind is float and _NUMBER.fullmatch(word):
        value = float(word)
        if math.isinf(value):  # more digits of exponent than a float holds
            value = None
    elif within.kind is float and word.lower() in _INFINITY:
        value = math.inf
    why = within.problem(value) if value is not None else f"must be {within}"
    if why is not None:
        raise ValueError(f"{why}, got {shown(text)}")
    return value


UNIT = Range(float, 0, 1)  # weights and shares: lambda, confidence_prior
SEED = Range(int, 0, 2**32 - 1)  # what numpy's and scikit-learn's seeds take
