"""A system's answers read from a key file: the Raganato format, and our small extension of
it for ranked keys with scores and a confidence per instance.

Plain lines are the standard format (Raganato et al.; the Senseval/SemEval scorers)::

    d000.s000.t001 use%2:34:01::
    d000.s000.t002 take%2:38:00:: take%2:40:05::        several answers

The extension (what ``wsd disambiguate --top-k K --confidence`` writes) puts a score after
each key and a ``confidence=`` field anywhere after the id::

    d000.s000.t001 use%2:34:01::0.81 use%2:34:00::0.12 use%2:41:03::0.05 confidence=0.73

* ``key:score``: a *ranked* line, keys best first, each score a decimal number with a point or
  an exponent (``0.81``, ``2e-05``, ``-1.5``, ``inf``).  In a ranked file every key has one.
* ``confidence=C``: a finite confidence in the first key; on every line or on none.

A key ending in ``:`` and another number (``:nan``, ``:infinity``, ``:-1``; unsigned digits
such as a head id ``:01`` stay part of the key), or shaped like a WordNet sense key but
malformed (``say%2:32:0::``), is an error naming the file and line.
Abstentions are missing lines.  Fields are read and written in lower case.

>>> line = answer_line("i1", ["use%2:34:01::", "use%2:34:00::"], [0.81, 0.1], 0.73)
>>> line
'i1 use%2:34:01:::0.81 use%2:34:00:::0.1 confidence=0.73'
>>> parse_fields(line.split()[1:])
Answer(keys=('use%2:34:01::', 'use%2:34:00::'), scores=(0.81, 0.1), confidence=0.73)
"""

from __future__ import annotations

import math
import os
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from evaluation._exceptions import EvaluationError
from thesaurus.utils.text_input import quote
from wsd.corpus.keys import KeyFileWriter, key_lines, malformed_key, normalise_key

__all__ = [
    "SEVERAL_KEYS",
    "Answer",
    "SystemAnswers",
    "answer_line",
    "format_score",
    "parse_fields",
    "read_answer_keys",
    "read_answers",
    "several_keys_rule",
    "write_answers",
]

CONFIDENCE_FIELD = "confidence="
SEVERAL_KEYS = ("first", "all")  # score a line's first key, or all (each a share)
_SCORED = re.compile(
    r"^(?P<key>.+):(?P<score>[-+]?(?:(?:\d+\.\d*|\.\d+)(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+|inf))$",
    re.ASCII,
)
_DECIMAL = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?", re.ASCII)
_HEAD_ID = re.compile(r"[0-9]+")  # the digits that may end a plain key (a WordNet head id)


@dataclass(frozen=True, slots=True)
class Answer:
    """One instance's answer: ``keys`` best first; ``scores`` and ``confidence`` or ``None``."""

    keys: tuple[str, ...]
    scores: tuple[float, ...] | None = None
    confidence: float | None = None


@dataclass(frozen=True)
class SystemAnswers:
    """Every answer of a key file, by instance id, in file order."""

    path: str
    answers: Mapping[str, Answer]
    ranked: bool
    has_confidence: bool

    @property
    def several(self) -> int:
        """How many lines list more than one key."""
        return sum(1 for a in self.answers.values() if len(a.keys) > 1)

    @property
    def longest(self) -> int:
        """The most keys on one line (0 for an empty file)."""
        return max((len(a.keys) for a in self.answers.values()), default=0)

    def keys(self, several: str) -> dict[str, tuple[str, ...]]:
        """The keys scored per instance: each line's ``first`` key, or ``all`` of them."""
        if several not in SEVERAL_KEYS:
            raise EvaluationError(f"several-keys rule must be first or all, got {several!r}")
        if several == "first":
            return {i: a.keys[:1] for i, a in self.answers.items()}
        return {i: a.keys for i, a in self.answers.items()}


