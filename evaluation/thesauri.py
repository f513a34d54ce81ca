"""The thesaurus of each part of speech that graded credit uses: an instance is graded on the
thesaurus of its gold key's part of speech (:func:`thesaurus.sense_key_pos`), ``none`` meaning
exact match; keys that are not WordNet sense keys use the verb thesaurus.  Each is loaded when
a key of its part of speech is first scored.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import thesaurus
from evaluation._exceptions import EvaluationError
from thesaurus import WORDNET_SPECS, Thesaurus, sense_key_pos

__all__ = [
    "NO_THESAURUS",
    "PARTS_OF_SPEECH",
    "Thesauri",
    "ThesaurusSpecs",
    "thesaurus_hint",
    "unknown_keys_warning",
    "unknown_keys_warnings",
]

PARTS_OF_SPEECH = ("noun", "verb", "adj", "adv")
_WORDNET = {*WORDNET_SPECS.values(), "wordnet-verb+groups"}
NO_THESAURUS = "none"  # the spec of a part of speech scored by exact match


@dataclass(frozen=True)
class ThesaurusSpecs:
    """The thesaurus spec of each part of speech (``thesaurus.load`` specs, or ``"none"``:
    exact match); ``verb`` also grades keys without a WordNet part of speech."""

    noun: str = WORDNET_SPECS["noun"]
    verb: str = WORDNET_SPECS["verb"]
    adj: str = WORDNET_SPECS["adj"]
    adv: str = WORDNET_SPECS["adv"]

    def __post_init__(self) -> None:
        """Check every spec (a WordNet spec, ``none`` or an existing ``.tsv`` file) unloaded."""
        for pos in PARTS_OF_SPEECH:
            spec = getattr(self, pos)
            if not isinstance(spec, str) or not spec.strip():
                raise EvaluationError(
                    f"{pos} thesaurus must be a thesaurus spec or {NO_THESAURUS!r}, got {spec!r}"
                )
            if spec == NO_THESAURUS or spec in _WORDNET:
                continue
            if not spec.endswith(".tsv"):
                raise EvaluationError(
                    f"unknown thesaurus {spec!r} for {pos}: use {', '.join(sorted(_WORDNET))}, a "
                    f"<stem>.tsv file or {NO_THESAURUS} (exact match)"
                )
            if not Path(spec).expanduser().is_file():
                raise EvaluationError(f"{pos} thesaurus file {spec} does not exist")

    def spec(self, pos: str | None) -> str:
        """The spec of ``pos`` (``None``: the verb thesaurus's)."""
        return getattr(self, pos or "verb")

    def described(self) -> dict[str, str]:
        """``{pos: spec or "exact match"}`` for reports."""
        return {
            pos: "exact match" if getattr(self, pos) == NO_THESAURUS else getattr(self, pos)
            for pos in PARTS_OF_SPEECH
        }


class Thesauri:
    """The thesaurus of each part of speech, from :class:`ThesaurusSpecs`,
    :meth:`from_thesauri` or :meth:`single`.

    >>> Thesauri(ThesaurusSpecs(noun="none")).of("noun") is None
    True
    >>> Thesauri().specs.spec(None)  # a key of another resource: the verb thesaurus's
    'wordnet-verb'
    """

    def __init__(self, specs: ThesaurusSpecs | None = None) -> None:
        self.specs = specs or ThesaurusSpecs()
        self._by_pos: dict[str, Thesaurus | None] = {}  # filled as parts of speech are scored
        self._names: dict[str, str] | None = None  # of given thesauri (not from specs)

    @classmethod
    def single(cls, thes: Thesaurus) -> Thesauri:
        """``thes`` for every part of speech (a file thesaurus for a whole corpus)."""
        return cls.from_thesauri(dict.fromkeys(PARTS_OF_SPEECH, thes))

    @classmethod
    def from_thesauri(cls, loaded: Mapping[str, Thesaurus | None]) -> Thesauri:
        """Thesauri already loaded, ``{pos: thesaurus}`` (missing or ``None``: exact match)."""
        unknown = sorted(set(loaded) - set(PARTS_OF_SPEECH))
        if unknown:
            raise EvaluationError(f"unknown part of speech {unknown[0]!r} for a thesaurus")
        out = cls()
        out._by_pos = {pos: loaded.get(pos) for pos in PARTS_OF_SPEECH}
        out._names = {
            pos: "exact match" if thes is None else str(getattr(thes, "name", "given"))
            for pos, thes in out._by_pos.items()
        }
        return out

    @classmethod
    def from_specs(cls, specs: Mapping[str, str | None]) -> Thesauri:
        """From ``{pos: spec}`` (missing or ``None``: the WordNet default)."""
        given = {pos: spec for pos, spec in specs.items() if spec is not None}
        unknown = sorted(set(given) - set(PARTS_OF_SPEECH))
        if unknown:
            raise EvaluationError(f"unknown part of speech {unknown[0]!r} for a thesaurus")
        return cls(ThesaurusSpecs(**given))

    def of(self, pos: str | None) -> Thesaurus | None:
        """The thesaurus grading ``pos``, ``None`` for exact match."""
        part = pos or "verb"
        if part not in self._by_pos:
            spec = self.specs.spec(part)
            self._by_pos[part] = None if spec == NO_THESAURUS else thesaurus.load(spec)
        return self._by_pos[part]

    def of_key(self, key: str) -> Thesaurus | None:
        """The thesaurus of a sense key's part of speech."""
        return self.of(sense_key_pos(key))

    def sense_word(self, key: str) -> str | None:
        """The word owning ``key`` in its part of speech's thesaurus, or ``None``."""
        thes = self.of_key(key)
        return thes.sense_word(key) if thes is not None else None

    def described(self) -> dict[str, str]:
        """``{pos: thesaurus or "exact match"}`` for reports."""
        return dict(self._names) if self._names is not None else self.specs.described()

    @property
    def loaded(self) -> tuple[Thesaurus, ...]:
        """The thesauri used so far, each once (for the versions a result records)."""
        found = {id(t): t for t in self._by_pos.values() if t is not None}
        return tuple(found.values())


def as_thesauri(value: Thesauri | Thesaurus | object) -> Thesauri:
    """``value`` if it is :class:`Thesauri`, else one thesaurus for every part of speech."""
    if isinstance(value, Thesauri):
        return value
    return Thesauri.single(value)  # type: ignore[arg-type]


def thesaurus_hint(pos: str) -> str:
    """The advice of an unknown-keys warning on the command line: the option naming the
    thesaurus of the keys' part of speech (``verb`` for keys of another resource).

    >>> thesaurus_hint("noun")
    'score with the thesaurus the keys come from (--noun-thesaurus SPEC)'
    """
    return f"score with the thesaurus the keys come from (--{pos}-thesaurus SPEC)"


def unknown_keys_warning(
    gold: Sequence[Sequence[str]],
    answers: Iterable[Sequence[str]],
    verbs: Thesaurus,
    *,
    hint: str = thesaurus_hint("verb"),
) -> str | None:
    """A warning that ``verbs`` does not know some gold or answered keys (their credit is
    exact match), or ``None`` when it knows every key.

    >>> class Toy:
    ...     name = "toy"
    ...     def has_sense(self, key): return key.startswith("run%")
    >>> unknown_keys_warning([["使う.1"], ["run%1"]], [["使う.2"], ["run%2"]], Toy())[:46]
    'thesaurus toy does not know 1 of 2 gold keys a'
    """
    gold_keys = {k for keys in gold for k in keys}
    answer_keys = {k for keys in answers for k in keys}
    unknown_gold = sorted(k for k in gold_keys if not verbs.has_sense(k))
    unknown_answers = sorted(k for k in answer_keys if not verbs.has_sense(k))
    if not unknown_gold and not unknown_answers:
        return None
    unknown = set(unknown_gold)
    affected = sum(1 for keys in gold if unknown.intersection(keys))
    name = getattr(verbs, "name", "of the verbs")
    example = (unknown_gold or unknown_answers)[0]
    return (
        f"thesaurus {name} does not know {len(unknown_gold)} of {len(gold_keys)} gold keys and "
        f"{len(unknown_answers)} of {len(answer_keys)} answered keys (e.g. {example!r}): "
        f"graded credit involving them is exact match ({affected} of {len(gold)} instances "
        f"have an unknown gold key); {hint}"
    )


def unknown_keys_warnings(
    gold: Sequence[Sequence[str]],
    answers: Iterable[Sequence[str]],
    thesauri: Thesauri | Thesaurus,
    *,
    hint: Callable[[str], str] = thesaurus_hint,
) -> list[str]:
    """:func:`unknown_keys_warning` per part of speech with a thesaurus (none for exact match),
    each with the ``hint`` of its part of speech (keys of another resource: ``verb``'s)."""
    books = as_thesauri(thesauri)
    by_pos: dict[str, tuple[list[Sequence[str]], list[Sequence[str]]]] = {}
    for keys in gold:
        if keys:
            by_pos.setdefault(sense_key_pos(keys[0]) or "verb", ([], []))[0].append(keys)
    for given in answers:
        for key in given:
            by_pos.setdefault(sense_key_pos(key) or "verb", ([], []))[1].append((key,))
    notes = []
    for pos, (gold_of, answers_of) in by_pos.items():
        thes = books.of(pos)
        if thes is not None:
            note = unknown_keys_warning(gold_of, answers_of, thes, hint=hint(pos))
            notes += [note] if note is not None else []
    return notes
