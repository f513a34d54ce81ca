"""The forms of ``wsd disambiguate`` a person reads (``--to jsonl|tsv``): one record per verb
instance, abstentions included, built from :class:`wsd.types.Reading` records.

JSONL, one object per instance::

    {"id": ..., "sentence_id": ..., "text": ..., "position": 3, "form": "made", "lemma": "make",
     "sense": "make%2:36:01::", "gloss": ..., "score": 0.61, "confidence": 0.42,
     "fallback": null, "alternatives": [{"sense": ..., "score": ..., "gloss": ...}, ...]}

TSV, a header line then one line per instance: the columns of :func:`tsv_header`, a field's
tabs and line breaks turned into spaces; an empty field where JSONL has ``null``.  Scores and
confidences are written as the ranked key format writes them (6 significant digits; in JSON a
number, or the string ``"inf"``/``"-inf"`` for an infinite score).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable
from typing import Any

from evaluation.answers import format_score
from thesaurus.utils.outputs import atomic_open
from wsd.types import Reading

__all__ = ["FORMS", "jsonl_record", "tsv_header", "tsv_row", "write_readings"]

FORMS = ("key", "jsonl", "tsv")  # --to of wsd disambiguate; key: the key file of evaluation.answers
_COLUMNS = ("id", "sentence_id", "position", "form", "lemma", "sense", "score", "gloss")
_TAIL = ("confidence", "fallback")


def jsonl_record(reading: Reading) -> dict[str, Any]:
    """The JSON object of one reading (the module docstring)."""
    best = reading.senses[0] if reading.senses else None
    return {
        "id": reading.instance_id,
        "sentence_id": reading.sentence_id,
        "text": reading.text,
        "position": reading.position,
        "form": reading.form,
        "lemma": reading.lemma,
        "sense": reading.sense,
        "gloss": reading.gloss,
        "score": None if best is None else _number(best.score),
        "confidence": _number(reading.confidence),
        "fallback": reading.fallback,
        "alternatives": [
            {"sense": s.key, "score": _number(s.score), "gloss": s.gloss}
            for s in reading.alternatives
        ],
    }


def _number(value: float) -> float | str:
    """A score for JSON: :func:`format_score`'s digits as a number (an infinity: its text)."""
    text = format_score(value)
    return float(text) if math.isfinite(value) else text


def tsv_header(top_k: int) -> list[str]:
    """The TSV columns: ``id sentence_id position form lemma sense score gloss confidence
    fallback``, then ``sense_N score_N gloss_N`` for N = 2 .. ``top_k``, then ``text``."""
    extra = [f"{name}_{n}" for n in range(2, top_k + 1) for name in ("sense", "score", "gloss")]
    return [*_COLUMNS, *_TAIL, *extra, "text"]


def tsv_row(reading: Reading, top_k: int) -> list[str]:
    """One reading's fields, in :func:`tsv_header`'s order (``top_k`` senses at most)."""
    best = reading.senses[0] if reading.senses else None
    fields = [
        reading.instance_id,
        reading.sentence_id,
        str(reading.position),
        reading.form,
        reading.lemma,
        reading.sense or "",
        "" if best is None else format_score(best.score),
        reading.gloss or "",
        format_score(reading.confidence),
        reading.fallback or "",
    ]
    for n in range(1, top_k):
        sense = reading.senses[n] if n < len(reading.senses) else None
        if sense is None:
            fields += ["", "", ""]
        else:
            fields += [sense.key, format_score(sense.score), sense.gloss or ""]
    fields.append(reading.text)
    return [" ".join(field.split()) for field in fields]


def write_readings(
    path: str | os.PathLike[str], readings: Iterable[Reading], form: str, top_k: int
) -> int:
    """Write ``readings`` as ``form`` (``jsonl`` or ``tsv``) atomically; the number of
    instances written."""
    count = 0
    with atomic_open(path) as handle:
        if form == "tsv":
            handle.write("\t".join(tsv_header(top_k)) + "\n")
        for reading in readings:
            if form == "tsv":
                handle.write("\t".join(tsv_row(reading, top_k)) + "\n")
            else:
                record = jsonl_record(reading)
                handle.write(json.dumps(record, ensure_ascii=False, allow_nan=False) + "\n")
            count += 1
    return count