def format_score(value: float) -> str:
    """A score as the ranked format writes it: 6 significant digits, with a point or exponent.

    >>> format_score(1), format_score(0.123456789), format_score(-2e-7), format_score(math.inf)
    ('1.0', '0.123457', '-2e-07', 'inf')
    """
    number = float(value)
    if math.isnan(number):
        raise EvaluationError("a score cannot be NaN")
    if math.isinf(number):
        return "inf" if number > 0 else "-inf"
    text = f"{number:.6g}"
    return text if "." in text or "e" in text else text + ".0"


def answer_line(
    instance_id: str,
    keys: Sequence[str],
    scores: Sequence[float] | None = None,
    confidence: float | None = None,
) -> str:
    """One key-file line, with scores and confidence when given; :class:`EvaluationError`
    for a key that would read back as something else."""
    return f"{instance_id} {' '.join(_fields(instance_id, keys, scores, confidence))}"


def _fields(
    instance_id: str, keys: Sequence[str], scores: Sequence[float] | None, confidence: float | None
) -> list[str]:
    """The fields of :func:`answer_line` after the id, keys in lower case."""
    if not keys:
        raise EvaluationError(f"instance {quote(instance_id)}: a key line needs at least one key")
    keys = [normalise_key(key) for key in keys]
    for key in keys:
        if key.startswith(CONFIDENCE_FIELD):
            raise EvaluationError(
                f"instance {quote(instance_id)}: key {quote(key)} would be read back as a "
                "confidence"
            )
        if scores is None:
            try:
                scored = _scored(key)
            except EvaluationError as exc:
                raise EvaluationError(
                    f"instance {quote(instance_id)}: key {quote(key)} would not read back ({exc})"
                ) from None
            if scored is not None:
                raise EvaluationError(
                    f"instance {quote(instance_id)}: key {quote(key)} would be read back as a "
                    "key with a score; write the file with scores"
                )
    if scores is None:
        fields = list(keys)
    else:
        if len(scores) != len(keys):
            raise EvaluationError(
                f"instance {quote(instance_id)}: {len(keys)} keys but {len(scores)} scores"
            )
        fields = [f"{k}:{format_score(s)}" for k, s in zip(keys, scores, strict=True)]
    if confidence is not None:
        if not math.isfinite(confidence):
            raise EvaluationError(f"instance {quote(instance_id)}: confidence must be finite")
        fields.append(f"{CONFIDENCE_FIELD}{format_score(confidence)}")
    return fields


def write_answers(path: str | os.PathLike[str], rows: Iterable[tuple[str, Answer]]) -> int:
    """Write ``(instance_id, answer)`` pairs atomically (no line for an answer without a key)
    and return the number of lines.  What would not read back as written raises
    :class:`EvaluationError` and leaves ``path`` as it was."""
    with KeyFileWriter(path) as out:
        for instance_id, answer in rows:
            if answer.keys:
                fields = _fields(instance_id, answer.keys, answer.scores, answer.confidence)
                out.write(instance_id, fields, shown=answer.keys)
    return out.lines


def _number(text: str, what: str) -> float:
    """An ASCII decimal number (``0.5``, ``-2``, ``1e-3``); NaN and infinities are named."""
    if _DECIMAL.fullmatch(text) is None:
        try:
            value = float(text)
        except ValueError:
            value = 0.0
        if math.isnan(value):
            raise EvaluationError(f"{what} is NaN")
        if math.isinf(value):
            raise EvaluationError(f"{what} must be finite")
        raise EvaluationError(f"{what} {quote(text)} is not a number")
    return float(text)


def _scored(field: str) -> tuple[str, float] | None:
    """``(key, score)`` of a ``key:score`` field, ``None`` for a plain key; raises for a key
    ending in a number that is not a score."""
    match = _SCORED.match(field)
    if match is not None:  # a ranked file repeats its keys on every line: one string each
        return sys.intern(match["key"]), float(match["score"])
    key, colon, tail = field.rpartition(":")
    if not (colon and key) or _HEAD_ID.fullmatch(tail):
        return None
    try:
        value = float(tail)
    except ValueError:
        return None
    if math.isnan(value):
        raise EvaluationError(f"key {quote(key)}: its score {quote(tail)} is NaN")
    raise EvaluationError(
        f"key {quote(key)}: its score {quote(tail)} is not written as a score (a decimal "
        "number with a point or an exponent, or inf)"
    )


