"""The documented ranges of numeric settings, read from the documentation itself, and an
independent model of what a range accepts; for ``tests/wsd/test_ranges.py`` and the fuzz targets
of ``tests/wsd/test_fuzz_models.py``.

- :func:`method_ranges`: the parameters table of ``docs/methods.md`` (method, parameter, range);
- :func:`config_ranges`: the table of ``docs/experiments.md``, "Ranges" (key, range);
- :class:`DocRange`: a range as the documentation words it (``an integer in [1, 1000000]``,
  ``"sentence" or ...``, ``... or inf``), and :meth:`DocRange.accepts`, the rule restated;
- :func:`samples` (boundary values inside and outside a range) and :func:`odd_numbers` (a
  hypothesis strategy of huge, tiny, negative, NaN/inf, float-for-int and bool values).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import strategies as st
from paths import ROOT

_RANGE = re.compile(
    r'(?:(?P<extra>"[^"]+"|-?\d+) or )?(?P<noun>an integer|a number) in '
    r"(?P<left>[\[(])(?P<low>[^,]+), (?P<high>[^\])]+)(?P<right>[\])])(?P<inf> or inf)?"
)


@dataclass(frozen=True)
class DocRange:
    """A range as written: ``an integer in [1, 1000000]``, ``a number in (0, 1] or inf``,
    ``"sentence" or an integer in ...``, ``-1 or an integer in ...``."""

    text: str
    integer: bool
    low: float
    high: float
    low_open: bool
    high_open: bool
    inf: bool
    extra: Any  # None, a word or an integer

    @classmethod
    def parse(cls, text: str) -> DocRange:
        found = _RANGE.fullmatch(text.strip())
        assert found is not None, f"not a range as the documentation writes them: {text!r}"
        extra: Any = found["extra"]
        if extra is not None:
            extra = extra.strip('"') if extra.startswith('"') else int(extra)
        return cls(
            text.strip(),
            found["noun"] == "an integer",
            float(found["low"]),
            float(found["high"]),
            found["left"] == "(",
            found["right"] == ")",
            found["inf"] is not None,
            extra,
        )

    def accepts(self, value: Any) -> bool:
        """Whether the documentation says ``value`` is accepted: integers are real integers
        (no bool, no ``2.0``); numbers are ints or floats, NaN never, inf only with ``or
        inf``; the extra value itself (same type)."""
        if isinstance(value, bool | np.bool_):
            return False
        if self.extra is not None and type(value) is type(self.extra) and value == self.extra:
            return True
        if self.integer:
            if not isinstance(value, int | np.integer):
                return False
        elif not isinstance(value, int | float | np.integer | np.floating):
            return False
        elif isinstance(value, float | np.floating) and math.isnan(value):
            return False
        elif isinstance(value, float | np.floating) and math.isinf(value):
            return self.inf and value > 0
        above_low = value > self.low if self.low_open else value >= self.low
        below_high = value < self.high if self.high_open else value <= self.high
        return bool(above_low and below_high)


def _table(path: Path, heading: str | None) -> list[list[str]]:
    """The body rows of the first markdown table after ``heading`` (or in the file)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    if heading is not None:
        lines = lines[lines.index(heading) :]
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def _method_table() -> list[tuple[str, str, str, str]]:
    """``(methods, parameter, range, default)`` per row of ``docs/methods.md``'s parameters
    table whose values are a numeric range."""
    rows = _table(ROOT / "docs" / "methods.md", "## Parameters")
    return [(m, p, r, d) for m, p, _, d, r in rows if _RANGE.fullmatch(r.strip())]


def method_defaults() -> list[tuple[str, str, str]]:
    """``(method, parameter, default)`` per documented method and parameter, as the table of
    ``docs/methods.md`` writes the default (the similarity mappings' left out)."""
    from wsd.methods import METHODS

    out = []
    for methods, parameter, _, default in _method_table():
        names = sorted(METHODS) if methods == "every method" else methods.split(", ")
        param = re.findall(r"`([^`]+)`", parameter)[0]
        if param != "similarity_params":
            param = "confidence_lambda" if param == "lambda" else param
            out += [(name, param, default) for name in names]
    return out


def method_ranges() -> list[tuple[str, str, DocRange]]:
    """``(method, parameter, range)`` per documented method parameter (``every method`` and
    ``ims, hybrid`` rows expanded; ``lambda`` is ``confidence_lambda``;
    ``similarity_params.<name>`` for the similarity mappings' parameters)."""
    from wsd.methods import METHODS

    out = []
    for methods, parameter, text, _ in _method_table():
        names = sorted(METHODS) if methods == "every method" else methods.split(", ")
        param = re.findall(r"`([^`]+)`", parameter)
        if param[0] == "lambda":
            params = ["confidence_lambda"]
        elif param[0] == "similarity_params":
            params = [f"similarity_params.{p}" for p in param[1:]]
        else:
            params = param
        out += [(name, p, DocRange.parse(text)) for name in names for p in params]
    return out


def config_ranges() -> list[tuple[str, DocRange]]:
    """``(key path, range)`` per row of ``docs/experiments.md``'s "Ranges" table."""
    rows = _table(ROOT / "docs" / "experiments.md", "## Ranges")
    return [(key.strip("`"), DocRange.parse(text)) for key, text, _ in rows]


def samples(doc: DocRange) -> list[Any]:
    """Values at and across the range's bounds, and of the wrong kinds: every one the
    documentation decides (:meth:`DocRange.accepts`)."""
    low, high = doc.low, doc.high
    if doc.integer:
        near = [int(low) - 1, int(low), int(low) + 1, int(high) - 1, int(high), int(high) + 1]
        wrong = [float(low), float(high), low + 0.5, 10**12, 1e12, 10**400, -(10**400)]
    else:
        near = [low, high, low - 1e-3, high + 1e-3, (low + high) / 2]
        near += [math.nextafter(low, math.inf), math.nextafter(high, -math.inf)]
        near += [int(low), int(high), int(high) + 1, 10**400, -(10**400)]
        wrong = [1e308, 5e-324, -5e-324, 1e-300]
    extra = [] if doc.extra is None else [doc.extra]
    odd = [math.nan, math.inf, -math.inf, True, False, None, "1", "x", [1], np.int64(int(low))]
    return near + wrong + extra + odd


def odd_numbers(doc: DocRange) -> st.SearchStrategy[Any]:
    """Values a user may write for a numeric setting: within or near the documented bounds,
    huge, tiny, negative, NaN and inf, integers written as floats, booleans, numpy scalars,
    strings."""
    bound = st.sampled_from([doc.low, doc.high])
    return st.one_of(
        st.sampled_from(samples(doc)),
        st.integers(-(2**70), 2**70),
        st.integers(int(doc.low) - 3, int(min(doc.high, 2**62)) + 3),
        st.floats(allow_nan=True, allow_infinity=True),
        st.floats(min_value=doc.low - 1, max_value=min(doc.high, 1e300) + 1),
        bound.map(lambda b: b * (1 + 1e-12) if b else 1e-300),
        bound.map(float),
        st.integers(0, 10).map(np.int32),
        st.floats(0, 1).map(np.float32),
        st.booleans(),
        st.text(max_size=4),
    )
