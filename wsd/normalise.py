"""One normalisation of tokens for every corpus format:

* ``form``: the text, a multiword's spaces written ``_`` (``took_place``);
* ``pos``: a universal tag (:data:`UNIVERSAL_TAGS`; :func:`universal_tag` maps Penn and
  Universal Dependencies tags, an unknown tag is ``X``, punctuation ``.``);
* ``lemma``: for English, WordNet's morphy (:mod:`thesaurus.wordnet.morphy`) on the form of
  open-class words, the lower-cased form otherwise (the corpus's own lemmas are not used);
  other languages keep the corpus's lemma (the form when it gives none).

>>> tokens = normalise_tokens(["He", "saw", "geese"], ["PRP", "VBD", "NNS"])
>>> [(t.form, t.lemma, t.pos) for t in tokens]
[('He', 'he', 'PRON'), ('saw', 'see', 'VERB'), ('geese', 'goose', 'NOUN')]
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence

from wsd.types import Token

__all__ = [
    "OPEN_CLASS",
    "PENN_TO_UNIVERSAL",
    "UNIVERSAL_TAGS",
    "lemmatiser",
    "normalise_form",
    "normalise_token",
    "normalise_tokens",
    "universal_tag",
]

UNIVERSAL_TAGS = (
    "NOUN", "VERB", "ADJ", "ADV", "ADP", "CONJ", "DET", "NUM", "PRON", "PRT", ".", "X",
)  # fmt: skip
OPEN_CLASS = frozenset({"NOUN", "VERB", "ADJ", "ADV"})
_PUNCT_TAGS = ("``", "''", ",", ".", ":", "-LRB-", "-RRB-", "(", ")", "#", "$", "--", '"', "'")
PENN_TO_UNIVERSAL: Mapping[str, str] = {
    **dict.fromkeys(("NN", "NNS", "NNP", "NNPS", "NP", "NPS"), "NOUN"),
    **dict.fromkeys(("VB", "VBD", "VBG", "VBN", "VBP", "VBZ", "MD"), "VERB"),
    **dict.fromkeys(("JJ", "JJR", "JJS"), "ADJ"),
    **dict.fromkeys(("RB", "RBR", "RBS", "WRB"), "ADV"),
    **dict.fromkeys(("PRP", "PRP$", "WP", "WP$", "PR", "PP", "PP$"), "PRON"),
    **dict.fromkeys(("DT", "PDT", "WDT", "EX"), "DET"),
    "IN": "ADP",
    "CC": "CONJ",
    "CD": "NUM",
    **dict.fromkeys(("RP", "TO", "POS"), "PRT"),
    **dict.fromkeys(("FW", "UH", "LS", "SYM"), "X"),
    **dict.fromkeys(_PUNCT_TAGS, "."),
}
# Universal Dependencies' 17 tags onto the 12 of the benchmark files.
_UD_TO_UNIVERSAL: Mapping[str, str] = {
    "PROPN": "NOUN",
    "AUX": "VERB",
    "CCONJ": "CONJ",
    "SCONJ": "ADP",
    "PART": "PRT",
    "PUNCT": ".",
    "SYM": "X",
    "INTJ": "X",
}
_MORPHY_POS = {"NOUN": "n", "VERB": "v", "ADJ": "a", "ADV": "r"}
ENGLISH = "en"


@functools.lru_cache(maxsize=4096)
def universal_tag(tag: str) -> str:
    """The universal tag of a Penn, Universal Dependencies or universal tag (``NN|VB``: the
    first).

    >>> universal_tag("VBD"), universal_tag("PROPN"), universal_tag("``"), universal_tag("NN|VB")
    ('VERB', 'NOUN', '.', 'NOUN')
    """
    if tag in UNIVERSAL_TAGS:
        return tag
    first = tag.split("|", 1)[0]
    found = PENN_TO_UNIVERSAL.get(first) or _UD_TO_UNIVERSAL.get(first)
    if found is not None:
        return found
    if first and not any(ch.isalnum() for ch in first):
        return "."
    return "X"


def normalise_form(form: str) -> str:
    """A token's text with inner whitespace written ``_`` (``took place`` -> ``took_place``)."""
    return "_".join(form.split()) if any(ch.isspace() for ch in form) else form


def _english() -> Callable[[str, str], str]:
    from thesaurus.wordnet.morphy import wordnet_morphy

    morphy = wordnet_morphy()

    def lemma(form: str, upos: str) -> str:
        pos = _MORPHY_POS.get(upos)
        return morphy.lemma(form, pos) if pos is not None else form.lower()

    return lemma


@functools.cache
def lemmatiser(lang: str) -> Callable[[str, str], str] | None:
    """``(form, universal tag) -> lemma`` for ``lang``, or None when the toolkit has no
    lemmatiser for the language (the corpus's lemmas are kept)."""
    return _english() if lang == ENGLISH else None


@functools.lru_cache(maxsize=1 << 17)
def normalise_token(form: str, tag: str, lemma: str | None = None, lang: str = ENGLISH) -> Token:
    """The normalised token of one corpus token (module docstring); ``lemma`` is the corpus's
    own, used only for a language without a lemmatiser."""
    text = normalise_form(form)
    upos = universal_tag(tag)
    lemmatise = lemmatiser(lang)
    if lemmatise is not None:
        return Token(text, lemmatise(text, upos), upos)
    given = normalise_form(lemma) if lemma else text
    return Token(text, given.lower(), upos)


def normalise_tokens(
    forms: Sequence[str],
    tags: Sequence[str],
    lemmas: Sequence[str | None] | None = None,
    lang: str = ENGLISH,
) -> tuple[Token, ...]:
    """Normalised tokens of parallel lists of forms, tags and (optionally) corpus lemmas."""
    given = lemmas if lemmas is not None else [None] * len(forms)
    return tuple(normalise_token(f, t, g, lang) for f, t, g in zip(forms, tags, given, strict=True))
