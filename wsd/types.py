"""The records passed between layers: tokens, sentences, case frames, instances, predictions,
and the readings a person reads (a prediction in its sentence, with WordNet glosses).

All are frozen dataclasses.  Gold is kept apart from what a method reads: sense keys live in
:class:`Annotation` (read by the corpus loader only) and in an instance's ``gold`` and
``filler_gold``, removed before a method sees the instance (:meth:`Instance.without_gold`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = [
    "AnnotatedSentence",
    "Annotation",
    "CaseFrame",
    "Filler",
    "Instance",
    "Prediction",
    "RankedSense",
    "Reading",
    "Sentence",
    "Token",
]


@dataclass(frozen=True, slots=True)
class Token:
    """One token as every method sees it.

    Readers build it with :func:`wsd.normalise.normalise_token` (a lemma and a universal tag);
    hand-made tokens may leave the lemma empty or use Penn tags.

    Parameters
    ----------
    form : str
        The token as written in the text.
    lemma : str, default=""
        Its lemma (empty: not known).
    pos : str, default=""
        Its part-of-speech tag (universal, or Penn for hand-made tokens).
    """

    form: str
    lemma: str = ""
    pos: str = ""


@dataclass(frozen=True, slots=True)
class Annotation:
    """What a corpus annotates on one token beyond its text (read by the corpus loader only):
    its own ``lemma`` and ``tag``, the sense keys, and the other attributes as sorted
    ``(name, value)`` pairs (SemCor's ``cmd``, ``wnsn`` ...; a Raganato instance's ``id``)."""

    lemma: str | None = None
    tag: str = ""
    senses: tuple[str, ...] = ()
    attrs: tuple[tuple[str, str], ...] = ()

    def attr(self, name: str, default: str | None = None) -> str | None:
        for key, value in self.attrs:
            if key == name:
                return value
        return default


NO_ANNOTATION = Annotation()


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence of a corpus.

    Parameters
    ----------
    id : str
        The sentence's id, unique in its corpus.
    tokens : tuple of Token
        Its tokens in order.
    source : str, default=""
        The file the sentence came from (empty: not from a file).
    lang : str, default="en"
        The ISO 639-1 language of its tokens.
    """

    id: str
    tokens: tuple[Token, ...]
    source: str = ""  # file the sentence came from
    lang: str = "en"


@dataclass(frozen=True, slots=True)
class AnnotatedSentence:
    """A sentence and the corpus's annotation of each of its tokens (same length)."""

    sentence: Sentence
    annotations: tuple[Annotation, ...]

    def __post_init__(self) -> None:
        if len(self.annotations) != len(self.sentence.tokens):
            raise ValueError(
                f"sentence {self.sentence.id!r}: {len(self.sentence.tokens)} tokens but "
                f"{len(self.annotations)} annotations"
            )


@dataclass(frozen=True, slots=True)
class Filler:
    """The head noun filling one case of a verb, as read from the text (never from gold).

    Parameters
    ----------
    lemma : str
        The head's lemma (a class name for a pronoun or name).
    sense : str or None, default=None
        The noun sense key of the class a pronoun or named entity was mapped to.
    cls : str or None, default=None
        The class a pronoun or named entity was mapped to.
    position : int, default=-1
        The head's token index in the sentence (-1: not from a sentence).
    """

    lemma: str
    sense: str | None = None
    cls: str | None = None
    position: int = -1  # token index of the head in the sentence (-1: not from a sentence)


