"""Answers files (a system's key file, plain or ranked) for the fuzz suite: a generator of valid
files and an independent model of the format (``evaluation/answers.py``'s docstring, restated
with a hand-written number reader instead of its regular expressions).

A line is ``id field ...``, fields read in lower case: ``key`` (plain) or ``key:score``
(ranked: the text after the last colon is a score: a decimal number written with a point or an
exponent, or ``inf``, ASCII, signed or not), and at most one ``confidence=C`` (an ASCII decimal
number, finite).  A key ending in a colon and something Python reads as a number that is not a
score (``nan``, ``infinity``, ``-1``) and not unsigned ASCII digits (a head id) is an error.  A
line needs a key; a line scores all its keys or none; a key read as a WordNet key without the
shape is an error; every line scores its keys, and gives a confidence, as the first line does.
"""

from __future__ import annotations

import math
from typing import Any

from fuzzing import BOM, Draw, Failure, key_rows, line_breaks, malformed_key
from hypothesis import strategies as st

DIGITS = set("0123456789")
Answer = tuple[tuple[str, ...], tuple[float, ...] | None, float | None]
Answers = tuple[dict[str, Answer], bool, bool]


def _digits(text: str) -> bool:
    return bool(text) and set(text) <= DIGITS


def _decimal(text: str, point_or_exponent: bool) -> bool:
    """``[sign] mantissa [e|E [sign] digits]``; the mantissa digits with an optional point
    (digits on one side at least); with ``point_or_exponent`` one of the two is required."""
    if text[:1] in ("+", "-"):
        text = text[1:]
    mantissa, exponent = text, None
    for mark in "eE":
        if mark in text:
            mantissa, _, exponent = text.partition(mark)
            break
    if exponent is not None:
        if exponent[:1] in ("+", "-"):
            exponent = exponent[1:]
        if not _digits(exponent):
            return False
    whole, point, fraction = mantissa.partition(".")
    if point:
        return (whole or fraction) != "" and all(set(p) <= DIGITS for p in (whole, fraction))
    return _digits(whole) and (exponent is not None or not point_or_exponent)


def _score(text: str) -> bool:
    return (
        text.lstrip("+-") == "inf"
        and len(text) - len(text.lstrip("+-")) <= 1
        or _decimal(text, point_or_exponent=True)
    )


def _number_like(text: str) -> bool:
    """Python reads it as a number, and it is not unsigned ASCII digits."""
    if _digits(text):
        return False
    try:
        float(text)
    except ValueError:
        return False
    return True


def answers_model(data: bytes, file: str) -> Answers | Failure:
    """The answers of a key file, or the failure at the first problem."""
    answers: dict[str, Answer] = {}
    first: tuple[bool, bool] | None = None
    for row in key_rows(data, file):  # line by line: the first problem in file order
        if isinstance(row, Failure):
            return row
        number, instance, fields = row
        keys, scores, plain = [], [], 0
        confidence = None
        for field in fields:
            if field.startswith("confidence="):
                value = field[len("confidence=") :]
                if confidence is not None or not _decimal(value, point_or_exponent=False):
                    return Failure(file, number, "confidence twice, or not a number")
                confidence = float(value)
                if math.isinf(confidence):
                    return Failure(file, number, "confidence not finite")
                continue
            key, colon, score = field.rpartition(":")
            if colon and key and _score(score):
                keys.append(key)
                scores.append(float(score))
            elif colon and key and _number_like(score):
                return Failure(file, number, "a number that is not a score")
            else:
                keys.append(field)
                plain += 1
        if not keys:
            return Failure(file, number, "no key")
        if scores and plain:
            return Failure(file, number, "scored and plain keys")
        if any(malformed_key(k) for k in keys):
            return Failure(file, number, "malformed sense key")
        shape = (bool(scores), confidence is not None)
        if first is not None and shape != first:
            return Failure(file, number, "not as the first line")
        first = first or shape
        answers[instance] = (tuple(keys), tuple(scores) if scores else None, confidence)
    ranked, confident = first or (False, False)
    return answers, ranked, confident


