"""A system's answers read from a key file: the Raganato format, and our small extension of
it for ranked keys with scores and a confidence per instance.

Plain lines are the standard format (Raganato et al.; the Senseval/SemEval scorers)::

    d000.s000.t001 use%2:34:01::
    d000.s000.t002 take%2:38:00:: take%2:40:05::        several answers

The extension (what ``wsd disambiguate --top-k K --confidence`` writes) puts a score after
each key and a ``confidence=`` field anywhere after the id::

    d000.s000.t001 use%2:34:01::0.81 use%2:34:00::0.12 use%2:41:03::0.05 confidence=0.73

* ``key:score``: a *ranked* line: keys best first, each with its score (a decimal number
  written with a point or an exponent: ``0.81``, ``1.0``, ``2e-05``, ``-1.5``, ``inf``).  The
  order of the line is the ranking; the first key is the answer and the others feed top-k
  curves.  A file is ranked when its keys carry scores, and then all of them must.
* ``confidence=C``: the system's confidence in its first key (a finite number; higher is
  surer), for applicability curves; on every line or on none.

A WordNet sense key never ends in ``:<number with a point>`` (its last field is empty or a
two-digit head id), so a plain WordNet key file is never mistaken for a ranked one; a sense id
of another thesaurus that does (``x:1.5``) must be written with its score.  Abstentions are
missing lines, as in the standard format.

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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from thesaurus.io import atomic_open

from ._exceptions import EvaluationError

__all__ = [
    "SEVERAL_KEYS",
    "Answer",
    "SystemAnswers",
    "answer_line",
    "format_score",
    "parse_fields",
    "read_answers",
    "several_keys_rule",
    "write_answers",
]

CONFIDENCE_FIELD = "confidence="
# Rules for a line with several keys: score its first key (a ranking's answer) or every key,
# each earning its share of the credit (the official scorer's reading of several answers).
SEVERAL_KEYS = ("first", "all")
_SCORED = re.compile(
    r"^(?P<key>.+):(?P<score>[-+]?(?:(?:\d+\.\d*|\.\d+)(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+|inf))$"
)


@dataclass(frozen=True, slots=True)
class Answer:
    """One instance's answer: ``keys`` (best first on a ranked line), their ``scores`` on a
    ranked line (else ``None``) and the ``confidence`` of the first key (``None``: not given)."""

    keys: tuple[str, ...]
    scores: tuple[float, ...] | None = None
    confidence: float | None = None


@dataclass(frozen=True)
class SystemAnswers:
    """Every answer of a key file, by instance id, in file order.  ``ranked``: the keys carry
    scores (a ranking); ``has_confidence``: every line gives a confidence."""

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
    """A score as the ranked format writes it: 6 significant digits, always with a point or
    an exponent (``1.0``, not ``1``), so that it reads back as a score.

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
    """One key-file line: plain keys, or ``key:score`` items when ``scores`` are given, and a
    ``confidence=`` field when ``confidence`` is."""
    if not keys:
        raise EvaluationError(f"instance {instance_id!r}: a key line needs at least one key")
    if scores is None:
        fields = list(keys)
    else:
        if len(scores) != len(keys):
            raise EvaluationError(
                f"instance {instance_id!r}: {len(keys)} keys but {len(scores)} scores"
            )
        fields = [f"{k}:{format_score(s)}" for k, s in zip(keys, scores, strict=True)]
    if confidence is not None:
        fields.append(f"{CONFIDENCE_FIELD}{format_score(confidence)}")
    return f"{instance_id} {' '.join(fields)}"


def write_answers(path: str | os.PathLike[str], rows: Iterable[tuple[str, Answer]]) -> int:
    """Write ``(instance_id, answer)`` pairs atomically, one line each (answers without a key
    are abstentions: no line); returns the number of lines."""
    count = 0
    with atomic_open(Path(path)) as handle:
        for instance_id, answer in rows:
            if answer.keys:
                handle.write(
                    answer_line(instance_id, answer.keys, answer.scores, answer.confidence)
                )
                handle.write("\n")
                count += 1
    return count


def _number(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise EvaluationError(f"{what} {text!r} is not a number") from None
    if math.isnan(value):
        raise EvaluationError(f"{what} is NaN")
    return value


def parse_fields(fields: Sequence[str]) -> Answer:
    """The :class:`Answer` of a line's fields after the id (see the module docstring); a
    line mixing scored and plain keys is an error."""
    keys: list[str] = []
    scores: list[float] = []
    plain: list[str] = []
    confidence: float | None = None
    for field in fields:
        if field.startswith(CONFIDENCE_FIELD):
            if confidence is not None:
                raise EvaluationError("confidence= is given twice")
            confidence = _number(field[len(CONFIDENCE_FIELD) :], "confidence")
            if math.isinf(confidence):
                raise EvaluationError("confidence must be finite")
            continue
        match = _SCORED.match(field)
        if match is None:
            keys.append(field)
            plain.append(field)
            continue
        keys.append(match["key"])
        scores.append(_number(match["score"], f"the score of {match['key']!r}"))
    if not keys:
        raise EvaluationError("no sense key")
    if scores and plain:
        raise EvaluationError(f"key {plain[0]!r} has no score while other keys of the line do")
    return Answer(tuple(keys), tuple(scores) if scores else None, confidence)


def read_answers(path: str | os.PathLike[str]) -> SystemAnswers:
    """Read a key file, plain or ranked (module docstring).  Errors name the file and the
    instance: a line without a key, a bad score or confidence, a file that scores the keys of
    some lines only, or gives a confidence on some lines only."""
    from wsd.corpus.keys import read_keys

    answers: dict[str, Answer] = {}
    for instance_id, fields in read_keys(path).items():
        try:
            answers[instance_id] = parse_fields(fields)
        except EvaluationError as exc:
            raise EvaluationError(f"{path}: instance {instance_id!r}: {exc}") from None
    ranked = _every(path, answers, "scores its keys", lambda a: a.scores is not None)
    confident = _every(path, answers, "gives confidence=", lambda a: a.confidence is not None)
    return SystemAnswers(str(path), answers, ranked, confident)


def _every(
    path: object, answers: Mapping[str, Answer], what: str, test: Callable[[Answer], bool]
) -> bool:
    """Whether every answer passes ``test``; an error naming one instance that does and one
    that does not when only some pass."""
    first: dict[bool, str] = {}
    for instance_id, answer in answers.items():
        first.setdefault(test(answer), instance_id)
    if len(first) == 2:
        raise EvaluationError(
            f"{path}: instance {first[True]!r} {what} but instance {first[False]!r} does not "
            "(on every line or on none)"
        )
    return True in first


def several_keys_rule(
    system: SystemAnswers, requested: str | None = None
) -> tuple[str, str | None]:
    """The rule for lines with several keys (:data:`SEVERAL_KEYS`) and, when it was chosen
    without being asked for and matters, a warning saying how those lines are scored.

    By default a ranked file scores each line's first key (the others are its ranking) and a
    plain file every key, each earning its share of the credit as the official scorer gives it.
    """
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
