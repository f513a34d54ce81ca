"""Answers files (a system's key file, plain or ranked) for the fuzz suite: a generator of
valid files with the answers they hold, and files with one odd field put in (a score or a
confidence that is no number, not finite, or given twice; plain and scored keys mixed).
"""

from __future__ import annotations

from typing import Any

from fuzzing import BOM, Draw, line_breaks
from hypothesis import strategies as st

Answer = tuple[tuple[str, ...], tuple[float, ...] | None, float | None]
Answers = tuple[dict[str, Answer], bool, bool]


def read_back(system: Any) -> Answers:
    """What ``read_answers`` read, in the generator's terms."""
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
