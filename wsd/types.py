"""The records passed between layers: tokens, sentences, case frames, instances, predictions.

All are frozen, slotted dataclasses.  Corpus readers produce :class:`Sentence` and
:class:`Instance`; disambiguators consume instances and produce :class:`Prediction`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["CaseFrame", "Filler", "Instance", "Prediction", "Sentence", "Token"]


@dataclass(frozen=True, slots=True)
class Token:
    """One token as the corpus gives it.

    ``pos`` is the corpus's own tag (Penn tags in SemCor, universal tags such as ``VERB`` in
    Raganato XML).  ``senses`` holds sense keys (``lemma%lexsn``); empty when untagged.
    ``attrs`` keeps other attributes as sorted ``(name, value)`` pairs, e.g. ``("pn", "person")``.
    """

    form: str
    lemma: str | None = None
    pos: str = ""
    senses: tuple[str, ...] = ()
    attrs: tuple[tuple[str, str], ...] = ()

    def attr(self, name: str, default: str | None = None) -> str | None:
        for key, value in self.attrs:
            if key == name:
                return value
        return default


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence: ``id`` is unique in its corpus (SemCor: ``br-a01.s12``)."""

    id: str
    tokens: tuple[Token, ...]
    source: str = ""  # file the sentence came from


@dataclass(frozen=True, slots=True)
class Filler:
    """The head noun filling one case of a verb.

    ``lemma`` is the noun lemma (or a class name for a pronoun/name, e.g. ``person``);
    ``sense`` the corpus's sense key for it when tagged; ``cls`` the thesaurus class a
    pronoun or named entity was mapped to (``person``, ``group``, ``location``, ...).
    """

    lemma: str
    sense: str | None = None
    cls: str | None = None
    position: int = -1  # token index of the head in the sentence (-1: not from a sentence)


@dataclass(frozen=True, slots=True)
class CaseFrame:
    """A verb's case frame: case label -> filler, in surface order.

    Case labels are strings so any language plugs in: ``subj``, ``obj``, ``prep:with`` for
    English; ``が``, ``を``, ``に`` for Japanese.
    """

    cases: tuple[tuple[str, Filler], ...] = ()
    passive: bool = False

    def get(self, case: str) -> Filler | None:
        for label, filler in self.cases:
            if label == case:
                return filler
        return None

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(label for label, _ in self.cases)

    def __len__(self) -> int:
        return len(self.cases)


@dataclass(frozen=True, slots=True)
class Instance:
    """One occurrence of a target verb to disambiguate.

    ``gold`` holds the gold sense keys (several when the corpus gives several; empty for
    unannotated input).  ``position`` is the verb's token index in ``sentence``.
    ``context`` optionally carries a wider window (tokens of neighbouring sentences) with the
    target at ``context_index``; when empty, the sentence is the context.
    """

    id: str
    lemma: str
    gold: tuple[str, ...]
    sentence: Sentence
    position: int
    frame: CaseFrame | None = None
    context: tuple[Token, ...] = ()
    context_index: int = -1

    @property
    def token(self) -> Token:
        return self.sentence.tokens[self.position]

    def window(self) -> tuple[tuple[Token, ...], int]:
        """The widest context available and the target's index in it."""
        if self.context:
            return self.context, self.context_index
        return self.sentence.tokens, self.position


@dataclass(frozen=True, slots=True)
class Prediction:
    """A disambiguator's answer for one instance.

    ``ranking`` lists ``(sense_key, score)`` best first; empty means the method abstained.
    ``fallback`` names why a backup answer was used (``"mfs:no-filler"``,
    ``"first-sense:unknown-verb"``), ``None`` when the method decided by itself.
    """

    instance_id: str
    lemma: str
    ranking: tuple[tuple[str, float], ...]
    confidence: float = 0.0
    fallback: str | None = None
    details: tuple[tuple[str, float], ...] = field(default=())  # e.g. per-case contributions

    @property
    def sense(self) -> str | None:
        return self.ranking[0][0] if self.ranking else None

    def top(self, k: int) -> tuple[str, ...]:
        return tuple(sense for sense, _ in self.ranking[:k])