def read_back(system: Any) -> Answers:
    """What ``read_answers`` read, in the model's terms."""
    return (
        {i: (a.keys, a.scores, a.confidence) for i, a in system.answers.items()},
        system.ranked,
        system.has_confidence,
    )


# --- valid files -----------------------------------------------------------------------------
_PLAIN_KEYS = ["use%2:34:01::", "use%2:34:00::", "使う.1", "k", "a:b", "x:", "x:1"]
_RANKED_KEYS = [*_PLAIN_KEYS, "x:1.5", "confidence", ":"]
_SCORES = ["0.81", "1.0", "2e-05", "-1.5", "inf", "-inf", ".5", "5.", "1E3", "+0.0"]
_CONFIDENCES = ["0.73", "1", "-2", "5.", ".5", "1e-3", "+4E2"]


@st.composite
def answers_files(draw: Draw) -> tuple[bytes, Answers]:
    """A valid answers file (plain or ranked, with confidences or not, the confidence field
    anywhere after the id, mixed separators and line breaks, maybe a BOM) and what it holds."""
    ranked, confident = draw(st.booleans()), draw(st.booleans())
    ids = draw(st.lists(st.sampled_from(["d1", "d2", "d3.s0.t1", "使う.4", "i"]), unique=True))
    answers = {}
    text = ""
    for instance in ids:
        keys = draw(
            st.lists(
                st.sampled_from(_RANKED_KEYS if ranked else _PLAIN_KEYS), min_size=1, max_size=3
            )
        )
        fields = list(keys)
        scores = None
        if ranked:
            written = [draw(st.sampled_from(_SCORES)) for _ in keys]
            fields = [f"{k}:{s}" for k, s in zip(keys, written, strict=True)]
            scores = tuple(float(s) for s in written)
        confidence = None
        if confident:
            value = draw(st.sampled_from(_CONFIDENCES))
            fields.insert(draw(st.integers(0, len(fields))), f"confidence={value}")
            confidence = float(value)
        answers[instance] = (tuple(keys), scores, confidence)
        gap = draw(st.sampled_from([" ", "\t", "  "]))
        text += gap.join([instance, *fields]) + line_breaks(draw)
    data = text.encode()
    shape = (ranked, confident) if ids else (False, False)
    return (BOM + data if draw(st.booleans()) else data), (answers, *shape)


# --- edits of fields ---------------------------------------------------------------------------
_ODD_FIELDS = ["k:0.5", "k", "confidence=0.5", "confidence=nan", "confidence=inf", "k:NaN"]
_ODD_FIELDS += ["k:1", "k:1e999", "confidence=1e999", "k:１.５", "confidence=", ":0.5", "k:.e1"]
_ODD_FIELDS += ["confidence=0x10", "k:-inf", "k:+-1.0", "k:1.0.0", "k:INF", "confidence=٣"]
_ODD_FIELDS += ["k:nan", "K:-NaN", "k:+nan", "k:Infinity", "k:-1", "k:1_0.5", "k:01", "K:0.5"]


@st.composite
def odd_answers_files(draw: Draw) -> tuple[bytes, list[str]]:
    """A valid file with one line's field replaced by, or given, an odd one (a score or a
    confidence of another form, a plain key among scored ones, a confidence twice)."""
    data, _ = draw(answers_files())
    lines = data.decode("utf-8-sig").splitlines() or ["d1 k"]
    at = draw(st.integers(0, len(lines) - 1))
    fields = lines[at].split()
    odd = draw(st.sampled_from(_ODD_FIELDS))
    if draw(st.booleans()) and len(fields) > 1:
        fields[draw(st.integers(1, len(fields) - 1))] = odd
        edit = "replace a field"
    else:
        fields.insert(draw(st.integers(1, len(fields))), odd)
        edit = "add a field"
    lines[at] = " ".join(fields)
    return "".join(line + "\n" for line in lines).encode(), [edit]