def parse_fields(fields: Sequence[str]) -> Answer:
    """The :class:`Answer` of a line's fields after the id; raises for a bad line."""
    keys: list[str] = []
    scores: list[float] = []
    plain: list[str] = []
    confidence: float | None = None
    for field in map(normalise_key, fields):
        if field.startswith(CONFIDENCE_FIELD):
            if confidence is not None:
                raise EvaluationError("confidence= is given twice")
            confidence = _number(field[len(CONFIDENCE_FIELD) :], "confidence")
            if math.isinf(confidence):
                raise EvaluationError("confidence must be finite")
            continue
        scored = _scored(field)
        if scored is None:
            keys.append(field)
            plain.append(field)
            continue
        keys.append(scored[0])
        scores.append(scored[1])
    if not keys:
        raise EvaluationError("no sense key")
    if scores and plain:
        raise EvaluationError(f"key {quote(plain[0])} has no score while other keys of the line do")
    return Answer(tuple(keys), tuple(scores) if scores else None, confidence)


def read_answers(path: str | os.PathLike[str]) -> SystemAnswers:
    """Read a key file, plain or ranked; an :class:`EvaluationError` names the file, line and
    instance of the first problem."""
    answers: dict[str, Answer] = {}
    plain: dict[Answer, Answer] = {}  # plain lines repeat a few thousand answers: one object each
    first: tuple[int, str, Answer] | None = None
    for lineno, instance_id, fields in key_lines(path):
        where = f"{path}:{lineno}: instance {quote(instance_id)}"
        try:
            answer = parse_fields(fields)
        except EvaluationError as exc:
            raise EvaluationError(f"{where}: {exc}") from None
        problem = next(filter(None, map(malformed_key, answer.keys)), None)
        if problem is not None:
            raise EvaluationError(f"{where}: {problem}")
        if first is None:
            first = (lineno, instance_id, answer)
        else:
            _consistent(where, first, answer)
        if answer.scores is None and answer.confidence is None:
            answer = plain.setdefault(answer, answer)
        answers[instance_id] = answer
    ranked = first is not None and first[2].scores is not None
    confident = first is not None and first[2].confidence is not None
    return SystemAnswers(str(path), answers, ranked, confident)


def read_answer_keys(path: str | os.PathLike[str]) -> dict[str, tuple[str, ...]]:
    """A key file's answers by instance id under the default :func:`several_keys_rule`."""
    system = read_answers(path)
    return system.keys(several_keys_rule(system)[0])


def _consistent(where: str, first: tuple[int, str, Answer], answer: Answer) -> None:
    """A line scores its keys and gives a confidence as the file's first line does."""
    line, instance, model = first
    for has, yes, no in (
        (lambda a: a.scores is not None, "scores its keys", "does not score its keys"),
        (lambda a: a.confidence is not None, "gives confidence=", "gives no confidence="),
    ):
        if has(answer) != has(model):
            raise EvaluationError(
                f"{where} {yes if has(answer) else no} but line {line} (instance "
                f"{quote(instance)}) {'does not' if has(answer) else 'does'} (on every line "
                "or on none)"
            )


def several_keys_rule(
    system: SystemAnswers, requested: str | None = None
) -> tuple[str, str | None]:
    """The rule for lines with several keys (default: ``first`` for a ranked file, else
    ``all``) and a warning when the default matters."""
    if requested is not None:
        if requested not in SEVERAL_KEYS:
            raise EvaluationError(f"several-keys rule must be first or all, got {requested!r}")
        return requested, None
    if system.ranked:
        return "first", None
    several = system.several
    if not several:
        return "all", None
    return "all", (
        f"{system.path}: {several} of {len(system.answers)} lines list several keys; each key "
        f"earns its share of the credit, as the official scorer gives it (a right key among "
        f"{system.longest} earns 1/{system.longest}); if the keys are a ranking, score the first "
        "with --several-keys first (wsd disambiguate --top-k writes key:score, read as a ranking)"
    )