@dataclass(frozen=True, slots=True)
class CaseFrame:
    """A verb's case frame: case label (``subj``, ``prep:with``, ``が`` ...) -> filler.

    Parameters
    ----------
    cases : tuple of (str, Filler), default=()
        The case labels and their fillers, in surface order.
    passive : bool, default=False
        Whether the verb is passive.
    marks : tuple of (str, str), default=()
        The complements that are no noun, as ``(label, word)`` pairs (English: ``comp``,
        ``adv``, ``pron``; :func:`wsd.frames.english_rules.frame_marks`).
    """

    cases: tuple[tuple[str, Filler], ...] = ()
    passive: bool = False
    marks: tuple[tuple[str, str], ...] = ()

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

    Parameters
    ----------
    id : str
        The instance's id.
    lemma : str
        The verb's lemma.
    gold : tuple of str
        The gold sense keys (empty for unannotated input).
    sentence : Sentence
        The sentence the verb occurs in.
    position : int
        The verb's token index in ``sentence``.
    frame : CaseFrame or None, default=None
        The verb's case frame (None: not extracted).
    context : tuple of Token, default=()
        An optional wider window than the sentence (empty: the sentence is the window).
    context_index : int, default=-1
        The target's index in ``context``.
    filler_gold : tuple of str or None, default=()
        The gold noun sense of each case filler, aligned with ``frame.cases`` (None where
        untagged; empty when none is).
    """

    id: str
    lemma: str
    gold: tuple[str, ...]
    sentence: Sentence
    position: int
    frame: CaseFrame | None = None
    context: tuple[Token, ...] = ()
    context_index: int = -1
    filler_gold: tuple[str | None, ...] = ()

    @property
    def token(self) -> Token:
        return self.sentence.tokens[self.position]

    def window(self) -> tuple[tuple[Token, ...], int]:
        """The widest context available and the target's index in it."""
        if self.context:
            return self.context, self.context_index
        return self.sentence.tokens, self.position

    def without_gold(self, *, keep_filler_gold: bool = False) -> Instance:
        """This instance without gold senses (and without gold filler senses unless
        ``keep_filler_gold``); the instance itself when there is nothing to remove."""
        filler_gold = self.filler_gold if keep_filler_gold else ()
        if not self.gold and filler_gold == self.filler_gold:
            return self
        return Instance(
            self.id,
            self.lemma,
            (),
            self.sentence,
            self.position,
            self.frame,
            self.context,
            self.context_index,
            filler_gold,
        )


@dataclass(frozen=True, slots=True)
class Prediction:
    """A disambiguator's answer for one instance.

    Parameters
    ----------
    instance_id : str
        The id of the instance answered.
    lemma : str
        The verb's lemma.
    ranking : tuple of (str, float)
        ``(sense_key, score)`` pairs, best first (empty: the method abstained).
    confidence : float, default=0.0
        The method's confidence in its answer.
    fallback : str or None, default=None
        Why a backup answer was used (``"mfs:no-filler"``); None when the method decided by
        itself.
    details : tuple of (str, float), default=()
        Named figures behind the answer (e.g. per-case contributions).
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


@dataclass(frozen=True, slots=True)
class RankedSense:
    """One candidate sense of a :class:`Reading`.

    Parameters
    ----------
    key : str
        The sense key.
    score : float
        The method's score for it.
    gloss : str or None, default=None
        The synset's WordNet gloss (None for a file thesaurus's sense ids).
    """

    key: str
    score: float
    gloss: str | None = None


@dataclass(frozen=True, slots=True)
class Reading:
    """A :class:`Prediction` as a person reads it: the verb in its sentence and its senses.

    ``sense``, ``gloss``, ``confidence`` ... are those of the prediction.

    Parameters
    ----------
    prediction : Prediction
        The prediction read.
    sentence_id : str
        The id of the verb's sentence.
    text : str
        The sentence's token forms joined by spaces.
    position : int
        The verb's token index in the sentence.
    form : str
        The verb as written.
    senses : tuple of RankedSense, default=()
        The senses asked for, best first with their glosses (empty: the method abstained).
    """

    prediction: Prediction
    sentence_id: str
    text: str
    position: int
    form: str
    senses: tuple[RankedSense, ...] = ()

    @property
    def instance_id(self) -> str:
        return self.prediction.instance_id

    @property
    def lemma(self) -> str:
        return self.prediction.lemma

    @property
    def sense(self) -> str | None:
        return self.prediction.sense

    @property
    def gloss(self) -> str | None:
        """The gloss of the chosen sense (``None``: abstained, or no WordNet key)."""
        return self.senses[0].gloss if self.senses else None

    @property
    def confidence(self) -> float:
        return self.prediction.confidence

    @property
    def fallback(self) -> str | None:
        return self.prediction.fallback

    @property
    def alternatives(self) -> tuple[RankedSense, ...]:
        """The senses after the chosen one (``top_k - 1`` at most)."""
        return self.senses[1:]
